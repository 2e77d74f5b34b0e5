/** The player API under `/api/v1`: sessions, games, rounds, history, grants, autoplay, preferences, the event stream. */
import type { SessionResponse } from "@reelhouse/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiProblem } from "./errors.js";
import type { EventHub } from "./events/hub.js";
import { eventRoutes } from "./events/routes.js";
import { GambleCards } from "./gamble-cards.js";
import type { Guard } from "./guard.js";
import type { HistoryQuery } from "./history.js";
import { anyObject, bearer, doc, send } from "./routes-doc.js";
import type { Caller, GameServer } from "./service.js";

/** Marks a route as authenticating its caller itself (the anonymous per-address limit does not apply). */
const player = { config: { auth: "player" } } as const;

export function playerRoutes(app: FastifyInstance, server: GameServer, guard: Guard, hub?: EventHub): void {
  /**
   * The verified caller: failures are charged to the address (once it spent them, a token
   * this node does not know is refused before any lookup), successes to the player's bucket.
   * The session's last-seen time is written later (`settleTouch`, or the request's own
   * transaction): a request refused by a rate limit does not keep a session alive.
   */
  const verify = async (request: FastifyRequest, reply: FastifyReply | null): Promise<Caller> => {
    if (!server.sessions.isCached(request.headers.authorization)) guard.beforeCredentials(request, reply);
    let caller: Caller;
    try {
      caller = await server.authenticate(request.headers.authorization, true);
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) guard.failedCredentials(request);
      throw error;
    }
    guard.player(caller.player.id, reply);
    return caller;
  };
  /** A reading request: verified, limited (`limit`: a further check, e.g. the history budget), then seen. */
  const auth = async (request: FastifyRequest, reply?: FastifyReply, limit?: (caller: Caller) => void): Promise<Caller> => {
    const caller = await verify(request, reply ?? null);
    limit?.(caller);
    await server.settleTouch(caller);
    return caller;
  };
  /** A mutating request: the session's last-seen time goes into its own transaction (or after, when refused). */
  const mutate = async <T>(request: FastifyRequest, reply: FastifyReply, run: (caller: Caller) => Promise<T>): Promise<T> => {
    const caller = await verify(request, reply);
    try {
      return await run(caller);
    } finally {
      await server.settleTouch(caller);
    }
  };

  app.post(
    "/api/v1/sessions",
    doc("Start a session: {demo:true} or {launchToken}", ["sessions"], { body: anyObject }),
    async (request, reply) => reply.status(201).send(await server.createSession(request.body)),
  );
  app.get(
    "/api/v1/session",
    { ...doc("The current session's player, balance and jurisdiction", ["sessions"], { security: bearer }), ...player },
    async (request, reply) => {
      const caller = await auth(request, reply);
      const { idleTimeoutMs, reconnectLockoutMs, ...jurisdiction } = caller.profile;
      const wallet = await server.wallet(caller);
      const session: SessionResponse = {
        player: {
          id: caller.player.id,
          name: caller.player.name,
          currency: caller.player.currency,
          demo: caller.player.demo === 1,
        },
        balance: wallet.cash,
        units: { ...wallet.units },
        currency: caller.player.currency,
        jurisdiction,
        idleTimeoutMs,
        reconnectLockoutMs,
      };
      return session;
    },
  );
  app.get("/api/v1/games", doc("Games on offer", ["games"]), async () => ({ games: server.listGames() }));
  app.get<{ Params: { gameId: string } }>(
    "/api/v1/games/:gameId",
    doc("What a client needs to show a game", ["games"]),
    async (request) => server.describe(request.params.gameId),
  );
  app.post<{ Params: { gameId: string } }>(
    "/api/v1/games/:gameId/rounds",
    {
      ...doc("Start a round: {bet, requestId, autoplayId?, grantId?, force?}", ["rounds"], { body: anyObject, security: bearer }),
      ...player,
    },
    async (request, reply) =>
      send(reply, await mutate(request, reply, (caller) => server.startRound(caller, request.params.gameId, request.body))),
  );
  app.post<{ Params: { roundId: string } }>(
    "/api/v1/rounds/:roundId/actions",
    {
      ...doc("Act in an open round: {action, step, requestId, force?}", ["rounds"], { body: anyObject, security: bearer }),
      ...player,
    },
    async (request, reply) =>
      send(reply, await mutate(request, reply, (caller) => server.act(caller, request.params.roundId, request.body))),
  );
  app.get(
    "/api/v1/rounds/open",
    { ...doc("Unfinished rounds to resume", ["rounds"], { security: bearer }), ...player },
    async (request, reply) => ({ rounds: await server.openRounds(await auth(request, reply)) }),
  );
  app.get(
    "/api/v1/history",
    { ...doc("Rounds and transactions (?from&to&limit)", ["history"], { security: bearer }), ...player },
    async (request, reply) => {
      // A malformed query is refused before it spends the history budget.
      let query: HistoryQuery | undefined;
      const caller = await auth(request, reply, (c) => {
        query = server.historyQuery(request.query as Record<string, unknown>);
        guard.historyPage(c.player.id, reply);
      });
      return server.history(caller, query as HistoryQuery);
    },
  );
  app.get<{ Params: { roundId: string } }>(
    "/api/v1/history/:roundId",
    { ...doc("Every step and event of a round", ["history"], { security: bearer }), ...player },
    async (request, reply) => {
      const {
        playerId: _p,
        settled: _s,
        paid: _d,
        ...detail
      } = await server.roundDetail(await auth(request, reply), request.params.roundId);
      return detail;
    },
  );
  const grants = async (request: FastifyRequest, reply: FastifyReply) => ({
    grants: await server.grants(await auth(request, reply)),
  });
  app.get(
    "/api/v1/grants",
    { ...doc("Operator free rounds (Bonus Spin Mode) the player can still play", ["rounds"], { security: bearer }), ...player },
    grants,
  );
  // The earlier name of the same list.
  app.get("/api/v1/bonus-grants", { ...doc("Same as /grants", ["rounds"], { security: bearer }), ...player }, grants);
  app.post(
    "/api/v1/autoplay",
    { ...doc("Start a server-enforced autoplay", ["autoplay"], { body: anyObject, security: bearer }), ...player },
    async (request, reply) => send(reply, await mutate(request, reply, (caller) => server.createAutoplay(caller, request.body))),
  );
  app.get<{ Params: { id: string } }>(
    "/api/v1/autoplay/:id",
    { ...doc("An autoplay's state", ["autoplay"], { security: bearer }), ...player },
    async (request, reply) => server.getAutoplay(await auth(request, reply), request.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/v1/autoplay/:id",
    { ...doc("Stop an autoplay", ["autoplay"], { security: bearer }), ...player },
    async (request, reply) => server.stopAutoplay(await auth(request, reply), request.params.id),
  );
  app.get<{ Params: { gameId: string } }>(
    "/api/v1/preferences/:gameId",
    { ...doc("The player's preferences for a game", ["preferences"], { security: bearer }), ...player },
    async (request, reply) => server.preferences.get(await auth(request, reply), request.params.gameId),
  );
  app.put<{ Params: { gameId: string } }>(
    "/api/v1/preferences/:gameId",
    {
      ...doc("Replace the player's preferences for a game: {preferences}", ["preferences"], {
        body: anyObject,
        security: bearer,
      }),
      ...player,
    },
    async (request, reply) => server.preferences.put(await auth(request, reply), request.params.gameId, request.body),
  );
  const cards = new GambleCards(server.db, server.games);
  app.get<{ Params: { gameId: string } }>(
    "/api/v1/gamble-cards/:gameId",
    {
      ...doc("The double-up cards of the current session in a game, latest first (?limit=5, 1..20)", ["history"], {
        security: bearer,
      }),
      ...player,
    },
    async (request, reply) => {
      let limit = 0;
      const caller = await auth(request, reply, () => {
        limit = cards.limit(request.query);
      });
      return cards.recent(caller, request.params.gameId, limit);
    },
  );
  if (hub) eventRoutes(app, server, hub, auth);
}
