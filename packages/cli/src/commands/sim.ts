import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { GAMES } from "@reelhouse/games";
import {
  crossVariants,
  defaultBet,
  loadGameModule,
  odds,
  parseUnitValues,
  percent,
  resolveTask,
  type SessionOptions,
  type SimOptions,
  type SimReport,
  type SimVariant,
  simulate,
  simulateVariants,
  type VariantsReport,
} from "@reelhouse/sim";
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
function betFrom(gameId: string, values: Record<string, unknown>): unknown {
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

/** Parses a JSON option, or the JSON file named after `@`; a clear error names the option. */
export function jsonOption(name: string, text: string | undefined, example: string): unknown {
  if (text === undefined) return undefined;
  const source = text.startsWith("@") ? readFileSync(text.slice(1), "utf8") : text;
  try {
    return JSON.parse(source);
  } catch {
    throw new Error(`--${name} must be JSON (or @file.json), e.g. '${example}'; got '${text}'`);
  }
}

/** `unit=amount` pairs as whole numbers (`--balance bonus=10`); the same syntax as --unit-value. */
function amountsOption(texts: readonly string[] | undefined): Record<string, number> | undefined {
  return texts && texts.length > 0 ? parseUnitValues(texts) : undefined;
}

/** The session options from --session and its companions, or undefined without --session. */
function sessionFrom(values: Record<string, unknown>): SessionOptions | undefined {
  const companions = ["balance", "session-bets", "session-rounds"].filter((k) => values[k] !== undefined);
  if (!values.session) {
    if (companions.length > 0) throw new Error(`--${companions[0]} needs --session`);
    return undefined;
  }
  const balances = amountsOption(values.balance as string[] | undefined);
  const bets = jsonOption("session-bets", values["session-bets"] as string | undefined, '[{"game":"upper"},{"game":"lower"}]');
  if (bets !== undefined && !Array.isArray(bets))
    throw new Error("--session-bets must be a JSON array of bets, in order of preference");
  const rounds = parseCount("session-rounds", values["session-rounds"] as string | undefined, 1);
  return {
    ...(balances ? { balances } : {}),
    ...(bets ? { bets: bets as unknown[] } : {}),
    ...(rounds === undefined ? {} : { rounds }),
  };
}

/** The variants asked for: --variants, else the cross product of --all-bets and --all-policies; undefined for a plain run. */
function variantsFrom(gameId: string, values: Record<string, unknown>): SimVariant[] | undefined {
  const listed = jsonOption(
    "variants",
    values.variants as string | undefined,
    '[{"bet":{"coinValue":1,"coinsPerLine":1,"lines":15}},{"policy":"default"}]',
  );
  if (listed !== undefined) {
    if (values["all-bets"] || values["all-policies"])
      throw new Error("--variants lists the variants; do not combine it with --all-bets or --all-policies");
    if (
      !Array.isArray(listed) ||
      listed.length === 0 ||
      !listed.every((v) => typeof v === "object" && v !== null && !Array.isArray(v))
    ) {
      throw new Error("--variants must be a non-empty JSON array of objects {label?, bet?, policy?, config?, context?}");
    }
    return listed as SimVariant[];
  }
  if (!values["all-bets"] && !values["all-policies"]) return undefined;
  const { game } = resolveTask({ game: gameId, policy: "default" });
  return crossVariants({
    ...(values["all-bets"] ? { bets: [...game.bets()] } : {}),
    ...(values["all-policies"] ? { policies: Object.keys(game.policies) } : {}),
  });
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
  if (r.valued) {
    const values = Object.entries(r.valued.unitValues)
      .map(([u, v]) => `${u} = ${v}`)
      .join(", ");
    lines.push(
      "",
      `  RTP with units valued (${values} minor units)`,
      row("  RTP", percent(r.valued.rtp)),
      row("  99% band", `[${percent(r.valued.ci99[0])}, ${percent(r.valued.ci99[1])}]`),
    );
  }
  if (r.units) {
    lines.push("", "  non-cash units");
    for (const [u, x] of Object.entries(r.units)) {
      lines.push(
        row(
          `  ${u}`,
          `won ${x.won} (${x.wonPerRound.toPrecision(6)}/round), staked ${x.staked} (${x.stakedPerRound.toPrecision(6)}/round)`,
        ),
      );
    }
  }
  if (r.session) {
    lines.push(
      "",
      `  session: ${r.session.sessions} sessions of ${r.session.roundsPerSession ?? "all"} rounds, starting with ${JSON.stringify(r.session.balances)}`,
      ...r.session.bets.map((b, i) =>
        row(`  rounds at ${JSON.stringify(b)}`, (r.session?.roundsByBet[i] ?? 0).toLocaleString("en")),
      ),
      row("  mean end balances", JSON.stringify(r.session.meanEndBalances)),
    );
  }
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

/** Variants as a table: one row per variant. */
export function formatVariantsReport(r: VariantsReport): string {
  const valued = r.variants.some((v) => v.valued);
  const lines = [
    `${r.game} (maths ${r.version}), ${r.variants.length} variants x ${r.rounds.toLocaleString("en")} rounds (seed ${r.seed}, ${r.threads} threads, the same draws for every variant)`,
    "",
    `  ${"variant".padEnd(48)} ${"total bet".padStart(10)} ${"RTP".padStart(9)}  ${"99% band".padEnd(21)} ${"hit freq".padStart(9)}  ${"exact RTP".padStart(9)}${valued ? `  ${"valued RTP".padStart(10)}` : ""}`,
  ];
  for (const v of r.variants) {
    const label = v.label.length > 48 ? `${v.label.slice(0, 45)}...` : v.label;
    const exact = v.exact ? `${percent(v.exact.rtp)}${v.exact.inBand ? " " : "!"}` : "-";
    lines.push(
      `  ${label.padEnd(48)} ${String(v.totalBet).padStart(10)} ${percent(v.rtp).padStart(9)}  ${`[${percent(v.ci99[0])}, ${percent(v.ci99[1])}]`.padEnd(21)} ${percent(v.hitFrequency).padStart(9)}  ${exact.padStart(9)}${valued ? `  ${(v.valued ? percent(v.valued.rtp) : "-").padStart(10)}` : ""}`,
    );
  }
  const compared = r.variants.filter((v) => v.exact);
  if (compared.length > 0) {
    const outside = compared.filter((v) => !v.exact?.inBand).length;
    // Each band holds its exact RTP 99 times in 100: about 1 variant in 100 falls outside by chance.
    lines.push(
      "",
      `  exact RTP inside the 99% band for ${compared.length - outside} of ${compared.length} variants${outside > 0 ? ` ("!" marks the ${outside} outside; about 1 in 100 is expected by chance)` : ""}`,
    );
  }
  lines.push("", `  wall time ${r.seconds.toFixed(2)} s`);
  return `${lines.join("\n")}\n`;
}

/** `reelhouse sim <game> --rounds N --seed S --threads T [--json]`: Monte Carlo of the production round code. */
export const simCommand: Command = {
  summary: "simulate full rounds of a game on worker threads (RTP, 99% band, frequencies)",
  usage:
    "sim <game> --rounds N [--seed S] [--threads T] [--policy P] [--lines n] [--coins n] [--coin-value n] [--bet JSON] [--config JSON] [--context JSON] [--variants JSON|@file | --all-bets --all-policies] [--unit-value unit=v] [--session [--balance unit=n] [--session-bets JSON] [--session-rounds N]] [--module PATH] [--json] [--certify]",
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
        config: { type: "string" },
        context: { type: "string" },
        variants: { type: "string" },
        "all-bets": { type: "boolean" },
        "all-policies": { type: "boolean" },
        "unit-value": { type: "string", multiple: true },
        session: { type: "boolean" },
        balance: { type: "string", multiple: true },
        "session-bets": { type: "string" },
        "session-rounds": { type: "string" },
        module: { type: "string" },
        json: { type: "boolean" },
        certify: { type: "boolean" },
      },
    });
    const id = positionals[0];
    const gameModule = values.module === undefined ? undefined : pathToFileURL(resolve(values.module)).href;
    if (gameModule) await loadGameModule(gameModule);
    let known = false;
    try {
      resolveTask({ game: id ?? "", policy: "default" });
      known = true;
    } catch {}
    if (!id || !known) throw new Error(`unknown game '${id ?? ""}'; games: ${[...GAMES.keys()].join(", ")}`);
    if (positionals.length > 1) throw new Error(`unexpected argument '${positionals[1]}'`);
    const rounds = parseCount("rounds", values.rounds, 1);
    if (rounds === undefined) throw new Error("--rounds N is required");
    const unitValues = amountsOption(values["unit-value"]);
    const config = jsonOption("config", values.config, '{"gamble":{"maxAttempts":3}}');
    const context = jsonOption("context", values.context, '{"autoplay":true}');
    if (context !== undefined && (typeof context !== "object" || context === null || Array.isArray(context))) {
      throw new Error('--context must be a JSON object such as {"autoplay":true,"features":{"gamble":false}}');
    }
    const session = sessionFrom(values);
    const options: Omit<SimOptions, "rounds"> = {
      game: id,
      ...(values.seed === undefined ? {} : { seed: parseCount("seed", values.seed) as number }),
      ...(values.threads === undefined ? {} : { threads: parseCount("threads", values.threads, 1) as number }),
      ...(values.policy === undefined ? {} : { policy: values.policy }),
      bet: betFrom(id, values),
      ...(config === undefined ? {} : { config }),
      ...(context === undefined ? {} : { context: context as SimOptions["context"] & object }),
      ...(unitValues ? { unitValues } : {}),
      ...(session ? { session } : {}),
      ...(gameModule ? { gameModule } : {}),
    };
    const variants = variantsFrom(id, values);
    const bar = process.stderr.isTTY ? progressBar(process.stderr) : undefined;
    const onProgress = bar ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {};
    if (variants) {
      if (values.certify) throw new Error("--certify compares one run with the exact RTP; it does not apply to variants");
      const report = await simulateVariants({ ...options, rounds, variants, ...onProgress });
      bar?.end();
      process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : formatVariantsReport(report));
      return 0;
    }
    const report = await simulate({ ...options, rounds, ...onProgress });
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
