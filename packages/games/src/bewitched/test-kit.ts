/**
 * Test kit for Bewitched (rule and property tests only): window specs on the exported strips
 * and forced play through the real round code. Draw order: a spin draws one stop per reel
 * (5 draws), then, when 3+ MERLIN land, Merlin's prize (one draw over the table at the bet);
 * each vial draws its ingredient (one draw); a double draws its card (one draw).
 */
import {
  defaultContext,
  fillWindow,
  type PlatformAction,
  ReplayRng,
  type RoundContext,
  type Step,
  windowToIds,
} from "@reelhouse/engine";
import { type Cell, type Columns, expectWindowMatches, forced, mustStops, type Strips, windowSpecs } from "../kit/window-spec.js";
import { LINE_PAYS, PAYLINES, PROGRESSIVE, REEL_STRIPS, REELS, ROWS } from "./model.js";
import { act, merlinPrizes, REEL_SET, start } from "./round.js";
import { betCoins, SYMBOL_IDS } from "./rtp.js";
import { evaluateWindow } from "./spin.js";
import type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedConfig,
  BewitchedEvent,
  BewitchedState,
  MerlinPrize,
} from "./types.js";
import { parseConfig } from "./validate.js";

export type BewitchedStep = Step<BewitchedState, BewitchedEvent, BewitchedAwaiting>;

export const STRIPS: Strips = REEL_STRIPS.map((s) => s.split(" "));
const specs = windowSpecs({ reels: REELS, rows: ROWS, paylines: PAYLINES });
export const { grid, along } = specs;
export const CTX: RoundContext<BewitchedConfig> = defaultContext(parseConfig(undefined));
/** Neither WITCH nor MERLIN: no battle, no bonus. */
export const QUIET: Cell = { not: ["WITCH", "MERLIN"] };
/** QUIET and not the wild: a cell that completes no line. */
export const PLAIN = (...also: string[]): Cell => ({ not: ["WITCH", "MERLIN", "BOOK", ...also] });

export const linePay = (symbol: string, count: number): number => LINE_PAYS[symbol]?.[count - 1] ?? 0;

/**
 * The first stops (in a fixed walk over the strips' stop combinations) whose window passes
 * `wanted`, given its symbols `[reel][row]` and its paying lines at `lines` lines: for windows
 * a per-reel spec cannot ask for (two paying lines, a line win beside three WITCH).
 */
export function searchStops(
  wanted: (window: string[][], outcome: ReturnType<typeof evaluateWindow>) => boolean,
  lines = 15,
  what = "the window asked for",
): number[] {
  const lengths = STRIPS.map((s) => s.length);
  const window = new Uint8Array(REELS * ROWS);
  const stopsNow = new Array<number>(REELS).fill(0);
  for (let k = 0; k < 2_000_000; k++) {
    let rest = k;
    for (let r = 0; r < REELS; r++) {
      const n = lengths[r] as number;
      stopsNow[r] = (rest + 11 * r) % n;
      rest = Math.floor(rest / n);
    }
    fillWindow(REEL_SET, stopsNow, ROWS, window);
    const outcome = evaluateWindow(window, lines);
    if (wanted(windowToIds(window, REELS, ROWS, SYMBOL_IDS), outcome)) return [...stopsNow];
  }
  throw new Error(`the strips cannot show ${what}`);
}

/** Stops showing the spec, or a clear failure. */
export const stops = (columns: Columns, what: string) => mustStops(STRIPS, columns, what);

/** The draw that makes Merlin's prize at `bet` the first one matching `wanted`. */
export function prizeDraw(bet: BewitchedBet, wanted: (p: MerlinPrize) => boolean): number {
  const table = merlinPrizes(betCoins(bet));
  const i = table.values.findIndex(wanted);
  if (i < 0) throw new Error("no such Merlin prize");
  return i === 0 ? 0 : (table.cumulative[i - 1] as number);
}

function mustUseAll(rng: ReturnType<typeof forced>): void {
  if (rng.remaining !== 0) throw new Error(`${rng.remaining} forced draws left unused`);
}

/** The paid spin at `bet` with these draws (all must be used). */
export function paidSpin(bet: BewitchedBet, draws: readonly number[], context = CTX): BewitchedStep {
  const rng = forced(draws);
  const step = start(bet, rng, context);
  mustUseAll(rng);
  return step;
}

/** The next action with these draws (all must be used). */
export function next(step: BewitchedStep, action: BewitchedAction, draws: readonly number[] = [], context = CTX): BewitchedStep {
  const rng = forced(draws);
  const result = act(step.state, action, rng, context);
  mustUseAll(rng);
  return result;
}

/**
 * Opens three vials (ingredient draws 0), the third revealing the prize; a trigger step still
 * awaiting Merlin's platform request is answered first (`answerPlatform`).
 */
export function openVials(step: BewitchedStep, context = CTX): BewitchedStep[] {
  const one = next(answerPlatform(step, undefined, context), { type: "vial", vial: 4 }, [0], context);
  const two = next(one, { type: "vial", vial: 0 }, [0], context);
  return [one, two, next(two, { type: "vial", vial: 8 }, [0], context)];
}

/**
 * Answers the platform request Merlin's trigger makes, if the step awaits one (otherwise returns
 * the step): a claim with `amount` (default: the seed), a read of the pool with `micro`
 * (default: the seed). Draws nothing.
 */
export function answerPlatform(step: BewitchedStep, value?: number, context = CTX): BewitchedStep {
  const awaiting = step.awaiting;
  if (awaiting?.type !== "platform") return step;
  if (awaiting.request.kind === "jackpotClaim") return answerClaim(step, value, context);
  const action: PlatformAction = {
    type: "platform",
    answer: {
      kind: "jackpotValue",
      ref: awaiting.request.ref,
      micro: value ?? PROGRESSIVE.seedCoins * step.state.bet.coinValue * 10_000,
    },
  };
  return act(step.state, action, new ReplayRng([]), context);
}

/** Answers a pending jackpot claim with `amount` (default: the pool's seed at the bet's coin value). */
export function answerClaim(step: BewitchedStep, amount?: number, context = CTX): BewitchedStep {
  const awaiting = step.awaiting;
  if (awaiting?.type !== "platform" || awaiting.request.kind !== "jackpotClaim")
    throw new Error("the round does not await a claim");
  const action: PlatformAction = {
    type: "platform",
    answer: {
      kind: "jackpotClaim",
      ref: awaiting.request.ref,
      amount: amount ?? PROGRESSIVE.seedCoins * step.state.bet.coinValue,
    },
  };
  return act(step.state, action, new ReplayRng([]), context);
}

/** The window of the step's last spin, `[reel][row]`. */
export function windowOf(step: BewitchedStep): string[][] {
  const spins = step.events.filter((e) => e.type === "spin");
  const last = spins[spins.length - 1];
  if (last?.type !== "spin") throw new Error("the step has no spin");
  return last.window;
}

export function expectWindow(step: BewitchedStep, columns: Columns): void {
  expectWindowMatches(windowOf(step), columns);
}

export const eventsOf = <T extends BewitchedEvent["type"]>(step: BewitchedStep, type: T) =>
  step.events.filter((e): e is Extract<BewitchedEvent, { type: T }> => e.type === type);
