import { describe, expect, it } from "vitest";
import { enumerateCycle, enumerateWindows } from "./cycle.js";
import { OutcomeHistogram } from "./histogram.js";
import { reelLaws } from "./reels.js";

describe("enumerateCycle", () => {
  it("visits every stop combination once, with the product of the stop weights", () => {
    const weights = [Float64Array.of(1, 2, 0, 3), Float64Array.of(5, 1), Float64Array.of(2, 2, 7)];
    const seen = new Map<string, number>();
    const stops = [0, 0, 0];
    const size = enumerateCycle(weights, {
      enter(reel, column) {
        stops[reel] = column;
      },
      visit(column, weight) {
        stops[2] = column;
        const key = stops.join(",");
        expect(seen.has(key)).toBe(false);
        seen.set(key, weight);
      },
    });
    // Brute force: every triple of stops with a non-zero weight.
    let total = 0;
    let count = 0;
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < 2; b++)
        for (let c = 0; c < 3; c++) {
          const w = (weights[0]?.[a] as number) * (weights[1]?.[b] as number) * (weights[2]?.[c] as number);
          if (w === 0) continue;
          count++;
          total += w;
          expect(seen.get(`${a},${b},${c}`)).toBe(w);
        }
    expect(size).toEqual({ combinations: count, totalWeight: total });
    expect(seen.size).toBe(count);
  });

  it("refuses zero reels and handles one reel", () => {
    expect(() => enumerateCycle([], { visit() {} })).toThrow(/no reels/);
    const got: number[] = [];
    expect(enumerateCycle([[1, 2, 3]], { visit: (c, w) => got.push(c * 10 + w) })).toEqual({ combinations: 3, totalWeight: 6 });
    expect(got).toEqual([1, 12, 23]);
  });
});

describe("enumerateWindows", () => {
  it("gives each window exactly as the strips show it, and an accumulator of its outcomes", () => {
    const strips = [
      [0, 1, 2],
      [2, 2, 0, 1],
      [1, 0],
    ];
    const laws = reelLaws(strips, 2, [undefined, [1, 1, 2, 1], undefined]);
    const hist = new OutcomeHistogram(2, 1);
    const size = enumerateWindows(laws, (window, weight) => {
      // Outcome: the sum of the window's symbols, classed by whether the top-left cell is 0.
      const sum = window.reduce((a, b) => a + b, 0);
      hist.add(window[0] === 0 ? 0 : 1, sum, weight);
    });
    expect(size.combinations).toBe(3 * 4 * 2);
    expect(size.totalWeight).toBe(3 * 5 * 2);
    // Brute force from the strips.
    const brute = new Float64Array(12);
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 4; b++)
        for (let c = 0; c < 2; c++) {
          let sum = 0;
          [a, b, c].forEach((stop, r) => {
            const s = strips[r] as number[];
            sum += (s[stop] as number) + (s[(stop + 1) % s.length] as number);
          });
          brute[sum] = (brute[sum] as number) + (b === 2 ? 2 : 1);
        }
    const merged = hist.merged();
    for (let v = 0; v < brute.length; v++) expect(merged[v] ?? 0).toBe(brute[v]);
    expect(hist.totalWeight()).toBe(30);
    expect(hist.totalWeight(0)).toBe(10);
  });
});
