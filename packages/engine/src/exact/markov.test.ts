import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { Fraction } from "./fraction.js";
import { absorbingChain, absorbingChainExact, solveLinear, solveLinearExact } from "./markov.js";
import { seriesMoments } from "./series.js";

/** Gambler's ruin on 0..N: transient 1..N-1, up with p, absorbed at 0 (ruin) or N (win). */
function ruin<T>(N: number, p: T, q: T, zero: T) {
  const n = N - 1;
  const transient = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (j === i + 1 ? p : j === i - 1 ? q : zero)),
  );
  const absorbing = Array.from({ length: n }, (_, i) => [i === 0 ? q : zero, i === n - 1 ? p : zero]);
  return { transient, absorbing };
}

describe("solveLinear", () => {
  it("recovers x from A·x on random well-conditioned systems, several right-hand sides at once", () => {
    const rng = new Xoshiro128(3);
    for (let trial = 0; trial < 20; trial++) {
      const n = 2 + rng.int(8);
      const a = Array.from({ length: n }, (_, i) =>
        Array.from({ length: n }, (_, j) => (i === j ? 10 : 0) + rng.int(200) / 100 - 1),
      );
      const x = Array.from({ length: n }, () => [rng.int(1000) / 10, rng.int(7) - 3]);
      const b = a.map((row) => [0, 1].map((c) => row.reduce((s, v, j) => s + v * (x[j]?.[c] as number), 0)));
      const got = solveLinear(a, b);
      got.forEach((row, i) => {
        row.forEach((v, c) => {
          expect(v).toBeCloseTo(x[i]?.[c] as number, 9);
        });
      });
    }
  });

  it("pivots (a zero in the corner) and refuses singular or misshapen systems", () => {
    expect(
      solveLinear(
        [
          [0, 1],
          [1, 0],
        ],
        [[2], [3]],
      ),
    ).toEqual([[3], [2]]);
    expect(() =>
      solveLinear(
        [
          [1, 2],
          [2, 4],
        ],
        [[1], [2]],
      ),
    ).toThrow(/singular/);
    expect(() => solveLinear([[1]], [[1], [2]])).toThrow(/shapes/);
    const f = (n: number) => new Fraction(n);
    expect(() =>
      solveLinearExact(
        [
          [f(1), f(2)],
          [f(2), f(4)],
        ],
        [[f(1)], [f(2)]],
      ),
    ).toThrow(/singular/);
  });
});

describe("absorbingChain", () => {
  it("gambler's ruin: win probabilities (1 − (q/p)^i)/(1 − (q/p)^N) and, at p = 1/2, i(N − i) steps", () => {
    const N = 10;
    const p = 0.4;
    const q = 0.6;
    const res = absorbingChain(ruin(N, p, q, 0));
    for (let i = 1; i < N; i++) {
      const win = (1 - (q / p) ** i) / (1 - (q / p) ** N);
      expect(res.absorption[i - 1]?.[1]).toBeCloseTo(win, 13);
      expect((res.absorption[i - 1]?.[0] as number) + (res.absorption[i - 1]?.[1] as number)).toBeCloseTo(1, 13);
    }
    const fair = absorbingChain(ruin(N, 0.5, 0.5, 0));
    for (let i = 1; i < N; i++) expect(fair.expectedSteps[i - 1]).toBeCloseTo(i * (N - i), 11);
  });

  it("in rationals the same chain gives exact fractions equal to the closed form", () => {
    const N = 6;
    const half = new Fraction(1n, 2n);
    const res = absorbingChainExact({ ...ruin(N, new Fraction(2n, 5n), new Fraction(3n, 5n), Fraction.ZERO) });
    // (q/p) = 3/2: P(win from i) = ((3/2)^i − 1) / ((3/2)^N − 1), exactly.
    const r = new Fraction(3n, 2n);
    const pow = (x: Fraction, k: number) => Array.from({ length: k }).reduce<Fraction>((a) => a.mul(x), Fraction.ONE);
    for (let i = 1; i < N; i++) {
      const win = pow(r, i).sub(Fraction.ONE).div(pow(r, N).sub(Fraction.ONE));
      expect(res.absorption[i - 1]?.[1]?.equals(win)).toBe(true);
    }
    const fair = absorbingChainExact(ruin(N, half, half, Fraction.ZERO));
    for (let i = 1; i < N; i++) expect(fair.expectedSteps[i - 1]?.toString()).toBe(String(i * (N - i)));
  });

  it("a capped free-spin series as a chain gives the series solver's expected spins and win", () => {
    // States (awarded a, played j), j < a; each spin retriggers (+3, up to the cap) with probability 0.2 and wins 2 or 5.
    const initial = 3;
    const award = 3;
    const cap = 12;
    const pr = 0.2;
    const states: [number, number][] = [];
    for (let a = initial; a <= cap; a += award) for (let j = 0; j < a; j++) states.push([a, j]);
    const index = new Map(states.map(([a, j], i) => [`${a}:${j}`, i]));
    const n = states.length;
    const transient = states.map(() => new Array<number>(n).fill(0));
    const absorbing = states.map(() => [0]);
    const reward = states.map(() => (1 - pr) * 2 + pr * 5);
    states.forEach(([a, j], i) => {
      for (const [to, p] of [
        [a, 1 - pr],
        [Math.min(a + award, cap), pr],
      ] as const) {
        const k = index.get(`${to}:${j + 1}`);
        if (k === undefined) (absorbing[i] as number[])[0] = ((absorbing[i] as number[])[0] as number) + p;
        else (transient[i] as number[])[k] = ((transient[i] as number[])[k] as number) + p;
      }
    });
    const chain = absorbingChain({ transient, absorbing, reward });
    const series = seriesMoments({
      initial,
      cap,
      classes: [
        { probability: 1 - pr, award: 0, mean: 2 },
        { probability: pr, award, mean: 5 },
      ],
    });
    const start = index.get(`${initial}:0`) as number;
    expect(chain.expectedSteps[start]).toBeCloseTo(series.expectedSpins, 12);
    expect(chain.expectedReward[start]).toBeCloseTo(series.mean, 12);
    expect(chain.absorption[start]?.[0]).toBeCloseTo(1, 12);
  });
});

describe("Fraction", () => {
  it("normalises, computes exactly and converts", () => {
    expect(new Fraction(6, -4).toString()).toBe("-3/2");
    expect(new Fraction(1n, 3n).add(new Fraction(1n, 6n)).toString()).toBe("1/2");
    expect(Fraction.fromNumber(0.375).toString()).toBe("3/8");
    expect(Fraction.fromNumber(0.1).toNumber()).toBe(0.1);
    expect(new Fraction(1n, 3n).compare(new Fraction(1n, 2n))).toBe(-1);
    expect(new Fraction(10n ** 400n + 1n, 3n * 10n ** 400n).toNumber()).toBeCloseTo(1 / 3, 15);
    expect(() => new Fraction(1, 0)).toThrow(/zero denominator/);
    expect(() => Fraction.ONE.div(Fraction.ZERO)).toThrow(/division by zero/);
    expect(() => new Fraction(0.5)).toThrow(/not an integer/);
  });
});
