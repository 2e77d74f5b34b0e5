/**
 * Free-spin series with retriggers, exact. Each spin of a series falls in one of a few
 * classes (e.g. "no retrigger", "retrigger"): class c has probability p_c, awards k_c more
 * spins and wins V with known conditional mean and mean square. Spins are independent and
 * identically distributed, so a series is a branching process: every spin's subtree (the
 * spin and the spins it awards, recursively) is an independent copy of the same law.
 *
 * - No cap: E[spins] = initial / (1 − m) with m = Σ p_c k_c (finite iff m < 1), and the
 *   moments of the total follow from T = V + Σ_{j ≤ K} T_j (see {@link seriesMoments}).
 * - With a cap on the spins a series may award in total, a finite dynamic programme over
 *   (spins awarded, spins played) gives the same figures exactly.
 * Distributions (series length, series total) are truncated only for reporting, with the
 * truncated mass returned.
 */
import { foldedMassBound, lawFromTransform, lawTransform, logGeneratingFunction, tiltLaw } from "./transforms.js";

/** One class of spin in a series. */
export interface SeriesSpinClass {
  /** P(a spin falls in this class). The classes' probabilities sum to 1. */
  readonly probability: number;
  /** Spins this class awards (0 for a spin that does not retrigger). */
  readonly award: number;
  /** E[win of the spin | this class] (default 0). */
  readonly mean?: number;
  /** E[win² | this class] (default mean²). */
  readonly meanSquare?: number;
}

/** A series: `initial` spins, the spin classes, and the optional cap on the spins awarded in total (initial included). */
export interface SeriesSpec {
  readonly initial: number;
  readonly classes: readonly SeriesSpinClass[];
  /** Most spins a series can hold; an award beyond it is cut to what fits. null or absent: no cap. */
  readonly cap?: number | null;
}

/** The exact moments of a series. */
export interface SeriesMoments {
  /** Expected spins awarded per spin played (m). */
  readonly awardPerSpin: number;
  /** E[spins played]. */
  readonly expectedSpins: number;
  /** E[total win]. */
  readonly mean: number;
  /** E[total win²]. */
  readonly meanSquare: number;
  /** Var[total win]. */
  readonly variance: number;
  /** P(at least one spin of the series retriggers) = 1 − P(no award)^initial. */
  readonly retriggerProbability: number;
  /**
   * Expected spins the cap cut from awards (0 without a cap). Each cut spin would have led a
   * subtree of 1 / (1 − m) spins on average, so E[spins without the cap] − E[spins] =
   * awardsCut / (1 − m), computed without subtracting two nearly equal numbers.
   */
  readonly awardsCut: number;
}

function check(spec: SeriesSpec): void {
  const total = spec.classes.reduce((a, c) => a + c.probability, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error(`series: class probabilities sum to ${total}, not 1`);
  for (const c of spec.classes) {
    if (!(c.probability >= 0) || !Number.isInteger(c.award) || c.award < 0) throw new Error("series: bad spin class");
  }
  if (!Number.isInteger(spec.initial) || spec.initial < 0) throw new Error(`series: initial ${spec.initial}`);
  const cap = spec.cap;
  if (cap !== null && cap !== undefined && (!Number.isInteger(cap) || cap < spec.initial)) {
    throw new Error(`series: cap ${cap} below the ${spec.initial} initial spins`);
  }
}

const meanOf = (c: SeriesSpinClass) => c.mean ?? 0;
const squareOf = (c: SeriesSpinClass) => c.meanSquare ?? meanOf(c) ** 2;

/**
 * Exact expected length and first two moments of a series' total win.
 *
 * Without a cap, with T the total of one spin's subtree: E[T] = μ / (1 − m) and
 * E[T²] = (E[V²] + 2 E[V·K] E[T] + E[K(K−1)] E[T]²) / (1 − m); the series is `initial`
 * independent subtrees. With a cap, backward induction over (awarded, played).
 * Throws when m ≥ 1 without a cap (the series would be infinite on average).
 */
export function seriesMoments(spec: SeriesSpec): SeriesMoments {
  check(spec);
  const { initial, classes } = spec;
  const m = classes.reduce((a, c) => a + c.probability * c.award, 0);
  const p0 = classes.reduce((a, c) => a + (c.award === 0 ? c.probability : 0), 0);
  const retriggerProbability = initial === 0 ? 0 : 1 - p0 ** initial;
  if (spec.cap === null || spec.cap === undefined) {
    if (m >= 1) throw new Error(`series: ${m} spins awarded per spin: the series is infinite on average`);
    const mu = classes.reduce((a, c) => a + c.probability * meanOf(c), 0);
    const v2 = classes.reduce((a, c) => a + c.probability * squareOf(c), 0);
    const vk = classes.reduce((a, c) => a + c.probability * c.award * meanOf(c), 0);
    const kk = classes.reduce((a, c) => a + c.probability * c.award * (c.award - 1), 0);
    const t1 = mu / (1 - m);
    const t2 = (v2 + 2 * vk * t1 + kk * t1 * t1) / (1 - m);
    const variance = initial * (t2 - t1 * t1);
    const mean = initial * t1;
    return {
      awardPerSpin: m,
      expectedSpins: initial / (1 - m),
      mean,
      meanSquare: variance + mean * mean,
      variance,
      retriggerProbability,
      awardsCut: 0,
    };
  }
  const cap = spec.cap;
  // e1/e2/en[a * stride + j]: E[future total], E[future total²], E[future spins] with a awarded and j played.
  const stride = cap + 1;
  const e1 = new Float64Array(stride * stride);
  const e2 = new Float64Array(stride * stride);
  const en = new Float64Array(stride * stride);
  const reachable = reachableAwards(initial, classes, cap);
  for (let j = cap - 1; j >= 0; j--) {
    for (const a of reachable) {
      if (a <= j) continue;
      let f1 = 0;
      let f2 = 0;
      let fn = 0;
      for (const c of classes) {
        if (c.probability === 0) continue;
        const next = Math.min(a + c.award, cap) * stride + j + 1;
        const mu = meanOf(c);
        const n1 = e1[next] as number;
        f1 += c.probability * (mu + n1);
        f2 += c.probability * (squareOf(c) + 2 * mu * n1 + (e2[next] as number));
        fn += c.probability * (1 + (en[next] as number));
      }
      e1[a * stride + j] = f1;
      e2[a * stride + j] = f2;
      en[a * stride + j] = fn;
    }
  }
  const at = initial * stride;
  const mean = e1[at] as number;
  const meanSquare = e2[at] as number;
  return {
    awardPerSpin: m,
    expectedSpins: en[at] as number,
    mean,
    meanSquare,
    variance: meanSquare - mean * mean,
    retriggerProbability,
    awardsCut: awardsCut(spec, cap, reachable),
  };
}

/** Expected awarded spins a cap cuts: forward over (awarded, played), Σ P(state) · p_c · (a + k_c − min(a + k_c, cap)). */
function awardsCut(spec: SeriesSpec, cap: number, reachable: readonly number[]): number {
  let mass = new Float64Array(cap + 1);
  mass[spec.initial] = 1;
  let cut = 0;
  for (let j = 0; j < cap; j++) {
    const next = new Float64Array(cap + 1);
    for (const a of reachable) {
      const p = mass[a] as number;
      if (a <= j || p === 0) continue;
      for (const c of spec.classes) {
        const to = Math.min(a + c.award, cap);
        cut += p * c.probability * (a + c.award - to);
        next[to] = (next[to] as number) + p * c.probability;
      }
    }
    mass = next;
  }
  return cut;
}

/** The law of the number of spins a series plays, truncated for reporting. */
export interface SeriesLengthLaw {
  /** `probabilities[n]` = P(the series plays exactly n spins), n ≤ the limit. */
  readonly probabilities: Float64Array;
  /** P(more spins than the limit): what the truncation left out (0 when a cap is the limit). */
  readonly truncatedMass: number;
}

/**
 * The law of a series' length, by forward induction over spins played: after n spins the
 * state is the number of spins awarded so far (n of them played). Without a cap the law is
 * cut at `maxSpins` and the mass beyond is returned as `truncatedMass`.
 */
export function seriesLengthLaw(spec: SeriesSpec, maxSpins = 1000): SeriesLengthLaw {
  check(spec);
  const initial = new Float64Array(spec.initial + 1);
  initial[spec.initial] = 1;
  return lengthLaw(initial, spec.classes, spec.cap ?? null, maxSpins);
}

/**
 * {@link seriesLengthLaw} for a series whose first award is itself random (a game whose
 * triggers award different numbers of spins): `initialLaw[a]` = P(the series starts with a
 * spins); its mass at 0 is the series that never starts (length 0). No cap.
 */
export function mixedSeriesLengthLaw(
  initialLaw: ArrayLike<number>,
  classes: readonly SeriesSpinClass[],
  maxSpins = 1000,
): SeriesLengthLaw {
  check({ initial: 0, classes });
  return lengthLaw(initialLaw, classes, null, maxSpins);
}

function lengthLaw(
  initialLaw: ArrayLike<number>,
  classes: readonly SeriesSpinClass[],
  cap: number | null,
  maxSpins: number,
): SeriesLengthLaw {
  const limit = cap === null ? maxSpins : Math.min(cap, maxSpins);
  let mass = new Float64Array(limit + 1);
  const probabilities = new Float64Array(limit + 1);
  let truncatedMass = 0;
  for (let a = 0; a < initialLaw.length; a++) {
    const p = initialLaw[a] as number;
    if (a > limit) truncatedMass += p;
    else mass[a] = (mass[a] as number) + p;
  }
  probabilities[0] = mass[0] as number;
  mass[0] = 0;
  for (let n = 0; n < limit; n++) {
    const next = new Float64Array(limit + 1);
    for (let a = n + 1; a <= limit; a++) {
      const p = mass[a] as number;
      if (p === 0) continue;
      for (const c of classes) {
        if (c.probability === 0) continue;
        let to = a + c.award;
        if (cap !== null && to > cap) to = cap;
        if (to > limit) truncatedMass += p * c.probability;
        else next[to] = (next[to] as number) + p * c.probability;
      }
    }
    mass = next;
    probabilities[n + 1] = mass[n + 1] as number;
    mass[n + 1] = 0;
  }
  // With a cap below maxSpins nothing remains; otherwise what is still running is longer than the limit.
  for (let a = 0; a <= limit; a++) truncatedMass += mass[a] as number;
  return { probabilities, truncatedMass };
}

/** One spin class for {@link seriesTransform}: its award and its transform E[z^V; class] at each point z. */
export interface SeriesTransformClass {
  readonly award: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/**
 * The generating function E[z^S] of a series' total S at many points z at once, from each
 * class's E[z^V; class] at the same points (e.g. FFT points, or a real z for tail bounds).
 * Without a cap, the subtree transform solves T = Σ_c G_c · T^{k_c} (a contraction with
 * factor ≤ m on |z| ≤ 1, solved by iteration) and S = T^initial; with a cap, the same
 * backward induction as {@link seriesMoments}, point by point. A point where the
 * iteration does not settle (a real z far above 1) gives Infinity.
 */
export function seriesTransform(
  initial: number,
  classes: readonly SeriesTransformClass[],
  cap: number | null = null,
): { re: Float64Array; im: Float64Array } {
  const points = classes[0]?.re.length ?? 0;
  const re = new Float64Array(points);
  const im = new Float64Array(points);
  if (cap === null) {
    for (let i = 0; i < points; i++) {
      let tr = 0;
      let ti = 0;
      let settled = false;
      for (let iter = 0; iter < 500; iter++) {
        let nr = 0;
        let ni = 0;
        for (const c of classes) {
          const [pr, pi] = complexPower(tr, ti, c.award);
          const gr = c.re[i] as number;
          const gi = c.im[i] as number;
          nr += gr * pr - gi * pi;
          ni += gr * pi + gi * pr;
        }
        const change = Math.abs(nr - tr) + Math.abs(ni - ti);
        tr = nr;
        ti = ni;
        if (!Number.isFinite(tr) || Math.abs(tr) > 1e300) break;
        // Rounding keeps the last bits moving: a change of a few ulps of |T| is settled.
        if (change <= 1e-15 * (1 + Math.abs(tr) + Math.abs(ti))) {
          settled = true;
          break;
        }
      }
      if (!settled) {
        re[i] = Number.POSITIVE_INFINITY;
        im[i] = 0;
        continue;
      }
      const [sr, si] = complexPower(tr, ti, initial);
      re[i] = sr;
      im[i] = si;
    }
    return { re, im };
  }
  if (cap < initial) throw new Error(`series: cap ${cap} below the ${initial} initial spins`);
  // F(a, j) = Σ_c G_c · F(min(a + k_c, cap), j + 1), F(a, a) = 1, over the reachable a only; layers j and j + 1 by a.
  const reachable = reachableAwards(initial, classes, cap);
  const stride = cap + 1;
  let curR = new Float64Array(stride);
  let curI = new Float64Array(stride);
  let nextR = new Float64Array(stride);
  let nextI = new Float64Array(stride);
  for (let i = 0; i < points; i++) {
    nextR.fill(0);
    nextI.fill(0);
    nextR[cap] = 1; // layer j = cap: F(cap, cap) = 1
    for (let j = cap - 1; j >= 0; j--) {
      curR[j] = 1; // F(j, j) = 1: awarded j, all played
      curI[j] = 0;
      for (const a of reachable) {
        if (a <= j) continue;
        let fr = 0;
        let fi = 0;
        for (const c of classes) {
          const to = Math.min(a + c.award, cap);
          const gr = c.re[i] as number;
          const gi = c.im[i] as number;
          const xr = nextR[to] as number;
          const xi = nextI[to] as number;
          fr += gr * xr - gi * xi;
          fi += gr * xi + gi * xr;
        }
        curR[a] = fr;
        curI[a] = fi;
      }
      [curR, nextR] = [nextR, curR];
      [curI, nextI] = [nextI, curI];
    }
    re[i] = nextR[initial] as number;
    im[i] = nextI[initial] as number;
  }
  return { re, im };
}

/** The totals of awarded spins a capped series can reach from `initial`, ascending. */
function reachableAwards(initial: number, classes: readonly { award: number }[], cap: number): number[] {
  const seen = new Uint8Array(cap + 1);
  const stack = [initial];
  seen[initial] = 1;
  while (stack.length > 0) {
    const a = stack.pop() as number;
    for (const c of classes) {
      const to = Math.min(a + c.award, cap);
      if (!seen[to]) {
        seen[to] = 1;
        stack.push(to);
      }
    }
  }
  const out: number[] = [];
  for (let a = 0; a <= cap; a++) if (seen[a]) out.push(a);
  return out;
}

/** (re + i·im)^n by repeated squaring. */
export function complexPower(re: number, im: number, n: number): [number, number] {
  let rr = 1;
  let ri = 0;
  let br = re;
  let bi = im;
  let e = n;
  while (e > 0) {
    if (e & 1) {
      const t = rr * br - ri * bi;
      ri = rr * bi + ri * br;
      rr = t;
    }
    e >>= 1;
    if (e > 0) {
      const t = br * br - bi * bi;
      bi = 2 * br * bi;
      br = t;
    }
  }
  return [rr, ri];
}

/** One spin class for {@link seriesTotalLaw}: its award and the law of its win, `law[v]` = P(win v and this class). */
export interface SeriesLawClass {
  readonly award: number;
  readonly law: ArrayLike<number>;
}

/** The law of a series' total on a lattice, its transform there, and the bound on what the lattice folds back. */
export interface SeriesTotalLaw {
  /** `law[v]` = P(series total = v), v < size. */
  readonly law: Float64Array;
  /** E[(e^tilt·z)^S] at the `size` FFT points (to multiply with other tilted transforms). */
  readonly transform: { re: Float64Array; im: Float64Array };
  /** Bound on the mass at or above `size` folded onto the lattice (Chernoff). */
  readonly truncatedMass: number;
}

/**
 * The law of a series' total win over integer units, by generating functions: each class
 * law is tilted by e^(tilt·v) and transformed on `size` FFT points, {@link seriesTransform}
 * solves the series at each point (half the points: real laws have conjugate-symmetric
 * transforms), and the inverse transform with the tilt undone gives the law. The tilt
 * (default 40 / size) keeps the rounding at a value v near 1e-18·e^(−tilt·v); the folded
 * mass is bounded from E[e^(θS)] at real points.
 */
export function seriesTotalLaw(
  initial: number,
  classes: readonly SeriesLawClass[],
  cap: number | null,
  size: number,
  tilt = 40 / size,
): SeriesTotalLaw {
  const half = size / 2 + 1;
  const transforms = classes.map((c) => lawTransform(tiltLaw(c.law, tilt), size));
  const solved = seriesTransform(
    initial,
    classes.map((c, i) => {
      const t = transforms[i] as { re: Float64Array; im: Float64Array };
      return { award: c.award, re: t.re.subarray(0, half), im: t.im.subarray(0, half) };
    }),
    cap,
  );
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(solved.re);
  im.set(solved.im);
  for (let j = half; j < size; j++) {
    re[j] = solved.re[size - j] as number;
    im[j] = -(solved.im[size - j] as number);
  }
  const law = tiltLaw(lawFromTransform(re, im), -tilt);
  const logMgf = (theta: number) => Math.log(seriesAtReal(initial, classes, cap, Math.exp(theta)));
  const thetas = Array.from({ length: 80 }, (_, i) => (tilt / 4) * 1.1 ** i);
  return { law, transform: { re, im }, truncatedMass: foldedMassBound(logMgf, size, tilt, thetas).bound };
}

/** E[z^S] of a series at one real z > 0, from its class laws (Infinity where it diverges). */
export function seriesAtReal(initial: number, classes: readonly SeriesLawClass[], cap: number | null, z: number): number {
  return seriesTransform(
    initial,
    classes.map((c) => ({
      award: c.award,
      re: Float64Array.of(Math.exp(logGeneratingFunction(c.law, z))),
      im: Float64Array.of(0),
    })),
    cap,
  ).re[0] as number;
}
