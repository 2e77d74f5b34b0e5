/** The lower game's centre line against the sheet's payout plan, tuple by tuple. */
import { tupleIndex, tuplePayAt } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { CAULDRONS_UNIT, LOWER_FIGURES, LOWER_LINES, type LowerFigure, PRIZE_FIGURE } from "./lower-paytable.js";
import { BONUS_FIGURE_PAYS, LOWER_BETS, PAYOUT_PLAN } from "./sheet.js";

const at = (bet: number, ...line: LowerFigure[]) => {
  const compiled = LOWER_LINES[bet];
  if (!compiled) throw new Error(`no bet ${bet}`);
  return tuplePayAt(
    compiled,
    tupleIndex(
      compiled,
      line.map((f) => LOWER_FIGURES.indexOf(f)),
    ),
  );
};

describe("the lower game's centre line (sheet 2.2, 2.6)", () => {
  it("three of a prize figure pay its prize at every bet", () => {
    for (let bet = 0; bet < LOWER_BETS.length; bet++)
      for (const [id, figure] of Object.entries(PRIZE_FIGURE)) {
        const pay = at(bet, figure, figure, figure);
        expect(pay.cash, `${id} at bet ${bet}`).toBe(PAYOUT_PLAN[id as keyof typeof PAYOUT_PLAN][bet]);
      }
  });

  it("three diamonds of mixed colours pay Any Diamonds; two diamonds and a fruit pay nothing", () => {
    expect(at(1, "BLUE_DIAMOND", "RED_DIAMOND", "GREEN_DIAMOND").cash).toBe(PAYOUT_PLAN.anyDiamonds[1]);
    expect(at(1, "RED_DIAMOND", "GREEN_DIAMOND", "RED_DIAMOND").cash).toBe(PAYOUT_PLAN.anyDiamonds[1]);
    expect(at(1, "BLUE_DIAMOND", "RED_DIAMOND", "PLUM").rule).toBe(-1);
  });

  it("1, 2 or 3 Bonus figures anywhere on the line pay the bet's Bonuses (1-2-6 at 0.20 EUR … 100-200-600 at 20 EUR)", () => {
    for (let bet = 0; bet < LOWER_BETS.length; bet++) {
      const [one, two, three] = BONUS_FIGURE_PAYS[bet] as [number, number, number];
      expect(at(bet, "PLUM", "BONUS", "LEMON").units).toEqual({ bonus: one });
      expect(at(bet, "BONUS", "GRAPE", "BONUS").units).toEqual({ bonus: two });
      expect(at(bet, "BONUS", "BONUS", "BONUS").units).toEqual({ bonus: three });
    }
  });

  it("three Windows open the Cauldrons; anything else pays nothing", () => {
    expect(at(2, "WINDOW", "WINDOW", "WINDOW").units).toEqual({ [CAULDRONS_UNIT]: 1 });
    expect(at(2, "WINDOW", "WINDOW", "PLUM").rule).toBe(-1);
    expect(at(2, "PLUM", "PLUM", "LEMON").rule).toBe(-1);
  });

  it("every one of the 1,000 lines pays at most one prize, and the compiled table covers them all", () => {
    for (const compiled of LOWER_LINES) expect(compiled.size).toBe(1000);
  });
});
