import { describe, expect, it } from "vitest";
import { evaluateLine, type LinePaytable, type LineResult } from "../lines/evaluate.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { enumerateWindows } from "./cycle.js";
import { evaluateTuple, type LineRule, lineExpectation, longestRunLaw, tuplePayTable } from "./lines.js";
import { maskLaw, reelLaws } from "./reels.js";

/** A random paytable: symbol 0 is the wild, symbol 1 a non-substitutable scatter, the rest regular. */
function randomTable(rng: Xoshiro128, reels: number, symbols: number): LinePaytable {
  const pays = Array.from({ length: symbols }, (_, s) => {
    const p = new Int32Array(reels + 1);
    if (s === 1) return p;
    let v = 0;
    for (let k = 2; k <= reels; k++) {
      v += rng.int(30) * (rng.int(3) === 0 ? 0 : 1);
      p[k] = v;
    }
    return p;
  });
  return { reels, wild: 0, pays, substitutes: Array.from({ length: symbols }, (_, s) => s >= 2) };
}

function randomLaw(rng: Xoshiro128, symbols: number): Float64Array {
  const w = Array.from({ length: symbols }, () => (rng.int(4) === 0 ? 0 : 1 + rng.int(20)));
  w[rng.int(symbols)] = 1 + rng.int(20);
  const total = w.reduce((a, b) => a + b, 0);
  return Float64Array.from(w, (x) => x / total);
}

/** Every tuple with its probability: the brute-force law the walk must reproduce. */
function bruteForce(rule: LineRule, laws: Float64Array[], symbols: number) {
  const reels = laws.length;
  const tuple = new Uint8Array(reels);
  let mean = 0;
  let meanSquare = 0;
  let hit = 0;
  const combos = new Map<string, number>();
  for (let i = 0; i < symbols ** reels; i++) {
    let x = i;
    let p = 1;
    for (let r = reels - 1; r >= 0; r--) {
      tuple[r] = x % symbols;
      x = Math.floor(x / symbols);
      p *= laws[r]?.[tuple[r] as number] as number;
    }
    const res = evaluateTuple(rule, tuple);
    if (res.pay > 0 && p > 0) {
      mean += p * res.pay;
      meanSquare += p * res.pay * res.pay;
      hit += p;
      const key = `${res.symbol}:${res.count}:${res.wilds}:${res.multiplier}`;
      combos.set(key, (combos.get(key) ?? 0) + p);
    }
  }
  return { mean, meanSquare, hit, combos };
}

/**
 * The multiplier rule written out independently: candidates are the wild's own run and the
 * run of the first non-wild symbol (if substitutable or first), each pay x the multiplier of
 * its wild count; the highest is paid, the wild on a tie.
 */
function referencePay(table: LinePaytable, mults: number[], tuple: number[]): number {
  const m = (n: number) => (n === 0 ? 1 : (mults[Math.min(n, mults.length - 1)] as number));
  let w = 0;
  while (w < tuple.length && tuple[w] === table.wild) w++;
  const own = w > 0 ? (table.pays[table.wild]?.[w] ?? 0) : 0;
  if (w === tuple.length) return own;
  const s = tuple[w] as number;
  if (w > 0 && !table.substitutes[s]) return own;
  let n = w;
  while (n < tuple.length && (tuple[n] === s || (table.substitutes[s] && tuple[n] === table.wild))) n++;
  const wilds = tuple.slice(0, n).filter((x) => x === table.wild).length;
  return Math.max(own, (table.pays[s]?.[n] ?? 0) * m(wilds));
}

describe("evaluateTuple", () => {
  it("equals the engine's line evaluator on every tuple of random paytables (no multipliers)", () => {
    const rng = new Xoshiro128(11);
    const out: LineResult = { pay: 0, symbol: 0, count: 0 };
    for (let trial = 0; trial < 20; trial++) {
      const reels = 3 + rng.int(3);
      const symbols = 4 + rng.int(2);
      const table = randomTable(rng, reels, symbols);
      const rows = new Int8Array(reels);
      const tuple = new Uint8Array(reels);
      for (let i = 0; i < symbols ** reels; i++) {
        let x = i;
        for (let r = reels - 1; r >= 0; r--) {
          tuple[r] = x % symbols;
          x = Math.floor(x / symbols);
        }
        const engine = evaluateLine(table, tuple, 1, rows, out);
        const mine = evaluateTuple({ paytable: table }, tuple);
        expect(mine.pay).toBe(engine);
        if (engine > 0) expect([mine.symbol, mine.count]).toEqual([out.symbol, out.count]);
      }
    }
  });

  it("applies wild multipliers to the combination's own wilds before choosing the highest win", () => {
    const rng = new Xoshiro128(12);
    const mults = [1, 2, 4, 8];
    for (let trial = 0; trial < 10; trial++) {
      const table = randomTable(rng, 5, 5);
      const rule: LineRule = { paytable: table, wildMultipliers: mults };
      for (let i = 0; i < 5 ** 5; i++) {
        const tuple = [0, 0, 0, 0, 0].map((_, r) => Math.floor(i / 5 ** (4 - r)) % 5);
        expect(evaluateTuple(rule, tuple).pay).toBe(referencePay(table, mults, tuple));
      }
    }
    // A worked case: W W A B …, A pays 10 for 3; the wild pays 15 for 2: the substitution (10 x 4 = 40) wins.
    const table: LinePaytable = {
      reels: 5,
      wild: 0,
      pays: [Int32Array.of(0, 0, 15, 0, 0, 0), new Int32Array(6), Int32Array.of(0, 0, 0, 10, 20, 30), new Int32Array(6)],
      substitutes: [false, false, true, true],
    };
    const res = evaluateTuple({ paytable: table, wildMultipliers: mults }, [0, 0, 2, 3, 3]);
    expect(res).toEqual({ pay: 40, symbol: 2, count: 3, wilds: 2, multiplier: 4 });
    expect(evaluateTuple({ paytable: table }, [0, 0, 2, 3, 3]).pay).toBe(15);
    expect(evaluateTuple({ paytable: table, wildMultipliers: mults, multiplyWildPays: true }, [0, 0, 2, 3, 3]).pay).toBe(60);
  });
});

describe("lineExpectation", () => {
  it("equals brute-force enumeration of every tuple, with and without multipliers", () => {
    const rng = new Xoshiro128(13);
    for (let trial = 0; trial < 30; trial++) {
      const reels = 3 + rng.int(3);
      const symbols = 4 + rng.int(3);
      const table = randomTable(rng, reels, symbols);
      const laws = Array.from({ length: reels }, () => randomLaw(rng, symbols));
      const variants: LineRule[] = [
        { paytable: table },
        { paytable: table, wildMultipliers: [1, 2, 4, 8] },
        { paytable: table, wildMultipliers: [1, 3], multiplyWildPays: true },
      ];
      for (const rule of variants) {
        const fast = lineExpectation(rule, laws);
        const brute = bruteForce(rule, laws, symbols);
        expect(fast.mean).toBeCloseTo(brute.mean, 12);
        expect(fast.meanSquare).toBeCloseTo(brute.meanSquare, 9);
        expect(fast.hit).toBeCloseTo(brute.hit, 14);
        expect(fast.combinations).toHaveLength(brute.combos.size);
        for (const c of fast.combinations) {
          expect(c.probability).toBeCloseTo(brute.combos.get(`${c.symbol}:${c.count}:${c.wilds}:${c.multiplier}`) ?? -1, 14);
        }
      }
    }
  });

  it("handles a paytable without a wild and refuses a wrong number of laws", () => {
    const table: LinePaytable = {
      reels: 3,
      wild: -1,
      pays: [Int32Array.of(0, 0, 0, 9), Int32Array.of(0, 0, 2, 4)],
      substitutes: [false, false],
    };
    const law = Float64Array.of(0.25, 0.75);
    const e = lineExpectation({ paytable: table }, [law, law, law]);
    expect(e.mean).toBeCloseTo(0.25 ** 3 * 9 + 0.75 ** 2 * 0.25 * 2 + 0.75 ** 3 * 4, 15);
    expect(() => lineExpectation({ paytable: table }, [law, law])).toThrow(/2 laws for 3 reels/);
    expect(() => lineExpectation({ paytable: table }, [law, law, Float64Array.of(0.5, 0.4)])).toThrow(/reel 3 sums to 0.9/);
  });
});

describe("tuplePayTable", () => {
  it("holds evaluateTuple's pay for every tuple, reel 1 most significant", () => {
    const rng = new Xoshiro128(14);
    const table = randomTable(rng, 4, 5);
    const rule: LineRule = { paytable: table, wildMultipliers: [1, 2, 4, 8] };
    const pays = tuplePayTable(rule, 5);
    expect(pays).toHaveLength(5 ** 4);
    for (let i = 0; i < pays.length; i++) {
      const tuple = [0, 0, 0, 0].map((_, r) => Math.floor(i / 5 ** (3 - r)) % 5);
      expect(pays[i]).toBe(evaluateTuple(rule, tuple).pay);
    }
  });
});

describe("longestRunLaw", () => {
  it("equals the longest run read off every window of a full cycle", () => {
    const strips = [
      [2, 0, 2, 1, 2],
      [2, 2, 1, 0],
      [0, 2, 2, 1, 1, 2],
      [2, 1, 0],
    ];
    const lines = [
      [1, 1, 1, 1],
      [0, 0, 0, 0],
      [0, 1, 1, 0],
      [1, 0, 0, 1],
    ];
    const laws = reelLaws(strips, 2);
    const law = longestRunLaw(
      laws.map((r) => maskLaw(r, 2)),
      lines,
    );
    const brute = Array.from({ length: 5 }, () => new Float64Array(5));
    const size = enumerateWindows(laws, (window, weight) => {
      let longest = 0;
      lines.forEach((line, l) => {
        let run = 0;
        while (run < 4 && window[run * 2 + (line[run] as number)] === 2) run++;
        longest = Math.max(longest, run);
        (brute[l + 1] as Float64Array)[longest] = ((brute[l + 1] as Float64Array)[longest] as number) + weight;
      });
    });
    for (let n = 1; n <= 4; n++)
      for (let k = 0; k <= 4; k++) expect(law[n]?.[k]).toBeCloseTo((brute[n]?.[k] as number) / size.totalWeight, 15);
    expect(law[0]?.[0]).toBe(1);
  });
});
