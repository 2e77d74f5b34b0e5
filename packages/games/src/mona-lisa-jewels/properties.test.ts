/**
 * Mona Lisa Jewels properties (fast-check): over random seeds, bets and forced feature
 * triggers, every round replays exactly from its recorded draws, terminates, accounts for
 * every cent, keeps its state plain JSON, plays its free spins in the sheet's order, and
 * pays every spin exactly as an independent reading of the sheet (the oracle below, which
 * reads model.ts with its own code: no engine evaluator) says.
 */
import { type Draw, ForcedRng, RecordingRng, ReplayRng, type Rng, Xoshiro128 } from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { platformModel } from "./index.js";
import {
  BET_OPTIONS,
  FREE_SPINS,
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REEL_STRIPS_JEWEL,
  SCATTER_PAYS,
} from "./model.js";
import { act, start } from "./round.js";
import { BASE, type Cell, CTX, grid, type MonaStep, stopsFor } from "./test-kit.js";
import type { MonaBet, MonaEvent } from "./types.js";
import { totalBetOf } from "./validate.js";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------
// The oracle: the sheet read straight off a window.

const NOT_SUBSTITUTED = ["SCATTER", "JACKPOT"];
const mult = (mode: string, wilds: number) =>
  mode === "freeSpins" ? (FREE_SPINS.wildMultipliers[Math.min(wilds, FREE_SPINS.wildMultipliers.length - 1)] as number) : 1;
const pay = (symbol: string, n: number) => LINE_PAYS[symbol]?.[n - 1] ?? 0;

/** A line's paid combination: the highest of the wild's own run and the run of the first other symbol. */
function oracleLine(cells: readonly string[], mode: string): { symbol: string; count: number; pay: number } {
  let w = 0;
  while (w < cells.length && cells[w] === "WILD") w++;
  let best = { symbol: "WILD", count: w, pay: w > 0 ? pay("WILD", w) * mult(mode, w) : 0 };
  if (w < cells.length) {
    const s = cells[w] as string;
    const subs = !NOT_SUBSTITUTED.includes(s);
    if (w === 0 || subs) {
      let n = w + 1;
      while (n < cells.length && (cells[n] === s || (subs && cells[n] === "WILD"))) n++;
      const wilds = cells.slice(0, n).filter((c) => c === "WILD").length;
      const p = pay(s, n) * mult(mode, wilds);
      if (p > best.pay) best = { symbol: s, count: n, pay: p };
    }
  }
  return best;
}

interface Expected {
  lines: { line: number; symbol: string; count: number; coins: number }[];
  jackpotLines: number[];
  scatter: number;
  jewel: boolean;
  free: boolean;
}

function oracle(window: string[][], mode: string, bet: MonaBet): Expected {
  const lines: Expected["lines"] = [];
  const jackpotLines: number[] = [];
  const maxBet = bet.lines === 25 && bet.coinsPerLine === 10;
  PAYLINES.slice(0, bet.lines).forEach((rows, l) => {
    const best = oracleLine(
      rows.map((row, r) => window[r]?.[row] as string),
      mode,
    );
    if (best.pay === 0) return;
    if (maxBet && mode !== "jewelSpins" && best.symbol === "JACKPOT" && best.count === 5) jackpotLines.push(l + 1);
    else lines.push({ line: l + 1, symbol: best.symbol, count: best.count, coins: best.pay * bet.coinsPerLine });
  });
  const scatters = window.flat().filter((s) => s === "SCATTER").length;
  return {
    lines,
    jackpotLines,
    scatter: (scatters > 0 ? (SCATTER_PAYS.SCATTER?.[scatters - 1] ?? 0) : 0) * totalBetOf(bet),
    jewel: mode !== "jewelSpins" && (window[0] ?? []).filter((s) => s === "JEWEL").length >= 2,
    free: scatters >= FREE_SPINS.minScatters,
  };
}

const column = (strip: readonly string[], stop: number) => [0, 1, 2].map((row) => strip[(stop + row) % strip.length] as string);

/** Checks one spin's events against the oracle; `held` is what a Jewel spin must keep, by [reel][row]. */
function checkSpin(events: MonaEvent[], bet: MonaBet, held: (string | null)[][] | null) {
  const spin = events.find((e) => e.type === "spin");
  if (spin?.type !== "spin") throw new Error("no spin");
  const { mode, stops, window } = spin;
  // The window is the strips at the stops (Jewel spins: reels 2–5 of the Jewel strips, under the held cells).
  for (let r = 0; r < 5; r++) {
    if (mode === "jewelSpins") {
      if (r === 0) continue;
      const fresh = column(REEL_STRIPS_JEWEL[r - 1] as string[], stops[r] as number);
      for (let row = 0; row < 3; row++) expect(window[r]?.[row]).toBe(held?.[r]?.[row] ?? fresh[row]);
    } else {
      const strips = mode === "base" ? REEL_STRIPS_BASE : REEL_STRIPS_FREE_SPINS;
      expect(window[r]).toEqual(column(strips[r] as string[], stops[r] as number));
    }
  }
  if (mode === "jewelSpins") expect(window[0]).toEqual(held?.[0]);
  const want = oracle(window, mode, bet);
  const got = events
    .filter((e) => e.type === "lineWin")
    .map((e) => e.type === "lineWin" && { line: e.line, symbol: e.symbol, count: e.count, coins: e.coins });
  expect(got).toEqual(want.lines);
  expect(events.filter((e) => e.type === "jackpotLine").map((e) => e.type === "jackpotLine" && e.line)).toEqual(
    want.jackpotLines,
  );
  const scatterWin = events.find((e) => e.type === "scatterWin");
  expect(scatterWin?.type === "scatterWin" ? scatterWin.amount : 0).toBe(want.scatter);
  expect(events.some((e) => e.type === "jewelSpinsTriggered")).toBe(want.jewel);
  expect(events.some((e) => e.type === "freeSpinsTriggered")).toBe(want.free);
  return { window, want, mode };
}

// ---------------------------------------------------------------------------------
// Playing rounds.

interface Played {
  steps: MonaStep[];
  draws: Draw[][];
  actions: unknown[];
}

function play(bet: MonaBet, rng: Rng, limit = 20_000): Played {
  const played: Played = { steps: [], draws: [], actions: [] };
  let recorder = new RecordingRng(rng);
  let step = start(bet, recorder, CTX);
  played.steps.push(step);
  played.draws.push(recorder.draws);
  while (step.awaiting) {
    if (played.steps.length > limit) throw new Error("the round did not end");
    const action =
      step.awaiting.type === "platform"
        ? { type: "platform" as const, answer: platformModel(step.awaiting.request) }
        : { type: "freeSpin" as const };
    recorder = new RecordingRng(rng);
    step = act(JSON.parse(JSON.stringify(step.state)), action, recorder, CTX);
    played.steps.push(step);
    played.draws.push(recorder.draws);
    played.actions.push(action);
  }
  return played;
}

const betArb = fc.record({
  coinValue: fc.constantFrom(...BET_OPTIONS.coinValues),
  coinsPerLine: fc.oneof(fc.constant(10), fc.constantFrom(...BET_OPTIONS.coinsPerLine)),
  lines: fc.oneof(fc.constant(25), fc.constantFrom(...BET_OPTIONS.lines)),
});

/** Paid-spin stops that trigger both Jewel spins and 10 free spins (feature-heavy rounds). */
const BOTH = (() => {
  const plain: Cell = { not: ["SCATTER", "JEWEL"] };
  for (const col of [
    ["JEWEL", "JEWEL", plain],
    ["JEWEL", plain, "JEWEL"],
  ] as Cell[][]) {
    const stops = stopsFor(BASE, [
      col,
      ...grid({ not: ["SCATTER"] }, [1, 1, "SCATTER"], [2, 2, "SCATTER"], [3, 0, "SCATTER"]).slice(1),
    ]);
    if (stops) return stops;
  }
  throw new Error("the strips cannot trigger both features at once");
})();

const roundArb = fc.record({ seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), bet: betArb, heavy: fc.boolean() });
const rngOf = (seed: number, heavy: boolean): Rng => (heavy ? new ForcedRng(BOTH, new Xoshiro128(seed)) : new Xoshiro128(seed));

describe("Mona Lisa Jewels properties", () => {
  it("replays every round exactly from its recorded draws, through JSON-restored states", () => {
    fc.assert(
      fc.property(roundArb, ({ seed, bet, heavy }) => {
        const played = play(bet, rngOf(seed, heavy));
        let previous: MonaStep | null = null;
        played.draws.forEach((draws, i) => {
          const replay = new ReplayRng(JSON.parse(JSON.stringify(draws)));
          const step: MonaStep = previous
            ? act(JSON.parse(JSON.stringify(previous.state)), played.actions[i - 1] as never, replay, CTX)
            : start(bet, replay, CTX);
          expect(replay.exhausted).toBe(true);
          expect(step).toEqual(played.steps[i]);
          previous = step;
        });
      }),
      { numRuns: 150 },
    );
  });

  it("every round ends; money adds up to the cent; states are plain JSON; counts match the events", () => {
    fc.assert(
      fc.property(roundArb, ({ seed, bet, heavy }) => {
        const { steps } = play(bet, rngOf(seed, heavy));
        const last = steps[steps.length - 1] as MonaStep;
        expect(last.awaiting).toBeNull();
        let total = 0;
        for (const step of steps) {
          expect(JSON.parse(JSON.stringify(step.state))).toEqual(step.state);
          expect(Number.isSafeInteger(step.win) && step.win >= 0).toBe(true);
          total += step.win;
          expect(step.state.totalWin).toBe(total);
          expect(sum(Object.values(step.state.winBy))).toBe(total);
          expect(step.state.totalBet).toBe(totalBetOf(bet));
        }
        const events = steps.flatMap((s) => s.events);
        const wins = events.reduce(
          (a, e) => a + (e.type === "lineWin" || e.type === "scatterWin" || e.type === "jackpotWon" ? e.amount : 0),
          0,
        );
        expect(wins).toBe(last.state.totalWin);
        const count = (type: MonaEvent["type"]) => events.filter((e) => e.type === type).length;
        const t = last.state.triggered;
        expect(count("jewelSpinsTriggered")).toBe(t.jewelSpins + t.jewelSpinsInFreeSpins);
        expect(count("freeSpinsTriggered")).toBe(t.freeSpins + t.freeSpinsRetrigger);
        expect(count("jackpotWon")).toBe(t.jackpot);
        expect(last.state.jewelSpinsPlayed).toBe(2 * (t.jewelSpins + t.jewelSpinsInFreeSpins));
        expect(last.state.freeSpins?.played ?? 0).toBe(10 * (t.freeSpins + t.freeSpinsRetrigger));
        expect(events.filter((e) => e.type === "roundEnded")).toEqual([{ type: "roundEnded", totalWin: last.state.totalWin }]);
      }),
      { numRuns: 300 },
    );
  });

  it("Jewel spins are always played before the remaining normal free spins, two per trigger", () => {
    fc.assert(
      fc.property(roundArb, ({ seed, bet }) => {
        const { steps } = play(bet, rngOf(seed, true));
        let pendingJewel = 0;
        for (const step of steps) {
          const started = step.events.find((e) => e.type === "freeSpinStarted");
          if (started?.type === "freeSpinStarted") {
            expect(started.kind).toBe(pendingJewel > 0 ? "jewel" : "normal");
            if (started.kind === "jewel") pendingJewel--;
          }
          if (step.events.some((e) => e.type === "jewelSpinsTriggered")) pendingJewel += 2;
        }
        expect(pendingJewel).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it("every spin pays exactly what the sheet says, Jewel spins keep reel 1 and every sticky cell", () => {
    fc.assert(
      fc.property(roundArb, ({ seed, bet, heavy }) => {
        const { steps } = play(bet, rngOf(seed, heavy));
        let held: (string | null)[][] | null = null;
        for (const step of steps) {
          if (step.events.some((e) => e.type === "spin")) {
            const { window, want, mode } = checkSpin(step.events, bet, held);
            if (want.jewel) {
              // The hold: reel 1 locked, JEWEL and WILD on reels 2–5.
              held = window.map((col, r) => col.map((s) => (r === 0 || s === "JEWEL" || s === "WILD" ? s : null)));
            } else if (mode === "jewelSpins" && held) {
              const h: (string | null)[][] = held;
              held = window.map((col, r) => col.map((s, row) => h[r]?.[row] ?? (s === "JEWEL" || s === "WILD" ? s : null)));
            }
          }
          if (step.state.jewel === null) held = null;
        }
      }),
      { numRuns: 200 },
    );
  });
});
