/**
 * The line evaluator on a small generic paytable: left to right from reel 1, contiguous,
 * wild substitution only where configured, the wild's own pays, the highest combination
 * only. A fast-check property compares it with a brute-force reading of those rules.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileLines,
  evaluateCompiledLine,
  evaluateLine,
  type LinePaytable,
  type LineResult,
  leadingRun,
  leadingRunCompiled,
  linePaytable,
} from "./evaluate.js";

const REELS = 5;
const ROWS = 3;
// Symbols: W wild, S scatter (never substituted), A/B/C regular, T bonus (never substituted).
const [W, S, A, B, C, T] = [0, 1, 2, 3, 4, 5] as const;
const NAMES = ["W", "S", "A", "B", "C", "T"];

/** pays[symbol][k] for k of a kind, k = 0..5. */
const pays = (...byCount: number[]) => Int32Array.from([0, ...byCount]);
const TABLE: LinePaytable = {
  reels: REELS,
  wild: W,
  pays: [
    pays(0, 5, 200, 2000, 7500), // W: own pays from 2
    pays(0, 0, 0, 0, 0), // S
    pays(0, 2, 30, 150, 1000), // A: pays from 2
    pays(0, 0, 25, 100, 500), // B
    pays(0, 0, 5, 10, 50), // C
    pays(0, 0, 0, 0, 0), // T
  ],
  substitutes: [false, false, true, true, true, false],
};

/** A window whose middle row is `line`; the other rows hold scatters, which no line reads here. */
function middleRow(line: readonly number[]): Uint8Array {
  const window = new Uint8Array(REELS * ROWS).fill(S);
  line.forEach((symbol, reel) => {
    window[reel * ROWS + 1] = symbol;
  });
  return window;
}

const MIDDLE = [1, 1, 1, 1, 1];

function evaluate(line: readonly number[], table: LinePaytable = TABLE): LineResult {
  const out: LineResult = { pay: -1, symbol: -1, count: -1 };
  const pay = evaluateLine(table, middleRow(line), ROWS, MIDDLE, out);
  expect(pay).toBe(out.pay);
  return out;
}

const result = (symbol: number, count: number, table: LinePaytable = TABLE): LineResult => ({
  pay: (table.pays[symbol] as Int32Array)[count] as number,
  symbol,
  count,
});

describe("evaluateLine", () => {
  it("pays a run of one symbol from reel 1 by its length", () => {
    expect(evaluate([B, B, B, A, A])).toEqual(result(B, 3));
    expect(evaluate([B, B, B, B, A])).toEqual(result(B, 4));
    expect(evaluate([B, B, B, B, B])).toEqual(result(B, 5));
    expect(evaluate([A, A, C, C, C])).toEqual(result(A, 2));
  });

  it("needs the run to start on reel 1 and to be contiguous", () => {
    expect(evaluate([C, B, B, B, B])).toEqual({ pay: 0, symbol: C, count: 0 });
    expect(evaluate([B, B, C, B, B]).pay).toBe(0); // B pays nothing for 2
    expect(evaluate([B, B, B, C, B])).toEqual(result(B, 3));
  });

  it("lets the wild stand in for substitutable symbols anywhere in the run", () => {
    expect(evaluate([B, W, B, C, C])).toEqual(result(B, 3));
    expect(evaluate([B, B, W, W, B])).toEqual(result(B, 5));
    // Wild first: the run it completes for the next symbol, when that pays more than the wild alone.
    expect(evaluate([W, B, B, C, C])).toEqual(result(B, 3));
  });

  it("never substitutes a symbol that is not configured as substitutable", () => {
    expect(evaluate([S, W, S, S, S]).pay).toBe(0);
    expect(evaluate([T, W, T, T, T]).pay).toBe(0);
    // Wild then a non-substitutable symbol: only the wild's own (1 pays nothing).
    expect(evaluate([W, T, T, T, T])).toEqual({ pay: 0, symbol: W, count: 0 });
    expect(evaluate([W, W, S, S, S])).toEqual(result(W, 2));
  });

  it("pays the wild's own combinations", () => {
    expect(evaluate([W, W, C, A, A]).pay).toBe(5); // C 3 = 5 = W 2: a tie pays 5 once, either way
    expect(evaluate([W, W, T, A, A])).toEqual(result(W, 2));
    expect(evaluate([W, W, W, T, A])).toEqual(result(W, 3));
    expect(evaluate([W, W, W, W, T])).toEqual(result(W, 4));
    expect(evaluate([W, W, W, W, W])).toEqual(result(W, 5));
  });

  it("pays only the highest combination of a line", () => {
    // W W W B x: wild 3 (200) beats B 4 (100).
    expect(evaluate([W, W, W, B, C])).toEqual(result(W, 3));
    // W W A A A: A 5 (1000) beats wild 2 (5).
    expect(evaluate([W, W, A, A, A])).toEqual(result(A, 5));
    // W W W W A: wild 4 (2000) beats A 5 (1000).
    expect(evaluate([W, W, W, W, A])).toEqual(result(W, 4));
    // W C C C C: C 5 (50) beats wild 1 (0).
    expect(evaluate([W, C, C, C, C])).toEqual(result(C, 5));
  });

  it("works without a wild", () => {
    const noWild: LinePaytable = { ...TABLE, wild: -1 };
    expect(evaluate([B, B, B, C, C], noWild)).toEqual(result(B, 3, noWild));
    expect(evaluate([W, W, W, W, W], noWild)).toEqual(result(W, 5, noWild));
    expect(evaluate([B, W, B, C, C], noWild).pay).toBe(0);
  });

  it("follows a line's row on each reel", () => {
    const window = new Uint8Array(REELS * ROWS).fill(C);
    // A V shape: rows 0,1,2,1,0 hold B; the middle row holds A.
    [0, 1, 2, 1, 0].forEach((row, reel) => {
      window[reel * ROWS + row] = B;
    });
    const out: LineResult = { pay: 0, symbol: 0, count: 0 };
    expect(evaluateLine(TABLE, window, ROWS, [0, 1, 2, 1, 0], out)).toBe(500);
    expect(out).toEqual(result(B, 5));
    expect(evaluateLine(TABLE, window, ROWS, [2, 2, 2, 2, 2], out)).toBe(0);
  });
});

describe("leadingRun", () => {
  it("counts the symbol from reel 1 without any substitution", () => {
    const run = (line: number[]) => leadingRun(middleRow(line), ROWS, MIDDLE, T, REELS);
    expect(run([T, T, T, A, T])).toBe(3);
    expect(run([T, T, T, T, T])).toBe(5);
    expect(run([A, T, T, T, T])).toBe(0);
    expect(run([T, W, T, T, T])).toBe(1);
    const compiled = compileLines(TABLE, [MIDDLE], ROWS);
    expect(leadingRunCompiled(compiled, middleRow([T, T, T, T, A]), 0, T)).toBe(4);
  });
});

// ---------------------------------------------------------------------------------
// Property: the evaluator equals a brute-force reading of the rules, for random paytables.

/** Every candidate combination on the line; the best pay wins. Slow and obvious. */
function bruteForce(table: LinePaytable, cells: readonly number[]): number {
  let best = 0;
  const symbols = table.pays.length;
  for (let symbol = 0; symbol < symbols; symbol++) {
    for (let count = 1; count <= table.reels; count++) {
      const prefix = cells.slice(0, count);
      const allWild = prefix.every((x) => x === table.wild);
      // `count` of `symbol`: either the wild's own run, or symbol with wilds standing in.
      const ok =
        symbol === table.wild
          ? allWild
          : prefix.every((x) => x === symbol || (x === table.wild && table.substitutes[symbol] === true)) &&
            prefix.includes(symbol);
      if (ok) best = Math.max(best, (table.pays[symbol] as Int32Array)[count] as number);
    }
  }
  return best;
}

const tableArb: fc.Arbitrary<LinePaytable> = fc
  .record({
    pays: fc.array(
      fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: REELS, maxLength: REELS }).map((p) => {
        // Pays never fall with the count, as in every real paytable.
        const sorted = [...p].sort((a, b) => a - b);
        return Int32Array.from([0, ...sorted]);
      }),
      { minLength: NAMES.length, maxLength: NAMES.length },
    ),
    wild: fc.integer({ min: -1, max: NAMES.length - 1 }),
    substitutes: fc.array(fc.boolean(), { minLength: NAMES.length, maxLength: NAMES.length }),
  })
  .map(({ pays: p, wild, substitutes }) => ({
    reels: REELS,
    pays: p,
    wild,
    substitutes: substitutes.map((s, i) => s && i !== wild),
  }));

describe("evaluateLine properties", () => {
  it("pays exactly the best combination a brute force finds, and names a combination that pays it", () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.array(fc.integer({ min: 0, max: NAMES.length - 1 }), { minLength: REELS, maxLength: REELS }),
        (table, cells) => {
          const out: LineResult = { pay: 0, symbol: 0, count: 0 };
          const pay = evaluateLine(table, middleRow(cells), ROWS, MIDDLE, out);
          expect(pay).toBe(bruteForce(table, cells));
          if (pay > 0) expect((table.pays[out.symbol] as Int32Array)[out.count]).toBe(pay);
          else expect(out.count).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("the compiled form gives the same result as the one-off form on every line", () => {
    const lines = [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
      [0, 1, 2, 1, 0],
      [2, 1, 0, 1, 2],
    ];
    fc.assert(
      fc.property(
        tableArb,
        fc.array(fc.integer({ min: 0, max: NAMES.length - 1 }), { minLength: REELS * ROWS, maxLength: REELS * ROWS }),
        (table, cells) => {
          const window = Uint8Array.from(cells);
          const compiled = compileLines(table, lines, ROWS);
          expect(compiled.lineCount).toBe(lines.length);
          lines.forEach((rows, l) => {
            const a: LineResult = { pay: 0, symbol: 0, count: 0 };
            const b: LineResult = { pay: 0, symbol: 0, count: 0 };
            evaluateLine(table, window, ROWS, rows, a);
            evaluateCompiledLine(compiled, window, l, b);
            expect(b).toEqual(a);
            expect(leadingRunCompiled(compiled, window, l, T)).toBe(leadingRun(window, ROWS, rows, T, REELS));
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("linePaytable", () => {
  it("builds pays by k of a kind from a game's data, the wild by id, substitutes by kind", () => {
    const symbols = [
      { id: "W", kind: "wild" },
      { id: "S", kind: "scatter" },
      { id: "A", kind: "regular" },
    ] as const;
    const table = linePaytable(symbols, { W: [0, 5, 50], A: [0, 0, 10] }, 3, "W", (s) => s.kind === "regular");
    expect(table.wild).toBe(0);
    expect(table.pays.map((p) => [...p])).toEqual([
      [0, 0, 5, 50],
      [0, 0, 0, 0],
      [0, 0, 0, 10],
    ]);
    expect(table.substitutes).toEqual([false, false, true]);
    expect(() => linePaytable(symbols, {}, 3, "X", () => true)).toThrow(/no wild symbol 'X'/);
  });
});
