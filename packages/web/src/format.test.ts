import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCoins, formatMoney, formatMoneyCode, groupDigits, parseMoneyInput, readMoneyInput, toCoins } from "./format.js";

describe("formatMoney", () => {
  it("formats minor units with grouping and two decimals", () => {
    expect(formatMoney(0, "EUR")).toBe("€0.00");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
    expect(formatMoney(100000, "EUR")).toBe("€1,000.00");
    expect(formatMoney(123456789, "EUR")).toBe("€1,234,567.89");
    expect(formatMoney(-250, "EUR")).toBe("-€2.50");
    expect(formatMoney(1999, "SEK")).toBe("19.99 SEK");
  });

  it("refuses floats", () => {
    expect(() => formatMoney(1.5, "EUR")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "EUR")).toThrow(RangeError);
  });

  it("round-trips every integer exactly (digits back to the same integer)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const text = formatMoney(minor, "EUR");
        const back = Number(text.replace(/[€,.]/g, ""));
        expect(back).toBe(minor);
      }),
    );
  });
});

describe("coins", () => {
  it("converts and groups", () => {
    expect(toCoins(1000, 10)).toBe(100);
    expect(toCoins(1005, 10)).toBe(100);
    expect(groupDigits(1234567)).toBe("1,234,567");
    expect(formatCoins(1)).toBe("1 coin");
    expect(formatCoins(2500)).toBe("2,500 coins");
    expect(() => toCoins(10, 0)).toThrow(RangeError);
  });
});

describe("parseMoneyInput", () => {
  it("reads typed amounts into minor units from the digits", () => {
    expect(parseMoneyInput("12")).toBe(1200);
    expect(parseMoneyInput("12.5")).toBe(1250);
    expect(parseMoneyInput("0.07")).toBe(7);
    expect(parseMoneyInput("€1,250.00")).toBe(125000);
    expect(parseMoneyInput(" 3. ")).toBe(300);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "-5", "abc", "1e3", "12.3.4", "4,5,0", "1,2345", "0,500", "4 50", "1.234.56"])
      expect(parseMoneyInput(bad)).toBeNull();
  });

  it("reads a decimal comma and a decimal point alike, with grouping either way", () => {
    for (const text of ["4,50", "4.50", "4,5", "€4,50", "4,50 €", "EUR 4.50", "4.50 EUR"])
      expect(parseMoneyInput(text)).toBe(450);
    for (const text of ["1,234.50", "1.234,50", "1 234,50", "1'234.50", "1\u00a0234,50"])
      expect(parseMoneyInput(text)).toBe(123450);
    expect(parseMoneyInput("1,000,000")).toBe(100_000_000);
    expect(parseMoneyInput("1.000.000")).toBe(100_000_000);
    expect(parseMoneyInput("1,251")).toBe(125_100); // 1.251 is no amount: only grouping reads it
    expect(parseMoneyInput("1.234")).toBe(123_400);
  });

  it("refuses, with a reason, an amount that reads two ways", () => {
    expect(readMoneyInput("1,250")).toEqual({
      ok: false,
      reason: '"1,250" could mean 1,250.00 or 1.25: write 1250 or 1.25.',
    });
    expect(readMoneyInput("4,5,0")).toEqual({ ok: false, reason: '"4,5,0" is not an amount: write it like 4.50 or 4,50.' });
    expect(readMoneyInput("2.999")).toEqual({ ok: true, minor: 299_900 });
  });

  it("reads the same amount whichever decimal mark formats it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (minor) => {
        const english = formatMoneyCode(minor, "EUR");
        const european = english.replace(/[,.]/g, (c) => (c === "," ? "." : ","));
        expect(parseMoneyInput(english)).toBe(minor);
        expect(parseMoneyInput(european)).toBe(minor);
      }),
    );
  });

  it("inverts formatMoney for every non-negative amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (minor) => {
        expect(parseMoneyInput(formatMoney(minor, "EUR"))).toBe(minor);
      }),
    );
  });
});
