import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allLineBets, largestBetWithin, lineTotal } from "./line-bets.js";

const LINES_15 = {
  coinValues: [1, 2, 5, 10, 20, 25, 50, 100],
  coinsPerLine: [1, 2, 3, 4, 5],
  lines: Array.from({ length: 15 }, (_, i) => i + 1),
};

describe("largestBetWithin", () => {
  it("offers the largest bet 1.20 covers, on every line", () => {
    expect(largestBetWithin(LINES_15, 120)).toEqual({ coinValue: 2, coinsPerLine: 4, lines: 15 });
  });

  it("is null below the smallest bet", () => {
    expect(largestBetWithin(LINES_15, 0)).toBeNull();
    expect(largestBetWithin(LINES_15, 1)).toEqual({ coinValue: 1, coinsPerLine: 1, lines: 1 });
  });

  it("never exceeds the limit and no selectable bet lies between it and the limit", () => {
    const totals = [...new Set(allLineBets(LINES_15).map(lineTotal))];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (limit) => {
        const bet = largestBetWithin(LINES_15, limit);
        expect(bet).not.toBeNull();
        const total = lineTotal(bet as NonNullable<typeof bet>);
        expect(total).toBeLessThanOrEqual(limit);
        expect(totals.some((t) => t > total && t <= limit)).toBe(false);
      }),
    );
  });
});
