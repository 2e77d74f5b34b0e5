/** Wild-count multipliers: the table by count, "N or more" past its end, and validation. */
import { describe, expect, it } from "vitest";
import { monaLisaMultipliers, NO_WILD_MULTIPLIERS, validateWildMultipliers, wildMultiplier } from "./wild-multipliers.js";

describe("wildMultiplier", () => {
  it("maps 0, 1, 2, 3+ wilds to x1, x2, x4, x8 (Mona Lisa's free spins)", () => {
    const m = monaLisaMultipliers(false);
    expect([0, 1, 2, 3, 4, 5].map((k) => wildMultiplier(m, k))).toEqual([1, 2, 4, 8, 8, 8]);
    expect([0, 3, 5].map((k) => wildMultiplier(NO_WILD_MULTIPLIERS, k))).toEqual([1, 1, 1]);
    expect(monaLisaMultipliers(true).wildOwn).toBe(true);
  });

  it("validates: non-empty, positive integers, never falling", () => {
    expect(() => validateWildMultipliers(monaLisaMultipliers(false))).not.toThrow();
    expect(() => validateWildMultipliers({ byWilds: [], wildOwn: false })).toThrow(/empty/);
    expect(() => validateWildMultipliers({ byWilds: [1, 0], wildOwn: false })).toThrow(/byWilds\[1\]/);
    expect(() => validateWildMultipliers({ byWilds: [1, 2.5], wildOwn: false })).toThrow(/byWilds\[1\]/);
    expect(() => validateWildMultipliers({ byWilds: [1, 4, 2], wildOwn: false })).toThrow(/fall/);
  });
});
