import { Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { computeExact, exactRtp, expectedFreeSpins } from "./exact.js";
import { TARGET_RTP, TREASURE_BONUS } from "./model.js";
import { drawPickPrize } from "./round.js";

describe("Mermaid Treasure exact maths", () => {
  const report = computeExact();

  it("hits the sheet's 96.56% RTP within 0.01 points", () => {
    expect(Math.abs(report.rtp - TARGET_RTP)).toBeLessThan(0.0001);
  });

  it("breakdown parts sum to the RTP", () => {
    const b = report.breakdown;
    expect(b.baseLines + b.baseScatter + b.freeSpins + b.bonus).toBeCloseTo(report.rtp, 12);
  });

  it("full-cycle enumeration agrees with the symbol-tuple enumeration", () => {
    expect(report.figures.fullCycleLineScatterRtp).toBeCloseTo(report.breakdown.baseLines + report.breakdown.baseScatter, 10);
    expect(report.figures.fullCycle).toBeGreaterThan(1_000_000);
    expect(report.hitFrequency).toBeGreaterThan(0.2);
    expect(report.hitFrequency).toBeLessThan(0.6);
    const total = report.winDistribution.reduce((a, b) => a + b.probability, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it("the RTP is the same at every number of lines", () => {
    for (const row of report.rtpBy?.rows ?? []) expect(row.rtp).toBeCloseTo(report.rtp, 12);
    expect(report.rtpBy?.rows).toHaveLength(15);
  });

  it("combination contributions add up to the base line and scatter RTP", () => {
    const lines = report.combinations.filter((c) => c.kind === "line").reduce((a, c) => a + c.rtp, 0);
    const scatter = report.combinations.filter((c) => c.kind === "scatter").reduce((a, c) => a + c.rtp, 0);
    expect(lines).toBeCloseTo(report.breakdown.baseLines, 12);
    expect(scatter).toBeCloseTo(report.breakdown.baseScatter, 12);
  });

  it("expected free spins follow the retrigger chain (10 / (1 - 10q) without the cap)", () => {
    expect(expectedFreeSpins(0)).toBe(10);
    const q = 0.006;
    expect(expectedFreeSpins(q)).toBeCloseTo(10 / (1 - 10 * q), 6);
    // With certain retriggers the cap of 100 spins binds.
    expect(expectedFreeSpins(1)).toBe(100);
  });

  it("the mean pick prize used by the exact maths matches the prize draw", () => {
    const rng = new Xoshiro128(7);
    let sum = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) sum += drawPickPrize(rng);
    const mean = exactRtp().meanPrize;
    const sd = 25; // generous bound on the prize standard deviation
    expect(Math.abs(sum / n - mean)).toBeLessThan((3 * sd) / Math.sqrt(n));
    expect(Math.max(...TREASURE_BONUS.prizes.map((p) => p.coins)) * 5 * 5).toBeLessThanOrEqual(TREASURE_BONUS.maxCoins);
  });
});
