import { describe, expect, it } from "vitest";
import { computeExact } from "./exact.js";
import { RECORDED } from "./recorded.js";

/** |a − b| <= 1e-12, with a message naming the figure. */
function same(name: string, actual: number | undefined, recorded: number): void {
  expect(Math.abs((actual ?? Number.NaN) - recorded), `${name}: ${actual} vs recorded ${recorded}`).toBeLessThanOrEqual(1e-12);
}

describe("Mermaid Treasure exact maths: identical to the figures recorded before the port", () => {
  const report = computeExact();

  it("RTP, breakdown and hit frequency", () => {
    same("rtp", report.rtp, RECORDED.rtp);
    for (const [k, v] of Object.entries(RECORDED.breakdown)) same(k, report.breakdown[k], v);
    same("hitFrequency", report.hitFrequency, RECORDED.hitFrequency);
  });

  it("figures and the base-spin distribution", () => {
    for (const [k, v] of Object.entries(RECORDED.figures)) same(k, report.figures[k], v);
    RECORDED.baseSpinBuckets.forEach((p, i) => {
      same(`bucket ${i}`, report.winDistribution[i]?.probability, p);
    });
  });

  it("RTP at every line count and every paying combination", () => {
    RECORDED.rtpByLines.forEach((rtp, i) => {
      same(`${i + 1} lines`, report.rtpBy?.rows[i]?.rtp, rtp);
    });
    expect(report.combinations).toHaveLength(RECORDED.combinations.length);
    for (const [kind, symbol, count, pay, probability] of RECORDED.combinations) {
      const c = report.combinations.find((x) => x.kind === kind && x.symbol === symbol && x.count === count);
      same(`${kind} ${symbol} x${count} pay`, c?.pay, pay);
      same(`${kind} ${symbol} x${count} probability`, c?.probability, probability);
    }
  });
});
