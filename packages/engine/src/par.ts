/**
 * The exact (non-simulated) PAR report every game's `exact.ts` produces, schema
 * `reelhouse.par/2`. Fractions are of the total bet (0.9656 = 96.56%), wins are in
 * multiples of the total bet ("x"), and every probability says what it is per (`per`):
 * a paid round (the paid spin and every feature it leads to), a paid spin, one line, one
 * free spin, one bonus. `definitions` words each headline figure for a reader.
 *
 * Extensible: games add breakdown keys, variants (bet levels, bought modes, policies,
 * operator configurations), features, distributions and tables; renderers show what is there.
 */
import type { Bucket } from "./exact/histogram.js";

export const PAR_SCHEMA = "reelhouse.par/2" as const;

/** What a probability is counted per. */
export type ParPer = "round" | "paidSpin" | "line" | "freeSpin" | "bonus" | "series";

/** RTP split by source; the parts sum to the RTP. Base game line and scatter wins are always present. */
export type ParBreakdown = { baseLines: number; baseScatter: number } & Record<string, number>;

/** One playable variant of the game and its exact RTP. */
export interface ParVariant {
  /** The bet (the game's own fields, e.g. lines and coins per line); null when the variant is not a bet level. */
  bet: Record<string, unknown> | null;
  /** The game mode (e.g. "base", a bought feature). */
  mode: string;
  /** The player policy the figure holds for ("any" when choices cannot change it). */
  policy: string;
  /** The operator configuration (null when the game has none). */
  config: Record<string, unknown> | null;
  /**
   * The placement (e.g. where a mode's wild lands) the figures are conditional on; absent
   * when the variant covers every placement at their weights.
   */
  placement?: string;
  rtp: number;
  breakdown: ParBreakdown;
  /** Other figures of the variant (e.g. rtpLongRun, stdev). */
  figures?: Record<string, number>;
}

/** A feature trigger and how often it happens. */
export interface ParFeature {
  id: string;
  name: string;
  per: ParPer;
  probability: number;
  oneIn: number;
  note?: string;
}

/** A paying combination, its probability and its contribution to the RTP. */
export interface ParCombination {
  kind: "line" | "scatter" | "bonus";
  symbol: string;
  count: number;
  /** Line pays: coins per coin on the line; scatter: x total bet; bonus: the mean award in coins per coin on a line. */
  pay: number;
  /** Line combinations: probability on one enabled line; scatter and bonus: per paid spin. */
  per: ParPer;
  probability: number;
  /** Contribution to the base game's RTP. */
  rtp: number;
}

/** A win distribution in buckets of x total bet, with what it is and how it was computed. */
export interface ParDistribution {
  id: string;
  name: string;
  per: ParPer;
  buckets: Bucket[];
  /** P(win > 0): 1 − the "0" bucket. */
  hit: number;
  mean: number;
  stdev: number;
  /**
   * P(win >= x · bet) for a few x. `upperBound: true` marks a value below what the method can
   * resolve, given instead as a proven upper bound (Chernoff).
   */
  exceedance: { x: number; probability: number; upperBound?: boolean }[];
  /** Probability mass the buckets may misplace (truncation), with the method that bounds it. */
  truncatedMass: number;
  method: string;
}

/** An award rarer than the disclosure threshold (1 in 100,000,000). */
export interface ParRareAward {
  award: string;
  per: ParPer;
  probability: number;
  /** log10 of the probability, for awards too rare for a double. */
  log10Probability: number;
}

/** The 99% band of the RTP a simulation of N rounds should fall in: rtp ± 2.576·σ/√N. */
export interface ParBand {
  rounds: number;
  halfWidth: number;
  low: number;
  high: number;
}

/** Free-spin series statistics. */
export interface ParFreeSpins {
  /** Spins awarded by a trigger and by a retrigger. */
  award: number;
  retriggerAward: number;
  /** Most spins a series can hold, or null when unlimited. */
  cap: number | null;
  /** P(trigger) per paid spin; P(retrigger) per free spin. */
  triggerProbability: number;
  retriggerProbability: number;
  expectedSpins: number;
  /** Expected series win and its standard deviation, x total bet. */
  expectedWin: number;
  stdevWin: number;
  /** P(a series retriggers at least once); P(a series reaches its cap). */
  seriesRetriggerProbability: number;
  capReachedProbability: number;
  /** P(series plays exactly n spins), listed while above 1e-300; `truncatedMass` what is left out. */
  lengthDistribution: { spins: number; probability: number }[];
  truncatedMass: number;
}

/** A reel set as the sheet lists it. */
export interface ParReelSet {
  id: string;
  strips: string[][];
  /** `symbolCounts[symbol][reel]` = stops of that symbol on that reel. */
  symbolCounts: Record<string, number[]>;
  /**
   * Weighted stops: `stopWeights[reel][stop]` = the weight of that stop (P = weight / the
   * reel's total); absent when every stop is equally likely.
   */
  stopWeights?: number[][];
}

/** A game-specific table (pick prizes, bonus totals, …) the renderers show as is. */
export interface ParTable {
  id: string;
  title: string;
  note?: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/** The exact PAR report (`reelhouse.par/2`). */
export interface ParReport {
  schema: typeof PAR_SCHEMA;
  game: string;
  version: string;
  /** SHA-256 of the game's model data (`reelhouse model <game> --json`) in canonical JSON. */
  mathsHash: string;
  /** The bet the headline figures are at. */
  defaultBet: Record<string, unknown>;
  /** Total return to player at the default bet, exact. */
  rtp: number;
  /**
   * Games with a wager-funded progressive: the long-run return of the default bet's wagers
   * including the contributions, which the pool pays out to its winners (a house-level figure:
   * see each variant's `figures` for what a player at that bet gets back). Absent otherwise.
   */
  rtpLongRun?: number;
  breakdown: ParBreakdown;
  /**
   * P(a paid round's total win > 0); equals 1 − the "0" bucket of `winDistribution`.
   * NaN when the full cycle was skipped.
   */
  hitFrequency: number;
  /** Every hit frequency the sheet can mean, each labelled with its definition. */
  hitFrequencies: { id: string; name: string; per: ParPer; probability: number }[];
  /** Standard deviation of a paid round's total win, x total bet (NaN when the full cycle was skipped). */
  stdev: number;
  /** Volatility index: 1.645 x stdev (90% confidence), x total bet. */
  volatilityIndex: number;
  /** The largest round win (x total bet; null when unbounded) and its probability per round. */
  maxWin: { x: number | null; probability: number; log10Probability: number; description: string };
  variants: ParVariant[];
  features: ParFeature[];
  combinations: ParCombination[];
  /** Distribution of a whole paid round's win, x total bet (the simulator's buckets). */
  winDistribution: Bucket[];
  /** Every distribution the sheet gives (the whole round, the paid spin alone, …). */
  distributions: ParDistribution[];
  bands: ParBand[];
  rareAwards: ParRareAward[];
  freeSpins?: ParFreeSpins;
  reels: ParReelSet[];
  tables: ParTable[];
  /** Words for the headline figures, by field name. */
  definitions: Record<string, string>;
  /** Other exact figures worth certifying (cycle size, cross-checks, …). */
  figures: Record<string, number>;
  /** Method and assumptions in words. */
  notes: string[];
}

/** Options for a game's exact calculation. */
export interface ExactOptions {
  /**
   * false skips the full-cycle enumeration and what needs it (hit frequency, standard
   * deviation, distributions), which takes seconds; RTP, breakdown and variants are exact either way.
   */
  readonly fullCycle?: boolean;
}

/** The 99% bands of a simulation's RTP for N = 10^4 … 10^8 rounds. */
export function rtpBands(rtp: number, stdev: number, rounds: readonly number[] = [1e4, 1e5, 1e6, 1e7, 1e8]): ParBand[] {
  return rounds.map((n) => {
    const halfWidth = (2.576 * stdev) / Math.sqrt(n);
    return { rounds: n, halfWidth, low: rtp - halfWidth, high: rtp + halfWidth };
  });
}

/** Multiplier of the volatility index: z of a two-sided 90% interval, as labs quote it. */
export const VOLATILITY_Z = 1.645;

/**
 * A complete `reelhouse.par/2` report from its core figures, every other field empty or NaN
 * ("not computed"): for games whose sheet is not finished yet and for test fixtures.
 */
export function parReport(core: Pick<ParReport, "game" | "version" | "rtp" | "breakdown"> & Partial<ParReport>): ParReport {
  return {
    schema: PAR_SCHEMA,
    mathsHash: "",
    defaultBet: {},
    hitFrequency: Number.NaN,
    hitFrequencies: [],
    stdev: Number.NaN,
    volatilityIndex: Number.NaN,
    maxWin: { x: Number.NaN, probability: Number.NaN, log10Probability: Number.NaN, description: "not computed" },
    variants: [],
    features: [],
    combinations: [],
    winDistribution: [],
    distributions: [],
    bands: [],
    rareAwards: [],
    reels: [],
    tables: [],
    definitions: {},
    figures: {},
    notes: [],
    ...core,
  };
}
