/** Expanding wilds (40 Mystic Gem): a wild on reels 2–4 covers its reel, kept symbols stay visible. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCellLines, evaluateCellLines } from "../lines/cell-evaluate.js";
import { rowPatternLines } from "../lines/cells.js";
import { type ExpandingWild, expandedWindow, expandReel, expandWilds, reelsOfMask } from "./expand.js";

// 5x4 window. Symbols: W wild, S1/S2 scatters, A, B regular.
const [W, S1, S2, A, B] = [0, 1, 2, 3, 4] as const;
const ROWS = 4;
const MYSTIC: ExpandingWild = { wild: W, reels: [1, 2, 3], keep: [S1, S2] };

/** A window from columns (reel by reel, top to bottom). */
const columns = (...cols: number[][]) => Uint8Array.from(cols.flat());

describe("expandWilds", () => {
  it("expands a wild on reels 2–4 over its reel, keeps the scatters, and leaves reels 1 and 5 alone", () => {
    const window = columns([W, A, B, A], [A, W, B, S1], [B, B, A, A], [A, A, A, W], [W, B, A, B]);
    const mask = expandWilds(window, ROWS, MYSTIC);
    expect(reelsOfMask(mask)).toEqual([1, 3]);
    expect(window).toEqual(columns([W, A, B, A], [W, W, W, S1], [B, B, A, A], [W, W, W, W], [W, B, A, B]));
  });

  it("with nothing kept the reel is all wild; the pure form leaves its input untouched", () => {
    const window = columns([A, A, A, A], [S2, W, A, B], [A, A, A, A], [B, B, B, B], [A, A, A, A]);
    const before = Uint8Array.from(window);
    const { window: out, reels } = expandedWindow(window, ROWS, { ...MYSTIC, keep: [] });
    expect(reels).toEqual([1]);
    expect(Array.from(out.subarray(4, 8))).toEqual([W, W, W, W]);
    expect(window).toEqual(before);
  });

  it("is applied before wins are paid: an expanded reel completes lines through every row", () => {
    const lines = rowPatternLines([0, 1, 2, 3].map((row) => [row, row, row, row, row]));
    const table = {
      reels: 5,
      wild: W,
      pays: [W, S1, S2, A, B].map((s) => Int32Array.from(s === A ? [0, 0, 0, 10, 20, 50] : [0, 0, 0, 0, 0, 0])),
      substitutes: [false, false, false, true, true],
    };
    const c = compileCellLines(table, lines, { reels: 5, rows: ROWS });
    const window = columns([A, A, A, A], [B, W, B, S1], [A, A, A, A], [B, B, B, B], [A, A, A, A]);
    // Before expansion only the wild's own row pays.
    expect(evaluateCellLines(c, window).wins.map((w) => [w.line, w.count])).toEqual([[2, 3]]);
    expandWilds(window, ROWS, MYSTIC);
    // Rows 1–3 read A W A: 3 of a kind; row 4 crosses the kept scatter and pays nothing.
    expect(evaluateCellLines(c, window).wins.map((w) => [w.line, w.count])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("expandReel forces a reel (a bought wild) whether or not a wild landed there", () => {
    const window = columns([A, A, A, A], [B, S2, B, B], [A, A, A, A], [B, B, B, B], [A, A, A, A]);
    expandReel(window, ROWS, 1, W, MYSTIC.keep);
    expect(Array.from(window.subarray(4, 8))).toEqual([W, S2, W, W]);
  });

  it("property: eligible reels showing the wild become wild except kept cells; every other cell is unchanged; idempotent", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 20, maxLength: 20 }), (cells) => {
        const before = Uint8Array.from(cells);
        const window = Uint8Array.from(cells);
        const reels = reelsOfMask(expandWilds(window, ROWS, MYSTIC));
        for (let reel = 0; reel < 5; reel++) {
          const column = Array.from(before.subarray(reel * ROWS, reel * ROWS + ROWS));
          const shouldExpand = MYSTIC.reels.includes(reel) && column.includes(W);
          expect(reels.includes(reel)).toBe(shouldExpand);
          column.forEach((symbol, row) => {
            const after = window[reel * ROWS + row];
            expect(after).toBe(shouldExpand && !MYSTIC.keep.includes(symbol) ? W : symbol);
          });
        }
        const again = Uint8Array.from(window);
        expandWilds(again, ROWS, MYSTIC);
        expect(again).toEqual(window);
      }),
      { numRuns: 500 },
    );
  });
});
