import { describe, expect, it } from "vitest";
import { convolve } from "./histogram.js";
import { type AwardLaw, roundLawByAward } from "./round-law.js";
import { seriesTotalLaw } from "./series.js";

const N = 256;

/** A law from (value, probability) pairs. */
function law(...points: [number, number][]): Float64Array {
  const out = new Float64Array(Math.max(...points.map(([v]) => v)) + 1);
  for (const [v, p] of points) out[v] = (out[v] as number) + p;
  return out;
}

/** The k-fold convolution of `t`, truncated to N values (exact below N: values are non-negative). */
function power(t: Float64Array, k: number): Float64Array {
  let out: Float64Array = Float64Array.of(1);
  for (let i = 0; i < k; i++) out = convolve(out, t, N);
  const padded = new Float64Array(N);
  padded.set(out.subarray(0, N));
  return padded;
}

/** The reference: the subtree law by fixed-point iteration T = Σ F_k * T^k on N values, then Σ X_a * T^a. */
function bruteForce(paid: AwardLaw[], free: AwardLaw[]) {
  let t = new Float64Array(N);
  t[0] = 1;
  for (let iter = 0; iter < 200; iter++) {
    const next = new Float64Array(N);
    for (const c of free) {
      const part = convolve(c.law, power(t, c.award), N);
      for (let v = 0; v < N; v++) next[v] = (next[v] as number) + (part[v] ?? 0);
    }
    t = next;
  }
  const round = new Float64Array(N);
  const series = new Float64Array(N);
  const total = (l: ArrayLike<number>) => Array.from(l).reduce((x, y) => x + y, 0);
  const trigger = paid.reduce((a, c) => a + (c.award > 0 ? total(c.law) : 0), 0);
  for (const c of paid) {
    const ta = power(t, c.award);
    const part = convolve(c.law, ta, N);
    for (let v = 0; v < N; v++) round[v] = (round[v] as number) + (part[v] ?? 0);
    if (c.award > 0) {
      const w = total(c.law) / trigger;
      for (let v = 0; v < N; v++) series[v] = (series[v] as number) + w * (ta[v] as number);
    }
  }
  return { round, series };
}

describe("roundLawByAward", () => {
  // Free spins: no award, 2 more, or 3 more (E[K] = 0.45); equal awards given in two parts are summed.
  const free: AwardLaw[] = [
    { award: 0, law: law([0, 0.5], [1, 0.2], [3, 0.1]) },
    { award: 2, law: law([0, 0.1], [2, 0.03]) },
    { award: 2, law: law([2, 0.02]) },
    { award: 3, law: law([1, 0.05]) },
  ];
  const paid: AwardLaw[] = [
    { award: 0, law: law([0, 0.6], [2, 0.2]) },
    { award: 1, law: law([1, 0.1]) },
    { award: 4, law: law([5, 0.1]) },
  ];

  it("equals the fixed point of the subtree law by direct convolution, round and series alike", () => {
    // A lattice 4 times the reference's, so that nothing folds back onto the values compared.
    const got = roundLawByAward(paid, free, 4 * N);
    const want = bruteForce(paid, free);
    for (let v = 0; v < N; v++) {
      expect(Math.abs((got.law[v] as number) - (want.round[v] as number)), `round ${v}`).toBeLessThan(1e-14);
      expect(Math.abs((got.seriesLaw[v] as number) - (want.series[v] as number)), `series ${v}`).toBeLessThan(1e-14);
    }
    expect(got.triggerProbability).toBeCloseTo(0.2, 15);
    expect(got.truncatedMass).toBeLessThan(1e-12);
    expect(got.seriesTruncatedMass).toBeLessThan(1e-12);
    // Chernoff: a true bound on the tail, and a tail bound of 1 at 0.
    for (const at of [10, 40, 100]) {
      let tail = 0;
      for (let v = at; v < N; v++) tail += want.round[v] as number;
      expect(got.tailBound(at)).toBeGreaterThanOrEqual(tail);
    }
    expect(got.tailBound(100)).toBeLessThan(1e-6);
  });

  it("agrees with the series kit when every trigger awards the same number of spins", () => {
    const initial = 4;
    const got = roundLawByAward([{ award: initial, law: law([0, 1]) }], free, 4 * N);
    const series = seriesTotalLaw(initial, free, null, 4 * N);
    for (let v = 0; v < N; v++) expect(Math.abs((got.seriesLaw[v] as number) - (series.law[v] as number))).toBeLessThan(1e-15);
    for (let v = 0; v < N; v++) expect(Math.abs((got.law[v] as number) - (series.law[v] as number))).toBeLessThan(1e-15);
  });

  it("refuses series that never end on average", () => {
    expect(() =>
      roundLawByAward(
        paid,
        [
          { award: 2, law: law([0, 0.5]) },
          { award: 0, law: law([1, 0.5]) },
        ],
        N,
      ),
    ).toThrow(/infinite/);
  });
});
