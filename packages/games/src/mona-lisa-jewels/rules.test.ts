/**
 * Mona Lisa Jewels, rule by rule: one `it` per sentence of the sheet
 * (shared/rules/mona-lisa-jewels.txt) the game code implements, quoting it, and one per
 * DESIGN.md reading. Outcomes are forced through the real round code (test-kit.ts); stops
 * are searched on the exported strips and pays read from the exported tables.
 * docs/games/mona-lisa-jewels.md maps every sentence to its code and test.
 */
import { GameInputError, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { monaLisaJewels, platformModel } from "./index.js";
import { BET_OPTIONS, JEWEL_SPINS, PAYLINES, SYMBOLS, TARGET_RTP } from "./model.js";
import { act, start } from "./round.js";
import { evaluateWindow, newOutcome } from "./spin.js";
import { SYMBOL_IDS } from "./tables.js";
import {
  along,
  BASE,
  CALM,
  type Cell,
  type Columns,
  CTX,
  eventsOf,
  expectWindow,
  FREE,
  forced,
  freeSpin,
  grid,
  JEWEL,
  jewelStops,
  linePay,
  type MonaStep,
  mustStops,
  paidSpin,
  QUIET,
  type Strips,
  scatterPay,
  stopsFor,
  windowOf,
} from "./test-kit.js";
import type { MonaBet, MonaState } from "./types.js";
import { parseBet, totalBetOf } from "./validate.js";

const ONE_LINE: MonaBet = { coinValue: 1, coinsPerLine: 1, lines: 1 };
const FULL: MonaBet = { coinValue: 1, coinsPerLine: 1, lines: 25 };
const MAX: MonaBet = { coinValue: 1, coinsPerLine: 10, lines: 25 };
const REGULAR = SYMBOLS.filter((s) => s.kind === "regular").map((s) => s.id);
const SUBSTITUTED = [...REGULAR, "JEWEL"];
/** Reel 1 column of a Jewel trigger with the JEWELs in rows 1 and 3 (JEWEL, not JEWEL, JEWEL). */
const JEWEL_SPLIT: Cell[] = ["JEWEL", { not: ["JEWEL", "SCATTER"] }, "JEWEL"];
/** Any Jewel trigger column on reel 1 (two JEWEL among three cells), no SCATTER. */
const TRIGGER_COLUMNS: Cell[][] = [["JEWEL", "JEWEL", QUIET], [QUIET, "JEWEL", "JEWEL"], JEWEL_SPLIT];
const _NO_TRIGGER: Cell[] = [CALM, CALM, CALM];

/** The first option whose window the strips can show, with its stops. */
function first<T>(strips: Strips, options: readonly T[], columnsOf: (o: T) => Columns, what: string) {
  for (const option of options) {
    const columns = columnsOf(option);
    const stops = stopsFor(strips, columns);
    if (stops) return { option, stops, columns };
  }
  throw new Error(`the strips cannot show ${what}`);
}

/** A quiet window (no SCATTER, no Jewel trigger) with `placements`. */
const quiet = (...placements: readonly (readonly [number, number, Cell])[]): Columns => {
  const g = grid(QUIET, ...placements);
  g[0] = (g[0] as Cell[]).map((c) => (c === QUIET ? CALM : c));
  return g;
};

/** A paid spin awarding exactly 10 free spins (3 SCATTER, no Jewel trigger). */
function freeSpinsRound(bet: MonaBet): MonaStep {
  const { stops, columns } = first(
    BASE,
    [
      [1, 2, 3],
      [1, 2, 4],
      [2, 3, 4],
      [1, 3, 4],
    ],
    (reels) => {
      const g = quiet();
      for (const r of reels) (g[r] as Cell[])[1] = "SCATTER";
      return g;
    },
    "3 SCATTER without a Jewel trigger",
  );
  const step = paidSpin(bet, stops);
  expectWindow(step, columns);
  expect(step.awaiting).toMatchObject({ type: "freeSpin", kind: "normal", awarded: 10 });
  return step;
}

/** Stops of a quiet normal free spin (nothing awarded, nothing paid on line 1 of a 1-line bet). */
const QUIET_FREE = mustStops(FREE, quiet(...along(1, [CALM, { not: ["WILD", "SCATTER"] }])), "a quiet free spin");
/** Stops of a quiet Jewel spin on reels 2–5 (no SCATTER). */
const QUIET_JEWEL = jewelStops(grid(QUIET).slice(1), "a quiet Jewel spin");

/** A paid spin that triggers Jewel spins and nothing else. */
function jewelRound(bet: MonaBet, extra: readonly (readonly [number, number, Cell])[] = []): MonaStep {
  const { stops, columns } = first(BASE, TRIGGER_COLUMNS, (col) => [col, ...quiet(...extra).slice(1)], "a Jewel trigger");
  const step = paidSpin(bet, stops);
  expectWindow(step, columns);
  expect(step.awaiting).toMatchObject({ type: "freeSpin", kind: "jewel", jewelLeft: 2 });
  return step;
}

describe("1. Overview", () => {
  it('"Number of reels 5, Number of rows 3": every spin shows a 5x3 window', () => {
    const step = start(FULL, new Xoshiro128(1), CTX);
    const w = windowOf(step);
    expect(w).toHaveLength(5);
    for (const column of w) expect(column).toHaveLength(3);
  });

  it('"Number of lines 1 to 25": 1–25 lines are selectable; a win on line 25 pays only when 25 lines are played', () => {
    for (const lines of BET_OPTIONS.lines) expect(parseBet({ coinValue: 1, coinsPerLine: 1, lines }).lines).toBe(lines);
    expect(BET_OPTIONS.lines).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(PAYLINES).toHaveLength(25);
    expect(new Set(PAYLINES.map((l) => l.join(""))).size).toBe(25);
    for (const lines of [0, 26]) expect(() => parseBet({ coinValue: 1, coinsPerLine: 1, lines })).toThrow(GameInputError);
    const { option: symbol, stops } = first(
      BASE,
      REGULAR,
      (s) => quiet(...along(25, [s, s, s, { not: [s, "WILD"] }])),
      "3 of a kind on line 25",
    );
    const on25 = eventsOf(paidSpin({ ...FULL, lines: 25 }, stops), "lineWin").filter((e) => e.line === 25);
    expect(on25).toHaveLength(1);
    expect(on25[0]).toMatchObject({ symbol, count: 3, coins: linePay(symbol, 3) });
    expect(eventsOf(paidSpin({ ...FULL, lines: 24 }, stops), "lineWin").some((e) => e.line === 25)).toBe(false);
  });

  it('"Number of coins you can bet per line 1 to 10": 1–10 are selectable and line wins scale with them', () => {
    expect(BET_OPTIONS.coinsPerLine).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(() => parseBet({ coinValue: 1, coinsPerLine: 11, lines: 1 })).toThrow(GameInputError);
    const { option: symbol, stops } = first(
      BASE,
      REGULAR,
      (s) => quiet(...along(1, [s, s, s, { not: [s, "WILD"] }])),
      "3 of a kind",
    );
    for (const coinsPerLine of BET_OPTIONS.coinsPerLine) {
      const win = eventsOf(paidSpin({ ...ONE_LINE, coinsPerLine }, stops), "lineWin")[0];
      expect(win?.coins).toBe(linePay(symbol, 3) * coinsPerLine);
    }
  });

  it('"Double feature No", "Bonus round No", "Instant win No": a round awaits only free spins or the platform', () => {
    const rng = new Xoshiro128(7);
    const kinds = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      let step = start(MAX, rng, CTX, { events: false });
      while (step.awaiting) {
        kinds.add(step.awaiting.type);
        step =
          step.awaiting.type === "platform"
            ? act(step.state, { type: "platform", answer: platformModel(step.awaiting.request) }, rng, CTX, { events: false })
            : act(step.state, { type: "freeSpin" }, rng, CTX, { events: false });
      }
    }
    expect([...kinds].every((k) => k === "freeSpin" || k === "platform")).toBe(true);
    const pending = jewelRound(ONE_LINE);
    for (const type of ["gamble", "pick", "collect", "double"]) {
      expect(() => monaLisaJewels.parseAction(pending.state, { type })).toThrow(GameInputError);
    }
  });

  it('"RTP Less than Max Bet: 94.30%; Max Bet: 94.60%": exact, within 0.01 points, at every bet', () => {
    const report = monaLisaJewels.exact({ fullCycle: false });
    expect(Math.abs(report.rtp - TARGET_RTP.belowMaxBet)).toBeLessThan(0.0001);
    expect(report.variants).toHaveLength(BET_OPTIONS.lines.length * BET_OPTIONS.coinsPerLine.length);
    for (const v of report.variants) {
      const max = v.bet?.lines === 25 && v.bet?.coinsPerLine === 10;
      expect(Math.abs(v.rtp - (max ? TARGET_RTP.maxBet : TARGET_RTP.belowMaxBet)), JSON.stringify(v.bet)).toBeLessThan(0.0001);
      if (!max) expect(v.rtp).toBeCloseTo(report.rtp, 12);
    }
  });

  it('"the session recovery feature will save the game progress": a round resumes from its JSON state mid-feature', () => {
    const step = jewelRound(ONE_LINE);
    const restored = JSON.parse(JSON.stringify(step.state));
    const a = act(step.state, { type: "freeSpin" }, forced(QUIET_JEWEL), CTX);
    const b = act(restored, { type: "freeSpin" }, forced(QUIET_JEWEL), CTX);
    expect(b).toEqual(a);
  });

  it('"In case of malfunction all pays and play are voided": a step that fails changes nothing', () => {
    const step = jewelRound(ONE_LINE);
    const before = structuredClone(step.state);
    expect(() => act(step.state, { type: "freeSpin" }, forced([]), CTX)).toThrow();
    expect(step.state).toEqual(before);
  });
});

describe("2. How to Play", () => {
  it('"All winning lines pay from left to right": a run from reel 2 pays nothing, the same run from reel 1 pays', () => {
    const { option: s, stops } = first(
      BASE,
      REGULAR,
      (x) => quiet(...along(1, [{ not: [x, "WILD", "JEWEL", "SCATTER"] }, x, x, x])),
      "a run from reel 2",
    );
    expect(eventsOf(paidSpin(ONE_LINE, stops), "lineWin")).toEqual([]);
    const from1 = first(BASE, [s], (x) => quiet(...along(1, [x, x, x, { not: [x, "WILD"] }])), "the run from reel 1");
    expect(eventsOf(paidSpin(ONE_LINE, from1.stops), "lineWin")[0]).toMatchObject({ symbol: s, count: 3 });
  });

  it('"Wins on different selected lines are all added": the spin pays the sum of its line wins', () => {
    // WILD in the middle row of reels 2 and 3: lines 1, 12 and 13 all pay their reel-1 symbol.
    const { stops, columns } = first(
      BASE,
      [0],
      () => quiet([1, 1, "WILD"], [2, 1, "WILD"], [0, 0, { in: REGULAR }], [0, 1, { in: REGULAR }], [0, 2, { in: REGULAR }]),
      "wilds in the middle row of reels 2 and 3",
    );
    const step = paidSpin(FULL, stops);
    expectWindow(step, columns);
    const wins = eventsOf(step, "lineWin");
    expect(wins.length).toBeGreaterThanOrEqual(3);
    expect(new Set(wins.map((w) => w.line)).size).toBe(wins.length);
    expect(step.win).toBe(wins.reduce((a, w) => a + w.amount, 0));
    expect(eventsOf(step, "spinEnded")[0]?.win).toBe(step.win);
  });

  it('"Only the highest winning combination on each selected line is paid"', () => {
    // WILD x3 then 2 more of a symbol: WILD's own 3 competes with the symbol's 5 of a kind.
    const pays = (s: string) => Math.max(linePay("WILD", 3), linePay(s, 5));
    for (const s of ["GONDOLA", "TEN"]) {
      const { stops } = first(BASE, [s], (x) => quiet(...along(1, ["WILD", "WILD", "WILD", x, x])), `WILD WILD WILD ${s} ${s}`);
      const wins = eventsOf(paidSpin(ONE_LINE, stops), "lineWin");
      expect(wins).toHaveLength(1);
      expect(wins[0]?.coins).toBe(pays(s));
      expect(wins[0]?.symbol).toBe(linePay(s, 5) > linePay("WILD", 3) ? s : "WILD");
    }
  });

  it('"Winnings from Scatter and free spins are added to the total win"', () => {
    let step = freeSpinsRound(ONE_LINE);
    const scatter = eventsOf(step, "scatterWin")[0];
    expect(scatter?.amount).toBe(scatterPay(3) * totalBetOf(ONE_LINE));
    expect(step.state.totalWin).toBe(step.win);
    let total = step.win;
    while (step.awaiting) {
      step = freeSpin(step, step.awaiting.type === "freeSpin" && step.awaiting.kind === "jewel" ? QUIET_JEWEL : QUIET_FREE);
      total += step.win;
    }
    expect(step.state.totalWin).toBe(total);
    expect(eventsOf(step, "roundEnded")[0]?.totalWin).toBe(total);
  });

  it('"the amount won is the amount shown in the paytable ... multiplied by the coin value and ... the number of coins bet per line"', () => {
    const { option: s, stops } = first(BASE, REGULAR, (x) => quiet(...along(1, [x, x, x, { not: [x, "WILD"] }])), "3 of a kind");
    for (const coinValue of BET_OPTIONS.coinValues)
      for (const coinsPerLine of [1, 4, 10]) {
        const win = eventsOf(paidSpin({ coinValue, coinsPerLine, lines: 1 }, stops), "lineWin")[0];
        expect(win?.amount).toBe(linePay(s, 3) * coinValue * coinsPerLine);
        // Mobile: "the amount won, in coins"; "in your currency ... coins multiplied by the coin value".
        expect(win?.coins).toBe(linePay(s, 3) * coinsPerLine);
        expect(win?.amount).toBe((win?.coins ?? 0) * coinValue);
      }
  });

  it('"BET MAX ... all lines active and maximum number of coins per line for the currently selected coin value"; the minimum bet exists', () => {
    const bets = monaLisaJewels.bets();
    for (const coinValue of BET_OPTIONS.coinValues) {
      expect(bets).toContainEqual({ coinValue, coinsPerLine: 10, lines: 25 });
    }
    expect(monaLisaJewels.maxBet()).toEqual({ coinValue: 100, coinsPerLine: 10, lines: 25 });
    expect(monaLisaJewels.minBet()).toEqual({ coinValue: 1, coinsPerLine: 1, lines: 1 });
    expect(bets).toHaveLength(BET_OPTIONS.coinValues.length * 10 * 25);
  });
});

describe("3.1 Wild", () => {
  it('"The Wild symbol substitutes for all symbols except Scatter and Jackpot symbols"', () => {
    let tested = 0;
    for (const s of SUBSTITUTED) {
      const found = stopsFor(BASE, quiet(...along(1, [s, "WILD", s, { not: [s, "WILD"] }])));
      if (!found) continue;
      tested++;
      const win = eventsOf(paidSpin(ONE_LINE, found), "lineWin")[0];
      expect(win).toMatchObject({ symbol: s, count: 3, wilds: 1, coins: linePay(s, 3) });
    }
    expect(tested).toBeGreaterThanOrEqual(5);
    // JACKPOT JACKPOT WILD: no JACKPOT combination (nothing pays 2).
    const jp = first(BASE, [0], () => quiet(...along(1, ["JACKPOT", "JACKPOT", "WILD"])), "JACKPOT JACKPOT WILD");
    expect(eventsOf(paidSpin(ONE_LINE, jp.stops), "lineWin")).toEqual([]);
    // 2 SCATTER and a WILD are 2 SCATTER: no scatter pay, no free spins.
    const sc = first(BASE, [0], () => quiet([1, 1, "SCATTER"], [2, 1, "SCATTER"], [3, 1, "WILD"]), "2 SCATTER and a WILD");
    const step = paidSpin(ONE_LINE, sc.stops);
    expect(eventsOf(step, "scatterWin")).toEqual([]);
    expect(step.awaiting).toBeNull();
  });

  it('"it will not award free spins if it substitutes for a Jewel symbol": a WILD on reel 1 does not count as a JEWEL', () => {
    const ids = (col: string[]) => {
      const w = new Uint8Array(15).fill(SYMBOL_IDS.indexOf("TEN"));
      col.forEach((s, row) => {
        w[row] = SYMBOL_IDS.indexOf(s);
      });
      return evaluateWindow(w, 1, "base", false, newOutcome(), false).jewelCount;
    };
    expect(ids(["JEWEL", "WILD", "TEN"])).toBe(1);
    expect(ids(["WILD", "WILD", "JEWEL"])).toBe(1);
    expect(ids(["JEWEL", "WILD", "JEWEL"])).toBe(2);
    expect(JEWEL_SPINS.minJewels).toBe(2);
  });
});

describe("3.2 Jewel free spins", () => {
  it('"Two or three Jewel symbols on the first reel (not replaced by wild) will trigger 2 Jewel free spins" — the whole column, whatever lines are played', () => {
    for (const column of TRIGGER_COLUMNS) {
      const stops = mustStops(BASE, [column, ...quiet().slice(1)], "a Jewel trigger");
      // At 1 line (the middle row only) a JEWEL in rows 1 and 3 still triggers: the column is read, not the line.
      const step = paidSpin(ONE_LINE, stops);
      const trigger = eventsOf(step, "jewelSpinsTriggered")[0];
      expect(trigger?.awarded).toBe(JEWEL_SPINS.award);
      expect(trigger?.positions).toEqual(column.flatMap((c, row) => (c === "JEWEL" ? [[0, row]] : [])));
      expect(step.awaiting).toMatchObject({ type: "freeSpin", kind: "jewel", jewelLeft: 2, feature: true });
      expect(step.state.triggered.jewelSpins).toBe(1);
    }
    // One JEWEL does not trigger.
    const one = first(BASE, [0], () => [["JEWEL", CALM, CALM], ...quiet().slice(1)], "one JEWEL on reel 1");
    expect(paidSpin(FULL, one.stops).awaiting).toBeNull();
    // Three JEWEL (the strips never stack three; the evaluation counts them).
    const w = new Uint8Array(15).fill(SYMBOL_IDS.indexOf("TEN"));
    w.fill(SYMBOL_IDS.indexOf("JEWEL"), 0, 3);
    expect(evaluateWindow(w, 25, "base", false, newOutcome(), false).jewelCount).toBe(3);
  });

  it('"the first reel will not spin, all other Jewel symbols and wilds will stay on their place for the next 2 spins, and so will the extra Jewel symbols and wilds that may show up in the first free spin"', () => {
    const held = (c: Cell) => (c === "WILD" || c === "JEWEL" ? c : null);
    const { stops, columns } = first(
      BASE,
      TRIGGER_COLUMNS.flatMap((col) => [0, 1, 2].map((row) => ({ col, row }))),
      ({ col, row }) => [col, ...quiet([1, row, "WILD"], [3, (row + 1) % 3, "JEWEL"]).slice(1)],
      "a Jewel trigger with a WILD on reel 2 and a JEWEL on reel 4",
    );
    const trigger = paidSpin(ONE_LINE, stops);
    expectWindow(trigger, columns);
    const w0 = windowOf(trigger);
    const sticky0 = w0.flatMap((col, r) => (r === 0 ? [] : col.flatMap((s, row) => (held(s) ? [[r, row, s] as const] : []))));
    expect(eventsOf(trigger, "jewelSpinsTriggered")[0]?.held).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      ...sticky0.map(([r, row]) => [r, row]),
    ]);
    // Jewel spin 1: a fresh WILD on reel 3 where nothing is held.
    const freeRow = [0, 1, 2].find((row) => !sticky0.some(([r, rr]) => r === 2 && rr === row)) as number;
    const spec1 = grid(QUIET, [2, freeRow, "WILD"]).slice(1);
    const s1 = freeSpin(trigger, jewelStops(spec1, "a WILD on reel 3 in a Jewel spin"));
    const w1 = windowOf(s1);
    expect(w1[0]).toEqual(w0[0]);
    for (const [r, row, s] of sticky0) expect(w1[r]?.[row]).toBe(s);
    expect(w1[2]?.[freeRow]).toBe("WILD");
    const spin1 = eventsOf(s1, "spin")[0];
    expect(spin1?.mode).toBe("jewelSpins");
    expect(spin1?.stops[0]).toBe(stops[0]);
    // Cells not held show the Jewel strip at the drawn stop.
    const jstops = jewelStops(spec1, "");
    for (let r = 1; r < 5; r++)
      for (let row = 0; row < 3; row++) {
        if (sticky0.some(([hr, hrow]) => hr === r && hrow === row)) continue;
        const strip = JEWEL[r - 1] as readonly string[];
        expect(w1[r]?.[row]).toBe(strip[((jstops[r - 1] as number) + row) % strip.length]);
      }
    // Jewel spin 2: the trigger's and spin 1's sticky cells all stay; reel 1 is still locked.
    const s2 = freeSpin(s1, QUIET_JEWEL);
    const w2 = windowOf(s2);
    expect(w2[0]).toEqual(w0[0]);
    for (const [r, row, s] of sticky0) expect(w2[r]?.[row]).toBe(s);
    expect(w2[2]?.[freeRow]).toBe("WILD");
    expect(s2.awaiting).toBeNull();
    expect(s2.state.jewelSpinsPlayed).toBe(2);
  });

  it('"During the 2 Jewel free spins, the wilds will not multiply winning lines (as they do in normal free spins)"', () => {
    // Line 1 reads JEWEL (reel 1, locked), WILD, JEWEL: 3+ JEWEL with a wild, paid x1.
    const { stops } = first(BASE, [0], () => [[QUIET, "JEWEL", "JEWEL"], ...quiet().slice(1)], "JEWEL in reel 1 row 2");
    const trigger = paidSpin(ONE_LINE, stops);
    const step = freeSpin(
      trigger,
      jewelStops(grid(QUIET, [0, 1, "WILD"], [1, 1, "JEWEL"]).slice(1), "WILD, JEWEL on reels 2, 3"),
    );
    const win = eventsOf(step, "lineWin")[0];
    expect(win).toMatchObject({ line: 1, symbol: "JEWEL", wilds: 1, multiplier: 1 });
    expect(win?.coins).toBe(linePay("JEWEL", win?.count ?? 0));
    expect(step.win).toBe(win?.amount);
  });

  it("DESIGN.md: a SCATTER standing in the locked reel-1 column counts in every Jewel spin (it is on the screen)", () => {
    // Reel 1's Jewel triggers show no SCATTER on these strips: the locked column is set by hand on a real Jewel state.
    const plain: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
    const found = first(BASE, TRIGGER_COLUMNS, (col) => [col, ...grid(plain).slice(1)], "a Jewel trigger with nothing held");
    const trigger = paidSpin(ONE_LINE, found.stops);
    const series = trigger.state.jewel as NonNullable<typeof trigger.state.jewel>;
    const cells = [...series.hold.cells];
    const free = [0, 1, 2].find((row) => windowOf(trigger)[0]?.[row] !== "JEWEL") as number;
    cells[free] = SYMBOL_IDS.indexOf("SCATTER");
    const state = { ...trigger.state, jewel: { ...series, hold: { ...series.hold, cells } } };
    // Two more SCATTER on reels 2 and 3 (nothing is held there): three on the screen in each Jewel spin.
    const stops = jewelStops(grid(plain, [1, 0, "SCATTER"], [2, 0, "SCATTER"]).slice(1), "two SCATTER");
    let current: MonaState = state;
    for (const spin of [1, 2]) {
      const s = act(current, { type: "freeSpin" }, forced(stops), CTX);
      current = s.state;
      expect(eventsOf(s, "freeSpinStarted")[0]).toMatchObject({ kind: "jewel", spin });
      expect(windowOf(s)[0]?.[free]).toBe("SCATTER");
      expect(eventsOf(s, "scatterWin")[0]).toMatchObject({ count: 3, amount: scatterPay(3) * totalBetOf(ONE_LINE) });
      expect(eventsOf(s, "freeSpinsTriggered")[0]).toMatchObject({ awarded: 10, retrigger: true });
    }
  });

  it('"during the Jewel free spins, the 2 Jewel symbols on the first reel will not trigger more Jewel free spins"', () => {
    let step = jewelRound(ONE_LINE);
    step = freeSpin(step, QUIET_JEWEL);
    expect(windowOf(step)[0]?.filter((s) => s === "JEWEL").length).toBeGreaterThanOrEqual(2);
    expect(eventsOf(step, "jewelSpinsTriggered")).toEqual([]);
    expect(step.awaiting).toMatchObject({ kind: "jewel", jewelLeft: 1 });
    step = freeSpin(step, QUIET_JEWEL);
    expect(eventsOf(step, "jewelSpinsTriggered")).toEqual([]);
    expect(step.awaiting).toBeNull();
    expect(step.state.triggered).toMatchObject({ jewelSpins: 1, jewelSpinsInFreeSpins: 0 });
  });
});
