import { describe, expect, it } from "vitest";
import { UnitsMeterModel, unitLabel, unitsOf, unitsOfSchema } from "./units-meter-model.js";

const texts = (m: UnitsMeterModel) => m.lines().map((l) => `${l.label} ${l.text}`);

describe("UnitsMeterModel: the non-cash balance meter", () => {
  it("shows the game's units from the session, 0 when the player holds none, '–' before anything is known", () => {
    const m = new UnitsMeterModel({ units: ["bonus"] });
    expect(texts(m)).toEqual(["BONUSES –"]);
    m.fromSession({ units: {} });
    expect(texts(m)).toEqual(["BONUSES 0"]);
    m.fromSession({ units: { bonus: 1250 } });
    expect(texts(m)).toEqual(["BONUSES 1,250"]);
    expect(m.amount("bonus")).toBe(1250);
  });

  it("follows every round answer; an answer without unitBalances means no unit held (0)", () => {
    const m = new UnitsMeterModel({ units: ["bonus"] });
    m.fromSession({ units: { bonus: 12 } });
    m.fromAnswer({ unitBalances: { bonus: 11 } });
    expect(texts(m)).toEqual(["BONUSES 11"]);
    m.fromAnswer({});
    expect(texts(m)).toEqual(["BONUSES 0"]);
  });

  it("an account event shows at once at rest, waits for the round's end while one plays, and an answer supersedes it", () => {
    const m = new UnitsMeterModel({ units: ["bonus"] });
    m.fromSession({ units: { bonus: 5 } });
    m.fromAccount({ unitBalances: { bonus: 8 } });
    expect(texts(m)).toEqual(["BONUSES 8"]);
    m.setPlaying(true);
    m.fromAccount({ unitBalances: { bonus: 20 } });
    expect(texts(m)).toEqual(["BONUSES 8"]);
    m.setPlaying(false);
    expect(texts(m)).toEqual(["BONUSES 20"]);
    // Held, then an answer came: the answer is newer, the held event is dropped.
    m.setPlaying(true);
    m.fromAccount({ unitBalances: { bonus: 3 } });
    m.fromAnswer({ unitBalances: { bonus: 7 } });
    m.setPlaying(false);
    expect(texts(m)).toEqual(["BONUSES 7"]);
  });

  it("without a unit list it shows every unit the balances name, in key order; none: no line (hidden)", () => {
    const m = new UnitsMeterModel({ labels: { gem: "GEMS" } });
    expect(m.lines()).toEqual([]);
    m.fromSession({ units: { gem: 2, bonus: 4, token: 1 } });
    expect(texts(m)).toEqual(["BONUSES 4", "GEMS 2", "TOKEN 1"]);
  });

  it("never shows a number the ledger cannot hold (negative, fractional)", () => {
    const m = new UnitsMeterModel({ units: ["bonus"] });
    m.fromSession({ units: { bonus: -1 } });
    expect(texts(m)).toEqual(["BONUSES –"]);
    m.fromSession({ units: { bonus: 1.5 } });
    expect(texts(m)).toEqual(["BONUSES –"]);
  });

  it("reads units from every wire shape and from a fixed bet schema's stakes", () => {
    expect(unitsOf({ units: { bonus: 1 } })).toEqual({ bonus: 1 });
    expect(unitsOf({ unitBalances: { bonus: 2 } })).toEqual({ bonus: 2 });
    expect(unitsOf({})).toEqual({});
    expect(unitLabel("bonus")).toBe("BONUSES");
    expect(unitLabel("gem")).toBe("GEM");
    expect(
      unitsOfSchema({
        kind: "fixed",
        stakes: [
          { cash: 20 },
          { cash: 20, extra: { amount: 1, unit: "bonus" } },
          { cash: 20, extra: { amount: 2, unit: "bonus" } },
        ],
        default: 0,
      }),
    ).toEqual(["bonus"]);
    expect(
      unitsOfSchema({
        kind: "lines",
        coinValues: [1],
        coinsPerLine: [1],
        lines: [1],
        default: { coinValue: 1, coinsPerLine: 1, lines: 1 },
      }),
    ).toEqual([]);
    expect(unitsOfSchema(null)).toEqual([]);
  });
});
