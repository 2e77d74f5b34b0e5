/**
 * One window of Mona Lisa Jewels read as the sheet says: line wins on the enabled lines
 * (left to right, only the highest combination per line, x2/x4/x8 by the wilds inside the
 * paid combination in normal free spins, applied before the highest is chosen), the
 * 5-JACKPOT lines that win the progressive, the SCATTER count anywhere, and the JEWEL count
 * of the reel-1 column (the Jewel trigger reads the whole column, whatever lines are played).
 */
import {
  type CellLineResult,
  countSymbol,
  evaluateCellLine,
  FREE_CELL,
  NO_WILD_MULTIPLIERS,
  type WindowHold,
} from "@reelhouse/engine";
import { JACKPOT_RULES, ROWS } from "./model.js";
import { FREE_SPIN_MULTIPLIERS, JACKPOT_INDEX, JEWEL_INDEX, LINES, SCATTER_INDEX } from "./tables.js";

/** The kinds of spin: the paid spin, a normal free spin, a Jewel free spin. */
export type SpinMode = "base" | "freeSpins" | "jewelSpins";

/** One paying line: coins per coin on the line, multiplier included. */
export interface LinePay {
  line: number;
  symbol: number;
  count: number;
  wilds: number;
  multiplier: number;
  pay: number;
}

/** Everything one window decides, before it is turned into money and events. */
export interface WindowOutcome {
  /** The paying lines (listed only when asked: events need them, a simulation only the sum). */
  lineWins: LinePay[];
  /** Σ line pays, coins per coin on a line (the progressive lines excluded). */
  linePaySum: number;
  /** Lines (1-based) whose 5 JACKPOT win the progressive instead of the paytable value. */
  jackpotLines: number[];
  scatterCount: number;
  /** JEWEL symbols in the reel-1 column (a WILD is not a JEWEL). */
  jewelCount: number;
}

/** A fresh outcome to be written by {@link evaluateWindow}. */
export function newOutcome(): WindowOutcome {
  return { lineWins: [], linePaySum: 0, jackpotLines: [], scatterCount: 0, jewelCount: 0 };
}

/** True when a bet plays for the progressive: every line and the most coins per line (any coin value). */
export function playsForProgressive(bet: { lines: number; coinsPerLine: number }): boolean {
  return bet.lines === JACKPOT_RULES.lines && bet.coinsPerLine === JACKPOT_RULES.coinsPerLine;
}

const scratch: CellLineResult = { pay: 0, symbol: 0, count: 0, wilds: 0, multiplier: 1 };

/**
 * Reads `window` (column-major) on the first `lines` lines. `progressive`: a 5-JACKPOT line
 * wins the pool (the bet plays for it and the spin is not a Jewel spin); its paytable value
 * is then not paid. Writes `out` and returns it.
 */
export function evaluateWindow(
  window: Uint8Array,
  lines: number,
  mode: SpinMode,
  progressive: boolean,
  out: WindowOutcome,
  listLineWins: boolean,
): WindowOutcome {
  const multipliers = mode === "freeSpins" ? FREE_SPIN_MULTIPLIERS : NO_WILD_MULTIPLIERS;
  if (out.lineWins.length > 0) out.lineWins.length = 0;
  if (out.jackpotLines.length > 0) out.jackpotLines.length = 0;
  let sum = 0;
  for (let l = 0; l < lines; l++) {
    const pay = evaluateCellLine(LINES, window, l, scratch, multipliers);
    if (pay === 0) continue;
    if (progressive && scratch.symbol === JACKPOT_INDEX && scratch.count === JACKPOT_RULES.count) {
      out.jackpotLines.push(l + 1);
      continue;
    }
    sum += pay;
    if (listLineWins) {
      out.lineWins.push({
        line: l + 1,
        symbol: scratch.symbol,
        count: scratch.count,
        wilds: scratch.wilds,
        multiplier: scratch.multiplier,
        pay,
      });
    }
  }
  out.linePaySum = sum;
  out.scatterCount = countSymbol(window, SCATTER_INDEX, ROWS);
  let jewels = 0;
  for (let row = 0; row < ROWS; row++) if (window[row] === JEWEL_INDEX) jewels++;
  out.jewelCount = jewels;
  return out;
}

/** The cells a hold keeps, as [reel, row] (reel 1's locked column included). */
export function heldPositions(hold: WindowHold): [number, number][] {
  const out: [number, number][] = [];
  hold.cells.forEach((c, i) => {
    if (c !== FREE_CELL) out.push([Math.floor(i / ROWS), i % ROWS]);
  });
  return out;
}
