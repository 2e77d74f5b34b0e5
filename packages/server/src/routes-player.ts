/** The player API under `/api/v1`: sessions, games, rounds, history, grants, autoplay, preferences. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { anyObject, bearer, doc, send } from "./routes-doc.js";
import type { Caller, GameServer } from "./service.js";

export function playerRoutes(app: FastifyInstance, server: GameServer): void {
  const auth = (request: FastifyRequest): Promise<Caller> => server.authenticate(request.headers.authorization);

  app.post(
    "/api/v1/sessions",
    doc("Start a session: {demo:true} or {launchToken}", ["sessions"], { body: anyObject }),
    async (request, reply) => reply.status(201).send(await server.createSession(request.body)),
  );
  app.get(
    "/api/v1/session",
    doc("The current session's player, balance and jurisdiction", ["sessions"], { security: bearer }),
    async (request) => {
      const caller = await auth(request);
      const { idleTimeoutMs, reconnectLockoutMs, ...jurisdiction } = caller.profile;
      return {
        player: {
          id: caller.player.id,
          name: caller.player.name,
          currency: caller.player.currency,
          demo: caller.player.demo === 1,
        },
        balance: await server.balance(caller),
        currency: caller.player.currency,
        jurisdiction,
        idleTimeoutMs,
        reconnectLockoutMs,
      };
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
    doc("Start a round: {bet, requestId, autoplayId?, grantId?, force?}", ["rounds"], { body: anyObject, security: bearer }),
    async (request, reply) => send(reply, await server.startRound(await auth(request), request.params.gameId, request.body)),
  );
  app.post<{ Params: { roundId: string } }>(
    "/api/v1/rounds/:roundId/actions",
    doc("Act in an open round: {action, step, requestId, force?}", ["rounds"], { body: anyObject, security: bearer }),
    async (request, reply) => send(reply, await server.act(await auth(request), request.params.roundId, request.body)),
  );
  app.get("/api/v1/rounds/open", doc("Unfinished rounds to resume", ["rounds"], { security: bearer }), async (request) => ({
    rounds: await server.openRounds(await auth(request)),
  }));
  app.get(
    "/api/v1/history",
    doc("Rounds and transactions (?from&to&limit)", ["history"], { security: bearer }),
    async (request) => server.history(await auth(request), request.query as Record<string, unknown>),
  );
  app.get<{ Params: { roundId: string } }>(
    "/api/v1/history/:roundId",
    doc("Every step and event of a round", ["history"], { security: bearer }),
    async (request) => {
      const {
        playerId: _p,
        settled: _s,
        paid: _d,
        ...detail
      } = await server.roundDetail(await auth(request), request.params.roundId);
      return detail;
    },
  );
  const grants = async (request: FastifyRequest) => ({ grants: await server.grants(await auth(request)) });
  app.get(
    "/api/v1/grants",
    doc("Operator free rounds (Bonus Spin Mode) the player can still play", ["rounds"], { security: bearer }),
    grants,
  );
  // The earlier name of the same list.
  app.get("/api/v1/bonus-grants", doc("Same as /grants", ["rounds"], { security: bearer }), grants);
  app.post(
    "/api/v1/autoplay",
    doc("Start a server-enforced autoplay", ["autoplay"], { body: anyObject, security: bearer }),
    async (request, reply) => send(reply, await server.createAutoplay(await auth(request), request.body)),
  );
  app.get<{ Params: { id: string } }>(
    "/api/v1/autoplay/:id",
    doc("An autoplay's state", ["autoplay"], { security: bearer }),
    async (request) => server.getAutoplay(await auth(request), request.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/v1/autoplay/:id",
    doc("Stop an autoplay", ["autoplay"], { security: bearer }),
    async (request) => server.stopAutoplay(await auth(request), request.params.id),
  );
  app.get<{ Params: { gameId: string } }>(
    "/api/v1/preferences/:gameId",
    doc("The player's preferences for a game", ["preferences"], { security: bearer }),
    async (request) => server.preferences.get(await auth(request), request.params.gameId),
  );
  app.put<{ Params: { gameId: string } }>(
    "/api/v1/preferences/:gameId",
    doc("Replace the player's preferences for a game: {preferences}", ["preferences"], { body: anyObject, security: bearer }),
    async (request) => server.preferences.put(await auth(request), request.params.gameId, request.body),
  );
}
