/** Holds and advances (Gnomos Mix): held reels draw nothing, advances move one figure, reachable sets are complete. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordingRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { GameInputError } from "../round.js";
import { advanceReel, advanceStop, reachableByAdvances, reachableWindows, spinWithHolds, validateHolds } from "./holds.js";
import { fillWindow, type ReelSet } from "./strips.js";

/** Three reels of 16 figures (0..15 in order), as Gnomos' lower game. */
const SIXTEEN: ReelSet = { strips: [0, 1, 2].map(() => Uint8Array.from({ length: 16 }, (_, i) => i)) };

describe("validateHolds", () => {
  it("accepts up to the maximum and refuses more, or a wrong shape, as a player input error", () => {
    expect(() => validateHolds([true, true, false], 3, 2)).not.toThrow();
    expect(() => validateHolds([false, false, false], 3, 2)).not.toThrow();
    expect(() => validateHolds([true, true, true], 3, 2)).toThrow(GameInputError);
    expect(() => validateHolds([true, true, true], 3, 2)).toThrow(/at most 2 reels/);
    expect(() => validateHolds([true], 3, 2)).toThrow(/3 booleans/);
  });
});

describe("spinWithHolds", () => {
  it("draws only the reels not held, in reel order; held reels keep their stops", () => {
    const rng = new RecordingRng(new Xoshiro128(3));
    const next = spinWithHolds(SIXTEEN, [4, 9, 13], [true, false, true], rng);
    expect(rng.draws).toEqual([[16, next[1]]]);
    expect([next[0], next[2]]).toEqual([4, 13]);
    const all = new RecordingRng(new Xoshiro128(3));
    spinWithHolds(SIXTEEN, [4, 9, 13], [false, false, false], all);
    expect(all.draws.map((d) => d[0])).toEqual([16, 16, 16]);
    expect(() => spinWithHolds(SIXTEEN, [1, 2], [false, false, false], all)).toThrow(/one entry per reel/);
  });
});

describe("advances", () => {
  it("one advance brings the figure just above the line onto it, wrapping round the strip", () => {
    // Centre row (row 1) shows strip[stop + 1]; after an advance it shows what row 0 showed.
    const before = fillWindow(SIXTEEN, [5, 5, 5], 3, new Uint8Array(9));
    const stops = advanceReel(SIXTEEN, [5, 5, 5], 1, 1);
    const after = fillWindow(SIXTEEN, stops, 3, new Uint8Array(9));
    expect(after[3 + 1]).toBe(before[3 + 0]);
    expect(stops).toEqual([5, 4, 5]);
    expect(advanceStop(0, 16, 1)).toBe(15);
    expect(advanceStop(3, 16, 20)).toBe(15);
    expect(advanceStop(15, 16, -1)).toBe(0);
    expect(() => advanceReel(SIXTEEN, [0, 0, 0], 3, 1)).toThrow(/does not exist/);
  });

  it("reachableByAdvances lists every distribution of up to n advances once, fewest first", () => {
    const reach = reachableByAdvances(SIXTEEN, [0, 0, 0], 2);
    // C(2 + 3, 3) = 10 distributions of at most 2 advances over 3 reels.
    expect(reach).toHaveLength(10);
    expect(reach[0]).toEqual({ advances: [0, 0, 0], stops: [0, 0, 0] });
    expect(reach.slice(1, 4).map((r) => r.advances)).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(reach.at(-1)).toEqual({ advances: [0, 0, 2], stops: [0, 0, 14] });
    const exactly = reachableByAdvances(SIXTEEN, [0, 0, 0], 4, { exactly: true, eligible: [0, 2] });
    expect(exactly.map((r) => r.advances)).toEqual([
      [4, 0, 0],
      [3, 0, 1],
      [2, 0, 2],
      [1, 0, 3],
      [0, 0, 4],
    ]);
    expect(() => reachableByAdvances(SIXTEEN, [0, 0, 0], -1)).toThrow(/non-negative/);
    // With windows: the centre line of each reachable position, ready to score.
    const windows = reachableWindows(SIXTEEN, [0, 0, 0], 1, 3);
    expect(windows.map((w) => [w.window[1], w.window[4], w.window[7]])).toEqual([
      [1, 1, 1],
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 0],
    ]);
  });

  it("property: the reachable set is exactly the brute-force set of advanced positions, each with its fewest advances", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 5 }),
        fc.nat(),
        (lengths, n, seed) => {
          const reels: ReelSet = { strips: lengths.map((len) => new Uint8Array(len)) };
          const rng = new Xoshiro128(seed);
          const stops = lengths.map((len) => rng.int(len));
          // Brute force: every per-reel count vector with sum <= n; the fewest total per distinct stops.
          const best = new Map<string, number>();
          const walk = (r: number, left: number, at: number[], used: number): void => {
            if (r === lengths.length) {
              const key = at.join(",");
              best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, used));
              return;
            }
            for (let k = 0; k <= left; k++)
              walk(r + 1, left - k, [...at, advanceStop(stops[r] as number, lengths[r] as number, k)], used + k);
          };
          walk(0, n, [], 0);
          const reach = reachableByAdvances(reels, stops, n);
          expect(new Set(reach.map((p) => p.stops.join(",")))).toEqual(new Set(best.keys()));
          expect(reach).toHaveLength(best.size);
          for (const p of reach) {
            const used = p.advances.reduce((a, b) => a + b, 0);
            expect(used).toBe(best.get(p.stops.join(",")));
            expect(p.stops).toEqual(p.advances.reduce<number[]>((s, k, r) => advanceReel(reels, s, r, k), [...stops]));
          }
          // Listed in order of total advances.
          const totals = reach.map((p) => p.advances.reduce((a, b) => a + b, 0));
          expect(totals).toEqual([...totals].sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });
});
