/** Reel strips and windows: id mapping, one uniform draw per reel, wrapping windows. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reelLaw } from "../exact/reels.js";
import { RecordingRng, ReplayRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { countSymbol, drawStop, drawStops, fillWindow, reelSetFromIds, windowToIds } from "./strips.js";

const IDS = ["W", "S", "A", "B", "C"];
const STRIPS = [
  ["A", "B", "C", "W"],
  ["S", "A", "B", "C", "A", "B"],
  ["C", "C", "A"],
];

describe("reelSetFromIds", () => {
  it("maps symbol ids to their indices, reel by reel", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    expect(reels.strips.map((s) => [...s])).toEqual(STRIPS.map((strip) => strip.map((id) => IDS.indexOf(id))));
  });

  it("refuses an unknown symbol, naming the reel", () => {
    expect(() => reelSetFromIds([["A"], ["A", "X"]], IDS)).toThrow(/reel 2: unknown symbol X/);
  });
});

describe("drawStops", () => {
  it("draws exactly one stop per reel, in reel order, over each strip's length", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    const rng = new RecordingRng(new Xoshiro128(42));
    const stops = drawStops(reels, rng);
    expect(stops).toHaveLength(STRIPS.length);
    expect(rng.draws.map((d) => d[0])).toEqual(STRIPS.map((s) => s.length));
    expect(stops).toEqual(rng.draws.map((d) => d[1]));
  });

  it("reuses the output buffer and trims it to the number of reels", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    const out = [9, 9, 9, 9, 9, 9];
    const stops = drawStops(
      reels,
      new ReplayRng([
        [4, 3],
        [6, 5],
        [3, 0],
      ]),
      out,
    );
    expect(stops).toBe(out);
    expect(stops).toEqual([3, 5, 0]);
  });

  it("reaches every stop of every reel (uniform draws over the strip)", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    const rng = new Xoshiro128(7);
    const seen = STRIPS.map((s) => new Array<number>(s.length).fill(0));
    const draws = 6000;
    for (let i = 0; i < draws; i++) {
      drawStops(reels, rng).forEach((stop, reel) => {
        const counts = seen[reel] as number[];
        counts[stop] = (counts[stop] as number) + 1;
      });
    }
    seen.forEach((counts, reel) => {
      const expected = draws / (STRIPS[reel] as string[]).length;
      for (const c of counts) expect(Math.abs(c - expected)).toBeLessThan(expected * 0.15);
    });
  });
});

describe("weighted stops", () => {
  const weights = [[1, 2, 3, 4], null, [0, 5, 1]];
  const set = reelSetFromIds(STRIPS, IDS, weights);

  it("draws each stop of a weighted reel with probability weight / total, one draw per reel", () => {
    // Every value of the one draw on reel 1 (total 10) and reel 3 (total 6) maps to a stop:
    // the counts per stop are the weights, exactly.
    for (const [reel, w] of [
      [0, [1, 2, 3, 4]],
      [2, [0, 5, 1]],
    ] as const) {
      const total = (w as readonly number[]).reduce((a, b) => a + b, 0);
      const counts = new Array<number>(w.length).fill(0);
      for (let x = 0; x < total; x++) {
        const stop = drawStop(set, reel, new ReplayRng([[total, x]]));
        counts[stop] = (counts[stop] as number) + 1;
      }
      expect(counts).toEqual(w);
    }
  });

  it("matches the exact kit's reel law of the same stop weights", () => {
    const law = reelLaw(set.strips[0] as Uint8Array, 2, [1, 2, 3, 4]);
    expect([...law.weights]).toEqual([1, 2, 3, 4]);
    expect(law.total).toBe(set.weights?.[0]?.total);
  });

  it("keeps unweighted reels uniform and asks the rng once per reel", () => {
    const rng = new RecordingRng(new Xoshiro128(7));
    const stops = drawStops(set, rng);
    expect(stops).toHaveLength(3);
    expect(rng.draws.map((d) => d[0])).toEqual([10, 6, 6]);
    expect(stops[2]).not.toBe(0); // weight 0: never drawn
  });

  it("refuses weights that do not match the strip or are not integers", () => {
    expect(() => reelSetFromIds(STRIPS, IDS, [[1, 2]])).toThrow(/2 stop weights for 4 stops/);
    expect(() => reelSetFromIds(STRIPS, IDS, [[1, 2, 0.5, 1]])).toThrow(RangeError);
  });
});

describe("fillWindow", () => {
  it("shows rows stop..stop+rows-1 of each strip, wrapping past the end", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    const window = fillWindow(reels, [3, 4, 2], 3, new Uint8Array(9));
    expect(windowToIds(window, 3, 3, IDS)).toEqual([
      ["W", "A", "B"], // reel 1 from its last symbol, wrapping
      ["A", "B", "S"], // reel 2 wraps after two
      ["A", "C", "C"], // reel 3 wraps after one
    ]);
  });

  it("is column-major and matches strip[(stop + row) % length] for any stops and rows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: IDS.length - 1 }), { minLength: 1, maxLength: 40 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (strips, rows, rawStops) => {
          // Windows taller than a strip would repeat symbols; real strips are far longer than the window.
          const tall = strips.map((s) => (s.length >= rows ? s : [...s, ...s, ...s, ...s].slice(0, rows)));
          const reels = reelSetFromIds(
            tall.map((s) => s.map((i) => IDS[i] as string)),
            IDS,
          );
          const stops = tall.map((s, r) => (rawStops[r] as number) % s.length);
          const window = fillWindow(reels, stops, rows, new Uint8Array(tall.length * rows));
          tall.forEach((strip, reel) => {
            for (let row = 0; row < rows; row++) {
              expect(window[reel * rows + row]).toBe(strip[((stops[reel] as number) + row) % strip.length]);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("countSymbol", () => {
  it("counts a symbol anywhere in the window and reports [reel, row] positions", () => {
    const reels = reelSetFromIds(STRIPS, IDS);
    const window = fillWindow(reels, [0, 3, 0], 3, new Uint8Array(9)); // A B C | C A B | C C A
    const positions: [number, number][] = [];
    expect(countSymbol(window, IDS.indexOf("C"), 3, positions)).toBe(4);
    expect(positions).toEqual([
      [0, 2],
      [1, 0],
      [2, 0],
      [2, 1],
    ]);
    expect(countSymbol(window, IDS.indexOf("S"), 3)).toBe(0);
  });
});
