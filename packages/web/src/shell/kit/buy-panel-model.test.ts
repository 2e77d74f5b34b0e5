import type { BetSchema } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../format.js";
import { type BetChoice, BetModel } from "./bet-model.js";
import { BuyModes, buttonText, withBuyMode } from "./buy-panel-model.js";

/** 40 Mystic Gem's shape: fixed stakes 0.40–50.00 EUR, three plain modes, two with a guaranteed partner. */
const SCHEMA: BetSchema = {
  kind: "fixed",
  stakes: [40, 80, 100, 200, 400, 1000, 2000, 5000].map((cash) => ({ cash })),
  default: 0,
  buyModes: [
    { id: "wild1", label: "1 wild", priceTimesBet: 4.5 },
    { id: "wild2", label: "2 wilds", priceTimesBet: 15 },
    { id: "wild3", label: "3 wilds", priceTimesBet: 71.5 },
    { id: "wild1-guaranteed", label: "1 wild, guaranteed", priceTimesBet: 12, guaranteedOf: "wild1" },
    { id: "wild2-guaranteed", label: "2 wilds, guaranteed", priceTimesBet: 25, guaranteedOf: "wild2" },
  ],
};
const model = new BetModel(SCHEMA);
const modes = new BuyModes(SCHEMA.buyModes ?? []);
const money = (minor: number) => formatMoney(minor, "EUR");
const at = (stake: number, mode: string | null = null): BetChoice => ({ kind: "fixed", stake, mode });

describe("Buy Bonus panel model", () => {
  it("lists the plain modes, each with its guaranteed partner; the switch is offered", () => {
    expect(modes.plain.map((m) => m.id)).toEqual(["wild1", "wild2", "wild3"]);
    expect(modes.hasGuarantee).toBe(true);
    expect(modes.partner("wild1")?.id).toBe("wild1-guaranteed");
    expect(modes.partner("wild3")).toBeNull();
    expect(modes.plainOf("wild2-guaranteed")?.id).toBe("wild2");
    expect(modes.plainOf("wild3")?.id).toBe("wild3");
    expect(modes.plainOf("nope")).toBeNull();
    expect(modes.chosen("wild1", true)?.id).toBe("wild1-guaranteed");
    expect(modes.chosen("wild3", true)?.id).toBe("wild3");
    expect(modes.chosen("wild2", false)?.id).toBe("wild2");
    // A game without guaranteed modes shows no switch; an unknown guaranteedOf is a plain mode.
    const plainOnly = new BuyModes([{ id: "x", label: "X", priceTimesBet: 2, guaranteedOf: "missing" }]);
    expect(plainOnly.hasGuarantee).toBe(false);
    expect(plainOnly.plain.map((m) => m.id)).toEqual(["x"]);
  });

  it("prices each row at the stake in integer minor units (BetModel.debit), the switch picking the partner's price", () => {
    const off = modes.entries(model, at(0), false, null, money);
    expect(off.map((e) => [e.mode.id, e.price])).toEqual([
      ["wild1", 180],
      ["wild2", 600],
      ["wild3", 2860],
    ]);
    const on = modes.entries(model, at(4), true, null, money);
    expect(on.map((e) => [e.mode.id, e.price, e.noGuarantee])).toEqual([
      ["wild1-guaranteed", 4800, false],
      ["wild2-guaranteed", 10000, false],
      ["wild3", 28600, true],
    ]);
    for (const [rows, cash] of [
      [off, 40],
      [on, 400],
    ] as const)
      for (const e of rows) {
        expect(Number.isInteger(e.price)).toBe(true);
        expect(e.price).toBe(Math.round(cash * e.mode.priceTimesBet));
      }
  });

  it("marks the mode in play active, whether plain or guaranteed", () => {
    expect(modes.entries(model, at(0, "wild2"), false, null, money).map((e) => e.active)).toEqual([false, true, false]);
    expect(modes.entries(model, at(0, "wild1-guaranteed"), true, null, money).map((e) => e.active)).toEqual([true, false, false]);
  });

  it("refuses a mode whose price is above the stake cap, saying why", () => {
    // Cap 5.00 EUR at 0.40: 1.80 and 4.80 fit, 6.00 and 28.60 do not.
    const rows = modes.entries(model, at(0), false, 500, money);
    expect(rows.map((e) => e.refused === null)).toEqual([true, false, false]);
    expect(rows[1]?.refused).toBe("Costs €6.00: above the limit of €5.00 a spin");
    expect(modes.entries(model, at(0), true, 500, money).map((e) => e.refused === null)).toEqual([true, false, false]);
    // The price exactly at the cap is allowed (the server refuses only above it).
    expect(modes.refusal(model, at(0), "wild2", 600, money)).toBeNull();
    expect(modes.refusal(model, at(0), "wild2", 599, money)).not.toBeNull();
    expect(modes.refusal(model, at(7), "wild3", null, money)).toBeNull();
  });

  it("turns a mode off when a stake change puts its price above the cap, and only then", () => {
    expect(modes.withinCap(model, at(1, "wild1"), 500)).toEqual({ choice: at(1, "wild1"), dropped: null }); // 3.60
    const over = modes.withinCap(model, at(2, "wild1"), 400); // 4.50 > 4.00
    expect(over.choice).toEqual(at(2));
    expect(over.dropped?.id).toBe("wild1");
    expect(modes.withinCap(model, at(7, "wild3"), null).dropped).toBeNull();
    expect(modes.withinCap(model, at(7), 1).dropped).toBeNull();
    // A mode the schema no longer has is dropped too.
    expect(modes.withinCap(model, at(0, "gone"), null).choice).toEqual(at(0));
  });

  it("the switch moves the mode in play to its partner and back; nothing when none is on or it has none", () => {
    expect(modes.switched("wild1", true)).toBe("wild1-guaranteed");
    expect(modes.switched("wild1-guaranteed", false)).toBe("wild1");
    expect(modes.switched("wild1-guaranteed", true)).toBeNull();
    expect(modes.switched("wild3", true)).toBeNull();
    expect(modes.switched(null, true)).toBeNull();
  });

  it("restores the kept mode only when it is a mode of the game within the cap", () => {
    expect(modes.restore({ buyMode: "wild2-guaranteed", witch: "x" }, model, at(0), null)).toEqual(at(0, "wild2-guaranteed"));
    expect(modes.restore({ buyMode: "wild2" }, model, at(0), 500)).toEqual(at(0)); // 6.00 > 5.00
    expect(modes.restore({ buyMode: "wild1" }, model, at(0), 500)).toEqual(at(0, "wild1"));
    expect(modes.restore({ buyMode: "other" }, model, at(0), null)).toEqual(at(0));
    expect(modes.restore({ buyMode: 3 }, model, at(0), null)).toEqual(at(0));
    expect(modes.restore({}, model, at(0), null)).toEqual(at(0));
  });

  it("keeps the mode beside the other preferences, never clobbering them", () => {
    expect(withBuyMode({ witch: "ember" }, "wild1")).toEqual({ witch: "ember", buyMode: "wild1" });
    expect(withBuyMode({ witch: "ember", buyMode: "wild1" }, "wild2")).toEqual({ witch: "ember", buyMode: "wild2" });
    expect(withBuyMode({ witch: "ember", buyMode: "wild1" }, null)).toEqual({ witch: "ember" });
    expect(withBuyMode({}, null)).toEqual({});
  });

  it("the BUY BONUS button reads ACTIVE with the mode while one is on", () => {
    expect(buttonText(modes, at(0))).toEqual({ title: "BUY BONUS", detail: "" });
    expect(buttonText(modes, at(0, "wild1-guaranteed"))).toEqual({ title: "ACTIVE", detail: "1 wild, guaranteed" });
  });
});
