import { describe, expect, it } from "vitest";
import {
  cellLaw,
  columnCount,
  convolveLaws,
  countLaw,
  expandSymbol,
  holdCells,
  maskLaw,
  mergeColumns,
  reelLaw,
  reelLaws,
  symbolCounts,
  windowCountLaw,
} from "./reels.js";

const STRIP = [0, 1, 2, 1, 3, 0, 2, 2];
const WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8];

/** P(row shows symbol) straight from the strip, by looking at every stop. */
function byStops(strip: number[], row: number, symbol: number, weights?: number[]): number {
  let hit = 0;
  let total = 0;
  strip.forEach((_, s) => {
    const w = weights ? (weights[s] as number) : 1;
    total += w;
    if (strip[(s + row) % strip.length] === symbol) hit += w;
  });
  return hit / total;
}

describe("reelLaw and its marginals", () => {
  it("cell laws equal the strip's stop frequencies, with and without stop weights", () => {
    for (const weights of [undefined, WEIGHTS]) {
      const law = reelLaw(STRIP, 3, weights);
      expect(columnCount(law)).toBe(8);
      for (let row = 0; row < 3; row++) {
        const cell = cellLaw(law, row, 4);
        for (let s = 0; s < 4; s++) expect(cell[s]).toBeCloseTo(byStops(STRIP, row, s, weights), 15);
        expect(cell.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
      }
    }
  });

  it("counts and masks agree with each other and with the columns", () => {
    const law = reelLaw(STRIP, 3, WEIGHTS);
    const masks = maskLaw(law, 2);
    const counts = countLaw(law, 2);
    const fromMasks = new Float64Array(4);
    masks.forEach((p, m) => {
      const k = (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);
      fromMasks[k] = (fromMasks[k] as number) + p;
    });
    for (let k = 0; k <= 3; k++) expect(counts[k]).toBeCloseTo(fromMasks[k] as number, 15);
    // Row r shows 2 exactly when bit r is set.
    for (let row = 0; row < 3; row++) {
      const p = masks.reduce((a, q, m) => a + ((m >> row) & 1 ? q : 0), 0);
      expect(p).toBeCloseTo(byStops(STRIP, row, 2, WEIGHTS), 15);
    }
    expect(countLaw(law, (s) => s === 0 || s === 3)[0]).toBeCloseTo(
      WEIGHTS.filter((_, s) => ![0, 1, 2].some((r) => [0, 3].includes(STRIP[(s + r) % 8] as number))).reduce((a, b) => a + b, 0) /
        36,
      15,
    );
  });

  it("rejects empty strips, bad weights and rows outside the window", () => {
    expect(() => reelLaw([], 3)).toThrow(/empty/);
    expect(() => reelLaw([0, 1], 3, [1])).toThrow(/weights/);
    expect(() => reelLaw([0, 1], 3, [1, -1])).toThrow(/weight/);
    expect(() => reelLaw([0, 1], 3, [0, 0])).toThrow(/sum to 0/);
    expect(() => cellLaw(reelLaw([0, 1], 3), 3, 2)).toThrow(/row 3/);
  });
});

describe("overlays", () => {
  it("a held cell shows its symbol with certainty and leaves the other rows alone", () => {
    const law = holdCells(reelLaw(STRIP, 3, WEIGHTS), [null, 3, null]);
    expect(cellLaw(law, 1, 4)[3]).toBe(1);
    expect(cellLaw(law, 0, 4)).toEqual(cellLaw(reelLaw(STRIP, 3, WEIGHTS), 0, 4));
  });

  it("an expanding symbol fills its reel: P(row shows it) = P(it shows anywhere)", () => {
    const base = reelLaw(STRIP, 3);
    const anywhere = 1 - (countLaw(base, 1)[0] as number);
    const law = expandSymbol(base, 1);
    for (let row = 0; row < 3; row++) expect(cellLaw(law, row, 4)[1]).toBeCloseTo(anywhere, 15);
    expect(countLaw(law, 1)[3]).toBeCloseTo(anywhere, 15);
    // Expanding into another symbol (a bought wild turning its reel wild).
    expect(cellLaw(expandSymbol(base, 3, 0), 2, 4)[3]).toBe(0);
  });

  it("merging identical columns keeps every law", () => {
    const law = reelLaw([0, 0, 0, 1, 0, 0, 0, 1], 2, WEIGHTS);
    const merged = mergeColumns(law);
    expect(columnCount(merged)).toBeLessThan(columnCount(law));
    for (let row = 0; row < 2; row++) expect(cellLaw(merged, row, 2)).toEqual(cellLaw(law, row, 2));
    expect(maskLaw(merged, 1)).toEqual(maskLaw(law, 1));
  });
});

describe("window counts", () => {
  it("the convolution of per-reel counts equals a brute-force count over every stop combination", () => {
    const strips = [
      [0, 1, 2, 1, 0],
      [1, 1, 0, 2],
      [2, 0, 1, 0, 0, 1],
    ];
    const weights = [[1, 2, 1, 1, 3], undefined, [2, 1, 1, 1, 1, 5]];
    const laws = reelLaws(strips, 2, weights);
    const fast = windowCountLaw(laws, 1);
    const brute = new Float64Array(7);
    let total = 0;
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 4; b++)
        for (let c = 0; c < 6; c++) {
          const w = (weights[0]?.[a] ?? 1) * 1 * (weights[2]?.[c] ?? 1);
          let k = 0;
          [a, b, c].forEach((stop, r) => {
            const s = strips[r] as number[];
            for (let row = 0; row < 2; row++) if (s[(stop + row) % s.length] === 1) k++;
          });
          brute[k] = (brute[k] as number) + w;
          total += w;
        }
    for (let k = 0; k < 7; k++) expect(fast[k]).toBeCloseTo((brute[k] as number) / total, 15);
  });

  it("convolveLaws of point masses adds them; symbolCounts lists the strip", () => {
    expect([
      ...convolveLaws([
        [0, 1],
        [0, 0, 1],
      ]),
    ]).toEqual([0, 0, 0, 1]);
    expect([...symbolCounts(STRIP, 4)]).toEqual([2, 2, 3, 1]);
  });
});
