import type { Grant, HistoryResponse, HistoryRound, Transaction } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { freeRoundsText, grantedRounds, grantsOf, moneyMoved, roundsLeft } from "./grants.js";

const BET = { coinValue: 1, coinsPerLine: 1, lines: 15 };
const grant = (id: string, spinsLeft: number, gameId = "mermaid-treasure"): Grant =>
  ({ id, gameId, bet: BET, spinsTotal: 3, spinsLeft }) as Grant;
const stake = (g: Grant) => (g.id === "b" ? "0.30 EUR" : "0.15 EUR");

describe("free rounds as the screen says them", () => {
  it("keeps one game's grants with rounds left, in the server's order", () => {
    const all = [grant("a", 2), grant("x", 5, "bewitched"), grant("z", 0), grant("b", 4)];
    expect(grantsOf(all, "mermaid-treasure").map((g) => g.id)).toEqual(["a", "b"]);
    expect(roundsLeft(grantsOf(all, "mermaid-treasure"))).toBe(6);
  });

  it("names the rounds left, the stake and the operator; other grants follow", () => {
    expect(freeRoundsText({ grants: [grant("a", 7)], using: true, inPlay: null }, stake)).toBe(
      "FREE ROUNDS: 7 left at 0.15 EUR — courtesy of the operator",
    );
    expect(freeRoundsText({ grants: [grant("a", 2), grant("b", 4)], using: true, inPlay: null }, stake)).toBe(
      "FREE ROUNDS: 2 left at 0.15 EUR (then 4 at 0.30 EUR) — courtesy of the operator",
    );
    expect(freeRoundsText({ grants: [grant("a", 2), grant("b", 4)], using: false, inPlay: null }, stake)).toBe(
      "FREE ROUNDS: 6 waiting for you — courtesy of the operator",
    );
  });

  it("says the last round while it plays, and nothing once none are left", () => {
    expect(freeRoundsText({ grants: [], using: true, inPlay: grant("a", 1) }, stake)).toBe(
      "FREE ROUNDS: the last one at 0.15 EUR is in play — courtesy of the operator",
    );
    expect(freeRoundsText({ grants: [grant("b", 4)], using: true, inPlay: grant("a", 1) }, stake)).toBe(
      "FREE ROUNDS: the last one at 0.15 EUR is in play (then 4 at 0.30 EUR) — courtesy of the operator",
    );
    expect(freeRoundsText({ grants: [grant("a", 1)], using: true, inPlay: grant("a", 2) }, stake)).toContain("1 left");
    expect(freeRoundsText({ grants: [], using: true, inPlay: null }, stake)).toBeNull();
  });
});

describe("granted rounds in the history (the server's flag)", () => {
  const round = (roundId: string, granted: boolean): HistoryRound => ({
    roundId,
    gameId: "mermaid-treasure",
    startedAt: new Date(1000).toISOString(),
    endedAt: new Date(1000).toISOString(),
    status: "completed",
    totalBet: 15,
    totalWin: 0,
    balanceAfter: 0,
    granted,
    demo: true,
    forced: false,
  });
  const tx = (roundId: string, kind: string, amount: number): Transaction => ({
    id: `${roundId}-${kind}`,
    at: new Date(1000).toISOString(),
    kind,
    unit: "cash",
    amount,
    balanceAfter: 1000,
    roundId,
  });

  it("lists the flagged rounds; a granted loss moved none of the player's money", () => {
    const history: HistoryResponse = {
      rounds: [round("free-win", true), round("free-loss", true), round("paid", false)],
      transactions: [tx("free-win", "win", 30), tx("paid", "bet", -15)],
    };
    expect([...grantedRounds(history)].sort()).toEqual(["free-loss", "free-win"]);
    expect(moneyMoved(history, "free-win")).toBe(true);
    expect(moneyMoved(history, "free-loss")).toBe(false);
  });
});
