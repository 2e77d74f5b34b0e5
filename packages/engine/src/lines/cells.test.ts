/** Cell lines: the 3x3 grid's 8 lines, row patterns as cells, and validation against the window. */
import { describe, expect, it } from "vitest";
import { cellIndex, gridLines, rowPatternLines, validateCellLines } from "./cells.js";

describe("gridLines", () => {
  it("gives a 3x3 window's 8 lines: 3 rows, 3 columns, 2 diagonals, each cell [reel, row]", () => {
    expect(gridLines(3)).toEqual([
      [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      [
        [0, 1],
        [1, 1],
        [2, 1],
      ],
      [
        [0, 2],
        [1, 2],
        [2, 2],
      ],
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [
        [2, 0],
        [2, 1],
        [2, 2],
      ],
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
      [
        [0, 2],
        [1, 1],
        [2, 0],
      ],
    ]);
  });

  it("has 2n + 2 valid lines of n cells for any size, every cell covered by a row and a column", () => {
    for (let n = 1; n <= 6; n++) {
      const lines = gridLines(n);
      expect(lines).toHaveLength(2 * n + 2);
      expect(() => validateCellLines(lines, { reels: n, rows: n }, n)).not.toThrow();
      const covered = new Array<number>(n * n).fill(0);
      for (const line of lines.slice(0, 2 * n)) for (const cell of line) covered[cellIndex({ reels: n, rows: n }, cell)]! += 1;
      expect(covered.every((c) => c === 2)).toBe(true);
    }
    expect(() => gridLines(0)).toThrow(RangeError);
  });
});

describe("rowPatternLines", () => {
  it("turns a row per reel into one cell per reel, in reel order", () => {
    expect(rowPatternLines([[0, 1, 2, 1, 0]])).toEqual([
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 1],
        [4, 0],
      ],
    ]);
  });
});

describe("validateCellLines", () => {
  const shape = { reels: 5, rows: 4 };
  it("accepts lines inside the window and refuses the rest, naming the line", () => {
    expect(() => validateCellLines(rowPatternLines([[3, 3, 3, 3, 3]]), shape, 5)).not.toThrow();
    expect(() => validateCellLines([[[0, 0]], [[5, 0]]], shape, 5)).toThrow(/line 2: cell \[5, 0\] lies outside the 5x4 window/);
    expect(() => validateCellLines([[[0, 4]]], shape, 5)).toThrow(/outside/);
    expect(() => validateCellLines([[[0, 1.5]]], shape, 5)).toThrow(/outside/);
    expect(() => validateCellLines([[]], shape, 5)).toThrow(/line 1: length must be 1..5/);
    expect(() => validateCellLines(rowPatternLines([[0, 0, 0, 0, 0]]), shape, 4)).toThrow(/length must be 1..4, got 5/);
    expect(() =>
      validateCellLines(
        [
          [
            [1, 1],
            [1, 1],
          ],
        ],
        shape,
        5,
      ),
    ).toThrow(/appears twice/);
  });
});
