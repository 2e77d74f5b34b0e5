/** Exact sums of integers in a hot loop: a double while it is exact, then a BigInt. */

/** Below this magnitude an integer sum of safe integers stays exact in a double. */
const FLUSH_AT = 2 ** 52;

/**
 * An exact running sum of safe integers of either sign: a fast double part that is moved
 * into a BigInt before it could lose precision. Adding is one addition and two comparisons.
 */
export class ExactSum {
  low = 0;
  high = 0n;
  add(n: number): void {
    const sum = this.low + n;
    if (sum < FLUSH_AT && sum > -FLUSH_AT) this.low = sum;
    else {
      // The double sum may have rounded: move both parts into the BigInt exactly.
      this.high += BigInt(this.low) + BigInt(n);
      this.low = 0;
    }
  }
  /** The exact total. */
  get value(): bigint {
    return this.high + BigInt(this.low);
  }
}
