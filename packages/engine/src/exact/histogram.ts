/**
 * A compact accumulator for exact enumerations: the weight of every integer outcome (a
 * win in the game's smallest unit), kept per class (e.g. "triggered free spins with 4
 * picks"), in growable typed arrays. Totals, squares, buckets and maxima are all read
 * off the histogram, so nothing is lost to binning while enumerating.
 */

/** Per-class histograms of non-negative integer values with double weights. */
export class OutcomeHistogram {
  private readonly bins: Float64Array[];
  private readonly tops: Int32Array;

  /** `classes` histograms, each starting with room for `initialSize` values. */
  constructor(
    readonly classes: number,
    initialSize = 1024,
  ) {
    this.bins = Array.from({ length: classes }, () => new Float64Array(initialSize));
    this.tops = new Int32Array(classes).fill(-1);
  }

  /** Adds `weight` to outcome `value` (a non-negative integer) of class `klass`. */
  add(klass: number, value: number, weight: number): void {
    let bins = this.bins[klass] as Float64Array;
    if (value >= bins.length) {
      let size = bins.length * 2;
      while (size <= value) size *= 2;
      const grown = new Float64Array(size);
      grown.set(bins);
      this.bins[klass] = grown;
      bins = grown;
    }
    bins[value] = (bins[value] as number) + weight;
    if (value > (this.tops[klass] as number)) this.tops[klass] = value;
  }

  /** The weights of class `klass` by value, `0..max` (a copy). */
  weights(klass: number): Float64Array {
    return (this.bins[klass] as Float64Array).slice(0, (this.tops[klass] as number) + 1);
  }

  /** The largest value added to class `klass` (-1 when empty). */
  max(klass: number): number {
    return this.tops[klass] as number;
  }

  /** Total weight of class `klass`, or of every class. */
  totalWeight(klass?: number): number {
    if (klass === undefined) {
      let t = 0;
      for (let k = 0; k < this.classes; k++) t += this.totalWeight(k);
      return t;
    }
    return moments(this.weights(klass)).weight;
  }

  /** Every class merged into one histogram (weights by value). */
  merged(): Float64Array {
    let top = -1;
    for (let k = 0; k < this.classes; k++) top = Math.max(top, this.tops[k] as number);
    const out = new Float64Array(top + 1);
    for (let k = 0; k < this.classes; k++) {
      const bins = this.bins[k] as Float64Array;
      for (let v = 0; v <= (this.tops[k] as number); v++) out[v] = (out[v] as number) + (bins[v] as number);
    }
    return out;
  }
}

/** Weight, Σ w·v and Σ w·v² of a histogram (`h[v]` = weight of value v, optionally scaled by `scale`). */
export function moments(h: ArrayLike<number>, scale = 1): { weight: number; sum: number; sumSquares: number } {
  let weight = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let v = 0; v < h.length; v++) {
    const w = h[v] as number;
    if (w === 0) continue;
    const x = v * scale;
    weight += w;
    sum += w * x;
    sumSquares += w * x * x;
  }
  return { weight, sum, sumSquares };
}

/** One bucket of a win distribution in multiples of the bet: `[from, to)`, `to` null = unbounded; "0" is from = to = 0. */
export interface Bucket {
  from: number;
  to: number | null;
  probability: number;
}

/**
 * Buckets a law over integer units (`law[v]` = probability of v units) into the sheet's
 * buckets of win ÷ bet: "0", `(0, e1)`, `[e1, e2)`, …, `[eLast, ∞)`. An edge e is compared
 * as the integer `v >= e · unitsPerBet`, exactly like the simulator's integer comparisons.
 */
export function bucketize(law: ArrayLike<number>, unitsPerBet: number, edges: readonly number[]): Bucket[] {
  const out: Bucket[] = [{ from: 0, to: 0, probability: law[0] ?? 0 }];
  const bounds = edges.map((e) => e * unitsPerBet);
  for (let b = 0; b <= edges.length; b++) {
    const lo = b === 0 ? 1 : Math.ceil(bounds[b - 1] as number);
    const hi = b < edges.length ? Math.ceil(bounds[b] as number) : law.length;
    let p = 0;
    for (let v = Math.max(lo, 1); v < Math.min(hi, law.length); v++) p += law[v] as number;
    out.push({
      from: b === 0 ? 0 : (edges[b - 1] as number),
      to: b < edges.length ? (edges[b] as number) : null,
      probability: p,
    });
  }
  return out;
}

/** The sheet's standard bucket edges (x total bet), the simulator's as well. */
export const WIN_BUCKET_EDGES: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 250, 500, 1000];

/** Direct convolution of two laws over integer values, truncated to `limit` entries when given. */
export function convolve(a: ArrayLike<number>, b: ArrayLike<number>, limit?: number): Float64Array {
  const n = limit ?? a.length + b.length - 1;
  const out = new Float64Array(Math.max(0, n));
  for (let i = 0; i < a.length && i < n; i++) {
    const p = a[i] as number;
    if (p === 0) continue;
    const top = Math.min(b.length, n - i);
    for (let j = 0; j < top; j++) out[i + j] = (out[i + j] as number) + p * (b[j] as number);
  }
  return out;
}

/** The law of the sum of `k` independent draws from `law` (k = 0 gives the point mass at 0). */
export function convolvePower(law: ArrayLike<number>, k: number): Float64Array {
  let out: Float64Array = Float64Array.of(1);
  for (let i = 0; i < k; i++) out = convolve(out, law);
  return out;
}
