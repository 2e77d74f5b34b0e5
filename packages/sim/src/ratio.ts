/**
 * RTP as a ratio estimator, for runs whose rounds do not all stake the same: a session
 * switching bets, or rounds valued as cash plus non-cash units (Gnomos Mix's Bonuses at
 * 0.80 EUR). RTP = Σ win / Σ bet over rounds, exactly; its 99% band comes from the
 * per-round residuals `win − RTP · bet` (the delta method), which reduces to the usual
 * `stdev(win / bet) / sqrt(N)` when every round stakes the same.
 */
import type { Amounts } from "@reelhouse/engine";
import { ExactSum } from "./exact-sum.js";
import { ratio, Z99 } from "./stats.js";

/** Cash minor units per non-cash unit, e.g. `{bonus: 80}`. */
export type UnitValues = Readonly<Record<string, number>>;

/** The per-round sums of one valuation (plain data, merged across shards). */
export interface RatioData {
  rounds: number;
  /** Σ win and Σ bet, exact. */
  winTotal: bigint;
  betTotal: bigint;
  /** Σ win², Σ bet², Σ win·bet (floats: only for the band). */
  ww: number;
  bb: number;
  wb: number;
}

/** Cash value of an amount of non-cash units: Σ amount[u] x value[u]; units without a value count 0. */
export function unitsValue(amounts: Amounts | undefined, values: UnitValues): number {
  if (amounts === undefined) return 0;
  let v = 0;
  for (const unit in amounts) v += (amounts[unit] as number) * (values[unit] ?? 0);
  return v;
}

/**
 * Parses `unit=value` pairs (`bonus=80`, comma-separated or repeated) into unit values:
 * non-negative safe integers of cash minor units. Throws a clear `Error`.
 */
export function parseUnitValues(texts: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of texts.flatMap((t) => t.split(","))) {
    const match = /^\s*([A-Za-z][\w-]*)\s*=\s*(\d+)\s*$/.exec(part);
    const value = match ? Number(match[2]) : Number.NaN;
    if (!match || !Number.isSafeInteger(value))
      throw new Error(`expected unit=value with a whole number of minor units (e.g. bonus=80), got '${part}'`);
    if (match[1] === "cash") throw new Error("cash is the unit everything is valued in; give values for non-cash units only");
    out[match[1] as string] = value;
  }
  return out;
}

/** Running sums of one valuation. */
export class RatioSums {
  private rounds = 0;
  private readonly win = new ExactSum();
  private readonly bet = new ExactSum();
  private ww = 0;
  private bb = 0;
  private wb = 0;
  add(win: number, bet: number): void {
    this.rounds++;
    this.win.add(win);
    this.bet.add(bet);
    this.ww += win * win;
    this.bb += bet * bet;
    this.wb += win * bet;
  }
  data(): RatioData {
    return { rounds: this.rounds, winTotal: this.win.value, betTotal: this.bet.value, ww: this.ww, bb: this.bb, wb: this.wb };
  }
}

/** Sums of two shards (in the order given, so that the floats add in a fixed order). */
export function mergeRatio(a: RatioData, b: RatioData): RatioData {
  return {
    rounds: a.rounds + b.rounds,
    winTotal: a.winTotal + b.winTotal,
    betTotal: a.betTotal + b.betTotal,
    ww: a.ww + b.ww,
    bb: a.bb + b.bb,
    wb: a.wb + b.wb,
  };
}

/** RTP, its 99% band, and the per-round standard deviation in multiples of the mean bet. */
export function ratioSummary(d: RatioData): { rtp: number; ci99: [number, number]; stdev: number } {
  const n = d.rounds;
  const rtp = ratio(d.winTotal, d.betTotal);
  const meanBet = n > 0 ? Number(d.betTotal) / n : 0;
  // Σ (w − R·b)² expanded; clamped at 0 against rounding.
  const residual = Math.max(0, d.ww - 2 * rtp * d.wb + rtp * rtp * d.bb);
  const stdev = n > 1 && meanBet > 0 ? Math.sqrt(residual / (n - 1)) / meanBet : 0;
  const half = n > 0 ? (Z99 * stdev) / Math.sqrt(n) : 0;
  return { rtp, ci99: [rtp - half, rtp + half], stdev };
}
