/**
 * Turns merged counts into the simulation report: RTP with its 99% confidence band,
 * standard deviation, hit and feature frequencies, RTP breakdown and win distribution.
 */
import type { GameModule } from "@reelhouse/engine";
import { ratioSummary, type UnitValues } from "./ratio.js";
import type { SimOptions } from "./runner.js";
import { mergeSessions } from "./session.js";
import type { ContextOverrides, ShardResult } from "./shard.js";
import { ratio, Z99 } from "./stats.js";
import { mergeTallies, type TallyData, WIN_BUCKET_EDGES, WIN_BUCKET_LABELS } from "./tally.js";

export { ratio, Z99 } from "./stats.js";

/** The RTP parts every report names, even when zero (fractions of the total bet). */
export const BREAKDOWN_KEYS = ["baseLines", "baseScatter", "freeSpins", "bonus"] as const;

/** The Monte Carlo result for one game, bet and policy. */
export interface SimReport {
  game: string;
  version: string;
  policy: string;
  /** The bet simulated (the game's own bet object) and its total, minor units. */
  bet: unknown;
  totalBet: number;
  seed: number;
  threads: number;
  rounds: number;
  /** Σ wins / Σ bets, exact integer sums divided once. */
  rtp: number;
  /** `rtp ± 2.576 · stdev / sqrt(rounds)`. */
  ci99: [number, number];
  /** Standard deviation of one round's win, in multiples of the total bet (sample, n-1). */
  stdev: number;
  /** Rounds that won anything / rounds. */
  hitFrequency: number;
  /** Per feature (from the round states' `triggered`): share of rounds that triggered it, 1 in N, triggers per round. */
  features: Record<string, { probability: number; oneIn: number | null; triggersPerRound: number }>;
  /** RTP by source (from the round states' `winBy`), fractions of the total bet. */
  breakdown: { baseLines: number; baseScatter: number; freeSpins: number; bonus: number } & Record<string, number>;
  /** Win not attributed to any source (Σ totalWin − Σ winBy); 0 when the game splits every win. */
  unattributed: number;
  /** Largest round win in multiples of the total bet, and in minor units. */
  maxWin: number;
  maxWinAmount: number;
  /** Round counts by win in multiples of the total bet. */
  winDistribution: { bucket: string; from: number; to: number | null; count: number; probability: number }[];
  /** Σ bets and Σ wins, minor units, as exact decimal strings (they may pass 2^53). */
  betTotal: string;
  winTotal: string;
  /** The exact RTP when the game can compute it, and whether it lies inside `ci99`. */
  exact?: { rtp: number; inBand: boolean; deviation: number };
  /** The operator configuration simulated, when one was given. */
  config?: unknown;
  /** The context overrides simulated (autoplay, granted, feature flags), when given. */
  context?: ContextOverrides;
  /** Non-cash units won and staked (exact decimal strings) and per round; present when the game used any. */
  units?: Record<string, { won: string; staked: string; wonPerRound: number; stakedPerRound: number }>;
  /**
   * RTP counting non-cash units at the given cash values:
   * (Σ cash won + Σ units won x value) / (Σ cash bet + Σ units staked x value), with its 99% band.
   */
  valued?: {
    unitValues: UnitValues;
    rtp: number;
    ci99: [number, number];
    /** Standard deviation of one round's valued win, in multiples of the mean valued bet. */
    stdev: number;
    betTotal: string;
    winTotal: string;
  };
  /** Session mode: how the simulated players played and what they held at the end. */
  session?: {
    /** Balances each session started with. */
    balances: Record<string, number>;
    /** The bets in order of preference, and the rounds played at each. */
    bets: unknown[];
    roundsByBet: number[];
    /** Rounds per session (null: one session per thread). */
    roundsPerSession: number | null;
    sessions: number;
    /** Mean balance at the end of a session, by unit. */
    meanEndBalances: Record<string, number>;
  };
  /** Timing (the only fields that differ between identical runs). */
  seconds: number;
  roundsPerSecond: number;
  roundsPerSecondPerThread: number[];
}

/** The fields of a report that depend on timing, not on the draws. */
export const TIMING_FIELDS = ["seconds", "roundsPerSecond", "roundsPerSecondPerThread"] as const;

/** Whether `value` lies inside the closed band `[lo, hi]`. */
export function inBand(value: number, band: readonly [number, number]): boolean {
  return value >= band[0] && value <= band[1];
}

/**
 * Builds the report's statistics from merged counts. Without `ratioBand` it assumes one bet
 * for the whole run, so every round's total bet equals `betTotal / rounds`; with it (a
 * session, whose bets vary) the band and stdev come from the tally's per-round ratio sums.
 */
export function summarise(
  t: TallyData,
  ratioBand = false,
): Pick<
  SimReport,
  | "rounds"
  | "rtp"
  | "ci99"
  | "stdev"
  | "hitFrequency"
  | "features"
  | "breakdown"
  | "unattributed"
  | "maxWin"
  | "maxWinAmount"
  | "winDistribution"
  | "betTotal"
  | "winTotal"
> {
  const n = t.rounds;
  const rtp = ratio(t.winTotal, t.betTotal);
  const meanSquare = n > 0 ? t.sumSquares / n : 0;
  const variance = n > 1 ? Math.max(0, ((meanSquare - rtp * rtp) * n) / (n - 1)) : 0;
  const byRatio = ratioBand && t.ratio ? ratioSummary(t.ratio.cash) : null;
  const stdev = byRatio ? byRatio.stdev : Math.sqrt(variance);
  const half = n > 0 ? (Z99 * stdev) / Math.sqrt(n) : 0;
  const breakdown: Record<string, number> = {};
  for (const key of BREAKDOWN_KEYS) breakdown[key] = 0;
  let attributed = 0n;
  for (const [source, amount] of Object.entries(t.winBy)) {
    breakdown[source] = ratio(amount, t.betTotal);
    attributed += amount;
  }
  const features: SimReport["features"] = {};
  for (const [id, f] of Object.entries(t.triggered)) {
    features[id] = {
      probability: f.rounds / n,
      oneIn: f.rounds > 0 ? n / f.rounds : null,
      triggersPerRound: f.triggers / n,
    };
  }
  const edges = [0, 0, ...WIN_BUCKET_EDGES];
  return {
    rounds: n,
    rtp,
    ci99: [rtp - half, rtp + half],
    stdev,
    hitFrequency: n > 0 ? t.winningRounds / n : 0,
    features,
    breakdown: breakdown as SimReport["breakdown"],
    unattributed: ratio(t.winTotal - attributed, t.betTotal),
    maxWin: t.maxWinBet > 0 ? t.maxWin / t.maxWinBet : 0,
    maxWinAmount: t.maxWin,
    winDistribution: WIN_BUCKET_LABELS.map((bucket, i) => ({
      bucket,
      from: edges[i] as number,
      to: i === 0 ? 0 : ((edges[i + 1] as number | undefined) ?? null),
      count: t.buckets[i] ?? 0,
      probability: n > 0 ? (t.buckets[i] ?? 0) / n : 0,
    })),
    betTotal: t.betTotal.toString(),
    winTotal: t.winTotal.toString(),
  };
}

/** What {@link buildReport} needs: the run's identity, options and the workers' results in worker order. */
export interface ReportInput {
  game: GameModule<any, any, any, any, any, any>;
  policy: string;
  /** The parsed bet simulated. */
  bet: unknown;
  seed: number;
  threads: number;
  options: Pick<SimOptions, "config" | "context" | "unitValues" | "session">;
  results: readonly ShardResult[];
  /** Wall time of the run, seconds. */
  seconds: number;
  exactRtp?: number | undefined;
  /** A label naming the variant (variant runs only). */
  label?: string;
}

/** Non-cash units won and staked, exactly and per round. */
function unitsReport(t: TallyData): SimReport["units"] {
  const units = [...new Set([...Object.keys(t.unitsWon), ...Object.keys(t.unitsStaked)])].sort();
  if (units.length === 0) return undefined;
  const n = Math.max(1, t.rounds);
  return Object.fromEntries(
    units.map((u) => {
      const won = t.unitsWon[u] ?? 0n;
      const staked = t.unitsStaked[u] ?? 0n;
      return [
        u,
        {
          won: won.toString(),
          staked: staked.toString(),
          wonPerRound: ratio(won, BigInt(n)),
          stakedPerRound: ratio(staked, BigInt(n)),
        },
      ];
    }),
  );
}

/**
 * The simulation report of one run: merged counts, statistics, the exact comparison and,
 * when the run used them, configuration, context, units, valued RTP and session figures.
 * Fields of a plain run come in a fixed order, so the same seed and threads print the same JSON.
 */
export function buildReport(input: ReportInput): SimReport & { label?: string } {
  const { game, options, results } = input;
  const merged = mergeTallies(results.map((r) => r.tally));
  const stats = summarise(merged, options.session !== undefined);
  const loopSeconds = Math.max(...results.map((r) => r.seconds));
  const rounds = merged.rounds;
  const units = unitsReport(merged);
  const valued = options.unitValues && merged.ratio ? ratioSummary(merged.ratio.valued) : null;
  const session = options.session ? mergeSessions(results.flatMap((r) => (r.session ? [r.session] : []))) : null;
  return {
    ...(input.label === undefined ? {} : { label: input.label }),
    game: game.id,
    version: game.version,
    policy: input.policy,
    bet: input.bet,
    totalBet: game.totalBet(input.bet),
    seed: input.seed,
    threads: input.threads,
    ...stats,
    ...(input.exactRtp === undefined
      ? {}
      : { exact: { rtp: input.exactRtp, inBand: inBand(input.exactRtp, stats.ci99), deviation: stats.rtp - input.exactRtp } }),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.context === undefined ? {} : { context: options.context }),
    ...(units ? { units } : {}),
    ...(valued && options.unitValues && merged.ratio
      ? {
          valued: {
            unitValues: options.unitValues,
            ...valued,
            betTotal: merged.ratio.valued.betTotal.toString(),
            winTotal: merged.ratio.valued.winTotal.toString(),
          },
        }
      : {}),
    ...(session && options.session
      ? {
          session: {
            balances: { ...(options.session.balances ?? {}) },
            bets: [...(options.session.bets ?? [input.bet])],
            roundsByBet: session.roundsByBet,
            roundsPerSession: options.session.rounds ?? null,
            sessions: session.sessions,
            meanEndBalances: Object.fromEntries(
              Object.entries(session.endBalances).map(([u, v]) => [u, ratio(v, BigInt(Math.max(1, session.sessions)))]),
            ),
          },
        }
      : {}),
    seconds: input.seconds,
    roundsPerSecond: loopSeconds > 0 ? rounds / loopSeconds : 0,
    roundsPerSecondPerThread: results.map((r) => (r.seconds > 0 ? r.tally.rounds / r.seconds : 0)),
  };
}
