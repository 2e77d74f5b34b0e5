/**
 * The push channel's routes (docs/jackpots.md §7):
 *
 * - `GET /api/v1/events`: a Server-Sent Events stream (`text/event-stream`), authenticated by
 *   the session's bearer token in the `Authorization` header. Browsers read it with `fetch`
 *   and a stream reader (EventSource cannot send headers, and a session token must never
 *   ride in a URL, where logs and proxies keep it). `Last-Event-ID` (a win number) replays
 *   the wins missed since. No query parameters.
 * - `PUT /api/v1/events/view {streamId, gameId, bet}`: what that stream's screen shows (the
 *   bet is checked by the game like a round's; unknown fields refused); 204.
 */

import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiProblem, badRequest } from "../errors.js";
import { allowOnly, bodyOf, checkQuery, isCleanString, parsedWhole } from "../input.js";
import { scopeOf } from "../jackpots/accounts.js";
import { anyObject, bearer, doc } from "../routes-doc.js";
import type { Caller, GameServer } from "../service.js";
import type { EventHub } from "./hub.js";

/** The JSON of a viewed bet travels in a NOTIFY to the process holding the stream: kept small. */
const MAX_BET_JSON = 1000;
const STREAM_ID = /^[0-9a-f]{8}\.[0-9a-f]{16}$/;

/** `Last-Event-ID`: absent, or a win number (a non-negative integer). */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  if (header === undefined || header === "") return null;
  if (typeof header !== "string" || !/^\d{1,15}$/.test(header))
    throw badRequest("BAD_LAST_EVENT_ID", "Last-Event-ID must be the id of an event of this stream (a number)");
  return Number(header);
}

export function eventRoutes(
  app: FastifyInstance,
  server: GameServer,
  hub: EventHub,
  auth: (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>,
): void {
  const player = { config: { auth: "player" as const } };
  app.get(
    "/api/v1/events",
    {
      ...doc("Live jackpot events (Server-Sent Events): pool values, wins; Last-Event-ID replays missed wins", ["events"], {
        security: bearer,
      }),
      ...player,
      // A HEAD would hold a stream open with nothing to send.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const caller = await auth(request, reply);
      checkQuery(request.query, []);
      const lastEventId = lastEventIdOf(request.headers["last-event-id"]);
      const session = createHash("sha256")
        .update(request.headers.authorization ?? "")
        .digest("hex");
      hub.admit(session, caller.player.id);
      reply.hijack();
      const raw = reply.raw;
      const socket = request.raw.socket;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
      // Tells EventSource-style clients how long to wait before reconnecting.
      raw.write("retry: 2000\n\n");
      const id = hub.open(
        {
          playerId: caller.player.id,
          session,
          currency: caller.player.currency,
          scope: scopeOf(caller.player.demo === 1),
          sink: {
            write: (chunk) => {
              if (!raw.destroyed) raw.write(chunk);
            },
            get buffered() {
              return raw.writableLength;
            },
            // The server ends the stream (shutdown, a client not reading): the socket goes with it
            // (a stream's connection is never reused for a request).
            end: () => raw.end(() => socket.destroy()),
          },
        },
        lastEventId,
      );
      // The client went away: the stream's socket is never reused for a request, so it goes too.
      raw.once("close", () => {
        hub.remove(id);
        socket.destroy();
      });
    },
  );

  app.put(
    "/api/v1/events/view",
    {
      ...doc("What an event stream's screen shows: {streamId, gameId, bet} (gameId null: nothing)", ["events"], {
        body: anyObject,
        security: bearer,
      }),
      ...player,
    },
    async (request, reply) => {
      const caller = await auth(request, reply);
      const body = bodyOf(request.body);
      allowOnly(body, ["streamId", "gameId", "bet"]);
      const { streamId, gameId, bet } = body;
      if (typeof streamId !== "string" || !STREAM_ID.test(streamId))
        throw badRequest("BAD_STREAM_ID", "streamId is the id the stream's ready event named");
      if (gameId === null) {
        if (bet !== undefined) throw badRequest("BAD_VIEW", "no bet without a game");
        await hub.setView(streamId, caller.player.id, null);
        return reply.status(204).send();
      }
      if (typeof gameId !== "string" || !isCleanString(gameId, 100))
        throw badRequest("BAD_GAME_ID", "gameId is a game's id, or null");
      const game = server.game(gameId);
      if (bet === undefined) throw badRequest("BAD_BET", "bet is required with a game");
      if (JSON.stringify(bet).length > MAX_BET_JSON)
        throw badRequest("BAD_BET", `the bet is larger than ${MAX_BET_JSON} characters of JSON`);
      const parsed = parsedWhole("bet", bet, () => game.parseBet(bet));
      if (!game.jackpots?.length && !game.jackpotCards)
        throw new ApiProblem(400, "NO_JACKPOTS", `game '${gameId}' has no jackpot to show`);
      await hub.setView(streamId, caller.player.id, { gameId, bet: parsed });
      return reply.status(204).send();
    },
  );
}
