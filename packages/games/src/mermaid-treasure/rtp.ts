/**
 * Mermaid Treasure's exact RTP at any bet, from model.ts through the engine's exact kit;
 * no simulation, no full cycle (milliseconds).
 *
 * - Lines: the pay law of each enabled payline from the per-reel cell laws (`lineExpectation`);
 *   line wins are coins per coin on a line, so at n lines they are Σ over the lines / n x bet.
 * - Scatter: the law of the MERMAID count in the window (convolution of per-reel counts).
 * - Treasure: the law of the longest TREASURE run over the first n lines (`longestRunLaw`);
 *   k picks pay the sum of k independent prizes x coins per line, capped at 2,500 coins.
 * - Free spins: by Wald's identity a series returns E[spins] x E[win of one free spin], with
 *   E[spins] from the retrigger solver, capped (FREE_SPINS.maxPerRound) or not.
 */
import {
  cellLaw,
  convolvePower,
  type LineRule,
  lineExpectation,
  linePaytable,
  longestRunLaw,
  maskLaw,
  type ReelLaw,
  reelLaws,
  seriesMoments,
  windowCountLaw,
} from "@reelhouse/engine";
import {
  BONUS,
  FREE_SPINS,
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REELS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  TREASURE_BONUS,
  WILD,
} from "./model.js";

/** The payout-relevant inputs of the exact calculation (defaults: model.ts). */
export interface MermaidMaths {
  base: readonly (readonly string[])[];
  freeSpins: readonly (readonly string[])[];
  prizes: readonly { coins: number; weight: number }[];
}

export const MODEL_MATHS: MermaidMaths = {
  base: REEL_STRIPS_BASE,
  freeSpins: REEL_STRIPS_FREE_SPINS,
  prizes: TREASURE_BONUS.prizes,
};

export const SYMBOL_IDS: readonly string[] = SYMBOLS.map((s) => s.id);
export const N_SYMBOLS = SYMBOL_IDS.length;
export const SCATTER_INDEX = SYMBOL_IDS.indexOf(SCATTER);
export const BONUS_INDEX = SYMBOL_IDS.indexOf(BONUS);
export const MAX_LINES = PAYLINES.length;
/** Scatter pay by MERMAID count (x total bet); counts beyond the table pay nothing, as in the round. */
export const SCATTER_BY_COUNT: readonly number[] = [0, ...(SCATTER_PAYS[SCATTER] ?? [])];
/** The free-spin cap of the model; pass `null` to the functions below for none. */
export const MODEL_CAP: number | null = FREE_SPINS.maxPerRound;

/** The line paytable, built from model.ts alone (the round builds the same; a test compares them). */
export const LINE_RULE: LineRule = {
  paytable: linePaytable(SYMBOLS, LINE_PAYS, REELS, WILD, (s) => s.kind === "regular"),
};

/** Strips as symbol indices. */
export function stripIndices(strips: MermaidMaths["base"]): Uint8Array[] {
  return strips.map((strip, r) =>
    Uint8Array.from(strip, (id) => {
      const i = SYMBOL_IDS.indexOf(id);
      if (i < 0) throw new Error(`reel ${r + 1}: unknown symbol ${id}`);
      return i;
    }),
  );
}

/** The maths of one reel set that every bet shares. */
export interface SetMaths {
  reels: ReelLaw[];
  /** Per payline: mean pay (coins per coin on the line) and paying combinations. */
  lines: ReturnType<typeof lineExpectation>[];
  /** P(k MERMAID in the window), k = 0..15. */
  scatterCounts: Float64Array;
  /** Base-game scatter RTP (x total bet). */
  scatterRtp: number;
  /** P(3+ MERMAID): a trigger (base set) or a retrigger (free-spin set). */
  trigger: number;
  /** `runLaw[n][k]`: P(longest TREASURE run over lines 1..n = k). */
  runLaw: Float64Array[];
}

/** Lines, scatters and Treasure runs of a reel set. */
export function setMaths(strips: MermaidMaths["base"]): SetMaths {
  const reels = reelLaws(stripIndices(strips), ROWS);
  const lines = PAYLINES.map((line) =>
    lineExpectation(
      LINE_RULE,
      line.map((row, r) => cellLaw(reels[r] as ReelLaw, row, N_SYMBOLS)),
    ),
  );
  const scatterCounts = windowCountLaw(reels, SCATTER_INDEX);
  let scatterRtp = 0;
  let trigger = 0;
  scatterCounts.forEach((p, k) => {
    scatterRtp += p * (SCATTER_BY_COUNT[k] ?? 0);
    if (k >= FREE_SPINS.minScatters) trigger += p;
  });
  const runLaw = longestRunLaw(
    reels.map((r) => maskLaw(r, BONUS_INDEX)),
    PAYLINES,
  );
  return { reels, lines, scatterCounts, scatterRtp, trigger, runLaw };
}

/** The pick prizes as a law over coins per coin on a line (`law[coins]`), and its mean. */
export function prizeLaw(prizes: MermaidMaths["prizes"]): { law: Float64Array; mean: number } {
  const total = prizes.reduce((a, p) => a + p.weight, 0);
  const law = new Float64Array(Math.max(...prizes.map((p) => p.coins)) + 1);
  let mean = 0;
  for (const p of prizes) {
    law[p.coins] = (law[p.coins] as number) + p.weight / total;
    mean += (p.coins * p.weight) / total;
  }
  return { law, mean };
}

/**
 * Law of a bonus's total in coins per coin on a line for `picks` picks at `coinsPerLine`:
 * the sum of the picks, then the 2,500-coin ceiling (min(c·sum, 2500) / c).
 */
export function bonusTotalLaw(prizes: Float64Array, picks: number, coinsPerLine: number): Map<number, number> {
  const sum = convolvePower(prizes, picks);
  const out = new Map<number, number>();
  sum.forEach((p, v) => {
    if (p === 0) return;
    const capped = Math.min(v * coinsPerLine, TREASURE_BONUS.maxCoins) / coinsPerLine;
    out.set(capped, (out.get(capped) ?? 0) + p);
  });
  return out;
}

/** E[bonus coins per coin on a line | k picks], k = 0..REELS, at `coinsPerLine` (the ceiling applied). */
export function bonusMeans(prizes: Float64Array, coinsPerLine: number): number[] {
  return Array.from({ length: REELS + 1 }, (_, k) => {
    if (k < TREASURE_BONUS.minRun) return 0;
    let m = 0;
    for (const [v, p] of bonusTotalLaw(prizes, k, coinsPerLine)) m += v * p;
    return m;
  });
}

/** Treasure RTP per spin (x total bet) at `lines` lines, given the bonus means by picks. */
export function bonusRtp(set: SetMaths, lines: number, means: readonly number[]): number {
  const law = set.runLaw[lines] as Float64Array;
  let coins = 0;
  for (let k = TREASURE_BONUS.minRun; k <= REELS; k++) coins += (law[k] as number) * (means[k] as number);
  return coins / lines;
}

/** Line RTP (x total bet) at `lines` lines: mean line pay over the enabled lines. */
export function lineRtp(set: SetMaths, lines: number): number {
  let s = 0;
  for (let l = 0; l < lines; l++) s += (set.lines[l] as { mean: number }).mean;
  return s / lines;
}

/** Expected free spins played per trigger when each free spin retriggers with probability q. */
export function expectedFreeSpins(q: number, cap: number | null = MODEL_CAP): number {
  return seriesMoments({
    initial: FREE_SPINS.award,
    cap,
    classes: [
      { probability: 1 - q, award: 0 },
      { probability: q, award: FREE_SPINS.award },
    ],
  }).expectedSpins;
}

/**
 * What the free-spin cap takes from the RTP at a bet: P(trigger) x (spins the cap cuts per
 * series / (1 − m)) x E[win of a free spin], computed directly (no difference of two RTPs).
 */
export function capRtpEffect(base: SetMaths, free: SetMaths, freeSpinValue: number, cap: number): number {
  const series = seriesMoments({
    initial: FREE_SPINS.award,
    cap,
    classes: [
      { probability: 1 - free.trigger, award: 0 },
      { probability: free.trigger, award: FREE_SPINS.award },
    ],
  });
  return (base.trigger * series.awardsCut * freeSpinValue) / (1 - series.awardPerSpin);
}

/** A bet as far as the maths cares: lines played and coins per line (the coin value scales every amount). */
export interface MathsBet {
  lines: number;
  coinsPerLine: number;
}

/** The exact RTP and its parts at a bet, with the free-spin cap of the model unless told. */
export function rtpAt(base: SetMaths, free: SetMaths, prizes: Float64Array, bet: MathsBet, cap: number | null = MODEL_CAP) {
  const means = bonusMeans(prizes, bet.coinsPerLine);
  const freeSpinValue =
    FREE_SPINS.lineWinMultiplier * lineRtp(free, bet.lines) + free.scatterRtp + bonusRtp(free, bet.lines, means);
  const spinsPerTrigger = expectedFreeSpins(free.trigger, cap);
  const breakdown = {
    baseLines: lineRtp(base, bet.lines),
    baseScatter: base.scatterRtp,
    freeSpins: base.trigger * spinsPerTrigger * freeSpinValue,
    bonus: bonusRtp(base, bet.lines, means),
  };
  return {
    rtp: breakdown.baseLines + breakdown.baseScatter + breakdown.freeSpins + breakdown.bonus,
    breakdown,
    freeSpinValue,
    spinsPerTrigger,
  };
}

/** The fast part of the exact maths: RTP and its parts, at 15 lines and 1 coin per line unless told. */
export function exactRtp(maths: MermaidMaths = MODEL_MATHS, lines = MAX_LINES, coinsPerLine = 1, cap: number | null = MODEL_CAP) {
  const base = setMaths(maths.base);
  const free = maths.freeSpins === maths.base ? base : setMaths(maths.freeSpins);
  const prizes = prizeLaw(maths.prizes);
  return { ...rtpAt(base, free, prizes.law, { lines, coinsPerLine }, cap), base, free, prizes, meanPrize: prizes.mean };
}
