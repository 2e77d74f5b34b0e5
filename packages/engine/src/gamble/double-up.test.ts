/**
 * The double-up step: one card per guess, signed wins, collect at any time, attempts and
 * stake cap, the strip of recent cards, and refusals under autoplay, in granted rounds and
 * where the jurisdiction forbids the gamble.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { standardDeck } from "../cards/deck.js";
import { RecordingRng, ReplayRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { defaultContext, FeatureRefusedError, GameInputError } from "../round.js";
import {
  addGambleWin,
  type GambleAction,
  gambleAwaiting,
  gambleDeck,
  gambleInRound,
  gambleNet,
  openGamble,
  parseGambleAction,
  playGamble,
} from "./double-up.js";
import { canGamble, DEFAULT_GAMBLE_RULES, type GambleRules, gambleRefusal, parseGambleRules } from "./rules.js";

const CONTEXT = defaultContext({});
const RULES: GambleRules = { ...DEFAULT_GAMBLE_RULES, maxStake: 4200 };
// The 52-card deck in order: clubs 0–12, diamonds 13–25, hearts 26–38, spades 39–51.
const BLACK = 0;
const RED = 26;
const card = (i: number): [number, number] => [52, i];

describe("openGamble and refusals", () => {
  it("opens on a win at or below the cap, awaiting red, black or collect", () => {
    const state = openGamble(4200, CONTEXT, RULES);
    expect(state).toEqual({ stake: 4200, initial: 4200, played: 0, strip: [], status: "open" });
    expect(gambleAwaiting(state, RULES)).toEqual({
      type: "gamble",
      actions: ["gambleRed", "gambleBlack", "gamble", "collect"],
      feature: false,
      stake: 4200,
      toWin: 8400,
      attempt: 1,
      attemptsLeft: 4,
      strip: [],
    });
  });

  it("refuses under autoplay, in granted rounds and where the jurisdiction forbids it (403 FEATURE_NOT_ALLOWED)", () => {
    const forbidden = [
      defaultContext({}, { autoplay: true }),
      defaultContext({}, { granted: true }),
      defaultContext({}, { features: { gamble: false, buyBonus: true, autoplay: true } }),
    ];
    for (const context of forbidden) {
      expect(canGamble(100, context, RULES)).toBe(false);
      try {
        openGamble(100, context, RULES);
        expect.unreachable("gamble was opened");
      } catch (error) {
        expect(error).toBeInstanceOf(FeatureRefusedError);
        expect((error as FeatureRefusedError).feature).toBe("gamble");
        expect((error as FeatureRefusedError).code).toBe("FEATURE_NOT_ALLOWED");
      }
    }
  });

  it("a win above the max stake, or no win, cannot be gambled", () => {
    expect(canGamble(4200, CONTEXT, RULES)).toBe(true);
    expect(canGamble(4201, CONTEXT, RULES)).toBe(false);
    expect(gambleRefusal(4201, CONTEXT, RULES)?.code).toBe("GAMBLE_STAKE_TOO_HIGH");
    expect(() => openGamble(4201, CONTEXT, RULES)).toThrow(GameInputError);
    expect(gambleRefusal(0, CONTEXT, RULES)?.code).toBe("NOTHING_TO_GAMBLE");
    expect(canGamble(10 ** 9, CONTEXT, DEFAULT_GAMBLE_RULES)).toBe(true);
  });
});

describe("playGamble", () => {
  it("a right guess draws one card and doubles the stake (win +stake); a wrong one loses it (win -stake)", () => {
    const open = openGamble(500, CONTEXT, RULES);
    const rng = new RecordingRng(new ReplayRng([card(RED)]));
    const won = playGamble(open, { type: "gambleRed" }, rng, CONTEXT, RULES);
    expect(rng.draws).toEqual([[52, RED]]);
    expect(won.win).toBe(500);
    expect(won.over).toBe(false);
    expect(won.state).toMatchObject({ stake: 1000, played: 1, status: "open" });
    expect(won.events).toEqual([
      { type: "gambleCard", card: { rank: 1, suit: "hearts" }, colour: "red", guess: "red" },
      { type: "gambleResult", won: true, stake: 500, win: 500, amount: 1000 },
      { type: "gambleStrip", cards: [{ rank: 1, suit: "hearts" }] },
    ]);
    const lost = playGamble(won.state, { type: "gamble", colour: "red" }, new ReplayRng([card(BLACK)]), CONTEXT, RULES);
    expect(lost.win).toBe(-1000);
    expect(lost.over).toBe(true);
    expect(lost.state).toMatchObject({ stake: 0, played: 2, status: "lost" });
    expect(gambleNet(lost.state)).toBe(-500);
    expect(gambleAwaiting(lost.state, RULES)).toBeNull();
    expect(lost.events.at(-1)).toEqual({ type: "gambleEnded", reason: "lost", amount: 0 });
    expect(() => playGamble(lost.state, { type: "collect" }, new Xoshiro128(1), CONTEXT, RULES)).toThrow(/gamble is over/);
  });

  it("collect ends the gamble at any time without a draw, keeping the stake (win 0)", () => {
    const open = openGamble(300, CONTEXT, RULES);
    const rng = new RecordingRng(new Xoshiro128(1));
    const step = playGamble(open, { type: "collect" }, rng, CONTEXT, RULES);
    expect(rng.draws).toEqual([]);
    expect(step).toMatchObject({ win: 0, over: true, state: { stake: 300, status: "collected" } });
    expect(step.events).toEqual([{ type: "gambleEnded", reason: "collected", amount: 300 }]);
    // Collecting stays possible even where a guess would now be refused.
    expect(playGamble(open, { type: "collect" }, rng, defaultContext({}, { autoplay: true }), RULES).over).toBe(true);
    expect(() => playGamble(open, { type: "gambleRed" }, rng, defaultContext({}, { autoplay: true }), RULES)).toThrow(
      FeatureRefusedError,
    );
  });

  it("ends by itself after the last attempt, or when the doubled stake passes the cap", () => {
    const rules = { ...RULES, maxAttempts: 2 };
    let step = playGamble(openGamble(100, CONTEXT, rules), { type: "gambleBlack" }, new ReplayRng([card(BLACK)]), CONTEXT, rules);
    expect(gambleAwaiting(step.state, rules)?.attemptsLeft).toBe(0);
    step = playGamble(step.state, { type: "gambleBlack" }, new ReplayRng([card(BLACK)]), CONTEXT, rules);
    expect(step).toMatchObject({ over: true, win: 200, state: { stake: 400, status: "attempts" } });
    const capped = playGamble(
      openGamble(2500, CONTEXT, RULES),
      { type: "gambleRed" },
      new ReplayRng([card(RED)]),
      CONTEXT,
      RULES,
    );
    expect(capped).toMatchObject({ over: true, win: 2500, state: { stake: 5000, status: "cap" } });
    expect(capped.events.at(-1)).toEqual({ type: "gambleEnded", reason: "cap", amount: 5000 });
  });

  it("keeps the last N cards, latest first, continuing a strip it was given", () => {
    const rules = { ...DEFAULT_GAMBLE_RULES, stripLength: 3 };
    const deck = standardDeck();
    let state = openGamble(1, CONTEXT, rules, [deck[51]!, deck[50]!, deck[49]!, deck[48]!]);
    expect(state.strip).toEqual([deck[51], deck[50], deck[49]]);
    for (const i of [30, 31]) state = playGamble(state, { type: "gambleRed" }, new ReplayRng([card(i)]), CONTEXT, rules).state;
    expect(state.strip).toEqual([deck[31], deck[30], deck[51]]);
    const none = { ...rules, stripLength: 0 };
    expect(
      playGamble(openGamble(1, CONTEXT, none), { type: "gambleRed" }, new ReplayRng([card(1)]), CONTEXT, none).state.strip,
    ).toEqual([]);
  });

  it("builds no events when asked not to, with the same state and win", () => {
    const open = openGamble(700, CONTEXT, RULES);
    const a = playGamble(open, { type: "gambleRed" }, new ReplayRng([card(40)]), CONTEXT, RULES);
    const b = playGamble(open, { type: "gambleRed" }, new ReplayRng([card(40)]), CONTEXT, RULES, { events: false });
    expect(b.events).toEqual([]);
    expect({ ...b, events: [] }).toEqual({ ...a, events: [] });
  });

  it("the hearts/spades deck deals 26 cards, half red", () => {
    const deck = gambleDeck("heartsSpades");
    expect(deck).toHaveLength(26);
    expect(deck.filter((c) => c.suit === "hearts")).toHaveLength(13);
    const rules: GambleRules = { ...DEFAULT_GAMBLE_RULES, deck: "heartsSpades" };
    const rng = new RecordingRng(new Xoshiro128(3));
    playGamble(openGamble(1, CONTEXT, rules), { type: "gambleRed" }, rng, CONTEXT, rules);
    expect(rng.draws[0]?.[0]).toBe(26);
  });
});

describe("accounting", () => {
  it("property: summed step wins keep the round's total at or above what was not at stake, and winBy sums to it", () => {
    const actionArb = fc.constantFrom<GambleAction>({ type: "gambleRed" }, { type: "gambleBlack" }, { type: "collect" });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4200 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.array(actionArb, { maxLength: 8 }),
        fc.nat(),
        (stake, other, actions, seed) => {
          // A round that won `other` on scatters and `stake` on lines, then gambles the line win.
          let winBy: Record<string, number> = { baseScatter: other, baseLines: stake };
          let totalWin = other + stake;
          let state = openGamble(stake, CONTEXT, RULES);
          const rng = new Xoshiro128(seed);
          for (const action of actions) {
            if (state.status !== "open") break;
            const step = playGamble(state, action, rng, CONTEXT, RULES);
            totalWin += step.win;
            winBy = addGambleWin(winBy, step.win);
            state = step.state;
            expect(totalWin).toBeGreaterThanOrEqual(other);
            expect(Object.values(winBy).reduce((a, b) => a + b, 0)).toBe(totalWin);
          }
          expect(totalWin).toBe(other + state.stake);
          expect(winBy.gamble ?? 0).toBe(gambleNet(state));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("parsing", () => {
  it("parseGambleAction accepts the four forms and refuses anything else", () => {
    expect(parseGambleAction({ type: "gambleRed" })).toEqual({ type: "gambleRed" });
    expect(parseGambleAction({ type: "gamble", colour: "black" })).toEqual({ type: "gamble", colour: "black" });
    expect(parseGambleAction({ type: "collect" })).toEqual({ type: "collect" });
    for (const bad of [
      null,
      [],
      "gambleRed",
      { type: "gamble" },
      { type: "gamble", colour: "green" },
      { type: "collect", colour: "red" },
      { type: "spin" },
      { type: "gambleRed", x: 1 },
    ]) {
      expect(() => parseGambleAction(bad)).toThrow(GameInputError);
    }
  });

  it("parseGambleRules validates attempts 1..5, the stake cap, the strip and the deck", () => {
    expect(parseGambleRules(undefined)).toBe(DEFAULT_GAMBLE_RULES);
    expect(parseGambleRules({ maxAttempts: 3, maxStake: 4200 })).toEqual({
      maxAttempts: 3,
      maxStake: 4200,
      stripLength: 5,
      deck: "standard",
    });
    expect(parseGambleRules({ maxStake: null, deck: "heartsSpades" }, RULES)).toMatchObject({
      maxStake: null,
      deck: "heartsSpades",
    });
    for (const bad of [
      { maxAttempts: 0 },
      { maxAttempts: 6 },
      { maxAttempts: 2.5 },
      { maxStake: 0 },
      { stripLength: 21 },
      { deck: "tarot" },
      { other: 1 },
      5,
    ]) {
      expect(() => parseGambleRules(bad)).toThrow(GameInputError);
    }
  });
});

describe("gambleInRound", () => {
  const rules = { maxAttempts: 3, maxStake: null, stripLength: 5, deck: "standard" as const };
  const context = defaultContext({});
  const holder = {
    totalWin: 100,
    winBy: { baseLines: 100, gamble: 0 },
    triggered: { gamble: 0 },
    gamble: openGamble(100, context, rules),
    gambleRules: rules,
    other: "kept",
  };

  it("folds a guess into the round: the win, winBy.gamble, the first guess counted once, the events", () => {
    const events: unknown[] = [];
    const won = gambleInRound(holder, { type: "gambleRed" }, new ReplayRng([[52, 13]]), context, events);
    expect(won.win).toBe(100);
    expect(won.state).toMatchObject({
      totalWin: 200,
      winBy: { baseLines: 100, gamble: 100 },
      triggered: { gamble: 1 },
      other: "kept",
    });
    expect(events.map((e) => (e as { type: string }).type)).toEqual(["gambleCard", "gambleResult", "gambleStrip"]);
    const again = gambleInRound(won.state, { type: "gambleRed" }, new ReplayRng([[52, 0]]), context, null);
    expect(again.state).toMatchObject({ totalWin: 0, winBy: { gamble: -100 }, triggered: { gamble: 1 } });
    expect(again.state.gamble?.status).toBe("lost");
  });

  it("a collect counts no guess; no open gamble is refused", () => {
    const kept = gambleInRound(holder, { type: "collect" }, new ReplayRng([]), context, null);
    expect(kept.state).toMatchObject({ totalWin: 100, triggered: { gamble: 0 } });
    expect(() => gambleInRound({ ...holder, gamble: null }, { type: "collect" }, new ReplayRng([]), context, null)).toThrow(
      /no gamble/,
    );
  });
});
