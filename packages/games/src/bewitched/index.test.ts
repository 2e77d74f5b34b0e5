import { defaultContext, GameInputError, mathsHash, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { GAMES, getGame } from "../index.js";
import { DEFAULT_BET, describeGame, modelJson, totalBetsInCoins } from "./describe.js";
import { bewitched, platformModel } from "./index.js";
import { BET_OPTIONS, MERLIN, PROGRESSIVE, REEL_STRIPS, WITCH_BATTLE } from "./model.js";
import { merlinTable } from "./rtp.js";
import type { BewitchedAwaiting, BewitchedState } from "./types.js";

const claim = (key: string, pool = "progressive") =>
  ({ kind: "jackpotClaim", ref: { pool, key }, numerator: 1, denominator: 1 }) as const;

describe("Bewitched as a GameModule", () => {
  it("is registered, with every bet from 1 line x 1 coin to 15 x 10 at each coin value, and a default bet it accepts", () => {
    expect(getGame("bewitched")).toBe(bewitched);
    expect([...GAMES.keys()]).toContain("bewitched");
    const bets = bewitched.bets();
    expect(bets).toHaveLength(BET_OPTIONS.coinValues.length * 150);
    expect(bewitched.minBet()).toEqual({ coinValue: 1, coinsPerLine: 1, lines: 1 });
    expect(bewitched.maxBet()).toEqual({ coinValue: 100, coinsPerLine: 10, lines: 15 });
    expect(bewitched.parseBet(describeGame().bet.default)).toEqual(DEFAULT_BET);
    expect(bewitched.describe()).toEqual(describeGame());
    expect(() => bewitched.parseBet({ coinValue: 3, coinsPerLine: 1, lines: 1 })).toThrow(GameInputError);
  });

  it("answers its progressive claims, and reads of the pool, at the seed of the coin value's pool (2,000 coins of it), nothing else", () => {
    for (const c of BET_OPTIONS.coinValues) {
      const answer = platformModel(claim(String(c)));
      expect(answer).toEqual({
        kind: "jackpotClaim",
        ref: { pool: "progressive", key: String(c) },
        amount: PROGRESSIVE.seedCoins * c,
      });
      expect(platformModel({ kind: "jackpotValue", ref: { pool: "progressive", key: String(c) } })).toEqual({
        kind: "jackpotValue",
        ref: { pool: "progressive", key: String(c) },
        micro: PROGRESSIVE.seedCoins * c * 10_000,
      });
    }
    expect(() => platformModel(claim("3"))).toThrow(/coin value/);
    expect(() => platformModel(claim("constructor"))).toThrow(/coin value/);
    expect(() => platformModel(claim("10", "cards"))).toThrow(GameInputError);
    expect(() => platformModel({ kind: "jackpotValue", ref: { pool: "cards", key: "10" } })).toThrow(GameInputError);
  });

  it("declares one wager-funded pool per coin value: seeded at 2,000 coins, fed 0.5% of the bets at that coin value, shown at the bet's coin value", () => {
    const [pool, ...others] = bewitched.jackpots ?? [];
    expect(others).toEqual([]);
    expect(pool).toMatchObject({ id: "progressive", funding: "wager", rateBps: 50 });
    expect(pool?.seeds).toEqual({
      EUR: Object.fromEntries(BET_OPTIONS.coinValues.map((c) => [String(c), PROGRESSIVE.seedCoins * c * 10_000])),
    });
    // The sheet's examples: 20 at 0.01, 400 at 0.20 (in micro-units of EUR).
    expect(pool?.seeds.EUR?.["1"]).toBe(20_000_000);
    expect(pool?.seeds.EUR?.["20"]).toBe(400_000_000);
    for (const bet of bewitched.bets()) {
      expect(pool?.contributesTo(bet, "EUR")).toBe(String(bet.coinValue));
      expect(pool?.shownFor?.(bet, "EUR")).toEqual([{ key: String(bet.coinValue), numerator: 1, denominator: 1 }]);
    }
  });

  it("plays whole rounds under every policy; the default never doubles, doubleAll doubles until the fifth or a loss", () => {
    const context = defaultContext(bewitched.parseConfig(undefined));
    const play = (policy: string, seed: number) => {
      const rng = new Xoshiro128(seed);
      let doubles = 0;
      for (let i = 0; i < 3000; i++) {
        let step = bewitched.start(bewitched.maxBet(), rng, context, { events: false });
        while (step.awaiting) {
          const awaiting: BewitchedAwaiting = step.awaiting;
          const action =
            awaiting.type === "platform"
              ? { type: "platform" as const, answer: platformModel(awaiting.request) }
              : (bewitched.policies[policy] as (s: BewitchedState, a: BewitchedAwaiting) => never)(step.state, awaiting);
          step = bewitched.act(step.state, action, rng, context, { events: false });
        }
        doubles = Math.max(doubles, step.state.gamble?.played ?? 0);
      }
      return doubles;
    };
    expect(play("default", 1)).toBe(0);
    expect(play("doubleOnce", 2)).toBe(1);
    expect(play("doubleAll", 3)).toBe(5);
  });

  it("describes its maths for a lab: strips, lines, pays, the battle, free spins, Merlin's table at every total bet with its formula, the pools, the double", () => {
    const m = modelJson();
    expect(m.schema).toBe("reelhouse.model/1");
    expect(m.reelSets.base).toEqual(REEL_STRIPS.map((s) => s.split(" ")));
    expect(m.features.witchBattle.pays).toEqual([...WITCH_BATTLE.pays]);
    expect(m.features.witchBattle.freeSpins).toEqual([...WITCH_BATTLE.freeSpins]);
    expect(m.features.freeSpins).toMatchObject({ lineWinMultiplier: 2, limit: null });
    expect(m.features.merlin.formula).toMatch(/412073 − 200·B.*500 \+ 10·B.*190·B/);
    const byCoins = m.features.merlin.byTotalBetCoins;
    expect(byCoins.map((b) => b.coins)).toEqual(totalBetsInCoins().map((b) => b.coins));
    for (const { coins, bets, weights } of byCoins) {
      for (const [lines, c] of bets) expect(lines * c).toBe(coins);
      const table = merlinTable(coins);
      expect(Object.values(weights)).toEqual(table.map((o) => o.weight));
      expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBe(MERLIN.totalWeight);
    }
    expect(byCoins.flatMap((b) => b.bets)).toHaveLength(150);
    expect(m.features.progressive.seedByCoinValue.map((s) => s.seedMinor)).toEqual(
      BET_OPTIONS.coinValues.map((c) => PROGRESSIVE.seedCoins * c),
    );
    expect(m.features.double).toMatchObject({ maxDoubles: 5, rtp: 1 });
    // The maths hash moves with any payout-relevant number.
    expect(mathsHash(m)).toBe(mathsHash(modelJson()));
    expect(mathsHash({ ...m, linePays: { ...m.linePays, OWL: [0, 2, 25, 125, 751] } })).not.toBe(mathsHash(m));
  });
});
