/**
 * Mona Lisa Jewels' exact maths and PAR sheet: the targets, the row-symmetry proof at every
 * line count, and independent computations that must agree — the full cycle against the
 * per-line maths, the zero-win walk against the full cycle, the moments against the RTP,
 * and a lab's recomputation of the base game's line and scatter RTP from the model JSON alone.
 */
import { mathsHash, reelLaws } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { modelJson } from "./describe.js";
import { computeExact } from "./exact.js";
import { BET_OPTIONS, REEL_STRIPS_BASE, REEL_STRIPS_JEWEL, ROWS, TARGET_RTP } from "./model.js";
import { symmetryRows } from "./par-parts.js";
import { kindTrajectories, readWorld } from "./round-moments.js";
import { gameMaths, MODEL_MATHS, rtpByLines, stripIndices } from "./rtp.js";
import { worldMoments } from "./spin-moments.js";
import { LINE_RULE } from "./tables.js";

describe("Mona Lisa Jewels exact maths", () => {
  const report = computeExact();
  const f = (k: string) => report.figures[k] ?? Number.NaN;
  const parts = (b: Record<string, number>) => Object.values(b).reduce((a, x) => a + x, 0);

  it("hits 94.30% below max bet and 94.60% at max bet (progressive at seed), each within 0.01 points; parts sum to the RTP", () => {
    expect(report.schema).toBe("reelhouse.par/2");
    expect(Math.abs(report.rtp - TARGET_RTP.belowMaxBet)).toBeLessThan(0.0001);
    expect(Math.abs(f("rtpMaxBet") - TARGET_RTP.maxBet)).toBeLessThan(0.0001);
    expect(parts(report.breakdown)).toBeCloseTo(report.rtp, 14);
    for (const v of report.variants) expect(parts(v.breakdown)).toBeCloseTo(v.rtp, 14);
    expect(report.variants.filter((v) => v.figures?.maxBet === 1).map((v) => v.bet)).toEqual([{ lines: 25, coinsPerLine: 10 }]);
    expect(report.variants).toHaveLength(BET_OPTIONS.lines.length * BET_OPTIONS.coinsPerLine.length);
  });

  it("row symmetry: every line count returns the same RTP, because reel 1 shows each trigger column equally at every row", () => {
    const byLines = rtpByLines(gameMaths());
    expect(byLines).toHaveLength(25);
    for (const r of byLines) expect(r).toBeCloseTo(report.rtp, 13);
    const g = gameMaths();
    for (const reels of [g.base.reels, g.free.reels]) {
      for (const { rows } of symmetryRows(reels[0] as NonNullable<(typeof reels)[0]>)) {
        expect(rows[1]).toBe(rows[0]);
        expect(rows[2]).toBe(rows[0]);
      }
    }
    // The test has teeth: break the symmetry (the lone TEN of "JEWEL TEN JEWEL" becomes a K) and line counts differ.
    const reel1 = [...(REEL_STRIPS_BASE[0] as string[])];
    const i = reel1.findIndex((s, k) => s === "TEN" && reel1[k - 1] === "JEWEL" && reel1[k + 1] === "JEWEL");
    reel1[i] = "K";
    const broken = rtpByLines(gameMaths({ ...MODEL_MATHS, base: [reel1, ...REEL_STRIPS_BASE.slice(1)] }));
    expect(Math.max(...broken) - Math.min(...broken)).toBeGreaterThan(1e-4);
  });

  it("the full cycle of the paid spin agrees with the per-line maths, and with the zero-win walk", () => {
    expect(f("fullCycle")).toBe(REEL_STRIPS_BASE.reduce((a, s) => a * s.length, 1));
    expect(f("fullCycleLineScatterRtp")).toBeCloseTo(report.breakdown.baseLines + report.breakdown.baseScatter, 13);
    expect(f("fullCycleZeroPlain")).toBeCloseTo(f("hitFrequencyZeroPlain"), 13);
    expect(report.hitFrequency).toBeCloseTo(1 - f("hitFrequencyZeroPlain") - f("hitFrequencyZeroWithJewelSpins"), 15);
    const spin = report.distributions.find((d) => d.id === "paidSpinLineScatter");
    expect(spin?.buckets.reduce((a, b) => a + b.probability, 0)).toBeCloseTo(1, 13);
    expect(spin?.mean).toBeCloseTo(f("fullCycleLineScatterRtp"), 13);
  });

  it("the pair walks give the paid spin's second moment of the full cycle; the round's moments give back its RTP", () => {
    const g = gameMaths();
    const jewelReels = reelLaws(stripIndices(REEL_STRIPS_JEWEL), ROWS);
    const { alone } = kindTrajectories(g.base.reels, jewelReels);
    const w = readWorld(worldMoments(alone, 1, [LINE_RULE]), 25);
    const spin = report.distributions.find((d) => d.id === "paidSpinLineScatter");
    expect(Math.sqrt(w.xx(0, 0) - w.x(0) ** 2)).toBeCloseTo(spin?.stdev ?? Number.NaN, 12);
    expect(f("roundMeanFromMoments")).toBeCloseTo(report.rtp, 12);
    expect(f("roundMeanFromMomentsMaxBet")).toBeCloseTo(f("rtpMaxBet"), 12);
    expect(report.stdev).toBeGreaterThan(spin?.stdev ?? Number.POSITIVE_INFINITY);
    expect(f("stdevMaxBet")).toBeGreaterThan(report.stdev);
    expect(report.volatilityIndex).toBeCloseTo(1.645 * report.stdev, 12);
  });

  it("free spins: the series' mean from the moments equals the linearity figure", () => {
    const fs = report.freeSpins;
    expect(fs?.cap).toBeNull();
    const g = gameMaths();
    const j = g.free.jewel;
    const jewelValue = j.lineMeans.reduce((a, b) => a + b, 0) / 25 + j.scatterRtp;
    const linear =
      ((report.breakdown.freeSpins ?? 0) + f("freeSpinsPerRound") * g.free.jewel.trigger * jewelValue) /
      (fs?.triggerProbability ?? 1);
    expect(fs?.expectedWin).toBeCloseTo(linear, 10);
    expect(fs?.lengthDistribution.reduce((a, b) => a + b.probability, 0)).toBeCloseTo(1, 10);
    expect(fs?.lengthDistribution.reduce((a, b) => a + b.spins * b.probability, 0)).toBeCloseTo(fs?.expectedSpins ?? 0, 6);
  });

  it("the progressive: its share at seed, the long run, the odds per max-bet spin and round", () => {
    expect(f("progressiveShareAtSeed")).toBeCloseTo(f("jackpotClaimsPerMaxBetRound") * f("jackpotSeedTimesMaxBet"), 14);
    expect(f("jackpotSeedTimesMaxBet")).toBe(200);
    expect(f("rtpLongRunMaxBet")).toBeCloseTo(f("rtpMaxBet") + 0.005, 14);
    // A spin's chance is below its expected jackpot lines (several lines can win at once).
    expect(f("jackpotProbabilityPerMaxBetPaidSpin")).toBeLessThan(f("jackpotClaimsPerMaxBetRound"));
    expect(f("twoJackpotLinesPerMaxBetPaidSpin")).toBeGreaterThan(0);
    expect(f("jackpotMeanHoursBetweenHits")).toBeCloseTo(1 / (1000 * 12 * 60 * f("jackpotClaimsPerMaxBetRound")), 12);
  });

  it("a lab recomputes the base game's line and scatter RTP from `reelhouse model --json` alone", () => {
    const model = JSON.parse(JSON.stringify(modelJson())) as ReturnType<typeof modelJson>;
    const strips = model.reelSets.base;
    // Per reel, each row shows each stop's symbol with the same frequency (uniform stops).
    const freq = strips.map((s) => {
      const m = new Map<string, number>();
      for (const x of s) m.set(x, (m.get(x) ?? 0) + 1 / s.length);
      return m;
    });
    const subs = new Set(model.wild.substitutes);
    const pay = (s: string, n: number) => model.linePays[s]?.[n - 1] ?? 0;
    // One line (every line has the same cell laws): every symbol tuple, the rules of modelJson().lineRule.
    let line = 0;
    const walk = (r: number, cells: string[], p: number) => {
      if (r === 5) {
        let w = 0;
        while (w < 5 && cells[w] === model.wild.symbol) w++;
        let best = w > 0 ? pay(model.wild.symbol, w) : 0;
        if (w < 5 && (w === 0 || subs.has(cells[w] as string))) {
          const s = cells[w] as string;
          let n = w + 1;
          while (n < 5 && (cells[n] === s || (subs.has(s) && cells[n] === model.wild.symbol))) n++;
          best = Math.max(best, pay(s, n));
        }
        line += p * best;
        return;
      }
      for (const [x, q] of freq[r] as Map<string, number>) walk(r + 1, [...cells, x], p * q);
    };
    walk(0, [], 1);
    // Scatter: SCATTER count law per reel from its 3-stop columns, convolved.
    let law = [1];
    for (const s of strips) {
      const c = [0, 0, 0, 0];
      s.forEach((_, i) => {
        const n = [0, 1, 2].filter((row) => s[(i + row) % s.length] === "SCATTER").length;
        c[n] = (c[n] as number) + 1 / s.length;
      });
      const next = new Array<number>(law.length + 3).fill(0);
      law.forEach((p, a) => {
        c.forEach((q, b) => {
          next[a + b] = (next[a + b] as number) + p * q;
        });
      });
      law = next;
    }
    const scatter = law.reduce((a, p, k) => a + p * (model.scatterPays.SCATTER?.[k - 1] ?? 0), 0);
    expect(line).toBeCloseTo(report.breakdown.baseLines, 12);
    expect(scatter).toBeCloseTo(report.breakdown.baseScatter, 14);
    expect(report.mathsHash).toBe(mathsHash(modelJson()));
  });
});
