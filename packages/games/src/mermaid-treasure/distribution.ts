/**
 * The law of a whole Mermaid Treasure round at 15 lines and 1 coin per line (the figures in
 * multiples of the bet are the same at every coins per line: the 2,500-coin ceiling cannot
 * bind, see `bonusCeilingBinds`), from the full cycle's joint law of one spin.
 *
 * Unit: one coin per coin on a line, so a win of v units is v / 15 x total bet. A round is
 *   W = X + 1{trigger} · S,
 * X the paid spin (line + scatter + its Treasure bonus), S the free-spin series: i.i.d. free
 * spins of law (V, retrigger), 10 to start, +10 per retrigger, capped or not.
 * - Moments: exact sums over the laws, and the series' moments from the retrigger solver.
 * - Law of W: generating functions on 2^18 FFT points (exponentially tilted so the far tail
 *   rises above rounding), W(z) = X₀(z) + X₁(z)·S(z), with S(z) from the series solver; the
 *   mass the lattice cannot hold is bounded by Chernoff.
 * - Maximum win: every spin at its class maximum, retrigger sequences counted exactly.
 */
import {
  chernoffTail,
  convolve,
  foldedMassBound,
  lawFromTransform,
  lawTransform,
  logGeneratingFunction,
  type SeriesSpec,
  seriesAtReal,
  seriesLengthLaw,
  seriesMoments,
  seriesTotalLaw,
  seriesTransform,
  tiltedTailResolution,
  tiltLaw,
} from "@reelhouse/engine";
import { classOf, PICK_CLASSES, type SpinCycle } from "./cycle.js";
import { FREE_SPINS, REELS, ROWS, TREASURE_BONUS } from "./model.js";
import { bonusTotalLaw, MAX_LINES, SCATTER_BY_COUNT } from "./rtp.js";

/** Units (coins per coin on a line) per total bet at 15 lines and 1 coin per line. */
export const UNITS_PER_BET = MAX_LINES;
/** FFT points of the round law: values up to 2^18 units (17,476 x bet) sit on the lattice. */
export const ROUND_LATTICE = 1 << 18;

/** A spin's law split by whether it (re)triggers free spins: `law[v]` = P(value v and that outcome). */
export interface SplitLaw {
  readonly plain: Float64Array;
  readonly triggering: Float64Array;
  /** P(plain), P(triggering), each from integer stop counts divided once (they sum to 1 within an ulp). */
  readonly mass: { readonly plain: number; readonly triggering: number };
}

/** Laws of one spin: its total value, and the same restricted to "no Treasure bonus". */
export interface SpinLaws extends SplitLaw {
  /** P(no Treasure bonus and not triggering), P(no Treasure bonus and triggering). */
  readonly noBonus: { plain: number; triggering: number };
  /** P(a Treasure bonus is triggered). */
  readonly bonus: number;
}

/** Law of a bonus's total (units) for k picks at 1 coin per line, as an array. */
function bonusArray(prizes: Float64Array, picks: number): Float64Array {
  const map = bonusTotalLaw(prizes, picks, 1);
  const out = new Float64Array(Math.max(...map.keys()) + 1);
  for (const [v, p] of map) out[v] = p;
  return out;
}

/**
 * One spin's value law from the cycle: `lineMultiplier` x line pays + 15 x scatter pay
 * + the Treasure bonus (not multiplied), split by (re)trigger. `withBonus` false leaves the
 * bonus out (the paid spin's own line and scatter law).
 */
export function spinLaws(cycle: SpinCycle, prizes: Float64Array, lineMultiplier: number, withBonus = true): SpinLaws {
  const parts: { plain: Float64Array[]; triggering: Float64Array[] } = { plain: [], triggering: [] };
  // Stop counts are integers: sum them exactly and divide once.
  const counts = { plain: 0, triggering: 0, noBonusPlain: 0, noBonusTriggering: 0, bonus: 0 };
  const bonuses = PICK_CLASSES.map((k) => (k === 0 || !withBonus ? Float64Array.of(1) : bonusArray(prizes, k)));
  for (let sc = 0; sc <= REELS * ROWS; sc++) {
    const side = sc >= FREE_SPINS.minScatters ? "triggering" : "plain";
    const scatterUnits = (SCATTER_BY_COUNT[sc] ?? 0) * UNITS_PER_BET;
    PICK_CLASSES.forEach((k, ki) => {
      const weights = cycle.histogram.weights(classOf(sc, k));
      if (weights.length === 0) return;
      const shifted = new Float64Array((weights.length - 1) * lineMultiplier + scatterUnits + 1);
      let count = 0;
      weights.forEach((w, coins) => {
        if (w === 0) return;
        const at = coins * lineMultiplier + scatterUnits;
        shifted[at] = (shifted[at] as number) + w / cycle.totalWeight;
        count += w;
      });
      counts[side] += count;
      if (k === 0) counts[side === "plain" ? "noBonusPlain" : "noBonusTriggering"] += count;
      else counts.bonus += count;
      parts[side].push(convolve(shifted, bonuses[ki] as Float64Array));
    });
  }
  const sum = (laws: Float64Array[]) => {
    const out = new Float64Array(Math.max(1, ...laws.map((l) => l.length)));
    for (const l of laws) for (let v = 0; v < l.length; v++) out[v] = (out[v] as number) + (l[v] as number);
    return out;
  };
  const t = cycle.totalWeight;
  return {
    plain: sum(parts.plain),
    triggering: sum(parts.triggering),
    mass: { plain: counts.plain / t, triggering: counts.triggering / t },
    noBonus: { plain: counts.noBonusPlain / t, triggering: counts.noBonusTriggering / t },
    bonus: counts.bonus / t,
  };
}

/** Σ p, Σ p·v, Σ p·v² of a law. */
function sums(law: Float64Array): { p: number; m1: number; m2: number } {
  let p = 0;
  let m1 = 0;
  let m2 = 0;
  law.forEach((q, v) => {
    p += q;
    m1 += q * v;
    m2 += q * v * v;
  });
  return { p, m1, m2 };
}

/** The free-spin series spec with the free spin's class moments (units). */
export function seriesSpec(free: SplitLaw, cap: number | null): SeriesSpec {
  // Conditional moments from the laws; class probabilities from the exact counts.
  const plain = sums(free.plain);
  const trig = sums(free.triggering);
  return {
    initial: FREE_SPINS.award,
    cap,
    classes: [
      { probability: free.mass.plain, award: 0, mean: plain.m1 / plain.p, meanSquare: plain.m2 / plain.p },
      { probability: free.mass.triggering, award: FREE_SPINS.award, mean: trig.m1 / trig.p, meanSquare: trig.m2 / trig.p },
    ],
  };
}

/** Exact moments of a whole round (x total bet) and of its parts. */
export function roundMoments(base: SplitLaw, free: SplitLaw, cap: number | null) {
  const series = seriesMoments(seriesSpec(free, cap));
  const p = sums(base.plain);
  const t = sums(base.triggering);
  // W = X + 1{trigger}·S with S independent of the paid spin: E[W²] = E[X²] + 2 E[X; trigger] E[S] + P(trigger) E[S²].
  const mean = p.m1 + t.m1 + t.p * series.mean;
  const meanSquare = p.m2 + t.m2 + 2 * t.m1 * series.mean + t.p * series.meanSquare;
  const u = UNITS_PER_BET;
  return {
    mean: mean / u,
    meanSquare: meanSquare / (u * u),
    stdev: Math.sqrt(meanSquare - mean * mean) / u,
    series: { ...series, mean: series.mean / u, meanSquare: series.meanSquare / (u * u), variance: series.variance / (u * u) },
    triggerProbability: t.p,
  };
}

/**
 * Tilt of the round law's FFT (per unit): e^(TILT·v) lifts the tail above the transform's
 * rounding (the error at v shrinks by e^(−TILT·v)) while the folded mass, bounded below,
 * stays negligible.
 */
export const ROUND_TILT = 40 / ROUND_LATTICE;
/**
 * The law of a whole round's win in units, `law[v]` for v < {@link ROUND_LATTICE}, the law
 * of one free-spin series, and bounds on the mass at or above the lattice that the FFT
 * folds back onto it. The series comes from the kit's `seriesTotalLaw`; the round is
 * W(z) = X₀(z) + X₁(z)·S(z) on the same tilted points.
 */
export function roundLaw(base: SplitLaw, free: SplitLaw, cap: number | null) {
  const n = ROUND_LATTICE;
  const classes = [
    { award: 0, law: free.plain },
    { award: FREE_SPINS.award, law: free.triggering },
  ];
  const series = seriesTotalLaw(FREE_SPINS.award, classes, cap, n, ROUND_TILT);
  const s = series.transform;
  const b0 = lawTransform(tiltLaw(base.plain, ROUND_TILT), n);
  const b1 = lawTransform(tiltLaw(base.triggering, ROUND_TILT), n);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const sr = s.re[i] as number;
    const si = s.im[i] as number;
    const xr = b1.re[i] as number;
    const xi = b1.im[i] as number;
    re[i] = (b0.re[i] as number) + xr * sr - xi * si;
    im[i] = (b0.im[i] as number) + xr * si + xi * sr;
  }
  const law = tiltLaw(lawFromTransform(re, im), -ROUND_TILT);
  // Chernoff: log E[e^(θW)] = log(X₀(e^θ) + X₁(e^θ)·S(e^θ)).
  const roundMgf = (theta: number): number => {
    const z = Math.exp(theta);
    const x0 = Math.exp(logGeneratingFunction(base.plain, z));
    const x1 = Math.exp(logGeneratingFunction(base.triggering, z));
    return Math.log(x0 + x1 * seriesAtReal(FREE_SPINS.award, classes, cap, z));
  };
  const seriesMgf = (theta: number) => Math.log(seriesAtReal(FREE_SPINS.award, classes, cap, Math.exp(theta)));
  const thetas = Array.from({ length: 80 }, (_, i) => 1e-5 * 1.1 ** i);
  return {
    law,
    truncatedMass: foldedMassBound(roundMgf, n, ROUND_TILT, thetas).bound,
    /** Chernoff bound on P(W ≥ units). */
    tailBound: (units: number) => chernoffTail(roundMgf, units, thetas).bound,
    seriesLaw: series.law,
    seriesTruncatedMass: series.truncatedMass,
    seriesTailBound: (units: number) => chernoffTail(seriesMgf, units, thetas).bound,
  };
}

/** What rounding may leave in P(W ≥ units) read off the law (the kit's measured resolution of tilted laws). */
export function tailResolution(units: number): number {
  return tiltedTailResolution(units, ROUND_TILT);
}

/** P(the series pays nothing at all) and P(it triggers no Treasure bonus): the series transform at one point. */
export function seriesAt(free: SpinLaws, cap: number | null) {
  const at = (plain: number, triggering: number) =>
    seriesTransform(
      FREE_SPINS.award,
      [
        { award: 0, re: Float64Array.of(plain), im: Float64Array.of(0) },
        { award: FREE_SPINS.award, re: Float64Array.of(triggering), im: Float64Array.of(0) },
      ],
      cap,
    ).re[0] as number;
  return {
    /** z = 0: only value-0 spins count. */
    zeroWin: at(free.plain[0] ?? 0, free.triggering[0] ?? 0),
    noBonus: at(free.noBonus.plain, free.noBonus.triggering),
  };
}

/** The free-spin series' length law (spins played). */
export function seriesLengths(free: SplitLaw, cap: number | null) {
  return seriesLengthLaw(seriesSpec(free, cap), 2000);
}

/** Number of ways the `cap` spins of a capped series can hold exactly j retriggers without ending early, by j. */
export function fullSeriesCounts(cap: number): number[] {
  const { award } = FREE_SPINS;
  // count[a][r] after t spins: awarded a, r retriggers so far (doubles: C(100, j) < 2^100 keeps ~15 digits).
  let count = new Map<string, number>([[`${award}:0`, 1]]);
  for (let t = 0; t < cap; t++) {
    const next = new Map<string, number>();
    for (const [key, c] of count) {
      const [a, r] = key.split(":").map(Number) as [number, number];
      if (a <= t) continue; // the series ended before spin t + 1
      const add = (k: string) => next.set(k, (next.get(k) ?? 0) + c);
      add(`${a}:${r}`);
      add(`${Math.min(a + award, cap)}:${r + 1}`);
    }
    count = next;
  }
  const out = new Array<number>(cap + 1).fill(0);
  for (const [key, c] of count) {
    const [a, r] = key.split(":").map(Number) as [number, number];
    if (a === cap) out[r] = (out[r] as number) + c;
  }
  return out;
}

/** Largest value of a law and its probability. */
function top(law: Float64Array): { value: number; probability: number } {
  for (let v = law.length - 1; v >= 0; v--) if ((law[v] as number) > 0) return { value: v, probability: law[v] as number };
  return { value: 0, probability: 0 };
}

/**
 * The largest round win and its probability. With a cap every free spin of a maximal round
 * is at its class maximum and all `cap` spins are played; the retrigger sequences that reach
 * the cap are counted exactly. Without a cap the win is unbounded (x null).
 */
export function maxWin(base: SplitLaw, free: SplitLaw, cap: number | null) {
  const b0 = top(base.plain);
  const b1 = top(base.triggering);
  const n = top(free.plain);
  const r = top(free.triggering);
  if (cap === null) {
    return {
      x: null,
      probability: 0,
      log10Probability: Number.NEGATIVE_INFINITY,
      description: "unbounded: free spins retrigger without limit",
      parts: parts(b0, b1, n, r),
    };
  }
  const counts = fullSeriesCounts(cap);
  let seriesMax = -1;
  let log10 = Number.NEGATIVE_INFINITY;
  counts.forEach((c, j) => {
    if (c === 0) return;
    const total = j * r.value + (cap - j) * n.value;
    const lp = Math.log10(c) + j * Math.log10(r.probability) + (cap - j) * Math.log10(n.probability);
    if (total > seriesMax) {
      seriesMax = total;
      log10 = lp;
    } else if (total === seriesMax) log10 = Math.max(log10, lp) + Math.log10(1 + 10 ** -Math.abs(log10 - lp));
  });
  const withSeries = b1.value + seriesMax;
  let x = withSeries;
  let lp = Math.log10(b1.probability) + log10;
  if (b0.value > withSeries) {
    x = b0.value;
    lp = Math.log10(b0.probability);
  }
  const retriggers = counts.findIndex((c, j) => c > 0 && j * r.value + (cap - j) * n.value === seriesMax);
  return {
    x: x / UNITS_PER_BET,
    probability: 10 ** lp,
    log10Probability: lp,
    description: `the paid spin's best triggering window (${(b1.value / UNITS_PER_BET).toFixed(2)} x bet, all its wins), then all ${cap} free spins at their best: ${retriggers} retriggering spins at ${(r.value / UNITS_PER_BET).toFixed(2)} x bet and ${cap - retriggers} others at ${(n.value / UNITS_PER_BET).toFixed(2)} x bet`,
    parts: parts(b0, b1, n, r),
  };
}

/** The class maxima behind the maximum win, x total bet. */
function parts(b0: { value: number }, b1: { value: number }, n: { value: number }, r: { value: number }) {
  const x = (v: { value: number }) => v.value / UNITS_PER_BET;
  return { paidSpin: x(b0), paidSpinTriggering: x(b1), freeSpin: x(n), freeSpinRetriggering: x(r) };
}

/** Whether the 2,500-coin ceiling can bind at some coins per line (5 picks of the top prize). */
export function bonusCeilingBinds(prizes: Float64Array, coinsPerLine: readonly number[]): boolean {
  const maxPrize = prizes.length - 1;
  return coinsPerLine.some((c) => REELS * maxPrize * c > TREASURE_BONUS.maxCoins);
}
