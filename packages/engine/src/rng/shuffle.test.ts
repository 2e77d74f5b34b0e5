/** Fisher–Yates: every draw sequence gives a different order, so all n! orders are exactly equally likely. */
import { describe, expect, it } from "vitest";
import { type Draw, RecordingRng, ReplayRng } from "./recording.js";
import { shuffled, shuffleInPlace } from "./shuffle.js";
import { Xoshiro128 } from "./xoshiro.js";

/** Every sequence of draws int(n), int(n-1), …, int(2): n! of them. */
function allDrawSequences(n: number): Draw[][] {
  let sequences: Draw[][] = [[]];
  for (let range = n; range >= 2; range--) {
    sequences = sequences.flatMap((s) => Array.from({ length: range }, (_, v): Draw[] => [...s, [range, v]]));
  }
  return sequences;
}

describe("shuffle", () => {
  it("draws int(n), int(n-1), …, int(2) and keeps the items", () => {
    const rng = new RecordingRng(new Xoshiro128(4));
    const out = shuffled(["a", "b", "c", "d", "e"], rng);
    expect(rng.draws.map((d) => d[0])).toEqual([5, 4, 3, 2]);
    expect([...out].sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("is exactly uniform: the n! draw sequences give the n! orders, each once (n = 1..7)", () => {
    for (let n = 1; n <= 7; n++) {
      const items = Array.from({ length: n }, (_, i) => i);
      const orders = new Set<string>();
      for (const draws of allDrawSequences(n)) {
        const rng = new ReplayRng(draws);
        orders.add(shuffleInPlace([...items], rng).join(","));
        expect(rng.exhausted).toBe(true);
      }
      const factorial = items.reduce((a, i) => a * (i + 1), 1);
      expect(orders.size).toBe(factorial);
    }
  });

  it("shuffled leaves its input untouched; shuffleInPlace returns the same array", () => {
    const input = Object.freeze([1, 2, 3, 4]);
    expect(shuffled(input, new Xoshiro128(9))).toHaveLength(4);
    const array = [1, 2, 3];
    expect(shuffleInPlace(array, new Xoshiro128(9))).toBe(array);
  });
});
