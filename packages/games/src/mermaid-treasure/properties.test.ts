/**
 * Mermaid Treasure properties (fast-check): over random seeds, bets, player choices and
 * forced feature triggers, every round replays exactly from its recorded draws,
 * terminates within its bound, accounts for every cent, never pays a bonus above 2,500
 * coins, keeps all money in non-negative safe integers, survives a JSON round trip, and
 * pays every spin exactly as an independent reading of the sheet (the oracle below) says.
 */

import { isDeepStrictEqual } from "node:util";
import {
  type Draw,
  defaultContext,
  ForcedRng,
  RecordingRng,
  ReplayRng,
  type Rng,
  type Step,
  Xoshiro128,
} from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BET_OPTIONS,
  BONUS,
  FREE_SPINS,
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REELS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  TREASURE_BONUS,
  WILD,
} from "./model.js";
import {
  act,
  awaitingOf,
  type MermaidAction,
  type MermaidAwaiting,
  type MermaidBet,
  type MermaidEvent,
  type MermaidState,
  parseAction,
  parseBet,
  parseConfig,
  start,
} from "./round.js";

type MermaidStep = Step<MermaidState, MermaidEvent, MermaidAwaiting>;
type Strips = readonly (readonly string[])[];

/** The context of every round here: cash only, every feature allowed, not autoplay, not granted. */
const CTX = defaultContext(parseConfig(undefined));
const REGULAR = SYMBOLS.filter((s) => s.kind === "regular").map((s) => s.id);
const linePay = (symbol: string, count: number): number => LINE_PAYS[symbol]?.[count - 1] ?? 0;
const scatterPay = (count: number): number => (count > 0 ? (SCATTER_PAYS[SCATTER]?.[count - 1] ?? 0) : 0);
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
const PRIZE_WEIGHT = sum(TREASURE_BONUS.prizes.map((p) => p.weight));
const MAX_PRIZE_COINS = Math.max(...TREASURE_BONUS.prizes.map((p) => p.coins));
/** The draw that lands on the largest prize. */
const MAX_PRIZE_DRAW = (() => {
  let before = 0;
  for (const p of TREASURE_BONUS.prizes) {
    if (p.coins === MAX_PRIZE_COINS) return before;
    before += p.weight;
  }
  throw new Error("no largest prize");
})();
/** Picks at most one bonus per spin, at most REELS picks each: the bound on a round's steps. */
const MAX_STEPS = 1 + FREE_SPINS.maxPerRound + REELS * (1 + FREE_SPINS.maxPerRound);

// ---------------------------------------------------------------------------------
// Forced triggers, found on the strips: 3 MERMAID on reels 1–3, or 3 TREASURE on line 1.

function stopShowing(strip: readonly string[], ok: (column: string[]) => boolean): number {
  const stop = strip.findIndex((_, s) => ok([0, 1, 2].map((row) => strip[(s + row) % strip.length] as string)));
  if (stop < 0) throw new Error("the strips cannot show the wanted column");
  return stop;
}

function triggerStops(strips: Strips, feature: "freeSpins" | "bonus"): number[] {
  return strips.map((strip, reel) => {
    if (reel >= 3) return 0;
    return feature === "freeSpins"
      ? stopShowing(strip, (c) => c.includes(SCATTER))
      : stopShowing(strip, (c) => c[1] === BONUS && !c.includes(SCATTER));
  });
}

const BASE_TRIGGERS = { freeSpins: triggerStops(REEL_STRIPS_BASE, "freeSpins"), bonus: triggerStops(REEL_STRIPS_BASE, "bonus") };
const FREE_SPIN_TRIGGERS = {
  freeSpins: triggerStops(REEL_STRIPS_FREE_SPINS, "freeSpins"),
  bonus: triggerStops(REEL_STRIPS_FREE_SPINS, "bonus"),
};

// ---------------------------------------------------------------------------------
// A random round: seed, bet, how the player picks, and which features to force.

interface Scenario {
  seed: number;
  bet: MermaidBet;
  /** The player's preferred order of objects (a permutation). */
  objectOrder: number[];
  /** What the paid spin shows: random, or a forced trigger. */
  first: "random" | "freeSpins" | "bonus";
  /** Percent of free spins forced to retrigger / to trigger the bonus. */
  retriggerPercent: number;
  bonusPercent: number;
  /** Force every pick to the largest prize (probes the 2,500-coin ceiling). */
  maxPrizes: boolean;
}

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  bet: fc
    .record({
      coinValue: fc.constantFrom(...BET_OPTIONS.coinValues),
      coinsPerLine: fc.constantFrom(...BET_OPTIONS.coinsPerLine),
      lines: fc.constantFrom(...BET_OPTIONS.lines),
    })
    .map((b) => parseBet(b)),
  objectOrder: fc.shuffledSubarray(
    Array.from({ length: TREASURE_BONUS.objects }, (_, i) => i),
    { minLength: TREASURE_BONUS.objects, maxLength: TREASURE_BONUS.objects },
  ),
  first: fc.constantFrom("random", "freeSpins", "bonus"),
  retriggerPercent: fc.constantFrom(0, 0, 20, 100),
  bonusPercent: fc.constantFrom(0, 10, 50),
  maxPrizes: fc.boolean(),
});

interface PlayedRound {
  steps: MermaidStep[];
  /** The draws each step took, in order. */
  draws: Draw[][];
  /** The action that produced steps[i] (undefined for the paid spin). */
  actions: (MermaidAction | undefined)[];
  /** The state each action was applied to. */
  before: (MermaidState | undefined)[];
}

/** Plays a scenario to its end with the real round code, recording every step's draws. */
function playRound(scenario: Scenario): PlayedRound {
  const game = new Xoshiro128(scenario.seed);
  const choices = new Xoshiro128(scenario.seed, 1);
  const played: PlayedRound = { steps: [], draws: [], actions: [], before: [] };
  const stepRng = (forced: readonly number[]): RecordingRng => new RecordingRng(new ForcedRng(forced, game));
  const percent = (p: number) => choices.int(100) < p;

  const first = scenario.first === "random" ? [] : BASE_TRIGGERS[scenario.first];
  let rng = stepRng(first);
  let step = start(scenario.bet, rng, CTX);
  played.steps.push(step);
  played.draws.push(rng.draws);
  played.actions.push(undefined);
  played.before.push(undefined);
  while (step.awaiting) {
    // A hard stop for the test itself; the assertion on MAX_STEPS is the property.
    if (played.steps.length > MAX_STEPS + 10) throw new Error("round did not terminate");
    const awaiting: MermaidAwaiting = step.awaiting;
    let action: MermaidAction;
    let forced: number[] = [];
    if (awaiting.type === "pick") {
      const object = scenario.objectOrder.find((o) => !awaiting.opened.includes(o)) as number;
      action = { type: "pick", object };
      if (scenario.maxPrizes) forced = [MAX_PRIZE_DRAW];
    } else {
      action = { type: "freeSpin" };
      if (percent(scenario.retriggerPercent)) forced = FREE_SPIN_TRIGGERS.freeSpins;
      else if (percent(scenario.bonusPercent)) forced = FREE_SPIN_TRIGGERS.bonus;
    }
    expect(parseAction(step.state, JSON.parse(JSON.stringify(action)))).toEqual(action);
    rng = stepRng(forced);
    played.before.push(step.state);
    step = act(step.state, action, rng, CTX);
    played.steps.push(step);
    played.draws.push(rng.draws);
    played.actions.push(action);
  }
  return played;
}

/** Replays a round from its recorded draws, starting each step from `prepare(previous state)`. */
function replay(round: PlayedRound, bet: MermaidBet, prepare: (s: MermaidState) => MermaidState = (s) => s): MermaidStep[] {
  const steps: MermaidStep[] = [];
  round.draws.forEach((draws, i) => {
    const rng = new ReplayRng(draws);
    const previous = steps[i - 1];
    const action = round.actions[i];
    const step = previous && action ? act(prepare(previous.state), action, rng, CTX) : start(bet, rng, CTX);
    expect(rng.exhausted).toBe(true);
    steps.push(step);
  });
  return steps;
}

const RUNS = { numRuns: 150 };

describe("Mermaid Treasure properties", () => {
  it("replay from the recorded draws gives the identical round (states, events, wins, awaiting)", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const round = playRound(scenario);
        expect(replay(round, scenario.bet)).toEqual(round.steps);
      }),
      RUNS,
    );
  });

  it("every round terminates within 1 paid spin + at most 100 free spins + their picks", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { steps } = playRound(scenario);
        const final = steps[steps.length - 1] as MermaidStep;
        expect(final.awaiting).toBeNull();
        const freeSpins = final.state.freeSpins?.played ?? 0;
        expect(freeSpins).toBe(final.state.freeSpins?.awarded ?? 0);
        expect(freeSpins).toBeLessThanOrEqual(FREE_SPINS.maxPerRound);
        const picks = steps.flatMap((s) => s.events.filter((e) => e.type === "pickRevealed")).length;
        expect(steps.length).toBe(1 + freeSpins + picks);
        expect(steps.length).toBeLessThanOrEqual(MAX_STEPS);
        // Only the last step is final.
        steps.forEach((s, i) => {
          expect(s.awaiting === null).toBe(i === steps.length - 1);
        });
      }),
      RUNS,
    );
  });

  it("totalWin is the sum of the step wins and the sum of winBy; spin wins are the sum of their parts", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { steps } = playRound(scenario);
        let running = 0;
        for (const step of steps) {
          running += step.win;
          expect(step.state.totalWin).toBe(running);
          expect(sum(Object.values(step.state.winBy))).toBe(step.state.totalWin);
          expect(step.state.totalBet).toBe(scenario.bet.coinValue * scenario.bet.coinsPerLine * scenario.bet.lines);
          const amounts = step.events.flatMap((e) =>
            e.type === "lineWin" || e.type === "scatterWin" || e.type === "pickRevealed" ? [e.amount] : [],
          );
          expect(sum(amounts)).toBe(step.win);
        }
        const final = (steps[steps.length - 1] as MermaidStep).state;
        const ended = steps.flatMap((s) => s.events.filter((e) => e.type === "roundEnded"));
        expect(ended).toEqual([{ type: "roundEnded", totalWin: final.totalWin }]);
      }),
      RUNS,
    );
  });

  it("no Treasure bonus ever exceeds 2,500 coins, and each pays the sum of its picks", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { steps } = playRound(scenario);
        let picked: { coins: number; amount: number }[] = [];
        for (const event of steps.flatMap((s) => s.events)) {
          if (event.type === "pickRevealed") picked.push(event);
          if (event.type === "bonusEnded") {
            expect(event.coins).toBeLessThanOrEqual(TREASURE_BONUS.maxCoins);
            expect(event.coins).toBe(sum(picked.map((p) => p.coins)));
            expect(event.amount).toBe(event.coins * scenario.bet.coinValue);
            expect(event.capped).toBe(event.coins >= TREASURE_BONUS.maxCoins);
            picked = [];
          }
        }
        expect(picked).toEqual([]);
      }),
      RUNS,
    );
  });

  it("every amount is a non-negative safe integer (minor units), never a float", () => {
    const isMoney = (x: unknown) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const bad: string[] = [];
        for (const step of playRound(scenario).steps) {
          const { state } = step;
          const amounts = {
            win: step.win,
            totalWin: state.totalWin,
            totalBet: state.totalBet,
            freeSpinsWin: state.freeSpins?.win ?? 0,
          };
          for (const [key, value] of [...Object.entries(amounts), ...Object.entries(state.winBy)]) {
            if (!isMoney(value)) bad.push(`${key} = ${value}`);
          }
          for (const event of step.events) {
            for (const key of ["amount", "win", "totalWin", "coins"]) {
              if (key in event && !isMoney((event as Record<string, unknown>)[key])) bad.push(`${event.type}.${key}`);
            }
          }
        }
        expect(bad).toEqual([]);
      }),
      RUNS,
    );
  });

  it("state is plain JSON: a JSON round trip of every state acts identically", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const round = playRound(scenario);
        for (const step of round.steps) expect(JSON.parse(JSON.stringify(step.state))).toEqual(step.state);
        const viaJson = replay(round, scenario.bet, (s) => JSON.parse(JSON.stringify(s)) as MermaidState);
        expect(viaJson).toEqual(round.steps);
        for (const step of round.steps) expect(awaitingOf(JSON.parse(JSON.stringify(step.state)))).toEqual(step.awaiting);
      }),
      RUNS,
    );
  });

  it("every spin pays exactly what an independent reading of the sheet says (oracle)", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const round = playRound(scenario);
        const problems = round.steps.flatMap((step, i) => oracleDifferences(step, round.before[i], scenario.bet));
        expect(problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("the oracle agrees on many plain paid spins (no forcing)", () => {
    const rng = new Xoshiro128(20_240_601);
    const bet = parseBet({ coinValue: 1, coinsPerLine: 2, lines: 15 });
    let paying = 0;
    const problems: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const step = start(bet, rng, CTX);
      problems.push(...oracleDifferences(step, undefined, bet));
      if (step.win > 0) paying++;
    }
    expect(problems).toEqual([]);
    expect(paying).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------
// The oracle: the sheet's rules read directly from the window, written independently of
// the engine's evaluator (no typed arrays, no shared code), slow and obvious on purpose.

interface OracleLine {
  pay: number;
  /** Every (symbol, count) reaching the best pay (ties are allowed either way). */
  best: { symbol: string; count: number }[];
}

/** Wild Rules 1–5 and Betting Rule 4 on one line's cells, reel 1 first. */
function oracleLine(cells: readonly string[]): OracleLine {
  const found: OracleLine = { pay: 0, best: [] };
  const consider = (symbol: string, count: number) => {
    const pay = linePay(symbol, count);
    if (pay > found.pay) {
      found.pay = pay;
      found.best = [{ symbol, count }];
    } else if (pay > 0 && pay === found.pay) found.best.push({ symbol, count });
  };
  let wilds = 0;
  while (wilds < cells.length && cells[wilds] === WILD) wilds++;
  consider(WILD, wilds);
  for (const symbol of REGULAR) {
    let count = 0;
    while (count < cells.length && (cells[count] === symbol || cells[count] === WILD)) count++;
    if (count > wilds) consider(symbol, count);
  }
  return found;
}

/**
 * Checks one step's spin against the oracle; returns the differences (empty when it agrees).
 * Collecting them, instead of one `expect` per field, keeps thousands of spins fast.
 */
function oracleDifferences(step: MermaidStep, before: MermaidState | undefined, bet: MermaidBet): string[] {
  const problems: string[] = [];
  const same = (actual: unknown, expected: unknown, what: string) => {
    if (!isDeepStrictEqual(actual, expected))
      problems.push(`${what}: got ${JSON.stringify(actual)}, want ${JSON.stringify(expected)}`);
  };
  const spins = step.events.filter((e) => e.type === "spin");
  if (spins.length === 0) return problems; // a pick
  same(spins.length, 1, "spin events");
  const { mode, stops, window } = spins[0] as Extract<MermaidEvent, { type: "spin" }>;
  same(mode, before ? "freeSpins" : "base", "mode");
  // The window is the strips at the drawn stops.
  const strips = mode === "base" ? REEL_STRIPS_BASE : REEL_STRIPS_FREE_SPINS;
  same(
    window,
    strips.map((strip, reel) => [0, 1, 2].map((row) => strip[((stops[reel] as number) + row) % strip.length])),
    "window at the stops",
  );
  const multiplier = mode === "freeSpins" ? FREE_SPINS.lineWinMultiplier : 1;
  const totalBet = bet.coinValue * bet.coinsPerLine * bet.lines;

  // Line wins: only enabled lines, one (the highest) per line.
  const lineWins = step.events.filter((e): e is Extract<MermaidEvent, { type: "lineWin" }> => e.type === "lineWin");
  const expectedLines: number[] = [];
  PAYLINES.slice(0, bet.lines).forEach((rows, l) => {
    const cells = rows.map((row, reel) => window[reel]?.[row] as string);
    const oracle = oracleLine(cells);
    const events = lineWins.filter((e) => e.line === l + 1);
    if (oracle.pay === 0) return;
    expectedLines.push(l + 1);
    const win = events[0];
    if (events.length !== 1 || !win) {
      problems.push(`line ${l + 1} (${cells.join(" ")}): ${events.length} wins, want 1`);
      return;
    }
    if (!oracle.best.some((b) => b.symbol === win.symbol && b.count === win.count)) {
      problems.push(
        `line ${l + 1} (${cells.join(" ")}): paid ${win.count} ${win.symbol}, want one of ${JSON.stringify(oracle.best)}`,
      );
    }
    same(win.coins, oracle.pay * bet.coinsPerLine * multiplier, `line ${l + 1} coins`);
    same(win.amount, win.coins * bet.coinValue, `line ${l + 1} amount`);
    same(win.multiplier, multiplier, `line ${l + 1} multiplier`);
    same(
      win.positions,
      rows.slice(0, win.count).map((row, reel) => [reel, row]),
      `line ${l + 1} positions`,
    );
  });
  same(
    lineWins.map((e) => e.line),
    expectedLines,
    "paying lines",
  );

  // Scatter: MERMAID anywhere, x total bet, never multiplied.
  const mermaids = window.flat().filter((s) => s === SCATTER).length;
  const scatterWins = step.events.filter((e): e is Extract<MermaidEvent, { type: "scatterWin" }> => e.type === "scatterWin");
  same(
    scatterWins.map((e) => [e.count, e.multiplier, e.amount]),
    scatterPay(mermaids) > 0 ? [[mermaids, scatterPay(mermaids), scatterPay(mermaids) * totalBet]] : [],
    "scatter win",
  );

  // Free spins: 3+ MERMAID award 10 (up to the per-round bound).
  const awardedBefore = before?.freeSpins?.awarded ?? 0;
  const award = mermaids >= FREE_SPINS.minScatters ? Math.min(FREE_SPINS.award, FREE_SPINS.maxPerRound - awardedBefore) : 0;
  same(
    step.events.flatMap((e) => (e.type === "freeSpinsTriggered" ? [[e.awarded, e.total, e.retrigger]] : [])),
    award > 0 ? [[award, awardedBefore + award, mode === "freeSpins"]] : [],
    "free spins award",
  );

  // Treasure: the longest run of 3+ from reel 1 on an enabled line, no substitution, counted once.
  const runs = PAYLINES.slice(0, bet.lines).map((rows) => {
    let n = 0;
    while (n < REELS && window[n]?.[rows[n] as number] === BONUS) n++;
    return n;
  });
  const longest = Math.max(...runs);
  const bonus = step.events.flatMap((e) => (e.type === "bonusTriggered" ? [e] : []));
  same(
    bonus.map((e) => [e.count, e.picks, runs[e.line - 1]]),
    longest >= TREASURE_BONUS.minRun ? [[longest, longest, longest]] : [],
    "Treasure trigger",
  );
  if (longest >= TREASURE_BONUS.minRun) same(step.awaiting?.type, "pick", "awaiting after a Treasure trigger");

  // The spin's win is its line wins plus its scatter win; nothing else is paid by a spin.
  const expectedWin = sum(lineWins.map((e) => e.amount)) + sum(scatterWins.map((e) => e.amount));
  same(step.win, expectedWin, "spin win");
  same(
    step.events.filter((e) => e.type === "spinEnded"),
    [{ type: "spinEnded", win: expectedWin }],
    "spinEnded",
  );
  return problems;
}

/** Guards the test kit itself: a draw outside the forced range fails loudly rather than silently. */
describe("test kit", () => {
  it("forced triggers are valid draws on their strips", () => {
    for (const [strips, triggers] of [
      [REEL_STRIPS_BASE, BASE_TRIGGERS],
      [REEL_STRIPS_FREE_SPINS, FREE_SPIN_TRIGGERS],
    ] as const) {
      for (const stops of Object.values(triggers)) {
        stops.forEach((stop, reel) => {
          expect(stop).toBeLessThan(strips[reel]?.length ?? 0);
        });
      }
    }
    const rng: Rng = new ForcedRng([MAX_PRIZE_DRAW], new ReplayRng([]));
    expect(rng.int(PRIZE_WEIGHT)).toBe(MAX_PRIZE_DRAW);
  });
});
