/**
 * Random number sources. Every game draw goes through {@link Rng.int}, which scales
 * 32-bit words to a range without bias (rejection sampling), so every outcome of a
 * range is exactly equally likely.
 */
export interface Rng {
  /**
   * Which family this source belongs to; production accepts only `csprng`. `forced` serves
   * chosen values (dev/test QA): it never calls itself a CSPRNG, whatever it falls back to.
   */
  readonly kind: "csprng" | "seeded" | "replay" | "forced";
  /** A uniformly distributed unsigned 32-bit integer. */
  nextU32(): number;
  /** A uniformly distributed integer in `[0, n)`; `n` must be an integer in `[1, 2^32]`. */
  int(n: number): number;
}

const TWO_32 = 4294967296;

/**
 * Unbiased scaling of a 32-bit word source to `[0, n)` by rejection: words at or above
 * the largest multiple of `n` below 2^32 are drawn again, so `u % n` is exactly uniform.
 */
export function scaleUnbiased(next: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
    throw new RangeError(`rng range must be an integer in [1, 2^32], got ${n}`);
  }
  if (n === 1) return 0;
  const limit = TWO_32 - (TWO_32 % n);
  let u = next();
  while (u >= limit) u = next();
  return u % n;
}
