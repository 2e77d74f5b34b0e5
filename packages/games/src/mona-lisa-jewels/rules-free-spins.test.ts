/**
 * Mona Lisa Jewels, sheet section 3.3 (Scatter and normal free spins) and the free-spin
 * queue: one `it` per sentence, quoting it, both of the sheet's examples played step by
 * step through the real round code (test-kit.ts).
 */
import { describe, expect, it } from "vitest";
import { monaLisaJewels } from "./index.js";
import { FREE_SPINS, SYMBOLS } from "./model.js";
import {
  BASE,
  type Cell,
  type Columns,
  eventsOf,
  expectWindow,
  FREE,
  freeSpin,
  grid,
  JEWEL,
  jewelStops,
  linePay,
  type MonaStep,
  mustStops,
  paidSpin,
  QUIET,
  scatterPay,
  stopsFor,
  windowOf,
} from "./test-kit.js";
import type { MonaBet } from "./types.js";
import { totalBetOf } from "./validate.js";

const ONE_LINE: MonaBet = { coinValue: 2, coinsPerLine: 3, lines: 1 };
const REGULAR = SYMBOLS.filter((s) => s.kind === "regular").map((s) => s.id);
/** Neither SCATTER nor a sticky symbol nor JEWEL: a cell that adds nothing anywhere. */
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL"] };
const row1 = (cells: readonly Cell[]): (readonly [number, number, Cell])[] => cells.map((c, r) => [r, 1, c] as const);
const plain = (...placements: readonly (readonly [number, number, Cell])[]): Columns => grid(PLAIN, ...placements);

/** `n` SCATTER on reels `reels` (row `row`), everything else plain: a window of the given strips. */
function scatterStops(strips: typeof BASE, n: number): { stops: number[]; columns: Columns } {
  const sets = [
    [0, 1, 2, 3, 4],
    [1, 2, 3, 4, 0],
    [1, 3, 4, 2, 0],
    [2, 3, 4, 1, 0],
  ];
  for (const set of sets)
    for (const row of [0, 1, 2]) {
      const columns = plain(...set.slice(0, n).map((r) => [r, (row + r) % 3, "SCATTER"] as const));
      const stops = stopsFor(strips, columns);
      if (stops) return { stops, columns };
    }
  throw new Error(`the strips cannot show ${n} SCATTER`);
}

/** A paid spin awarding 10 free spins and nothing else. */
function freeSpinsRound(bet: MonaBet): MonaStep {
  const { stops, columns } = scatterStops(BASE, 3);
  const step = paidSpin(bet, stops);
  expectWindow(step, columns);
  expect(step.awaiting).toMatchObject({ type: "freeSpin", kind: "normal", awarded: 10, played: 0 });
  return step;
}

const QUIET_FREE = mustStops(FREE, plain(), "a quiet free spin");
const QUIET_JEWEL = jewelStops(grid(QUIET).slice(1), "a quiet Jewel spin");
/** A normal free spin that triggers Jewel spins and nothing else. */
const FREE_JEWEL = (() => {
  for (const col of [
    ["JEWEL", "JEWEL", CALM],
    [CALM, "JEWEL", "JEWEL"],
    ["JEWEL", CALM, "JEWEL"],
  ] as Cell[][]) {
    const stops = stopsFor(FREE, [col, ...plain().slice(1)]);
    if (stops) return stops;
  }
  throw new Error("the free-spin strips cannot show a Jewel trigger");
})();

describe("3.3 Scatter and normal free spins", () => {
  it('"Three or more scatter symbols appearing anywhere on the screen trigger 10 additional normal free spins"', () => {
    for (const n of [2, 3, 4, 5]) {
      const { stops } = scatterStops(BASE, n);
      const step = paidSpin(ONE_LINE, stops);
      const award = eventsOf(step, "freeSpinsTriggered")[0];
      if (n < FREE_SPINS.minScatters) {
        expect(award).toBeUndefined();
        expect(step.awaiting).toBeNull();
        continue;
      }
      expect(award).toMatchObject({ awarded: 10, total: 10, retrigger: false });
      expect(award?.positions).toHaveLength(n);
      // Anywhere: at 1 line, scatters off the played line count as well.
      expect(award?.positions.some(([, row]) => row !== 1)).toBe(true);
      // Scatter wins pay x total bet.
      expect(eventsOf(step, "scatterWin")[0]?.amount).toBe(scatterPay(n) * totalBetOf(ONE_LINE));
    }
  });

  it('"1 wild symbol in a winning line pays 2 times that winning line; 2 wild symbols ... 4 times; 3 or more ... 8 times" — the wilds inside the paid combination', () => {
    const cases: { cells: (x: string) => Cell[]; wilds: number; count: number }[] = [
      { cells: (x) => [x, "WILD", x, { not: [x, "WILD"] }], wilds: 1, count: 3 },
      { cells: (x) => [x, "WILD", "WILD", { not: [x, "WILD"] }], wilds: 2, count: 3 },
      { cells: (x) => [x, "WILD", "WILD", "WILD", { not: [x, "WILD"] }], wilds: 3, count: 4 },
      // A wild further along the line, after the combination has ended, is not counted.
      { cells: (x) => [x, "WILD", x, { not: [x, "WILD", "SCATTER"] }, "WILD"], wilds: 1, count: 3 },
    ];
    const start = freeSpinsRound(ONE_LINE);
    for (const c of cases) {
      let found: number[] | undefined;
      let symbol = "";
      for (const x of REGULAR) {
        found = stopsFor(
          FREE,
          plain(...row1(c.cells(x))).map((col, r) => (r === 0 ? col.map((cell) => (cell === PLAIN ? CALM : cell)) : col)),
        );
        if (found) {
          symbol = x;
          break;
        }
      }
      if (!found) throw new Error(`the free-spin strips cannot show ${c.wilds} wilds in a combination`);
      const step = freeSpin(start, found);
      const win = eventsOf(step, "lineWin")[0];
      const multiplier = FREE_SPINS.wildMultipliers[Math.min(c.wilds, 3)] as number;
      expect(win).toMatchObject({ line: 1, symbol, count: c.count, wilds: c.wilds, multiplier });
      expect(win?.coins).toBe(linePay(symbol, c.count) * multiplier * ONE_LINE.coinsPerLine);
      expect(win?.amount).toBe((win?.coins ?? 0) * ONE_LINE.coinValue);
    }
  });

  it("the multiplier is applied to each candidate before the line's highest win is chosen", () => {
    const start = freeSpinsRound(ONE_LINE);
    for (const x of ["GONDOLA", "TEN"]) {
      // One SCATTER beside the reel-1 WILD pays and awards nothing.
      const notJewel: Cell = { not: ["JEWEL"] };
      const spec = grid(QUIET, ...row1(["WILD", "WILD", "WILD", x, x]), [0, 0, notJewel], [0, 2, notJewel]);
      const stops = mustStops(FREE, spec, `WILD WILD WILD ${x} ${x}`);
      const win = eventsOf(freeSpin(start, stops), "lineWin");
      expect(win).toHaveLength(1);
      const own = linePay("WILD", 3) * 8;
      const sub = linePay(x, 5) * 8;
      expect(win[0]).toMatchObject({
        multiplier: 8,
        symbol: sub > own ? x : "WILD",
        coins: Math.max(own, sub) * ONE_LINE.coinsPerLine,
      });
    }
  });

  it('"This does not apply to Jewel free spins": a Jewel spin inside normal free spins pays x1', () => {
    let step = freeSpin(freeSpinsRound(ONE_LINE), FREE_JEWEL);
    expect(step.awaiting).toMatchObject({ kind: "jewel" });
    step = freeSpin(step, jewelStops(grid(QUIET, [1, 1, "WILD"], [2, 1, "WILD"]).slice(1), "two wilds on reels 2 and 3"));
    for (const e of eventsOf(step, "lineWin")) expect(e.multiplier).toBe(1);
    expect(eventsOf(step, "lineWin").some((e) => e.wilds > 0)).toBe(true);
  });

  it('"During the free spins, you are not allowed to change the coin value": free spins play the triggering bet', () => {
    const start = freeSpinsRound(ONE_LINE);
    expect(monaLisaJewels.parseAction(start.state, { type: "freeSpin", coinValue: 100, coinsPerLine: 10 })).toEqual({
      type: "freeSpin",
    });
    const stops = mustStops(FREE, plain(...row1(["K", "K", "K", PLAIN])), "K K K");
    const step = freeSpin(start, stops);
    expect(step.state.bet).toEqual(ONE_LINE);
    expect(eventsOf(step, "lineWin")[0]?.amount).toBe(linePay("K", 3) * ONE_LINE.coinsPerLine * ONE_LINE.coinValue);
  });

  it('"During a spin, up to 12 free spins can be awarded (10 normal free spins and 2 Jewel free spins)"', () => {
    let found: number[] | undefined;
    for (const col of [
      ["JEWEL", "JEWEL", CALM],
      [CALM, "JEWEL", "JEWEL"],
      ["JEWEL", CALM, "JEWEL"],
    ] as Cell[][])
      for (const rows of [
        [0, 1, 2],
        [1, 1, 1],
        [2, 0, 1],
      ]) {
        found ??= stopsFor(BASE, [
          col,
          ...plain(...[1, 2, 3].map((r, i) => [r, rows[i] as number, "SCATTER"] as const)).slice(1),
        ]);
      }
    if (!found) throw new Error("the strips cannot show a Jewel trigger with 3 SCATTER");
    const step = paidSpin(ONE_LINE, found);
    expect(eventsOf(step, "jewelSpinsTriggered")[0]?.awarded).toBe(2);
    expect(eventsOf(step, "freeSpinsTriggered")[0]?.awarded).toBe(10);
    expect(step.awaiting).toMatchObject({ kind: "jewel", jewelLeft: 2, awarded: 10, played: 0 });
    // Jewel spins first: 2 of them, then the 10 normal ones.
    let s = step;
    const kinds: string[] = [];
    while (s.awaiting?.type === "freeSpin") {
      kinds.push(s.awaiting.kind);
      s = freeSpin(s, s.awaiting.kind === "jewel" ? QUIET_JEWEL : QUIET_FREE);
    }
    expect(kinds).toEqual(["jewel", "jewel", ...new Array<string>(10).fill("normal")]);
  });

  it('"Example 1: During normal free spins, the 4th spin triggers Jewel free spin. The next two spins are Jewel free spins, then the 6 remaining normal free spins are completed."', () => {
    let step = freeSpinsRound(ONE_LINE);
    for (let i = 0; i < 3; i++) step = freeSpin(step, QUIET_FREE);
    step = freeSpin(step, FREE_JEWEL);
    expect(eventsOf(step, "freeSpinStarted")[0]).toMatchObject({ kind: "normal", spin: 4, of: 10 });
    expect(eventsOf(step, "jewelSpinsTriggered")).toHaveLength(1);
    expect(step.state.triggered.jewelSpinsInFreeSpins).toBe(1);
    // The wilds and Jewel symbols freeze at this point: the 4th spin's window is the hold.
    const frozen = windowOf(step);
    const kinds: string[] = [];
    while (step.awaiting?.type === "freeSpin") {
      kinds.push(step.awaiting.kind);
      const jewel = step.awaiting.kind === "jewel";
      step = freeSpin(step, jewel ? QUIET_JEWEL : QUIET_FREE);
      if (jewel) expect(windowOf(step)[0]).toEqual(frozen[0]);
    }
    expect(kinds).toEqual(["jewel", "jewel", "normal", "normal", "normal", "normal", "normal", "normal"]);
    expect(step.state.freeSpins).toEqual({ awarded: 10, played: 10 });
    expect(step.state.jewelSpinsPlayed).toBe(2);
  });

  it('"Example 2: During Jewel free spins, the 1st spin triggers 10 normal free spins. The next spin is a Jewel free spin, then the 10 remaining free spins are completed."', () => {
    const trigger = paidSpin(ONE_LINE, mustStops(BASE, [["JEWEL", CALM, "JEWEL"], ...plain().slice(1)], "a plain Jewel trigger"));
    expect(trigger.awaiting).toMatchObject({ kind: "jewel", jewelLeft: 2 });
    let found: number[] | undefined;
    for (const rows of [
      [0, 1, 2],
      [1, 1, 1],
      [2, 0, 1],
      [0, 0, 0],
    ])
      found ??= stopsFor(JEWEL, grid(PLAIN, ...[1, 2, 3].map((r, i) => [r, rows[i] as number, "SCATTER"] as const)).slice(1));
    if (!found) throw new Error("the Jewel strips cannot show 3 SCATTER");
    let step = freeSpin(trigger, found);
    expect(eventsOf(step, "freeSpinStarted")[0]).toMatchObject({ kind: "jewel", spin: 1, of: 2 });
    expect(eventsOf(step, "freeSpinsTriggered")[0]).toMatchObject({ awarded: 10, retrigger: true });
    const kinds: string[] = [];
    while (step.awaiting?.type === "freeSpin") {
      kinds.push(step.awaiting.kind);
      step = freeSpin(step, step.awaiting.kind === "jewel" ? QUIET_JEWEL : QUIET_FREE);
    }
    expect(kinds).toEqual(["jewel", ...new Array<string>(10).fill("normal")]);
    expect(step.state.triggered).toMatchObject({ jewelSpins: 1, freeSpins: 0, freeSpinsRetrigger: 1 });
  });

  it('"There is no limit to the amount of Jewel free spins and normal free spins that can be awarded during any type of free spins"', () => {
    const { stops: retrigger } = scatterStops(FREE, 3);
    let step = freeSpinsRound(ONE_LINE);
    // 12 retriggers in a row (130 spins), a Jewel series after each of the first 3.
    for (let i = 0; i < 12; i++) {
      step = freeSpin(step, retrigger);
      if (i < 3) {
        step = freeSpin(step, FREE_JEWEL);
        step = freeSpin(step, QUIET_JEWEL);
        step = freeSpin(step, QUIET_JEWEL);
      }
    }
    expect(step.state.freeSpins?.awarded).toBe(130);
    let played = 0;
    while (step.awaiting) {
      step = freeSpin(step, QUIET_FREE);
      played++;
    }
    expect(step.state.freeSpins).toEqual({ awarded: 130, played: 130 });
    expect(played).toBe(130 - 15);
    expect(step.state.triggered).toMatchObject({ freeSpinsRetrigger: 12, jewelSpinsInFreeSpins: 3 });
    expect(step.state.jewelSpinsPlayed).toBe(6);
  });
});
