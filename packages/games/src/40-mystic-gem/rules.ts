/**
 * The model compiled for play and for exact maths: symbol indices, the line rule, the 40
 * lines, each reel set with its stop weights, and the reel laws of a mode at a placement
 * (bought reels all WILD; landed WILDs expanded), which the exact maths enumerates.
 */
import {
  compileLines,
  type LineRule,
  linePaytable,
  mergeColumns,
  type ReelLaw,
  type ReelSet,
  reelLaw,
  reelSetFromIds,
} from "@reelhouse/engine";
import { LINE_PAYS, PAYLINES, REELS, ROWS, SCATTERS, SYMBOLS, WILD, WILD_REELS } from "./model.js";
import type { ReelSetId } from "./modes.js";
import { REEL_SETS, type ReelSetData } from "./reel-sets.js";

export const SYMBOL_IDS: readonly string[] = SYMBOLS.map((s) => s.id);
export const N_SYMBOLS = SYMBOL_IDS.length;
export const WILD_INDEX = SYMBOL_IDS.indexOf(WILD);
export const MOON_INDEX = SYMBOL_IDS.indexOf(SCATTERS[0]);
export const STAR_INDEX = SYMBOL_IDS.indexOf(SCATTERS[1]);
/** What an expanded WILD leaves showing (sheet: it replaces all symbols "except" the two scatters). */
export const KEEP: readonly number[] = [MOON_INDEX, STAR_INDEX];

/** The WILD substitutes for every symbol except the scatters; it never pays alone (it never starts a line). */
export const LINE_RULE: LineRule = {
  paytable: linePaytable(SYMBOLS, LINE_PAYS, REELS, WILD, (s) => s.kind === "regular"),
};

/** The 40 lines compiled for the hot path. */
export const COMPILED_LINES = compileLines(LINE_RULE.paytable, PAYLINES, ROWS);

/** A reel set's strips as symbol indices, with their stop weights, for the live round's draws. */
export function compileReelSet(data: ReelSetData): ReelSet {
  return reelSetFromIds(
    data.strips,
    SYMBOL_IDS,
    data.weights.map((w) => (w.length > 0 ? w : null)),
  );
}

/** Every reel set, compiled once. */
export const COMPILED_SETS: Readonly<Record<ReelSetId, ReelSet>> = Object.fromEntries(
  Object.entries(REEL_SETS).map(([id, data]) => [id, compileReelSet(data)]),
) as Record<ReelSetId, ReelSet>;

/** A bought reel: one column, WILD in every row. */
const BOUGHT_REEL: ReelLaw = { rows: ROWS, cells: new Uint8Array(ROWS).fill(WILD_INDEX), weights: Float64Array.of(1), total: 1 };

/**
 * The reel laws of `data` with WILDs bought on `bought` (0-based reels): a bought reel is
 * all WILD; a spinning reel 2–4 showing a landed WILD shows it in every row but the
 * scatters'; identical columns merged. Exactly what the round draws and evaluates.
 */
export function modeReelLaws(data: ReelSetData, bought: readonly number[]): ReelLaw[] {
  return data.strips.map((strip, r) => {
    if (bought.includes(r)) return BOUGHT_REEL;
    const indices = strip.map((id) => SYMBOL_IDS.indexOf(id));
    const weights = data.weights[r];
    let law = reelLaw(indices, ROWS, weights && weights.length > 0 ? weights : undefined);
    if (WILD_REELS.includes(r)) {
      const cells = law.cells.slice();
      for (let c = 0; c < law.weights.length; c++) {
        const column = cells.subarray(c * ROWS, (c + 1) * ROWS);
        if (column.includes(WILD_INDEX))
          for (let row = 0; row < ROWS; row++) if (!KEEP.includes(column[row] as number)) column[row] = WILD_INDEX;
      }
      law = { ...law, cells };
    }
    return mergeColumns(law);
  });
}
