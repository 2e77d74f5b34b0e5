/**
 * Mona Lisa Jewels' PAR sheet (`reelhouse.par/2`): the exact figures of rtp.ts (every bet),
 * jewel-chain.ts and trajectory.ts (Jewel spins, awards), cycle.ts (the paid spin's full
 * cycle), zero-win.ts (hit frequency) and moments.ts (standard deviation), assembled and labelled.
 */
import {
  assemblePar,
  betGrid,
  type ExactOptions,
  lengthRows,
  longestRunLaw,
  maskLaw,
  oneIn,
  type ParFeature,
  type ParFreeSpins,
  type ParReport,
  parFeature,
  parTable,
  type ReelLaw,
  reelLaws,
  type SeriesSpinClass,
  seriesLengthLaw,
  unboundedMaxWin,
} from "@reelhouse/engine";
import { DEFAULT_BET, modelJson } from "./describe.js";
import { BET_OPTIONS, FREE_SPINS, GAME_ID, JACKPOT_RULES, MATHS_VERSION, PAYLINES, ROWS } from "./model.js";
import { combinations, DEFINITIONS, notes, reelSets, seedTable, symmetryTable } from "./par-parts.js";
import { roundFigures } from "./par-round.js";
import {
  type GameMaths,
  gameMaths,
  jackpotSeedTimesBet,
  MODEL_MATHS,
  type MonaMaths,
  rtpAt,
  rtpByLines,
  stripIndices,
} from "./rtp.js";
import { JACKPOT_INDEX } from "./tables.js";
import { type AwardLaw, awardClasses, awardLaw } from "./trajectory.js";

/** The contribution of every bet to the pool, a fraction of the bet (0.5%). */
export const CONTRIBUTION = JACKPOT_RULES.contributionBps / 10_000;
/** The reference the jackpot's mean time between hits is stated at. */
export const JACKPOT_REFERENCE = { players: 1000, roundsPerMinute: 12 } as const;

const isMaxBet = (lines: number, coinsPerLine: number) =>
  lines === JACKPOT_RULES.lines && coinsPerLine === JACKPOT_RULES.coinsPerLine;

/** Free-spin series statistics: a round's normal free spins, from their first award to the last spin. */
function freeSpinStats(g: GameMaths, base: AwardLaw, free: AwardLaw): ParFreeSpins {
  const start = awardClasses(base);
  const perSpin = awardClasses(free);
  const classes: SeriesSpinClass[] = perSpin.map((probability, k) => ({ probability, award: k * FREE_SPINS.award }));
  const hasSeries = 1 - (start[0] as number);
  const below = rtpAt(g, { lines: DEFAULT_BET.lines, maxBet: false });
  // The round's series is the mixture over its first award (10, 20 or 30 spins).
  const limit = 2000;
  const lengths = new Float64Array(limit + 1);
  let truncatedMass = 0;
  let noRetrigger = 0;
  for (let k = 1; k < start.length; k++) {
    const w = (start[k] as number) / hasSeries;
    if (w === 0) continue;
    const law = seriesLengthLaw({ initial: k * FREE_SPINS.award, classes }, limit);
    law.probabilities.forEach((p, n) => {
      lengths[n] = (lengths[n] as number) + w * p;
    });
    truncatedMass += w * law.truncatedMass;
    noRetrigger += w * (perSpin[0] as number) ** (k * FREE_SPINS.award);
  }
  return {
    award: FREE_SPINS.award,
    retriggerAward: FREE_SPINS.award,
    cap: null,
    triggerProbability: hasSeries,
    retriggerProbability: 1 - (perSpin[0] as number),
    expectedSpins: below.perRound.freeSpins / hasSeries,
    expectedWin: (below.breakdown.freeSpins + below.perRound.jewelSeriesFromFree * jewelSeriesValue(g, "free")) / hasSeries,
    stdevWin: Number.NaN,
    seriesRetriggerProbability: 1 - noRetrigger,
    capReachedProbability: 0,
    ...lengthRows(lengths, truncatedMass),
  };
}

/** A Jewel series' expected win (x bet) at 25 lines, given its trigger by a spin of `kind`. */
function jewelSeriesValue(g: GameMaths, kind: "base" | "free"): number {
  const j = g[kind].jewel;
  return j.lineMeans.reduce((a, b) => a + b, 0) / PAYLINES.length + j.scatterRtp;
}

/** P(at least one 5-JACKPOT line) in one spin on `reels` at 25 lines (row masks of JACKPOT, every combination). */
export function jackpotSpinProbability(reels: readonly ReelLaw[]): number {
  const law = longestRunLaw(
    reels.map((r) => maskLaw(r, JACKPOT_INDEX)),
    PAYLINES,
  );
  return (law[PAYLINES.length] as Float64Array)[JACKPOT_RULES.count] as number;
}

/** The exact PAR report of Mona Lisa Jewels. */
export function buildPar(options: ExactOptions = {}, maths: MonaMaths = MODEL_MATHS): ParReport {
  const g = gameMaths(maths);
  const below = rtpAt(g, { lines: DEFAULT_BET.lines, maxBet: false });
  const max = rtpAt(g, { lines: JACKPOT_RULES.lines, maxBet: true });
  const byLines = rtpByLines(g);
  const jackpotX = jackpotSeedTimesBet();

  const jewelReels = reelLaws(stripIndices(maths.jewel), ROWS);
  const baseAwards = awardLaw(g.base.reels, jewelReels, FREE_SPINS.minScatters);
  const freeAwards = awardLaw(g.free.reels, jewelReels, FREE_SPINS.minScatters);
  const freeSpins = freeSpinStats(g, baseAwards, freeAwards);

  // The progressive: P(a max-bet paid spin shows a 5-JACKPOT line) and claims per max-bet round.
  const jackpotPaidSpin = jackpotSpinProbability(g.base.reels);
  const claimsPerRound = max.perRound.jackpotLines;
  const roundsPerHour = JACKPOT_REFERENCE.players * JACKPOT_REFERENCE.roundsPerMinute * 60;

  const features: ParFeature[] = [
    parFeature("jewelSpins", "Jewel spins (2+ JEWEL on reel 1)", "paidSpin", g.base.jewel.trigger),
    parFeature("jewelSpinsInFreeSpins", "Jewel spins triggered by a normal free spin", "freeSpin", g.free.jewel.trigger),
    parFeature("freeSpins", "10 free spins from the paid spin (3+ SCATTER)", "paidSpin", g.base.spin.scatterTrigger),
    parFeature(
      "freeSpinsInRound",
      "Normal free spins anywhere in the round (the paid spin or its Jewel spins)",
      "round",
      freeSpins.triggerProbability,
    ),
    parFeature(
      "freeSpinsRetrigger",
      "10 more free spins from a normal free spin (3+ SCATTER)",
      "freeSpin",
      g.free.spin.scatterTrigger,
    ),
    parFeature(
      "freeSpinsFromJewelSpin",
      "10 free spins from a Jewel spin (3+ SCATTER, the locked reel 1 included)",
      "series",
      g.base.jewel.awards,
      "expected awards per Jewel series triggered by the paid spin",
    ),
    parFeature(
      "jackpot",
      "Progressive: a 5-JACKPOT line in a max-bet paid spin",
      "paidSpin",
      jackpotPaidSpin,
      "max bet only (25 lines x 10 coins per line); never in Jewel spins",
    ),
  ];

  const figures: Record<string, number> = {
    lines: PAYLINES.length,
    rtpBelowMaxBet: below.rtp,
    rtpMaxBet: max.rtp,
    rtpMaxBetMinusBelowMaxBet: max.rtp - below.rtp,
    progressiveShareAtSeed: max.breakdown.jackpot,
    jackpotSeedTimesMaxBet: jackpotX,
    contribution: CONTRIBUTION,
    rtpLongRunBelowMaxBet: below.rtp + CONTRIBUTION,
    rtpLongRunMaxBet: max.rtp + CONTRIBUTION,
    rtpOwnLongRunBelowMaxBet: below.rtp,
    rtpOwnLongRunMaxBetAllWagersAtMaxBet: max.rtp + CONTRIBUTION,
    rtpByLinesMin: Math.min(...byLines),
    rtpByLinesMax: Math.max(...byLines),
    jackpotProbabilityPerMaxBetPaidSpin: jackpotPaidSpin,
    jackpotClaimsPerMaxBetRound: claimsPerRound,
    jackpotRoundsBetweenHits: oneIn(claimsPerRound),
    jackpotReferencePlayers: JACKPOT_REFERENCE.players,
    jackpotReferenceRoundsPerMinute: JACKPOT_REFERENCE.roundsPerMinute,
    jackpotMeanHoursBetweenHits: 1 / (roundsPerHour * claimsPerRound),
    jewelTriggerPerPaidSpin: g.base.jewel.trigger,
    jewelTriggerPerFreeSpin: g.free.jewel.trigger,
    jewelSeriesValueXBet: jewelSeriesValue(g, "base"),
    jewelSeriesPerRound: below.perRound.jewelSeries,
    freeSpinsPerRound: below.perRound.freeSpins,
    freeSpinAwardsPerFreeSpin: below.awardsPerFreeSpin,
    freeSpinTriggerPerPaidSpin: g.base.spin.scatterTrigger,
    freeSpinTriggerPerFreeSpin: g.free.spin.scatterTrigger,
  };

  return assemblePar(
    {
      game: GAME_ID,
      version: MATHS_VERSION,
      model: modelJson(),
      defaultBet: { ...DEFAULT_BET },
      axes: {
        bets: betGrid({ lines: BET_OPTIONS.lines, coinsPerLine: BET_OPTIONS.coinsPerLine }, ["coinsPerLine", "lines"]),
        modes: ({ lines, coinsPerLine }) => [isMaxBet(lines, coinsPerLine) ? "maxBet" : "belowMaxBet"],
      },
      variant: ({ bet: { lines }, mode }) => {
        const maxBet = mode === "maxBet";
        const rtp = maxBet ? max.rtp : (byLines[lines - 1] as number);
        return {
          rtp,
          breakdown: maxBet ? max.breakdown : rtpAt(g, { lines, maxBet: false }).breakdown,
          figures: {
            // House level: the bet's wagers return rtp, plus the 0.5% the pool pays to its winners.
            rtpLongRun: rtp + CONTRIBUTION,
            // The player at this bet: below max bet the progressive cannot be won, so the
            // contribution returns to others; at max bet, + 0.5% / f (f = share of all wagers
            // placed at max bet), given at f = 1.
            rtpOwnLongRun: maxBet ? rtp + CONTRIBUTION : rtp,
            maxBet: maxBet ? 1 : 0,
          },
        };
      },
      headline: below,
      rtpLongRun: below.rtp + CONTRIBUTION,
      maxWin: unboundedMaxWin("unbounded: free spins can be won without limit (figures.maxWinPaidSpin: the largest paid spin)"),
      features,
      combinations: combinations(g),
      freeSpins,
      reels: reelSets(maths),
      tables: [
        symmetryTable(g),
        parTable("rtpByLines", "RTP by line count (below max bet; max bet: 25 lines x 10 coins)", byLines, [
          ["Lines", (_, i) => i + 1],
          ["RTP below max bet", (r) => r],
          ["RTP long run (house level: + the 0.5% paid to max-bet winners)", (r) => r + CONTRIBUTION],
        ]),
        seedTable(),
      ],
      definitions: DEFINITIONS,
      figures,
      notes: notes(),
      fullCycle: (report) => roundFigures(g, maths, report, { base: baseAwards, free: freeAwards }),
    },
    options,
  );
}
