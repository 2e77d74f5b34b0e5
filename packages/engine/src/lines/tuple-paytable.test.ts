/** Tuple paytables: hand-checked tuples, the compiled table against the rules on every tuple, exact expectations. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellLaw, reelLaw } from "../exact/reels.js";
import {
  compileTuplePaytable,
  expectedTuplePay,
  type TuplePaytableSpec,
  tupleAt,
  tupleIndex,
  tuplePayAt,
  tuplePayOf,
  tuplePaytable,
  tupleRuleOf,
  windowLineIndex,
} from "./tuple-paytable.js";

/** A Gnomos-like lower-game centre line (cents at 0.20 EUR): three of a figure, any diamonds, BONUS figures pay Bonuses. */
const SYMBOLS = ["BLUE", "RED", "GREEN", "BELL", "LEMON", "ORANGE", "GRAPES", "PLUM", "BONUS", "WINDOW", "GNOME"];
const GNOMOS: TuplePaytableSpec = {
  symbols: SYMBOLS,
  reels: 3,
  wilds: ["GNOME"],
  rules: [
    { name: "3 WINDOW", kind: "same", figures: ["WINDOW"], wild: false, cash: 0, units: { minigame: 1 } },
    { name: "3 BLUE", kind: "same", figures: ["BLUE"], cash: 10000 },
    { name: "3 RED", kind: "same", figures: ["RED"], cash: 2000 },
    { name: "3 GREEN", kind: "same", figures: ["GREEN"], cash: 800 },
    { name: "3 BELL", kind: "same", figures: ["BELL"], cash: 400 },
    { name: "3 LEMON", kind: "same", figures: ["LEMON"], cash: 320 },
    { name: "3 ORANGE", kind: "same", figures: ["ORANGE"], cash: 240 },
    { name: "3 GRAPES", kind: "same", figures: ["GRAPES"], cash: 160 },
    { name: "3 PLUM", kind: "same", figures: ["PLUM"], cash: 80 },
    { name: "any diamonds", kind: "count", set: ["BLUE", "RED", "GREEN"], counts: [1, 2, 3], cash: 40 },
    { name: "3 BONUS", kind: "count", set: ["BONUS"], counts: [3], units: { bonus: 6 } },
    { name: "2 BONUS", kind: "count", set: ["BONUS"], counts: [2], units: { bonus: 2 } },
    { name: "1 BONUS", kind: "count", set: ["BONUS"], counts: [1], units: { bonus: 1 } },
  ],
};

const ids = (...names: string[]) => names.map((n) => SYMBOLS.indexOf(n));

/** The same table written by hand as plain conditions (an independent oracle). */
function oracle(t: readonly string[]): { cash: number; bonus: number; minigame: number } {
  const [a, b, c] = t as [string, string, string];
  const none = { cash: 0, bonus: 0, minigame: 0 };
  if (a === "WINDOW" && b === "WINDOW" && c === "WINDOW") return { ...none, minigame: 1 };
  const pays: [string, number][] = [
    ["BLUE", 10000],
    ["RED", 2000],
    ["GREEN", 800],
    ["BELL", 400],
    ["LEMON", 320],
    ["ORANGE", 240],
    ["GRAPES", 160],
    ["PLUM", 80],
  ];
  for (const [f, cash] of pays) if (t.every((s) => s === f || s === "GNOME")) return { ...none, cash };
  const diamonds = t.filter((s) => s === "BLUE" || s === "RED" || s === "GREEN").length;
  if (diamonds > 0) return { ...none, cash: 40 };
  const bonus = t.filter((s) => s === "BONUS").length;
  return { ...none, bonus: [0, 1, 2, 6][bonus] as number };
}

describe("tuple paytable rules", () => {
  const table = tuplePaytable(GNOMOS);

  it("pays hand-checked tuples: figures, wildcards, any diamonds, Bonuses as a unit (first match wins)", () => {
    expect(tuplePayOf(table, ids("BELL", "BELL", "BELL"))).toEqual({ rule: 4, name: "3 BELL", cash: 400, units: {} });
    expect(tuplePayOf(table, ids("BELL", "GNOME", "BELL")).cash).toBe(400);
    // Three wilds match the first figure rule that accepts wilds: 3 BLUE (3 WINDOW refuses wilds).
    expect(tuplePayOf(table, ids("GNOME", "GNOME", "GNOME")).name).toBe("3 BLUE");
    expect(tuplePayOf(table, ids("BLUE", "BELL", "PLUM"))).toMatchObject({ name: "any diamonds", cash: 40 });
    expect(tuplePayOf(table, ids("BLUE", "RED", "GREEN"))).toMatchObject({ name: "any diamonds", cash: 40 });
    expect(tuplePayOf(table, ids("RED", "GNOME", "RED"))).toMatchObject({ name: "3 RED", cash: 2000 });
    expect(tuplePayOf(table, ids("BONUS", "PLUM", "BONUS"))).toEqual({ rule: 11, name: "2 BONUS", cash: 0, units: { bonus: 2 } });
    expect(tuplePayOf(table, ids("BONUS", "BONUS", "BONUS")).units).toEqual({ bonus: 6 });
    expect(tuplePayOf(table, ids("BONUS", "BLUE", "PLUM")).name).toBe("any diamonds");
    expect(tuplePayOf(table, ids("WINDOW", "WINDOW", "WINDOW")).units).toEqual({ minigame: 1 });
    expect(tuplePayOf(table, ids("WINDOW", "GNOME", "WINDOW")).rule).toBe(-1);
    expect(tuplePayOf(table, ids("BELL", "LEMON", "BELL"))).toEqual({ rule: -1, name: null, cash: 0, units: {} });
    expect(() => tuplePayOf(table, ids("BELL", "BELL"))).toThrow(/2 for 3 reels/);
  });

  it("highest wins: the best matching rule by cash plus units at their value, ties to the earlier rule", () => {
    const spec: TuplePaytableSpec = {
      ...GNOMOS,
      resolve: "highest",
      unitValues: { bonus: 80 },
      rules: [
        { name: "any diamonds", kind: "count", set: ["BLUE", "RED", "GREEN"], counts: [1, 2, 3], cash: 40 },
        { name: "1 BONUS", kind: "count", set: ["BONUS"], counts: [1], units: { bonus: 1 } },
        { name: "2 BONUS", kind: "count", set: ["BONUS"], counts: [2], units: { bonus: 2 } },
        { name: "BONUS worth 80 too", kind: "pattern", pattern: ["BONUS", null, null], cash: 80 },
        { name: "3 PLUM", kind: "same", figures: ["PLUM"], cash: 80 },
      ],
    };
    const high = tuplePaytable(spec);
    expect(tuplePayOf(high, ids("BONUS", "BLUE", "PLUM")).name).toBe("1 BONUS"); // 80 beats 40, ties with the pattern: earlier wins
    expect(tuplePayOf(high, ids("BLUE", "BONUS", "BONUS")).name).toBe("2 BONUS");
    expect(tuplePayOf(high, ids("PLUM", "GNOME", "PLUM")).name).toBe("3 PLUM");
    expect(tuplePayOf(tuplePaytable({ ...spec, resolve: "first" }), ids("BONUS", "BLUE", "PLUM")).name).toBe("any diamonds");
  });

  it("patterns with sets and wildcards, custom tests, and spec errors", () => {
    const t = tuplePaytable({
      symbols: ["A", "B", "C", "W"],
      reels: 3,
      wilds: ["W"],
      rules: [
        { name: "A ? A-or-B", kind: "pattern", pattern: ["A", null, ["A", "B"]], cash: 5 },
        { name: "no wild C C", kind: "pattern", pattern: [null, "C", "C"], wild: false, cash: 3 },
        { name: "two of a kind", kind: "same", count: 2, cash: 1 },
        { name: "all different", kind: "test", test: (s) => new Set(s).size === 3, cash: 0, units: { free: 1 } },
      ],
    });
    const code = (s: string) => [...s].map((ch) => "ABCW".indexOf(ch));
    expect(tuplePayOf(t, code("ACB")).cash).toBe(5);
    expect(tuplePayOf(t, code("WCW")).cash).toBe(5);
    expect(tuplePayOf(t, code("BCC")).cash).toBe(3);
    expect(tuplePayOf(t, code("BCW")).cash).toBe(1); // C + wild
    expect(tuplePayOf(t, code("CBA"))).toMatchObject({ name: "all different", units: { free: 1 } });
    expect(() => tuplePaytable({ ...GNOMOS, rules: [{ name: "x", kind: "same", figures: ["NOPE"] }] })).toThrow(
      /unknown symbol NOPE/,
    );
    expect(() => tuplePaytable({ ...GNOMOS, rules: [{ name: "x", kind: "pattern", pattern: [null] }] })).toThrow(/pattern of 1/);
    expect(() => tuplePaytable({ ...GNOMOS, rules: [{ name: "x", kind: "count", set: ["BLUE"], counts: [4] }] })).toThrow(
      /count 4/,
    );
  });
});

describe("compiled tuple paytable", () => {
  const table = tuplePaytable(GNOMOS);
  const compiled = compileTuplePaytable(table);

  it("has S^N entries; every entry equals the rules and the hand-written oracle (exhaustive, 1,331 tuples)", () => {
    expect(compiled.size).toBe(11 ** 3);
    expect(compiled.unitNames).toEqual(["bonus", "minigame"]);
    for (let e = 0; e < compiled.size; e++) {
      const tuple = tupleAt(compiled, e);
      expect(tupleIndex(compiled, tuple)).toBe(e);
      const pay = tuplePayAt(compiled, e);
      expect(pay).toEqual(tuplePayOf(table, tuple));
      expect(compiled.rule[e]).toBe(tupleRuleOf(table, tuple));
      const want = oracle(tuple.map((s) => SYMBOLS[s] as string));
      expect([compiled.cash[e], compiled.units[e * 2], compiled.units[e * 2 + 1]]).toEqual([
        want.cash,
        want.bonus,
        want.minigame,
      ]);
    }
    expect(() => tuplePayAt(compiled, compiled.size)).toThrow(/outside/);
  });

  it("property: random specs (5 symbols, 1..4 reels, random rules, either resolution) compile to their rule evaluation", () => {
    const symbols = ["A", "B", "C", "D", "W"];
    const id = fc.constantFrom(...symbols);
    const prize = { cash: fc.integer({ min: 0, max: 50 }), units: fc.record({ bonus: fc.integer({ min: 0, max: 3 }) }) };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((reels) =>
          fc.record({
            reels: fc.constant(reels),
            resolve: fc.constantFrom("first" as const, "highest" as const),
            rules: fc.array(
              fc.oneof(
                fc.record({
                  kind: fc.constant("same" as const),
                  figures: fc.array(id, { minLength: 1, maxLength: 2 }),
                  count: fc.integer({ min: 1, max: reels }),
                  wild: fc.boolean(),
                  ...prize,
                }),
                fc.record({
                  kind: fc.constant("count" as const),
                  set: fc.array(id, { minLength: 1, maxLength: 3 }),
                  counts: fc.array(fc.integer({ min: 0, max: reels }), { minLength: 1, maxLength: 2 }),
                  wild: fc.boolean(),
                  ...prize,
                }),
                fc.record({
                  kind: fc.constant("pattern" as const),
                  pattern: fc.array(fc.option(id), { minLength: reels, maxLength: reels }),
                  wild: fc.boolean(),
                  ...prize,
                }),
              ),
              { minLength: 1, maxLength: 6 },
            ),
          }),
        ),
        (spec) => {
          const t = tuplePaytable({
            symbols,
            wilds: ["W"],
            unitValues: { bonus: 10 },
            ...spec,
            rules: spec.rules.map((r, k) => ({ ...r, name: `r${k}` })),
          });
          const c = compileTuplePaytable(t);
          expect(c.size).toBe(5 ** spec.reels);
          for (let e = 0; e < c.size; e++) expect(tuplePayAt(c, e)).toEqual(tuplePayOf(t, tupleAt(c, e)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads the centre line of a window and gives exact expectations matching a brute-force sum over stops", () => {
    // Column-major 3x3 window: centre row 1 reads BELL, GNOME, BELL.
    const window = Uint8Array.from(ids("PLUM", "BELL", "RED", "BONUS", "GNOME", "LEMON", "GRAPES", "BELL", "BLUE"));
    expect(tuplePayAt(compiled, windowLineIndex(compiled, window, 3, 1)).cash).toBe(400);
    // Three small weighted strips; the law of the centre row per reel.
    const strips = [
      ids("BELL", "BLUE", "BONUS", "PLUM", "GNOME"),
      ids("BELL", "BONUS", "BONUS", "RED"),
      ids("WINDOW", "BELL", "GNOME"),
    ];
    const weights = [
      [1, 2, 3, 4, 5],
      [2, 1, 1, 1],
      [1, 1, 3],
    ];
    const laws = strips.map((s, r) => cellLaw(reelLaw(s, 3, weights[r]), 1, SYMBOLS.length));
    const got = expectedTuplePay(compiled, laws);
    let cash = 0;
    let bonus = 0;
    let hit = 0;
    let total = 0;
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 4; b++)
        for (let c = 0; c < 3; c++) {
          const w = (weights[0]?.[a] as number) * (weights[1]?.[b] as number) * (weights[2]?.[c] as number);
          total += w;
          const line = [strips[0]?.[(a + 1) % 5], strips[1]?.[(b + 1) % 4], strips[2]?.[(c + 1) % 3]] as number[];
          const pay = oracle(line.map((s) => SYMBOLS[s] as string));
          cash += w * pay.cash;
          bonus += w * pay.bonus;
          if (pay.cash + pay.bonus + pay.minigame > 0) hit += w;
        }
    expect(got.cash).toBeCloseTo(cash / total, 10);
    expect(got.units.bonus).toBeCloseTo(bonus / total, 12);
    expect(got.hit).toBeCloseTo(hit / total, 12);
    expect(got.rules.reduce((s, p) => s + p, 0)).toBeCloseTo(got.hit, 12);
  });
});
