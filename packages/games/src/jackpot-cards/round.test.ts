/**
 * Jackpot Cards' round, sentence by sentence of the sheet and DESIGN.md's rulings, plus
 * fast-check properties: whatever the picks, the level drawn at the start is the one won;
 * nothing unrevealed is ever in an event or an awaiting value; every round ends.
 */
import { defaultContext, type PlatformAction, RecordingRng, ReplayRng, Xoshiro128 } from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jackpotCards, jackpotCardsCost } from "./index.js";
import { LEVEL_RULES, LEVELS } from "./model.js";
import { act, type CardsStep, start } from "./round.js";
import type { CardsState } from "./types.js";

const CTX = defaultContext(jackpotCards.parseConfig(undefined));
const answer = (state: CardsState, amount: number): PlatformAction => ({
  type: "platform",
  answer: { kind: "jackpotClaim", ref: { pool: state.level, key: "" }, amount },
});

/** Plays a whole round picking `order` (positions, face-down ones first), answering the claim with `amount`. */
function playRound(seed: number, order: readonly number[], amount = 1234): { steps: CardsStep[]; first: CardsStep } {
  const rng = new Xoshiro128(seed);
  const first = start({}, rng, CTX);
  const steps = [first];
  let step = first;
  const queue = [...order];
  while (step.awaiting) {
    if (step.awaiting.type === "platform") step = act(step.state, answer(step.state, amount), rng, CTX);
    else {
      const taken = new Set(step.awaiting.revealed.map((c) => c.position));
      let position = queue.shift();
      while (position !== undefined && taken.has(position)) position = queue.shift();
      position ??= [...Array(12).keys()].find((p) => !taken.has(p)) as number;
      step = act(step.state, { type: "pick", position }, rng, CTX);
    }
    steps.push(step);
  }
  return { steps, first };
}

describe("Jackpot Cards round", () => {
  it('"the player selects cards until three cards of the same suit are revealed; the level awarded corresponds to the revealed suit" — the suit drawn at the start, whatever the picks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 30 }),
        (seed, order) => {
          const { steps, first } = playRound(seed, order);
          const level = first.state.level;
          const completed = steps.flatMap((s) => s.events).filter((e) => e.type === "levelCompleted");
          expect(completed).toEqual([{ type: "levelCompleted", level }]);
          // The third card of the level is the last pick: no other suit reached three before.
          const picks = steps.flatMap((s) => s.events).filter((e) => e.type === "cardRevealed");
          const last = picks.at(-1);
          expect(last).toMatchObject({ suit: level, count: 3 });
          for (const p of picks.slice(0, -1)) expect(p.count).toBeLessThan(3);
          // At the end all 12 cards are face up: 3 of each suit.
          const end = steps.at(-1) as CardsStep;
          expect(end.awaiting).toBeNull();
          for (const suit of LEVELS) expect(end.state.cards.filter((c) => c === suit)).toHaveLength(3);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never sends an unrevealed card: the level and the sequence stay in the state; events and awaiting values name revealed cards only", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const { steps } = playRound(seed, []);
        let faceUp = 0;
        // Until the third matching card is turned, nothing names the level (the completing step does, and the
        // platform answers its claim within the same request, so that awaiting value never reaches the client).
        const completing = steps.findIndex((st) => st.events.some((e) => e.type === "levelCompleted"));
        expect(completing).toBeGreaterThan(0);
        for (const step of steps.slice(0, completing)) {
          const wire = JSON.stringify({ events: step.events, awaiting: step.awaiting });
          expect(wire).not.toContain("sequence");
          expect(wire).not.toContain(`"level":"${step.state.level}"`);
          for (const e of step.events) if (e.type === "cardRevealed") faceUp++;
          if (step.awaiting?.type === "pick") expect(step.awaiting.revealed).toHaveLength(faceUp);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('"The prize amount will be the amount accumulated at the time the last matching symbol is revealed": the third card asks for the level\'s pool, 1/1, in full', () => {
    const { steps } = playRound(7, []);
    const asking = steps.find((s) => s.awaiting?.type === "platform");
    expect(asking?.awaiting).toMatchObject({
      type: "platform",
      request: { kind: "jackpotClaim", ref: { pool: asking?.state.level, key: "" }, numerator: 1, denominator: 1 },
    });
    const end = steps.at(-1) as CardsStep;
    expect(end.state.totalWin).toBe(1234);
    expect(end.events[0]).toEqual({ type: "jackpotCardsWon", level: end.state.level, amount: 1234 });
  });

  it('"The player has a random chance to win any level": every level is drawn, with the declared weights', () => {
    const counts = new Map<string, number>();
    const n = 20_000;
    for (let seed = 1; seed <= n; seed++) {
      const level = start({}, new Xoshiro128(seed), CTX).state.level;
      counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    const total = LEVELS.reduce((a, l) => a + LEVEL_RULES[l].weight, 0);
    for (const level of LEVELS) {
      const p = LEVEL_RULES[level].weight / total;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((counts.get(level) ?? 0) - n * p)).toBeLessThan(4 * sd);
    }
  });

  it("the autoplay pauses for it, it cannot be doubled, a card cannot be turned twice, and a replay of the draws gives the same round", () => {
    const rec = new RecordingRng(new Xoshiro128(99));
    const first = start({}, rec, CTX);
    expect(first.awaiting).toMatchObject({ type: "pick", feature: true, autoplay: "pause", actions: ["pick"] });
    const second = act(first.state, { type: "pick", position: 5 }, rec, CTX);
    expect(() => jackpotCards.parseAction(second.state, { type: "pick", position: 5 })).toThrow(/already face up/);
    expect(() => jackpotCards.parseAction(second.state, { type: "gamble" })).toThrow();
    expect(() => jackpotCards.parseAction(second.state, { type: "pick", position: 1, extra: 1 })).toThrow(/unknown field/);
    const again = start({}, new ReplayRng(rec.draws.slice(0, 2)), CTX);
    expect(again.state).toEqual(first.state);
  });

  it("the operator's cost per unit bet: Σ rates + P(trigger) x E[seed]", () => {
    const cost = jackpotCardsCost();
    expect(cost.contributions).toBeCloseTo(0.0028, 15);
    // 1 in 2,000,000 per cent; E[seed] = 93.50 EUR = 9,350 cents.
    expect(cost.seedFunding).toBeCloseTo(9_350 / 2_000_000, 15);
    expect(cost.total).toBeCloseTo(0.007475, 15);
    expect(jackpotCards.exact().figures?.jackpotCardsCost).toBe(cost.total);
  });
});
