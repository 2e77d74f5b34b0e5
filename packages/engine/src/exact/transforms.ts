/**
 * Laws of sums through their generating functions G(z) = Σ P(v) z^v. On the M points
 * z_j = e^(−2πij/M) the FFT turns a law into G and back, so the law of a compound sum
 * (a round's base spin, picks and free-spin series) is a product and a solve per point.
 * Mass at or above M folds back onto v mod M (aliasing): {@link chernoffTail} bounds it,
 * from G at real z > 1, so the truncation error is stated, never guessed.
 */

/** In-place radix-2 complex FFT (forward: e^(−2πi jn/M); inverse divides by M). Length a power of two. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (im.length !== n || (n & (n - 1)) !== 0) throw new Error(`fft: length ${n} is not a power of two`);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = (sign * 2 * Math.PI) / len;
    // Twiddles computed directly (not by recurrence) to keep the error at one rounding each.
    const wr = new Float64Array(half);
    const wi = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      wr[k] = Math.cos(step * k);
      wi[k] = Math.sin(step * k);
    }
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < half; k++) {
        const a = start + k;
        const b = a + half;
        const xr = re[b] as number;
        const xi = im[b] as number;
        const cr = wr[k] as number;
        const ci = wi[k] as number;
        const tr = xr * cr - xi * ci;
        const ti = xr * ci + xi * cr;
        const ur = re[a] as number;
        const ui = im[a] as number;
        re[a] = ur + tr;
        im[a] = ui + ti;
        re[b] = ur - tr;
        im[b] = ui - ti;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = (re[i] as number) / n;
      im[i] = (im[i] as number) / n;
    }
  }
}

/** G(z_j) = Σ_v law[v]·z_j^v at the `size` FFT points (law entries at v ≥ size fold onto v mod size). */
export function lawTransform(law: ArrayLike<number>, size: number): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let v = 0; v < law.length; v++) {
    const at = v % size;
    re[at] = (re[at] as number) + (law[v] as number);
  }
  fft(re, im);
  return { re, im };
}

/** The law back from its transform at the FFT points (the real part; the imaginary part is rounding). */
export function lawFromTransform(re: Float64Array, im: Float64Array): Float64Array {
  const r = re.slice();
  const i = im.slice();
  fft(r, i, true);
  return r;
}

/** Σ_v law[v]·z^v at a real z, as a log (so that a z above 1 and large v do not overflow). */
export function logGeneratingFunction(law: ArrayLike<number>, z: number): number {
  const lz = Math.log(z);
  let top = Number.NEGATIVE_INFINITY;
  for (let v = 0; v < law.length; v++) if ((law[v] as number) > 0) top = Math.max(top, Math.log(law[v] as number) + v * lz);
  let s = 0;
  for (let v = 0; v < law.length; v++) {
    const p = law[v] as number;
    if (p > 0) s += Math.exp(Math.log(p) + v * lz - top);
  }
  return top + Math.log(s);
}

/**
 * The Chernoff bound P(X ≥ t) ≤ min over θ of E[e^(θX)]·e^(−θt), from `logMgf(θ)` =
 * log E[e^(θX)] (Infinity where it diverges), minimised over the given θ values.
 * Returns the bound and the θ that gave it.
 */
export function chernoffTail(
  logMgf: (theta: number) => number,
  threshold: number,
  thetas: readonly number[],
): { bound: number; theta: number } {
  let best = { bound: 1, theta: 0 };
  for (const theta of thetas) {
    const l = logMgf(theta);
    if (!Number.isFinite(l)) continue;
    const bound = Math.exp(l - theta * threshold);
    if (bound < best.bound) best = { bound, theta };
  }
  return best;
}

/**
 * `law[v]·e^(θv)`: the exponentially tilted law. Transforming a tilted law evaluates G at
 * e^θ·z, products stay products, and after the inverse transform `tiltLaw(·, −θ)` gives the
 * law back with its FFT rounding divided by e^(θv): tails far below 1e-16 become readable.
 */
export function tiltLaw(law: ArrayLike<number>, theta: number): Float64Array {
  const out = new Float64Array(law.length);
  for (let v = 0; v < law.length; v++) out[v] = (law[v] as number) * Math.exp(theta * v);
  return out;
}

/**
 * A bound on the mass an FFT of `size` points under tilt `tilt` folds back onto the
 * lattice: Σ_{w ≥ size} P(w)·e^(tilt·(w − w mod size)) ≤ E[e^(θW)]·e^(−(θ − tilt)·size) for
 * every θ > tilt, minimised over `thetas` (from `logMgf(θ)` = log E[e^(θW)]).
 */
export function foldedMassBound(
  logMgf: (theta: number) => number,
  size: number,
  tilt: number,
  thetas: readonly number[],
): { bound: number; theta: number } {
  return chernoffTail(
    (theta) => logMgf(theta) + tilt * size,
    size,
    thetas.filter((t) => t > tilt),
  );
}
