/** Pool arithmetic: exact contributions, cent-rounded claims, conservation to the micro-unit, stake-proportional chances. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { claimPool, contributionMicro, displayedMinor, MICRO_PER_MINOR, stakeProportionalHit } from "./pool-maths.js";

const EUR = 100 * MICRO_PER_MINOR;

describe("contributionMicro", () => {
  it("takes 0.5% (50 bps) of any cent amount exactly", () => {
    expect(contributionMicro(25, 50)).toBe(1_250); // 0.25 EUR -> 0.00125 EUR
    expect(contributionMicro(1, 50)).toBe(50);
    expect(contributionMicro(25_000, 50)).toBe((125 * EUR) / 100); // 250 EUR bet -> 1.25 EUR
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (stake, bps) => {
        // stake/100 EUR x bps/10,000 in micro-units (1,000,000 per EUR), computed another way.
        expect(contributionMicro(stake, bps) * 100 * 10_000).toBe(stake * bps * 1_000_000);
      }),
    );
  });

  it("refuses negative, fractional and above-100% inputs", () => {
    expect(() => contributionMicro(-1, 50)).toThrow(RangeError);
    expect(() => contributionMicro(1.5, 50)).toThrow(RangeError);
    expect(() => contributionMicro(100, 10_001)).toThrow(/not a rate/);
  });
});

describe("claimPool", () => {
  it("pays the full pool rounded down to the cent and tops it up to the seed (Bewitched, a full Mona Lisa win)", () => {
    const seed = 500_000 * EUR;
    const pool = seed + 1_234_567; // seed + 1.234567 EUR
    const claim = claimPool(pool, seed, 1, 1);
    expect(claim.paidMinor).toBe(500_000_00 + 123);
    expect(claim.remainingMicro).toBe(4_567);
    expect(claim.seedFundingMicro).toBe(seed - 4_567);
    expect(claim.poolAfterMicro).toBe(seed);
  });

  it("pays pool x c/10 at coin value c and leaves the rest (Mona Lisa Jewels), topping up only below the seed", () => {
    const seed = 500_000 * EUR;
    const half = claimPool(1_200_000 * EUR, seed, 5, 10);
    expect(half).toEqual({
      paidMinor: 600_000_00,
      remainingMicro: 600_000 * EUR,
      seedFundingMicro: 0,
      poolAfterMicro: 600_000 * EUR,
    });
    const tenth = claimPool(seed, seed, 1, 10);
    expect(tenth.paidMinor).toBe(50_000_00);
    expect(tenth.poolAfterMicro).toBe(seed);
    expect(tenth.seedFundingMicro).toBe(50_000 * EUR);
  });

  it("conserves money to the micro-unit and never leaves a pool below its seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 50 }),
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (pool, seed, den, numRaw) => {
          const num = numRaw % (den + 1);
          const c = claimPool(pool, seed, num, den);
          expect(pool + c.seedFundingMicro).toBe(c.paidMinor * MICRO_PER_MINOR + c.poolAfterMicro);
          expect(c.poolAfterMicro).toBeGreaterThanOrEqual(seed);
          expect(c.paidMinor * MICRO_PER_MINOR).toBeLessThanOrEqual((pool * num) / den + 1e-3 * pool);
          // Rounded down to the cent: less than one cent of the share stays behind.
          const share = (BigInt(pool) * BigInt(num)) / BigInt(den);
          expect(share - BigInt(c.paidMinor * MICRO_PER_MINOR)).toBeLessThan(BigInt(MICRO_PER_MINOR));
        },
      ),
    );
  });

  it("is exact beyond 2^53 in the intermediate product", () => {
    const pool = 2 ** 52 + 12_345; // about 4.5 billion EUR
    const c = claimPool(pool, 0, 9, 10);
    const share = (BigInt(pool) * 9n) / 10n;
    expect(BigInt(c.paidMinor)).toBe(share / 10_000n);
  });

  it("refuses a share above the whole pool", () => {
    expect(() => claimPool(100, 0, 11, 10)).toThrow(RangeError);
  });

  it("shows a pool at a coin value as the claim would pay it", () => {
    expect(displayedMinor(500_000 * EUR, 2, 100)).toBe(10_000_00); // coin 0.20 of reference 10: 10,000 EUR
  });
});

describe("stakeProportionalHit", () => {
  it("hits with probability stake x numerator / denominator (two draws at 1 unit ~ one at 2 units)", () => {
    const rng = new Xoshiro128(7);
    const n = 400_000;
    const rate = (stake: number) => {
      let hits = 0;
      for (let i = 0; i < n; i++) if (stakeProportionalHit(rng, stake, 1, 1000)) hits++;
      return hits / n;
    };
    for (const stake of [1, 2, 10]) {
      const p = stake / 1000;
      const band = 2.576 * Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(rate(stake) - p)).toBeLessThan(band);
    }
  });

  it("refuses a chance above 1", () => {
    expect(() => stakeProportionalHit(new Xoshiro128(1), 5000, 1, 1000)).toThrow(/exceeds 1/);
  });
});
