/**
 * What one simulation shard counts, round by round, and how shards merge. Money is
 * summed exactly in integer minor units; only the sum of squared win ratios (used for
 * the standard deviation) is a float, and it is merged in a fixed order so that the
 * same seed and thread count always give the same bits.
 */
import type { StateBase } from "@reelhouse/engine";

/** Upper edges of the win-distribution buckets, in multiples of the total bet. */
export const WIN_BUCKET_EDGES = [1, 2, 5, 10, 20, 50, 100, 250, 500, 1000] as const;

/** Human labels of the buckets: `0`, `(0,1)`, `[1,2)`, …, `1000+`. */
export const WIN_BUCKET_LABELS: readonly string[] = [
  "0",
  "(0,1)",
  ...WIN_BUCKET_EDGES.slice(1).map((to, i) => `[${WIN_BUCKET_EDGES[i]},${to})`),
  `${WIN_BUCKET_EDGES[WIN_BUCKET_EDGES.length - 1]}+`,
];

const BUCKETS = WIN_BUCKET_LABELS.length;
/** Below this an integer sum of non-negative integers stays exact in a double. */
const FLUSH_AT = 2 ** 52;

/**
 * An exact running sum of non-negative safe integers: a fast double part that is moved into a
 * BigInt before it could lose precision. Adding is one addition and one comparison.
 */
export class ExactSum {
  low = 0;
  high = 0n;
  add(n: number): void {
    const sum = this.low + n;
    if (sum < FLUSH_AT) this.low = sum;
    else {
      // The double sum may have rounded: move both parts into the BigInt exactly.
      this.high += BigInt(this.low) + BigInt(n);
      this.low = 0;
    }
  }
  /** The exact total. */
  get value(): bigint {
    return this.high + BigInt(this.low);
  }
}

/** A shard's counts as plain data (structured-cloneable, so workers can post it). */
export interface TallyData {
  rounds: number;
  betTotal: bigint;
  winTotal: bigint;
  winningRounds: number;
  /** Σ (win / totalBet)² over rounds. */
  sumSquares: number;
  /** Largest round win, minor units, and the total bet of that round. */
  maxWin: number;
  maxWinBet: number;
  /** Round counts per win bucket (see {@link WIN_BUCKET_LABELS}). */
  buckets: number[];
  /** Σ state.winBy[source] over rounds, minor units. */
  winBy: Record<string, bigint>;
  /** Per feature: rounds in which it triggered at least once, and total triggers. */
  triggered: Record<string, { rounds: number; triggers: number }>;
}

/**
 * Counts finished rounds. {@link add} is the hot path: it allocates nothing (after the
 * first round of each new source or feature) and posts nothing; workers report per chunk.
 */
export class Tally {
  rounds = 0;
  readonly bets = new ExactSum();
  readonly wins = new ExactSum();
  winningRounds = 0;
  sumSquares = 0;
  maxWin = 0;
  maxWinBet = 0;
  readonly buckets = new Float64Array(BUCKETS);
  /** Win sources met so far and their exact sums (parallel arrays). */
  private readonly sources: string[] = [];
  private readonly sourceSums: ExactSum[] = [];
  /** Features met so far, rounds that triggered each, and total triggers. */
  private readonly features: string[] = [];
  private readonly featureRounds: number[] = [];
  private readonly featureTriggers: number[] = [];
  /** Bucket thresholds in minor units for `thresholdBet` (bets rarely change in a run). */
  private readonly thresholds = new Float64Array(WIN_BUCKET_EDGES.length);
  private thresholdBet = -1;

  /** Adds one finished round (its final state). */
  add(state: StateBase): void {
    const bet = state.totalBet;
    const win = state.totalWin;
    this.rounds++;
    this.bets.add(bet);
    this.wins.add(win);
    if (win > 0) {
      this.winningRounds++;
      const ratio = win / bet;
      this.sumSquares += ratio * ratio;
      if (win * this.maxWinBet > this.maxWin * bet || this.maxWinBet === 0) {
        this.maxWin = win;
        this.maxWinBet = bet;
      }
      const bucket = this.bucketOf(win, bet);
      this.buckets[bucket] = (this.buckets[bucket] as number) + 1;
      const winBy = state.winBy;
      for (const source in winBy) {
        const amount = winBy[source] as number;
        if (amount !== 0) (this.sourceSums[this.slot(this.sources, source)] as ExactSum).add(amount);
      }
    } else {
      this.buckets[0] = (this.buckets[0] as number) + 1;
    }
    const triggered = state.triggered;
    if (triggered === this.knownZeroTriggers) return;
    let any = false;
    for (const feature in triggered) {
      const times = triggered[feature] as number;
      if (times === 0) continue;
      any = true;
      const i = this.slot(this.features, feature);
      this.featureRounds[i] = (this.featureRounds[i] as number) + 1;
      this.featureTriggers[i] = (this.featureTriggers[i] as number) + times;
    }
    // Games share one frozen all-zero object for rounds without features: remember it
    // and skip the scan next time (frozen, so it can never hold a count later).
    if (!any && Object.isFrozen(triggered)) this.knownZeroTriggers = triggered;
  }

  /** A frozen `triggered` object seen to hold only zeros (see {@link add}). */
  private knownZeroTriggers: StateBase["triggered"] | null = null;

  /**
   * Index of `key` in `keys`, appending it (with zeroed counters) when new. Games have a
   * handful of sources and features, so a scan of interned strings beats a hash lookup.
   */
  private slot(keys: string[], key: string): number {
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return i;
    keys.push(key);
    if (keys === this.sources) this.sourceSums.push(new ExactSum());
    else {
      this.featureRounds.push(0);
      this.featureTriggers.push(0);
    }
    return keys.length - 1;
  }

  /** Bucket index of a positive win: exact integer comparisons against edge x bet. */
  private bucketOf(win: number, bet: number): number {
    if (bet !== this.thresholdBet) {
      for (let i = 0; i < WIN_BUCKET_EDGES.length; i++) this.thresholds[i] = (WIN_BUCKET_EDGES[i] as number) * bet;
      this.thresholdBet = bet;
    }
    const t = this.thresholds;
    let i = 0;
    while (i < t.length && win >= (t[i] as number)) i++;
    return i + 1;
  }

  /** The counts as plain data. */
  data(): TallyData {
    return {
      rounds: this.rounds,
      betTotal: this.bets.value,
      winTotal: this.wins.value,
      winningRounds: this.winningRounds,
      sumSquares: this.sumSquares,
      maxWin: this.maxWin,
      maxWinBet: this.maxWinBet,
      buckets: Array.from(this.buckets),
      winBy: Object.fromEntries(this.sources.map((k, i) => [k, (this.sourceSums[i] as ExactSum).value])),
      triggered: Object.fromEntries(
        this.features.map((k, i) => [
          k,
          { rounds: this.featureRounds[i] as number, triggers: this.featureTriggers[i] as number },
        ]),
      ),
    };
  }
}

/** An empty tally's data (the identity of {@link mergeTallies}). */
export function emptyTally(): TallyData {
  return new Tally().data();
}

/**
 * Merges shard tallies in the order given. Integer fields add exactly; the float
 * `sumSquares` adds in that order, so a fixed shard order gives a fixed result.
 */
export function mergeTallies(parts: readonly TallyData[]): TallyData {
  const total = emptyTally();
  for (const p of parts) {
    total.rounds += p.rounds;
    total.betTotal += p.betTotal;
    total.winTotal += p.winTotal;
    total.winningRounds += p.winningRounds;
    total.sumSquares += p.sumSquares;
    if (p.maxWinBet > 0 && (total.maxWinBet === 0 || p.maxWin * total.maxWinBet > total.maxWin * p.maxWinBet)) {
      total.maxWin = p.maxWin;
      total.maxWinBet = p.maxWinBet;
    }
    p.buckets.forEach((n, i) => {
      total.buckets[i] = (total.buckets[i] ?? 0) + n;
    });
    for (const [k, v] of Object.entries(p.winBy)) total.winBy[k] = (total.winBy[k] ?? 0n) + v;
    for (const [k, v] of Object.entries(p.triggered)) {
      const t = total.triggered[k] ?? { rounds: 0, triggers: 0 };
      t.rounds += v.rounds;
      t.triggers += v.triggers;
      total.triggered[k] = t;
    }
  }
  // Stable key order, whatever order the shards met the sources in.
  total.winBy = Object.fromEntries(Object.entries(total.winBy).sort(([a], [b]) => a.localeCompare(b)));
  total.triggered = Object.fromEntries(Object.entries(total.triggered).sort(([a], [b]) => a.localeCompare(b)));
  return total;
}
