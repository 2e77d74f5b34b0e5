import type { BetSchema } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { BetModel, betSchemaOf } from "./bet-model.js";

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

/** A 15-line game's describe data (line bets, no schema of its own). */
const lines = betSchemaOf({
  bet: {
    coinValues: [1, 2, 5, 10, 20, 25, 50, 100],
    coinsPerLine: [1, 2, 3, 4, 5],
    lines: Array.from({ length: 15 }, (_, i) => i + 1),
    default: { coinValue: 10, coinsPerLine: 1, lines: 15 },
  },
});

/** Fixed total bets 0.40–50.00 with buy modes (40 Mystic Gem's shape). */
const totals: BetSchema = {
  kind: "fixed",
  stakes: [40, 80, 100, 200, 400, 1000, 2000, 5000].map((cash) => ({ cash })),
  default: 0,
  buyModes: [
    { id: "wild1", label: "1 wild", priceTimesBet: 4.5 },
    { id: "wild3", label: "3 wilds", priceTimesBet: 71.5 },
  ],
};

/** A cash stake plus Bonuses (Gnomos Mix's upper game). */
const twoCurrency: BetSchema = {
  kind: "fixed",
  stakes: [{ cash: 20, extra: { amount: 1, unit: "Bonus" } }, { cash: 20, extra: { amount: 2, unit: "Bonus" } }, { cash: 100 }],
  default: 0,
};

describe("BetModel", () => {
  it("maps line-game describe data onto a line schema, wire format unchanged", () => {
    const model = new BetModel(lines);
    const bet = model.initial();
    expect(model.total(bet)).toBe(150);
    expect(model.wire(bet)).toEqual({ coinValue: 10, coinsPerLine: 1, lines: 15 });
    expect(model.fields().map((f) => f.id)).toEqual(["coinValue", "coinsPerLine", "lines"]);
    expect(model.fromWire({ coinValue: 5, coinsPerLine: 2, lines: 3 })).toEqual({
      kind: "lines",
      coinValue: 5,
      coinsPerLine: 2,
      lines: 3,
      mode: null,
    });
    expect(model.step(bet, "coinsPerLine", 10)).toMatchObject({ coinsPerLine: 5 });
    expect(model.max(bet, null)).toMatchObject({ coinValue: 10, coinsPerLine: 5, lines: 15 });
    // Under a 5.00 stake cap: the largest bet at the coin value in use.
    expect(model.max(bet, 500)).toMatchObject({ coinValue: 10, coinsPerLine: 5, lines: 10 });
    expect(model.largestWithin(120, bet)).toMatchObject({ coinValue: 2, coinsPerLine: 4, lines: 15 });
  });

  it("steps through fixed totals and prices buy modes from the total", () => {
    const model = new BetModel(totals);
    const bet = model.step(model.initial(), "stake", 2);
    expect(model.total(bet)).toBe(100);
    expect(model.label(bet, money)).toBe("€1.00");
    const bought = { ...bet, mode: "wild3" };
    expect(model.debit(bought)).toBe(7150);
    expect(model.wire(bought)).toEqual({ stake: 2, mode: "wild3" });
    expect(model.largestWithin(1999, bet)).toEqual({ kind: "fixed", stake: 5, mode: null });
    expect(model.max(bet, 500)).toEqual({ kind: "fixed", stake: 4, mode: null });
    expect(model.coinValue(bet)).toBeNull();
  });

  it("skips the stakes the operator disabled: not stepped to, not offered as the largest affordable, not BET MAX", () => {
    const schema: BetSchema = {
      kind: "fixed",
      stakes: [{ cash: 40 }, { cash: 80, disabled: true }, { cash: 200 }, { cash: 5000, disabled: true }],
      default: 0,
    };
    const model = new BetModel(schema);
    const start = model.initial();
    expect(model.fields()[0]?.values).toEqual([0, 2]);
    expect(model.step(start, "stake", 1)).toMatchObject({ stake: 2 });
    expect(model.largestWithin(100, start)).toMatchObject({ stake: 0 });
    expect(model.max(start, null)).toMatchObject({ stake: 2 });
    // The index of a stake stays its position in the schema (the wire names it).
    expect(model.wire(model.step(start, "stake", 1))).toEqual({ stake: 2 });
  });

  it("names a stake in two currencies", () => {
    const model = new BetModel(twoCurrency);
    expect(model.label(model.initial(), money)).toBe("€0.20 + 1 Bonus");
    expect(model.label(model.step(model.initial(), "stake", 1), money)).toBe("€0.20 + 2 Bonus");
    expect(model.label(model.step(model.initial(), "stake", 2), money)).toBe("€1.00");
    expect(model.fromWire({ coinValue: 1 })).toBeNull();
  });
});
