import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultContext, RecordingRng, Xoshiro128 } from "@reelhouse/engine";
import { getGame } from "@reelhouse/games";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { configFromEnv, type ServerConfig } from "../src/config.js";
import type { Database } from "../src/db/database.js";
import { openDatabase } from "../src/db/open.js";
import { type AnyGame, GameRegistry } from "../src/games.js";
import type { PlatformAnswerers } from "../src/rounds/platform.js";
import { GameServer } from "../src/service.js";

export const PG_BASE = process.env.REELHOUSE_TEST_PG ?? "postgres://postgres@127.0.0.1:5432/test";

/** True when the test PostgreSQL answers; tests against it are skipped (with a message) otherwise. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    process.stderr.write(`\n[server tests] PostgreSQL at ${PG_BASE} is not reachable: PostgreSQL tests are SKIPPED\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUp = await postgresReachable();

export interface Backend {
  name: "sqlite" | "postgres";
  available: boolean;
  /** A fresh, empty database URL (new SQLite file or new PostgreSQL schema). */
  freshUrl(): string;
  /** Drops what freshUrl created. */
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dirs: string[] = [];
  return {
    name: "sqlite",
    available: true,
    freshUrl() {
      const dir = mkdtempSync(join(tmpdir(), "reelhouse-test-"));
      dirs.push(dir);
      return join(dir, "db.sqlite");
    },
    async cleanup() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

function postgresBackend(): Backend {
  const schemas: string[] = [];
  return {
    name: "postgres",
    available: pgUp,
    freshUrl() {
      const schema = `t_${randomBytes(6).toString("hex")}`;
      schemas.push(schema);
      return `${PG_BASE}?schema=${schema}`;
    },
    async cleanup() {
      if (!pgUp || schemas.length === 0) return;
      const client = new pg.Client({ connectionString: PG_BASE });
      await client.connect();
      for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
      await client.end();
    },
  };
}

export const BACKENDS: Backend[] = [sqliteBackend(), postgresBackend()];

export interface TestServer {
  app: FastifyInstance;
  server: GameServer;
  db: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

export const ADMIN_KEY = "test-admin-key-0123456789";

export interface TestServerOptions {
  /** The current games (default: the games package's GAMES). */
  games?: Iterable<AnyGame>;
  /** Older versions kept for their open rounds. */
  keptVersions?: Iterable<AnyGame>;
  /** Platform answerers (default: none). */
  platform?: PlatformAnswerers;
  now?: () => number;
}

/** A server over a fresh database in test mode (forced outcomes allowed), for `app.inject`. */
export async function testServer(
  url: string,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const config = configFromEnv({
    REELHOUSE_MODE: "test",
    DATABASE_URL: url,
    REELHOUSE_ADMIN_KEY: ADMIN_KEY,
    REELHOUSE_RATE_LIMIT: "0",
    ...env,
  });
  const db = await openDatabase(config.databaseUrl);
  const games = options.games ? new GameRegistry(options.games, options.keptVersions ?? []) : undefined;
  const server = new GameServer(db, config, games, options.now, {
    ...(options.keptVersions ? { keptVersions: options.keptVersions } : {}),
    ...(options.platform ? { platform: options.platform } : {}),
  });
  await server.init();
  const app = await buildApp(server);
  return {
    app,
    server,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export const MERMAID = "mermaid-treasure";
export const BET = { coinValue: 10, coinsPerLine: 1, lines: 15 } as const;
export const TOTAL_BET = 150;

export type Wanted = "lose" | "win" | "freeSpins" | "pick";

/**
 * Finds draws that make Mermaid Treasure's paid spin end as wanted, by playing seeded
 * spins and keeping the draws of the first that matches (never hard-coded stops: the
 * strips are still being tuned).
 */
export function drawsFor(wanted: Wanted, bet: object = BET): number[] {
  const game = getGame(MERMAID);
  if (!game) throw new Error("no mermaid");
  const parsed = game.parseBet(bet);
  for (let seed = 1; seed < 200_000; seed++) {
    const rng = new RecordingRng(new Xoshiro128(seed));
    const step = game.start(parsed, rng, defaultContext(game.parseConfig(undefined)));
    const type = (step.awaiting as { type?: string } | null)?.type;
    const ok =
      wanted === "lose"
        ? step.awaiting === null && step.win === 0
        : wanted === "win"
          ? step.awaiting === null && step.win > 0
          : wanted === "freeSpins"
            ? type === "freeSpin"
            : type === "pick";
    if (ok) return rng.draws.map((d) => d[1]);
  }
  throw new Error(`no seed gives ${wanted}`);
}

export async function demoSession(
  app: FastifyInstance,
): Promise<{ token: string; playerId: string; auth: { authorization: string } }> {
  const res = await app.inject({ method: "POST", url: "/api/v1/sessions", payload: { demo: true } });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; player: { id: string } };
  return { token: body.token, playerId: body.player.id, auth: { authorization: `Bearer ${body.token}` } };
}

/**
 * A real-money player's session, as a casino opens one: the operator creates the player,
 * credits `balance` and hands over a launch token (production mode has no demo players).
 */
export async function playerSession(
  app: FastifyInstance,
  balance = 100_000,
  jurisdiction?: string,
): Promise<{ token: string; playerId: string; auth: { authorization: string } }> {
  const headers = { "x-admin-key": ADMIN_KEY };
  const created = await app.inject({
    method: "POST",
    url: "/api/v1/admin/players",
    headers,
    payload: { name: "Player", ...(jurisdiction ? { jurisdiction } : {}) },
  });
  if (created.statusCode !== 201) throw new Error(`player: ${created.statusCode} ${created.body}`);
  const playerId = (created.json() as { id: string }).id;
  if (balance > 0) {
    const credit = await app.inject({
      method: "POST",
      url: `/api/v1/admin/players/${playerId}/adjustments`,
      headers,
      payload: { amount: balance, reason: "deposit", requestId: rid("deposit") },
    });
    if (credit.statusCode !== 201) throw new Error(`credit: ${credit.statusCode} ${credit.body}`);
  }
  const launch = await app.inject({
    method: "POST",
    url: `/api/v1/admin/players/${playerId}/launch-tokens`,
    headers,
    payload: {},
  });
  const session = await app.inject({
    method: "POST",
    url: "/api/v1/sessions",
    payload: { launchToken: (launch.json() as { launchToken: string }).launchToken },
  });
  if (session.statusCode !== 201) throw new Error(`session: ${session.statusCode} ${session.body}`);
  const token = (session.json() as { token: string }).token;
  return { token, playerId, auth: { authorization: `Bearer ${token}` } };
}

let counter = 0;
export const rid = (prefix = "req") => `${prefix}-${process.pid}-${++counter}-${randomBytes(4).toString("hex")}`;

/** Row counts of every table: "nothing written" means these do not change. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = [
    "players",
    "accounts",
    "transactions",
    "ledger_entries",
    "sessions",
    "rounds",
    "steps",
    "idempotency",
    "autoplays",
    "bonus_grants",
    "admin_audit",
    "preferences",
    "game_configs",
    "game_config_audit",
    "contexts",
  ];
  const out: Record<string, number> = {};
  await db.read(async (sql) => {
    for (const t of tables) out[t] = Number((await sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))?.n ?? 0);
  });
  return out;
}

/** Sends an authenticated request through `app.inject` and returns status and JSON body. */
export async function api(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** Requests over real HTTP to a listening server at `base`: a JSON body, a player's token and any headers; answers status and JSON body. */
export function httpCaller(base: string) {
  return async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
