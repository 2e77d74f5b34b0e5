/**
 * @reelhouse/server: the real-money game server. `startServer` opens (and migrates) the
 * database, prepares the demo player, builds the Fastify app and listens.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { configFromEnv, type ServerConfig } from "./config.js";
import type { Database } from "./db/database.js";
import { openDatabase } from "./db/open.js";
import { GameServer } from "./service.js";

export { Admin } from "./admin.js";
export { buildApp } from "./app.js";
export { configFromEnv, JURISDICTIONS, type JurisdictionProfile, type ServerConfig, type ServerMode } from "./config.js";
export type { Database, Sql } from "./db/database.js";
export { openDatabase } from "./db/open.js";
export { migrate } from "./db/schema.js";
export { ApiProblem } from "./errors.js";
export { type ReplayReport, replayRound } from "./replay.js";
export { type Caller, GameServer } from "./service.js";

export interface RunningServer {
  app: FastifyInstance;
  server: GameServer;
  db: Database;
  url: string;
  close(): Promise<void>;
}

/** Opens the database, builds the app and listens on `host:port`. */
export async function startServer(
  options: { config?: ServerConfig; port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningServer> {
  const config = options.config ?? configFromEnv();
  const db = await openDatabase(config.databaseUrl);
  const server = new GameServer(db, config);
  await server.init();
  const app = await buildApp(server, { logger: options.logger ?? false });
  const url = await app.listen({ port: options.port ?? 8080, host: options.host ?? "127.0.0.1" });
  return {
    app,
    server,
    db,
    url,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
