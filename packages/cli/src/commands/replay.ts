import { configFromEnv, GameServer, openDatabase, replayRound } from "@reelhouse/server";
import type { Command } from "../main.js";

/** `reelhouse replay <roundId>`: rebuilds a round from its stored draws and compares it with the stored steps. */
export const replayCommand: Command = {
  summary: "rebuild a stored round from its recorded draws and check it (exit 0 = identical)",
  usage: "replay <roundId> [--json]   (env: DATABASE_URL, default ./data/reelhouse.sqlite)",
  async run(args) {
    const roundId = args.find((a) => !a.startsWith("--"));
    if (!roundId) throw new Error("usage: reelhouse replay <roundId>");
    const config = configFromEnv({ ...process.env, REELHOUSE_MODE: process.env.REELHOUSE_MODE ?? "dev" });
    const db = await openDatabase(config.databaseUrl);
    try {
      const report = await replayRound(new GameServer(db, config), roundId);
      if (args.includes("--json")) process.stdout.write(`${JSON.stringify(report)}\n`);
      else {
        const marks = [
          report.forced
            ? `FORCED (forced draws in step${report.forcedSteps.length === 1 ? "" : "s"} ${report.forcedSteps.join(", ")}): not a random outcome`
            : "",
          report.demo ? "demo round" : "",
        ].filter((m) => m !== "");
        process.stdout.write(
          `round ${report.roundId} (${report.gameId}): ${report.steps} step(s) replayed — ${report.ok ? "identical" : "DIFFERENT"}${marks.length > 0 ? `; ${marks.join("; ")}` : ""}\n`,
        );
        for (const p of report.problems) process.stdout.write(`  ${p}\n`);
      }
      return report.ok ? 0 : 1;
    } finally {
      await db.close();
    }
  },
};
