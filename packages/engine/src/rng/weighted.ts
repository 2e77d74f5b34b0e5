/**
 * Weighted tables: draw one entry by integer weights with a single `rng.int(total)`, as
 * Mermaid's `drawPickPrize` does (the draw `x` picks the first entry whose cumulative weight
 * exceeds it). Every entry's probability is exactly `weight / total`: no floats, no bias.
 */
import type { Rng } from "./rng.js";

/** A weighted table, validated and with cumulative weights for the draw. */
export interface WeightedTable<T> {
  readonly values: readonly T[];
  readonly weights: readonly number[];
  /** `cumulative[i]` = weights[0] + … + weights[i]. */
  readonly cumulative: readonly number[];
  /** Sum of the weights: the range of the one draw. */
  readonly total: number;
}

const TWO_32 = 4294967296;

/**
 * Builds a table from `{value, weight}` entries. Weights are non-negative safe integers
 * (0 = never drawn) whose sum lies in [1, 2^32], the range one draw covers. Throws a `RangeError`.
 */
export function weightedTable<T>(entries: readonly { readonly value: T; readonly weight: number }[]): WeightedTable<T> {
  const cumulative: number[] = [];
  let total = 0;
  entries.forEach(({ weight }, i) => {
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError(`weight ${i} must be a non-negative integer, got ${weight}`);
    total += weight;
    cumulative.push(total);
  });
  if (total < 1 || total > TWO_32) throw new RangeError(`total weight must be in [1, 2^32], got ${total}`);
  return { values: entries.map((e) => e.value), weights: entries.map((e) => e.weight), cumulative, total };
}

/** The entry a draw `x` in [0, total) selects: the first whose cumulative weight exceeds `x` (binary search). */
export function weightedIndexOf(table: WeightedTable<unknown>, x: number): number {
  if (!Number.isInteger(x) || x < 0 || x >= table.total) throw new RangeError(`draw must be an integer in [0, ${table.total})`);
  const c = table.cumulative;
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (x < (c[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Draws an entry's index with one `rng.int(total)`. */
export function drawWeightedIndex(table: WeightedTable<unknown>, rng: Rng): number {
  return weightedIndexOf(table, rng.int(table.total));
}

/** Draws an entry's value with one `rng.int(total)`. */
export function drawWeighted<T>(table: WeightedTable<T>, rng: Rng): T {
  return table.values[drawWeightedIndex(table, rng)] as T;
}
