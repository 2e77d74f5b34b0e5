/**
 * Per-reel symbol laws for exact maths. A reel is described by the law of the column it
 * shows: every stop gives one column of `rows` cells, with a probability proportional to
 * the stop's weight (1 each when the strip has no stop weights). Overlays (a held cell, a
 * sticky symbol, a reel expanded to wild) transform the columns, and every law a game
 * needs (one cell, a count, a row mask) is a marginal of the columns.
 */

/** A reel as a law over window columns: column `i` shows `cells[i * rows + row]` with probability `weights[i] / total`. */
export interface ReelLaw {
  readonly rows: number;
  readonly cells: Uint8Array;
  readonly weights: Float64Array;
  readonly total: number;
}

/**
 * The column law of a circular strip seen through `rows` rows: stop `s` shows
 * `strip[s], strip[s+1], …` (wrapping), with weight `stopWeights[s]` (default 1).
 */
export function reelLaw(strip: ArrayLike<number>, rows: number, stopWeights?: ArrayLike<number>): ReelLaw {
  const n = strip.length;
  if (n === 0) throw new Error("reelLaw: empty strip");
  if (stopWeights && stopWeights.length !== n) throw new Error(`reelLaw: ${stopWeights.length} weights for ${n} stops`);
  const cells = new Uint8Array(n * rows);
  const weights = new Float64Array(n);
  let total = 0;
  for (let s = 0; s < n; s++) {
    for (let row = 0; row < rows; row++) cells[s * rows + row] = strip[(s + row) % n] as number;
    const w = stopWeights ? (stopWeights[s] as number) : 1;
    if (!(w >= 0)) throw new Error(`reelLaw: stop ${s} has weight ${w}`);
    weights[s] = w;
    total += w;
  }
  if (total <= 0) throw new Error("reelLaw: weights sum to 0");
  return { rows, cells, weights, total };
}

/** {@link reelLaw} for every strip of a reel set. */
export function reelLaws(
  strips: readonly ArrayLike<number>[],
  rows: number,
  stopWeights?: readonly (ArrayLike<number> | undefined)[],
): ReelLaw[] {
  return strips.map((strip, r) => reelLaw(strip, rows, stopWeights?.[r]));
}

/** Number of columns (stops) of a reel law. */
export function columnCount(reel: ReelLaw): number {
  return reel.weights.length;
}

/**
 * A new law whose columns are `reel`'s columns rewritten by `rewrite` (which edits the
 * column in place); weights are kept. The building block of every overlay.
 */
export function mapColumns(reel: ReelLaw, rewrite: (column: Uint8Array) => void): ReelLaw {
  const { rows } = reel;
  const cells = reel.cells.slice();
  for (let c = 0; c < reel.weights.length; c++) rewrite(cells.subarray(c * rows, (c + 1) * rows));
  return { rows, cells, weights: reel.weights.slice(), total: reel.total };
}

/**
 * Cells held over a freshly spun reel (a locked cell, a sticky symbol): `held[row]` is the
 * symbol that stays in that row, or null where the reel's own symbol shows.
 */
export function holdCells(reel: ReelLaw, held: readonly (number | null)[]): ReelLaw {
  return mapColumns(reel, (column) => {
    for (let row = 0; row < column.length; row++) {
      const h = held[row];
      if (h !== null && h !== undefined) column[row] = h;
    }
  });
}

/** A reel that expands: any column showing `symbol` shows `into` (default `symbol`) in every row. */
export function expandSymbol(reel: ReelLaw, symbol: number, into: number = symbol): ReelLaw {
  return mapColumns(reel, (column) => {
    if (column.includes(symbol)) column.fill(into);
  });
}

/** The same law with identical columns merged (fewer combinations for a full cycle; same probabilities). */
export function mergeColumns(reel: ReelLaw): ReelLaw {
  const { rows } = reel;
  const index = new Map<string, number>();
  const cells: number[] = [];
  const weights: number[] = [];
  for (let c = 0; c < reel.weights.length; c++) {
    const w = reel.weights[c] as number;
    if (w === 0) continue;
    const column = reel.cells.subarray(c * rows, (c + 1) * rows);
    const key = column.join(",");
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, weights.length);
      weights.push(w);
      cells.push(...column);
    } else weights[at] = (weights[at] as number) + w;
  }
  return { rows, cells: Uint8Array.from(cells), weights: Float64Array.from(weights), total: reel.total };
}

/** Law of the symbol in one row: `result[s]` = P(row shows s), for symbols 0..symbols-1. */
export function cellLaw(reel: ReelLaw, row: number, symbols: number): Float64Array {
  if (row < 0 || row >= reel.rows) throw new Error(`cellLaw: row ${row} outside 0..${reel.rows - 1}`);
  const law = new Float64Array(symbols);
  const { rows, cells, weights } = reel;
  for (let c = 0; c < weights.length; c++) {
    const s = cells[c * rows + row] as number;
    law[s] = (law[s] as number) + (weights[c] as number);
  }
  for (let s = 0; s < symbols; s++) law[s] = (law[s] as number) / reel.total;
  return law;
}

/** Law of how many cells of the column match: `result[k]` = P(k cells show a matching symbol), k = 0..rows. */
export function countLaw(reel: ReelLaw, matches: number | ((symbol: number) => boolean)): Float64Array {
  const test = typeof matches === "number" ? (s: number) => s === matches : matches;
  const { rows, cells, weights } = reel;
  const law = new Float64Array(rows + 1);
  for (let c = 0; c < weights.length; c++) {
    let k = 0;
    for (let row = 0; row < rows; row++) if (test(cells[c * rows + row] as number)) k++;
    law[k] = (law[k] as number) + (weights[c] as number);
  }
  for (let k = 0; k <= rows; k++) law[k] = (law[k] as number) / reel.total;
  return law;
}

/** Law of the rows showing `symbol`, as a bit mask (bit `row`): `result[mask]` = probability, length 2^rows. */
export function maskLaw(reel: ReelLaw, symbol: number): Float64Array {
  const { rows, cells, weights } = reel;
  const law = new Float64Array(1 << rows);
  for (let c = 0; c < weights.length; c++) {
    let mask = 0;
    for (let row = 0; row < rows; row++) if (cells[c * rows + row] === symbol) mask |= 1 << row;
    law[mask] = (law[mask] as number) + (weights[c] as number);
  }
  for (let m = 0; m < law.length; m++) law[m] = (law[m] as number) / reel.total;
  return law;
}

/** Distribution of a sum of independent non-negative integer variables given by their laws (direct convolution). */
export function convolveLaws(laws: readonly ArrayLike<number>[]): Float64Array {
  let out = new Float64Array([1]);
  for (const law of laws) {
    const next = new Float64Array(out.length + law.length - 1);
    for (let i = 0; i < out.length; i++) {
      const p = out[i] as number;
      if (p === 0) continue;
      for (let j = 0; j < law.length; j++) next[i + j] = (next[i + j] as number) + p * (law[j] as number);
    }
    out = next;
  }
  return out;
}

/**
 * Law of the number of matching cells in the whole window (scatters anywhere):
 * the convolution of every reel's {@link countLaw}. Length reels x rows + 1.
 */
export function windowCountLaw(reels: readonly ReelLaw[], matches: number | ((symbol: number) => boolean)): Float64Array {
  return convolveLaws(reels.map((r) => countLaw(r, matches)));
}

/** How many stops of a strip hold each symbol (the strip listing of a PAR sheet). */
export function symbolCounts(strip: ArrayLike<number>, symbols: number): Int32Array {
  const counts = new Int32Array(symbols);
  for (let i = 0; i < strip.length; i++) {
    const s = strip[i] as number;
    counts[s] = (counts[s] as number) + 1;
  }
  return counts;
}
