import { describe, expect, it } from "vitest";
import { type ClassStats, maxCappedWin, type SpinOutcome } from "./distribution.js";

/** An outcome whose best value is `fixed` + `lineCoins` x `max`, reached with probability `probability` x `maxProbability`. */
function outcome(award: number, value: number, probability: number, maxProbability = 0.5): SpinOutcome {
  const stats: ClassStats = {
    klass: 0,
    probability,
    law: Float64Array.of(1 - maxProbability, maxProbability),
    mean: maxProbability,
    meanSquare: maxProbability,
    zero: 1 - maxProbability,
    max: 1,
    maxProbability,
  };
  return { stats, witches: 0, merlin: null, probability, award, lineCoins: 1, fixed: value - 1, jackpot: false };
}

/** Every sequence of free-spin moves, depth first: the largest total and the summed probability of the sequences reaching it. */
function bruteForce(paid: SpinOutcome[], free: SpinOutcome[], cap: number) {
  const best = (o: SpinOutcome) => ({ value: o.lineCoins * o.stats.max + o.fixed, p: o.probability * o.stats.maxProbability });
  let top = -1;
  let mass = 0;
  const walk = (awarded: number, played: number, value: number, p: number) => {
    if (played === awarded) {
      if (value > top) {
        top = value;
        mass = p;
      } else if (value === top) mass += p;
      return;
    }
    for (const o of free) {
      const b = best(o);
      walk(Math.min(awarded + o.award, cap), played + 1, value + b.value, p * b.p);
    }
  };
  for (const o of paid) {
    const b = best(o);
    walk(Math.min(o.award, cap), 0, b.value, b.p);
  }
  return { top, mass };
}

describe("maxCappedWin", () => {
  it("finds the largest capped round and the probability of every way to reach it, as an exhaustive walk does", () => {
    // Awards 0, 2 and 3: retriggering spins are worth less, so the best round trades spins against value.
    const free = [outcome(0, 10, 0.6), outcome(0, 7, 0.2), outcome(2, 6, 0.1), outcome(3, 4, 0.05), outcome(2, 6, 0.05)];
    const paid = [outcome(0, 20, 0.7), outcome(2, 5, 0.2), outcome(3, 1, 0.1)];
    for (const cap of [1, 2, 3, 5, 7, 8]) {
      const got = maxCappedWin(paid, free, 1, cap);
      const want = bruteForce(paid, free, cap);
      expect(got.x, `cap ${cap}`).toBe(want.top);
      expect(got.log10Probability, `cap ${cap}`).toBeCloseTo(Math.log10(want.mass), 12);
      expect(got.cap).toBe(cap);
    }
    // x bet: values divided by the total bet in coins.
    expect(maxCappedWin(paid, free, 4, 5).x).toBe(bruteForce(paid, free, 5).top / 4);
  });
});
