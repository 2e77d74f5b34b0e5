/**
 * Weighted tables: one draw of the total weight, each entry drawn by exactly `weight` of the
 * `total` equally likely draws (checked over every draw), and the same choice as the linear
 * scan Mermaid's drawPickPrize makes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordingRng, ReplayRng } from "./recording.js";
import { drawWeighted, drawWeightedIndex, weightedIndexOf, weightedTable } from "./weighted.js";
import { Xoshiro128 } from "./xoshiro.js";

/** The linear scan of Mermaid's drawPickPrize: subtract weights until the draw falls inside one. */
function linearScan(weights: readonly number[], x: number): number {
  let rest = x;
  for (let i = 0; i < weights.length; i++) {
    if (rest < (weights[i] as number)) return i;
    rest -= weights[i] as number;
  }
  throw new Error("draw past the total");
}

describe("weightedTable", () => {
  it("draws with one rng.int(total) and returns the entry the draw falls in", () => {
    const table = weightedTable([
      { value: "small", weight: 5 },
      { value: "never", weight: 0 },
      { value: "big", weight: 2 },
    ]);
    expect(table.total).toBe(7);
    const rng = new RecordingRng(new Xoshiro128(1));
    drawWeighted(table, rng);
    expect(rng.draws.map((d) => d[0])).toEqual([7]);
    const values = [0, 1, 2, 3, 4, 5, 6].map((x) => drawWeighted(table, new ReplayRng([[7, x]])));
    expect(values).toEqual(["small", "small", "small", "small", "small", "big", "big"]);
  });

  it("refuses negative, fractional or empty weights and totals past one draw's range", () => {
    expect(() => weightedTable([{ value: 1, weight: -1 }])).toThrow(/weight 0/);
    expect(() => weightedTable([{ value: 1, weight: 1.5 }])).toThrow(/weight 0/);
    expect(() => weightedTable([{ value: 1, weight: 0 }])).toThrow(/total weight/);
    expect(() => weightedTable([])).toThrow(/total weight/);
    expect(() =>
      weightedTable([
        { value: 1, weight: 2 ** 32 },
        { value: 2, weight: 1 },
      ]),
    ).toThrow(/total weight/);
    expect(weightedTable([{ value: 1, weight: 2 ** 32 }]).total).toBe(2 ** 32);
    expect(() => weightedIndexOf(weightedTable([{ value: 1, weight: 3 }]), 3)).toThrow(/\[0, 3\)/);
  });

  it("property: every entry is drawn by exactly `weight` of the draws, and as the linear scan draws it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0)),
        (weights) => {
          const table = weightedTable(weights.map((weight, i) => ({ value: i, weight })));
          const hits = new Array<number>(weights.length).fill(0);
          for (let x = 0; x < table.total; x++) {
            const i = weightedIndexOf(table, x);
            expect(i).toBe(linearScan(weights, x));
            hits[i] = (hits[i] as number) + 1;
          }
          expect(hits).toEqual(weights);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("seeded draws follow the weights (a sanity check of the wiring, 99.9% band)", () => {
    const table = weightedTable([
      { value: 0, weight: 1 },
      { value: 1, weight: 3 },
    ]);
    const rng = new Xoshiro128(2026);
    const n = 40_000;
    let ones = 0;
    for (let i = 0; i < n; i++) ones += drawWeightedIndex(table, rng);
    expect(Math.abs(ones / n - 0.75)).toBeLessThan(3.3 * Math.sqrt((0.75 * 0.25) / n));
  });
});
