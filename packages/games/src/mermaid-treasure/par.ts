/**
 * Mermaid Treasure's PAR sheet (`reelhouse.par/2`): the exact figures of rtp.ts (every bet),
 * cycle.ts (the full cycle) and distribution.ts (whole rounds), assembled and labelled.
 */
import {
  assemblePar,
  betGrid,
  type ExactOptions,
  Fraction,
  headlineFigures,
  lawDistribution,
  lengthRows,
  lineCombinations,
  notComputedMaxWin,
  PAR_DEFINITIONS,
  type ParCombination,
  type ParDistribution,
  type ParFeature,
  type ParReelSet,
  type ParReport,
  type ParTable,
  parFeature,
  parTable,
  RareAwards,
  reelLaws,
  reelSetTable,
  roundHeadline,
  scatterCombinations,
} from "@reelhouse/engine";
import { PICK_CLASSES, type SpinCycle, spinCycle } from "./cycle.js";
import { modelJson } from "./describe.js";
import {
  bonusCeilingBinds,
  maxWin,
  roundLaw,
  roundMoments,
  seriesAt,
  seriesLengths,
  spinLaws,
  tailResolution,
  UNITS_PER_BET,
} from "./distribution.js";
import { BET_OPTIONS, FREE_SPINS, GAME_ID, MATHS_VERSION, REELS, ROWS, SCATTER, TREASURE_BONUS } from "./model.js";
import {
  bonusTotalLaw,
  capRtpEffect,
  exactRtp,
  MAX_LINES,
  type MermaidMaths,
  MODEL_CAP,
  MODEL_MATHS,
  rtpAt,
  SCATTER_BY_COUNT,
  SYMBOL_IDS,
  stripIndices,
} from "./rtp.js";

/** Awards rarer than this per paid round are listed one by one (1 in 100,000,000). */
export const RARE = 1e-8;
/** Exceedance levels of the distributions, x total bet. */
const EXCEEDANCE = [100, 500, 1000, 2000, 5000, 10000];
const DEFAULT_BET = { coinValue: 10, coinsPerLine: 1, lines: MAX_LINES };

/** Options of the Mermaid sheet: the free-spin cap the maths assumes (default: the model's). */
export interface MermaidParOptions extends ExactOptions {
  readonly cap?: number | null;
}

/** Both reel sets with their symbol counts (one entry when free spins play the base strips). */
function reelSets(maths: MermaidMaths): ParReelSet[] {
  if (maths.freeSpins === maths.base) return [reelSetTable("base and free spins", maths.base, SYMBOL_IDS)];
  return [reelSetTable("base", maths.base, SYMBOL_IDS), reelSetTable("free spins", maths.freeSpins, SYMBOL_IDS)];
}

/** The pick-prize table and the law of bonus totals by number of picks. */
function bonusTables(maths: MermaidMaths, prizes: Float64Array, picksLaw: Float64Array): ParTable[] {
  const total = maths.prizes.reduce((a, p) => a + p.weight, 0);
  const prizeTable = parTable(
    "pickPrizes",
    "Treasure pick prizes (one draw per opened object)",
    maths.prizes,
    [
      ["Prize (coins)", (p) => p.coins],
      ["Weight", (p) => p.weight],
      ["Probability", (p) => p.weight / total],
      ["Contribution to the mean", (p) => (p.coins * p.weight) / total],
    ],
    "Coins per coin bet on a line, multiplied by coins per line; never tripled in free spins.",
  );
  const trigger = picksLaw.slice(TREASURE_BONUS.minRun).reduce((a, b) => a + b, 0);
  const byPicks = [3, 4, 5].map((k) => bonusTotalLaw(prizes, k, 1));
  const values = [...new Set(byPicks.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const totals: ParTable = {
    id: "bonusTotals",
    title: "Treasure bonus totals (coins per coin on a line)",
    note: `At c coins per line the bonus pays min(c x total, ${TREASURE_BONUS.maxCoins}) coins. The largest total is ${REELS} x ${prizes.length - 1} = ${REELS * (prizes.length - 1)}, so the ceiling is reached exactly at ${BET_OPTIONS.coinsPerLine.at(-1)} coins per line with ${REELS} top prizes and never exceeded: no bonus is cut.`,
    columns: [
      "Total",
      "P(total | 3 picks)",
      "P(total | 4 picks)",
      "P(total | 5 picks)",
      "P(total | bonus)",
      "P(total) per paid spin",
    ],
    rows: values.map((v) => {
      const per = byPicks.map((law) => law.get(v) ?? 0);
      const perSpin = per.reduce((a, p, i) => a + p * (picksLaw[i + 3] as number), 0);
      return [v, ...per, perSpin / trigger, perSpin];
    }),
  };
  return [prizeTable, totals];
}

/** The exact PAR report of Mermaid Treasure. */
export function buildPar(options: MermaidParOptions = {}, maths: MermaidMaths = MODEL_MATHS): ParReport {
  const cap = options.cap === undefined ? MODEL_CAP : options.cap;
  const exact = exactRtp(maths, MAX_LINES, 1, cap);
  const { base, free } = exact;
  const prizes = exact.prizes.law;
  const uncapped = rtpAt(base, free, prizes, { lines: MAX_LINES, coinsPerLine: 1 }, null);
  const capped = rtpAt(base, free, prizes, { lines: MAX_LINES, coinsPerLine: 1 }, MODEL_CAP);

  const picksLaw = base.runLaw[MAX_LINES] as Float64Array;
  const bonusTrigger = picksLaw.slice(TREASURE_BONUS.minRun).reduce((a, b) => a + b, 0);
  // Per line: the average over the 15 lines (each line's own cell laws), equal on every line here.
  const combinations: ParCombination[] = [
    ...lineCombinations(base.lines, SYMBOL_IDS),
    ...scatterCombinations(base.scatterCounts, SCATTER_BY_COUNT, SCATTER),
  ];
  for (let k = TREASURE_BONUS.minRun; k <= REELS; k++) {
    const p = picksLaw[k] as number;
    const pay = k * exact.meanPrize;
    combinations.push({
      kind: "bonus",
      symbol: "TREASURE",
      count: k,
      pay,
      per: "paidSpin",
      probability: p,
      rtp: (p * pay) / MAX_LINES,
    });
  }

  const features: ParFeature[] = [
    parFeature("freeSpins", "Free spins (3+ MERMAID)", "paidSpin", base.trigger),
    parFeature("freeSpinsRetrigger", "Free spins retrigger (3+ MERMAID in a free spin)", "freeSpin", free.trigger),
    parFeature(
      "bonus",
      "Treasure bonus (3+ TREASURE on a line from reel 1)",
      "paidSpin",
      bonusTrigger,
      "per spin, paid or free; a round can hold several",
    ),
  ];

  const figures: Record<string, number> = {
    lines: MAX_LINES,
    freeSpinsTriggerProbability: base.trigger,
    retriggerProbabilityPerFreeSpin: free.trigger,
    expectedFreeSpinsPerTrigger: exact.spinsPerTrigger,
    freeSpinValueXBet: exact.freeSpinValue,
    bonusTriggerProbability: bonusTrigger,
    // Wald: a paid round holds 1 + P(free spins) x E[free spins] spins that can each trigger a bonus.
    bonusTriggersPerRound:
      bonusTrigger +
      base.trigger *
        exact.spinsPerTrigger *
        (free.runLaw[MAX_LINES] as Float64Array).slice(TREASURE_BONUS.minRun).reduce((a, b) => a + b, 0),
    meanPickPrizeCoins: exact.meanPrize,
    maxPickPrizeCoins: prizes.length - 1,
    rtpWithFreeSpinCap: capped.rtp,
    rtpWithoutFreeSpinCap: uncapped.rtp,
    freeSpinCapRtpEffect: MODEL_CAP === null ? 0 : capRtpEffect(base, free, capped.freeSpinValue, MODEL_CAP),
  };

  return assemblePar(
    {
      game: GAME_ID,
      version: MATHS_VERSION,
      model: modelJson(),
      defaultBet: DEFAULT_BET,
      axes: { bets: betGrid({ lines: BET_OPTIONS.lines, coinsPerLine: BET_OPTIONS.coinsPerLine }, ["coinsPerLine", "lines"]) },
      variant: ({ bet }) => {
        const v = rtpAt(base, free, prizes, bet, cap);
        return { rtp: v.rtp, breakdown: v.breakdown };
      },
      maxWin: notComputedMaxWin("not computed (full cycle skipped)"),
      features,
      combinations,
      reels: reelSets(maths),
      tables: bonusTables(maths, prizes, picksLaw),
      definitions: DEFINITIONS,
      figures,
      notes: notes(cap),
      fullCycle: (report) => roundFigures(maths, exact, cap, picksLaw, report),
    },
    options,
  );
}

/** Everything that needs the full cycle: hit frequencies, moments, distributions, maximum, rare awards. */
function roundFigures(
  maths: MermaidMaths,
  exact: ReturnType<typeof exactRtp>,
  cap: number | null,
  picksLaw: Float64Array,
  report: ParReport,
): Partial<ParReport> {
  const prizes = exact.prizes.law;
  const cycle = spinCycle(reelLaws(stripIndices(maths.base), ROWS));
  const freeCycle = maths.freeSpins === maths.base ? cycle : spinCycle(reelLaws(stripIndices(maths.freeSpins), ROWS));
  const baseLaw = spinLaws(cycle, prizes, 1);
  const freeLaw = spinLaws(freeCycle, prizes, FREE_SPINS.lineWinMultiplier);
  const lineScatter = spinLaws(cycle, prizes, 1, false);
  const moments = roundMoments(baseLaw, freeLaw, cap);
  const law = roundLaw(baseLaw, freeLaw, cap);
  const atSeries = seriesAt(freeLaw, cap);
  const lengths = seriesLengths(freeLaw, cap);

  // A round pays nothing only if its paid spin pays nothing and, when it triggers, so does the whole series.
  const hit = 1 - ((baseLaw.plain[0] ?? 0) + (baseLaw.triggering[0] ?? 0) * atSeries.zeroWin);
  const spinOnly = new Float64Array(Math.max(lineScatter.plain.length, lineScatter.triggering.length));
  for (const l of [lineScatter.plain, lineScatter.triggering])
    for (let v = 0; v < l.length; v++) spinOnly[v] = (spinOnly[v] as number) + (l[v] as number);
  const spinHit = 1 - (spinOnly[0] as number);
  // Line + scatter moments in exact integers (stop counts x units), divided once.
  const { mean: spinMean, stdev: spinStdev } = exactSpinMoments(cycle);
  const noBonusRound = baseLaw.noBonus.plain + baseLaw.noBonus.triggering * atSeries.noBonus;
  const capReached = cap === null ? 0 : (lengths.probabilities[cap] ?? 0);
  const max = maxWin(baseLaw, freeLaw, cap);
  const unitsPerBet = UNITS_PER_BET;

  const distributions: ParDistribution[] = [
    lawDistribution({
      id: "round",
      name: "Whole paid round (paid spin, its Treasure bonus, free spins with their bonuses)",
      per: "round",
      law: law.law,
      unitsPerBet,
      levels: EXCEEDANCE,
      tail: { bound: law.tailBound, resolution: tailResolution },
      hit,
      mean: moments.mean,
      stdev: moments.stdev,
      truncatedMass: law.truncatedMass,
      method: `Generating functions on ${law.law.length} FFT points (1 unit = 1/${UNITS_PER_BET} x bet): paid spin and free-spin laws from the full cycle, picks by convolution, the series solved point by point; wins at or above ${Math.floor(law.law.length / UNITS_PER_BET).toLocaleString("en")} x bet (Chernoff bound ${law.truncatedMass.toExponential(2)}) fold onto the lattice. The laws are tilted by e^(40v/2^18) before the transform, so the rounding left in a value v is about 1e-18 · e^(−40v/2^18) (1e-18 at small wins, 1e-28 at 10,000 x bet; measured against a second tilt); exceedances below 100 times that are given as Chernoff upper bounds (upperBound).`,
    }),
    lawDistribution({
      id: "paidSpinLineScatter",
      name: "Paid spin, line and scatter wins only (no bonus, no free spins)",
      per: "paidSpin",
      law: spinOnly,
      unitsPerBet,
      levels: EXCEEDANCE,
      hit: spinHit,
      mean: spinMean,
      stdev: spinStdev,
      truncatedMass: 0,
      method: `Full cycle of ${cycle.combinations.toLocaleString("en")} stop combinations at ${MAX_LINES} lines.`,
    }),
    lawDistribution({
      id: "freeSpinSeries",
      name: "One free-spin series (from its trigger to its last spin)",
      per: "series",
      law: law.seriesLaw,
      unitsPerBet,
      levels: EXCEEDANCE,
      tail: { bound: law.seriesTailBound, resolution: tailResolution },
      hit: 1 - atSeries.zeroWin,
      mean: moments.series.mean,
      stdev: Math.sqrt(moments.series.variance),
      truncatedMass: law.seriesTruncatedMass,
      method:
        "The series' generating function (retrigger solver) on the same tilted FFT points; same rounding and bounds as the round.",
    }),
  ];

  const rare = new RareAwards(RARE);
  for (const c of exact.base.lines[0]?.combinations ?? [])
    rare.add(`${SYMBOL_IDS[c.symbol]} x${c.count} on a line`, "line", c.probability);
  exact.base.scatterCounts.forEach((p, k) => {
    if ((SCATTER_BY_COUNT[k] ?? 0) > 0) rare.add(`${k} ${SCATTER}`, "paidSpin", p);
  });
  const byTotal = new Map<number, number>();
  for (let k = TREASURE_BONUS.minRun; k <= REELS; k++)
    for (const [v, p] of bonusTotalLaw(prizes, k, 1)) byTotal.set(v, (byTotal.get(v) ?? 0) + p * (picksLaw[k] as number));
  for (const [v, p] of [...byTotal].sort((a, b) => a[0] - b[0]))
    rare.add(`Treasure bonus total ${v} coins per coin on a line`, "paidSpin", p);
  if (cap !== null) rare.add(`free spins reach the ${cap}-spin cap`, "round", exact.base.trigger * capReached);
  for (const e of distributions[0]?.exceedance ?? [])
    if (e.probability > 0)
      rare.add(`round win of ${e.x} x bet or more${e.upperBound ? " (upper bound)" : ""}`, "round", e.probability);
  if (max.x !== null) rare.add(`maximum win ${max.x} x bet`, "round", max.probability, max.log10Probability);

  return {
    ...roundHeadline(exact.rtp, {
      hit,
      stdev: moments.stdev,
      hitFrequencies: [
        { id: "paidSpinPays", name: "the paid spin pays a line or scatter win", per: "paidSpin", probability: spinHit },
        {
          id: "paidSpinPaysOrTriggers",
          name: "the paid spin pays or triggers a feature (equal to `round` here: every trigger pays)",
          per: "paidSpin",
          // A spin with no line, scatter or bonus win and no trigger is exactly value 0 of the paid spin's law.
          probability: 1 - (baseLaw.plain[0] ?? 0) - (baseLaw.triggering[0] ?? 0),
        },
      ],
      maxWin: { x: max.x, probability: max.probability, log10Probability: max.log10Probability, description: max.description },
    }),
    winDistribution: distributions[0]?.buckets ?? [],
    distributions,
    rareAwards: rare.list,
    features: [
      ...report.features,
      parFeature("bonusInRound", "Treasure bonus anywhere in the round (paid spin or free spins)", "round", 1 - noBonusRound),
    ],
    figures: {
      ...report.figures,
      fullCycle: cycle.combinations,
      fullCycleLineScatterRtp: spinMean,
      baseSpinLineScatterStdev: spinStdev,
      roundMeanFromMoments: moments.mean,
      roundMeanFromDistribution: headlineFigures(law.law, UNITS_PER_BET).mean,
      maxWinPaidSpin: max.parts.paidSpin,
      maxWinPaidSpinTriggering: max.parts.paidSpinTriggering,
      maxWinFreeSpin: max.parts.freeSpin,
      maxWinFreeSpinRetriggering: max.parts.freeSpinRetriggering,
      bonusCeilingBinds: bonusCeilingBinds(prizes, BET_OPTIONS.coinsPerLine) ? 1 : 0,
      capReachedPerSeries: capReached,
    },
    freeSpins: {
      award: FREE_SPINS.award,
      retriggerAward: FREE_SPINS.award,
      cap,
      triggerProbability: exact.base.trigger,
      retriggerProbability: exact.free.trigger,
      expectedSpins: moments.series.expectedSpins,
      expectedWin: moments.series.mean,
      stdevWin: Math.sqrt(moments.series.variance),
      seriesRetriggerProbability: moments.series.retriggerProbability,
      capReachedProbability: capReached,
      // Series lengths down to 1e-30 are listed; the rest joins the truncated mass.
      ...lengthRows(lengths.probabilities, lengths.truncatedMass),
    },
  };
}

/** Mean and standard deviation (x bet) of the paid spin's line + scatter win, from BigInt sums over the cycle. */
function exactSpinMoments(cycle: SpinCycle): { mean: number; stdev: number } {
  let n = 0n;
  let s1 = 0n;
  let s2 = 0n;
  for (let k = 0; k < cycle.histogram.classes; k++) {
    const scatterUnits = BigInt((SCATTER_BY_COUNT[Math.floor(k / PICK_CLASSES.length)] ?? 0) * UNITS_PER_BET);
    cycle.histogram.weights(k).forEach((w, coins) => {
      if (w === 0) return;
      const bw = BigInt(w);
      const v = BigInt(coins) + scatterUnits;
      n += bw;
      s1 += bw * v;
      s2 += bw * v * v;
    });
  }
  const u = BigInt(UNITS_PER_BET);
  // Var = (n·Σv² − (Σv)²) / n², exact in integers before the one division.
  const variance = new Fraction(n * s2 - s1 * s1, n * n * u * u).toNumber();
  return { mean: new Fraction(s1, n * u).toNumber(), stdev: Math.sqrt(variance) };
}

/** Words for the headline figures. */
const DEFINITIONS: Record<string, string> = {
  rtp: "Expected total win of a paid round (paid spin, its Treasure bonus, the free spins it triggers and their bonuses) divided by the total bet, at the default bet (15 lines, 1 coin per line; every coin value gives the same).",
  breakdown:
    "baseLines and baseScatter: line and scatter wins of the paid spin; bonus: the Treasure bonus triggered by the paid spin; freeSpins: everything won in free spins, Treasure bonuses inside them included. Fractions of the total bet; they sum to rtp.",
  hitFrequency: PAR_DEFINITIONS.hitFrequency,
  stdev:
    "Standard deviation of a paid round's total win, in multiples of the total bet, exact (moments of the whole round, free-spin series and picks included).",
  volatilityIndex: "1.645 x stdev (the half-width of a two-sided 90% interval of one round, as labs quote it), x total bet.",
  maxWin:
    "The largest total win a paid round can reach (x total bet) and its probability per paid round; log10Probability where the probability is below the range of a double.",
  winDistribution: PAR_DEFINITIONS.winDistribution,
  bands: PAR_DEFINITIONS.bands,
  rareAwards: PAR_DEFINITIONS.rareAwards,
  variants:
    "The exact RTP at every line count (1–15) and coins per line (1–5); the coin value multiplies every amount and changes nothing.",
  combinations: "Line combinations: probability on one enabled line (every line alike); scatter and bonus: per paid spin.",
  mathsHash: "SHA-256 of `reelhouse model mermaid-treasure --json` in canonical JSON (keys sorted, no spaces).",
};

function notes(cap: number | null): string[] {
  return [
    "Exact, no simulation. Lines: the pay law of each payline from the per-reel cell laws (wild substitution, the wild's own pays, only the highest combination per line). Scatters: convolution of per-reel MERMAID counts. Treasure: every combination of per-reel TREASURE row masks (8^5) for the longest run over the first n lines.",
    `Free spins: 10 per trigger, +10 per retrigger, ${cap === null ? "without limit" : `at most ${cap} per round`}; E[spins] from the retrigger solver (branching process; a finite backward induction with the cap), the series' win by Wald's identity for the RTP and by the moment recursion of the series for the standard deviation.`,
    "Hit frequency, standard deviation and every distribution come from the full cycle of all stop combinations at 15 lines (the joint law of line pays, MERMAID count and Treasure picks of one spin), then whole rounds by generating functions: paid spin x (free-spin series), picks convolved exactly.",
    "The RTP is the same at 1 to 15 lines and at every coin value and coins per line (variants): line and scatter pays scale with the bet, at most one TREASURE shows per reel while the 15 lines cross reels 1–3 on 15 different row paths (so Treasure triggers on different lines exclude each other), and the 2,500-coin ceiling is never exceeded.",
    "figures.rtpWithoutFreeSpinCap and figures.freeSpinCapRtpEffect give the RTP with no free-spin cap and its difference from the capped RTP.",
  ];
}
