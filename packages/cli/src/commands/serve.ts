import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { configFromEnv, startServer } from "@reelhouse/server";
import type { Command } from "../main.js";

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

/** `reelhouse serve`: the game server (PORT, HOST, DATABASE_URL, REELHOUSE_MODE… see docs/server.md). */
export const serveCommand: Command = {
  summary: "run the game server (SQLite under ./data, or DATABASE_URL=postgres://…)",
  usage: "serve [--port N] [--host H]   (env: PORT, HOST, DATABASE_URL, REELHOUSE_MODE=dev|test|production, REELHOUSE_ADMIN_KEY)",
  async run(args) {
    const flag = (name: string) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const env = { ...process.env };
    env.REELHOUSE_MODE ??= "dev";
    const generatedKey = !env.REELHOUSE_ADMIN_KEY && env.REELHOUSE_MODE !== "production";
    if (generatedKey) env.REELHOUSE_ADMIN_KEY = randomBytes(24).toString("base64url");
    const config = configFromEnv(env, { staticDir: WEB_DIST });
    const port = Number(flag("port") ?? env.PORT ?? 8080);
    const host = flag("host") ?? env.HOST ?? "127.0.0.1";
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port '${port}'`);
    const running = await startServer({ config, port, host, logger: env.REELHOUSE_LOG === "1" });
    const out = process.stdout;
    out.write(`reelhouse: serving on ${running.url} (mode ${config.mode}, ${running.db.dialect} at ${running.db.location})\n`);
    out.write(`reelhouse: API ${running.url}/api/v1, docs ${running.url}/docs, metrics ${running.url}/metrics\n`);
    if (generatedKey) out.write(`reelhouse: admin key for this run (x-admin-key): ${config.adminKey}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        out.write("reelhouse: shutting down\n");
        running.close().then(done, done);
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    return 0;
  },
};
