/**
 * Gnomos Mix's tables against the sheet, figure by figure (shared/rules/gnomos-mix-golden-edition.txt),
 * and the rulings that fill its gaps (the 20 EUR column, the upper stake's typo).
 */
import { describe, expect, it } from "vitest";
import {
  BONUS_CAP,
  BONUS_FIGURE_PAYS,
  BONUS_VALUE,
  CAULDRON_RANGE,
  DOUBLE_FRACTION,
  LOWER_BETS,
  MINIGAME_RANGE,
  PAYOUT_PLAN,
  PRIZES,
  UPPER_STAKES,
} from "./sheet.js";

const euro = (cents: number) => cents / 100;

describe("the lower game's payout plan (sheet 2.6)", () => {
  it("bets 0.20, 1, 5, 10 and 20 EUR", () => {
    expect(LOWER_BETS.map(euro)).toEqual([0.2, 1, 5, 10, 20]);
  });

  it("each prize as the sheet prints it, per bet", () => {
    const sheet: Record<string, (number | null)[]> = {
      blueDiamond: [100, 1000, 5000, 10000, 20000],
      redDiamond: [20, 200, 1000, 2000, 4000],
      greenDiamond: [8, 40, 200, 400, 800],
      bells: [4, 20, 100, 200, null],
      lemons: [3.2, 16, 80, 160, null],
      oranges: [2.4, 12, 60, 120, null],
      grapes: [1.6, 8, 40, 80, null],
      plums: [0.8, 4, 20, 40, null],
      anyDiamonds: [0.4, 2, 10, 20, null],
    };
    for (const [id, column] of Object.entries(sheet))
      column.forEach((eur, bet) => {
        if (eur !== null)
          expect(euro(PAYOUT_PLAN[id as keyof typeof PAYOUT_PLAN][bet] as number), `${id} at bet ${bet}`).toBe(eur);
      });
  });

  it("the 20 EUR column the sheet leaves empty is 2x the 10 EUR column, the ratio every complete row keeps", () => {
    for (const p of PRIZES) expect(PAYOUT_PLAN[p.id][4]).toBe(2 * (PAYOUT_PLAN[p.id][3] as number));
    expect(BONUS_FIGURE_PAYS[4]).toEqual(BONUS_FIGURE_PAYS[3]?.map((b) => 2 * b));
  });

  it("prizes climb: every prize is above the one below it at every bet (a ladder)", () => {
    for (let bet = 0; bet < LOWER_BETS.length; bet++)
      for (let k = 1; k < PRIZES.length; k++)
        expect(PAYOUT_PLAN[(PRIZES[k] as (typeof PRIZES)[number]).id][bet]).toBeGreaterThan(
          PAYOUT_PLAN[(PRIZES[k - 1] as (typeof PRIZES)[number]).id][bet] as number,
        );
  });

  it("Bonus figures pay 1-2-6, 5-10-30, 25-50-150, 50-100-300 Bonuses; one Bonus is 0.80 EUR; at most 6,000", () => {
    expect(BONUS_FIGURE_PAYS.slice(0, 4)).toEqual([
      [1, 2, 6],
      [5, 10, 30],
      [25, 50, 150],
      [50, 100, 300],
    ]);
    expect(BONUS_VALUE).toBe(80);
    expect(BONUS_CAP).toBe(6000);
  });

  it("the Cauldrons pay 0.40–100, 2–1,000, 10–5,000, 20–10,000 EUR; at 20 EUR from the 2x column's 40 EUR to 20,000", () => {
    expect(CAULDRON_RANGE.map(([a, b]) => [euro(a), euro(b)])).toEqual([
      [0.4, 100],
      [2, 1000],
      [10, 5000],
      [20, 10000],
      [40, 20000],
    ]);
  });
});

describe("the upper game (sheet 3)", () => {
  it("stakes 0.20 + 1, 1 + 5, 5 + 25, 10 + 50, 20 + 100 and 20 + 200 Bonuses ('€20 + 1 Bonus' is 0.20 EUR + 1)", () => {
    expect(UPPER_STAKES.map((s) => [euro(s.cash), s.bonus])).toEqual([
      [0.2, 1],
      [1, 5],
      [5, 25],
      [10, 50],
      [20, 100],
      [20, 200],
    ]);
  });

  it("minigame prizes above 4, 10, 50, 50, 200, 200 EUR and up to 100, 1,000, 5,000, 10,000, 20,000, 20,000 EUR", () => {
    expect(MINIGAME_RANGE.map(([a, b]) => [euro(a), euro(b)])).toEqual([
      [4, 100],
      [10, 1000],
      [50, 5000],
      [50, 10000],
      [200, 20000],
      [200, 20000],
    ]);
  });

  it("Double-or-Bonuses fractions 4, 10, 50, 100, 200 and 200 EUR", () => {
    expect(DOUBLE_FRACTION.map(euro)).toEqual([4, 10, 50, 100, 200, 200]);
  });
});
