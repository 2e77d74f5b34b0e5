/**
 * Turns merged counts into the simulation report: RTP with its 99% confidence band,
 * standard deviation, hit and feature frequencies, RTP breakdown and win distribution.
 */
import { type TallyData, WIN_BUCKET_EDGES, WIN_BUCKET_LABELS } from "./tally.js";

/** The two-sided 99% quantile of the standard normal distribution. */
export const Z99 = 2.576;

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
  /** Timing (the only fields that differ between identical runs). */
  seconds: number;
  roundsPerSecond: number;
  roundsPerSecondPerThread: number[];
}

/** The fields of a report that depend on timing, not on the draws. */
export const TIMING_FIELDS = ["seconds", "roundsPerSecond", "roundsPerSecondPerThread"] as const;

/** Ratio of two exact integers as a double, dividing once at full precision. */
export function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  // Scale so that the quotient keeps ~17 significant digits even for huge totals.
  const SCALE = 10n ** 18n;
  return Number((numerator * SCALE) / denominator) / 1e18;
}

/** Whether `value` lies inside the closed band `[lo, hi]`. */
export function inBand(value: number, band: readonly [number, number]): boolean {
  return value >= band[0] && value <= band[1];
}

/**
 * Builds the report's statistics from merged counts. Assumes one bet for the whole run
 * (the simulator plays one), so every round's total bet equals `betTotal / rounds`.
 */
export function summarise(
  t: TallyData,
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
  const stdev = Math.sqrt(variance);
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
