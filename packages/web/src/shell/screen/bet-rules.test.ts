import { describe, expect, it } from "vitest";
import type { BetChoice } from "../kit/bet-model.js";
import { betEditable, followGrant, linesChanged } from "./bet-rules.js";

const lines = (n: number, coins = 1): BetChoice => ({ kind: "lines", coinValue: 1, coinsPerLine: coins, lines: n, mode: null });
const fixed = (stake: number): BetChoice => ({ kind: "fixed", stake, mode: null });

describe("betEditable: when the player may change the bet", () => {
  const rest = { mode: "idle", autoplay: false, granted: false, pending: false } as const;

  it("at rest, outside autoplay, without a grant or a lost start", () => {
    expect(betEditable(rest)).toBe(true);
  });

  it("never while a round, a feature, a count-up or a replay is on the stage", () => {
    for (const mode of ["playing", "counting", "feature", "replay"] as const)
      expect(betEditable({ ...rest, mode }), mode).toBe(false);
  });

  it("never in autoplay, with a grant in use, or while a lost start waits", () => {
    expect(betEditable({ ...rest, autoplay: true })).toBe(false);
    expect(betEditable({ ...rest, granted: true })).toBe(false);
    expect(betEditable({ ...rest, pending: true })).toBe(false);
  });
});

describe("linesChanged", () => {
  it("only between two line bets with different lines", () => {
    expect(linesChanged(lines(10), lines(20))).toBe(true);
    expect(linesChanged(lines(10), lines(10, 5))).toBe(false);
    expect(linesChanged(fixed(20), lines(10))).toBe(false);
    expect(linesChanged(lines(10), fixed(20))).toBe(false);
  });
});

describe("followGrant: the bet follows the grant in use", () => {
  it("a grant in use sets its bet and keeps the player's own", () => {
    const own = lines(20, 3);
    const granted = lines(10, 1);
    expect(followGrant(granted, null, own)).toEqual({ set: granted, own });
  });

  it("a second grant keeps the first own bet (not the first grant's)", () => {
    const own = lines(20, 3);
    const first = lines(10, 1);
    const second = lines(5, 2);
    expect(followGrant(second, own, first)).toEqual({ set: second, own });
  });

  it("grants used up or kept for later: the own bet comes back, once", () => {
    const own = lines(20, 3);
    expect(followGrant(null, own, lines(10))).toEqual({ set: own, own: null });
    expect(followGrant(null, null, own)).toEqual({ set: null, own: null });
  });
});
