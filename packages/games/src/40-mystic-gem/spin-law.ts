/**
 * The exact law of one spin of a mode at one WILD placement: every stop combination of the
 * reels that spin (the engine's `lineCycle`), each window's 40 line pays summed, by class
 * (Full Moon count, Shooting Star count). From it: the win law in line bets (line pays plus
 * scatter pays x 40), and for a guaranteed mode the same law conditioned on a line win,
 * which is what "redraw the spinning reels until a line wins" plays.
 */
import { lineCycle, type ReelLaw } from "@reelhouse/engine";
import { LINES, PAYLINES, SCATTER_PAYS } from "./model.js";
import { LINE_RULE, MOON_INDEX, N_SYMBOLS, STAR_INDEX } from "./rules.js";

/** Shooting Star counts per class row (0..3; a class is moon x 4 + star). */
const STARS = 4;
/** Classes: Full Moon 0..5 x Shooting Star 0..3 (a reel shows at most one of each). */
const CLASSES = 6 * STARS;

/** The scatter pay of a class, x total bet. */
export function scatterPayOf(moons: number, stars: number): number {
  return (SCATTER_PAYS.MOON[moons] ?? 0) + (SCATTER_PAYS.STAR[stars] ?? 0);
}

/** One outcome of the law: the win in line bets, split, and its probability. */
export interface SpinOutcome {
  readonly lineBets: number;
  readonly linePay: number;
  readonly moons: number;
  readonly stars: number;
  readonly probability: number;
}

/** A spin's exact law as a list of (line pay, moons, stars) outcomes with probabilities. */
export interface SpinLaw {
  readonly outcomes: readonly SpinOutcome[];
  /** Stop combinations enumerated. */
  readonly combinations: number;
  /** P(at least one line wins). */
  readonly lineHit: number;
}

/**
 * Enumerates the spin of `reels` (a mode's laws at a placement, `modeReelLaws`). Scatter
 * counts above what a reel can show (two of one scatter in a column) are refused: the strips
 * keep scatters 4 stops apart.
 */
export function spinLaw(reels: readonly ReelLaw[]): SpinLaw {
  const cycle = lineCycle(reels, {
    lines: PAYLINES,
    rule: LINE_RULE,
    symbols: N_SYMBOLS,
    counted: [MOON_INDEX, STAR_INDEX],
    classes: CLASSES,
    classOf: (w) => {
      const moons = w.counts[0] as number;
      const stars = w.counts[1] as number;
      if (moons > 5 || stars >= STARS) throw new Error("spinLaw: a reel shows two of one scatter");
      return moons * STARS + stars;
    },
  });
  const outcomes: SpinOutcome[] = [];
  let lineHit = 0;
  const h = cycle.histogram;
  for (let c = 0; c < CLASSES; c++) {
    const moons = Math.floor(c / STARS);
    const stars = c % STARS;
    const scatter = scatterPayOf(moons, stars) * LINES;
    const weights = h.weights(c);
    for (let pay = 0; pay < weights.length; pay++) {
      const weight = weights[pay] as number;
      if (weight === 0) continue;
      const probability = weight / cycle.totalWeight;
      outcomes.push({ lineBets: pay + scatter, linePay: pay, moons, stars, probability });
      if (pay > 0) lineHit += probability;
    }
  }
  // A sum of doubles may pass 1 by an ulp where every window wins a line (3 WILDs).
  return { outcomes, combinations: cycle.combinations, lineHit: Math.min(1, lineHit) };
}

/** The law a guaranteed spin plays: the outcomes with a line win, renormalised. */
export function conditionOnLineWin(law: SpinLaw): SpinLaw {
  if (law.lineHit <= 0) throw new Error("conditionOnLineWin: no window wins a line");
  return {
    outcomes: law.outcomes.filter((o) => o.linePay > 0).map((o) => ({ ...o, probability: o.probability / law.lineHit })),
    combinations: law.combinations,
    lineHit: 1,
  };
}

/** Mean win of a law, in line bets. */
export function meanLineBets(law: SpinLaw): number {
  let m = 0;
  for (const o of law.outcomes) m += o.lineBets * o.probability;
  return m;
}
