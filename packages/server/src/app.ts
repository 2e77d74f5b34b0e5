import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { Admin } from "./admin.js";
import { SqliteDatabase } from "./db/sqlite.js";
import { ApiProblem } from "./errors.js";
import { Metrics, RateLimiter } from "./metrics.js";
import type { Caller, GameServer } from "./service.js";

export interface AppOptions {
  logger?: boolean;
}

const anyObject = { type: "object", additionalProperties: true } as const;
const errorSchema = {
  type: "object",
  properties: {
    error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" }, details: anyObject } },
  },
} as const;

/** Route documentation for the OpenAPI description (validation is done by the server code). */
function doc(summary: string, tags: string[], extra: Record<string, unknown> = {}) {
  return { schema: { summary, tags, response: { "4xx": errorSchema }, ...extra } };
}

const bearer = [{ bearer: [] as string[] }];
const adminAuth = [{ adminKey: [] as string[] }];

/**
 * Builds the Fastify app over a {@link GameServer}: `/api/v1` routes, errors as
 * `{error:{code,message,details?}}`, rate limits, /healthz, /metrics, OpenAPI at /docs,
 * and the browser client's static build at `/` when its folder exists.
 */
export async function buildApp(server: GameServer, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024, trustProxy: false });
  const metrics = new Metrics();
  const limiter = new RateLimiter(server.config.rateLimitPerSecond);
  const admin = new Admin(server);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Reelhouse game server",
        version: "1.0.0",
        description: "Amounts are integers in currency minor units (EUR cents).",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          adminKey: { type: "apiKey", in: "header", name: "x-admin-key" },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });

  app.setErrorHandler((error: unknown, _request, reply) => {
    if (error instanceof ApiProblem) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(e.statusCode).send({
        error: {
          code: e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? "BAD_CONTENT_TYPE" : "BAD_REQUEST",
          message: e.message ?? "bad request",
        },
      });
    }
    app.log.error(error);
    return reply.status(500).send({
      error: {
        code: "INTERNAL",
        message: "internal error; nothing was answered for this request, retry with the same requestId",
      },
    });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: "NOT_FOUND", message: `no route ${request.method} ${request.url.split("?")[0]}` } });
  });

  // Callback-style hooks: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    (request as FastifyRequest & { startedAt: number }).startedAt = performance.now();
    if (!request.url.startsWith("/api/")) return done();
    const key = request.headers.authorization ?? request.ip;
    const wait = limiter.take(key);
    if (wait > 0) {
      reply.header("retry-after", Math.ceil(wait / 1000));
      return done(new ApiProblem(429, "RATE_LIMITED", "too many requests; slow down", { retryAfterMs: wait }));
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const started = (request as FastifyRequest & { startedAt?: number }).startedAt;
    const ms = started === undefined ? 0 : performance.now() - started;
    metrics.observe(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, ms);
    done();
  });

  const auth = (request: FastifyRequest): Promise<Caller> => server.authenticate(request.headers.authorization);
  const adminGuard = (request: FastifyRequest) => {
    const key = server.config.adminKey;
    if (!key) throw new ApiProblem(403, "ADMIN_DISABLED", "the admin API is disabled (set REELHOUSE_ADMIN_KEY)");
    if (request.headers["x-admin-key"] !== key)
      throw new ApiProblem(401, "BAD_ADMIN_KEY", "send the operator key in the x-admin-key header");
  };
  /** Sends a stored answer; its JSON (the idempotency record's bytes) is sent as is, not serialised again. */
  const send = (reply: FastifyReply, stored: { status: number; body: unknown; json?: string }) =>
    stored.json === undefined
      ? reply.status(stored.status).send(stored.body)
      : reply.status(stored.status).type("application/json; charset=utf-8").send(stored.json);

  app.get("/healthz", { schema: { hide: true } }, async () => {
    await server.db.read((sql) => sql.one("SELECT 1 AS ok"));
    return { ok: true, mode: server.config.mode, database: server.db.dialect };
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    const c = server.counters;
    const gauges: Record<string, { help: string; value: number; type?: "counter" | "gauge" }> = {
      reelhouse_rounds_started_total: { help: "Rounds started", value: c.rounds, type: "counter" },
      reelhouse_steps_total: { help: "Steps committed", value: c.steps, type: "counter" },
      reelhouse_idempotent_replays_total: {
        help: "Retries answered from the idempotency store",
        value: c.retries,
        type: "counter",
      },
      reelhouse_bets_minor_total: { help: "Bets placed, minor units", value: c.betAmount, type: "counter" },
      reelhouse_wins_minor_total: { help: "Wins settled, minor units", value: c.winAmount, type: "counter" },
    };
    if (server.db instanceof SqliteDatabase) {
      gauges.reelhouse_sqlite_commits_total = {
        help: "SQLite commits (group commits)",
        value: server.db.stats.commits,
        type: "counter",
      };
      gauges.reelhouse_sqlite_transactions_total = {
        help: "Transactions in those commits",
        value: server.db.stats.transactions,
        type: "counter",
      };
    }
    reply.type("text/plain; version=0.0.4").send(metrics.render(gauges));
  });

  // --- Player API -----------------------------------------------------------------
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
    async (request) => server.game(request.params.gameId).describe(),
  );
  app.post<{ Params: { gameId: string } }>(
    "/api/v1/games/:gameId/rounds",
    doc("Start a round: {bet, requestId, autoplayId?, grantId?, force?}", ["rounds"], { body: anyObject, security: bearer }),
    async (request, reply) => send(reply, await server.startRound(await auth(request), request.params.gameId, request.body)),
  );
  app.post<{ Params: { roundId: string } }>(
    "/api/v1/rounds/:roundId/actions",
    doc("Act in an open round: {action, requestId, force?}", ["rounds"], { body: anyObject, security: bearer }),
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
  app.get(
    "/api/v1/bonus-grants",
    doc("Bonus-spin grants the player can still play", ["rounds"], { security: bearer }),
    async (request) => ({
      grants: await server.grants(await auth(request)),
    }),
  );
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

  // --- Admin API --------------------------------------------------------------------
  const adminDoc = (summary: string, extra: Record<string, unknown> = {}) =>
    doc(summary, ["admin"], { security: adminAuth, ...extra });
  app.register(
    async (scope) => {
      scope.addHook("onRequest", async (request) => adminGuard(request));
      scope.post(
        "/players",
        adminDoc("Create a player {name, jurisdiction?, externalId?}", { body: anyObject }),
        async (request, reply) => reply.status(201).send(await admin.createPlayer(request.body)),
      );
      scope.get<{ Params: { id: string } }>("/players/:id", adminDoc("A player and balance"), async (request) =>
        admin.getPlayer(request.params.id),
      );
      scope.post<{ Params: { id: string } }>(
        "/players/:id/launch-tokens",
        adminDoc("Create a launch token {ttlSeconds?}"),
        async (request, reply) => reply.status(201).send(await admin.createLaunchToken(request.params.id, request.body)),
      );
      scope.post<{ Params: { id: string } }>(
        "/players/:id/adjustments",
        adminDoc("Credit (+) or debit (-) {amount, reason}", { body: anyObject }),
        async (request, reply) => reply.status(201).send(await admin.adjust(request.params.id, request.body)),
      );
      scope.post<{ Params: { id: string } }>(
        "/players/:id/bonus-grants",
        adminDoc("Grant bonus spins {gameId, bet, spins}", { body: anyObject }),
        async (request, reply) => reply.status(201).send(await admin.grantBonusSpins(request.params.id, request.body)),
      );
      scope.post<{ Params: { id: string } }>(
        "/rounds/:id/cancel",
        adminDoc("Cancel an unfinished round {reason?}"),
        async (request) => admin.cancelRound(request.params.id, request.body),
      );
      scope.get<{ Params: { id: string } }>("/rounds/:id", adminDoc("A round with every step"), async (request) =>
        server.roundDetail(null, request.params.id),
      );
      scope.get("/reconciliation", adminDoc("Σ bets, wins, adjustments and the zero-sum check (?from&to)"), async (request) =>
        admin.reconciliation(request.query as Record<string, unknown>),
      );
      scope.get("/config", adminDoc("Games and jurisdiction profiles"), async () => admin.config());
      scope.put<{ Params: { id: string } }>(
        "/config/jurisdictions/:id",
        adminDoc("Change a jurisdiction profile", { body: anyObject }),
        async (request) => admin.setJurisdiction(request.params.id, request.body),
      );
      scope.put<{ Params: { id: string } }>(
        "/config/games/:id",
        adminDoc("Enable or disable a game {enabled}", { body: anyObject }),
        async (request) => admin.setGameEnabled(request.params.id, request.body),
      );
    },
    { prefix: "/api/v1/admin" },
  );

  // --- Browser client -------------------------------------------------------------------
  const staticDir = server.config.staticDir ? resolve(server.config.staticDir) : null;
  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, { root: staticDir, prefix: "/", wildcard: true, index: ["index.html"] });
  }
  return app;
}
