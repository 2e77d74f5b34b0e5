import { describe, expect, it } from "vitest";
import type { LinePaytable } from "../lines/evaluate.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { enumerateWindows } from "./cycle.js";
import { lineCycle } from "./line-cycle.js";
import { evaluateTuple, type LineRule } from "./lines.js";
import { type ReelLaw, reelLaws } from "./reels.js";

const WILD = 0;
const SCATTER = 1;
const BONUS = 2;
const SYMBOLS = 6;

/** A small paytable: 0 wild (own pays), 1 scatter and 2 bonus (never substituted, no line pays), 3–5 regular. */
function paytable(reels: number): LinePaytable {
  const pays = Array.from({ length: SYMBOLS }, (_, s) => {
    const p = new Int32Array(reels + 1);
    if (s === SCATTER || s === BONUS) return p;
    for (let k = 2; k <= reels; k++) p[k] = (s === WILD ? 7 : s) * k * (k - 1);
    return p;
  });
  return { reels, wild: WILD, pays, substitutes: Array.from({ length: SYMBOLS }, (_, s) => s > BONUS) };
}

function randomStrips(rng: Xoshiro128, reels: number): number[][] {
  return Array.from({ length: reels }, () => Array.from({ length: 4 + rng.int(4) }, () => rng.int(SYMBOLS)));
}

/** The reference: every window read cell by cell (no prefixes, no tables), as a map `line count:class:pays` → weight. */
function bruteForce(
  laws: ReelLaw[],
  lines: number[][],
  rule: LineRule,
  lineCounts: number[],
  classOf: (window: Uint8Array) => number,
): Map<string, number> {
  const rows = laws[0]?.rows ?? 0;
  const out = new Map<string, number>();
  const tuple = new Uint8Array(laws.length);
  enumerateWindows(laws, (window, weight) => {
    const klass = classOf(window);
    let sum = 0;
    lines.forEach((line, l) => {
      line.forEach((row, r) => {
        tuple[r] = window[r * rows + row] as number;
      });
      sum += evaluateTuple(rule, tuple).pay;
      if (lineCounts.includes(l + 1)) {
        const key = `${l + 1}:${klass}:${sum}`;
        out.set(key, (out.get(key) ?? 0) + weight);
      }
    });
  });
  return out;
}

/** The longest run of `symbol` from reel 1 over the lines, and the lines with a run of at least n, read off a window. */
function runsOf(window: Uint8Array, rows: number, lines: number[][], symbol: number) {
  const lengths = lines.map((line) => {
    let n = 0;
    while (n < line.length && window[n * rows + (line[n] as number)] === symbol) n++;
    return n;
  });
  return { longest: Math.max(0, ...lengths), atLeast: (n: number) => lengths.filter((x) => x >= n).length };
}

describe("lineCycle", () => {
  it("sums line pays per line count and classes every window exactly as a cell-by-cell reading does", () => {
    const rng = new Xoshiro128(7);
    for (let trial = 0; trial < 6; trial++) {
      const reels = trial % 2 === 0 ? 5 : 4;
      const rows = 3;
      const strips = randomStrips(rng, reels);
      // Stop weights on some reels (including a zero), none on others.
      const weights = strips.map((s, r) => (r % 2 === 1 ? s.map((_, i) => (i === 0 ? 0 : 1 + rng.int(3))) : undefined));
      const laws = reelLaws(strips, rows, weights);
      const lines = Array.from({ length: 6 + rng.int(6) }, () => Array.from({ length: reels }, () => rng.int(rows)));
      const rule: LineRule =
        trial < 3
          ? { paytable: paytable(reels) }
          : { paytable: paytable(reels), wildMultipliers: [1, 2, 3], multiplyWildPays: true };
      const lineCounts =
        trial % 3 === 0
          ? [lines.length]
          : [1, 2, Math.max(3, lines.length - 1), lines.length].filter((n, i, a) => a.indexOf(n) === i);
      // Class: scatter count, bonus count (capped at 3), longest bonus run, lines with a full bonus run (capped at 2).
      const klass = (scatters: number, bonuses: number, longest: number, full: number) =>
        ((scatters * 4 + Math.min(bonuses, 3)) * (reels + 1) + longest) * 3 + Math.min(full, 2);
      const classes = klass(reels * rows, 3, reels, 2) + 1;
      const cycle = lineCycle(laws, {
        lines,
        rule,
        symbols: SYMBOLS,
        lineCounts,
        counted: [SCATTER, BONUS],
        runs: [BONUS],
        classes,
        classOf: (w) => klass(w.counts[0] as number, w.counts[1] as number, w.longestRun(0), w.linesWithRun(0, reels)),
      });
      const expected = bruteForce(laws, lines, rule, lineCounts, (window) => {
        const count = (s: number) => window.filter((x) => x === s).length;
        const runs = runsOf(window, rows, lines, BONUS);
        return klass(count(SCATTER), count(BONUS), runs.longest, runs.atLeast(reels));
      });
      const got = new Map<string, number>();
      cycle.histograms.forEach((h, i) => {
        for (let k = 0; k < h.classes; k++)
          h.weights(k).forEach((w, pays) => {
            if (w > 0) got.set(`${lineCounts[i]}:${k}:${pays}`, w);
          });
      });
      expect(got).toEqual(expected);
      expect(cycle.histogram).toBe(cycle.histograms[cycle.histograms.length - 1]);
      const total = laws.reduce((a, l) => a * l.total, 1);
      expect(cycle.totalWeight).toBe(total);
      expect(cycle.combinations).toBe(laws.reduce((a, l) => a * l.weights.filter((w) => w > 0).length, 1));
    }
  });

  it("reads runs of every length, on lines that share cells and lines that do not", () => {
    // Reel columns chosen so that the bonus runs 1..5 long on different lines.
    const rows = 3;
    const strips = [
      [BONUS, BONUS, BONUS, 3, 4, 5],
      [BONUS, 3, BONUS, 4, 3, 5],
      [BONUS, BONUS, 5, 3],
      [4, BONUS, BONUS, 3],
      [BONUS, 3, BONUS, 5],
    ];
    const laws = reelLaws(strips, rows);
    const lines = [
      [0, 0, 0, 0, 0],
      [1, 1, 1, 1, 1],
      [2, 2, 2, 2, 2],
      [0, 1, 0, 1, 0],
      [2, 1, 0, 1, 2],
    ];
    const seen = new Set<string>();
    const cycle = lineCycle(laws, {
      lines,
      rule: { paytable: paytable(5) },
      symbols: SYMBOLS,
      runs: [BONUS],
      classes: 1,
      classOf: (w) => {
        const window = new Uint8Array(5 * rows);
        w.stops.forEach((stop, r) => {
          const strip = strips[r] as number[];
          for (let row = 0; row < rows; row++) window[r * rows + row] = strip[(stop + row) % strip.length] as number;
        });
        const runs = runsOf(window, rows, lines, BONUS);
        expect(w.longestRun(0)).toBe(runs.longest);
        for (let n = 1; n <= 6; n++) expect(w.linesWithRun(0, n)).toBe(n > 5 ? 0 : runs.atLeast(n));
        seen.add(`${runs.longest}`);
        return 0;
      },
    });
    expect(cycle.combinations).toBe(6 * 6 * 4 ** 3);
    expect([...seen].sort()).toEqual(["0", "1", "2", "3", "4", "5"]);
  });

  it("refuses inconsistent specs", () => {
    const laws = reelLaws(
      [
        [3, 4],
        [3, 4],
        [3, 4],
      ],
      2,
    );
    const spec = { rule: { paytable: paytable(3) }, symbols: SYMBOLS, classes: 1, classOf: () => 0 };
    expect(() => lineCycle(laws, { ...spec, lines: [[0, 0, 0]], rule: { paytable: paytable(4) } })).toThrow(/4 reels/);
    expect(() => lineCycle(laws, { ...spec, lines: [] })).toThrow(/no paylines/);
    expect(() => lineCycle(laws, { ...spec, lines: [[0, 0]] })).toThrow(/2 rows for 3 reels/);
    expect(() => lineCycle(laws, { ...spec, lines: [[0, 2, 0]] })).toThrow(/row 2 of reel 2/);
    expect(() => lineCycle(laws, { ...spec, lines: [[0, 0, 0]], lineCounts: [2] })).toThrow(/ascend/);
    expect(() =>
      lineCycle(laws, {
        ...spec,
        lines: [
          [0, 0, 0],
          [1, 1, 1],
        ],
        lineCounts: [2, 1],
      }),
    ).toThrow(/ascend/);
    expect(() => lineCycle(laws.slice(0, 1), { ...spec, lines: [[0]] })).toThrow(/at least 2 reels/);
  });
});
