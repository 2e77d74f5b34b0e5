/**
 * What one simulation shard counts, round by round, and how shards merge. Money is
 * summed exactly in integer minor units (signed: a lost gamble's net result is negative),
 * non-cash units too; only the sums used for standard deviations are floats, merged in a
 * fixed order so that the same seed and thread count always give the same bits.
 */
import type { StateBase } from "@reelhouse/engine";
import { ExactSum } from "./exact-sum.js";
import { mergeRatio, type RatioData, RatioSums, type UnitValues, unitsValue } from "./ratio.js";

export { ExactSum } from "./exact-sum.js";

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
  /** Σ state.winBy[source] over rounds, minor units (signed: a gamble's net result may be negative). */
  winBy: Record<string, bigint>;
  /** Per feature: rounds in which it triggered at least once, and total triggers. */
  triggered: Record<string, { rounds: number; triggers: number }>;
  /** Σ state.winUnits[unit] and Σ state.stakeUnits[unit] over rounds (non-cash units), exact. */
  unitsWon: Record<string, bigint>;
  unitsStaked: Record<string, bigint>;
  /**
   * Present when the tally values units ({@link TallyOptions.unitValues}): cash per round
   * (for bets that vary, as in a session) and cash plus units at their value.
   */
  ratio?: { cash: RatioData; valued: RatioData; unitValues: UnitValues };
}

/** How a tally counts beyond cash. */
export interface TallyOptions {
  /**
   * Cash minor units per non-cash unit (e.g. `{bonus: 80}`): the tally then also sums each
   * round's valued bet and win (cash + units x value) for a valued RTP and its band.
   */
  readonly unitValues?: UnitValues;
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
  /** Non-cash units met so far and their exact sums won and staked (parallel arrays). */
  private readonly units: string[] = [];
  private readonly unitsWon: ExactSum[] = [];
  private readonly unitsStaked: ExactSum[] = [];
  /** Per-round cash and valued sums, when units are valued. */
  private readonly cashRatio: RatioSums | null;
  private readonly valuedRatio: RatioSums | null;
  private readonly unitValues: UnitValues | null;
  /** Features met so far, rounds that triggered each, and total triggers. */
  private readonly features: string[] = [];
  private readonly featureRounds: number[] = [];
  private readonly featureTriggers: number[] = [];
  /** Bucket thresholds in minor units for `thresholdBet` (bets rarely change in a run). */
  private readonly thresholds = new Float64Array(WIN_BUCKET_EDGES.length);
  private thresholdBet = -1;

  constructor(options: TallyOptions = {}) {
    this.unitValues = options.unitValues ?? null;
    this.cashRatio = this.unitValues ? new RatioSums() : null;
    this.valuedRatio = this.unitValues ? new RatioSums() : null;
  }

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
    } else {
      this.buckets[0] = (this.buckets[0] as number) + 1;
    }
    // Every round's split counts, won or not: a gamble can bring a round back to 0 (or a
    // part below 0) while its parts still hold amounts.
    const winBy = state.winBy;
    if (winBy !== this.knownZeroWinBy) {
      let nonZero = false;
      for (const source in winBy) {
        const amount = winBy[source] as number;
        if (amount !== 0) {
          nonZero = true;
          (this.sourceSums[this.slot(this.sources, source)] as ExactSum).add(amount);
        }
      }
      if (!nonZero && Object.isFrozen(winBy)) this.knownZeroWinBy = winBy;
    }
    if (state.winUnits !== undefined || state.stakeUnits !== undefined) this.addUnits(state);
    if (this.cashRatio && this.valuedRatio && this.unitValues) {
      this.cashRatio.add(win, bet);
      this.valuedRatio.add(
        win + unitsValue(state.winUnits, this.unitValues),
        bet + unitsValue(state.stakeUnits, this.unitValues),
      );
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
  /** A frozen `winBy` object seen to hold only zeros (see {@link add}). */
  private knownZeroWinBy: StateBase["winBy"] | null = null;

  /** Sums the round's non-cash units won and staked. */
  private addUnits(state: StateBase): void {
    const won = state.winUnits;
    if (won) for (const unit in won) (this.unitsWon[this.unitSlot(unit)] as ExactSum).add(won[unit] as number);
    const staked = state.stakeUnits;
    if (staked) for (const unit in staked) (this.unitsStaked[this.unitSlot(unit)] as ExactSum).add(staked[unit] as number);
  }

  private unitSlot(unit: string): number {
    for (let i = 0; i < this.units.length; i++) if (this.units[i] === unit) return i;
    this.units.push(unit);
    this.unitsWon.push(new ExactSum());
    this.unitsStaked.push(new ExactSum());
    return this.units.length - 1;
  }

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
      unitsWon: Object.fromEntries(this.units.map((u, i) => [u, (this.unitsWon[i] as ExactSum).value])),
      unitsStaked: Object.fromEntries(this.units.map((u, i) => [u, (this.unitsStaked[i] as ExactSum).value])),
      ...(this.cashRatio && this.valuedRatio && this.unitValues
        ? { ratio: { cash: this.cashRatio.data(), valued: this.valuedRatio.data(), unitValues: this.unitValues } }
        : {}),
    };
  }
}

/** An empty tally's data (the identity of {@link mergeTallies}). */
export function emptyTally(): TallyData {
  return new Tally().data();
}

/** Adds `from`'s signed sums into `into`, key by key. */
function addSums(into: Record<string, bigint>, from: Readonly<Record<string, bigint>>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0n) + v;
}

/** The same record with its keys in a stable order, whatever order the shards met them in. */
function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
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
    addSums(total.winBy, p.winBy);
    addSums(total.unitsWon, p.unitsWon);
    addSums(total.unitsStaked, p.unitsStaked);
    if (p.ratio) {
      total.ratio = total.ratio
        ? {
            cash: mergeRatio(total.ratio.cash, p.ratio.cash),
            valued: mergeRatio(total.ratio.valued, p.ratio.valued),
            unitValues: p.ratio.unitValues,
          }
        : structuredClone(p.ratio);
    }
    for (const [k, v] of Object.entries(p.triggered)) {
      const t = total.triggered[k] ?? { rounds: 0, triggers: 0 };
      t.rounds += v.rounds;
      t.triggers += v.triggers;
      total.triggered[k] = t;
    }
  }
  total.winBy = sorted(total.winBy);
  total.triggered = sorted(total.triggered);
  total.unitsWon = sorted(total.unitsWon);
  total.unitsStaked = sorted(total.unitsStaked);
  return total;
}
