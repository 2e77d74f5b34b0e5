/** The bet-mode kit: exact prices, mode ids from untrusted input, refusals, redraws. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultContext, FeatureRefusedError, GameInputError } from "../round.js";
import { type BetModeSpec, buyModesOf, checkModeAllowed, modePrice, parseModeId, priceTimes, redrawUntil } from "./modes.js";

const MODES: BetModeSpec[] = [
  { id: "one", label: "One", price: { numerator: 9, denominator: 2 }, reelSet: "one" },
  {
    id: "one-g",
    label: "One, guaranteed",
    price: { numerator: 12, denominator: 1 },
    reelSet: "oneG",
    guarantee: "lineWin",
    guaranteedOf: "one",
  },
];

describe("modePrice", () => {
  it("is the total bet times the price, exactly, in minor units", () => {
    expect(modePrice(40, { numerator: 9, denominator: 2 })).toBe(180);
    expect(modePrice(5000, { numerator: 143, denominator: 2 })).toBe(357_500);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (k) => {
        expect(modePrice(2 * k, { numerator: 143, denominator: 2 })).toBe(143 * k);
      }),
    );
  });

  it("refuses a total whose price is not whole", () => {
    expect(() => modePrice(41, { numerator: 9, denominator: 2 })).toThrow(GameInputError);
    expect(priceTimes({ numerator: 143, denominator: 2 })).toBe(71.5);
  });
});

describe("parseModeId", () => {
  it("reads a plain spin, a known mode, and refuses the rest by name", () => {
    expect(parseModeId(undefined, MODES)).toBeNull();
    expect(parseModeId(null, MODES)).toBeNull();
    expect(parseModeId("one-g", MODES)?.guarantee).toBe("lineWin");
    for (const bad of ["two", 1, {}, "", "ONE"])
      expect(() => parseModeId(bad, MODES)).toThrow(/mode must be one of 'one', 'one-g'/);
  });
});

describe("checkModeAllowed", () => {
  it("refuses a bought mode where buy bonus is off, and in granted rounds; plain spins always pass", () => {
    const off = defaultContext({}, { features: { gamble: true, buyBonus: false, autoplay: true } });
    expect(() => checkModeAllowed(MODES[0] as BetModeSpec, off)).toThrow(FeatureRefusedError);
    expect(() => checkModeAllowed(MODES[0] as BetModeSpec, defaultContext({}, { granted: true }))).toThrow(/fixed bet/);
    expect(() => checkModeAllowed(null, off)).not.toThrow();
    expect(() => checkModeAllowed(MODES[1] as BetModeSpec, defaultContext({}))).not.toThrow();
  });
});

describe("buyModesOf", () => {
  it("lists each mode's price as a multiple and pairs a guaranteed mode with its plain one", () => {
    expect(buyModesOf(MODES)).toEqual([
      { id: "one", label: "One", priceTimesBet: 4.5 },
      { id: "one-g", label: "One, guaranteed", priceTimesBet: 12, guaranteedOf: "one" },
    ]);
  });
});

describe("redrawUntil", () => {
  it("returns the first accepted draw and counts the draws", () => {
    const values = [1, 3, 4, 7];
    let i = 0;
    expect(
      redrawUntil(
        () => values[i++] as number,
        (v) => v % 2 === 0,
      ),
    ).toEqual({ value: 4, draws: 3 });
  });

  it("fails closed past its limit", () => {
    expect(() =>
      redrawUntil(
        () => 1,
        () => false,
        5,
      ),
    ).toThrow(/no accepted draw in 5 tries/);
  });
});
