/**
 * Holds and advances (nudges) of reel stops, as on Spanish arcade machines (Gnomos Mix):
 * held reels keep their stop while the others spin; an advance moves one reel on by one
 * figure; a set of n advances reaches a small, enumerable set of windows.
 *
 * Direction: windows show `strip[stop + row]` from the top, and a reel turns downwards, so
 * one advance brings the figure just above a row onto it: the stop moves to `stop - 1`
 * (the default, {@link AdvanceDirection} −1); a machine turning the other way passes +1.
 *
 * Weighted reels: a respin draws each spinning reel by its stop weights (`drawStop`), and
 * the exact kits ({@link holdRespinLaws}, {@link holdRespinOutcomes}, {@link advanceLaws})
 * count the same weights, so the draws and the exact maths agree stop for stop.
 */
import { type ReelLaw, reelLaw } from "../exact/reels.js";
import type { Rng } from "../rng/rng.js";
import { GameInputError } from "../round.js";
import { drawStop, fillWindow, type ReelSet } from "./strips.js";

/** Which way one advance moves a stop: −1 (`stop − 1`, the figure above comes down: the default) or +1. */
export type AdvanceDirection = -1 | 1;

/**
 * Checks a player's holds: one flag per reel, at most `maxHeld` set (Gnomos: 2 of 3, so at
 * least one reel always spins). Throws {@link GameInputError} `BAD_HOLD`.
 */
export function validateHolds(held: readonly boolean[], reels: number, maxHeld: number): void {
  if (held.length !== reels || !held.every((h) => typeof h === "boolean")) {
    throw new GameInputError("BAD_HOLD", `holds must be ${reels} booleans, one per reel`);
  }
  const n = held.filter(Boolean).length;
  if (n > maxHeld) throw new GameInputError("BAD_HOLD", `at most ${maxHeld} reels may be held, got ${n}`);
}

function checkShape(reels: ReelSet, stops: readonly number[], held: readonly boolean[]): void {
  const count = reels.strips.length;
  if (stops.length !== count || held.length !== count) {
    throw new RangeError(`stops and holds must have one entry per reel (${count})`);
  }
}

/**
 * One spin with holds: each reel not held draws a fresh stop, in reel order, exactly as
 * `drawStop` does (one `rng.int(length)`, or one `rng.int(total weight)` on a reel with stop
 * weights); held reels keep theirs and draw nothing. Returns new stops.
 */
export function spinWithHolds(reels: ReelSet, stops: readonly number[], held: readonly boolean[], rng: Rng): number[] {
  checkShape(reels, stops, held);
  return reels.strips.map((_, r) => (held[r] ? (stops[r] as number) : drawStop(reels, r, rng)));
}

/**
 * The stop after `k` advances (k may be negative: a reel turned back) on a strip of
 * `length`, each advance moving the stop by `direction` (default −1).
 */
export function advanceStop(stop: number, length: number, k: number, direction: AdvanceDirection = -1): number {
  return (((stop + direction * k) % length) + length) % length;
}

/** New stops with reel `reel` advanced `k` figures in `direction` (default −1); the others unchanged. */
export function advanceReel(
  reels: ReelSet,
  stops: readonly number[],
  reel: number,
  k: number,
  direction: AdvanceDirection = -1,
): number[] {
  const strip = reels.strips[reel];
  if (!strip) throw new RangeError(`reel ${reel} does not exist`);
  return stops.map((s, r) => (r === reel ? advanceStop(s, strip.length, k, direction) : s));
}

/** A position reachable by advances: how many advances each reel got, and the stops they give. */
export interface Advanced {
  readonly advances: readonly number[];
  readonly stops: readonly number[];
}

/** Options of {@link reachableByAdvances}. */
export interface ReachOptions {
  /** Reels that may be advanced (default all). */
  readonly eligible?: readonly number[];
  /** Use exactly `n` advances instead of at most `n` (default false: the player may stop early). */
  readonly exactly?: boolean;
  /** Which way an advance turns a reel (default −1). */
  readonly direction?: AdvanceDirection;
}

/**
 * Every distinct set of stops reachable from `stops` with at most (or exactly) `n`
 * advances spread over the eligible reels. Advances on different reels commute, so a
 * position is fixed by the count per reel; each distinct set of stops is listed once, with
 * the fewest advances that reach it, in order of total advances, then reel by reel. The
 * starting position itself is first when `exactly` is false.
 */
export function reachableByAdvances(reels: ReelSet, stops: readonly number[], n: number, options: ReachOptions = {}): Advanced[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`advances must be a non-negative integer, got ${n}`);
  const count = reels.strips.length;
  const eligible = options.eligible ?? Array.from({ length: count }, (_, r) => r);
  const out: Advanced[] = [];
  const seen = new Set<string>();
  const advances = new Array<number>(count).fill(0);
  // Distribute `left` advances over eligible[i..] (compositions in lexicographic order).
  const place = (i: number, left: number): void => {
    if (i === eligible.length) {
      if (left !== 0) return;
      let next = [...stops];
      advances.forEach((k, r) => {
        if (k > 0) next = advanceReel(reels, next, r, k, options.direction ?? -1);
      });
      const key = next.join(",");
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ advances: [...advances], stops: next });
      }
      return;
    }
    const reel = eligible[i] as number;
    for (let k = left; k >= 0; k--) {
      advances[reel] = k;
      place(i + 1, left - k);
    }
    advances[reel] = 0;
  };
  for (let total = options.exactly ? n : 0; total <= n; total++) place(0, total);
  return out;
}

/**
 * {@link reachableByAdvances} with each position's window (`rows` rows, column-major), for
 * a game that scores every reachable window (auto-advance, optimal play).
 */
export function reachableWindows(
  reels: ReelSet,
  stops: readonly number[],
  n: number,
  rows: number,
  options: ReachOptions = {},
): (Advanced & { readonly window: Uint8Array })[] {
  return reachableByAdvances(reels, stops, n, options).map((p) => ({
    ...p,
    window: fillWindow(reels, p.stops, rows, new Uint8Array(reels.strips.length * rows)),
  }));
}

/**
 * The column law of one reel for exact maths: a point mass on `stop`'s column when the reel
 * is held (or advanced to a known stop), else its stops weighted by the reel set's stop
 * weights (uniform without), exactly as `drawStop` draws them.
 */
export function reelStopLaw(reels: ReelSet, reel: number, rows: number, stop?: number): ReelLaw {
  const strip = reels.strips[reel];
  if (!strip) throw new RangeError(`reel ${reel} does not exist`);
  if (stop === undefined) return reelLaw(strip, rows, reels.weights?.[reel]?.weights);
  if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new RangeError(`reel ${reel}: no stop ${stop}`);
  const cells = new Uint8Array(rows);
  for (let row = 0; row < rows; row++) cells[row] = strip[(stop + row) % strip.length] as number;
  return { rows, cells, weights: Float64Array.of(1), total: 1 };
}

/**
 * The law of the window after a respin with holds, reel by reel: held reels a point mass on
 * their column, spinning reels their weighted column law (the reels are independent).
 */
export function holdRespinLaws(reels: ReelSet, stops: readonly number[], held: readonly boolean[], rows: number): ReelLaw[] {
  checkShape(reels, stops, held);
  return reels.strips.map((_, r) => reelStopLaw(reels, r, rows, held[r] ? (stops[r] as number) : undefined));
}

/** Every outcome of a respin with holds: the stops and their integer weight; `weight / total` is its probability. */
export interface HoldRespinOutcomes {
  readonly total: number;
  readonly outcomes: { readonly stops: number[]; readonly weight: number }[];
}

/**
 * Enumerates the stops a respin with holds can give (held reels fixed, each spinning reel
 * over its stops of non-zero weight), with integer weights: the product of the spinning
 * reels' stop weights (1 each on an unweighted reel), `total` their product of totals.
 */
export function holdRespinOutcomes(reels: ReelSet, stops: readonly number[], held: readonly boolean[]): HoldRespinOutcomes {
  checkShape(reels, stops, held);
  const choices = reels.strips.map((strip, r) => {
    if (held[r]) return { stops: [stops[r] as number], weights: [1], total: 1 };
    const table = reels.weights?.[r];
    const w = table ? table.weights : Array.from(strip, () => 1);
    const live = w.flatMap((x, s) => (x > 0 ? [s] : []));
    return { stops: live, weights: live.map((s) => w[s] as number), total: table ? table.total : strip.length };
  });
  const total = choices.reduce((t, c) => t * c.total, 1);
  const outcomes: { stops: number[]; weight: number }[] = [];
  const at = new Array<number>(choices.length).fill(0);
  const walk = (r: number, weight: number): void => {
    if (r === choices.length) {
      outcomes.push({ stops: [...at], weight });
      return;
    }
    const c = choices[r] as (typeof choices)[number];
    c.stops.forEach((s, i) => {
      at[r] = s;
      walk(r + 1, weight * (c.weights[i] as number));
    });
  };
  walk(0, 1);
  return { total, outcomes };
}

/**
 * The window after advancing reel `reel` by `k` figures in `direction`, as exact laws (every
 * reel a point mass: an advance is deterministic). With {@link holdRespinLaws} it gives
 * the law of any hold / advance sequence.
 */
export function advanceLaws(
  reels: ReelSet,
  stops: readonly number[],
  reel: number,
  k: number,
  rows: number,
  direction: AdvanceDirection = -1,
): ReelLaw[] {
  const next = advanceReel(reels, stops, reel, k, direction);
  return next.map((s, r) => reelStopLaw(reels, r, rows, s));
}
