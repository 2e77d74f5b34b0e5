/**
 * Multipliers by the number of wilds in a paid line combination (Mona Lisa Jewels' scatter
 * free spins: 1, 2, 3+ wilds -> x2, x4, x8). The wilds counted are those inside the paid
 * combination only: the first N cells of an N-of-a-kind, never a wild further along the line.
 */

/** How a line win is multiplied by its wilds. */
export interface WildMultipliers {
  /**
   * `byWilds[k]` = multiplier for k wilds in the paid combination (`byWilds[0]` is the
   * multiplier without any, normally 1); k beyond the end takes the last entry ("3 or more").
   */
  readonly byWilds: readonly number[];
  /**
   * Whether a combination of wilds paid on the wild's own pays is multiplied too (by its
   * length in wilds). The sheets that multiply by wilds do not say; the game decides.
   */
  readonly wildOwn: boolean;
}

/** No multiplier at all: what a line pays in a base game. */
export const NO_WILD_MULTIPLIERS: WildMultipliers = Object.freeze({ byWilds: Object.freeze([1]), wildOwn: false });

/** Mona Lisa Jewels' scatter free spins: x2, x4, x8 for 1, 2, 3+ wilds; `wildOwn` as the game rules. */
export function monaLisaMultipliers(wildOwn: boolean): WildMultipliers {
  return Object.freeze({ byWilds: Object.freeze([1, 2, 4, 8]), wildOwn });
}

/** The multiplier for `wilds` wilds in a combination (the last entry for any count past the table). */
export function wildMultiplier(spec: WildMultipliers, wilds: number): number {
  const table = spec.byWilds;
  return table[wilds < table.length ? wilds : table.length - 1] ?? 1;
}

/**
 * Checks a multiplier spec: a non-empty list of positive safe integers that never falls
 * with the wild count (a falling table would make a shorter combination the "highest"
 * one, which no sheet means). Throws a `RangeError`.
 */
export function validateWildMultipliers(spec: WildMultipliers): void {
  const t = spec.byWilds;
  if (t.length === 0) throw new RangeError("wild multipliers: byWilds must not be empty");
  t.forEach((m, k) => {
    if (!Number.isSafeInteger(m) || m < 1) throw new RangeError(`wild multipliers: byWilds[${k}] must be a positive integer`);
    if (k > 0 && m < (t[k - 1] as number)) throw new RangeError("wild multipliers: byWilds must not fall with the wild count");
  });
}
