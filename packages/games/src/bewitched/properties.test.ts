/**
 * Bewitched invariants (fast-check) and the round against the exact maths: the line
 * evaluation matches an independent evaluator on any window; every round ends with its
 * money adding up; replay from the recorded draws is exact; and a seeded simulation of the
 * real round agrees with `rtp.ts` part by part.
 */
import {
  defaultContext,
  evaluateTuple,
  fillWindow,
  type PlatformAction,
  RecordingRng,
  ReplayRng,
  type Rng,
  type RoundContext,
  Xoshiro128,
} from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { platformModel } from "./index.js";
import { BET_OPTIONS, PAYLINES, REELS, ROWS } from "./model.js";
import { act, REEL_SET, start } from "./round.js";
import { LINE_RULE, rtpAt } from "./rtp.js";
import { evaluateWindow } from "./spin.js";
import { CTX, STRIPS } from "./test-kit.js";
import type { BewitchedAction, BewitchedAwaiting, BewitchedBet, BewitchedConfig, BewitchedState } from "./types.js";

const NO_GAMBLE: RoundContext<BewitchedConfig> = defaultContext(CTX.config, { features: { ...CTX.features, gamble: false } });

/** A player: the first closed vial, every free spin, and (where offered) a random double or collect. */
function decide(_state: BewitchedState, awaiting: BewitchedAwaiting, rng: Rng): BewitchedAction | PlatformAction {
  switch (awaiting.type) {
    case "platform":
      // Merlin's claim (at the seed) or read of the pool, as the certified platform answers them.
      return { type: "platform", answer: platformModel(awaiting.request) };
    case "vial":
      return {
        type: "vial",
        vial: [...Array(awaiting.vials).keys()].find((v) => !awaiting.opened.some((o) => o.vial === v)) ?? 0,
      };
    case "freeSpin":
      return { type: "freeSpin" };
    default:
      return [{ type: "collect" } as const, { type: "gambleRed" } as const, { type: "gambleBlack" } as const][
        rng.int(3)
      ] as BewitchedAction;
  }
}

/** Plays a whole round; returns its steps' wins and the final state. */
function playRound(bet: BewitchedBet, rng: Rng, context: RoundContext<BewitchedConfig>, policyRng: Rng, events = true) {
  let step = start(bet, rng, context, { events });
  const wins = [step.win];
  const steps = [step];
  let guard = 0;
  while (step.awaiting) {
    if (++guard > 100_000) throw new Error("the round did not end");
    step = act(step.state, decide(step.state, step.awaiting, policyRng), rng, context, { events });
    wins.push(step.win);
    if (events) steps.push(step);
  }
  return { state: step.state, wins, steps };
}

const betArb = fc.record({
  coinValue: fc.constantFrom(...BET_OPTIONS.coinValues),
  coinsPerLine: fc.constantFrom(...BET_OPTIONS.coinsPerLine),
  lines: fc.constantFrom(...BET_OPTIONS.lines),
});

describe("Bewitched properties", () => {
  it("line wins equal an independent evaluator's (the exact kit's reference) on any window", () => {
    const lengths = STRIPS.map((s) => s.length);
    const window = new Uint8Array(REELS * ROWS);
    fc.assert(
      fc.property(
        fc.tuple(...lengths.map((n) => fc.integer({ min: 0, max: n - 1 }))),
        fc.integer({ min: 1, max: 15 }),
        (stops, lines) => {
          fillWindow(REEL_SET, stops, ROWS, window);
          const outcome = evaluateWindow(window, lines);
          let expected = 0;
          for (let l = 0; l < lines; l++) {
            const tuple = (PAYLINES[l] as readonly number[]).map((row, r) => window[r * ROWS + row] as number);
            expected += evaluateTuple(LINE_RULE, tuple).pay;
          }
          expect(outcome.linePaySum).toBe(expected);
        },
      ),
      { numRuns: 3000, seed: 20261126 },
    );
  });

  it("every round ends; its steps' wins sum to totalWin, its parts too, never below zero", () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (bet, seed) => {
        const { state, wins } = playRound(bet, new Xoshiro128(seed), CTX, new Xoshiro128(seed, 1));
        expect(wins.reduce((a, b) => a + b, 0)).toBe(state.totalWin);
        expect(Object.values(state.winBy).reduce((a, b) => a + b, 0)).toBe(state.totalWin);
        expect(state.totalWin).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(state.totalWin)).toBe(true);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it("replaying a round's recorded draws rebuilds every step exactly", () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (bet, seed) => {
        const recording = new RecordingRng(new Xoshiro128(seed));
        const played = playRound(bet, recording, CTX, new Xoshiro128(seed, 1));
        const replayed = playRound(bet, new ReplayRng(recording.draws), CTX, new Xoshiro128(seed, 1));
        expect(replayed.steps.map((s) => [s.events, s.state, s.win])).toEqual(
          played.steps.map((s) => [s.events, s.state, s.win]),
        );
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe("the round against the exact maths (seeded simulation)", () => {
  it("1,000,000 rounds at 15 lines x 10 coins: every part of the RTP within 4.5 standard errors of rtp.ts", () => {
    const bet: BewitchedBet = { coinValue: 1, coinsPerLine: 10, lines: 15 };
    const exact = rtpAt(bet);
    const rounds = 1_000_000;
    const rng = new Xoshiro128(20261126);
    const parts = { baseLines: [0, 0], battle: [0, 0], merlin: [0, 0], freeSpins: [0, 0], jackpot: [0, 0], total: [0, 0] };
    const add = (k: keyof typeof parts, x: number) => {
      const p = parts[k];
      p[0] = (p[0] as number) + x;
      p[1] = (p[1] as number) + x * x;
    };
    let baseMerlinCash = 0;
    for (let i = 0; i < rounds; i++) {
      const { state } = playRound(bet, rng, NO_GAMBLE, rng, false);
      const w = state.winBy;
      const b = state.totalBet;
      add("baseLines", w.baseLines / b);
      add("battle", w.baseScatter / b);
      add("merlin", w.merlin / b);
      add("freeSpins", w.freeSpins / b);
      add("jackpot", w.jackpot / b);
      add("total", state.totalWin / b);
      if (state.triggered.merlin > 0 && state.triggered.merlinInFreeSpins === 0) baseMerlinCash += w.merlin / b;
    }
    const check = (k: keyof typeof parts, expected: number) => {
      const [s, ss] = parts[k] as [number, number];
      const mean = s / rounds;
      const se = Math.sqrt((ss / rounds - mean * mean) / rounds);
      expect(Math.abs(mean - expected), `${k}: ${mean} vs ${expected} (se ${se})`).toBeLessThan(4.5 * se);
    };
    const e = exact.breakdown;
    check("baseLines", e.baseLines);
    check("battle", e.baseBattle);
    // Merlin's cash and the jackpot, wherever won (base and free spins), against their exact shares.
    const fsMerlinShare = exact.freeSpinsPerRound * (exact.freeSpinValue - 2 * e.baseLines - e.baseBattle);
    const fsMerlinCash = (fsMerlinShare * e.baseMerlinCash) / (e.baseMerlinCash + e.baseJackpot);
    check("merlin", e.baseMerlinCash + fsMerlinCash);
    check("freeSpins", exact.freeSpinsPerRound * (2 * e.baseLines + e.baseBattle));
    check("total", exact.rtp);
    expect(baseMerlinCash).toBeGreaterThan(0);
  }, 120_000);
});
