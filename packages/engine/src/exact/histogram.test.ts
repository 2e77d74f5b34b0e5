import { describe, expect, it } from "vitest";
import { bucketize, convolve, convolvePower, moments, OutcomeHistogram, WIN_BUCKET_EDGES } from "./histogram.js";

describe("OutcomeHistogram", () => {
  it("grows as values arrive and keeps each class apart", () => {
    const h = new OutcomeHistogram(3, 2);
    h.add(0, 0, 1);
    h.add(0, 5, 2);
    h.add(2, 1000, 0.5);
    h.add(0, 5, 1);
    expect([...h.weights(0)]).toEqual([1, 0, 0, 0, 0, 3]);
    expect(h.weights(1)).toHaveLength(0);
    expect(h.max(1)).toBe(-1);
    expect(h.max(2)).toBe(1000);
    expect(h.totalWeight()).toBe(4.5);
    const merged = h.merged();
    expect(merged).toHaveLength(1001);
    expect(merged[1000]).toBe(0.5);
  });
});

describe("moments", () => {
  it("weight, sum and sum of squares, scaled", () => {
    expect(moments([1, 0, 2], 0.5)).toEqual({ weight: 3, sum: 2, sumSquares: 2 });
  });
});

describe("bucketize", () => {
  it("compares integer units against edge x units per bet, edges in the upper bucket", () => {
    // 15 units per bet: 14 units is below 1x, 15 is 1x exactly.
    const law = new Float64Array(40);
    law[0] = 0.5;
    law[14] = 0.1;
    law[15] = 0.2;
    law[29] = 0.1;
    law[30] = 0.1;
    const b = bucketize(law, 15, [1, 2]);
    expect(b).toEqual([
      { from: 0, to: 0, probability: 0.5 },
      { from: 0, to: 1, probability: 0.1 },
      { from: 1, to: 2, probability: 0.2 + 0.1 },
      { from: 2, to: null, probability: 0.1 },
    ]);
    expect(WIN_BUCKET_EDGES).toHaveLength(10);
    expect(bucketize(law, 15, WIN_BUCKET_EDGES).reduce((a, x) => a + x.probability, 0)).toBeCloseTo(1, 15);
  });
});

describe("convolve", () => {
  it("is the law of a sum, truncated on request; powers repeat it", () => {
    expect([...convolve([0.5, 0.5], [0.25, 0, 0.75])]).toEqual([0.125, 0.125, 0.375, 0.375]);
    expect([...convolve([0.5, 0.5], [0.25, 0, 0.75], 2)]).toEqual([0.125, 0.125]);
    const two = convolvePower([0.5, 0.5], 2);
    expect([...two]).toEqual([0.25, 0.5, 0.25]);
    expect([...convolvePower([0.3, 0.7], 0)]).toEqual([1]);
  });
});
