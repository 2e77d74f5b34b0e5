/** Fixed-stake bets: an index into the stakes, an optional bought mode, nothing else. */
import { describe, expect, it } from "vitest";
import { GameInputError } from "../round.js";
import type { BetModeSpec } from "./modes.js";
import { allStakeBets, parseStakeBet, stakeOf } from "./stake-bet.js";

const STAKES = [40, 80, 5000];
const MODES: BetModeSpec<"x">[] = [{ id: "x", label: "X", price: { numerator: 2, denominator: 1 }, reelSet: "x" }];

describe("parseStakeBet", () => {
  it("reads a stake index and an optional mode", () => {
    expect(parseStakeBet({ stake: 2 }, STAKES, MODES)).toEqual({ stake: 2 });
    expect(parseStakeBet({ stake: 0, mode: null }, STAKES, MODES)).toEqual({ stake: 0 });
    expect(parseStakeBet({ stake: 1, mode: "x" }, STAKES, MODES)).toEqual({ stake: 1, mode: "x" });
  });

  it("refuses anything else with BAD_BET, naming what is wrong", () => {
    const bad: [unknown, RegExp][] = [
      [null, /object/],
      [[1], /object/],
      [{ stake: 3 }, /index in 0..2/],
      [{ stake: -1 }, /index/],
      [{ stake: 1.5 }, /index/],
      [{ stake: "1" }, /index/],
      [{ stake: 1, mode: "y" }, /mode must be one of 'x'/],
      [{ stake: 1, lines: 40 }, /unknown bet field\(s\): lines/],
    ];
    for (const [input, message] of bad) {
      expect(() => parseStakeBet(input, STAKES, MODES)).toThrow(GameInputError);
      expect(() => parseStakeBet(input, STAKES, MODES)).toThrow(message);
    }
    expect(() => parseStakeBet({ stake: 0, mode: "x" }, STAKES)).toThrow(/mode must be one of/);
  });

  it("lists every plain bet and prices a bet's stake", () => {
    expect(allStakeBets(STAKES)).toEqual([{ stake: 0 }, { stake: 1 }, { stake: 2 }]);
    expect(stakeOf({ stake: 2 }, STAKES)).toBe(5000);
  });
});
