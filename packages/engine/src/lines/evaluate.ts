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
export interface LineResult {
  pay: number;
  symbol: number;
  count: number;
}

/**
 * Evaluates the line whose row on reel `r` is `lineRows[r]` in a column-major window
 * (`window[r * rows + row]`). Writes into `out` (reused to avoid allocation) and
 * returns the pay. A combination must start on reel 1 and be contiguous.
 */
export function evaluateLine(
  table: LinePaytable,
  window: Uint8Array,
  rows: number,
  lineRows: ArrayLike<number>,
  out: LineResult,
): number {
  const reels = table.reels;
  const wild = table.wild;
  const first = window[lineRows[0] as number] as number;
  if (first === wild) {
    let wilds = 1;
    while (wilds < reels && window[wilds * rows + (lineRows[wilds] as number)] === wild) wilds++;
    const wildPay = (table.pays[wild] as Int32Array)[wilds] as number;
    let best = wildPay;
    let bestSymbol = wild;
    let bestCount = wilds;
    if (wilds < reels) {
      const s = window[wilds * rows + (lineRows[wilds] as number)] as number;
      if (table.substitutes[s]) {
        let n = wilds + 1;
        while (n < reels) {
          const x = window[n * rows + (lineRows[n] as number)] as number;
          if (x !== s && x !== wild) break;
          n++;
        }
        const subPay = (table.pays[s] as Int32Array)[n] as number;
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
  const subs = table.substitutes[first] === true;
  let n = 1;
  while (n < reels) {
    const x = window[n * rows + (lineRows[n] as number)] as number;
    if (x !== first && !(subs && x === wild)) break;
    n++;
  }
  const pay = (table.pays[first] as Int32Array)[n] as number;
  out.pay = pay;
  out.symbol = first;
  out.count = pay > 0 ? n : 0;
  return pay;
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
