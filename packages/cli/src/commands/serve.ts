import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { configFromEnv, startServer } from "@reelhouse/server";
import type { Command } from "../main.js";
import { parseServeOptions, UsageError } from "./serve-options.js";

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

/** `reelhouse serve`: the game server (PORT, HOST, DATABASE_URL, REELHOUSE_MODE… see docs/server.md). */
export const serveCommand: Command = {
  summary: "run the game server (SQLite under ./data, or DATABASE_URL=postgres://…)",
  usage:
    "serve [--dev] [--port N] [--host H] [--help]   (env: PORT, HOST, DATABASE_URL, REELHOUSE_MODE=production|dev|test, REELHOUSE_ADMIN_KEY)\n" +
    "           production unless --dev or REELHOUSE_MODE=dev: dev mode has demo players and forced outcomes",
  async run(args) {
    let options: ReturnType<typeof parseServeOptions>;
    try {
      options = parseServeOptions(args, process.env);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`reelhouse serve: ${error.message}\nusage: reelhouse ${serveCommand.usage}\n`);
      return 2;
    }
    if (options.help) {
      process.stdout.write(`usage: reelhouse ${serveCommand.usage}\n`);
      return 0;
    }
    const { mode, port, host } = options;
    const env: NodeJS.ProcessEnv = { ...process.env, REELHOUSE_MODE: mode };
    const generatedKey = !env.REELHOUSE_ADMIN_KEY && mode !== "production";
    if (generatedKey) env.REELHOUSE_ADMIN_KEY = randomBytes(24).toString("base64url");
    const config = configFromEnv(env, { staticDir: WEB_DIST });
    const running = await startServer({ config, port, host, logger: env.REELHOUSE_LOG === "1" });
    const out = process.stdout;
    if (mode !== "production") {
      out.write(
        `\n*** reelhouse: ${mode.toUpperCase()} MODE: demo players and forced outcomes are enabled; never use it for real money ***\n\n`,
      );
    }
    out.write(`reelhouse: serving on ${running.url} (mode ${config.mode}, ${running.db.dialect} at ${running.db.location})\n`);
    if (running.admin) {
      out.write(`reelhouse: API ${running.url}/api/v1; admin API, docs and metrics on ${running.admin.url}\n`);
    } else {
      const keyed = mode === "dev" ? "" : " (x-admin-key)";
      out.write(
        `reelhouse: API ${running.url}/api/v1, docs ${running.url}/docs${keyed}, metrics ${running.url}/metrics${keyed}\n`,
      );
    }
    if (mode === "production" && config.demo)
      out.write("reelhouse: demo play is ON (REELHOUSE_DEMO): demo players use the demo bank\n");
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
