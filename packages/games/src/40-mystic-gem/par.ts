/**
 * 40 Mystic Gem's PAR sheet (`reelhouse.par/2`): the base game and each bought mode at every
 * stake as a variant (price, RTP, hit frequency, volatility, max win and its probability),
 * each mode's placements (weight, share, RTP), the scatter pays' probabilities per mode (4
 * and 5 exactly 0 in bought modes), the reel sets with their stop weights, and the win
 * distributions. Pays scale with the stake exactly (every stake is a multiple of 40 cents),
 * so a mode's figures in multiples of the stake are the same at every stake.
 */
import {
  bucketize,
  type ExactOptions,
  mathsHash,
  PAR_SCHEMA,
  type ParDistribution,
  type ParReport,
  type ParTable,
  type ParVariant,
  rtpBands,
  VOLATILITY_Z,
  WIN_BUCKET_EDGES,
} from "@reelhouse/engine";
import { DEFAULT_BET, modelJson } from "./describe.js";
import { allModeFigures, baseCombinations, linearMeanWinX, type ModeFigures } from "./exact.js";
import { GAME_ID, LINES, MATHS_VERSION, STAKES, SYMBOLS, TARGET_RTP } from "./model.js";
import { MODES } from "./modes.js";
import { REEL_SETS } from "./reel-sets.js";

/** Exceedance levels of the distributions, x the price. */
const EXCEEDANCE = [1, 5, 10, 20, 50, 100, 200];

const reelLabel = (reels: readonly number[]) => (reels.length === 0 ? "none" : reels.map((r) => `reel ${r + 1}`).join(" + "));

/** A mode's win law as an array over its integer units (line bets), for bucketing. */
function lawArray(f: ModeFigures): Float64Array {
  const out = new Float64Array(Math.max(...f.law.keys()) + 1);
  for (const [v, q] of f.law) out[v] = (out[v] as number) + q;
  return out;
}

function distribution(f: ModeFigures): ParDistribution {
  const unitsPerPrice = LINES * f.price;
  const law = lawArray(f);
  const exceedance = EXCEEDANCE.map((x) => {
    let p = 0;
    law.forEach((q, v) => {
      if (v >= x * unitsPerPrice) p += q;
    });
    return { x, probability: p };
  });
  return {
    id: f.id,
    name: f.id === "base" ? "Base game spin" : `Bought spin: ${f.id}`,
    per: "paidSpin",
    buckets: bucketize(law, unitsPerPrice, WIN_BUCKET_EDGES),
    hit: f.hitFrequency,
    mean: f.rtp,
    stdev: f.stdev,
    exceedance,
    truncatedMass: 0,
    method:
      "full cycle of the reels that spin at each placement, conditioned on a line win when guaranteed, mixed by the placement weights",
  };
}

function variantFigures(f: ModeFigures): Record<string, number> {
  return {
    price: f.price,
    hitFrequency: f.hitFrequency,
    lineHitFrequency: f.lineHitFrequency,
    stdev: f.stdev,
    volatilityIndex: VOLATILITY_Z * f.stdev,
    maxWinX: f.maxWinX,
    maxWinXOfPrice: f.maxWinX / f.price,
    maxWinProbability: f.maxWinProbability,
  };
}

function tables(all: readonly ModeFigures[]): ParTable[] {
  const placements: ParTable = {
    id: "placements",
    title: "Bought WILD placements: weight, share and RTP of each",
    note: "The server draws the placement once per bought spin by these weights; a guaranteed mode then redraws only the other reels. 'Accepted' is P(a line wins) before the guarantee.",
    columns: ["mode", "wild reels", "weight", "share", "mean win x bet", "RTP", "accepted"],
    rows: all.flatMap((f) =>
      f.placements.map((p) => [f.id, reelLabel(p.reels), p.weight, p.share, p.meanWinX, p.rtp, p.lineHit]),
    ),
  };
  const scatters: ParTable = {
    id: "scatters",
    title: "Scatter counts per spin, by mode",
    note: "P(k of the scatter anywhere). 4 and 5 Full Moons, and 3 Shooting Stars with 3 WILDs, are impossible in bought modes: exactly 0.",
    columns: ["mode", ...[0, 1, 2, 3, 4, 5].map((k) => `MOON ${k}`), ...[0, 1, 2, 3].map((k) => `STAR ${k}`)],
    rows: all.map((f) => [f.id, ...f.scatterProbabilities.moon, ...f.scatterProbabilities.star]),
  };
  const modes: ParTable = {
    id: "modes",
    title: "Modes: price, RTP, hit frequency, volatility, max win",
    columns: ["mode", "price x bet", "RTP", "lines", "scatters", "hit", "stdev x price", "max win x bet", "P(max win)"],
    rows: all.map((f) => [
      f.id,
      f.price,
      f.rtp,
      f.breakdown.baseLines,
      f.breakdown.baseScatter,
      f.hitFrequency,
      f.stdev,
      f.maxWinX,
      f.maxWinProbability,
    ]),
  };
  return [modes, placements, scatters];
}

/** The exact PAR report. Every figure is exact either way; `fullCycle` is accepted for the common signature. */
export function computeExact(_options?: ExactOptions): ParReport {
  const all = allModeFigures();
  const base = all[0] as ModeFigures;
  const variants: ParVariant[] = STAKES.flatMap((stake, index) =>
    all.map((f) => ({
      bet: f.id === "base" ? { stake: index } : { stake: index, mode: f.id },
      mode: f.id,
      policy: "any",
      config: null,
      rtp: f.rtp,
      breakdown: { ...f.breakdown },
      figures: { ...variantFigures(f), stakeMinor: stake, debitMinor: stake * f.price },
    })),
  );
  const crossCheck = Object.fromEntries(
    all
      .filter((f) => !MODES.find((m) => m.id === f.id)?.guarantee)
      .map((f) => [`linearRtp.${f.id}`, linearMeanWinX(MODES.find((m) => m.id === f.id) ?? null) / f.price]),
  );
  return {
    schema: PAR_SCHEMA,
    game: GAME_ID,
    version: MATHS_VERSION,
    mathsHash: mathsHash(modelJson()),
    defaultBet: { ...DEFAULT_BET },
    rtp: base.rtp,
    breakdown: { ...base.breakdown },
    hitFrequency: base.hitFrequency,
    hitFrequencies: [
      { id: "win", name: "P(spin win > 0)", per: "paidSpin", probability: base.hitFrequency },
      { id: "line", name: "P(at least one line wins)", per: "paidSpin", probability: base.lineHitFrequency },
    ],
    stdev: base.stdev,
    volatilityIndex: VOLATILITY_Z * base.stdev,
    maxWin: {
      x: base.maxWinX,
      probability: base.maxWinProbability,
      log10Probability: Math.log10(base.maxWinProbability),
      description: "the largest base-game spin win, x the total bet (the Fold may double a win of up to 42.00 EUR further)",
    },
    variants,
    features: [],
    combinations: baseCombinations().map((c) => ({ ...c, per: c.kind === "line" ? ("line" as const) : ("paidSpin" as const) })),
    winDistribution: distribution(base).buckets,
    distributions: all.map(distribution),
    bands: rtpBands(base.rtp, base.stdev),
    rareAwards: [],
    reels: Object.entries(REEL_SETS).map(([id, s]) => ({
      id,
      strips: s.strips.map((st) => [...st]),
      stopWeights: s.weights.map((w) => [...w]),
      symbolCounts: Object.fromEntries(
        SYMBOLS.map((sym) => [sym.id, s.strips.map((st) => st.filter((x) => x === sym.id).length)]),
      ),
    })),
    tables: tables(all),
    definitions: {
      rtp: "E[win] / price per spin: the base game's price is the total bet; a bought mode's is its multiple of it",
      hitFrequency: "P(a spin wins anything), per paid or bought spin",
      stdev: "standard deviation of a spin's win, x the price",
      maxWin: "the largest spin win, x the total bet; its probability per spin",
    },
    figures: {
      targetRtp: TARGET_RTP,
      ...crossCheck,
      ...Object.fromEntries(all.map((f) => [`rtp.${f.id}`, f.rtp])),
      ...Object.fromEntries(all.map((f) => [`combinations.${f.id}`, f.placements.reduce((a, p) => a + p.combinations, 0)])),
    },
    notes: [
      "Every figure is exact: each mode's spin is enumerated over every stop combination of the reels that spin at each WILD placement (weighted stops on reel 1), the guaranteed modes conditioned on at least one winning line, then mixed by the placement weights.",
      "Plain modes are cross-checked by a second method (figures linearRtp.*): the sum of the 40 lines' exact pay laws plus the scatter count laws.",
      "Pays are in line bets (total bet / 40) and scatter pays x the total bet the mode was bought at; RTP divides by the price. Figures in multiples of the stake hold at every stake.",
      "The Fold (double up) returns exactly what it stakes (even chances) and changes no RTP; Jackpot Cards are the platform's and are not in the 96.08% (`reelhouse par jackpot-cards`).",
    ],
  };
}
