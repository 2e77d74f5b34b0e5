/** The ratio estimator: exact RTP, a band that reduces to the one-bet formula, and unit values. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnitValues, RatioSums, ratioSummary, unitsValue } from "./ratio.js";
import { summarise } from "./report.js";
import { Tally } from "./tally.js";

describe("ratioSummary", () => {
  it("property: with one bet for every round it gives summarise's RTP, stdev and band", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 200 }),
        (bet, wins) => {
          const t = new Tally();
          const r = new RatioSums();
          for (const w of wins) {
            t.add({ totalBet: bet, totalWin: w, winBy: { lines: w }, triggered: {} });
            r.add(w, bet);
          }
          const a = summarise(t.data());
          const b = ratioSummary(r.data());
          expect(b.rtp).toBe(a.rtp);
          expect(b.stdev).toBeCloseTo(a.stdev, 6);
          expect(b.ci99[0]).toBeCloseTo(a.ci99[0], 6);
          expect(b.ci99[1]).toBeCloseTo(a.ci99[1], 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("property: with varying bets the stdev is that of the residuals win - RTP x bet over the mean bet", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ w: fc.integer({ min: 0, max: 10_000 }), b: fc.integer({ min: 1, max: 300 }) }), {
          minLength: 2,
          maxLength: 100,
        }),
        (rounds) => {
          const r = new RatioSums();
          for (const { w, b } of rounds) r.add(w, b);
          const s = ratioSummary(r.data());
          const W = rounds.reduce((a, x) => a + x.w, 0);
          const B = rounds.reduce((a, x) => a + x.b, 0);
          expect(s.rtp).toBeCloseTo(W / B, 12);
          const residuals = rounds.reduce((a, x) => a + (x.w - s.rtp * x.b) ** 2, 0);
          const expected = Math.sqrt(residuals / (rounds.length - 1)) / (B / rounds.length);
          expect(s.stdev).toBeCloseTo(expected, 6);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("unit values", () => {
  it("values amounts of units; units without a value count nothing", () => {
    expect(unitsValue({ bonus: 3, other: 7 }, { bonus: 80 })).toBe(240);
    expect(unitsValue(undefined, { bonus: 80 })).toBe(0);
  });

  it("parses unit=value pairs, comma-separated or repeated, and refuses anything else", () => {
    expect(parseUnitValues(["bonus=80"])).toEqual({ bonus: 80 });
    expect(parseUnitValues(["bonus=80,token=5", "gem=0"])).toEqual({ bonus: 80, token: 5, gem: 0 });
    for (const bad of ["bonus", "bonus=0.8", "bonus=-1", "=5", "cash=1", "bonus=80;"])
      expect(() => parseUnitValues([bad])).toThrow();
  });
});
