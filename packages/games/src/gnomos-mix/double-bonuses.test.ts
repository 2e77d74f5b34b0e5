/** Double or Bonuses (sheet 3.7): fractions, the remainder in cash, neutral doubles, the 6,000-Bonus cap and the maximum prize. */
import { Fraction } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { doubleStep, mayDouble, splitForDouble } from "./double-bonuses.js";
import { DOUBLE_FRACTION, UPPER_STAKES } from "./sheet.js";

describe("Double or Bonuses", () => {
  it("splits a prize into the stake's fractions; what is not a whole fraction is paid in cash", () => {
    expect(splitForDouble(1_450, 0)).toEqual({ fraction: 400, fractions: 3, remainder: 250 });
    expect(splitForDouble(20_000, 4)).toEqual({ fraction: 20_000, fractions: 1, remainder: 0 });
    expect(() => splitForDouble(10.5, 0)).toThrow(/whole cents/);
  });

  it("every double is neutral at 0.80 EUR a Bonus: p·2f + (1 − p)·loss = f, exactly, at every stake", () => {
    UPPER_STAKES.forEach((_, stake) => {
      const step = doubleStep(stake);
      const f = new Fraction(BigInt(DOUBLE_FRACTION[stake] as number));
      const value = step.p.mul(new Fraction(BigInt(step.up))).add(Fraction.ONE.sub(step.p).mul(step.down));
      expect(value.equals(f)).toBe(true);
      expect(step.p.equals(new Fraction(1n, 3n))).toBe(true);
      // A lost double pays Bonuses worth half the fraction, never the whole of it.
      expect(step.downBonuses.mul(new Fraction(80n)).equals(f.mul(new Fraction(1n, 2n)))).toBe(true);
    });
  });

  it("no double at 6,000 Bonuses held or once the stake's maximum prize is reached", () => {
    expect(mayDouble(0, 400, 5_999)).toBe(true);
    expect(mayDouble(0, 400, 6_000)).toBe(false);
    expect(mayDouble(0, 10_000, 0)).toBe(false);
  });
});
