/** The Extra Spin (sheet 2.7): the centre line re-spun until a cash prize, exactly, against a seeded run of real draws. */
import { drawWeightedIndex, tupleIndex, tuplePayAt, weightedTable, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { extraSpinLaw } from "./extra-spin.js";
import { LOWER_FIGURES, LOWER_LINES } from "./lower-paytable.js";
import { LOWER_STRIPS, UNIFORM_WEIGHTS } from "./lower-reels.js";
import { LOWER_BETS, PAYOUT_PLAN } from "./sheet.js";

describe("Extra Spin", () => {
  it("always pays cash: its prizes are the cash lines, their probabilities summing to 1, the lowest being Any Diamonds or Plums", () => {
    for (let bet = 0; bet < LOWER_BETS.length; bet++) {
      const law = extraSpinLaw(bet);
      expect(law.prizes.reduce((a, p) => a + p.probability, 0)).toBeCloseTo(1, 12);
      expect(law.prizes.every((p) => p.cash > 0)).toBe(true);
      expect(law.prizes[0]?.cash).toBe(PAYOUT_PLAN.anyDiamonds[bet]);
      expect(law.meanX).toBeGreaterThan(1);
    }
  });

  it("matches re-spinning real draws until a cash line (200,000 Extra Spins, within 4 standard errors)", () => {
    const bet = 1;
    const compiled = LOWER_LINES[bet];
    if (!compiled) throw new Error("no table");
    const tables = UNIFORM_WEIGHTS.map((w) => weightedTable(w.map((weight, stop) => ({ value: stop, weight }))));
    const rng = new Xoshiro128(11);
    const n = 200_000;
    let sum = 0;
    let square = 0;
    for (let i = 0; i < n; i++) {
      for (;;) {
        const line = tables.map((t, r) => LOWER_FIGURES.indexOf(LOWER_STRIPS[r]?.[drawWeightedIndex(t, rng)] as never));
        const pay = tuplePayAt(compiled, tupleIndex(compiled, line));
        if (pay.cash > 0) {
          sum += pay.cash;
          square += pay.cash * pay.cash;
          break;
        }
      }
    }
    const mean = sum / n;
    const sd = Math.sqrt(square / n - mean * mean);
    const exact = extraSpinLaw(bet).meanX * (LOWER_BETS[bet] as number);
    expect(Math.abs(mean - exact)).toBeLessThan((4 * sd) / Math.sqrt(n));
  });
});
