/**
 * Mona Lisa Jewels' exact RTP at any bet, from model.ts through the engine's exact kit; no
 * simulation, no full cycle (a few hundred milliseconds).
 *
 * - A spin of kind K (the paid spin on the base strips, a normal free spin on the free-spin
 *   strips with x2/x4/x8): the pay law of each payline from the per-reel cell laws
 *   (`lineExpectation`), the SCATTER count law, P(5 JACKPOT) per line, and the Jewel series
 *   it triggers (jewel-chain.ts: locked reel 1, sticky reels 2–5, exact per Jewel spin).
 * - Free spins by linearity: one normal free spin's whole value (its own win, the Jewel series
 *   it may trigger, and every spin awarded below it) T solves T = v + t·w + m·T with
 *   m = 10·P(3+ SCATTER) + 10·P(Jewel)·E[awards in a Jewel series] (< 1), and a paid round
 *   returns v_B + t_B·w_B + 10·(s_B + t_B·n_B)·T.
 * - At n lines every amount is (Σ over lines 1..n) / n of the total bet; at max bet each
 *   5-JACKPOT line of a paid or normal free spin pays the pool (200 x bet at its seed)
 *   instead of the paytable value.
 */
import {
  cellLaw,
  claimPool,
  type LineExpectation,
  type LineRule,
  lineExpectation,
  MICRO_PER_MINOR,
  type ReelLaw,
  reelLaws,
  windowCountLaw,
} from "@reelhouse/engine";
import { jewelSpinReels } from "./jewel-chain.js";
import {
  BET_OPTIONS,
  FREE_SPINS,
  JACKPOT_RULES,
  JEWEL_SPINS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REEL_STRIPS_JEWEL,
  ROWS,
} from "./model.js";
import {
  JACKPOT_INDEX,
  LINE_RULE,
  LINE_RULE_FREE,
  MAX_LINES,
  N_SYMBOLS,
  SCATTER_BY_COUNT,
  SCATTER_INDEX,
  SYMBOL_IDS,
} from "./tables.js";

type Strips = readonly (readonly string[])[];

/** The payout-relevant inputs of the exact calculation (defaults: model.ts). */
export interface MonaMaths {
  base: Strips;
  freeSpins: Strips;
  /** Reels 2–5 of Jewel spins (reel 1 is locked). */
  jewel: Strips;
}
export const MODEL_MATHS: MonaMaths = { base: REEL_STRIPS_BASE, freeSpins: REEL_STRIPS_FREE_SPINS, jewel: REEL_STRIPS_JEWEL };

/** Strips as symbol indices. */
export function stripIndices(strips: Strips): Uint8Array[] {
  return strips.map((strip, r) =>
    Uint8Array.from(strip, (id) => {
      const i = SYMBOL_IDS.indexOf(id);
      if (i < 0) throw new Error(`reel ${r + 1}: unknown symbol ${id}`);
      return i;
    }),
  );
}

/** Lines and scatters of one window law (a spin, or one Jewel spin). */
export interface WindowMaths {
  /** Per payline: the pay law (coins per coin on the line, multipliers included). */
  lines: LineExpectation[];
  /** Per payline: P(5 JACKPOT on the line). */
  jackpotFive: number[];
  /** P(k SCATTER on the screen), k = 0..15. */
  scatterCounts: Float64Array;
  /** Expected scatter pay (x total bet). */
  scatterRtp: number;
  /** P(3+ SCATTER): 10 normal free spins. */
  scatterTrigger: number;
}

/** The exact laws of a window whose reels have the laws `reels` (independent). */
export function windowMaths(reels: readonly ReelLaw[], rule: LineRule): WindowMaths {
  const lines = PAYLINES.map((line) =>
    lineExpectation(
      rule,
      line.map((row, r) => cellLaw(reels[r] as ReelLaw, row, N_SYMBOLS)),
    ),
  );
  const jackpotFive = PAYLINES.map((line) =>
    line.reduce((p, row, r) => p * ((cellLaw(reels[r] as ReelLaw, row, N_SYMBOLS)[JACKPOT_INDEX] as number) ?? 0), 1),
  );
  const scatterCounts = windowCountLaw(reels, SCATTER_INDEX);
  let scatterRtp = 0;
  let scatterTrigger = 0;
  scatterCounts.forEach((p, k) => {
    scatterRtp += p * (SCATTER_BY_COUNT[k] ?? 0);
    if (k >= FREE_SPINS.minScatters) scatterTrigger += p;
  });
  return { lines, jackpotFive, scatterCounts, scatterRtp, scatterTrigger };
}

/** The Jewel series a spin kind triggers, given that it triggers. */
export interface JewelSeriesMaths {
  /** P(2+ JEWEL in the reel-1 column) per spin of the triggering kind. */
  trigger: number;
  /** Each Jewel spin's window maths (no multipliers; 5 JACKPOT pays the paytable). */
  spins: WindowMaths[];
  /** Per payline: expected coins per coin over the whole series. */
  lineMeans: number[];
  /** Expected scatter pay over the series (x total bet). */
  scatterRtp: number;
  /** Expected 10-spin awards over the series. */
  awards: number;
}

/** A kind of spin that can trigger everything: the paid spin (base strips) or a normal free spin. */
export interface SpinKindMaths {
  reels: ReelLaw[];
  spin: WindowMaths;
  jewel: JewelSeriesMaths;
}

/**
 * Everything one kind of spin decides. `rule` is the line rule of the spin itself (the
 * free-spin multipliers for normal free spins); Jewel spins it triggers play reels 2–5 on
 * `jewelStrips` (four strips) without multipliers.
 */
export function spinKindMaths(strips: Strips, rule: LineRule, jewelStrips: Strips): SpinKindMaths {
  const reels = reelLaws(stripIndices(strips), ROWS);
  const jewelReels = reelLaws(stripIndices(jewelStrips), ROWS);
  const spin = windowMaths(reels, rule);
  const series = jewelSpinReels(reels, jewelReels);
  const spins = series.windows.map((w) => windowMaths(w, LINE_RULE));
  const jewel: JewelSeriesMaths = {
    trigger: series.trigger,
    spins,
    lineMeans: PAYLINES.map((_, l) => spins.reduce((a, s) => a + (s.lines[l] as LineExpectation).mean, 0)),
    scatterRtp: spins.reduce((a, s) => a + s.scatterRtp, 0),
    awards: spins.reduce((a, s) => a + s.scatterTrigger, 0),
  };
  return { reels, spin, jewel };
}

/** The maths of both kinds of spin. */
export interface GameMaths {
  base: SpinKindMaths;
  free: SpinKindMaths;
}

/** Both spin kinds of a maths (default: model.ts). */
export function gameMaths(maths: MonaMaths = MODEL_MATHS): GameMaths {
  return {
    base: spinKindMaths(maths.base, LINE_RULE, maths.jewel),
    free: spinKindMaths(maths.freeSpins, LINE_RULE_FREE, maths.jewel),
  };
}

/** A bet as far as the maths cares: lines played and whether the progressive is live (25 lines x 10 coins). */
export interface MathsBet {
  lines: number;
  maxBet: boolean;
}

/** The pool at its seed as a multiple of the max bet, the same at every coin value (checked: every coin value pays whole cents). */
export function jackpotSeedTimesBet(): number {
  const ratios = BET_OPTIONS.coinValues.map((c) => {
    const paid = claimPool(JACKPOT_RULES.seedMicro, JACKPOT_RULES.seedMicro, c, JACKPOT_RULES.referenceCoinValue).paidMinor;
    return paid / (c * JACKPOT_RULES.lines * JACKPOT_RULES.coinsPerLine);
  });
  const first = ratios[0] as number;
  if (ratios.some((r) => r !== first)) throw new Error(`the seed is not proportional to the coin value: ${ratios}`);
  // Without rounding: seed (EUR micro) x c / 1000 / 10,000 micro per cent / (250 c).
  if (first !== JACKPOT_RULES.seedMicro / (JACKPOT_RULES.referenceCoinValue * MICRO_PER_MINOR * 250)) {
    throw new Error("rounding changes the jackpot");
  }
  return first;
}

/** Pay of 5 JACKPOT in the line rule's paytable (what the progressive replaces). */
const jackpotFivePay = (): number => (LINE_RULE.paytable.pays[JACKPOT_INDEX] as Int32Array)[5] ?? 0;

const sumLines = (values: readonly number[], n: number): number => {
  let s = 0;
  for (let l = 0; l < n; l++) s += values[l] as number;
  return s;
};

/** Line + scatter value of one spin (x total bet) at a bet, the 5-JACKPOT paytable part apart. */
function spinValue(w: WindowMaths, bet: MathsBet) {
  const lines = sumLines(
    w.lines.map((l) => l.mean),
    bet.lines,
  );
  const five = sumLines(w.jackpotFive, bet.lines);
  // The progressive replaces the paytable value of a 5-JACKPOT line (x1: it holds no wild).
  const paytableFive = bet.maxBet ? (five * jackpotFivePay()) / bet.lines : 0;
  return { lines: lines / bet.lines - paytableFive, scatter: w.scatterRtp, jackpotLines: bet.maxBet ? five : 0 };
}

/** The exact RTP and its parts at a bet, with the pool at `jackpotX` x bet (default: its seed). */
export function rtpAt(g: GameMaths, bet: MathsBet, jackpotX: number = jackpotSeedTimesBet()) {
  const b = spinValue(g.base.spin, bet);
  const f = spinValue(g.free.spin, bet);
  const jewelValue = (j: JewelSeriesMaths) => sumLines(j.lineMeans, bet.lines) / bet.lines + j.scatterRtp;
  const award = FREE_SPINS.award;
  // Spins awarded per normal free spin, directly and through the Jewel series it triggers.
  const m = award * (g.free.spin.scatterTrigger + g.free.jewel.trigger * g.free.jewel.awards);
  if (!(m < 1)) throw new Error(`free spins award ${m} spins per spin: the series would never end`);
  // Expected normal free spins per paid round.
  const freeSpins = (award * (g.base.spin.scatterTrigger + g.base.jewel.trigger * g.base.jewel.awards)) / (1 - m);
  const jewelSeries = { fromBase: g.base.jewel.trigger, fromFree: freeSpins * g.free.jewel.trigger };
  const breakdown = {
    baseLines: b.lines,
    baseScatter: b.scatter,
    freeSpins: freeSpins * (f.lines + f.scatter),
    jewelSpins: jewelSeries.fromBase * jewelValue(g.base.jewel) + jewelSeries.fromFree * jewelValue(g.free.jewel),
    jackpot: (b.jackpotLines + freeSpins * f.jackpotLines) * jackpotX,
  };
  const rtp = breakdown.baseLines + breakdown.baseScatter + breakdown.freeSpins + breakdown.jewelSpins + breakdown.jackpot;
  return {
    rtp,
    breakdown,
    /** Expected normal free spins, Jewel series and jackpot lines per paid round. */
    perRound: {
      freeSpins,
      jewelSeries: jewelSeries.fromBase + jewelSeries.fromFree,
      jewelSeriesFromBase: jewelSeries.fromBase,
      jewelSeriesFromFree: jewelSeries.fromFree,
      jewelSpins: (jewelSeries.fromBase + jewelSeries.fromFree) * JEWEL_SPINS.award,
      freeSpinAwards: g.base.spin.scatterTrigger + g.base.jewel.trigger * g.base.jewel.awards + (freeSpins * m) / award,
      jackpotLines: bet.maxBet ? b.jackpotLines + freeSpins * f.jackpotLines : 0,
      fiveJackpotLines: sumLines(g.base.spin.jackpotFive, bet.lines) + freeSpins * sumLines(g.free.spin.jackpotFive, bet.lines),
    },
    awardsPerFreeSpin: m,
  };
}

/** The exact RTP at every line count (1–25), below max bet: the row-symmetry proof lists them all. */
export function rtpByLines(g: GameMaths): number[] {
  return Array.from({ length: MAX_LINES }, (_, i) => rtpAt(g, { lines: i + 1, maxBet: false }).rtp);
}
