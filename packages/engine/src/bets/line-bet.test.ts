import { describe, expect, it } from "vitest";
import { GameInputError } from "../round.js";
import { allLineBets, lineBetTotal, parseLineBet } from "./line-bet.js";

const OPTIONS = { coinValues: [1, 5], coinsPerLine: [1, 2], lines: [1, 3] };

describe("line bets", () => {
  it("parses a bet whose fields are each one of the options", () => {
    expect(parseLineBet({ coinValue: 5, coinsPerLine: 2, lines: 3 }, OPTIONS)).toEqual({
      coinValue: 5,
      coinsPerLine: 2,
      lines: 3,
    });
    expect(lineBetTotal({ coinValue: 5, coinsPerLine: 2, lines: 3 })).toBe(30);
  });

  it("refuses anything else with BAD_BET, naming the field", () => {
    const bad: [unknown, RegExp][] = [
      [null, /must be an object/],
      [[1, 1, 1], /must be an object/],
      [{ coinValue: 5, coinsPerLine: 2, lines: 3, extra: 1 }, /unknown bet field\(s\): extra/],
      [{ coinValue: 2, coinsPerLine: 2, lines: 3 }, /coinValue must be one of 1, 5; got 2/],
      [{ coinValue: 5, coinsPerLine: "2", lines: 3 }, /coinsPerLine must be one of 1, 2; got "2"/],
      [{ coinValue: 5, coinsPerLine: 2 }, /lines must be one of 1, 3; got undefined/],
    ];
    for (const [input, message] of bad) {
      const error = (() => {
        try {
          parseLineBet(input, OPTIONS);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(GameInputError);
      expect((error as GameInputError).code).toBe("BAD_BET");
      expect((error as Error).message).toMatch(message);
    }
  });

  it("lists every selectable bet once, smallest total first", () => {
    const bets = allLineBets(OPTIONS);
    expect(bets).toHaveLength(8);
    expect(new Set(bets.map((b) => JSON.stringify(b))).size).toBe(8);
    for (let i = 1; i < bets.length; i++) expect(lineBetTotal(bets[i]!)).toBeGreaterThanOrEqual(lineBetTotal(bets[i - 1]!));
  });
});
