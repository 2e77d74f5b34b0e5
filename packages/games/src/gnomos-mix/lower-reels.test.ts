/** The lower reels and the direct award of a spin, against a brute-force walk over every stop combination. */
import { tupleIndex, tuplePayAt } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { LOWER_FIGURES, LOWER_LINES } from "./lower-paytable.js";
import { centreLaws, directAward, LOWER_STRIPS, UNIFORM_WEIGHTS } from "./lower-reels.js";
import { BONUS_VALUE, LOWER_BETS, LOWER_REELS } from "./sheet.js";

describe("the lower reels (sheet 2)", () => {
  it("three reels of 16 figures, every figure of the game on every reel", () => {
    expect(LOWER_STRIPS).toHaveLength(LOWER_REELS.reels);
    for (const strip of LOWER_STRIPS) {
      expect(strip).toHaveLength(LOWER_REELS.figures);
      expect(new Set(strip)).toEqual(new Set(LOWER_FIGURES));
    }
  });

  it("the direct award of a spin equals the brute-force sum over every weighted stop combination", () => {
    const weights = LOWER_STRIPS.map((s, r) => s.map((_, i) => 1 + ((i * 7 + r * 3) % 5)));
    for (let bet = 0; bet < LOWER_BETS.length; bet++) {
      const compiled = LOWER_LINES[bet];
      if (!compiled) throw new Error("no table");
      let cash = 0;
      let bonuses = 0;
      let total = 0;
      for (let a = 0; a < 16; a++)
        for (let b = 0; b < 16; b++)
          for (let c = 0; c < 16; c++) {
            const w = (weights[0]?.[a] as number) * (weights[1]?.[b] as number) * (weights[2]?.[c] as number);
            const line = [LOWER_STRIPS[0]?.[a], LOWER_STRIPS[1]?.[b], LOWER_STRIPS[2]?.[c]].map((f) =>
              LOWER_FIGURES.indexOf(f as never),
            );
            const pay = tuplePayAt(compiled, tupleIndex(compiled, line));
            cash += w * pay.cash;
            bonuses += w * (pay.units.bonus ?? 0);
            total += w;
          }
      const exact = directAward(bet, weights);
      const stake = LOWER_BETS[bet] as number;
      expect(exact.cashX).toBeCloseTo(cash / total / stake, 12);
      expect(exact.bonusX).toBeCloseTo((bonuses / total) * (BONUS_VALUE / stake), 12);
    }
  });

  it("with every stop equally likely one Bonus figure per reel already returns most of the bet at 0.20 EUR (why landing weights are a lever)", () => {
    const low = directAward(0, UNIFORM_WEIGHTS);
    expect(low.bonusX).toBeGreaterThan(0.5);
    expect(centreLaws(UNIFORM_WEIGHTS).every((law) => Math.abs(law.reduce((a, b) => a + b, 0) - 1) < 1e-12)).toBe(true);
    expect(() => centreLaws([[1]])).toThrow(/weight lists/);
  });
});
