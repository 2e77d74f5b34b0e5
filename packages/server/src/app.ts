import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { SqliteDatabase } from "./db/sqlite.js";
import { ApiProblem } from "./errors.js";
import { jackpotMetricsText } from "./jackpots/routes.js";
import { Metrics, RateLimiter } from "./metrics.js";
import { adminRoutes } from "./routes-admin.js";
import { playerRoutes } from "./routes-player.js";
import type { GameServer } from "./service.js";

export interface AppOptions {
  logger?: boolean;
}

/** The server's counters as Prometheus gauges and counters. */
function gauges(server: GameServer) {
  const c = server.counters;
  const out: Record<string, { help: string; value: number; type?: "counter" | "gauge" }> = {
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
    out.reelhouse_sqlite_commits_total = {
      help: "SQLite commits (group commits)",
      value: server.db.stats.commits,
      type: "counter",
    };
    out.reelhouse_sqlite_transactions_total = {
      help: "Transactions in those commits",
      value: server.db.stats.transactions,
      type: "counter",
    };
  }
  return out;
}

/**
 * Builds the Fastify app over a {@link GameServer}: `/api/v1` routes, errors as
 * `{error:{code,message,details?}}`, rate limits, /healthz, /metrics, OpenAPI at /docs,
 * and the browser client's static build at `/` when its folder exists.
 */
export async function buildApp(server: GameServer, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024, trustProxy: false });
  const metrics = new Metrics();
  const limiter = new RateLimiter(server.config.rateLimitPerSecond);

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

  app.get("/healthz", { schema: { hide: true } }, async () => {
    await server.db.read((sql) => sql.one("SELECT 1 AS ok"));
    return { ok: true, mode: server.config.mode, database: server.db.dialect };
  });
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type("text/plain; version=0.0.4").send(metrics.render(gauges(server)) + (await jackpotMetricsText(server)));
  });

  playerRoutes(app, server);
  app.register(async (scope) => adminRoutes(scope, server), { prefix: "/api/v1/admin" });

  // --- Browser client -------------------------------------------------------------------
  const staticDir = server.config.staticDir ? resolve(server.config.staticDir) : null;
  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, { root: staticDir, prefix: "/", wildcard: true, index: ["index.html"] });
  }
  return app;
}
