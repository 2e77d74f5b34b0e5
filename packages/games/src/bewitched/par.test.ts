import { mathsHash, type ParReport, type ParVariant } from "@reelhouse/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { modelJson } from "./describe.js";
import { REPORT_CAP } from "./distribution.js";
import { BET_OPTIONS, MERLIN, PROGRESSIVE, TARGET_RTP } from "./model.js";
import { buildPar } from "./par.js";
import { merlinTable, rtpAt } from "./rtp.js";

const fig = (v: ParVariant, key: string): number => {
  const x = v.figures?.[key];
  if (x === undefined) throw new Error(`variant ${JSON.stringify(v.bet)} has no figure ${key}`);
  return x;
};
const betOf = (v: ParVariant) => v.bet as { lines: number; coinsPerLine: number };

describe("Bewitched's PAR sheet without the full cycle (what the simulator asks for)", () => {
  const par = buildPar({ fullCycle: false });

  it("lists every one of the 150 bets, each at 94.60% at seed and 95.10% long run (±0.01 points), its parts summing to it", () => {
    expect(par.variants).toHaveLength(BET_OPTIONS.lines.length * BET_OPTIONS.coinsPerLine.length);
    const seen = new Set(par.variants.map((v) => `${betOf(v).lines}x${betOf(v).coinsPerLine}`));
    expect(seen.size).toBe(150);
    for (const v of par.variants) {
      expect(Math.abs(v.rtp - TARGET_RTP.atSeed)).toBeLessThan(1e-4);
      expect(Math.abs(fig(v, "rtpLongRun") - TARGET_RTP.longRun)).toBeLessThan(1e-4);
      const parts = Object.values(v.breakdown).reduce((a, b) => a + b, 0);
      expect(parts).toBeCloseTo(v.rtp, 14);
      expect(v.rtp).toBe(rtpAt(betOf(v)).rtp);
    }
  });

  it("gives the headline at full bet, with the seed-below-15x disclosure, and Merlin's table at every bet", () => {
    expect(par.defaultBet).toMatchObject({ lines: 15, coinsPerLine: 10 });
    expect(par.rtp).toBe(rtpAt({ lines: 15, coinsPerLine: 10 }).rtp);
    expect(par.rtpLongRun).toBeCloseTo(par.rtp + PROGRESSIVE.rateBps / 10_000, 15);
    expect(par.figures.jackpotSeedTimesFullBet).toBeCloseTo(2000 / 150, 12);
    expect(par.figures.jackpotSeedTimesFullBet).toBeLessThan(par.figures.merlinCashMinimumTimesBet ?? 0);
    expect(par.notes.join(" ")).toMatch(/13\.33 x bet\) is below the 15x cash minimum: disclosed/);
    for (const v of par.variants) {
      const coins = betOf(v).lines * betOf(v).coinsPerLine;
      expect(fig(v, "totalBetCoins")).toBe(coins);
      expect(fig(v, "merlinJackpot")).toBe(MERLIN.jackpotWeightPerCoin * coins);
      expect(fig(v, "merlinCash15x")).toBe(412_073 - 200 * coins);
      expect(fig(v, "merlinCash300x")).toBe(500 + 10 * coins);
      const total = merlinTable(coins).reduce((a, o) => a + o.weight, 0);
      expect(total).toBe(MERLIN.totalWeight);
    }
    const table = par.tables.find((t) => t.id === "merlinByBet");
    expect(table?.rows.map((r) => r[0])).toEqual(
      [...new Set(par.variants.map((v) => fig(v, "totalBetCoins")))].sort((a, b) => a - b),
    );
  });

  it("ties the sheet to the model by its hash, and splits the RTP as the round's winBy does", () => {
    expect(par.mathsHash).toBe(mathsHash(modelJson()));
    expect(Object.keys(par.breakdown).sort()).toEqual(["baseLines", "baseScatter", "freeSpins", "jackpot", "merlin"]);
    const r = rtpAt({ lines: 15, coinsPerLine: 10 });
    const b = par.breakdown as Record<string, number>;
    expect((b.merlin ?? 0) + (b.jackpot ?? 0) + (b.freeSpins ?? 0)).toBeCloseTo(
      r.breakdown.baseMerlinCash + r.breakdown.baseJackpot + r.breakdown.freeSpins,
      14,
    );
  });
});

describe("Bewitched's PAR sheet with the full cycle", () => {
  let par: ParReport;
  beforeAll(() => {
    par = buildPar();
  }, 300_000);

  it("gives every bet its hit frequency, volatility, jackpot odds and maximum wins, consistent across bets", () => {
    for (const v of par.variants) {
      const { lines, coinsPerLine } = betOf(v);
      expect(fig(v, "roundMeanFromMoments")).toBeCloseTo(v.rtp, 13);
      expect(fig(v, "hitFrequency")).toBeGreaterThan(0);
      expect(fig(v, "hitFrequency")).toBeLessThan(fig(v, "hitPaidSpinPaysOrTriggers") + 1e-15);
      expect(fig(v, "hitPaidSpinLineWin")).toBeLessThan(fig(v, "hitPaidSpinPays"));
      expect(fig(v, "volatilityIndex")).toBeCloseTo(1.645 * fig(v, "stdev"), 12);
      // The jackpot: P(at least one) just below the expected number of wins, both growing with the stake.
      expect(fig(v, "jackpotProbabilityPerRound")).toBeLessThan(fig(v, "jackpotsPerRound"));
      expect(fig(v, "jackpotProbabilityPerRound")).toBeGreaterThan(fig(v, "jackpotsPerRound") * 0.999);
      expect(fig(v, "maxWinCappedX")).toBeGreaterThan(fig(v, "maxWinPaidSpinX"));
      expect(fig(v, "maxWinFreeSpinCap")).toBe(REPORT_CAP);
      // The hit frequency depends on the lines only (Merlin's free-spin weights never move).
      const same = par.variants.find((w) => betOf(w).lines === lines && betOf(w).coinsPerLine === 1) as ParVariant;
      expect(fig(v, "hitFrequency")).toBeCloseTo(fig(same, "hitFrequency"), 14);
      if (coinsPerLine > 1) {
        const fewer = par.variants.find(
          (w) => betOf(w).lines === lines && betOf(w).coinsPerLine === coinsPerLine - 1,
        ) as ParVariant;
        expect(fig(v, "jackpotOneInRounds")).toBeLessThan(fig(fewer, "jackpotOneInRounds"));
      }
    }
    const oneByOne = par.variants[0] as ParVariant;
    const full = par.variants.find((v) => betOf(v).lines === 15 && betOf(v).coinsPerLine === 10) as ParVariant;
    expect(betOf(oneByOne)).toEqual({ lines: 1, coinsPerLine: 1 });
    expect(fig(full, "jackpotOneInRounds")).toBeCloseTo(1 / (par.figures.jackpotProbabilityPerRound ?? 0), 6);
    expect(fig(oneByOne, "jackpotOneInRounds")).toBeGreaterThan(1e6);
    expect(fig(oneByOne, "stdev")).toBe(par.figures.stdevMax);
    expect(fig(full, "stdev")).toBe(par.stdev);
    expect(par.tables.find((t) => t.id === "byBet")?.rows).toHaveLength(150);
  });

  it("agrees with itself two ways: moments vs the FFT law (mean, hit), the cycle's line RTP vs the per-line laws", () => {
    expect(par.figures.roundMeanFromDistribution).toBeCloseTo(par.rtp, 11);
    expect(par.hitFrequency).toBeCloseTo(1 - (par.winDistribution[0]?.probability ?? 0), 13);
    expect(par.figures.hitFrequencyFromDistribution).toBeCloseTo(par.hitFrequency, 13);
    expect(par.figures.fullCycleLineRtp).toBeCloseTo(par.breakdown.baseLines, 14);
    expect(par.figures.fullCycle).toBe(37 * 37 * 36 * 37 * 37);
    const round = par.distributions.find((d) => d.id === "round");
    expect(round?.buckets.reduce((a, b) => a + b.probability, 0)).toBeCloseTo(1, 12);
    expect(round?.truncatedMass).toBeLessThan(1e-20);
    // The paid spin's own law: its mean is the paid spin's line and battle RTP.
    const spin = par.distributions.find((d) => d.id === "paidSpinLineBattle");
    expect(spin?.mean).toBeCloseTo(par.breakdown.baseLines + par.breakdown.baseScatter, 13);
    expect(spin?.hit).toBeCloseTo(par.hitFrequencies.find((h) => h.id === "paidSpinPays")?.probability ?? 0, 14);
  });

  it("states the maximum win as unbounded, with the capped figures and the free spins' series", () => {
    expect(par.maxWin.x).toBeNull();
    expect(par.maxWin.description).toMatch(/unbounded/);
    expect(par.figures.pFreeSpinsAboveReportCap).toBeLessThan(1e-10);
    expect(par.figures.pFreeSpinsAboveReportCap).toBeGreaterThan(0);
    const fs = par.freeSpins;
    expect(fs?.cap).toBeNull();
    expect(fs?.triggerProbability).toBeCloseTo(par.features.find((f) => f.id === "freeSpinsInRound")?.probability ?? 0, 15);
    // Spins per series x P(series) = free spins per round (rtp.ts, by linearity).
    expect((fs?.expectedSpins ?? 0) * (fs?.triggerProbability ?? 0)).toBeCloseTo(par.figures.freeSpinsPerRound ?? 0, 14);
    const lengths = (fs?.lengthDistribution ?? []).reduce((a, r) => a + r.probability, 0);
    expect(lengths + (fs?.truncatedMass ?? 0)).toBeCloseTo(1, 12);
  });
});
