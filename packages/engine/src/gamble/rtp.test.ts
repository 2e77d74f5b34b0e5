/**
 * The gamble's RTP is exactly 100%. Exactly: over the deck's equally likely draws a guess
 * returns its stake on average, and by recursion over every card of every guess, any
 * player policy ends with an expected amount equal to the first stake. Statistically: a
 * million seeded doubles return a mean inside the 99% band around 1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ReplayRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { defaultContext } from "../round.js";
import { type GambleAction, type GambleState, gambleDeck, openGamble, playGamble } from "./double-up.js";
import { DEFAULT_GAMBLE_RULES, type GambleRules } from "./rules.js";

const CONTEXT = defaultContext({});
const rulesArb: fc.Arbitrary<GambleRules> = fc.record({
  maxAttempts: fc.integer({ min: 1, max: 5 }),
  maxStake: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  stripLength: fc.integer({ min: 0, max: 5 }),
  deck: fc.constantFrom("standard" as const, "heartsSpades" as const),
});
const guessArb = fc.constantFrom<GambleAction>({ type: "gambleRed" }, { type: "gambleBlack" }, { type: "gamble", colour: "red" });

/**
 * Exact expected final amount of a gamble under a policy (its action for each guess number),
 * summing over every card the deck can deal at every guess: Σ_cards E[next] / deck size.
 */
function expectedAmount(state: GambleState, rules: GambleRules, policy: readonly GambleAction[]): number {
  if (state.status !== "open") return state.stake;
  const action = policy[state.played] ?? { type: "collect" };
  if (action.type === "collect") return playGamble(state, action, new ReplayRng([]), CONTEXT, rules).state.stake;
  const size = gambleDeck(rules.deck).length;
  let sum = 0;
  for (let c = 0; c < size; c++) {
    const step = playGamble(state, action, new ReplayRng([[size, c]]), CONTEXT, rules, { events: false });
    sum += expectedAmount(step.state, rules, policy);
  }
  return sum / size;
}

describe("gamble RTP", () => {
  it("one guess: over every card of the deck, the amounts returned sum to exactly deck size x stake", () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 100_000 }), guessArb, (rules, stake, guess) => {
        if (rules.maxStake !== null && stake > rules.maxStake) return;
        const open = openGamble(stake, CONTEXT, rules);
        const size = gambleDeck(rules.deck).length;
        let returned = 0;
        for (let c = 0; c < size; c++)
          returned += stake + playGamble(open, guess, new ReplayRng([[size, c]]), CONTEXT, rules).win;
        expect(returned).toBe(size * stake);
      }),
      { numRuns: 300 },
    );
  });

  it("property: every policy's exact expected final amount equals the first stake (RTP exactly 1)", () => {
    const policyArb = fc.array(fc.oneof(guessArb, fc.constant<GambleAction>({ type: "collect" })), { maxLength: 5 });
    fc.assert(
      fc.property(
        rulesArb.map((r) => ({ ...r, deck: "heartsSpades" as const, maxAttempts: Math.min(r.maxAttempts, 3) })),
        fc.integer({ min: 1, max: 5000 }),
        policyArb,
        (rules, stake, policy) => {
          if (rules.maxStake !== null && stake > rules.maxStake) return;
          // Powers of two times an integer: the float sums here are exact.
          expect(expectedAmount(openGamble(stake, CONTEXT, rules), rules, policy)).toBe(stake);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a million seeded doubles return a mean inside the 99% band around 1", () => {
    const n = 1_000_000;
    const rng = new Xoshiro128(20260101);
    const open = openGamble(1, CONTEXT, DEFAULT_GAMBLE_RULES);
    const red: GambleAction = { type: "gambleRed" };
    const black: GambleAction = { type: "gambleBlack" };
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < n; i++) {
      // Alternate guesses: fairness must not depend on the colour chosen.
      const r = 1 + playGamble(open, i & 1 ? red : black, rng, CONTEXT, DEFAULT_GAMBLE_RULES, { events: false }).win;
      sum += r;
      sumSquares += r * r;
    }
    const mean = sum / n;
    const sd = Math.sqrt((sumSquares / n - mean * mean) * (n / (n - 1)));
    const half = (2.576 * sd) / Math.sqrt(n);
    expect(sd).toBeCloseTo(1, 2);
    expect(Math.abs(mean - 1)).toBeLessThanOrEqual(half);
  });
});
