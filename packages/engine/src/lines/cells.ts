/**
 * Paylines as lists of window cells. A line is any sequence of `[reel, row]` cells over
 * any reels x rows window, read in list order: Mermaid's row-per-reel patterns, 40 Mystic
 * Gem's 40 lines on 5x4, Gnomos Mix's upper 3x3 rows, columns and diagonals.
 */

/** One window cell: reel (column, 0 = leftmost) and row (0 = top). */
export type Cell = readonly [reel: number, row: number];

/** A payline: the cells a combination is read along, first cell first. */
export type CellLine = readonly Cell[];

/** The size of a window: `reels` columns of `rows` cells, stored column-major (`reel * rows + row`). */
export interface WindowShape {
  readonly reels: number;
  readonly rows: number;
}

/** Index of a cell in a column-major window. */
export function cellIndex(shape: WindowShape, cell: Cell): number {
  return cell[0] * shape.rows + cell[1];
}

/**
 * Row-per-reel patterns (`pattern[reel]` = row on that reel, as Mermaid's `PAYLINES`)
 * as cell lines: reel r contributes cell `[r, pattern[r]]`.
 */
export function rowPatternLines(patterns: readonly (readonly number[])[]): CellLine[] {
  return patterns.map((pattern) => pattern.map((row, reel): Cell => [reel, row]));
}

/**
 * The lines of a square `size` x `size` window: the rows top to bottom, then the columns
 * left to right (each read top to bottom), then the two diagonals (top-left to
 * bottom-right, bottom-left to top-right). For 3x3 these are Gnomos Mix's 8 upper lines.
 */
export function gridLines(size: number): CellLine[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`grid size must be a positive integer, got ${size}`);
  const span = Array.from({ length: size }, (_, i) => i);
  const rows = span.map((row) => span.map((reel): Cell => [reel, row]));
  const columns = span.map((reel) => span.map((row): Cell => [reel, row]));
  const falling = span.map((i): Cell => [i, i]);
  const rising = span.map((i): Cell => [i, size - 1 - i]);
  return [...rows, ...columns, falling, rising];
}

/**
 * Checks that every line is non-empty, at most `maxLength` long, lies inside the window
 * and never crosses the same cell twice. Throws a `RangeError` naming the first bad line (1-based).
 */
export function validateCellLines(lines: readonly CellLine[], shape: WindowShape, maxLength: number): void {
  lines.forEach((line, l) => {
    const name = `line ${l + 1}`;
    if (line.length < 1 || line.length > maxLength) {
      throw new RangeError(`${name}: length must be 1..${maxLength}, got ${line.length}`);
    }
    const seen = new Set<number>();
    for (const [reel, row] of line) {
      if (!Number.isInteger(reel) || !Number.isInteger(row) || reel < 0 || reel >= shape.reels || row < 0 || row >= shape.rows) {
        throw new RangeError(`${name}: cell [${reel}, ${row}] lies outside the ${shape.reels}x${shape.rows} window`);
      }
      const index = cellIndex(shape, [reel, row]);
      if (seen.has(index)) throw new RangeError(`${name}: cell [${reel}, ${row}] appears twice`);
      seen.add(index);
    }
  });
}
