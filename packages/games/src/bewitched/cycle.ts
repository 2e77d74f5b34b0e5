/**
 * The full cycle of Bewitched's reels (37 x 37 x 36 x 37 x 37 = 67,513,716 stop combinations),
 * by the engine's `lineCycle`: every window's line pays summed over the first n lines for
 * every n = 1..15, by class = (WITCH count, 3+ MERLIN). Everything one spin decides at any
 * bet follows from it: the Merlin prize and the free spins it may award are drawn apart
 * from the window, so they only scale or extend these laws.
 */
import { type LineCycle, lineCycle, type ReelLaw } from "@reelhouse/engine";
import { BET_OPTIONS, MERLIN, PAYLINES, REELS, ROWS } from "./model.js";
import { LINE_RULE, N_SYMBOLS, setMaths } from "./rtp.js";
import { MERLIN_INDEX, WITCH_INDEX } from "./spin.js";

/** Most WITCH a window can show (one per cell) and so the classes: WITCH count x 2 + Merlin. */
const MAX_WITCHES = REELS * ROWS;
export const CLASSES = (MAX_WITCHES + 1) * 2;

/** The class of a window: WITCH count and whether 3+ MERLIN start the bonus (0/1). */
export const classOf = (witches: number, merlin: number): number => witches * 2 + merlin;

/** Decodes {@link classOf}. */
export const classParts = (klass: number): { witches: number; merlin: number } => ({ witches: klass >> 1, merlin: klass & 1 });

/** The line counts a player may choose: the cycle sums the pays of each. */
export const LINE_COUNTS: readonly number[] = BET_OPTIONS.lines;

/** Enumerates the full cycle of `reels` (default: the model's strips, which free spins play too). */
export function spinCycle(reels: readonly ReelLaw[] = setMaths().reels): LineCycle {
  if (reels.length !== REELS || reels.some((r) => r.rows !== ROWS)) throw new Error("spinCycle: a 5x3 reel set is expected");
  return lineCycle(reels, {
    lines: PAYLINES,
    rule: LINE_RULE,
    symbols: N_SYMBOLS,
    lineCounts: LINE_COUNTS,
    counted: [WITCH_INDEX, MERLIN_INDEX],
    classes: CLASSES,
    classOf: (w) => classOf(w.counts[0] as number, (w.counts[1] as number) >= MERLIN.minSymbols ? 1 : 0),
  });
}
