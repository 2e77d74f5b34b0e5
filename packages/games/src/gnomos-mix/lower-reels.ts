/**
 * The lower game's three reels of 16 figures (sheet 2: "three reels with 16 figures each"),
 * top to bottom, and the direct award of one spin at a bet for given landing weights (one
 * integer weight per stop and reel: the lever DESIGN.md §2 names, set per RTP level and bet).
 * The centre line shows the figure at each reel's stop; advances move a reel one figure
 * (engine `reels/holds.ts`). Exact: the line's tuple law is enumerated over the 10^3 tuples.
 */
import { expectedTuplePay } from "@reelhouse/engine";
import { LOWER_FIGURES, LOWER_LINES, type LowerFigure } from "./lower-paytable.js";
import { BONUS_VALUE, LOWER_BETS, LOWER_REELS } from "./sheet.js";

/**
 * The strips (ruled): per reel one of each diamond, two of each fruit and the Bells, one Bonus
 * figure and two Windows; the same figures in a different order on each reel, so an advance
 * on one reel passes different figures than on the others.
 */
export const LOWER_STRIPS: readonly (readonly LowerFigure[])[] = [
  [
    "BELL",
    "PLUM",
    "BLUE_DIAMOND",
    "GRAPE",
    "ORANGE",
    "WINDOW",
    "LEMON",
    "PLUM",
    "RED_DIAMOND",
    "BELL",
    "BONUS",
    "GRAPE",
    "ORANGE",
    "GREEN_DIAMOND",
    "LEMON",
    "WINDOW",
  ],
  [
    "PLUM",
    "LEMON",
    "GREEN_DIAMOND",
    "BELL",
    "GRAPE",
    "WINDOW",
    "ORANGE",
    "BONUS",
    "PLUM",
    "BLUE_DIAMOND",
    "LEMON",
    "BELL",
    "GRAPE",
    "RED_DIAMOND",
    "ORANGE",
    "WINDOW",
  ],
  [
    "GRAPE",
    "ORANGE",
    "RED_DIAMOND",
    "PLUM",
    "BELL",
    "WINDOW",
    "LEMON",
    "GRAPE",
    "GREEN_DIAMOND",
    "ORANGE",
    "PLUM",
    "BONUS",
    "BELL",
    "BLUE_DIAMOND",
    "LEMON",
    "WINDOW",
  ],
];

/** Landing weights: one integer per stop of each reel (uniform: all 1). */
export type LandingWeights = readonly (readonly number[])[];

/** Every stop equally likely. */
export const UNIFORM_WEIGHTS: LandingWeights = LOWER_STRIPS.map((s) => s.map(() => 1));

/** The law of the centre line's figure on each reel: P(figure) from the landing weights. */
export function centreLaws(weights: LandingWeights): Float64Array[] {
  if (weights.length !== LOWER_REELS.reels) throw new RangeError(`${weights.length} weight lists for ${LOWER_REELS.reels} reels`);
  return LOWER_STRIPS.map((strip, r) => {
    const w = weights[r] as readonly number[];
    if (w.length !== strip.length || w.some((x) => !Number.isSafeInteger(x) || x < 0))
      throw new RangeError(`reel ${r + 1}: one non-negative integer weight per stop`);
    const total = w.reduce((a, b) => a + b, 0);
    const law = new Float64Array(LOWER_FIGURES.length);
    strip.forEach((figure, stop) => {
      const i = LOWER_FIGURES.indexOf(figure);
      law[i] = (law[i] as number) + (w[stop] as number) / total;
    });
    return law;
  });
}

/** What one spin's centre line returns at bet `bet`, x the bet: cash, Bonuses at 0.80 EUR, P(Cauldrons), P(any prize). */
export function directAward(
  bet: number,
  weights: LandingWeights = UNIFORM_WEIGHTS,
): { cashX: number; bonusX: number; bonuses: number; cauldrons: number; hit: number } {
  const compiled = LOWER_LINES[bet];
  const stake = LOWER_BETS[bet];
  if (!compiled || stake === undefined) throw new RangeError(`no lower bet ${bet}`);
  const e = expectedTuplePay(compiled, centreLaws(weights));
  const bonuses = e.units.bonus ?? 0;
  return {
    cashX: e.cash / stake,
    bonusX: (bonuses * BONUS_VALUE) / stake,
    bonuses,
    cauldrons: e.units.cauldrons ?? 0,
    hit: e.hit,
  };
}
