import { existsSync } from "node:fs";
import type { Socket } from "node:net";
import { resolve } from "node:path";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { SqliteDatabase } from "./db/sqlite.js";
import { ApiProblem } from "./errors.js";
import { DEFAULT_HUB_OPTIONS, EventHub } from "./events/hub.js";
import { addressKey, Guard } from "./guard.js";
import { checkParams, checkQuery } from "./input.js";
import { jackpotMetricsText } from "./jackpots/routes.js";
import { Metrics } from "./metrics.js";
import { adminRoutes } from "./routes-admin.js";
import { playerRoutes } from "./routes-player.js";
import type { GameServer } from "./service.js";
import { clientFiles, serveClientFiles } from "./static-files.js";

/**
 * What an app serves: everything (`all`: one listener; the admin API, /metrics and /docs
 * need the admin key), the public part only (`public`: the player API, /healthz and the
 * client), or the operator's part only (`admin`: the admin API with its key, /metrics and
 * /docs, on a separate listener the operator keeps private).
 */
export type AppRole = "all" | "public" | "admin";

export interface AppOptions {
  logger?: boolean;
  role?: AppRole;
  /** The push channel's timings and limits (tests shorten them). */
  events?: Partial<import("./events/hub.js").HubOptions>;
}

/** The server's counters as Prometheus gauges and counters. */
function gauges(server: GameServer, hub: EventHub | null) {
  const c = server.counters;
  const out: Record<string, { help: string; value: number; type?: "counter" | "gauge" }> = {
    reelhouse_rounds_started_total: { help: "Rounds started", value: c.rounds, type: "counter" },
    reelhouse_steps_total: { help: "Steps committed", value: c.steps, type: "counter" },
    reelhouse_idempotent_replays_total: {
      help: "Retries answered from the idempotency store",
      value: c.retries,
      type: "counter",
    },
    reelhouse_bets_minor_total: {
      help: "Bets placed, minor units (real money; demo play not counted)",
      value: c.betAmount,
      type: "counter",
    },
    reelhouse_wins_minor_total: {
      help: "Wins settled, minor units (real money; demo play not counted)",
      value: c.winAmount,
      type: "counter",
    },
  };
  if (hub) out.reelhouse_event_streams = { help: "Open jackpot event streams (push channel)", value: hub.size, type: "gauge" };
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
 * The Content-Security-Policy of every answer: the browser client loads its own scripts,
 * styles and data: images only, talks to its own origin only, and may not be framed.
 * (Style attributes are allowed: the client's paytable sets CSS variables inline.)
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};
const HSTS = "max-age=31536000; includeSubDomains";

/** Security headers on every answer; `no-store` on everything but the client's files; HSTS over TLS. */
function securityHeaders(request: FastifyRequest, reply: FastifyReply, hsts: boolean, staticFiles: boolean): void {
  reply.headers(SECURITY_HEADERS);
  if (!staticFiles || request.url.startsWith("/api/") || request.url === "/metrics" || request.url === "/healthz")
    reply.header("cache-control", "no-store");
  if (hsts && request.protocol === "https") reply.header("strict-transport-security", HSTS);
}

/** Fastify's own error codes as the API's. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "BAD_CONTENT_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_BODY",
  FST_ERR_CTP_INVALID_JSON_BODY: "BAD_JSON",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_BODY",
  FST_ERR_BAD_URL: "BAD_PATH",
  FST_ERR_MAX_PARAM_LENGTH: "PATH_TOO_LONG",
  FST_ERR_VALIDATION: "BAD_BODY",
};

/** The documented error body: `{error: {code, message, details?}}`. */
export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

/** The HTTP status line's text. */
const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (malformed request line
 * or headers, headers too large, a request not received in time): answered in the API's
 * format, then the connection is closed.
 */
function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "REQUEST_TIMEOUT", "the request was not received in time"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "HEADERS_TOO_LARGE", "the request headers are too large"]
        : [400, "BAD_HTTP", "the request is not valid HTTP/1.1"];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Builds the Fastify app over a {@link GameServer}: `/api/v1` routes, errors as
 * `{error:{code,message,details?}}` (Fastify's and Node's own included), input bounds,
 * rate limits, request and connection limits, security headers, /healthz, /metrics and
 * OpenAPI at /docs (admin key outside dev mode), and the browser client's static build at
 * `/` when its folder exists.
 */
export async function buildApp(server: GameServer, options: AppOptions = {}): Promise<FastifyInstance> {
  const config = server.config;
  const role = options.role ?? "all";
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 100 },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Node checks request and header timeouts this often (its default, 30 s, would let a slow
    // request live up to 30 s past its deadline).
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(config.requestTimeoutMs / 4))),
    },
    clientErrorHandler: clientError,
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as FastifyReply;
      securityHeaders(request as FastifyRequest, reply, config.hsts, false);
      const e = error as { code?: string; statusCode?: number; message?: string };
      const code = FRAMEWORK_CODES[e.code ?? ""] ?? "BAD_REQUEST";
      const message =
        code === "PATH_TOO_LONG"
          ? "a path parameter is longer than 100 characters"
          : code === "BAD_PATH"
            ? "the path is not valid percent-encoded UTF-8"
            : "bad request";
      void reply.status(e.statusCode ?? 400).send(errorBody(code, message));
    },
  });
  // Connection limits: at most `maxConnections` open sockets (further ones are closed at
  // once, before they cost a descriptor for long), and at most `maxConnectionsPerAddress`
  // from one client address. Idle keep-alive sockets close after keepAliveTimeout.
  app.server.maxConnections = config.maxConnections;
  if (config.maxConnectionsPerAddress > 0) {
    const open = new Map<string, number>();
    app.server.on("connection", (socket: Socket) => {
      const key = addressKey(socket.remoteAddress ?? "");
      const n = (open.get(key) ?? 0) + 1;
      if (n > config.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(key, n);
      socket.once("close", () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left <= 0) open.delete(key);
        else open.set(key, left);
      });
    });
  }
  // The API speaks JSON only: any other body is 415 BAD_CONTENT_TYPE.
  app.removeContentTypeParser("text/plain");
  const metrics = new Metrics();
  const guard = new Guard(config);
  const staticDir = role !== "admin" && config.staticDir ? resolve(config.staticDir) : null;
  // Only the files the client's build listed (static-files.ts); none when it listed none.
  const staticFiles = staticDir !== null && existsSync(staticDir) ? clientFiles(staticDir) : null;
  const serveStatic = staticFiles !== null;
  // /metrics and /docs: open on the admin listener and in dev mode; elsewhere the admin key.
  const operatorOnly = role === "all" && config.mode !== "dev";
  const withAdmin = role !== "public";

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiProblem) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
      const code = FRAMEWORK_CODES[e.code ?? ""] ?? "BAD_REQUEST";
      return reply.status(e.statusCode).send(errorBody(code, code === "BAD_REQUEST" ? "bad request" : (e.message ?? code)));
    }
    request.log.error(error);
    return reply
      .status(500)
      .send(errorBody("INTERNAL", "internal error; nothing was answered for this request, retry with the same requestId"));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}`));
  });

  // Callback-style hooks: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    (request as FastifyRequest & { startedAt: number }).startedAt = performance.now();
    securityHeaders(request, reply, config.hsts, serveStatic);
    if (!request.url.startsWith("/api/")) return done();
    // Anonymous requests take from their address's bucket; credentials are limited where they are checked.
    const auth = request.routeOptions.config?.auth;
    if (auth === undefined) {
      const refused = guard.anonymous(request, reply);
      if (refused) return done(refused);
    }
    done();
  });
  // Path parameters and query values are bounded before any handler sees them.
  app.addHook("preValidation", (request, _reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    try {
      checkParams(request.params);
      checkQuery(request.query);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const started = (request as FastifyRequest & { startedAt?: number }).startedAt;
    const ms = started === undefined ? 0 : performance.now() - started;
    metrics.observe(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, ms);
    done();
  });

  if (withAdmin) {
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
    await app.register(async (scope) => {
      if (operatorOnly) scope.addHook("onRequest", async (request, reply) => guard.checkAdmin(request, reply));
      await scope.register(fastifySwaggerUi, { routePrefix: "/docs" });
    });
  }

  // The push channel (public listeners): event streams hold their sockets, so they may take at
  // most half of the connection cap (the rest stays for requests); ended before the server closes.
  const hub =
    role === "admin"
      ? null
      : new EventHub(server, {
          ...DEFAULT_HUB_OPTIONS,
          ...options.events,
          maxStreams: options.events?.maxStreams ?? Math.max(1, Math.floor(config.maxConnections / 2)),
        });
  if (hub) {
    await hub.start();
    app.decorate("events", hub);
    app.addHook("preClose", async () => hub.close());
  }

  app.get("/healthz", { schema: { hide: true } }, async () => {
    await server.db.read((sql) => sql.one("SELECT 1 AS ok"));
    return { ok: true, mode: config.mode, database: server.db.dialect };
  });
  if (withAdmin) {
    app.get(
      "/metrics",
      {
        schema: { hide: true },
        ...(operatorOnly
          ? { onRequest: (request, reply, done) => done(guardError(() => guard.checkAdmin(request, reply, true))) }
          : {}),
      },
      async (_request, reply) => {
        reply.type("text/plain; version=0.0.4").send(metrics.render(gauges(server, hub)) + (await jackpotMetricsText(server)));
      },
    );
    app.register(async (scope) => adminRoutes(scope, server, guard), { prefix: "/api/v1/admin" });
  }
  if (hub) playerRoutes(app, server, guard, hub);

  // --- Browser client -------------------------------------------------------------------
  if (staticDir !== null && staticFiles !== null) await serveClientFiles(app, staticDir, staticFiles);
  return app;
}

/** Runs a check; its error (or undefined) for a callback hook's `done`. */
function guardError(check: () => void): Error | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
