/**
 * The full cycle of Mermaid Treasure's reels at 15 lines: every stop combination (43,512,000
 * on the model's strips), each window evaluated as the round evaluates it, by the engine's
 * `lineCycle`. The result is the exact joint law of what one spin decides, kept as
 * histograms of the summed line pays (coins per coin on a line) by class = (MERMAID count,
 * Treasure picks): everything the round law needs (base spin, free spin, trigger, bonus)
 * follows from it without re-enumerating.
 */
import { type LineCycle, lineCycle, type ReelLaw } from "@reelhouse/engine";
import { PAYLINES, REELS, ROWS, TREASURE_BONUS } from "./model.js";
import { BONUS_INDEX, LINE_RULE, N_SYMBOLS, SCATTER_INDEX } from "./rtp.js";

/** Picks by class index: no bonus, or a run of 3, 4 or 5. */
export const PICK_CLASSES: readonly number[] = [0, 3, 4, 5];

/** The class of a window: MERMAID count x 4 + index of its picks in {@link PICK_CLASSES}. */
export const classOf = (scatters: number, picks: number): number => scatters * PICK_CLASSES.length + PICK_CLASSES.indexOf(picks);

/** The joint law of one spin at 15 lines. */
export type SpinCycle = Pick<LineCycle, "histogram" | "combinations" | "totalWeight">;

/**
 * Enumerates the full cycle of `reels` (reel laws of the strips) at 15 lines: the MERMAID
 * count anywhere, and the longest TREASURE run from reel 1 over the lines (picks).
 */
export function spinCycle(reels: readonly ReelLaw[]): SpinCycle {
  if (reels.length !== REELS || reels.some((r) => r.rows !== ROWS)) throw new Error("spinCycle: a 5x3 reel set is expected");
  const { histogram, combinations, totalWeight } = lineCycle(reels, {
    lines: PAYLINES,
    rule: LINE_RULE,
    symbols: N_SYMBOLS,
    counted: [SCATTER_INDEX],
    runs: [BONUS_INDEX],
    classes: classOf(REELS * ROWS, 5) + 1,
    classOf: (w) => {
      const run = w.longestRun(0);
      return classOf(w.counts[0] as number, run >= TREASURE_BONUS.minRun ? run : 0);
    },
  });
  return { histogram, combinations, totalWeight };
}
