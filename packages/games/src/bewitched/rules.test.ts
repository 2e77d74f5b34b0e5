/**
 * Bewitched: one test per rule sentence of the sheet (shared/rules/bewitched.txt, v1.6),
 * quoted, played through the real round with stops found on the exported strips.
 */
import { FeatureRefusedError, GameInputError, ReplayRng } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { ANY } from "../kit/window-spec.js";
import { platformModel } from "./index.js";
import { MERLIN, PROGRESSIVE, WITCH_BATTLE } from "./model.js";
import { act, awaitingOf } from "./round.js";
import {
  along,
  answerClaim,
  answerPlatform,
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
    const battle = paidSpin(BET, stops(noBattle, "two WITCH and a BOOK"), NO_GAMBLE);
    expect(eventsOf(battle, "witchBattle")[0]).toMatchObject({ count: 2 });
    expect(eventsOf(battle, "freeSpinsTriggered")).toHaveLength(0);
    const noMerlin = grid(QUIET, [0, 0, "MERLIN"], [1, 1, "MERLIN"], [2, 1, "BOOK"]);
    expect(paidSpin(BET, stops(noMerlin, "two MERLIN and a BOOK"), NO_GAMBLE).awaiting).toBeNull();
  });

  it('"When 2 to 5 Scatter symbols appear anywhere on the reels, the Witches will battle and the game pays" (x total bet)', () => {
    for (const n of [2, 3, 4, 5]) {
      const step = paidSpin(BET, stops(witchWindow(n), `${n} WITCH`), NO_GAMBLE);
      const battle = eventsOf(step, "witchBattle")[0];
      expect(battle).toMatchObject({
        count: n,
        multiplier: WITCH_BATTLE.pays[n],
        amount: (WITCH_BATTLE.pays[n] as number) * TOTAL,
      });
      expect(step.state.winBy.baseScatter).toBe(battle?.amount);
    }
    const one = paidSpin(BET, stops(witchWindow(1), "one WITCH"), NO_GAMBLE);
    expect(eventsOf(one, "witchBattle")).toHaveLength(0);
  });

  it('"Free Spins can be won during Scatter wins": 3, 4, 5 WITCH award 10, 15, 25 free spins', () => {
    for (const n of [3, 4, 5]) {
      const step = paidSpin(BET, stops(witchWindow(n), `${n} WITCH`), NO_GAMBLE);
      expect(step.awaiting).toMatchObject({ type: "freeSpin", played: 0, awarded: WITCH_BATTLE.freeSpins[n] });
      expect(eventsOf(step, "freeSpinsTriggered")[0]).toMatchObject({ by: "battle", awarded: WITCH_BATTLE.freeSpins[n] });
    }
  });

  it('"Three or more Bonus symbols anywhere on the reels during Base game ... start the bonus round"; two do not', () => {
    const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash")];
    const step = paidSpin(BET, draws, NO_GAMBLE);
    // Every trigger first asks the platform (here a read of the pool), answered in the same request.
    expect(step.awaiting).toMatchObject({ type: "platform", request: { kind: "jackpotValue" } });
    expect(eventsOf(step, "merlinTriggered")).toHaveLength(1);
    const read = answerPlatform(step, 123_456_789, NO_GAMBLE);
    expect(read).toMatchObject({ win: 0, events: [] });
    expect(read.state.totalWin).toBe(step.state.totalWin);
    expect(read.awaiting).toMatchObject({ type: "vial", vials: 9, picks: 3, opened: [], feature: true });
    const two = grid(QUIET, [0, 0, "MERLIN"], [1, 1, "MERLIN"]);
    expect(paidSpin(BET, stops(two, "two MERLIN"), NO_GAMBLE).awaiting).toBeNull();
  });

  it('"You have to combine three Vials, and once the three vials are chosen" the prize is won — and not shown before', () => {
    const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash" && p.times === 300)];
    const [one, two, three] = openVials(paidSpin(BET, draws, NO_GAMBLE));
    for (const s of [one, two]) {
      expect(JSON.stringify(s?.events)).not.toMatch(/merlinPrize|"times"/);
      expect(JSON.stringify(s?.awaiting)).not.toMatch(/prize|times/);
    }
    expect(two?.awaiting).toMatchObject({ type: "vial", opened: [{ vial: 4 }, { vial: 0 }] });
    expect(eventsOf(three as never, "merlinPrize")[0]).toMatchObject({
      prize: { kind: "cash", times: 300 },
      amount: 300 * TOTAL,
    });
  });

  it("a vial is opened once, and only the nine on the table", () => {
    const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash")];
    const step = next(answerPlatform(paidSpin(BET, draws, NO_GAMBLE)), { type: "vial", vial: 3 }, [0], NO_GAMBLE);
    for (const bad of [
      { type: "vial", vial: 3 },
      { type: "vial", vial: 9 },
      { type: "vial", vial: -1 },
      { type: "vial", vial: 1.5 },
      { type: "vial" },
      { type: "freeSpin" },
      { type: "vial", vial: 2, extra: 1 },
    ]) {
      expect(() => next(step, bad as never, [0], NO_GAMBLE)).toThrow(GameInputError);
    }
  });

  it('"A random amount of money, between 15 and 300 ... multiplied by the total amount bet during the spin that awarded the Bonus"', () => {
    for (const times of MERLIN.cash.map((c) => c.times)) {
      const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash" && p.times === times)];
      const end = openVials(paidSpin(BET, draws, NO_GAMBLE))[2];
      expect(end?.win).toBe(times * TOTAL);
      expect(end?.state.winBy.merlin).toBe(times * TOTAL);
      expect(end?.awaiting).toBeNull();
    }
  });

  it('"A random number of Free Spins, between 15 and 60"', () => {
    for (const spins of MERLIN.freeSpins.map((f) => f.spins)) {
      const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "freeSpins" && p.spins === spins)];
      const end = openVials(paidSpin(BET, draws, NO_GAMBLE))[2];
      expect(end?.awaiting).toMatchObject({ type: "freeSpin", played: 0, awarded: spins });
      expect(eventsOf(end as never, "freeSpinsTriggered")[0]).toMatchObject({ by: "merlin", awarded: spins });
    }
  });

  it('"The Progressive Jackpot": claimed from the pool of the bet\'s coin value when Merlin draws it, revealed and paid by the third vial', () => {
    const draws = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "jackpot")];
    const trigger = paidSpin(BET, draws, NO_GAMBLE);
    // DESIGN.md §2: the claim comes first, in the trigger step's own transaction, before any vial.
    expect(trigger.awaiting).toMatchObject({
      type: "platform",
      request: { kind: "jackpotClaim", ref: { pool: "progressive", key: "10" }, numerator: 1, denominator: 1 },
    });
    expect(() => next(trigger, { type: "vial", vial: 0 }, [0], NO_GAMBLE)).toThrow(GameInputError);
    const claimed = answerClaim(trigger, 2_345_678);
    // Nothing is shown or won yet: the vials reveal it.
    expect(claimed.win).toBe(0);
    expect(claimed.events).toEqual([]);
    expect(claimed.state.totalWin).toBe(trigger.state.totalWin);
    expect(claimed.state.triggered.jackpot).toBe(1);
    expect(claimed.awaiting).toMatchObject({ type: "vial", opened: [] });
    expect(() => answerClaim(claimed)).toThrow();
    const [one, two, third] = openVials(claimed, NO_GAMBLE);
    for (const s of [one, two]) expect(s?.events.some((e) => e.type === "jackpotWon" || e.type === "merlinPrize")).toBe(false);
    expect(third?.win).toBe(2_345_678);
    expect(eventsOf(third as never, "merlinPrize")[0]).toMatchObject({ prize: { kind: "jackpot" }, amount: 2_345_678 });
    expect(eventsOf(third as never, "jackpotWon")[0]).toEqual({ type: "jackpotWon", coinValue: 10, amount: 2_345_678 });
    expect(third?.state.winBy.jackpot).toBe(2_345_678);
    expect(third?.state.totalWin).toBe(trigger.state.totalWin + 2_345_678);
    expect(third?.awaiting).toBeNull();
  });

  it('"During the Free Spins, line winnings are doubled (except the Scatter winnings, the Bonus wins and Progressive jackpot)"', () => {
    const award = paidSpin(BET, stops(witchWindow(3), "3 WITCH"), NO_GAMBLE);
    const lineSpec = grid(PLAIN(), ...along(1, ["CAT", "CAT", "CAT", PLAIN("CAT"), ANY]), [3, 0, "WITCH"], [4, 2, "WITCH"]);
    const fs = next(award, { type: "freeSpin" }, stops(lineSpec, "CAT x3 and two WITCH"), NO_GAMBLE);
    expect(eventsOf(fs, "lineWin").find((w) => w.line === 1)).toMatchObject({ multiplier: 2, coins: linePay("CAT", 3) * 2 * 2 });
    expect(eventsOf(fs, "witchBattle")[0]).toMatchObject({
      multiplier: WITCH_BATTLE.pays[2],
      amount: (WITCH_BATTLE.pays[2] as number) * TOTAL,
    });
    // Merlin's cash in a free spin: x the paid spin's total bet, not doubled.
    const merlinFs = next(
      award,
      { type: "freeSpin" },
      [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash" && p.times === 15)],
      NO_GAMBLE,
    );
    const cash = openVials(merlinFs, NO_GAMBLE)[2];
    expect(eventsOf(cash as never, "merlinPrize")[0]).toMatchObject({ amount: 15 * TOTAL });
    expect(cash?.state.triggered.merlinInFreeSpins).toBe(1);
  });

  it('"Retriggered Free Spins will be played after the original Free Spins are completed"; "There is no limit"', () => {
    let step = paidSpin(BET, stops(witchWindow(3), "3 WITCH"), NO_GAMBLE);
    for (let i = 1; i <= 12; i++) {
      step = next(step, { type: "freeSpin" }, stops(witchWindow(3), "3 WITCH"), NO_GAMBLE);
      expect(step.awaiting).toMatchObject({ type: "freeSpin", played: i, awarded: 10 + 10 * i });
      expect(eventsOf(step, "freeSpinsTriggered")[0]).toMatchObject({ retrigger: true, total: 10 + 10 * i });
    }
    expect(step.state.triggered.freeSpinsRetrigger).toBe(12);
  });

  it('"The coin value, number of active lines and amount bet per line cannot be changed during the free spins"', () => {
    const award = paidSpin(BET, stops(witchWindow(3), "3 WITCH"), NO_GAMBLE);
    expect(() => next(award, { type: "freeSpin", bet: { ...BET, lines: 1 } } as never, [0, 0, 0, 0, 0], NO_GAMBLE)).toThrow(
      /unknown action field/,
    );
    const fs = next(award, { type: "freeSpin" }, stops(witchWindow(0), "a quiet window"), NO_GAMBLE);
    expect(fs.state.bet).toEqual(BET);
  });
});

describe("4. Double feature", () => {
  const lineWin = grid(PLAIN(), ...along(1, ["OWL", "OWL", "OWL", PLAIN("OWL"), ANY]));
  const won = () => paidSpin(BET, stops(lineWin, "OWL x3 on line 1"));

  it('"get at least a winning combination at the end of a game and click the Gamble button. Double is played with the previous amount won as a wager"', () => {
    const step = won();
    expect(step.awaiting).toMatchObject({
      type: "gamble",
      stake: step.state.winBy.baseLines,
      toWin: 2 * step.state.winBy.baseLines,
    });
    // heartsSpades deck: 13 hearts then 13 spades; a red guess on card 0 (a heart) doubles.
    const doubled = next(step, { type: "gambleRed" }, [0]);
    expect(doubled.win).toBe(step.state.winBy.baseLines);
    expect(doubled.state.totalWin).toBe(2 * step.state.totalWin);
    const lost = next(step, { type: "gambleRed" }, [20]);
    expect(lost.state.totalWin).toBe(0);
    expect(lost.awaiting).toBeNull();
  });

  it('"Before choosing a card, you can forfeit the Double round and collect the amount won until then"', () => {
    const step = won();
    const collected = next(next(step, { type: "gambleBlack" }, [20]), { type: "collect" });
    expect(collected.awaiting).toBeNull();
    expect(collected.state.totalWin).toBe(2 * step.state.totalWin);
    expect(eventsOf(collected, "roundEnded")).toHaveLength(1);
  });

  it('"You can double a maximum of five times per DOUBLE round"', () => {
    let step = won();
    for (let i = 0; i < 5; i++) step = next(step, { type: "gambleRed" }, [0]);
    expect(step.awaiting).toBeNull();
    expect(step.state.totalWin).toBe(32 * step.state.winBy.baseLines);
  });

  it('"Double cannot be used when the game is in autospin mode"', () => {
    const auto = { ...CTX, autoplay: true };
    const step = paidSpin(BET, stops(lineWin, "OWL x3"), auto);
    expect(step.awaiting).toBeNull();
    expect(step.state.gamble).toBeNull();
    // And a guess under autoplay on an offered double is refused.
    expect(() => next(won(), { type: "gambleRed" }, [0], auto)).toThrow(FeatureRefusedError);
  });

  it('"The Double option is not available for winnings from free spins, the bonus round or the scatter symbols"', () => {
    // A battle win alone: nothing to double.
    const battleOnly = searchStops(
      (_, o) => o.linePaySum === 0 && o.witches.length === 2 && o.merlins.length === 0,
      15,
      "two WITCH, no line",
    );
    const battle = paidSpin(BET, battleOnly);
    expect(battle.state.winBy.baseScatter).toBeGreaterThan(0);
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
      const trigger = paidSpin(bet, draws, NO_GAMBLE);
      expect(trigger.awaiting).toMatchObject({ request: { ref: { key: String(coinValue) } } });
      expect(openVials(answerClaim(trigger), NO_GAMBLE)[2]?.win).toBe(PROGRESSIVE.seedCoins * coinValue);
    }
    const trigger = paidSpin(
      BET,
      [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "jackpot")],
      NO_GAMBLE,
    );
    const wrong = { type: "platform", answer: { kind: "jackpotClaim", ref: { pool: "progressive", key: "20" }, amount: 1 } };
    expect(() => next(trigger, wrong as never)).toThrow(/coin value/);
    // A claim is answered by a claim, a read by a read.
    const ref = { pool: "progressive", key: "10" };
    expect(() => next(trigger, { type: "platform", answer: { kind: "jackpotValue", ref, micro: 1 } } as never)).toThrow(
      /jackpotClaim/,
    );
    const cash = paidSpin(BET, [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, (p) => p.kind === "cash")], NO_GAMBLE);
    expect(() => next(cash, { type: "platform", answer: { kind: "jackpotClaim", ref, amount: 1 } } as never)).toThrow(
      /jackpotValue/,
    );
  });

  it("a Merlin trigger does not tell its prize by its shape: whether the jackpot, cash or free spins, in the paid spin or a free spin, the same steps, awaiting types, events and wins up to the third vial", () => {
    type Prize = Parameters<Parameters<typeof prizeDraw>[1]>[0];
    const prizes: Record<string, (p: Prize) => boolean> = {
      jackpot: (p) => p.kind === "jackpot",
      cash: (p) => p.kind === "cash" && p.times === 15,
      freeSpins: (p) => p.kind === "freeSpins" && p.spins === 15,
    };
    /** What the outside can see of each step up to (not including) the third vial, answering the platform as the server does. */
    const shape = (prize: (p: Prize) => boolean, inFreeSpins: boolean) => {
      const merlin = [...stops(merlinWindow, "three MERLIN"), prizeDraw(BET, prize)];
      const award = inFreeSpins ? paidSpin(BET, stops(witchWindow(3), "3 WITCH"), NO_GAMBLE) : null;
      let step = award ? next(award, { type: "freeSpin" }, merlin, NO_GAMBLE) : paidSpin(BET, merlin, NO_GAMBLE);
      const seen = [];
      let requests = 0;
      for (let i = 0; i < 3; ) {
        const awaiting = step.awaiting;
        seen.push({
          awaiting: awaiting?.type === "platform" ? { type: awaiting.type, ref: awaiting.request.ref } : awaiting,
          events: step.events,
          win: step.win,
          totalWin: step.state.totalWin,
        });
        if (awaiting?.type === "platform") {
          requests++;
          step = act(step.state, { type: "platform", answer: platformModel(awaiting.request) }, new ReplayRng([]), NO_GAMBLE);
        } else if (++i < 3) step = next(step, { type: "vial", vial: i * 2 }, [0], NO_GAMBLE);
      }
      return { seen, requests };
    };
    for (const inFreeSpins of [false, true]) {
      const jackpot = shape(prizes.jackpot as never, inFreeSpins);
      expect(jackpot.requests).toBe(1);
      expect(jackpot.seen.map((s) => s.awaiting?.type)).toEqual(["platform", "vial", "vial", "vial"]);
      for (const other of ["cash", "freeSpins"]) expect(shape(prizes[other] as never, inFreeSpins)).toEqual(jackpot);
    }
  });

  it("the round never waits on anything the context could change later: what it awaits is read from its state", () => {
    const step = paidSpin(BET, stops(grid(PLAIN(), ...along(1, ["OWL", "OWL", "OWL", PLAIN("OWL"), ANY])), "OWL x3"));
    expect(awaitingOf(step.state)).toEqual(step.awaiting);
  });
});
