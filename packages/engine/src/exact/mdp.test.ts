/** The MDP kit: ladders with a closed form, hold <-> advance cycles, brute force on random models, exact vs doubles. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { Fraction } from "./fraction.js";
import { absorbingChainExact, solveLinear } from "./markov.js";
import {
  actionValuesExact,
  comparePolicies,
  comparePoliciesExact,
  evaluatePolicy,
  evaluatePolicyExact,
  ImproperPolicyError,
  improperStates,
  type Mdp,
  mapMdp,
  mdpToNumbers,
  solveMdp,
  solveMdpExact,
} from "./mdp.js";

const F = (n: number, d = 1) => new Fraction(n, d);

/**
 * A gamble-up ladder: on rung i the player collects prizes[i] (the game ends) or risks it:
 * with probability p the next rung, else nothing. The top rung can only collect.
 */
function ladder(prizes: readonly Fraction[], p: Fraction): Mdp<Fraction> {
  const top = prizes.length - 1;
  return {
    actions: prizes.map((prize, i) => [
      { label: "collect", reward: prize, next: [] },
      ...(i < top ? [{ label: "risk", reward: Fraction.ZERO, next: [{ to: i + 1, p }] }] : []),
    ]),
  };
}

/**
 * Hold <-> advance: state 0 (a hold offered) may collect 1 or take the advance (state 1);
 * state 1 may collect 2, go back to the hold, or spin: 2/3 wins 3, 1/3 back to the hold.
 * Optimal: V = 2 + V/3, so V = 3 in both states, through the cycle 0 -> 1 -> 0.
 */
const HOLD_ADVANCE: Mdp<Fraction> = {
  actions: [
    [
      { label: "collect", reward: F(1), next: [] },
      { label: "advance", reward: F(0), next: [{ to: 1, p: F(1) }] },
    ],
    [
      { label: "collect", reward: F(2), next: [] },
      { label: "hold", reward: F(0), next: [{ to: 0, p: F(1) }] },
      { label: "spin", reward: F(2), next: [{ to: 0, p: F(1, 3) }] },
    ],
  ],
};

describe("solveMdp: a gamble-up ladder (optimal stopping, closed form)", () => {
  it("V(i) = max over rungs j ≥ i of p^(j−i)·prize(j); risk exactly where a higher rung is strictly better", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 8 }),
        (raw, num, den) => {
          const p = F(Math.min(num, den), den);
          const prizes = raw.map((x) => F(x));
          const sol = solveMdpExact(ladder(prizes, p));
          prizes.forEach((prize, i) => {
            let best = prize;
            let later = Fraction.ZERO;
            let factor = Fraction.ONE;
            for (let j = i + 1; j < prizes.length; j++) {
              factor = factor.mul(p);
              const v = factor.mul(prizes[j] as Fraction);
              if (v.compare(later) > 0) later = v;
            }
            if (later.compare(best) > 0) best = later;
            expect((sol.value[i] as Fraction).equals(best)).toBe(true);
            expect(sol.policy[i]).toBe(later.compare(prize) > 0 ? 1 : 0);
          });
          // Doubles agree.
          const fast = solveMdp(mdpToNumbers(ladder(prizes, p)));
          expect(fast.policy).toEqual(sol.policy);
          fast.value.forEach((v, i) => {
            expect(v).toBeCloseTo((sol.value[i] as Fraction).toNumber(), 12);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a neutral ladder (p·ratio = 1) is a tie everywhere: the policy never changes on a tie", () => {
    const prizes = [1, 2, 4, 8, 16].map((x) => F(x));
    const sol = solveMdpExact(ladder(prizes, F(1, 2)));
    expect(sol.policy).toEqual([0, 0, 0, 0, 0]);
    expect(sol.iterations).toBe(1);
    expect(sol.value.map((v) => v.toString())).toEqual(["1", "2", "4", "8", "16"]);
    // A better top rung makes risking worth it all the way up: 40/16 = 2.5 from the bottom.
    const top = solveMdpExact(ladder([...prizes.slice(0, 4), F(40)], F(1, 2)));
    expect(top.policy).toEqual([1, 1, 1, 1, 0]);
    expect(top.value[0]?.toString()).toBe("5/2");
  });
});

describe("solveMdp: cycles of choices (hold -> advance -> hold)", () => {
  it("solves the cycle exactly where value iteration only creeps up to it", () => {
    const sol = solveMdpExact(HOLD_ADVANCE);
    expect(sol.policy).toEqual([1, 2]);
    expect(sol.value.map((v) => v.toString())).toEqual(["3", "3"]);
    expect(sol.iterations).toBe(2);
    expect(sol.switched).toEqual([2, 0]);
    // The tie at state 1 (hold = spin = 3) never switches to the improper hold.
    const q = actionValuesExact(HOLD_ADVANCE, sol.value);
    expect(q[1]?.map((v) => v.toString())).toEqual(["2", "3", "3"]);
    // Value iteration from 0 never reaches 3 in any finite number of sweeps (3 − 3^(1−k) after k ≥ 2).
    let v = [Fraction.ZERO, Fraction.ZERO];
    for (let k = 0; k < 30; k++) {
      const [v0, v1] = v as [Fraction, Fraction];
      const n0 = [F(1), v1].reduce((a, b) => (b.compare(a) > 0 ? b : a));
      const n1 = [F(2), v0, F(2).add(v0.div(F(3)))].reduce((a, b) => (b.compare(a) > 0 ? b : a));
      v = [n0, n1];
      expect((v[1] as Fraction).compare(F(3))).toBeLessThan(0);
    }
    // Doubles give the same policy and values.
    const fast = solveMdp(mdpToNumbers(HOLD_ADVANCE));
    expect(fast.policy).toEqual([1, 2]);
    expect(fast.value[0]).toBeCloseTo(3, 14);
    expect(fast.evaluation.errorBound).toBeLessThan(1e-13);
  });

  it("reports an improper policy (advance, hold: a cycle with no exit) instead of looping", () => {
    expect(improperStates(HOLD_ADVANCE, [1, 1])).toEqual([0, 1]);
    expect(improperStates(HOLD_ADVANCE, [1, 2])).toEqual([]);
    expect(() => evaluatePolicyExact(HOLD_ADVANCE, [1, 1])).toThrow(ImproperPolicyError);
    try {
      evaluatePolicy(mdpToNumbers(HOLD_ADVANCE), [1, 1]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ImproperPolicyError);
      expect((e as ImproperPolicyError).states).toEqual([0, 1]);
      expect((e as ImproperPolicyError).policy).toEqual([1, 1]);
    }
    // Collect at the hold, go back to it from the advance: proper (it ends through state 0).
    expect(evaluatePolicy(mdpToNumbers(HOLD_ADVANCE), [0, 1]).value).toEqual([1, 1]);
  });

  it("a policy that is proper but for one corner is reported with exactly its stuck states", () => {
    // State 0 -> 1 -> 2 <-> 3 with no exit from {2, 3} under action 0.
    const mdp: Mdp = {
      actions: [
        [{ reward: 1, next: [{ to: 1, p: 0.5 }] }],
        [{ reward: 1, next: [{ to: 2, p: 1 }] }],
        [
          { reward: 0, next: [{ to: 3, p: 1 }] },
          { reward: 5, next: [] },
        ],
        [{ reward: 0, next: [{ to: 2, p: 1 }] }],
      ],
    };
    expect(improperStates(mdp, [0, 0, 0, 0])).toEqual([1, 2, 3]);
    // The solver's start repairs state 2 (its lowest action that ends) and goes on.
    const sol = solveMdp(mdp);
    expect(sol.policy).toEqual([0, 0, 1, 0]);
    expect(sol.value).toEqual([4, 6, 5, 5]);
  });

  it("throws when no policy ends, or when a cycle pays for ever (unbounded value)", () => {
    const stuck: Mdp = { actions: [[{ reward: 1, next: [] }], [{ reward: 0, next: [{ to: 1, p: 1 }] }]] };
    expect(() => solveMdp(stuck)).toThrow(/no policy ends from 1 state/);
    const paying: Mdp = {
      actions: [
        [
          { label: "collect", reward: 5, next: [] },
          { label: "advance", reward: 1, next: [{ to: 1, p: 1 }] },
        ],
        [
          { label: "collect", reward: 5, next: [] },
          { label: "hold", reward: 1, next: [{ to: 0, p: 1 }] },
        ],
      ],
    };
    expect(() => solveMdp(paying)).toThrow(/unbounded/);
    try {
      solveMdp(paying);
    } catch (e) {
      expect((e as ImproperPolicyError).policy).toEqual([1, 1]);
      expect((e as ImproperPolicyError).states).toEqual([0, 1]);
    }
  });
});

/** A random MDP in rationals: every state has an action with an exit; actions without one cost at least 1. */
const randomMdp = fc
  .integer({ min: 1, max: 5 })
  .chain((n) =>
    fc.array(
      fc.array(
        fc.record({
          weights: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
          exit: fc.integer({ min: 0, max: 3 }),
          reward: fc.integer({ min: -5, max: 10 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      { minLength: n, maxLength: n },
    ),
  )
  .map(
    (states): Mdp<Fraction> => ({
      actions: states.map((actions, s) =>
        actions.map((a, k) => {
          const exit = k === s % actions.length ? Math.max(1, a.exit) : a.exit;
          const total = a.weights.reduce((x, y) => x + y, 0) + exit;
          const reward = exit === 0 ? -1 - Math.abs(a.reward) : a.reward;
          return {
            reward: F(reward),
            next: a.weights.flatMap((w, to) => (w > 0 ? [{ to, p: F(w, total) }] : [])),
          };
        }),
      ),
    }),
  );

describe("solveMdp: random models against brute force over every deterministic policy", () => {
  it("the optimum is the state-wise maximum over all proper policies (Markov chain kit), exactly; doubles agree", () => {
    fc.assert(
      fc.property(randomMdp, (mdp) => {
        const n = mdp.actions.length;
        const best: (Fraction | null)[] = new Array(n).fill(null);
        const policy = new Array<number>(n).fill(0);
        const visit = (s: number): void => {
          if (s === n) {
            if (improperStates(mdp, policy).length > 0) return;
            const chosen = policy.map((k, i) => mdp.actions[i]?.[k] as Mdp<Fraction>["actions"][number][number]);
            const transient = chosen.map((a) => {
              const row = new Array<Fraction>(n).fill(Fraction.ZERO);
              for (const t of a.next) row[t.to] = (row[t.to] as Fraction).add(t.p);
              return row;
            });
            const absorbing = transient.map((row) => [row.reduce((x, y) => x.sub(y), Fraction.ONE)]);
            const { expectedReward } = absorbingChainExact({ transient, absorbing, reward: chosen.map((a) => a.reward) });
            expectedReward.forEach((v, i) => {
              if (best[i] === null || v.compare(best[i] as Fraction) > 0) best[i] = v;
            });
            return;
          }
          for (let k = 0; k < (mdp.actions[s]?.length ?? 0); k++) {
            policy[s] = k;
            visit(s + 1);
          }
        };
        visit(0);
        const sol = solveMdpExact(mdp);
        sol.value.forEach((v, i) => {
          expect(v.toString()).toBe((best[i] as Fraction).toString());
        });
        const fast = solveMdp(mdpToNumbers(mdp));
        fast.value.forEach((v, i) => {
          expect(Math.abs(v - (best[i] as Fraction).toNumber())).toBeLessThan(1e-9 * (1 + Math.abs(v)));
        });
        expect(fast.evaluation.residual).toBeLessThan(1e-12);
        expect(fast.evaluation.errorBound).toBeLessThan(1e-9);
        // The double policy is optimal too (it may pick another action only where two tie).
        const cmp = comparePoliciesExact(mdp, sol.policy, fast.policy);
        expect(cmp.better).toBe("equal");
      }),
      { numRuns: 150 },
    );
  });
});

describe("evaluatePolicy and comparePolicies", () => {
  it("a randomised policy is the mix of its actions; end probabilities and end rewards", () => {
    // State 0: 'safe' ends in end 0 (reward 2 on arrival); 'bold' wins end 1 (worth 10) w.p. 1/4, else repeats.
    const mdp: Mdp<Fraction> = {
      endRewards: [F(2), F(10)],
      actions: [
        [
          { label: "safe", reward: F(0), next: [], ends: [{ end: 0, p: F(1) }] },
          { label: "bold", reward: F(-1), next: [{ to: 0, p: F(3, 4) }], ends: [{ end: 1, p: F(1, 4) }] },
        ],
      ],
    };
    // Bold forever: V = −1 + 3V/4 + 10/4, V = 6; 4 steps; always ends in end 1.
    const bold = evaluatePolicyExact(mdp, [1]);
    expect(bold.value[0]?.toString()).toBe("6");
    expect(bold.steps[0]?.toString()).toBe("4");
    expect(bold.absorption[0]?.map(String)).toEqual(["0", "1"]);
    // Half and half: V = ½·2 + ½(−1 + 3V/4 + 10/4) → V = 1.75 / (1 − 3/8) = 14/5.
    const mixed = evaluatePolicyExact(mdp, [[F(1, 2), F(1, 2)]]);
    expect(mixed.value[0]?.toString()).toBe("14/5");
    expect(mixed.absorption[0]?.map(String)).toEqual(["4/5", "1/5"]);
    const sol = solveMdpExact(mdp);
    expect(sol.policy).toEqual([1]);
    const cmp = comparePoliciesExact(mdp, [0], [1]);
    expect(cmp.better).toBe("b");
    expect(cmp.difference[0]?.toString()).toBe("4");
    expect(cmp.worst).toEqual({ state: 0, difference: F(4) });
    expect(cmp.differing).toEqual([0]);
    const fast = comparePolicies(mdpToNumbers(mdp), [1], [[0.5, 0.5]]);
    expect(fast.better).toBe("a");
    expect(fast.difference[0]).toBeCloseTo(-3.2, 14);
    expect(() => evaluatePolicyExact(mdp, [[F(1, 2), F(1, 3)]])).toThrow(/sum to/);
    expect(() => solveMdp({ actions: [[{ reward: 0, next: [{ to: 0, p: 0.7 }], ends: [{ end: 0, p: 0.2 }] }]] })).toThrow(
      /sum to 0.89999/,
    );
  });
});

describe("sparse evaluation in doubles", () => {
  it("agrees with dense elimination on a random cyclic chain, with a residual near machine precision", () => {
    const rng = new Xoshiro128(11);
    const n = 300;
    const mdp: Mdp = {
      actions: Array.from({ length: n }, () => {
        const k = 1 + rng.int(4);
        const next = Array.from({ length: k }, () => ({ to: rng.int(n), p: 0.9 / k }));
        return [{ reward: rng.int(100) / 7, next }];
      }),
    };
    const ev = evaluatePolicy(mdp, new Array(n).fill(0));
    const a = Array.from({ length: n }, (_, i) => {
      const row = new Array<number>(n).fill(0);
      row[i] = 1;
      for (const t of mdp.actions[i]?.[0]?.next ?? []) row[t.to] = (row[t.to] as number) - t.p;
      return row;
    });
    const dense = solveLinear(
      a,
      mdp.actions.map((acts) => [acts[0]?.reward ?? 0]),
    );
    ev.value.forEach((v, i) => {
      expect(Math.abs(v - (dense[i]?.[0] as number))).toBeLessThan(1e-10);
    });
    expect(ev.residual).toBeLessThan(1e-12);
    expect(ev.errorBound).toBeLessThan(1e-10);
    ev.steps.forEach((s) => {
      expect(s).toBeCloseTo(10, 9);
    });
  });

  it("solves a large hold/advance-shaped model (40,000 states, cycles of choices) quickly and agrees with rationals on a slice", () => {
    // Rungs × positions: from (rung, pos) spin to 8 random positions of the next rung, advance to pos+1, or collect.
    const rng = new Xoshiro128(5);
    const rungs = 200;
    const positions = 200;
    const id = (r: number, p: number) => r * positions + p;
    const prize = Array.from({ length: rungs * positions }, () => rng.int(50));
    const build = <T>(R: number, f: (n: number, d?: number) => T): Mdp<T> => ({
      actions: Array.from({ length: R * positions }, (_, s) => {
        const r = Math.floor(s / positions);
        const p = s % positions;
        const spin =
          r + 1 < R ? Array.from({ length: 8 }, (_, k) => ({ to: id(r + 1, (p * 7 + k * 13) % positions), p: f(1, 10) })) : [];
        return [
          { label: "collect", reward: f(prize[s] as number), next: [] },
          { label: "advance", reward: f(-1), next: [{ to: id(r, (p + 1) % positions), p: f(1) }] },
          { label: "spin", reward: f(1), next: spin },
        ];
      }),
    });
    const big = build(rungs, (n, d = 1) => n / d);
    const t0 = performance.now();
    const sol = solveMdp(big);
    const ms = performance.now() - t0;
    expect(sol.evaluation.errorBound).toBeLessThan(1e-9);
    expect(ms).toBeLessThan(20_000);
    const small = mapMdp(
      build(3, (n, d = 1) => [n, d] as const),
      ([n, d]) => F(n, d),
    );
    const exact = solveMdpExact(small);
    const fast = solveMdp(mdpToNumbers(small));
    expect(fast.policy).toEqual(exact.policy);
    fast.value.forEach((v, i) => {
      expect(v).toBeCloseTo((exact.value[i] as Fraction).toNumber(), 11);
    });
  });
});
