/**
 * model.ts compiled for code: symbol indices, the line paytable in the engine's form, the
 * wild multipliers of normal free spins, and the reel sets. The round and the exact maths
 * both read these; the oracle in properties.test.ts reads model.ts with its own code.
 */
import {
  compileCellLines,
  type LinePaytable,
  type LineRule,
  linePaytable,
  NO_WILD_MULTIPLIERS,
  type ReelSet,
  reelSetFromIds,
  rowPatternLines,
  type WildMultipliers,
} from "@reelhouse/engine";
import {
  FREE_SPINS,
  JACKPOT,
  JEWEL,
  JEWEL_SPINS,
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REEL_STRIPS_JEWEL,
  REELS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  WILD,
} from "./model.js";

export const SYMBOL_IDS: readonly string[] = SYMBOLS.map((s) => s.id);
export const N_SYMBOLS = SYMBOL_IDS.length;
const indexOf = (id: string): number => {
  const i = SYMBOL_IDS.indexOf(id);
  if (i < 0) throw new Error(`unknown symbol ${id}`);
  return i;
};
export const WILD_INDEX = indexOf(WILD);
export const SCATTER_INDEX = indexOf(SCATTER);
export const JACKPOT_INDEX = indexOf(JACKPOT);
export const JEWEL_INDEX = indexOf(JEWEL);
/** `STICKY[symbol]` is 1 for the symbols that stick on reels 2–5 in Jewel spins (JEWEL, WILD). */
export const STICKY: Uint8Array = Uint8Array.from(SYMBOL_IDS, (id) =>
  (JEWEL_SPINS.sticky as readonly string[]).includes(id) ? 1 : 0,
);
export const isSticky = (symbol: number): boolean => STICKY[symbol] === 1;
export const SHAPE = { reels: REELS, rows: ROWS } as const;
export const MAX_LINES = PAYLINES.length;

/** The line paytable: WILD substitutes for every symbol but SCATTER and JACKPOT, and pays on its own. */
export const PAYTABLE: LinePaytable = linePaytable(
  SYMBOLS,
  LINE_PAYS,
  REELS,
  WILD,
  (s) => s.kind === "regular" || s.kind === "jewel",
);

/** Normal free spins: x2/x4/x8 by the wilds in the paid combination (the wild's own pays included). */
export const FREE_SPIN_MULTIPLIERS: WildMultipliers = Object.freeze({
  byWilds: Object.freeze([...FREE_SPINS.wildMultipliers]),
  wildOwn: FREE_SPINS.multiplyWildPays,
});
export { NO_WILD_MULTIPLIERS };

/** The same rules for the exact kit's line expectations, without and with the free-spin multipliers. */
export const LINE_RULE: LineRule = { paytable: PAYTABLE };
export const LINE_RULE_FREE: LineRule = {
  paytable: PAYTABLE,
  wildMultipliers: FREE_SPINS.wildMultipliers,
  multiplyWildPays: FREE_SPINS.multiplyWildPays,
};

/** The 25 paylines compiled as cell lines over the 5x3 window. */
export const LINES = compileCellLines(PAYTABLE, rowPatternLines(PAYLINES), SHAPE);

/** Scatter pay by SCATTER count (x total bet); index = count. */
export const SCATTER_BY_COUNT: readonly number[] = [0, ...(SCATTER_PAYS[SCATTER] ?? [])];
/** Pay of 5 JACKPOT from the paytable, coins per coin on the line (what a non-qualifying bet gets). */
export const JACKPOT_FIVE_PAY = LINE_PAYS[JACKPOT]?.[4] ?? 0;

export const BASE_REELS: ReelSet = reelSetFromIds(REEL_STRIPS_BASE, SYMBOL_IDS);
export const FREE_SPIN_REELS: ReelSet = reelSetFromIds(REEL_STRIPS_FREE_SPINS, SYMBOL_IDS);
/**
 * Jewel spins: reels 2–5 spin on the Jewel strips. Reel 1 is always locked there and never
 * draws; the free-spin reel-1 strip only fills its place in the set.
 */
export const JEWEL_REELS: ReelSet = reelSetFromIds(
  [REEL_STRIPS_FREE_SPINS[0] as readonly string[], ...REEL_STRIPS_JEWEL],
  SYMBOL_IDS,
);
