/** The risk ladders: every step neutral at 0.80 EUR a Bonus, exactly, at every bet and rung. */
import { Fraction } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { BELLS_RUNG, bonusesOf, rungs, subeBonosStep, subeNadaStep, TOP_RUNG } from "./ladder.js";
import { LOWER_BETS } from "./sheet.js";

const F = (n: number) => new Fraction(BigInt(n));

describe("risk ladders (sheet 2.6)", () => {
  it("every Sube-Bonos and Sube-Nada step is neutral: p·up + (1 − p)·down = the prize risked, exactly", () => {
    for (let bet = 0; bet < LOWER_BETS.length; bet++)
      for (let k = 0; k < TOP_RUNG; k++)
        for (const step of [subeBonosStep(bet, k), subeNadaStep(bet, k)]) {
          const value = step.p.mul(F(step.up)).add(Fraction.ONE.sub(step.p).mul(step.down));
          expect(value.equals(F(step.from)), `bet ${bet} rung ${k}`).toBe(true);
          expect(step.p.compare(Fraction.ZERO) > 0 && step.p.compare(Fraction.ONE) < 0).toBe(true);
        }
  });

  it("below and at the 3 Bells a lost Sube-Bonos step pays Bonuses; above them it is a seesaw to the rung below", () => {
    const r = rungs(0);
    const low = subeBonosStep(0, 0);
    expect(low.downBonuses.equals(new Fraction(1n, 4n))).toBe(true); // half of 0.40 EUR at 0.80 EUR a Bonus
    expect(low.p.equals(new Fraction(1n, 3n))).toBe(true); // 0.40 → 0.80 or 0.20 in Bonuses
    const seesaw = subeBonosStep(0, BELLS_RUNG + 1);
    expect(seesaw.down.equals(F(r[BELLS_RUNG] as number))).toBe(true);
    expect(seesaw.downBonuses.isZero()).toBe(true);
    expect(() => subeBonosStep(0, TOP_RUNG)).toThrow(/no step up/);
  });

  it("Sube-Nada: the next prize or nothing, won with probability prize / next prize", () => {
    const r = rungs(1);
    const step = subeNadaStep(1, BELLS_RUNG);
    expect(step.p.equals(new Fraction(BigInt(r[BELLS_RUNG] as number), BigInt(r[BELLS_RUNG + 1] as number)))).toBe(true);
  });

  it("Bonuses are paid with unbiased random rounding: the whole part, and one more with the remainder's probability", () => {
    expect(bonusesOf(new Fraction(9n, 4n))).toEqual({ whole: 2, up: new Fraction(1n, 4n) });
    expect(bonusesOf(F(3))).toEqual({ whole: 3, up: Fraction.ZERO });
    expect(() => bonusesOf(new Fraction(-1n, 2n))).toThrow(/negative/);
  });
});
