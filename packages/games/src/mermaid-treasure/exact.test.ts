import { mathsHash, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { modelJson } from "./describe.js";
import { fullSeriesCounts } from "./distribution.js";
import { computeExact, exactRtp, expectedFreeSpins } from "./exact.js";
import { BET_OPTIONS, FREE_SPINS, TARGET_RTP, TREASURE_BONUS } from "./model.js";
import { drawPickPrize, PAYTABLE } from "./round.js";
import { LINE_RULE, MODEL_CAP } from "./rtp.js";

/** The model's free-spin cap (these tests read it, so they hold if a retuning removes it). */
const CAP = MODEL_CAP ?? Number.POSITIVE_INFINITY;

describe("Mermaid Treasure exact maths", () => {
  const report = computeExact();
  const part = (k: string) => report.breakdown[k] ?? Number.NaN;
  const dist = (id: string) => report.distributions.find((d) => d.id === id);

  it("hits the sheet's 96.56% RTP within 0.01 points; the parts sum to it", () => {
    expect(report.schema).toBe("reelhouse.par/2");
    expect(Math.abs(report.rtp - TARGET_RTP)).toBeLessThan(0.0001);
    expect(part("baseLines") + part("baseScatter") + part("freeSpins") + part("bonus")).toBeCloseTo(report.rtp, 12);
  });

  it("the exact maths reads the round's own paytable", () => {
    expect(LINE_RULE.paytable.wild).toBe(PAYTABLE.wild);
    expect(LINE_RULE.paytable.substitutes).toEqual(PAYTABLE.substitutes);
    expect(LINE_RULE.paytable.pays.map((p) => [...p])).toEqual(PAYTABLE.pays.map((p) => [...p]));
  });

  it("the full cycle agrees with the per-line, per-reel maths", () => {
    expect(report.figures.fullCycle).toBe(37 * 35 * 35 * 30 * 32);
    expect(report.figures.fullCycleLineScatterRtp).toBeCloseTo(part("baseLines") + part("baseScatter"), 13);
    // The whole round's mean from the cycle's laws and the series moments equals the per-line RTP.
    expect(report.figures.roundMeanFromMoments).toBeCloseTo(report.rtp, 12);
  });

  it("the round law (FFT) agrees with the exact moments and the exact hit frequency", () => {
    const round = dist("round");
    expect(round).toBeDefined();
    expect(report.figures.roundMeanFromDistribution).toBeCloseTo(report.rtp, 9);
    const total = report.winDistribution.reduce((a, b) => a + b.probability, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(report.winDistribution[0]?.probability).toBeCloseTo(1 - report.hitFrequency, 12);
    expect(round?.truncatedMass).toBeLessThan(1e-20);
    // The paid spin alone: its "0" bucket is its own hit frequency, below the round's (bonus-only rounds pay).
    const spin = dist("paidSpinLineScatter");
    expect(spin?.buckets[0]?.probability).toBeCloseTo(1 - (spin?.hit ?? 0), 14);
    expect(spin?.hit).toBeLessThan(report.hitFrequency);
    const pays = report.hitFrequencies.find((h) => h.id === "paidSpinPaysOrTriggers");
    expect(pays?.probability).toBeCloseTo(report.hitFrequency, 14);
    // Standard deviation and volatility index.
    expect(report.stdev).toBeGreaterThan(spin?.stdev ?? 0);
    expect(report.volatilityIndex).toBeCloseTo(1.645 * report.stdev, 12);
    expect(report.bands[2]?.halfWidth).toBeCloseTo((2.576 * report.stdev) / 1000, 12);
  });

  it("every bet level returns the same RTP; the 2,500-coin ceiling never cuts a bonus", () => {
    expect(report.variants).toHaveLength(BET_OPTIONS.lines.length * BET_OPTIONS.coinsPerLine.length);
    for (const v of report.variants) expect(v.rtp).toBeCloseTo(report.rtp, 12);
    expect(report.figures.bonusCeilingBinds).toBe(0);
    expect(Math.max(...TREASURE_BONUS.prizes.map((p) => p.coins)) * 5 * 5).toBeLessThanOrEqual(TREASURE_BONUS.maxCoins);
  });

  it("combination contributions add up to the base line and scatter RTP; probabilities say what they are per", () => {
    const lines = report.combinations.filter((c) => c.kind === "line");
    expect(lines.every((c) => c.per === "line")).toBe(true);
    expect(lines.reduce((a, c) => a + c.rtp, 0)).toBeCloseTo(part("baseLines"), 12);
    const scatter = report.combinations.filter((c) => c.kind === "scatter");
    expect(scatter.every((c) => c.per === "paidSpin")).toBe(true);
    expect(scatter.reduce((a, c) => a + c.rtp, 0)).toBeCloseTo(part("baseScatter"), 12);
    expect(report.features.find((f) => f.id === "bonus")?.per).toBe("paidSpin");
    expect(report.features.find((f) => f.id === "bonusInRound")?.per).toBe("round");
  });

  it("free spins: 10 / (1 − 10q) without the cap; the cap's share of the RTP", () => {
    expect(expectedFreeSpins(0)).toBe(10);
    const q = 0.006;
    expect(expectedFreeSpins(q, null)).toBeCloseTo(10 / (1 - 10 * q), 12);
    expect(expectedFreeSpins(1, 100)).toBe(100);
    const { base, free, freeSpinValue } = exactRtp();
    // Computed directly from the spins the cap cuts; the difference of the two RTPs agrees to its own rounding.
    const effect = report.figures.freeSpinCapRtpEffect ?? Number.NaN;
    const difference = (report.figures.rtpWithoutFreeSpinCap ?? 0) - (report.figures.rtpWithFreeSpinCap ?? 0);
    expect(Math.abs(effect - difference)).toBeLessThan(1e-15);
    const spins = base.trigger * (expectedFreeSpins(free.trigger, null) - expectedFreeSpins(free.trigger)) * freeSpinValue;
    expect(Math.abs(effect - spins)).toBeLessThan(1e-15);
    if (MODEL_CAP !== null) expect(effect).toBeGreaterThan(1e-12);
    expect(computeExact({ fullCycle: false, cap: null }).rtp).toBeCloseTo(report.figures.rtpWithoutFreeSpinCap ?? 0, 15);
  });

  it("series lengths follow the hitting-time theorem below the cap; full series are counted exactly", () => {
    const fs = report.freeSpins;
    const q = fs?.retriggerProbability ?? 0;
    for (const row of fs?.lengthDistribution ?? []) {
      if (row.spins >= CAP) continue;
      const r = (row.spins - 10) / 10;
      let c = 1;
      for (let i = 1; i <= r; i++) c = (c * (row.spins - r + i)) / i;
      expect(row.probability).toBeCloseTo((10 / row.spins) * c * q ** r * (1 - q) ** (row.spins - r), 15);
    }
    const cap = MODEL_CAP;
    if (cap === null) return;
    // Σ_j (ways to play all `cap` spins with j retriggers) q^j (1 − q)^(cap − j) = P(a series reaches the cap).
    const counts = fullSeriesCounts(cap);
    const full = counts.reduce((a, c, j) => a + c * q ** j * (1 - q) ** (cap - j), 0);
    expect(full / (fs?.capReachedProbability ?? 1)).toBeCloseTo(1, 10);
    // Fewer retriggers than (cap − 10) / 10 cannot fill the cap.
    const need = Math.ceil((cap - FREE_SPINS.award) / FREE_SPINS.award);
    expect(counts[need]).toBeGreaterThan(0);
    expect(counts.slice(0, need).every((c) => c === 0)).toBe(true);
  });

  it("the maximum win is every spin at its class maximum, the fewest retriggers that reach the cap", () => {
    const f = report.figures;
    if (MODEL_CAP === null) {
      expect(report.maxWin.x).toBeNull();
      return;
    }
    const cap = MODEL_CAP;
    const need = Math.ceil((cap - FREE_SPINS.award) / FREE_SPINS.award);
    const best = Math.max(
      ...Array.from({ length: cap - need + 1 }, (_, i) => {
        const j = need + i;
        return j * (f.maxWinFreeSpinRetriggering ?? 0) + (cap - j) * (f.maxWinFreeSpin ?? 0);
      }),
    );
    expect(report.maxWin.x).toBeCloseTo((f.maxWinPaidSpinTriggering ?? 0) + best, 9);
    // A plain free spin's best is the paid spin's best line win tripled (no scatter, no bonus there).
    expect(f.maxWinFreeSpin).toBeCloseTo(FREE_SPINS.lineWinMultiplier * (f.maxWinPaidSpin ?? 0), 9);
    expect(report.maxWin.log10Probability).toBeLessThan(-300);
    expect(report.rareAwards.some((a) => a.award.startsWith("maximum win"))).toBe(true);
  });

  it("names its maths by the SHA-256 of the model", () => {
    expect(report.mathsHash).toBe(mathsHash(modelJson()));
    expect(report.mathsHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the mean pick prize used by the exact maths matches the prize draw", () => {
    const rng = new Xoshiro128(7);
    let sum = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) sum += drawPickPrize(rng);
    const sd = 25; // generous bound on the prize standard deviation
    expect(Math.abs(sum / n - exactRtp().meanPrize)).toBeLessThan((3 * sd) / Math.sqrt(n));
  });
});
