/**
 * Left-to-right payline evaluation with a wild that substitutes for a configured set
 * of symbols and also pays on its own. Only the highest combination on a line is paid.
 */
export interface LinePaytable {
  /** Number of reels (the longest combination). */
  readonly reels: number;
  /** `pays[symbol][k]` = coins per coin bet on the line for k of a kind (index 0 unused). */
  readonly pays: readonly Int32Array[];
  /** Index of the wild symbol, or -1 when the game has none. */
  readonly wild: number;
  /** `substitutes[symbol]` is true when the wild may stand in for that symbol. */
  readonly substitutes: readonly boolean[];
}

/** The result of evaluating one line: pay in coins per coin, the paying symbol and count. */
/**
 * A line paytable from a game's data: `linePays[id][k-1]` = coins for k of a kind (absent ids
 * pay nothing), the wild by id, and which symbols it may stand in for.
 */
export function linePaytable<S extends { readonly id: string }>(
  symbols: readonly S[],
  linePays: Readonly<Record<string, readonly number[]>>,
  reels: number,
  wild: string,
  substitutes: (symbol: S) => boolean,
): LinePaytable {
  const wildIndex = symbols.findIndex((s) => s.id === wild);
  if (wildIndex < 0) throw new Error(`no wild symbol '${wild}'`);
  return {
    reels,
    wild: wildIndex,
    pays: symbols.map((s) => {
      const pays = new Int32Array(reels + 1);
      (linePays[s.id] ?? []).forEach((p, k) => {
        pays[k + 1] = p;
      });
      return pays;
    }),
    substitutes: symbols.map((s) => substitutes(s)),
  };
}

export interface LineResult {
  pay: number;
  symbol: number;
  count: number;
}

/**
 * A paytable and a set of paylines compiled for the hot path: flat typed arrays, and
 * each line as the window cells it crosses (`cell = reel * rows + row`).
 */
export interface CompiledLines {
  readonly reels: number;
  readonly wild: number;
  /** `pays[symbol * (reels + 1) + k]`. */
  readonly pays: Int32Array;
  readonly substitutes: Uint8Array;
  /** `cells[line * reels + reel]`. */
  readonly cells: Int8Array;
  readonly lineCount: number;
}

/** Compiles a paytable and paylines (row per reel, 0 = top) for a window of `rows` rows. */
export function compileLines(table: LinePaytable, paylines: readonly (readonly number[])[], rows: number): CompiledLines {
  const { reels } = table;
  const pays = new Int32Array(table.pays.length * (reels + 1));
  table.pays.forEach((p, s) => {
    pays.set(p.subarray(0, reels + 1), s * (reels + 1));
  });
  const cells = new Int8Array(paylines.length * reels);
  paylines.forEach((line, l) => {
    for (let r = 0; r < reels; r++) cells[l * reels + r] = r * rows + (line[r] as number);
  });
  return {
    reels,
    wild: table.wild,
    pays,
    substitutes: Uint8Array.from(table.substitutes, (x) => (x ? 1 : 0)),
    cells,
    lineCount: paylines.length,
  };
}

/**
 * Evaluates line `line` of a compiled set in a column-major window. Writes the paying
 * symbol and count into `out` and returns the pay (coins per coin on the line).
 * A combination starts on reel 1 and is contiguous; with a wild first, the better of
 * the wild's own run and the run it completes for the next symbol is paid.
 */
export function evaluateCompiledLine(c: CompiledLines, window: Uint8Array, line: number, out: LineResult): number {
  const reels = c.reels;
  const wild = c.wild;
  const cells = c.cells;
  const base = line * reels;
  const stride = reels + 1;
  const first = window[cells[base] as number] as number;
  if (first === wild) {
    let wilds = 1;
    while (wilds < reels && window[cells[base + wilds] as number] === wild) wilds++;
    let best = c.pays[wild * stride + wilds] as number;
    let bestSymbol = wild;
    let bestCount = wilds;
    if (wilds < reels) {
      const s = window[cells[base + wilds] as number] as number;
      if (c.substitutes[s] === 1) {
        let n = wilds + 1;
        while (n < reels) {
          const x = window[cells[base + n] as number];
          if (x !== s && x !== wild) break;
          n++;
        }
        const subPay = c.pays[s * stride + n] as number;
        if (subPay > best) {
          best = subPay;
          bestSymbol = s;
          bestCount = n;
        }
      }
    }
    out.pay = best;
    out.symbol = bestSymbol;
    out.count = best > 0 ? bestCount : 0;
    return best;
  }
  const subs = c.substitutes[first] === 1;
  let n = 1;
  while (n < reels) {
    const x = window[cells[base + n] as number];
    if (x !== first && !(subs && x === wild)) break;
    n++;
  }
  const pay = c.pays[first * stride + n] as number;
  out.pay = pay;
  out.symbol = first;
  out.count = pay > 0 ? n : 0;
  return pay;
}

/**
 * Evaluates the line whose row on reel `r` is `lineRows[r]` in a column-major window
 * (`window[r * rows + row]`). Convenience form of {@link evaluateCompiledLine} for
 * one-off evaluations (tests, exact maths); compile once for hot loops.
 */
export function evaluateLine(
  table: LinePaytable,
  window: Uint8Array,
  rows: number,
  lineRows: ArrayLike<number>,
  out: LineResult,
): number {
  return evaluateCompiledLine(compileLines(table, [Array.from(lineRows)], rows), window, 0, out);
}

/**
 * Length of the run of `symbol` on a line starting at reel 1, with no substitution
 * (used by line-triggered bonuses such as a TREASURE run).
 */
export function leadingRun(window: Uint8Array, rows: number, lineRows: ArrayLike<number>, symbol: number, reels: number): number {
  let n = 0;
  while (n < reels && window[n * rows + (lineRows[n] as number)] === symbol) n++;
  return n;
}

/** {@link leadingRun} for line `line` of a compiled set. */
export function leadingRunCompiled(c: CompiledLines, window: Uint8Array, line: number, symbol: number): number {
  const base = line * c.reels;
  let n = 0;
  while (n < c.reels && window[c.cells[base + n] as number] === symbol) n++;
  return n;
}
