/** Test helpers: the draws that put chosen stops (and a chosen placement) on the reels, and the usual contexts. */
import { type Draw, defaultContext, type RoundContext } from "@reelhouse/engine";
import { REELS } from "./model.js";
import { MODES, type ModeId, type ReelSetId } from "./modes.js";
import { COMPILED_SETS } from "./rules.js";
import type { MysticConfig } from "./types.js";
import { parseConfig } from "./validate.js";

/** Every feature allowed, the sheet's Fold rules. */
export const CTX: RoundContext<MysticConfig> = defaultContext(parseConfig(undefined));

/** The draw that lands `stop` on reel `reel` of a reel set (weighted reels: the first value of the stop's range). */
export function stopDraw(set: ReelSetId, reel: number, stop: number): Draw {
  const compiled = COMPILED_SETS[set];
  const table = compiled.weights?.[reel];
  if (table) return [table.total, stop === 0 ? 0 : (table.cumulative[stop - 1] as number)];
  return [(compiled.strips[reel] as Uint8Array).length, stop];
}

/**
 * The draws of one spin: the placement (index in the mode's list, when it has several),
 * then a stop per spinning reel (null stops are the bought reels, skipped).
 */
export function spinDraws(set: ReelSetId, stops: readonly (number | null)[], mode?: ModeId, placement = 0): Draw[] {
  const draws: Draw[] = [];
  const m = mode ? MODES.find((x) => x.id === mode) : undefined;
  if (m && m.placements.length > 1) {
    const total = m.placements.reduce((a, p) => a + p.weight, 0);
    const before = m.placements.slice(0, placement).reduce((a, p) => a + p.weight, 0);
    draws.push([total, before]);
  }
  for (let r = 0; r < REELS; r++) {
    const stop = stops[r];
    if (stop === null || stop === undefined) continue;
    draws.push(stopDraw(set, r, stop));
  }
  return draws;
}

/** The first stop of reel `reel` in set `set` whose window (4 rows from it) shows `symbol` in row `row`. */
export function stopShowing(set: ReelSetId, reel: number, symbol: number, row = 0): number {
  const strip = COMPILED_SETS[set].strips[reel] as Uint8Array;
  for (let s = 0; s < strip.length; s++) if (strip[(s + row) % strip.length] === symbol) return s;
  throw new Error(`no ${symbol} on reel ${reel + 1} of ${set}`);
}
