/**
 * The general cell-line evaluator: any line shape over any window, wild substitution and
 * own pays, wild-count multipliers applied before the highest combination is chosen. Two
 * properties pin it down: it pays exactly what the compiled row-line evaluator pays on
 * row lines (Mermaid's path), and exactly what a brute force over every combination pays.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CellLineResult,
  combinationCells,
  compileCellLines,
  evaluateCellLine,
  evaluateCellLines,
  leadingRunOnCells,
  wildsInCombination,
} from "./cell-evaluate.js";
import { type CellLine, gridLines, rowPatternLines, type WindowShape } from "./cells.js";
import { compileLines, evaluateCompiledLine, type LinePaytable, type LineResult } from "./evaluate.js";
import { monaLisaMultipliers, type WildMultipliers, wildMultiplier } from "./wild-multipliers.js";

// Symbols: W wild, S scatter (never substituted), A/B/C regular.
const [W, S, A, B, C] = [0, 1, 2, 3, 4] as const;
const SYMBOLS = 5;
const pays = (...byCount: number[]) => Int32Array.from([0, ...byCount]);
const TABLE: LinePaytable = {
  reels: 5,
  wild: W,
  pays: [
    pays(0, 5, 200, 2000, 7500),
    pays(0, 0, 0, 0, 0),
    pays(0, 2, 30, 150, 1000),
    pays(0, 0, 25, 100, 500),
    pays(0, 0, 5, 10, 50),
  ],
  substitutes: [false, false, true, true, true],
};
const FIVE_BY_THREE: WindowShape = { reels: 5, rows: 3 };
const MIDDLE = rowPatternLines([[1, 1, 1, 1, 1]]);

const fresh = (): CellLineResult => ({ pay: -1, symbol: -1, count: -1, wilds: -1, multiplier: -1 });

/** Evaluates a 5-symbol middle row (other rows scatter) with optional multipliers. */
function middle(line: readonly number[], multipliers?: WildMultipliers): CellLineResult {
  const window = new Uint8Array(15).fill(S);
  line.forEach((symbol, reel) => {
    window[reel * 3 + 1] = symbol;
  });
  const out = fresh();
  const pay = evaluateCellLine(compileCellLines(TABLE, MIDDLE, FIVE_BY_THREE), window, 0, out, multipliers);
  expect(pay).toBe(out.pay);
  return out;
}

const FREE_SPINS = monaLisaMultipliers(false);

describe("evaluateCellLine", () => {
  it("pays runs from the first cell with wild substitution and own pays, as the row-line evaluator", () => {
    expect(middle([B, B, B, A, A])).toEqual({ pay: 25, symbol: B, count: 3, wilds: 0, multiplier: 1 });
    expect(middle([B, W, B, C, C])).toEqual({ pay: 25, symbol: B, count: 3, wilds: 1, multiplier: 1 });
    expect(middle([W, W, W, B, C])).toEqual({ pay: 200, symbol: W, count: 3, wilds: 3, multiplier: 1 });
    expect(middle([C, B, B, B, B])).toEqual({ pay: 0, symbol: C, count: 0, wilds: 0, multiplier: 1 });
    expect(middle([S, W, S, S, S]).pay).toBe(0);
  });

  it("multiplies by the wilds inside the paid combination only (1, 2, 3+ -> x2, x4, x8)", () => {
    expect(middle([B, W, B, C, W], FREE_SPINS)).toEqual({ pay: 50, symbol: B, count: 3, wilds: 1, multiplier: 2 });
    expect(middle([W, B, W, C, C], FREE_SPINS)).toEqual({ pay: 100, symbol: B, count: 3, wilds: 2, multiplier: 4 });
    expect(middle([A, W, W, W, A], FREE_SPINS)).toEqual({ pay: 8000, symbol: A, count: 5, wilds: 3, multiplier: 8 });
    // 4 wilds count as "3 or more"; A 5 x8 (8000) beats the wild's own 4 (2000, not multiplied here).
    expect(middle([W, W, W, W, A], FREE_SPINS)).toEqual({ pay: 8000, symbol: A, count: 5, wilds: 4, multiplier: 8 });
    // No wild in the combination: no multiplier, even with a wild later on the line.
    expect(middle([B, B, B, C, W], FREE_SPINS)).toEqual({ pay: 25, symbol: B, count: 3, wilds: 0, multiplier: 1 });
  });

  it("applies the multiplier before choosing the line's highest combination", () => {
    // Unmultiplied, the wild's own 3 (200) beats B 4 (100) ...
    expect(middle([W, W, W, B, C])).toMatchObject({ symbol: W, count: 3, pay: 200 });
    // ... but B 4 holds 3 wilds: x8 = 800 beats the wild's own 200.
    expect(middle([W, W, W, B, C], FREE_SPINS)).toEqual({ pay: 800, symbol: B, count: 4, wilds: 3, multiplier: 8 });
    // When the game multiplies the wild's own pays too, wild 3 x8 (1600) wins again.
    expect(middle([W, W, W, B, C], monaLisaMultipliers(true))).toEqual({
      pay: 1600,
      symbol: W,
      count: 3,
      wilds: 3,
      multiplier: 8,
    });
  });

  it("reads Gnomos' 3x3 rows, columns and diagonals, and lines shorter than the paytable", () => {
    const table: LinePaytable = { ...TABLE, reels: 3, pays: TABLE.pays.map((p) => p.slice(0, 4)) };
    const c = compileCellLines(table, gridLines(3), { reels: 3, rows: 3 });
    // Column-major: reel 1 = A A A, reel 2 = B W C, reel 3 = C B A.
    const window = Uint8Array.from([A, A, A, B, W, C, C, B, A]);
    const { total, wins } = evaluateCellLines(c, window);
    // Middle row A W B: A 2; column 1 A A A: A 3; falling diagonal A W A: A 3; rising diagonal A W C: A 2.
    expect(wins.map((w) => [w.line, w.symbol, w.count, w.wilds, w.pay])).toEqual([
      [2, A, 2, 1, 2],
      [4, A, 3, 0, 30],
      [7, A, 3, 1, 30],
      [8, A, 2, 1, 2],
    ]);
    expect(total).toBe(64);
    expect(evaluateCellLines(c, window, 3).total).toBe(2);
    expect(combinationCells(c, 6, 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(wildsInCombination(c, window, 6, 3)).toBe(1);
    expect(wildsInCombination(c, window, 6, 1)).toBe(0);
    expect(leadingRunOnCells(c, window, 3, A)).toBe(3);
    expect(leadingRunOnCells(c, window, 0, A)).toBe(1);
  });

  it("reads 5x4 windows (40 Mystic Gem's shape) on their own row cells", () => {
    const shape = { reels: 5, rows: 4 };
    const lines = rowPatternLines([
      [3, 3, 3, 3, 3],
      [0, 1, 2, 3, 3],
    ]);
    const c = compileCellLines(TABLE, lines, shape);
    const window = new Uint8Array(20).fill(S);
    for (let reel = 0; reel < 5; reel++) window[reel * 4 + 3] = C;
    window[0] = B;
    window[4 + 1] = B;
    window[8 + 2] = W;
    const out = fresh();
    expect(evaluateCellLine(c, window, 0, out)).toBe(50);
    // Line 2 crosses B, B, W, C, C: B 3 with one wild standing in.
    expect(evaluateCellLine(c, window, 1, out)).toBe(25);
    expect(out).toEqual({ pay: 25, symbol: B, count: 3, wilds: 1, multiplier: 1 });
  });
});

// ---------------------------------------------------------------------------------
// Properties.

/** Every candidate N-of-a-kind on the line, multiplied by its wilds; the best pays. Slow and obvious. */
function bruteForce(table: LinePaytable, line: readonly number[], m: WildMultipliers): number {
  let best = 0;
  for (let symbol = 0; symbol < table.pays.length; symbol++) {
    for (let count = 1; count <= line.length; count++) {
      const prefix = line.slice(0, count);
      const wilds = prefix.filter((x) => x === table.wild).length;
      const isWild = symbol === table.wild;
      const ok = isWild
        ? wilds === count
        : prefix.every((x) => x === symbol || (x === table.wild && table.substitutes[symbol] === true)) &&
          prefix.includes(symbol);
      // A combination is maximal: the cell after it must not extend it (an N-of-a-kind is not also paid as N-1).
      const next = line[count];
      const extends_ =
        next !== undefined &&
        (isWild ? next === table.wild : next === symbol || (next === table.wild && table.substitutes[symbol] === true));
      if (!ok || extends_) continue;
      const multiplier = isWild && !m.wildOwn ? 1 : wildMultiplier(m, wilds);
      best = Math.max(best, ((table.pays[symbol] as Int32Array)[count] as number) * multiplier);
    }
  }
  return best;
}

const tableArb = (maxCount: number): fc.Arbitrary<LinePaytable> =>
  fc
    .record({
      pays: fc.array(
        fc
          .array(fc.integer({ min: 0, max: 5000 }), { minLength: maxCount, maxLength: maxCount })
          .map((p) => Int32Array.from([0, ...[...p].sort((a, b) => a - b)])),
        { minLength: SYMBOLS, maxLength: SYMBOLS },
      ),
      wild: fc.integer({ min: -1, max: SYMBOLS - 1 }),
      substitutes: fc.array(fc.boolean(), { minLength: SYMBOLS, maxLength: SYMBOLS }),
    })
    .map(({ pays: p, wild, substitutes }) => ({
      reels: maxCount,
      pays: p,
      wild,
      substitutes: substitutes.map((s, i) => s && i !== wild),
    }));

const multipliersArb: fc.Arbitrary<WildMultipliers> = fc.record({
  byWilds: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 5 }).map((xs) => [...xs].sort((a, b) => a - b)),
  wildOwn: fc.boolean(),
});

/** A window shape, a few distinct-cell lines over it, and a window of symbols. */
const caseArb = fc.record({ reels: fc.integer({ min: 1, max: 6 }), rows: fc.integer({ min: 1, max: 4 }) }).chain((shape) =>
  fc.record({
    shape: fc.constant(shape),
    lines: fc.array(
      fc.shuffledSubarray(
        Array.from({ length: shape.reels * shape.rows }, (_, i): readonly [number, number] => [
          Math.floor(i / shape.rows),
          i % shape.rows,
        ]),
        { minLength: 1, maxLength: Math.min(6, shape.reels * shape.rows) },
      ),
      { minLength: 1, maxLength: 4 },
    ),
    window: fc.array(fc.integer({ min: 0, max: SYMBOLS - 1 }), {
      minLength: shape.reels * shape.rows,
      maxLength: shape.reels * shape.rows,
    }),
  }),
);

describe("evaluateCellLine properties", () => {
  it("pays exactly the best multiplied combination a brute force finds, over any lines on any window", () => {
    fc.assert(
      fc.property(tableArb(6), multipliersArb, caseArb, (table, m, { shape, lines, window }) => {
        const c = compileCellLines(table, lines as CellLine[], shape);
        const w = Uint8Array.from(window);
        const out = fresh();
        lines.forEach((line, l) => {
          const symbols = line.map(([reel, row]) => window[reel * shape.rows + row] as number);
          const pay = evaluateCellLine(c, w, l, out, m);
          expect(pay).toBe(bruteForce(table, symbols, m));
          if (pay > 0) {
            // The named combination is real: its wilds are counted in its first `count` cells and it pays `pay`.
            expect(out.wilds).toBe(wildsInCombination(c, w, l, out.count));
            const base = (table.pays[out.symbol] as Int32Array)[out.count] as number;
            expect(base * out.multiplier).toBe(pay);
          } else expect(out).toMatchObject({ count: 0, wilds: 0, multiplier: 1 });
        });
      }),
      { numRuns: 1500 },
    );
  });

  it("on row-per-reel lines it gives the compiled row-line evaluator's result (Mermaid's fast path)", () => {
    const patterns = [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
      [0, 1, 2, 1, 0],
      [2, 1, 0, 1, 2],
    ];
    fc.assert(
      fc.property(
        tableArb(5),
        fc.array(fc.integer({ min: 0, max: SYMBOLS - 1 }), { minLength: 15, maxLength: 15 }),
        (t, cells) => {
          const window = Uint8Array.from(cells);
          const rowLines = compileLines(t, patterns, 3);
          const cellLines = compileCellLines(t, rowPatternLines(patterns), FIVE_BY_THREE);
          const a: LineResult = { pay: 0, symbol: 0, count: 0 };
          const b = fresh();
          patterns.forEach((_, l) => {
            evaluateCompiledLine(rowLines, window, l, a);
            evaluateCellLine(cellLines, window, l, b);
            expect({ pay: b.pay, symbol: b.symbol, count: b.count }).toEqual(a);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
