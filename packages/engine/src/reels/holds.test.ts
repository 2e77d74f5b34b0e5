/** Holds and advances (Gnomos Mix): held reels draw nothing, advances move one figure, reachable sets are complete. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reelLaw } from "../exact/reels.js";
import { ForcedRng, RecordingRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { GameInputError } from "../round.js";
import {
  advanceLaws,
  advanceReel,
  advanceStop,
  holdRespinLaws,
  holdRespinOutcomes,
  reachableByAdvances,
  reachableWindows,
  reelStopLaw,
  spinWithHolds,
  validateHolds,
} from "./holds.js";
import { fillWindow, type ReelSet, reelSetFromIds } from "./strips.js";

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

/** Three reels of 4, 5 and 3 figures: two weighted (a zero-weight stop on the second), one uniform. */
const WEIGHTED = reelSetFromIds(
  [
    ["A", "B", "C", "D"],
    ["A", "A", "B", "C", "D"],
    ["D", "C", "B"],
  ],
  ["A", "B", "C", "D"],
  [[1, 2, 3, 4], [5, 0, 1, 1, 3], null],
);

describe("weighted holds", () => {
  it("a spinning reel draws one rng.int(total weight); every draw value maps to its stop with the stop's weight as multiplicity", () => {
    const rec = new RecordingRng(new Xoshiro128(1));
    spinWithHolds(WEIGHTED, [0, 0, 0], [true, false, false], rec);
    expect(rec.draws.map((d) => d[0])).toEqual([10, 3]);
    for (const reel of [0, 1, 2]) {
      const held = [true, true, true];
      held[reel] = false;
      const total = WEIGHTED.weights?.[reel]?.total ?? (WEIGHTED.strips[reel] as Uint8Array).length;
      const counts = new Array<number>((WEIGHTED.strips[reel] as Uint8Array).length).fill(0);
      for (let x = 0; x < total; x++) {
        const next = spinWithHolds(WEIGHTED, [3, 4, 2], held, new ForcedRng([x], new Xoshiro128(0)));
        counts[next[reel] as number] = (counts[next[reel] as number] as number) + 1;
        next.forEach((s, r) => {
          if (r !== reel) expect(s).toBe([3, 4, 2][r]);
        });
      }
      // The exact kit counts the same: outcome weights per stop, the law's stop weights.
      const exact = holdRespinOutcomes(WEIGHTED, [3, 4, 2], held);
      expect(exact.total).toBe(total);
      const byStop = new Array<number>(counts.length).fill(0);
      for (const o of exact.outcomes) byStop[o.stops[reel] as number] = (byStop[o.stops[reel] as number] as number) + o.weight;
      expect(byStop).toEqual(counts);
      expect(Array.from(holdRespinLaws(WEIGHTED, [3, 4, 2], held, 3)[reel]?.weights ?? [])).toEqual(counts);
    }
  });

  it("property: held reels never move and draw nothing; the outcomes cover exactly the stops draws can reach", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.nat(), (held, seed) => {
        const rng = new Xoshiro128(seed);
        const stops = [rng.int(4), rng.int(5), rng.int(3)];
        const rec = new RecordingRng(new Xoshiro128(seed + 1));
        const next = spinWithHolds(WEIGHTED, stops, held, rec);
        expect(rec.draws).toHaveLength(held.filter((h) => !h).length);
        held.forEach((h, r) => {
          if (h) expect(next[r]).toBe(stops[r]);
        });
        const { total, outcomes } = holdRespinOutcomes(WEIGHTED, stops, held);
        expect(outcomes.reduce((s, o) => s + o.weight, 0)).toBe(total);
        expect(outcomes.some((o) => o.stops.join() === next.join())).toBe(true);
        for (const o of outcomes) {
          held.forEach((h, r) => {
            if (h) expect(o.stops[r]).toBe(stops[r]);
          });
        }
        // A zero-weight stop (second reel, stop 1) is never an outcome of a spin of that reel.
        if (!held[1]) expect(outcomes.some((o) => o.stops[1] === 1)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("holdRespinLaws: held reels are point masses on their column, spinning reels their weighted reelLaw", () => {
    const laws = holdRespinLaws(WEIGHTED, [2, 4, 1], [false, true, false], 3);
    expect(laws[0]).toEqual(reelLaw(WEIGHTED.strips[0] as Uint8Array, 3, [1, 2, 3, 4]));
    expect(laws[1]).toEqual({ rows: 3, cells: Uint8Array.of(3, 0, 0), weights: Float64Array.of(1), total: 1 });
    expect(laws[2]).toEqual(reelLaw(WEIGHTED.strips[2] as Uint8Array, 3));
    expect(() => reelStopLaw(WEIGHTED, 0, 3, 4)).toThrow(/no stop 4/);
    expect(() => holdRespinLaws(WEIGHTED, [0, 0], [false, false, false], 3)).toThrow(/one entry per reel/);
  });
});

describe("advances in either direction", () => {
  it("an advance of k steps is k advances of one step, both ways; +1 moves the stop up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        fc.integer({ min: -40, max: 40 }),
        fc.constantFrom(-1 as const, 1 as const),
        (len, s0, k, dir) => {
          const stop = s0 % len;
          let one = stop;
          for (let i = 0; i < Math.abs(k); i++) one = advanceStop(one, len, Math.sign(k), dir);
          expect(advanceStop(stop, len, k, dir)).toBe(one);
          expect(advanceStop(stop, len, k, dir)).toBe((((stop + dir * k) % len) + len) % len);
          expect(advanceStop(advanceStop(stop, len, k, dir), len, k, dir === 1 ? -1 : 1)).toBe(stop);
        },
      ),
      { numRuns: 300 },
    );
    expect(advanceStop(15, 16, 1, 1)).toBe(0);
    expect(advanceReel(SIXTEEN, [5, 5, 5], 0, 3, 1)).toEqual([8, 5, 5]);
    expect(reachableByAdvances(SIXTEEN, [0, 0, 0], 1, { direction: 1 }).map((p) => p.stops)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
  });

  it("advanceLaws: the window after an advance as point masses, equal to the window of the advanced stops", () => {
    const laws = advanceLaws(SIXTEEN, [5, 0, 9], 1, 2, 3);
    expect(laws.map((l) => l.total)).toEqual([1, 1, 1]);
    const window = fillWindow(SIXTEEN, [5, 14, 9], 3, new Uint8Array(9));
    expect(laws.flatMap((l) => Array.from(l.cells))).toEqual(Array.from(window));
    const up = advanceLaws(SIXTEEN, [5, 15, 9], 1, 2, 3, 1);
    expect(Array.from(up[1]?.cells ?? [])).toEqual([1, 2, 3]);
  });
});
