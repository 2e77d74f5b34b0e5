import { describe, expect, it } from "vitest";
import {
  mixedSeriesLengthLaw,
  type SeriesSpec,
  seriesLengthLaw,
  seriesMoments,
  seriesTotalLaw,
  seriesTransform,
} from "./series.js";

/**
 * A spin class with a small value law, for brute force: P(class) and the law of its win
 * given the class (value -> probability).
 */
interface SmallClass {
  probability: number;
  award: number;
  values: [number, number][];
}

const CLASSES: SmallClass[] = [
  {
    probability: 0.75,
    award: 0,
    values: [
      [0, 0.5],
      [1, 0.3],
      [3, 0.2],
    ],
  },
  {
    probability: 0.15,
    award: 1,
    values: [
      [2, 0.9],
      [7, 0.1],
    ],
  },
  { probability: 0.1, award: 2, values: [[5, 1]] },
];

const specOf = (initial: number, cap: number | null, classes = CLASSES): SeriesSpec => ({
  initial,
  cap,
  classes: classes.map((c) => ({
    probability: c.probability,
    award: c.award,
    mean: c.values.reduce((a, [v, p]) => a + v * p, 0),
    meanSquare: c.values.reduce((a, [v, p]) => a + v * v * p, 0),
  })),
});

/**
 * The series played out spin by spin as the round code plays it, with equal states merged:
 * after each spin, the law of (spins awarded, total win) of the series still running. The
 * law of (spins played, total win) at the end; series longer than `maxSpins` are dropped
 * and their mass returned.
 */
const played = new Map<string, ReturnType<typeof playOut>>();
function bruteForce(initial: number, cap: number | null) {
  const key = `${initial}:${cap}`;
  const hit = played.get(key) ?? playOut(initial, cap);
  played.set(key, hit);
  return hit;
}

function playOut(initial: number, cap: number | null, classes = CLASSES, maxSpins = 90) {
  const outcomes = new Map<string, number>();
  let running = new Map<string, number>([[`${initial}:0`, 1]]);
  let dropped = 0;
  for (let played = 0; running.size > 0; played++) {
    const next = new Map<string, number>();
    for (const [key, p] of running) {
      const [awarded, total] = key.split(":").map(Number) as [number, number];
      if (awarded === played) {
        const done = `${played}:${total}`;
        outcomes.set(done, (outcomes.get(done) ?? 0) + p);
        continue;
      }
      if (played === maxSpins) {
        dropped += p;
        continue;
      }
      for (const c of classes) {
        const to = cap === null ? awarded + c.award : Math.min(awarded + c.award, cap);
        for (const [v, q] of c.values) {
          const k = `${to}:${total + v}`;
          next.set(k, (next.get(k) ?? 0) + p * c.probability * q);
        }
      }
    }
    running = next;
  }
  let mean = 0;
  let meanSquare = 0;
  let spins = 0;
  const lengths = new Map<number, number>();
  for (const [key, p] of outcomes) {
    const [n, s] = key.split(":").map(Number) as [number, number];
    mean += p * s;
    meanSquare += p * s * s;
    spins += p * n;
    lengths.set(n, (lengths.get(n) ?? 0) + p);
  }
  return { outcomes, mean, meanSquare, spins, lengths, dropped };
}

describe("seriesMoments", () => {
  it("without a cap: the branching-process formulas equal the series played out branch by branch", () => {
    const exact = seriesMoments(specOf(2, null));
    const brute = bruteForce(2, null);
    expect(brute.dropped).toBeLessThan(1e-13);
    expect(exact.awardPerSpin).toBeCloseTo(0.15 + 0.2, 15);
    expect(exact.expectedSpins).toBeCloseTo(2 / (1 - 0.35), 12);
    expect(exact.expectedSpins).toBeCloseTo(brute.spins, 10);
    expect(exact.mean).toBeCloseTo(brute.mean, 10);
    expect(exact.meanSquare).toBeCloseTo(brute.meanSquare, 8);
    expect(exact.retriggerProbability).toBeCloseTo(1 - 0.75 ** 2, 15);
  });

  it("with a cap: the backward induction equals the capped series played out (nothing dropped)", () => {
    for (const cap of [2, 3, 5, 7]) {
      const exact = seriesMoments(specOf(2, cap));
      const brute = bruteForce(2, cap);
      expect(brute.dropped).toBe(0);
      expect(exact.expectedSpins).toBeCloseTo(brute.spins, 12);
      expect(exact.mean).toBeCloseTo(brute.mean, 12);
      expect(exact.meanSquare).toBeCloseTo(brute.meanSquare, 10);
      expect(exact.variance).toBeCloseTo(brute.meanSquare - brute.mean ** 2, 10);
    }
  });

  it("a far cap gives the uncapped figures; the classic free-spin chain gives 10 / (1 − 10q)", () => {
    // The spins a cap cuts, each leading a subtree of 1 / (1 − m) spins, are what the cap takes away.
    for (const cap of [3, 5, 9]) {
      const capped = seriesMoments(specOf(2, cap));
      const free = seriesMoments(specOf(2, null));
      expect(capped.awardsCut / (1 - free.awardPerSpin)).toBeCloseTo(free.expectedSpins - capped.expectedSpins, 12);
    }
    expect(seriesMoments(specOf(2, null)).awardsCut).toBe(0);
    const far = seriesMoments(specOf(2, 400));
    const none = seriesMoments(specOf(2, null));
    expect(far.mean).toBeCloseTo(none.mean, 10);
    expect(far.meanSquare).toBeCloseTo(none.meanSquare, 8);
    const q = 0.006;
    const fs = seriesMoments({
      initial: 10,
      classes: [
        { probability: 1 - q, award: 0 },
        { probability: q, award: 10 },
      ],
    });
    expect(fs.expectedSpins).toBeCloseTo(10 / (1 - 10 * q), 12);
    // Certain retriggers: the cap binds.
    const always = seriesMoments({ initial: 10, cap: 100, classes: [{ probability: 1, award: 10 }] });
    expect(always.expectedSpins).toBe(100);
  });

  it("refuses an infinite series, bad probabilities and a cap below the initial spins", () => {
    expect(() => seriesMoments({ initial: 1, classes: [{ probability: 1, award: 1 }] })).toThrow(/infinite/);
    expect(() => seriesMoments({ initial: 1, classes: [{ probability: 0.5, award: 0 }] })).toThrow(/sum to 0.5/);
    expect(() => seriesMoments({ initial: 10, cap: 5, classes: [{ probability: 1, award: 0 }] })).toThrow(/cap 5/);
  });
});

describe("seriesLengthLaw", () => {
  it("matches the hitting-time theorem P(N = n) = (n0/n)·C(n, r)·p^r·(1−p)^(n−r), r = (n − n0)/k", () => {
    const p = 0.05;
    const law = seriesLengthLaw(
      {
        initial: 10,
        classes: [
          { probability: 1 - p, award: 0 },
          { probability: p, award: 10 },
        ],
      },
      300,
    );
    const logC = (n: number, r: number) => {
      let s = 0;
      for (let i = 1; i <= r; i++) s += Math.log((n - r + i) / i);
      return s;
    };
    for (let n = 10; n <= 300; n++) {
      const expected =
        (n - 10) % 10 === 0
          ? (10 / n) * Math.exp(logC(n, (n - 10) / 10) + ((n - 10) / 10) * Math.log(p) + (n - (n - 10) / 10) * Math.log(1 - p))
          : 0;
      expect(law.probabilities[n]).toBeCloseTo(expected, 15);
    }
    const kept = law.probabilities.reduce((a, b) => a + b, 0);
    expect(kept + law.truncatedMass).toBeCloseTo(1, 14);
    expect(law.truncatedMass).toBeGreaterThan(0);
    expect(law.truncatedMass).toBeLessThan(1e-3);
  });

  it("with a cap it is complete and equals the capped series played out", () => {
    const law = seriesLengthLaw(specOf(2, 6));
    expect(law.truncatedMass).toBe(0);
    const brute = bruteForce(2, 6);
    for (let n = 0; n <= 6; n++) expect(law.probabilities[n]).toBeCloseTo(brute.lengths.get(n) ?? 0, 14);
  });
});

describe("mixedSeriesLengthLaw", () => {
  it("is the mixture of the series lengths over a random first award, the series that never starts at 0", () => {
    const classes = [
      { probability: 0.96, award: 0 },
      { probability: 0.03, award: 10 },
      { probability: 0.01, award: 25 },
    ];
    const start = new Float64Array(26);
    start[0] = 0.5;
    start[10] = 0.3;
    start[25] = 0.2;
    const mixed = mixedSeriesLengthLaw(start, classes, 400);
    const expected = new Float64Array(401);
    let truncated = 0;
    for (const a of [10, 25]) {
      const law = seriesLengthLaw({ initial: a, classes }, 400);
      law.probabilities.forEach((p, n) => {
        expected[n] = (expected[n] as number) + (start[a] as number) * p;
      });
      truncated += (start[a] as number) * law.truncatedMass;
    }
    expected[0] = 0.5;
    for (let n = 0; n <= 400; n++) expect(mixed.probabilities[n]).toBeCloseTo(expected[n] as number, 14);
    expect(mixed.truncatedMass).toBeCloseTo(truncated, 14);
    expect(mixed.truncatedMass).toBeGreaterThan(0);
    expect(mixed.probabilities.reduce((a, b) => a + b, 0) + mixed.truncatedMass).toBeCloseTo(1, 14);
  });
});

describe("seriesTransform", () => {
  /** E[z^V; class] at the points, from the small value laws. */
  const transforms = (points: [number, number][], classes = CLASSES) =>
    classes.map((c) => {
      const re = new Float64Array(points.length);
      const im = new Float64Array(points.length);
      points.forEach(([zr, zi], i) => {
        for (const [v, q] of c.values) {
          const r = Math.hypot(zr, zi) ** v;
          const t = Math.atan2(zi, zr) * v;
          re[i] = (re[i] as number) + c.probability * q * r * Math.cos(t);
          im[i] = (im[i] as number) + c.probability * q * r * Math.sin(t);
        }
      });
      return { award: c.award, re, im };
    });

  const direct = (outcomes: Map<string, number>, [zr, zi]: [number, number]) => {
    let re = 0;
    let im = 0;
    for (const [key, p] of outcomes) {
      const s = Number(key.split(":")[1]);
      const r = Math.hypot(zr, zi) ** s;
      const t = Math.atan2(zi, zr) * s;
      re += p * r * Math.cos(t);
      im += p * r * Math.sin(t);
    }
    return [re, im];
  };

  const POINTS: [number, number][] = [
    [1, 0],
    [0, 1],
    [Math.cos(2), Math.sin(2)],
    [0.3, -0.4],
    [1.02, 0],
  ];

  it("equals Σ P(S = s) z^s over the series played out, with and without a cap", () => {
    for (const cap of [null, 3, 6]) {
      const brute = bruteForce(2, cap);
      const t = seriesTransform(2, transforms(POINTS), cap);
      POINTS.forEach((z, i) => {
        const [re, im] = direct(brute.outcomes, z);
        expect(t.re[i]).toBeCloseTo(re as number, 10);
        expect(t.im[i]).toBeCloseTo(im as number, 10);
      });
    }
  });

  it("gives Infinity where a real z is too large for the series to converge", () => {
    const t = seriesTransform(2, transforms([[3, 0]]), null);
    expect(t.re[0]).toBe(Number.POSITIVE_INFINITY);
    expect(() => seriesTransform(5, transforms([[1, 0]]), 3)).toThrow(/cap 3/);
  });
});

describe("seriesTotalLaw", () => {
  const lawOf = (c: SmallClass) => {
    const law = new Float64Array(8);
    for (const [v, q] of c.values) law[v] = (law[v] as number) + c.probability * q;
    return { award: c.award, law };
  };

  it("equals the law of the series total played out, with and without a cap; the folded mass is bounded", () => {
    for (const cap of [null, 4, 8]) {
      const brute = bruteForce(2, cap);
      const total = new Map<number, number>();
      for (const [key, p] of brute.outcomes) {
        const s = Number(key.split(":")[1]);
        total.set(s, (total.get(s) ?? 0) + p);
      }
      const got = seriesTotalLaw(2, CLASSES.map(lawOf), cap, 1024);
      for (let v = 0; v < 200; v++) {
        const want = total.get(v) ?? 0;
        expect(Math.abs((got.law[v] as number) - want)).toBeLessThan(1e-15 + 1e-9 * want);
      }
      expect(got.truncatedMass).toBeLessThan(1e-12);
      expect(got.law.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });
});
