/**
 * Unbiased scaling and goodness of fit: the rejection limit is exactly the largest
 * multiple of n, every generator's scaled output passes a chi-square test for small,
 * odd and near-2^32 ranges, and the same test does catch naive modulo bias.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CryptoRng } from "./crypto.js";
import { type Rng, scaleUnbiased } from "./rng.js";
import { Xoshiro128 } from "./xoshiro.js";

const TWO_32 = 4294967296;

/** A word source that serves the given words and counts how many were taken. */
function words(values: readonly number[]): { next: () => number; taken: () => number } {
  let i = 0;
  return {
    next: () => {
      const v = values[i++];
      if (v === undefined) throw new Error("word source exhausted");
      return v;
    },
    taken: () => i,
  };
}

/**
 * Upper critical value of the chi-square distribution with `df` degrees of freedom at
 * the standard-normal quantile `z` (Wilson–Hilferty; accurate to a fraction of a percent
 * for df >= 3, which is all this file uses).
 */
function chiSquareCritical(df: number, z: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: ArrayLike<number>, samples: number): number {
  const expected = samples / counts.length;
  let x2 = 0;
  for (let i = 0; i < counts.length; i++) {
    const d = (counts[i] as number) - expected;
    x2 += (d * d) / expected;
  }
  return x2;
}

/**
 * Draws `samples` values of `draw()` in `[0, range)` into `buckets` equal-width buckets
 * (range must be a multiple of buckets, so every bucket holds the same number of values).
 */
function bucketCounts(draw: () => number, range: number, buckets: number, samples: number): Float64Array {
  if (range % buckets !== 0) throw new Error("range must be a multiple of buckets");
  const width = range / buckets;
  const counts = new Float64Array(buckets);
  for (let i = 0; i < samples; i++) {
    const v = draw();
    if (!(v >= 0 && v < range && Number.isInteger(v))) throw new Error(`draw ${v} outside [0, ${range})`);
    counts[Math.floor(v / width)] = (counts[Math.floor(v / width)] as number) + 1;
  }
  return counts;
}

/** Ranges tested: tiny, odd, decimal, a power of two, and two near 2^32 (bucketed). */
const RANGES: { range: number; buckets: number }[] = [
  { range: 2, buckets: 2 },
  { range: 3, buckets: 3 },
  { range: 37, buckets: 37 },
  { range: 1000, buckets: 1000 },
  { range: 65536, buckets: 256 },
  { range: 3 * 2 ** 30, buckets: 96 },
  { range: TWO_32 - 2, buckets: 2 },
];

describe("scaleUnbiased", () => {
  it("rejects ranges that are not integers in [1, 2^32]", () => {
    const src = () => 0;
    for (const n of [0, -1, 1.5, Number.NaN, TWO_32 + 1, Number.POSITIVE_INFINITY]) {
      expect(() => scaleUnbiased(src, n)).toThrow(RangeError);
    }
  });

  it("range 1 needs no draw and range 2^32 is the word itself", () => {
    const one = words([]);
    expect(scaleUnbiased(one.next, 1)).toBe(0);
    expect(one.taken()).toBe(0);
    expect(scaleUnbiased(words([TWO_32 - 1]).next, TWO_32)).toBe(TWO_32 - 1);
  });

  it("accepts exactly the words below the largest multiple of n, and redraws the rest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: TWO_32 }), (n) => {
        const limit = TWO_32 - (TWO_32 % n);
        // The accepted set [0, limit) holds every residue the same number of times…
        expect(limit % n).toBe(0);
        // …and is as large as possible (fewer than n words are ever rejected).
        expect(TWO_32 - limit).toBeLessThan(n);
        // The last accepted word is used as is; the first rejected one is drawn again.
        const accepted = words([limit - 1]);
        expect(scaleUnbiased(accepted.next, n)).toBe((limit - 1) % n);
        expect(accepted.taken()).toBe(1);
        if (limit < TWO_32) {
          const rejected = words([limit, TWO_32 - 1, 5]);
          expect(scaleUnbiased(rejected.next, n)).toBe(5 % n);
          expect(rejected.taken()).toBe(3);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("3·2^30 rejects exactly the top quarter of words", () => {
    const n = 3 * 2 ** 30;
    expect(scaleUnbiased(words([n - 1]).next, n)).toBe(n - 1);
    const src = words([n, TWO_32 - 1, 7]);
    expect(scaleUnbiased(src.next, n)).toBe(7);
    expect(src.taken()).toBe(3);
  });
});

describe("Xoshiro128.int equals the generic rejection scaling", () => {
  it("range 1 draws no word on the fast path either", () => {
    const rng = new Xoshiro128(8);
    const reference = new Xoshiro128(8);
    expect(rng.int(1)).toBe(0);
    expect(rng.nextU32()).toBe(reference.nextU32());
  });

  it("same values and same words consumed, fast path and slow path alike", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 65536 }), fc.integer({ min: 65537, max: TWO_32 })),
        (seed, n) => {
          const fast = new Xoshiro128(seed);
          const generic = new Xoshiro128(seed);
          for (let i = 0; i < 50; i++) expect(fast.int(n)).toBe(scaleUnbiased(() => generic.nextU32(), n));
          expect(fast.nextU32()).toBe(generic.nextU32());
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("chi-square goodness of fit of scaled output", () => {
  // Seeded streams are deterministic, so a strict 0.1% level cannot flake.
  it.each(RANGES)("xoshiro128** int($range) in $buckets buckets", ({ range, buckets }) => {
    const rng = new Xoshiro128(20240601 + range);
    const samples = Math.max(200_000, buckets * 200);
    const x2 = chiSquare(
      bucketCounts(() => rng.int(range), range, buckets, samples),
      samples,
    );
    const df = Math.max(3, buckets - 1);
    expect(x2).toBeLessThan(buckets === 2 ? 10.83 : chiSquareCritical(df, 3.09));
  });

  // The CSPRNG is not reproducible: test at a one-in-a-million level so CI never flakes.
  it.each(RANGES)("CryptoRng int($range) in $buckets buckets", ({ range, buckets }) => {
    const rng = new CryptoRng();
    const samples = Math.max(100_000, buckets * 100);
    const x2 = chiSquare(
      bucketCounts(() => rng.int(range), range, buckets, samples),
      samples,
    );
    const df = Math.max(3, buckets - 1);
    expect(x2).toBeLessThan(buckets === 2 ? 23.93 : chiSquareCritical(df, 4.75));
  });

  it("the same test catches naive modulo scaling at 3·2^30 (its bias is what rejection removes)", () => {
    const range = 3 * 2 ** 30;
    const rng: Rng = new Xoshiro128(99);
    const samples = 200_000;
    const naive = chiSquare(
      bucketCounts(() => rng.nextU32() % range, range, 96, samples),
      samples,
    );
    const unbiased = chiSquare(
      bucketCounts(() => rng.int(range), range, 96, samples),
      samples,
    );
    const critical = chiSquareCritical(95, 3.09);
    expect(naive).toBeGreaterThan(critical * 10);
    expect(unbiased).toBeLessThan(critical);
  });
});

describe("CryptoRng", () => {
  it("is the csprng kind, refills its buffer, and never repeats a block", () => {
    const rng = new CryptoRng(16);
    expect(rng.kind).toBe("csprng");
    const drawn = Array.from({ length: 64 }, () => rng.nextU32());
    for (const v of drawn) expect(Number.isInteger(v) && v >= 0 && v < TWO_32).toBe(true);
    // Four buffer fills of 16 words: identical fills would mean the buffer is not refreshed.
    const blocks = new Set([0, 16, 32, 48].map((i) => drawn.slice(i, i + 16).join(",")));
    expect(blocks.size).toBe(4);
  });

  it("every bit of the raw words is balanced", () => {
    const rng = new CryptoRng();
    const samples = 100_000;
    const ones = new Float64Array(32);
    for (let i = 0; i < samples; i++) {
      const v = rng.nextU32();
      for (let bit = 0; bit < 32; bit++) if ((v >>> bit) & 1) ones[bit] = (ones[bit] as number) + 1;
    }
    // 6 sigma per bit: a stuck or biased bit fails, chance alone never does.
    const sigma = Math.sqrt(samples / 4);
    for (const n of ones) expect(Math.abs(n - samples / 2)).toBeLessThan(6 * sigma);
  });
});
