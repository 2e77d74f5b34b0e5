/** Small exact-arithmetic helpers the reports share. */

/** The two-sided 99% quantile of the standard normal distribution. */
export const Z99 = 2.576;

/** Ratio of two exact integers as a double, dividing once at full precision. */
export function ratio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  // Scale so that the quotient keeps ~17 significant digits even for huge totals.
  const SCALE = 10n ** 18n;
  return Number((numerator * SCALE) / denominator) / 1e18;
}
