/** One Bewitched window read as the sheet says: line wins, the WITCH count and the MERLIN count. */
import { compileLines, countSymbol, evaluateCompiledLine, type LineResult } from "@reelhouse/engine";
import { BONUS, PAYLINES, ROWS, SCATTER } from "./model.js";
import { LINE_RULE, SYMBOL_IDS } from "./rtp.js";
import type { Position } from "./types.js";

export const LINES = compileLines(LINE_RULE.paytable, PAYLINES, ROWS);
export const WITCH_INDEX = SYMBOL_IDS.indexOf(SCATTER);
export const MERLIN_INDEX = SYMBOL_IDS.indexOf(BONUS);

/** A paying line: 1-based line number, the symbol index, how many of a kind, coins per coin bet on the line. */
export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  pay: number;
}

/** What one window shows. */
export interface WindowOutcome {
  lineWins: LineWin[];
  /** Sum of the line pays (coins per coin on a line). */
  linePaySum: number;
  witches: Position[];
  merlins: Position[];
}

/** Reads `window` (reel-major, `reel * ROWS + row`) over the first `lines` paylines. */
export function evaluateWindow(window: Uint8Array, lines: number): WindowOutcome {
  const lineWins: LineWin[] = [];
  const out: LineResult = { pay: 0, symbol: -1, count: 0 };
  let linePaySum = 0;
  for (let l = 0; l < lines; l++) {
    const pay = evaluateCompiledLine(LINES, window, l, out);
    if (pay > 0) {
      lineWins.push({ line: l + 1, symbol: out.symbol, count: out.count, pay });
      linePaySum += pay;
    }
  }
  const witches: Position[] = [];
  const merlins: Position[] = [];
  countSymbol(window, WITCH_INDEX, ROWS, witches);
  countSymbol(window, MERLIN_INDEX, ROWS, merlins);
  return { lineWins, linePaySum, witches, merlins };
}

/** The cells of a line's first `count` reels. */
export function linePositions(line: number, count: number): Position[] {
  return Array.from({ length: count }, (_, r) => [r, (PAYLINES[line - 1] as readonly number[])[r] as number] as Position);
}
