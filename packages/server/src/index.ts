/**
 * @reelhouse/server: the real-money game server. `startServer` opens (and migrates) the
 * database, prepares the demo player, builds the Fastify app and listens.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { configFromEnv, type ServerConfig } from "./config.js";
import type { Database } from "./db/database.js";
import { openDatabase } from "./db/open.js";
import { completeExpiredCards } from "./jackpots/cards-deadline.js";
import { GameServer } from "./service.js";

export { Admin } from "./admin.js";
export { type AppRole, buildApp } from "./app.js";
export {
  configFromEnv,
  JURISDICTIONS,
  type JurisdictionProfile,
  MAX_AMOUNT,
  MAX_BALANCE,
  type ServerConfig,
  type ServerMode,
} from "./config.js";
export type { Database, Sql } from "./db/database.js";
export { openDatabase } from "./db/open.js";
export { migrate } from "./db/schema.js";
export { ApiProblem } from "./errors.js";
export { completeExpiredCards } from "./jackpots/cards-deadline.js";
export { type ReplayReport, replayRound } from "./replay.js";
export { type Caller, GameServer } from "./service.js";

export interface RunningServer {
  app: FastifyInstance;
  server: GameServer;
  db: Database;
  url: string;
  /** The admin listener (admin API, /metrics, /docs) when REELHOUSE_ADMIN_PORT configures one. */
  admin: { app: FastifyInstance; url: string } | null;
  close(): Promise<void>;
}

/**
 * Opens the database, builds the app and listens on `host:port`; with `config.adminPort`,
 * the admin API, /metrics and /docs listen apart on `adminHost:adminPort` (and the public
 * listener has none of them).
 */
export async function startServer(
  options: { config?: ServerConfig; port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningServer> {
  const config = options.config ?? configFromEnv();
  const db = await openDatabase(config.databaseUrl);
  const server = new GameServer(db, config);
  await server.init();
  const logger = options.logger ?? false;
  const separate = config.adminPort !== null;
  const app = await buildApp(server, { logger, role: separate ? "public" : "all" });
  const url = await app.listen({ port: options.port ?? 8080, host: options.host ?? "127.0.0.1" });
  let admin: RunningServer["admin"] = null;
  if (separate) {
    const adminApp = await buildApp(server, { logger, role: "admin" });
    admin = { app: adminApp, url: await adminApp.listen({ port: config.adminPort ?? 0, host: config.adminHost }) };
  }
  // Card rounds left unrevealed past the operator's deadline are completed by the server (every 10 minutes).
  const sweep = setInterval(() => {
    void completeExpiredCards(server, Date.now()).catch(() => {});
  }, 600_000);
  sweep.unref();
  return {
    app,
    server,
    db,
    url,
    admin,
    async close() {
      clearInterval(sweep);
      await app.close();
      await admin?.app.close();
      await db.close();
    },
  };
}
