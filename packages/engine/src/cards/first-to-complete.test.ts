/**
 * Reveal sequences in which a given suit completes first. Uniformity is proved exactly:
 * unranking every rank in [0, N) gives N distinct sequences, each one valid, and N is the
 * brute-force number of valid sequences; a draw is one rng.int(N), so every valid sequence
 * has probability exactly 1/N and every other sequence 0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordingRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { SUITS } from "./deck.js";
import { firstToComplete, firstToCompleteSampler, jackpotCardsSequence } from "./first-to-complete.js";

/** Every distinct arrangement of a multiset given as counts per suit index. */
function allArrangements(copies: readonly number[]): number[][] {
  const out: number[][] = [];
  const left = [...copies];
  const size = copies.reduce((a, b) => a + b, 0);
  const seq: number[] = [];
  const walk = (): void => {
    if (seq.length === size) {
      out.push([...seq]);
      return;
    }
    for (let s = 0; s < left.length; s++) {
      if ((left[s] as number) === 0) continue;
      left[s] = (left[s] as number) - 1;
      seq.push(s);
      walk();
      seq.pop();
      left[s] = (left[s] as number) + 1;
    }
  };
  walk();
  return out;
}

describe("Jackpot Cards sequences (12 cards, 3 per suit)", () => {
  const all = allArrangements([3, 3, 3, 3]);

  it("for each suit, unranking 0..N-1 lists every sequence where that suit completes first, each exactly once", () => {
    expect(all).toHaveLength(369_600); // 12! / (3!)^4
    for (let target = 0; target < 4; target++) {
      const valid = all.filter((s) => firstToComplete(s, 3) === target);
      const sampler = firstToCompleteSampler({ copies: [3, 3, 3, 3], need: 3, target });
      expect(sampler.total).toBe(valid.length);
      // By symmetry each suit completes first in a quarter of all orders.
      expect(sampler.total * 4).toBe(all.length);
      const seen = new Set<string>();
      let previous = "";
      let bad = 0;
      for (let rank = 0; rank < sampler.total; rank++) {
        const seq = sampler.unrank(rank);
        const key = seq.join("");
        // Valid, full length, and in strictly increasing lexicographic order (single digits), hence distinct.
        if (seq.length !== 12 || firstToComplete(seq, 3) !== target || key <= previous) bad++;
        previous = key;
        seen.add(key);
      }
      expect(bad).toBe(0);
      expect(seen.size).toBe(valid.length);
    }
  });

  it("a draw is one rng.int(N), unranked, and names suits", () => {
    const rng = new RecordingRng(new Xoshiro128(8));
    const seq = jackpotCardsSequence("hearts", rng);
    expect(rng.draws).toHaveLength(1);
    expect(rng.draws[0]?.[0]).toBe(92_400);
    expect(seq).toHaveLength(12);
    expect(
      firstToComplete(
        seq.map((s) => SUITS.indexOf(s)),
        3,
      ),
    ).toBe(SUITS.indexOf("hearts"));
    const sampler = firstToCompleteSampler({ copies: [3, 3, 3, 3], need: 3, target: 2 });
    expect(seq.map((s) => SUITS.indexOf(s))).toEqual(sampler.unrank(rng.draws[0]?.[1] as number));
  });

  it("refuses impossible problems and out-of-range ranks", () => {
    expect(() => firstToCompleteSampler({ copies: [2, 3], need: 3, target: 0 })).toThrow(/fewer cards/);
    expect(() => firstToCompleteSampler({ copies: [3, 3], need: 0, target: 0 })).toThrow(/need/);
    expect(() => firstToCompleteSampler({ copies: [3, 3], need: 3, target: 2 })).toThrow(/target/);
    const s = firstToCompleteSampler({ copies: [1, 1], need: 1, target: 1 });
    expect(s.total).toBe(1);
    expect(s.unrank(0)).toEqual([1, 0]);
    expect(() => s.unrank(1)).toThrow(/rank/);
  });
});

describe("first-to-complete sampler, any small deck", () => {
  it("property: N equals the brute-force count and unranking is a bijection onto the valid sequences", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (copies, need, pick) => {
          const candidates = copies.map((c, i) => (c >= need ? i : -1)).filter((i) => i >= 0);
          if (candidates.length === 0) return;
          const target = candidates[pick % candidates.length] as number;
          const valid = allArrangements(copies)
            .filter((s) => firstToComplete(s, need) === target)
            .map((s) => s.join(","));
          const sampler = firstToCompleteSampler({ copies, need, target });
          expect(sampler.total).toBe(valid.length);
          const unranked = Array.from({ length: sampler.total }, (_, r) => sampler.unrank(r).join(","));
          expect(new Set(unranked)).toEqual(new Set(valid));
          expect(unranked).toEqual([...unranked].sort());
        },
      ),
      { numRuns: 200 },
    );
  });
});
