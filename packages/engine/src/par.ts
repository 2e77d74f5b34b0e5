/**
 * The exact (non-simulated) PAR report every game's `exact.ts` produces. Fractions are
 * of the total bet (0.9656 = 96.56%); probabilities are per paid round unless noted.
 */
export interface ParReport {
  game: string;
  version: string;
  /** Total return to player, exact. */
  rtp: number;
  /** RTP split by source; the parts sum to `rtp`. */
  breakdown: { baseLines: number; baseScatter: number; freeSpins: number; bonus: number } & Record<string, number>;
  /** Probability that a base spin pays anything (line, scatter or bonus trigger). */
  hitFrequency: number;
  /** Feature frequencies: probability per paid round, and the mean rounds between triggers. */
  features: { id: string; name: string; probability: number; oneIn: number; note?: string }[];
  /** Every paying combination: probability on one enabled line (lines) or per spin (scatter, bonus). */
  combinations: {
    kind: "line" | "scatter" | "bonus";
    symbol: string;
    count: number;
    pay: number;
    probability: number;
    /** Contribution to the base game's RTP. */
    rtp: number;
  }[];
  /** Distribution of one base spin's win, in multiples of the total bet (exact, full cycle). */
  winDistribution: { from: number; to: number | null; probability: number }[];
  /** RTP by a bet dimension where it differs (e.g. number of lines played). */
  rtpBy?: { dimension: string; rows: { value: number; rtp: number }[] };
  /** Other exact figures worth certifying (cycle size, expected free spins, stdev…). */
  figures: Record<string, number>;
  /** Method and assumptions in words. */
  notes: string[];
}

/** Options for a game's exact calculation. */
export interface ExactOptions {
  /**
   * false skips the full-cycle enumeration (hit frequency, base win distribution),
   * which can take seconds; RTP and its breakdown are exact either way.
   */
  readonly fullCycle?: boolean;
}
