/**
 * Mona Lisa Jewels, sheet sections 3.4 (Progressive Jackpot) and 4 (Autospin), and the
 * input the sheet implies: one `it` per sentence, quoting it, through the real round code
 * (test-kit.ts) and the game's platform model.
 */
import { claimPool, GameInputError, ReplayRng } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { describeGame, seedByCoinValue } from "./describe.js";
import { monaLisaJewels, platformModel } from "./index.js";
import { BET_OPTIONS, JACKPOT_RULES } from "./model.js";
import { act, start } from "./round.js";
import { SYMBOL_IDS } from "./tables.js";
import {
  answerClaim,
  BASE,
  type Cell,
  type Columns,
  CTX,
  eventsOf,
  expectWindow,
  FREE,
  forced,
  freeSpin,
  grid,
  JEWEL,
  linePay,
  type MonaStep,
  mustStops,
  paidSpin,
  QUIET,
  stopsFor,
} from "./test-kit.js";
import type { MonaBet, MonaState } from "./types.js";
import { parseBet, parseConfig } from "./validate.js";

const MAX: MonaBet = { coinValue: 20, coinsPerLine: 10, lines: 25 };
/** A cell that adds nothing: no SCATTER, JEWEL, WILD or JACKPOT. */
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL"] };
/**
 * JACKPOT along line 2 (the top row) on the first `count` reels; the rest plain, except the
 * cell under reel 3's JACKPOT (its stacked pair may show there: no line runs [0,0,1,0,0]).
 */
const jackpotRow = (count: number): Columns =>
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, r < count ? "JACKPOT" : PLAIN] as const), [
    2,
    1,
    { not: ["SCATTER", "JEWEL", "WILD"] },
  ]);
/** The seed paid at coin value c: pool x c / 1000, in cents. */
const seedAt = (c: number) =>
  claimPool(JACKPOT_RULES.seedMicro, JACKPOT_RULES.seedMicro, c, JACKPOT_RULES.referenceCoinValue).paidMinor;

/** A paid spin at max bet awarding 10 free spins and nothing else. */
function freeSpinsAtMax(): MonaStep {
  for (const reels of [
    [1, 2, 3],
    [1, 2, 4],
    [2, 3, 4],
  ]) {
    const stops = stopsFor(BASE, grid(PLAIN, ...reels.map((r) => [r, 1, "SCATTER"] as const)));
    if (stops) return paidSpin(MAX, stops);
  }
  throw new Error("the strips cannot show 3 SCATTER");
}

describe("3.4 Progressive Jackpot", () => {
  it('"The RTP displayed in the Overview section includes the Progressive Jackpot RTP as well"', () => {
    const report = monaLisaJewels.exact({ fullCycle: false });
    const max = report.variants.find((v) => v.bet?.lines === 25 && v.bet?.coinsPerLine === 10);
    expect(max?.breakdown.jackpot).toBeGreaterThan(0);
    expect(report.breakdown.jackpot).toBe(0);
    expect((max?.rtp ?? 0) - report.rtp).toBeCloseTo(0.003, 4);
  });

  it('"Only 5X Jackpot progressive symbols at maximum coins and maximum lines qualify for the Progressive Jackpot winnings. Any other combination pays according to the Paytable."', () => {
    const stops = mustStops(BASE, jackpotRow(5), "5 JACKPOT on line 2");
    const step = paidSpin(MAX, stops);
    expectWindow(step, jackpotRow(5));
    expect(eventsOf(step, "jackpotLine")).toEqual([
      { type: "jackpotLine", line: 2, positions: [0, 1, 2, 3, 4].map((r) => [r, 0]) },
    ]);
    expect(eventsOf(step, "lineWin").some((e) => e.line === 2)).toBe(false);
    expect(step.awaiting).toMatchObject({
      type: "platform",
      feature: false,
      request: { kind: "jackpotClaim", ref: { pool: "progressive", key: "" }, numerator: MAX.coinValue, denominator: 1000 },
    });
    const answered = answerClaim(step);
    expect(eventsOf(answered, "jackpotWon")).toEqual([{ type: "jackpotWon", line: 2, amount: seedAt(MAX.coinValue) }]);
    expect(answered.win).toBe(seedAt(MAX.coinValue));
    expect(answered.state.winBy.jackpot).toBe(seedAt(MAX.coinValue));
    expect(answered.state.triggered.jackpot).toBe(1);
    expect(answered.state.totalWin).toBe(step.state.totalWin + seedAt(MAX.coinValue));
    expect(answered.awaiting).toBeNull();
    // Below max lines or max coins: the paytable value, no claim.
    for (const bet of [
      { ...MAX, lines: 24 },
      { ...MAX, coinsPerLine: 9 },
      { ...MAX, coinsPerLine: 1, lines: 2 },
    ]) {
      const s = paidSpin(bet, stops);
      expect(s.awaiting).toBeNull();
      expect(eventsOf(s, "lineWin").find((e) => e.line === 2)).toMatchObject({
        symbol: "JACKPOT",
        count: 5,
        coins: linePay("JACKPOT", 5) * bet.coinsPerLine,
      });
    }
    // 4 JACKPOT at max bet: the paytable.
    const four = paidSpin(MAX, mustStops(BASE, jackpotRow(4), "4 JACKPOT on line 2"));
    expect(four.awaiting).toBeNull();
    expect(eventsOf(four, "lineWin").find((e) => e.line === 2)).toMatchObject({
      symbol: "JACKPOT",
      count: 4,
      coins: linePay("JACKPOT", 4) * 10,
    });
  });

  it('"The Progressive Jackpot can be won during normal gameplay and during Free Spins" — and is not multiplied there', () => {
    const stops = mustStops(FREE, jackpotRow(5), "5 JACKPOT on line 2 in a free spin");
    const spun = freeSpin(freeSpinsAtMax(), stops);
    expect(eventsOf(spun, "jackpotLine").map((e) => e.line)).toEqual([2]);
    expect(spun.awaiting).toMatchObject({ type: "platform" });
    const answered = answerClaim(spun, 123_456_789);
    expect(answered.win).toBe(123_456_789);
    expect(answered.state.winBy.jackpot).toBe(123_456_789);
    expect(answered.state.featureWin).toBe(spun.state.featureWin + 123_456_789);
    // The round goes on with its free spins.
    expect(answered.awaiting).toMatchObject({ type: "freeSpin", kind: "normal", played: 1, awarded: 10 });
  });

  it('"The Progressive Jackpot cannot be triggered during Jewel Free Spins": 5 JACKPOT there pays the paytable', () => {
    // Reel 1's Jewel triggers never show JACKPOT on these strips, so the locked column is set by
    // hand on a real Jewel state: JACKPOT in row 1, then reels 2–5 show JACKPOT in row 1 too.
    const trigger = paidSpin(MAX, mustStops(BASE, [[CALM, "JEWEL", "JEWEL"], ...grid(PLAIN).slice(1)], "a plain Jewel trigger"));
    const state = trigger.state as MonaState;
    const series = state.jewel as NonNullable<MonaState["jewel"]>;
    const cells = [...series.hold.cells];
    cells[0] = SYMBOL_IDS.indexOf("JACKPOT");
    const edited: MonaState = { ...state, jewel: { ...series, hold: { ...series.hold, cells } } };
    const jstops = mustStops(
      JEWEL,
      grid(PLAIN, ...[0, 1, 2, 3].map((r) => [r, 0, "JACKPOT"] as const)).slice(0, 4),
      "JACKPOT in row 1",
    );
    const step = act(edited, { type: "freeSpin" }, forced(jstops), CTX);
    expect(step.awaiting).toMatchObject({ type: "freeSpin", kind: "jewel", jewelLeft: 1 });
    expect(eventsOf(step, "jackpotLine")).toEqual([]);
    expect(eventsOf(step, "lineWin").find((e) => e.line === 2)).toMatchObject({
      symbol: "JACKPOT",
      count: 5,
      coins: linePay("JACKPOT", 5) * 10,
    });
  });

  it('"The base progressive value (progressive pool) is a value stored in Euros and it is associated to a coin value of 10 Euros ...: 500,000.00 seed"; "The displayed jackpot value is proportional to the selected coin value"', () => {
    for (const c of BET_OPTIONS.coinValues) {
      const answer = platformModel({
        kind: "jackpotClaim",
        ref: { pool: "progressive", key: "" },
        numerator: c,
        denominator: 1000,
      });
      expect(answer).toEqual({ kind: "jackpotClaim", ref: { pool: "progressive", key: "" }, amount: 50_000 * c });
    }
    expect(JACKPOT_RULES.seedMicro).toBe(500_000 * 1_000_000);
    expect(JACKPOT_RULES.referenceCoinValue).toBe(1000);
    const seeds = seedByCoinValue();
    for (const { coinValue, seed } of seeds) expect(seed / coinValue).toBe(50_000);
    // The sheet's examples: 0.01 -> 500 (as printed); 0.2 -> 10,000 by its own rule (it prints 1000).
    expect(seedAt(1)).toBe(500_00);
    expect(seedAt(20)).toBe(10_000_00);
    expect(describeGame().features.progressive.seedByCoinValue).toEqual(seeds);
  });

  it('"The maximum available progressive is paid when playing with the maximum available coin value"', () => {
    const max = Math.max(...BET_OPTIONS.coinValues);
    const best = seedByCoinValue().reduce((a, b) => (b.seed > a.seed ? b : a));
    expect(best.coinValue).toBe(max);
  });

  it('"With every bet, the base progressive jackpot value (the progressive pool) is increased with 0.5% of that bet": every bet\'s long-run RTP is 0.5% above its RTP at seed', () => {
    expect(JACKPOT_RULES.contributionBps).toBe(50);
    const report = monaLisaJewels.exact({ fullCycle: false });
    for (const v of report.variants) expect(v.figures?.rtpLongRun).toBeCloseTo(v.rtp + 0.005, 14);
    expect(report.rtpLongRun).toBeCloseTo(report.rtp + 0.005, 14);
  });

  it("the 0.5% returns only to those who can win it: a player below max bet gets back the RTP at seed, a max-bet player (all wagers at max bet) the RTP + 0.5%, and that never beats the house", () => {
    const report = monaLisaJewels.exact({ fullCycle: false });
    for (const v of report.variants) {
      const own = v.figures?.rtpOwnLongRun as number;
      if (v.mode === "maxBet") expect(own).toBeCloseTo(v.rtp + 0.005, 14);
      else expect(own).toBe(v.rtp);
      expect(own).toBeLessThan(1);
    }
  });

  it('"the first player that wins the Jackpot is awarded the Progressive Jackpot amount in full, while the subsequent winner is awarded the minimum guaranteed Progressive Jackpot, as well as 0.5% of the bets placed between" — two jackpot lines in one spin claim twice', () => {
    // JACKPOT on rows 1 and 2 of reel 3 (its stacked pair) and row 2 elsewhere: lines 1 and 16 both win.
    const spec = grid(PLAIN, ...[0, 1, 3, 4].map((r) => [r, 1, "JACKPOT"] as const), [2, 0, "JACKPOT"], [2, 1, "JACKPOT"]);
    const step = paidSpin(MAX, mustStops(BASE, spec, "two 5-JACKPOT lines"));
    expect(eventsOf(step, "jackpotLine").map((e) => e.line)).toEqual([1, 16]);
    const pool = 612_345_67;
    const first = answerClaim(step, pool);
    expect(first.awaiting).toMatchObject({ type: "platform", request: { numerator: MAX.coinValue, denominator: 1000 } });
    const second = answerClaim(first, seedAt(MAX.coinValue));
    expect(second.awaiting).toBeNull();
    expect(eventsOf(first, "jackpotWon")).toEqual([{ type: "jackpotWon", line: 1, amount: pool }]);
    expect(eventsOf(second, "jackpotWon")).toEqual([{ type: "jackpotWon", line: 16, amount: seedAt(MAX.coinValue) }]);
    expect(second.state.winBy.jackpot).toBe(pool + seedAt(MAX.coinValue));
    expect(second.state.triggered.jackpot).toBe(2);
    // The pool arithmetic the platform applies: after a claim the pool is topped up to its seed.
    const claim = claimPool(JACKPOT_RULES.seedMicro + 7_000_000, JACKPOT_RULES.seedMicro, MAX.coinValue, 1000);
    expect(claim.poolAfterMicro).toBe(JACKPOT_RULES.seedMicro);
  });

  it("only the platform answers a claim, with a valid answer", () => {
    const step = paidSpin(MAX, mustStops(BASE, jackpotRow(5), "5 JACKPOT on line 2"));
    expect(() => monaLisaJewels.parseAction(step.state, { type: "platform" })).toThrow(GameInputError);
    expect(() => monaLisaJewels.parseAction(step.state, { type: "freeSpin" })).toThrow(GameInputError);
    expect(() => act(step.state, { type: "freeSpin" }, new ReplayRng([]), CTX)).toThrow(GameInputError);
    const ref = { pool: "progressive", key: "" };
    for (const answer of [
      { kind: "jackpotValue", ref, micro: 1 },
      { kind: "jackpotClaim", ref: { pool: "other", key: "" }, amount: 1 },
      { kind: "jackpotClaim", ref, amount: -1 },
      { kind: "jackpotClaim", ref, amount: 1.5 },
    ] as const) {
      expect(() => act(step.state, { type: "platform", answer }, new ReplayRng([]), CTX)).toThrow(GameInputError);
    }
  });
});

describe("4. Autospin feature", () => {
  it('"The autospin feature does not automatically start free spins - player input is required"', () => {
    const jewel = paidSpin(MAX, mustStops(BASE, [[CALM, "JEWEL", "JEWEL"], ...grid(PLAIN).slice(1)], "a Jewel trigger"));
    expect(jewel.awaiting).toMatchObject({ type: "freeSpin", feature: true });
    expect(freeSpinsAtMax().awaiting).toMatchObject({ type: "freeSpin", feature: true });
    // A jackpot claim is the platform's, answered at once: not a feature the player starts.
    const claim = paidSpin(MAX, mustStops(BASE, jackpotRow(5), "5 JACKPOT"));
    expect(claim.awaiting?.feature).toBe(false);
    // Autoplay changes nothing in the round itself.
    const auto = { ...CTX, autoplay: true };
    const stops = mustStops(BASE, grid(QUIET), "a quiet spin");
    expect(start(MAX, forced(stops), auto)).toEqual(start(MAX, forced(stops), CTX));
  });
});

describe("input", () => {
  it("bets are one of the offered coin values, 1–10 coins per line, 1–25 lines; nothing else", () => {
    expect(BET_OPTIONS.coinValues).toEqual([1, 2, 5, 10, 20, 50, 100]);
    for (const input of [
      null,
      "bet",
      [],
      { coinValue: 3, coinsPerLine: 1, lines: 1 },
      { coinValue: 1, coinsPerLine: 0, lines: 1 },
      { coinValue: 1, coinsPerLine: 1, lines: 1, mode: "x" },
      { coinValue: 1, coinsPerLine: 1 },
    ]) {
      expect(() => parseBet(input)).toThrow(GameInputError);
    }
    expect(parseConfig(undefined)).toEqual({});
    expect(() => parseConfig({ level: 1 })).toThrow(GameInputError);
  });

  it("a finished round accepts nothing", () => {
    const step = paidSpin(MAX, mustStops(BASE, grid(QUIET), "a quiet spin"));
    expect(step.awaiting).toBeNull();
    expect(() => monaLisaJewels.parseAction(step.state, { type: "freeSpin" })).toThrow(GameInputError);
    expect(() => act(step.state, { type: "freeSpin" }, new ReplayRng([]), CTX)).toThrow(GameInputError);
  });
});
