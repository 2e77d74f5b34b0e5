/**
 * Bewitched: one test per rule sentence of the sheet (shared/rules/bewitched.txt, v1.6),
 * quoted, played through the real round with stops found on the exported strips.
 */
import { FeatureRefusedError, GameInputError } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { ANY } from "../kit/window-spec.js";
import { MERLIN, PROGRESSIVE, WITCH_BATTLE } from "./model.js";
import { awaitingOf } from "./round.js";
import {
  along,
  answerClaim,
  CTX,
  eventsOf,
  expectWindow,
  grid,
  linePay,
  next,
  openVials,
  PLAIN,
  paidSpin,
  prizeDraw,
  QUIET,
  searchStops,
  stops,
} from "./test-kit.js";
import type { BewitchedBet } from "./types.js";

const BET: BewitchedBet = { coinValue: 10, coinsPerLine: 2, lines: 15 };
const TOTAL = 300;
const NO_GAMBLE = { ...CTX, features: { ...CTX.features, gamble: false } };

/** Three MERLIN on reels 1–3 (any rows), the rest quiet. */
const merlinWindow = grid(QUIET, [0, 0, "MERLIN"], [1, 1, "MERLIN"], [2, 2, "MERLIN"]);
/** Three WITCH on reels 1–3, no MERLIN. */
const witchWindow = (n: number) => grid(QUIET, ...Array.from({ length: n }, (_, r) => [r, r % 3, "WITCH"] as const));

describe("2. How to Play", () => {
  it('"All winning lines pay from left to right": three OWL from reel 1 pay, three OWL ending on reel 5 do not', () => {
    const fromLeft = grid(PLAIN("OWL"), ...along(1, ["OWL", "OWL", "OWL", PLAIN("OWL"), PLAIN("OWL")]));
    const step = paidSpin(BET, stops(fromLeft, "three OWL from reel 1"), NO_GAMBLE);
    expectWindow(step, fromLeft);
    expect(eventsOf(step, "lineWin").find((w) => w.line === 1)).toMatchObject({ symbol: "OWL", count: 3 });
    const fromRight = grid(PLAIN("OWL"), ...along(1, [PLAIN("OWL"), PLAIN("OWL"), "OWL", "OWL", "OWL"]));
    const right = paidSpin(BET, stops(fromRight, "three OWL ending on reel 5"), NO_GAMBLE);
    expect(eventsOf(right, "lineWin").some((w) => w.symbol === "OWL")).toBe(false);
  });

  it('"the amount won is the paytable amount x the coin value x the coins bet per line"; "Wins on different selected lines are all added"', () => {
    const s = searchStops(
      (_, o) => o.lineWins.length >= 2 && o.witches.length === 0 && o.merlins.length === 0,
      15,
      "two paying lines",
    );
    const step = paidSpin(BET, s, NO_GAMBLE);
    const wins = eventsOf(step, "lineWin");
    expect(wins.length).toBeGreaterThanOrEqual(2);
    for (const w of wins)
      expect(w).toMatchObject({ coins: linePay(w.symbol, w.count) * 2, amount: linePay(w.symbol, w.count) * 2 * 10 });
    expect(step.state.winBy.baseLines).toBe(wins.reduce((a, w) => a + w.amount, 0));
    expect(step.win).toBe(step.state.totalWin);
  });

  it('"Only the highest winning combination on each selected line is paid": BOOK BOOK BOOK OWL OWL pays OWL x5 once, not BOOK x3 too', () => {
    const spec = grid(QUIET, ...along(1, ["BOOK", "BOOK", "BOOK", "OWL", "OWL"]));
    const step = paidSpin(BET, stops(spec, "three BOOK then two OWL on line 1"), NO_GAMBLE);
    const line1 = eventsOf(step, "lineWin").filter((w) => w.line === 1);
    expect(line1).toHaveLength(1);
    expect(line1[0]).toMatchObject({ symbol: "OWL", count: 5, coins: linePay("OWL", 5) * 2 });
    expect(linePay("OWL", 5)).toBeGreaterThan(linePay("BOOK", 3));
  });

  it("only the selected lines pay: a window paying line 1 and a higher line pays line 1 alone at 1 line", () => {
    const s = searchStops(
      (_, o) => o.lineWins.some((w) => w.line === 1) && o.lineWins.some((w) => w.line > 1),
      15,
      "line 1 and another line paying",
    );
    expect(eventsOf(paidSpin(BET, s, NO_GAMBLE), "lineWin").length).toBeGreaterThanOrEqual(2);
    expect(eventsOf(paidSpin({ ...BET, lines: 1 }, s, NO_GAMBLE), "lineWin").map((w) => w.line)).toEqual([1]);
  });
});

describe("3. Special Symbols and Features", () => {
  it('"The Wild symbol replaces any other symbol, except Scatter and Bonus symbols"', () => {
    const sub = grid(PLAIN(), ...along(1, ["CAT", "BOOK", "CAT", PLAIN("CAT"), ANY]));
    const step = paidSpin(BET, stops(sub, "CAT BOOK CAT on line 1"), NO_GAMBLE);
    expect(eventsOf(step, "lineWin").find((w) => w.line === 1)).toMatchObject({ symbol: "CAT", count: 3 });
    // BOOK never stands in for WITCH or MERLIN: two of them and a BOOK are two, not three.
    const noBattle = grid(QUIET, [0, 0, "WITCH"], [1, 0, "WITCH"], [2, 1, "BOOK"]);
    const battleOnly = searchStops(
      (_, o) => o.linePaySum === 0 && o.witches.length === 2 && o.merlins.length === 0,
      15,
      "two WITCH, no line",
    );
    const battle = paidSpin(BET, battleOnly);
    expect(battle.state.winBy.battle).toBeGreaterThan(0);
    expect(battle.awaiting).toBeNull();
    // A Merlin cash prize alone: nothing to double.
    const draws = [
      ...stops(grid(PLAIN(), [0, 0, "MERLIN"], [1, 1, "MERLIN"], [2, 2, "MERLIN"]), "three MERLIN, no line"),
      prizeDraw(BET, (p) => p.kind === "cash"),
    ];
    const merlin = openVials(paidSpin(BET, draws))[2];
    expect(merlin?.state.winBy.baseLines).toBe(0);
    expect(merlin?.awaiting).toBeNull();
    // Free spins after a paid line win: the stake is the paid spin's line win only.
    const both = searchStops(
      (_, o) => o.linePaySum > 0 && o.witches.length === 3 && o.merlins.length === 0,
      15,
      "a line win and 3 WITCH",
    );
    let step = paidSpin(BET, both);
    expect(step.awaiting?.type).toBe("freeSpin");
    for (let i = 0; i < 10; i++) step = next(step, { type: "freeSpin" }, stops(grid(QUIET), "no WITCH, no MERLIN"));
    expect(step.awaiting).toMatchObject({ type: "gamble", stake: step.state.winBy.baseLines });
    expect(eventsOf(step, "freeSpinsEnded")).toHaveLength(1);
  });

  it("where the jurisdiction forbids the double, or in a granted round, it is never offered", () => {
    expect(paidSpin(BET, stops(lineWin, "OWL x3"), NO_GAMBLE).awaiting).toBeNull();
    expect(paidSpin(BET, stops(lineWin, "OWL x3"), { ...CTX, granted: true }).awaiting).toBeNull();
  });
});

describe("3.5 Progressive Jackpot (DESIGN.md §2)", () => {
  it("one pool per coin value: the claim names the bet's coin value; a claim answered for another is refused", () => {
    for (const coinValue of [1, 20]) {
      const bet = { ...BET, coinValue };
      const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(bet, (p) => p.kind === "jackpot")];
      const third = openVials(paidSpin(bet, draws, NO_GAMBLE))[2];
      expect(third?.awaiting).toMatchObject({ request: { ref: { key: String(coinValue) } } });
      expect(answerClaim(third as never).win).toBe(PROGRESSIVE.seedCoins * coinValue);
    }
    const third = openVials(
      paidSpin(BET, [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "jackpot")], NO_GAMBLE),
    )[2];
    const wrong = { type: "platform", answer: { kind: "jackpotClaim", ref: { pool: "progressive", key: "20" }, amount: 1 } };
    expect(() => next(third as never, wrong as never)).toThrow(/coin value/);
  });

  it("the round never waits on anything the context could change later: what it awaits is read from its state", () => {
    const step = paidSpin(BET, stops(grid(PLAIN(), ...along(1, ["OWL", "OWL", "OWL", PLAIN("OWL"), ANY])), "OWL x3"));
    expect(awaitingOf(step.state)).toEqual(step.awaiting);
  });
});
