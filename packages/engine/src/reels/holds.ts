/**
 * Holds and advances (nudges) of reel stops, as on Spanish arcade machines (Gnomos Mix):
 * held reels keep their stop while the others spin; an advance moves one reel on by one
 * figure; a set of n advances reaches a small, enumerable set of windows.
 *
 * Direction: windows show `strip[stop + row]` from the top, and a reel turns downwards, so
 * one advance brings the figure just above a row onto it: the stop moves to `stop - 1`.
 */
import type { Rng } from "../rng/rng.js";
import { GameInputError } from "../round.js";
import { fillWindow, type ReelSet } from "./strips.js";

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

/**
 * One spin with holds: each reel not held draws a fresh stop (one `rng.int(length)`, in
 * reel order, as `drawStops` does); held reels keep theirs and draw nothing. Returns new stops.
 */
export function spinWithHolds(reels: ReelSet, stops: readonly number[], held: readonly boolean[], rng: Rng): number[] {
  const strips = reels.strips;
  if (stops.length !== strips.length || held.length !== strips.length) {
    throw new RangeError(`stops and holds must have one entry per reel (${strips.length})`);
  }
  return strips.map((strip, r) => (held[r] ? (stops[r] as number) : rng.int(strip.length)));
}

/** The stop after `k` advances (k may be negative: a reel turned back) on a strip of `length`. */
export function advanceStop(stop: number, length: number, k: number): number {
  return (((stop - k) % length) + length) % length;
}

/** New stops with reel `reel` advanced `k` figures; the others unchanged. */
export function advanceReel(reels: ReelSet, stops: readonly number[], reel: number, k: number): number[] {
  const strip = reels.strips[reel];
  if (!strip) throw new RangeError(`reel ${reel} does not exist`);
  return stops.map((s, r) => (r === reel ? advanceStop(s, strip.length, k) : s));
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
        if (k > 0) next = advanceReel(reels, next, r, k);
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
