import { parseArgs } from "node:util";
import { GAMES, getGame } from "@reelhouse/games";
import { defaultBet, odds, percent, type SimReport, simulate } from "@reelhouse/sim";
import type { Command } from "../main.js";

/**
 * Parses a whole number given on the command line: digits with optional `_` separators,
 * or a `k`/`M`/`G` suffix (`10M` = 10,000,000). Anything else is a clear error.
 */
export function parseCount(name: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d[\d_]*)([kKmMgG]?)$/.exec(text.trim());
  const scale = { "": 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9 }[match?.[2] ?? ""] ?? 1;
  const value = match ? Number((match[1] as string).replace(/_/g, "")) * scale : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number >= ${min} (e.g. 1000000, 1_000_000 or 1M), got '${text}'`);
  }
  return value;
}

/** Resolves the bet from --bet JSON and the --lines/--coins/--coin-value shortcuts over the game's default. */
function betFrom(gameId: string, values: Record<string, string | boolean | undefined>): unknown {
  let base: Record<string, unknown>;
  if (typeof values.bet === "string") {
    try {
      base = JSON.parse(values.bet) as Record<string, unknown>;
    } catch {
      throw new Error(`--bet must be a JSON object such as '{"coinValue":10,"coinsPerLine":1,"lines":15}', got '${values.bet}'`);
    }
    if (typeof base !== "object" || base === null || Array.isArray(base)) throw new Error("--bet must be a JSON object");
  } else {
    base = { ...(defaultBet(gameId) as Record<string, unknown>) };
  }
  const lines = parseCount("lines", values.lines as string | undefined, 1);
  const coins = parseCount("coins", values.coins as string | undefined, 1);
  const coinValue = parseCount("coin-value", values["coin-value"] as string | undefined, 1);
  if (lines !== undefined) base.lines = lines;
  if (coins !== undefined) base.coinsPerLine = coins;
  if (coinValue !== undefined) base.coinValue = coinValue;
  return base;
}

/** A progress bar on a terminal: redrawn at most ten times a second. */
function progressBar(stream: NodeJS.WriteStream): { update(done: number, total: number): void; end(): void } {
  const started = performance.now();
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const width = 30;
      const filled = Math.round((done / total) * width);
      const rate = done / Math.max(1e-3, (now - started) / 1000);
      stream.write(
        `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${((done / total) * 100).toFixed(1).padStart(5)}%  ${done.toLocaleString("en")} / ${total.toLocaleString("en")} rounds  ${Math.round(rate).toLocaleString("en")} rounds/s `,
      );
    },
    end() {
      stream.write("\n");
    },
  };
}

/** The report as a readable table for people. */
export function formatSimReport(r: SimReport): string {
  const row = (k: string, v: string) => `  ${k.padEnd(26)} ${v}`;
  const lines = [
    `${r.game} (maths ${r.version}), policy ${r.policy}, bet ${JSON.stringify(r.bet)} = ${r.totalBet} per round`,
    row("rounds", `${r.rounds.toLocaleString("en")} (seed ${r.seed}, ${r.threads} threads)`),
    row("RTP", percent(r.rtp)),
    row("99% band", `[${percent(r.ci99[0])}, ${percent(r.ci99[1])}]  (± ${percent((r.ci99[1] - r.ci99[0]) / 2)})`),
  ];
  if (r.exact) {
    lines.push(
      row("exact RTP", `${percent(r.exact.rtp)}  ${r.exact.inBand ? "inside the band" : "OUTSIDE the band"}`),
      row("simulated - exact", `${(r.exact.deviation * 100).toFixed(4)} points`),
    );
  }
  lines.push(
    row("stdev per round", `${r.stdev.toFixed(4)} x total bet`),
    row("hit frequency", odds(r.hitFrequency)),
    row("max win", `${Number(r.maxWin.toFixed(4))} x total bet (${r.maxWinAmount} minor units)`),
    "",
    "  RTP breakdown",
    ...Object.entries(r.breakdown).map(([k, v]) => row(`  ${k}`, percent(v))),
  );
  if (r.unattributed !== 0) lines.push(row("  (unattributed)", percent(r.unattributed)));
  lines.push("", "  features (rounds that triggered)");
  for (const [k, f] of Object.entries(r.features)) {
    lines.push(row(`  ${k}`, `${odds(f.probability)}, ${f.triggersPerRound.toPrecision(6)} triggers per round`));
  }
  lines.push("", `  ${"win (x bet)".padEnd(12)} ${"rounds".padStart(14)}  probability`);
  for (const w of r.winDistribution) {
    lines.push(`  ${w.bucket.padEnd(12)} ${w.count.toLocaleString("en").padStart(14)}  ${odds(w.probability)}`);
  }
  lines.push(
    "",
    row("speed", `${Math.round(r.roundsPerSecond).toLocaleString("en")} rounds/s`),
    row("per thread", r.roundsPerSecondPerThread.map((v) => Math.round(v).toLocaleString("en")).join(", ")),
    row("wall time", `${r.seconds.toFixed(2)} s`),
  );
  return `${lines.join("\n")}\n`;
}

/** `reelhouse sim <game> --rounds N --seed S --threads T [--json]`: Monte Carlo of the production round code. */
export const simCommand: Command = {
  summary: "simulate full rounds of a game on worker threads (RTP, 99% band, frequencies)",
  usage:
    "sim <game> --rounds N [--seed S] [--threads T] [--policy P] [--lines n] [--coins n] [--coin-value n] [--bet JSON] [--json] [--certify]",
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        rounds: { type: "string" },
        seed: { type: "string" },
        threads: { type: "string" },
        policy: { type: "string" },
        lines: { type: "string" },
        coins: { type: "string" },
        "coin-value": { type: "string" },
        bet: { type: "string" },
        json: { type: "boolean" },
        certify: { type: "boolean" },
      },
    });
    const id = positionals[0];
    if (!id || !getGame(id)) throw new Error(`unknown game '${id ?? ""}'; games: ${[...GAMES.keys()].join(", ")}`);
    if (positionals.length > 1) throw new Error(`unexpected argument '${positionals[1]}'`);
    const rounds = parseCount("rounds", values.rounds, 1);
    if (rounds === undefined) throw new Error("--rounds N is required");
    const bar = process.stderr.isTTY ? progressBar(process.stderr) : undefined;
    const report = await simulate({
      game: id,
      rounds,
      ...(values.seed === undefined ? {} : { seed: parseCount("seed", values.seed) as number }),
      ...(values.threads === undefined ? {} : { threads: parseCount("threads", values.threads, 1) as number }),
      ...(values.policy === undefined ? {} : { policy: values.policy }),
      bet: betFrom(id, values),
      ...(bar ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
    });
    bar?.end();
    process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : formatSimReport(report));
    // --certify: a failed certification is a failed command (for CI scripts).
    if (values.certify && report.exact && !report.exact.inBand) return 3;
    if (values.certify && !report.exact) {
      process.stderr.write("reelhouse sim: --certify needs the game's exact RTP, which it cannot compute\n");
      return 3;
    }
    return 0;
  },
};
