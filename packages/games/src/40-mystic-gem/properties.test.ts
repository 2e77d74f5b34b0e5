/**
 * 40 Mystic Gem invariants (fast-check) over any seed, stake, mode and Fold play: the round
 * ends; its money adds up (steps' wins = totalWin = the sum of winBy, never negative; the
 * debit is the price); replaying the recorded draws and actions gives the same steps; the
 * lean path (no events) decides the same numbers; the exact maths agrees with a seeded run.
 */
import { defaultContext, RecordingRng, ReplayRng, type Rng, Xoshiro128 } from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mysticGem } from "./index.js";
import { MODES } from "./modes.js";
import { act, start } from "./round.js";
import { CTX } from "./test-kit.js";
import type { MysticAction, MysticBet, MysticState } from "./types.js";

const bets = fc.record({
  stake: fc.integer({ min: 0, max: 9 }),
  mode: fc.option(fc.constantFrom(...MODES.map((m) => m.id)), { nil: undefined }),
});
const asBet = (b: { stake: number; mode: MysticBet["mode"] | undefined }): MysticBet =>
  b.mode ? { stake: b.stake, mode: b.mode } : { stake: b.stake };

/** Plays a round with Fold choices from `choices` (cycled); returns every step. */
function playRound(bet: MysticBet, rng: Rng, choices: readonly MysticAction["type"][], events = true) {
  const steps = [start(bet, rng, CTX, { events })];
  let k = 0;
  while (steps.at(-1)?.awaiting) {
    if (steps.length > 10) throw new Error("the round did not end");
    const type = choices[k++ % choices.length] as "collect" | "gambleRed" | "gambleBlack";
    steps.push(act(steps.at(-1)?.state as MysticState, { type }, rng, CTX, { events }));
  }
  return steps;
}

const choices = fc.array(
  fc.constantFrom("collect", "gambleRed", "gambleBlack") as fc.Arbitrary<"collect" | "gambleRed" | "gambleBlack">,
  {
    minLength: 1,
    maxLength: 6,
  },
);

describe("invariants", () => {
  it("every round ends within the Fold's attempts, and its money adds up", () => {
    fc.assert(
      fc.property(fc.integer(), bets, choices, (seed, b, ch) => {
        const bet = asBet(b);
        const steps = playRound(bet, new Xoshiro128(seed), ch);
        const last = steps.at(-1)?.state as MysticState;
        expect(steps.length).toBeLessThanOrEqual(1 + CTX.config.gamble.maxAttempts);
        expect(steps.reduce((a, s) => a + s.win, 0)).toBe(last.totalWin);
        expect(last.winBy.baseLines + last.winBy.baseScatter + last.winBy.gamble).toBe(last.totalWin);
        expect(last.totalWin).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(last.totalWin)).toBe(true);
        expect(last.totalBet).toBe(mysticGem.totalBet(bet));
        if (bet.mode?.endsWith("guaranteed")) expect(last.winBy.baseLines).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it("replaying the recorded draws and the same actions gives the same steps", () => {
    fc.assert(
      fc.property(fc.integer(), bets, choices, (seed, b, ch) => {
        const bet = asBet(b);
        const recording = new RecordingRng(new Xoshiro128(seed));
        const live = playRound(bet, recording, ch);
        const replay = new ReplayRng(recording.draws);
        const again = playRound(bet, replay, ch);
        expect(again).toEqual(live);
        expect(replay.exhausted).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the lean path without events decides the same state", () => {
    fc.assert(
      fc.property(fc.integer(), bets, choices, (seed, b, ch) => {
        const bet = asBet(b);
        const full = playRound(bet, new Xoshiro128(seed), ch);
        const lean = playRound(bet, new Xoshiro128(seed), ch, false);
        expect(lean.map((s) => s.state)).toEqual(full.map((s) => s.state));
        expect(lean.every((s) => s.events.length === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the round against the exact maths", () => {
  it("a seeded run of 60,000 spins per mode falls in the 99.9% band of the exact RTP", () => {
    const par = mysticGem.exact();
    const context = defaultContext(CTX.config, { autoplay: true });
    for (const mode of [undefined, ...MODES.map((m) => m.id)]) {
      const bet: MysticBet = mode ? { stake: 3, mode } : { stake: 3 };
      const v = par.variants.find((x) => x.bet?.stake === 3 && x.mode === (mode ?? "base"));
      const rng = new Xoshiro128(2026);
      const n = 60_000;
      let won = 0;
      for (let i = 0; i < n; i++) won += start(bet, rng, context, { events: false }).state.totalWin;
      const rtp = won / (n * mysticGem.totalBet(bet));
      const half = (3.29 * (v?.figures?.stdev ?? Number.NaN)) / Math.sqrt(n);
      expect(Math.abs(rtp - (v?.rtp ?? Number.NaN)), `${mode ?? "base"}: ${rtp}`).toBeLessThan(half);
    }
  }, 120_000);
});
