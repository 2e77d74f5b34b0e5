/**
 * The law of a whole round whose spins award free spins in varying numbers, without a cap:
 * the paid spin wins X and awards A spins, each awarded spin wins V and awards K more, all
 * independent. Every spin's subtree (the spin and everything it awards) has the same total
 * law T, with generating function T(z) = Σ_k F_k(z) · T(z)^k (F_k: the free spin's value
 * law restricted to award k), a contraction on |z| ≤ 1 when E[K] < 1; the round is
 * W(z) = Σ_a X_a(z) · T(z)^a. Computed on tilted FFT points like {@link seriesTotalLaw},
 * with Chernoff bounds on the mass the lattice folds back and on the tails.
 */
import { complexPower, type SeriesLawClass, seriesAtReal, seriesTransform } from "./series.js";
import { chernoffTail, foldedMassBound, lawFromTransform, lawTransform, logGeneratingFunction, tiltLaw } from "./transforms.js";

/** A spin's value law restricted to one award: `law[v]` = P(value v and `award` spins awarded). */
export type AwardLaw = SeriesLawClass;

/** The round's law on the lattice, the free spins' law given a trigger, and their bounds. */
export interface RoundLawByAward {
  /** `law[v]` = P(round total = v), v < size. */
  readonly law: Float64Array;
  /** Bound on the round's mass at or above `size`, folded onto the lattice (Chernoff). */
  readonly truncatedMass: number;
  /** Chernoff bound on P(round total ≥ units). */
  tailBound(units: number): number;
  /** `seriesLaw[v]` = P(the free spins of a round total v | the paid spin awards some). */
  readonly seriesLaw: Float64Array;
  readonly seriesTruncatedMass: number;
  seriesTailBound(units: number): number;
  /** P(the paid spin awards free spins). */
  readonly triggerProbability: number;
}

/** Sums the laws of equal awards (the transform is linear): one class per award. */
function byAward(laws: readonly AwardLaw[]): AwardLaw[] {
  const map = new Map<number, Float64Array>();
  for (const { award, law } of laws) {
    const have = map.get(award);
    const out = have && have.length >= law.length ? have : new Float64Array(Math.max(law.length, have?.length ?? 0));
    if (have && out !== have) out.set(have);
    for (let v = 0; v < law.length; v++) out[v] = (out[v] as number) + (law[v] as number);
    map.set(award, out);
  }
  return [...map].sort((a, b) => a[0] - b[0]).map(([award, law]) => ({ award, law }));
}

const mass = (law: ArrayLike<number>): number => {
  let s = 0;
  for (let v = 0; v < law.length; v++) s += law[v] as number;
  return s;
};

/**
 * The round law from the paid spin's laws by award and the free spin's laws by award, on
 * `size` FFT points (a power of two) tilted by e^(tilt·v) (default 40 / size: the rounding
 * left in a value v is about 1e-18·e^(−tilt·v)). No cap: E[K] must be below 1.
 */
export function roundLawByAward(
  paid: readonly AwardLaw[],
  free: readonly AwardLaw[],
  size: number,
  tilt = 40 / size,
): RoundLawByAward {
  const half = size / 2 + 1;
  const paidClasses = byAward(paid);
  const freeClasses = byAward(free);
  const m = freeClasses.reduce((a, c) => a + c.award * mass(c.law), 0);
  if (m >= 1) throw new Error(`roundLawByAward: ${m} spins awarded per free spin: the series is infinite on average`);
  const tilted = (law: ArrayLike<number>) => {
    const t = lawTransform(tiltLaw(law, tilt), size);
    return { re: t.re.subarray(0, half), im: t.im.subarray(0, half) };
  };
  // T at the first half of the points (real laws: the rest are conjugates).
  const subtree = seriesTransform(
    1,
    freeClasses.map((c) => ({ award: c.award, ...tilted(c.law) })),
    null,
  );
  const trigger = paidClasses.reduce((a, c) => a + (c.award > 0 ? mass(c.law) : 0), 0);
  // The series given a trigger starts with a spins with P(a) / P(trigger), whatever the paid spin won.
  const paidT = paidClasses.map((c) => ({
    award: c.award,
    start: c.award > 0 ? mass(c.law) / trigger : 0,
    ...tilted(c.law),
  }));
  const round = { re: new Float64Array(size), im: new Float64Array(size) };
  const series = { re: new Float64Array(size), im: new Float64Array(size) };
  for (let i = 0; i < half; i++) {
    const tr = subtree.re[i] as number;
    const ti = subtree.im[i] as number;
    let wr = 0;
    let wi = 0;
    let sr = 0;
    let si = 0;
    for (const c of paidT) {
      const [pr, pi] = complexPower(tr, ti, c.award);
      const xr = c.re[i] as number;
      const xi = c.im[i] as number;
      wr += xr * pr - xi * pi;
      wi += xr * pi + xi * pr;
      sr += c.start * pr;
      si += c.start * pi;
    }
    round.re[i] = wr;
    round.im[i] = wi;
    series.re[i] = sr;
    series.im[i] = si;
  }
  for (const t of [round, series])
    for (let j = half; j < size; j++) {
      t.re[j] = t.re[size - j] as number;
      t.im[j] = -(t.im[size - j] as number);
    }
  const law = tiltLaw(lawFromTransform(round.re, round.im), -tilt);
  const seriesLaw = tiltLaw(lawFromTransform(series.re, series.im), -tilt);

  // E[z^W] and E[z^S | trigger] at a real z, for the Chernoff bounds.
  const atReal = (z: number) => {
    const t = seriesAtReal(1, freeClasses, null, z);
    let w = 0;
    let s = 0;
    for (const c of paidClasses) {
      const tp = t ** c.award;
      w += Math.exp(logGeneratingFunction(c.law, z)) * tp;
      if (c.award > 0) s += (mass(c.law) / trigger) * tp;
    }
    return { w, s };
  };
  const roundMgf = (theta: number) => Math.log(atReal(Math.exp(theta)).w);
  const seriesMgf = (theta: number) => Math.log(atReal(Math.exp(theta)).s);
  const thetas = Array.from({ length: 80 }, (_, i) => (tilt / 4) * 1.1 ** i);
  return {
    law,
    truncatedMass: foldedMassBound(roundMgf, size, tilt, thetas).bound,
    tailBound: (units) => chernoffTail(roundMgf, units, thetas).bound,
    seriesLaw,
    seriesTruncatedMass: trigger > 0 ? foldedMassBound(seriesMgf, size, tilt, thetas).bound : 0,
    seriesTailBound: (units) => chernoffTail(seriesMgf, units, thetas).bound,
    triggerProbability: trigger,
  };
}

/**
 * Rounding left in a value v of a law computed on FFT points tilted by e^(tilt·v), once the
 * tilt is undone: about TILTED_RESOLUTION · e^(−tilt·v) (measured against a second tilt:
 * about 10 times below it).
 */
export const TILTED_RESOLUTION = 1e-18;

/** What rounding may leave in P(W ≥ units) read off such a law: Σ_{v ≥ units} TILTED_RESOLUTION · e^(−tilt·v). */
export function tiltedTailResolution(units: number, tilt: number): number {
  return (TILTED_RESOLUTION * Math.exp(-tilt * units)) / (1 - Math.exp(-tilt));
}
