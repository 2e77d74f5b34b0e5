/**
 * The full cycle of a reel set at 25 lines: every stop combination (43,614,208 on the base
 * strips), each window evaluated as the round evaluates it, by the engine's `lineCycle`.
 * The result is the exact joint law of what one spin decides, kept as histograms of the
 * summed line pays (coins per coin on a line, the 5-JACKPOT lines' paytable value included)
 * by class = (SCATTER count, Jewel trigger, number of 5-JACKPOT lines): the paid spin's law
 * at any bet level follows from it.
 */
import { evaluateTuple, type LineCycle, type LineRule, lineCycle, type ReelLaw } from "@reelhouse/engine";
import { isTriggerColumn } from "./jewel-chain.js";
import { PAYLINES, REELS, ROWS } from "./model.js";
import { JACKPOT_INDEX, N_SYMBOLS, SCATTER_INDEX } from "./tables.js";

/** Most 5-JACKPOT lines a class records (a stacked JACKPOT pair on every reel allows several). */
export const MAX_JACKPOT_LINES = 8;

/** The class of a window: SCATTER count, Jewel trigger (0/1), 5-JACKPOT lines. */
export const classOf = (scatters: number, trigger: number, jackpotLines: number): number =>
  (scatters * 2 + trigger) * (MAX_JACKPOT_LINES + 1) + jackpotLines;

/** Decodes {@link classOf}. */
export function classParts(klass: number): { scatters: number; trigger: number; jackpotLines: number } {
  const jackpotLines = klass % (MAX_JACKPOT_LINES + 1);
  const rest = (klass - jackpotLines) / (MAX_JACKPOT_LINES + 1);
  return { scatters: Math.floor(rest / 2), trigger: rest % 2, jackpotLines };
}

/** The joint law of one spin at 25 lines. */
export type SpinCycle = Pick<LineCycle, "histogram" | "combinations" | "totalWeight">;

/**
 * Enumerates the full cycle of `reels` at 25 lines under `rule`: the SCATTER count
 * anywhere, whether reel 1's column triggers Jewel spins, and the lines showing 5 JACKPOT.
 */
export function spinCycle(reels: readonly ReelLaw[], rule: LineRule): SpinCycle {
  if (reels.length !== REELS || reels.some((r) => r.rows !== ROWS)) throw new Error("spinCycle: a 5x3 reel set is expected");
  if (evaluateTuple(rule, new Array<number>(REELS).fill(JACKPOT_INDEX)).pay <= 0)
    throw new Error("spinCycle: 5 JACKPOT must pay");
  const reel1 = reels[0] as ReelLaw;
  const triggers = Uint8Array.from({ length: reel1.weights.length }, (_, c) =>
    isTriggerColumn(reel1.cells.subarray(c * ROWS, (c + 1) * ROWS)) ? 1 : 0,
  );
  const { histogram, combinations, totalWeight } = lineCycle(reels, {
    lines: PAYLINES,
    rule,
    symbols: N_SYMBOLS,
    counted: [SCATTER_INDEX],
    runs: [JACKPOT_INDEX],
    classes: classOf(REELS * ROWS, 1, MAX_JACKPOT_LINES) + 1,
    classOf: (w) => {
      const jackpots = w.linesWithRun(0, REELS);
      if (jackpots > MAX_JACKPOT_LINES) throw new Error(`spinCycle: ${jackpots} 5-JACKPOT lines in one window`);
      return classOf(w.counts[0] as number, triggers[w.stops[0] as number] as number, jackpots);
    },
  });
  return { histogram, combinations, totalWeight };
}
