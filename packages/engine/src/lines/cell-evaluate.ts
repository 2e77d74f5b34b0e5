/**
 * The general line evaluator: paylines as lists of cells of any length over any window
 * (see `cells.ts`), left-to-right runs from a line's first cell with a wild that
 * substitutes for configured symbols and pays on its own, optional multipliers by the
 * number of wilds in the paid combination, and only the highest combination per line.
 * On row-per-reel lines it pays exactly what {@link evaluateCompiledLine} pays (tested).
 */
import { type CellLine, cellIndex, validateCellLines, type WindowShape } from "./cells.js";
import type { LinePaytable } from "./evaluate.js";
import { NO_WILD_MULTIPLIERS, type WildMultipliers, wildMultiplier } from "./wild-multipliers.js";

/** The result of one line: the pay (coins per coin, multiplier included) and the combination paid. */
export interface CellLineResult {
  /** Coins per coin on the line, after the wild multiplier. */
  pay: number;
  /** The paying symbol (the wild for the wild's own pays); meaningful only when `pay > 0`. */
  symbol: number;
  /** N of the N-of-a-kind paid (its first N cells on the line); 0 when the line pays nothing. */
  count: number;
  /** Wilds among those N cells (standing in or paying on their own). */
  wilds: number;
  /** The multiplier applied (1 without wild multipliers). */
  multiplier: number;
}

/** A paytable and a list of cell lines compiled into flat typed arrays for hot loops. */
export interface CompiledCellLines {
  readonly shape: WindowShape;
  /** The longest combination the paytable pays (`table.reels`). */
  readonly maxCount: number;
  readonly wild: number;
  /** `pays[symbol * (maxCount + 1) + k]`. */
  readonly pays: Int32Array;
  readonly substitutes: Uint8Array;
  /** Line `l` crosses window cells `cells[start[l]] .. cells[start[l + 1] - 1]`, in order. */
  readonly start: Int32Array;
  readonly cells: Int32Array;
  readonly lineCount: number;
}

/**
 * Compiles a paytable and cell lines over a window. `table.reels` is the longest
 * combination the paytable knows; a line may be shorter (3-cell lines on a 3x3 window)
 * but not longer. Throws a `RangeError` for a line outside the window.
 */
export function compileCellLines(table: LinePaytable, lines: readonly CellLine[], shape: WindowShape): CompiledCellLines {
  const maxCount = table.reels;
  validateCellLines(lines, shape, maxCount);
  const stride = maxCount + 1;
  const pays = new Int32Array(table.pays.length * stride);
  table.pays.forEach((p, s) => {
    pays.set(p.subarray(0, stride), s * stride);
  });
  const start = new Int32Array(lines.length + 1);
  lines.forEach((line, l) => {
    start[l + 1] = (start[l] as number) + line.length;
  });
  const cells = new Int32Array(start[lines.length] as number);
  let k = 0;
  for (const line of lines) for (const cell of line) cells[k++] = cellIndex(shape, cell);
  return {
    shape,
    maxCount,
    wild: table.wild,
    pays,
    substitutes: Uint8Array.from(table.substitutes, (x) => (x ? 1 : 0)),
    start,
    cells,
    lineCount: lines.length,
  };
}

/**
 * Evaluates line `line` in a column-major window. The candidates are the wild's own run
 * (the leading wilds) and the run of the first non-wild symbol with wilds standing in
 * (only when the wild may substitute for it, or when it is the line's first cell); each is
 * multiplied by its wild count (`multipliers`, applied before comparing) and the higher is
 * paid, the wild's own on a tie. Writes `out` and returns the pay.
 */
export function evaluateCellLine(
  c: CompiledCellLines,
  window: Uint8Array,
  line: number,
  out: CellLineResult,
  multipliers: WildMultipliers = NO_WILD_MULTIPLIERS,
): number {
  const cells = c.cells;
  const from = c.start[line] as number;
  const length = (c.start[line + 1] as number) - from;
  const wild = c.wild;
  const stride = c.maxCount + 1;

  let lead = 0;
  while (lead < length && window[cells[from + lead] as number] === wild) lead++;

  let bestPay = 0;
  let bestSymbol = lead > 0 ? wild : (window[cells[from] as number] as number);
  let bestCount = 0;
  let bestWilds = 0;
  let bestMultiplier = 1;
  if (lead > 0) {
    const m = multipliers.wildOwn ? wildMultiplier(multipliers, lead) : 1;
    bestPay = (c.pays[wild * stride + lead] as number) * m;
    bestCount = lead;
    bestWilds = lead;
    bestMultiplier = m;
  }
  if (lead < length) {
    const s = window[cells[from + lead] as number] as number;
    const subs = c.substitutes[s] === 1;
    // After leading wilds the run exists only if the wild may stand in for s.
    if (lead === 0 || subs) {
      let n = lead + 1;
      let wilds = lead;
      while (n < length) {
        const x = window[cells[from + n] as number];
        if (x === s) n++;
        else if (subs && x === wild) {
          n++;
          wilds++;
        } else break;
      }
      const m = wildMultiplier(multipliers, wilds);
      const pay = (c.pays[s * stride + n] as number) * m;
      if (pay > bestPay) {
        bestPay = pay;
        bestSymbol = s;
        bestCount = n;
        bestWilds = wilds;
        bestMultiplier = m;
      }
    }
  }
  out.pay = bestPay;
  out.symbol = bestSymbol;
  out.count = bestPay > 0 ? bestCount : 0;
  out.wilds = bestPay > 0 ? bestWilds : 0;
  out.multiplier = bestPay > 0 ? bestMultiplier : 1;
  return bestPay;
}

/** One paying line of {@link evaluateCellLines}: the line number (1-based) and its result. */
export interface CellLineWin extends CellLineResult {
  readonly line: number;
}

/**
 * Evaluates the first `lines` lines (all by default) and lists the paying ones. Wins on
 * different lines add; `total` is their sum in coins per coin. Allocates: for hot loops
 * call {@link evaluateCellLine} with one reused result.
 */
export function evaluateCellLines(
  c: CompiledCellLines,
  window: Uint8Array,
  lines: number = c.lineCount,
  multipliers: WildMultipliers = NO_WILD_MULTIPLIERS,
): { total: number; wins: CellLineWin[] } {
  const wins: CellLineWin[] = [];
  const out: CellLineResult = { pay: 0, symbol: 0, count: 0, wilds: 0, multiplier: 1 };
  let total = 0;
  for (let l = 0; l < lines; l++) {
    if (evaluateCellLine(c, window, l, out, multipliers) > 0) {
      wins.push({ line: l + 1, ...out });
      total += out.pay;
    }
  }
  return { total, wins };
}

/**
 * Wilds among the first `count` cells of line `line`: the wild count of an N-of-a-kind
 * whose combination is those N cells (what wild multipliers are counted on).
 */
export function wildsInCombination(c: CompiledCellLines, window: Uint8Array, line: number, count: number): number {
  const from = c.start[line] as number;
  const end = Math.min(from + count, c.start[line + 1] as number);
  let wilds = 0;
  for (let i = from; i < end; i++) if (window[c.cells[i] as number] === c.wild) wilds++;
  return wilds;
}

/** The first `count` cells of line `line` as `[reel, row]` pairs (what a client highlights). */
export function combinationCells(c: CompiledCellLines, line: number, count: number): [number, number][] {
  const from = c.start[line] as number;
  const end = Math.min(from + count, c.start[line + 1] as number);
  const rows = c.shape.rows;
  const cells: [number, number][] = [];
  for (let i = from; i < end; i++) {
    const index = c.cells[i] as number;
    cells.push([Math.floor(index / rows), index % rows]);
  }
  return cells;
}

/** Length of the run of `symbol` from the first cell of line `line`, without substitution (line-triggered bonuses). */
export function leadingRunOnCells(c: CompiledCellLines, window: Uint8Array, line: number, symbol: number): number {
  const from = c.start[line] as number;
  const end = c.start[line + 1] as number;
  let n = 0;
  while (from + n < end && window[c.cells[from + n] as number] === symbol) n++;
  return n;
}
