/**
 * The full cycle: every combination of one stop per reel, each weighted by the product of
 * its stops' weights. The enumerator knows nothing of symbols; the visitor evaluates.
 * Prefix hooks let an evaluator do per-reel work once per prefix instead of once per
 * window (a 5-reel cycle of 43.5 M windows has only 1.4 M four-reel prefixes).
 */
import type { ReelLaw } from "./reels.js";

/** What the enumerator calls. */
export interface CycleVisitor {
  /** Reel `reel` (all but the last) now stands on column `column`; reels before it are unchanged. */
  enter?(reel: number, column: number): void;
  /** One full combination: the last reel stands on `column`; `weight` is the product of the stops' weights. */
  visit(column: number, weight: number): void;
}

/** Size of a cycle: the number of combinations and their total weight. */
export interface CycleSize {
  combinations: number;
  totalWeight: number;
}

/**
 * Visits every stop combination of reels with the given stop weights (`weights[r][stop]`),
 * the last reel fastest. Zero-weight stops are skipped. Weights are multiplied in doubles:
 * integer weights stay exact while products and sums stay below 2^53.
 */
export function enumerateCycle(weights: readonly ArrayLike<number>[], visitor: CycleVisitor): CycleSize {
  const reels = weights.length;
  if (reels === 0) throw new Error("enumerateCycle: no reels");
  const last = weights[reels - 1] as ArrayLike<number>;
  const lastLength = last.length;
  let combinations = 0;
  let totalWeight = 0;
  const walk = (reel: number, weight: number): void => {
    if (reel === reels - 1) {
      for (let c = 0; c < lastLength; c++) {
        const w = last[c] as number;
        if (w === 0) continue;
        visitor.visit(c, weight * w);
        totalWeight += weight * w;
        combinations++;
      }
      return;
    }
    const ws = weights[reel] as ArrayLike<number>;
    for (let c = 0; c < ws.length; c++) {
      const w = ws[c] as number;
      if (w === 0) continue;
      visitor.enter?.(reel, c);
      walk(reel + 1, weight * w);
    }
  };
  walk(0, 1);
  return { combinations, totalWeight };
}

/**
 * Visits every window of a set of reel laws: `evaluate(window, weight)` receives the
 * column-major window (`window[reel * rows + row]`, a reused buffer) and the combination's
 * weight (divide by the returned `totalWeight` for a probability).
 */
export function enumerateWindows(reels: readonly ReelLaw[], evaluate: (window: Uint8Array, weight: number) => void): CycleSize {
  const rows = reels[0]?.rows ?? 0;
  if (reels.some((r) => r.rows !== rows)) throw new Error("enumerateWindows: reels of different heights");
  const window = new Uint8Array(reels.length * rows);
  const last = reels.length - 1;
  const lastCells = (reels[last] as ReelLaw).cells;
  return enumerateCycle(
    reels.map((r) => r.weights),
    {
      enter(reel, column) {
        window.set((reels[reel] as ReelLaw).cells.subarray(column * rows, (column + 1) * rows), reel * rows);
      },
      visit(column, weight) {
        window.set(lastCells.subarray(column * rows, (column + 1) * rows), last * rows);
        evaluate(window, weight);
      },
    },
  );
}
