/**
 * The figures of Mona Lisa Jewels' PAR sheet that need more than the RTP: the paid spin's
 * full cycle (its exact win law and a cross-check of the per-line maths), the round's hit
 * frequency (zero-win.ts), its standard deviation below and at max bet (round-moments.ts).
 */
import {
  exceedance as exceedanceOf,
  headlineFigures,
  lawDistribution,
  type ParDistribution,
  type ParReport,
  parFeature,
  RareAwards,
  reelLaws,
  roundHeadline,
  VOLATILITY_Z,
} from "@reelhouse/engine";
import { classParts, spinCycle } from "./cycle.js";
import { isTriggerColumn } from "./jewel-chain.js";
import { FREE_SPINS, PAYLINES, ROWS } from "./model.js";
import { kindTrajectories, roundMomentsAt } from "./round-moments.js";
import { type GameMaths, type MonaMaths, stripIndices } from "./rtp.js";
import { LINE_RULE, SCATTER_BY_COUNT } from "./tables.js";
import { type AwardLaw, awardClasses } from "./trajectory.js";
import { zeroWinProbability } from "./zero-win.js";

/** Awards rarer than this per paid round are listed one by one (1 in 100,000,000). */
export const RARE = 1e-8;
const EXCEEDANCE = [100, 250, 500, 1000];

/** Everything that needs the full cycle, the trajectories or the moments. */
export function roundFigures(
  g: GameMaths,
  maths: MonaMaths,
  report: ParReport,
  awards: { base: AwardLaw; free: AwardLaw },
): Partial<ParReport> {
  const lines = PAYLINES.length;
  const jewelReels = reelLaws(stripIndices(maths.jewel), ROWS);
  const base = kindTrajectories(g.base.reels, jewelReels);
  const free = kindTrajectories(g.free.reels, jewelReels);

  // Hit frequency: a round pays nothing only if its paid spin pays nothing and awards no free
  // spins, and, when it triggers Jewel spins, neither of them pays or awards anything.
  const zeroPlain = zeroWinProbability(
    base.alone.map((reel, r) => (r === 0 ? reel.filter((t) => !isTriggerColumn(t.columns[0] as number[])) : reel)),
    1,
  );
  const zeroJewel = zeroWinProbability(base.withJewel, 1 + 2);
  const hit = 1 - zeroPlain - zeroJewel;

  const below = roundMomentsAt(base, free, false);
  const max = roundMomentsAt(base, free, true);

  // The paid spin's full cycle: its exact win law (lines + scatter, x bet at 25 lines).
  const cycle = spinCycle(g.base.reels, LINE_RULE);
  const unitsPerBet = lines;
  const law = new Float64Array(1 << 16);
  let maxUnits = 0;
  let twoJackpots = 0;
  let zeroNoTrigger = 0;
  for (let k = 0; k < cycle.histogram.classes; k++) {
    const { scatters, trigger, jackpotLines } = classParts(k);
    if (scatters < FREE_SPINS.minScatters && trigger === 0)
      zeroNoTrigger += (cycle.histogram.weights(k)[0] ?? 0) / cycle.totalWeight;
    const scatterUnits = (SCATTER_BY_COUNT[scatters] ?? 0) * unitsPerBet;
    cycle.histogram.weights(k).forEach((w, coins) => {
      if (w === 0) return;
      const v = coins + scatterUnits;
      law[v] = (law[v] as number) + w / cycle.totalWeight;
      if (v > maxUnits) maxUnits = v;
      if (jackpotLines >= 2) twoJackpots += w / cycle.totalWeight;
    });
  }
  const spinLaw = law.slice(0, maxUnits + 1);
  const spin = headlineFigures(spinLaw, unitsPerBet);
  const exceedance = exceedanceOf(spinLaw, unitsPerBet, EXCEEDANCE);
  const distributions: ParDistribution[] = [
    lawDistribution({
      id: "paidSpinLineScatter",
      name: "Paid spin, line and scatter wins only (no Jewel spins, no free spins, paytable JACKPOT)",
      per: "paidSpin",
      law: spinLaw,
      unitsPerBet,
      levels: EXCEEDANCE,
      hit: spin.hit,
      mean: spin.mean,
      stdev: spin.stdev,
      truncatedMass: 0,
      method: `Full cycle of ${cycle.combinations.toLocaleString("en")} stop combinations at ${lines} lines.`,
    }),
  ];

  const rare = new RareAwards(RARE);
  const rareIfPossible = (award: string, per: ParDistribution["per"], p: number) => {
    if (p > 0) rare.add(award, per, p);
  };
  for (const c of report.combinations)
    rareIfPossible(`${c.count} ${c.symbol}${c.kind === "line" ? " on a line" : ""}`, c.per, c.probability);
  rareIfPossible("two 5-JACKPOT lines in one max-bet paid spin", "paidSpin", twoJackpots);
  for (const e of exceedance) rareIfPossible(`paid spin win of ${e.x} x bet or more`, "paidSpin", e.probability);

  // The free-spin series: its first award is 10, 20 or 30 spins; every spin below is a copy of T.
  const start = awardClasses(awards.base);
  const hasSeries = 1 - (start[0] as number);
  let s1 = 0;
  let s2 = 0;
  const t = below.freeSpin;
  for (let k = 1; k < start.length; k++) {
    const w = (start[k] as number) / hasSeries;
    const m = k * FREE_SPINS.award;
    s1 += w * m * t.mean;
    s2 += w * (m * (t.meanSquare - t.mean * t.mean) + m * m * t.mean * t.mean);
  }
  const figures = {
    ...report.figures,
    hitFrequencyZeroPlain: zeroPlain,
    hitFrequencyZeroWithJewelSpins: zeroJewel,
    roundMeanFromMoments: below.mean,
    roundMeanFromMomentsMaxBet: max.mean,
    stdevMaxBet: max.stdev,
    volatilityIndexMaxBet: VOLATILITY_Z * max.stdev,
    freeSpinValueMean: t.mean,
    freeSpinValueStdev: Math.sqrt(t.meanSquare - t.mean * t.mean),
    fullCycle: cycle.combinations,
    fullCycleLineScatterRtp: spin.mean,
    fullCycleZeroPlain: zeroNoTrigger,
    baseSpinLineScatterStdev: spin.stdev,
    maxWinPaidSpin: spin.maxWin.x,
    twoJackpotLinesPerMaxBetPaidSpin: twoJackpots,
  };
  return {
    ...roundHeadline(report.rtp, {
      hit,
      stdev: below.stdev,
      hitFrequencies: [
        { id: "paidSpinPays", name: "the paid spin pays a line or scatter win", per: "paidSpin", probability: spin.hit },
        {
          id: "paidSpinPaysOrTriggers",
          name: "the paid spin pays or triggers Jewel spins (3+ SCATTER always pay)",
          per: "paidSpin",
          probability: 1 - zeroPlain,
        },
      ],
    }),
    distributions,
    rareAwards: rare.list,
    features: [
      ...report.features,
      parFeature(
        "twoJackpotLines",
        "Two or more 5-JACKPOT lines in one max-bet paid spin (the second claim pays what the pool then holds)",
        "paidSpin",
        twoJackpots,
      ),
    ],
    figures,
    ...(report.freeSpins ? { freeSpins: { ...report.freeSpins, expectedWin: s1, stdevWin: Math.sqrt(s2 - s1 * s1) } } : {}),
  };
}
