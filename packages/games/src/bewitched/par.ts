/**
 * Bewitched's PAR sheet (`reelhouse.par/2`): the RTP of every bet (rtp.ts), and from the
 * full cycle (cycle.ts) every bet's hit frequency, volatility, jackpot odds and maximum win
 * and the headline bet's whole-round law (distribution.ts), assembled and labelled.
 */
import {
  assemblePar,
  betGrid,
  type ExactOptions,
  Fraction,
  headlineFigures,
  type LineCycle,
  lawDistribution,
  lengthRows,
  oneIn,
  type ParDistribution,
  type ParFeature,
  type ParFreeSpins,
  type ParReport,
  type ParVariant,
  type ParVariantParts,
  parFeature,
  RareAwards,
  roundHeadline,
  type TailBound,
  tiltedTailResolution,
  unboundedMaxWin,
  VOLATILITY_Z,
} from "@reelhouse/engine";
import { spinCycle } from "./cycle.js";
import { FULL_BET, modelJson } from "./describe.js";
import { REPORT_CAP, ROUND_LATTICE, roundFigures, roundLaw } from "./distribution.js";
import { BET_OPTIONS, GAME_ID, MATHS_VERSION, MERLIN, PROGRESSIVE } from "./model.js";
import { breakdownAt, byBetTable, combinations, DEFINITIONS, merlinByBetTable, notes, reelSets, seedTable } from "./par-parts.js";
import { betCoins, type MathsBet, merlinMeans, merlinTable, rtpAt, type SetMaths, setMaths } from "./rtp.js";

/** Awards rarer than this per paid round are listed one by one (1 in 100,000,000). */
export const RARE = 1e-8;
/** The pools return this share of every bet to their winners over time. */
export const CONTRIBUTION = PROGRESSIVE.rateBps / 10_000;
/** Exceedance levels of the distributions, x total bet. */
const EXCEEDANCE = [100, 500, 1000, 2000, 5000, 10000];
const HEADLINE: MathsBet = { lines: FULL_BET.lines, coinsPerLine: FULL_BET.coinsPerLine };

/** Every bet of the game, lines then coins per line. */
const BET_GRID: MathsBet[] = betGrid({ lines: BET_OPTIONS.lines, coinsPerLine: BET_OPTIONS.coinsPerLine });

/** Merlin's table at a bet as figures (weights out of 1,000,000). */
function merlinFigures(coins: number): Record<string, number> {
  return Object.fromEntries(
    merlinTable(coins).map((o) => [
      o.kind === "cash" ? `merlinCash${o.times}x` : o.kind === "freeSpins" ? `merlinFreeSpins${o.spins}` : "merlinJackpot",
      o.weight,
    ]),
  );
}

/** A bet's variant: RTP at seed and its parts, and what needs no cycle (long run, jackpot rate, Merlin's table). */
function variantAt(bet: MathsBet, set: SetMaths): ParVariantParts {
  const r = rtpAt(bet, set);
  const coins = betCoins(bet);
  return {
    rtp: r.rtp,
    breakdown: breakdownAt(bet, set),
    figures: {
      rtpLongRun: r.rtpLongRun,
      totalBetCoins: coins,
      jackpotsPerRound: r.jackpotPerRound,
      jackpotSeedTimesBet: PROGRESSIVE.seedCoins / coins,
      ...merlinFigures(coins),
    },
  };
}

/** The exact PAR report of Bewitched. */
export function buildPar(options: ExactOptions = {}): ParReport {
  const set = setMaths();
  const head = rtpAt(HEADLINE, set);
  const merlinHead = merlinMeans(betCoins(HEADLINE));
  const features: ParFeature[] = [
    parFeature(
      "witchBattle",
      "Witch battle win (2+ WITCH anywhere)",
      "paidSpin",
      1 - (set.witchCounts[0] ?? 0) - (set.witchCounts[1] ?? 0),
    ),
    parFeature(
      "freeSpins",
      "Free spins from the battle (3+ WITCH)",
      "paidSpin",
      1 - [0, 1, 2].reduce((a, k) => a + (set.witchCounts[k] ?? 0), 0),
      "10, 15 or 25 spins; Merlin awards free spins too (see merlin)",
    ),
    parFeature(
      "merlin",
      "Merlin bonus (3+ MERLIN anywhere)",
      "paidSpin",
      set.merlin,
      "the same per free spin; its prize: cash, free spins or the progressive",
    ),
    parFeature(
      "jackpot",
      "Progressive won (expected wins per paid round, free spins included, 15 lines x 10 coins)",
      "round",
      head.jackpotPerRound,
      "every bet in variants[].figures; its chance grows with the total bet",
    ),
  ];
  const figures = (variants: readonly ParVariant[]): Record<string, number> => ({
    lines: BET_OPTIONS.lines.at(-1) ?? 15,
    rtpAtSeedMin: Math.min(...variants.map((v) => v.rtp)),
    rtpAtSeedMax: Math.max(...variants.map((v) => v.rtp)),
    rtpLongRunMin: Math.min(...variants.map((v) => v.rtp)) + CONTRIBUTION,
    rtpLongRunMax: Math.max(...variants.map((v) => v.rtp)) + CONTRIBUTION,
    contribution: CONTRIBUTION,
    jackpotSeedCoins: PROGRESSIVE.seedCoins,
    jackpotSeedTimesFullBet: PROGRESSIVE.seedCoins / betCoins(HEADLINE),
    merlinCashMinimumTimesBet: MERLIN.cash[0]?.times ?? 15,
    merlinTriggerPerSpin: set.merlin,
    merlinMeanCashTimesBet: merlinHead.cash,
    merlinJackpotAtSeedTimesBet: merlinHead.jackpotAtSeed,
    merlinMeanFreeSpins: merlinHead.spins,
    witchBattleRtp: set.battle,
    witchBattleFreeSpinsPerSpin: set.battleSpins,
    freeSpinsAwardedPerSpin: head.spinsAwarded,
    freeSpinsPerRound: head.freeSpinsPerRound,
    freeSpinValueXBet: head.freeSpinValue,
    jackpotsPerRoundFullBet: head.jackpotPerRound,
    jackpotsPerRoundOneLineOneCoin: rtpAt({ lines: 1, coinsPerLine: 1 }, set).jackpotPerRound,
    baseMerlinCash: head.breakdown.baseMerlinCash,
    baseJackpot: head.breakdown.baseJackpot,
    freeSpinsTotal: head.breakdown.freeSpins,
  });
  return assemblePar(
    {
      game: GAME_ID,
      version: MATHS_VERSION,
      model: modelJson(),
      defaultBet: { ...FULL_BET },
      axes: { bets: BET_GRID },
      variant: ({ bet }) => variantAt(bet, set),
      rtpLongRun: head.rtpLongRun,
      maxWin: unboundedMaxWin(
        "unbounded: free spins chain without limit (the full cycle gives the largest win with a free-spin cap)",
      ),
      features,
      combinations: combinations(set, HEADLINE),
      reels: reelSets(),
      tables: [seedTable(), merlinByBetTable()],
      definitions: DEFINITIONS,
      figures,
      notes: notes(),
      fullCycle: (report) => cycleFigures(report, spinCycle(set.reels)),
    },
    options,
  );
}

/** Everything that needs the full cycle: every bet's round figures, the headline's laws, the rare awards. */
function cycleFigures(report: ParReport, cycle: LineCycle): Partial<ParReport> {
  const rows = report.variants.map((v) => {
    const bet = v.bet as unknown as MathsBet;
    const round = roundFigures(cycle, bet);
    const figures = {
      ...v.figures,
      hitFrequency: round.hit,
      hitPaidSpinPays: round.paidSpinPays,
      hitPaidSpinPaysOrTriggers: round.paidSpinPaysOrTriggers,
      hitPaidSpinLineWin: round.paidSpinLineWin,
      stdev: round.stdev,
      volatilityIndex: VOLATILITY_Z * round.stdev,
      jackpotProbabilityPerRound: round.jackpot,
      jackpotOneInRounds: oneIn(round.jackpot),
      maxWinPaidSpinX: round.maxPaidSpin.x,
      maxWinPaidSpinProbability: round.maxPaidSpin.probability,
      maxWinCappedX: round.maxCapped.x,
      maxWinCappedLog10Probability: round.maxCapped.log10Probability,
      maxWinFreeSpinCap: round.maxCapped.cap,
      roundMeanFromMoments: round.mean,
    };
    return { bet, rtp: v.rtp, rtpLongRun: v.rtp + CONTRIBUTION, round, variant: { ...v, figures } };
  });
  const head = rows.find((r) => r.bet.lines === HEADLINE.lines && r.bet.coinsPerLine === HEADLINE.coinsPerLine);
  if (!head) throw new Error("the headline bet is not among the variants");
  const f = head.round;
  const law = roundLaw(cycle, HEADLINE);
  const u = law.unitsPerBet;
  const tilt = 40 / ROUND_LATTICE;
  const tail = (bound: (units: number) => number): TailBound => ({
    bound,
    resolution: (units) => tiltedTailResolution(units, tilt),
  });
  const lawMean = (l: Float64Array) => headlineFigures(l, u).mean;
  // Its own summation order (p·(v/u)²), kept so that the sheet's figures stay as certified.
  const lawStdev = (l: Float64Array) => {
    const m = lawMean(l);
    return Math.sqrt(l.reduce((a, p, v) => a + p * (v / u) ** 2, 0) - m * m);
  };
  // The series given a trigger: E[S | A > 0] = E[A | A > 0]·E[T]; E[S² | A > 0] = E[A]·Var[T] + E[A²]·E[T]² (conditional).
  const { starts } = law;
  let a1 = 0;
  let a2 = 0;
  starts.forEach((p, a) => {
    if (a > 0) {
      a1 += (p * a) / f.freeSpinTrigger;
      a2 += (p * a * a) / f.freeSpinTrigger;
    }
  });
  const t = f.subtree;
  const seriesMean = a1 * t.mean;
  const seriesSquare = a1 * (t.meanSquare - t.mean * t.mean) + a2 * t.mean * t.mean;
  const distributions: ParDistribution[] = [
    lawDistribution({
      id: "round",
      name: "Whole paid round (paid spin, battle, Merlin, every free spin with its battles and Merlin bonuses; the jackpot at seed)",
      per: "round",
      law: law.law,
      unitsPerBet: u,
      levels: EXCEEDANCE,
      tail: tail(law.tailBound),
      hit: f.hit,
      mean: f.mean,
      stdev: f.stdev,
      truncatedMass: law.truncatedMass,
      method: `Generating functions on ${ROUND_LATTICE} FFT points (1 unit = ${law.unit} coins = 1/${u} x bet at 15 lines x 10 coins), no free-spin cap: each spin outcome (a cycle class x Merlin's prize) by the spins it awards, the free spin's subtree solved point by point; wins at or above ${Math.floor(ROUND_LATTICE / u).toLocaleString("en")} x bet (Chernoff bound ${law.truncatedMass.toExponential(2)}) fold onto the lattice; tilted by e^(40v/2^18), exceedances below 100 times the rounding are Chernoff upper bounds.`,
    }),
    lawDistribution({
      id: "paidSpinLineBattle",
      name: "Paid spin, line and battle wins only (no Merlin prize, no free spins)",
      per: "paidSpin",
      law: law.spinLaw,
      unitsPerBet: u,
      levels: EXCEEDANCE,
      hit: f.paidSpinPays,
      mean: lawMean(law.spinLaw),
      stdev: lawStdev(law.spinLaw),
      truncatedMass: 0,
      method: `Full cycle of ${cycle.combinations.toLocaleString("en")} stop combinations at 15 lines.`,
    }),
    lawDistribution({
      id: "freeSpinSeries",
      name: "The free spins of a round that has some (from the paid spin's award to the last spin)",
      per: "series",
      law: law.seriesLaw,
      unitsPerBet: u,
      levels: EXCEEDANCE,
      tail: tail(law.seriesTailBound),
      hit: 1 - (law.seriesLaw[0] ?? 0),
      mean: seriesMean,
      stdev: Math.sqrt(seriesSquare - seriesMean * seriesMean),
      truncatedMass: law.seriesTruncatedMass,
      method:
        "The subtree's generating function on the same tilted FFT points, mixed over the paid spin's award; same rounding and bounds as the round.",
    }),
  ];
  const lengths = law.lengths;
  let aboveCap = lengths.truncatedMass;
  lengths.probabilities.forEach((p, n) => {
    if (n > REPORT_CAP) aboveCap += p;
  });
  const freeSpins: ParFreeSpins = {
    award: a1,
    retriggerAward: f.awardPerSpin / f.retrigger,
    cap: null,
    triggerProbability: f.freeSpinTrigger,
    retriggerProbability: f.retrigger,
    expectedSpins: f.freeSpinsPerRound / f.freeSpinTrigger,
    expectedWin: seriesMean,
    stdevWin: Math.sqrt(seriesSquare - seriesMean * seriesMean),
    seriesRetriggerProbability: 1 - seriesNoRetrigger(starts, f),
    capReachedProbability: 0,
    ...lengthRows(lengths.probabilities, lengths.truncatedMass, f.freeSpinTrigger, 1),
  };

  const rareAwards = new RareAwards(RARE);
  const rare = rareAwards.add.bind(rareAwards);
  for (const c of report.combinations)
    rare(`${c.count} ${c.symbol}${c.kind === "line" ? " on a line" : " anywhere"}`, c.per, c.probability);
  for (const e of distributions[0]?.exceedance ?? [])
    if (e.probability > 0)
      rare(`round win of ${e.x} x bet or more${e.upperBound ? " (upper bound)" : ""}`, "round", e.probability);
  rare(`a round plays more than ${REPORT_CAP} free spins`, "round", aboveCap);
  rare(`the paid spin's largest win, ${f.maxPaidSpin.x.toFixed(2)} x bet`, "paidSpin", f.maxPaidSpin.probability);
  rare(
    `the largest win of a round of at most ${REPORT_CAP} free spins, ${f.maxCapped.x.toFixed(2)} x bet`,
    "round",
    0,
    f.maxCapped.log10Probability,
  );

  const figures = {
    ...report.figures,
    fullCycle: cycle.combinations,
    fullCycleLineRtp: lineRtpFromCycle(cycle),
    roundMeanFromMoments: f.mean,
    roundMeanFromDistribution: lawMean(law.law),
    hitFrequencyFromDistribution: 1 - (law.law[0] ?? 0),
    hitFrequencyMin: Math.min(...rows.map((r) => r.round.hit)),
    hitFrequencyMax: Math.max(...rows.map((r) => r.round.hit)),
    stdevMin: Math.min(...rows.map((r) => r.round.stdev)),
    stdevMax: Math.max(...rows.map((r) => r.round.stdev)),
    jackpotOneInRoundsMin: Math.min(...rows.map((r) => oneIn(r.round.jackpot))),
    jackpotOneInRoundsMax: Math.max(...rows.map((r) => oneIn(r.round.jackpot))),
    jackpotProbabilityPerRound: f.jackpot,
    maxWinPaidSpinX: f.maxPaidSpin.x,
    maxWinPaidSpinProbability: f.maxPaidSpin.probability,
    maxWinCappedX: f.maxCapped.x,
    maxWinCappedLog10Probability: f.maxCapped.log10Probability,
    maxWinFreeSpinCap: REPORT_CAP,
    pFreeSpinsAboveReportCap: aboveCap,
  };
  return {
    ...roundHeadline(report.rtp, {
      hit: f.hit,
      stdev: f.stdev,
      hitFrequencies: [
        {
          id: "paidSpinPays",
          name: "the paid spin pays a line win or a witch battle",
          per: "paidSpin",
          probability: f.paidSpinPays,
        },
        {
          id: "paidSpinPaysOrTriggers",
          name: "the paid spin pays or starts Merlin (3+ WITCH always pay)",
          per: "paidSpin",
          probability: f.paidSpinPaysOrTriggers,
        },
        {
          id: "paidSpinLineWin",
          name: "the paid spin has a line win (what the double may stake)",
          per: "paidSpin",
          probability: f.paidSpinLineWin,
        },
      ],
      maxWin: unboundedMaxWin(
        `unbounded: free spins chain without limit. A round of at most ${REPORT_CAP} free spins (all but ${aboveCap.toExponential(2)} of rounds) wins at most ${f.maxCapped.x.toFixed(2)} x bet (log10 P = ${f.maxCapped.log10Probability.toFixed(1)}: ${f.maxCapped.description}); the paid spin alone at most ${f.maxPaidSpin.x.toFixed(2)} x bet (1 in ${oneIn(f.maxPaidSpin.probability).toExponential(3)})`,
      ),
    }),
    variants: rows.map((r) => r.variant),
    winDistribution: distributions[0]?.buckets ?? [],
    distributions,
    rareAwards: rareAwards.list,
    freeSpins,
    features: [
      ...report.features,
      parFeature("freeSpinsInRound", "Free spins from the paid spin (battle or Merlin)", "paidSpin", f.freeSpinTrigger),
      parFeature("jackpotInRound", "Progressive won at least once in a round (15 lines x 10 coins)", "round", f.jackpot),
    ],
    tables: [...report.tables, byBetTable(rows)],
    figures,
  };
}

/** P(no spin of the series awards more), given a trigger: E[p0^A | A > 0], p0 = P(a free spin awards nothing). */
function seriesNoRetrigger(starts: Float64Array, f: { freeSpinTrigger: number; retrigger: number }): number {
  let s = 0;
  starts.forEach((p, a) => {
    if (a > 0) s += (p / f.freeSpinTrigger) * (1 - f.retrigger) ** a;
  });
  return s;
}

/** The line RTP at 15 lines from the cycle, summed exactly in integers (a cross-check of rtp.ts's per-line laws). */
function lineRtpFromCycle(cycle: LineCycle): number {
  let sum = 0n;
  const h = cycle.histogram;
  for (let k = 0; k < h.classes; k++) {
    const weights = h.weights(k);
    for (let v = 1; v < weights.length; v++) if (weights[v]) sum += BigInt(weights[v] as number) * BigInt(v);
  }
  const lines = BigInt(cycle.lineCounts.at(-1) ?? 15);
  return new Fraction(sum, BigInt(cycle.totalWeight) * lines).toNumber();
}
