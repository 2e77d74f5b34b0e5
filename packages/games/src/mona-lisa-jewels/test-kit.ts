/**
 * Test kit for Mona Lisa Jewels (used by the rules and property tests only): window specs,
 * stop search on the exported strips, and forced play through the real round code. Draw
 * order: a paid or normal free spin draws one stop per reel (5 draws); a Jewel spin draws
 * reels 2–5 (4 draws: reel 1 is locked). Nothing here hard-codes a stop: retuning the
 * strips keeps the tests meaningful.
 */
import { defaultContext, type PlatformAction, type PlatformAnswer, ReplayRng, type Step } from "@reelhouse/engine";
import { type Cell, type Columns, expectWindowMatches, forced, mustStops, type Strips, windowSpecs } from "../kit/window-spec.js";
import { platformModel } from "./index.js";
import {
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REEL_STRIPS_JEWEL,
  REELS,
  ROWS,
  SCATTER_PAYS,
} from "./model.js";
import { act, awaitingOf, start } from "./round.js";
import type { MonaAwaiting, MonaBet, MonaEvent, MonaState } from "./types.js";
import { parseConfig } from "./validate.js";

export type { Cell, Columns, Strips } from "../kit/window-spec.js";
export { ANY, cellMatches, columnStop, forced, mustStops, stopsFor } from "../kit/window-spec.js";
export type MonaStep = Step<MonaState, MonaEvent, MonaAwaiting>;

const specs = windowSpecs({ reels: REELS, rows: ROWS, paylines: PAYLINES });
/** A window spec: `rest` everywhere, then each placement `[reel, row, cell]` sets one cell. */
export const grid = specs.grid;
/** Placements of `cells` along payline `line` (1-based), from reel 1. */
export const along = specs.along;

export const CTX = defaultContext(parseConfig(undefined));
/** No SCATTER: keeps scatter wins and free-spin awards out of a window. */
export const QUIET: Cell = { not: ["SCATTER"] };
/** Neither SCATTER nor JEWEL (a reel-1 cell that cannot help a Jewel trigger). */
export const CALM: Cell = { not: ["SCATTER", "JEWEL"] };

export const linePay = (symbol: string, count: number): number => LINE_PAYS[symbol]?.[count - 1] ?? 0;
export const scatterPay = (count: number): number => (count > 0 ? (SCATTER_PAYS.SCATTER?.[count - 1] ?? 0) : 0);

/** Stops of reels 2–5 in a Jewel spin (the Jewel strips), for a spec of those four reels. */
export function jewelStops(columns: Columns, what: string): number[] {
  return mustStops(REEL_STRIPS_JEWEL, columns, what);
}

export const BASE: Strips = REEL_STRIPS_BASE;
export const FREE: Strips = REEL_STRIPS_FREE_SPINS;
/** Reels 2–5 of Jewel spins. */
export const JEWEL: Strips = REEL_STRIPS_JEWEL;

/** The paid spin at `bet` with these stops (all must be used). */
export function paidSpin(bet: MonaBet, stops: readonly number[]): MonaStep {
  const rng = forced(stops);
  const step = start(bet, rng, CTX);
  if (rng.remaining !== 0) throw new Error(`${rng.remaining} forced draws left unused`);
  return step;
}

/** The next free spin (Jewel or normal, as the round says) with these stops. */
export function freeSpin(step: MonaStep, stops: readonly number[]): MonaStep {
  const rng = forced(stops);
  const next = act(step.state, { type: "freeSpin" }, rng, CTX);
  if (rng.remaining !== 0) throw new Error(`${rng.remaining} forced draws left unused`);
  return next;
}

/** Answers the pending jackpot claim: with `amount`, or as the certified platform model does (the seed). */
export function answerClaim(step: MonaStep, amount?: number): MonaStep {
  const awaiting = step.awaiting;
  if (awaiting?.type !== "platform") throw new Error("the round does not await the platform");
  const model = platformModel(awaiting.request);
  const answer: PlatformAnswer = amount === undefined ? model : ({ ...model, amount } as PlatformAnswer);
  const action: PlatformAction = { type: "platform", answer };
  return act(step.state, action, new ReplayRng([]), CTX);
}

/** The window of the step's (last) spin event, `[reel][row]`. */
export function windowOf(step: MonaStep): string[][] {
  const spins = step.events.filter((e) => e.type === "spin");
  const last = spins[spins.length - 1];
  if (last?.type !== "spin") throw new Error("the step has no spin");
  return last.window;
}

/** Checks that a played window satisfies its spec (the search found what the test meant). */
export function expectWindow(step: MonaStep, columns: Columns): void {
  expectWindowMatches(windowOf(step), columns);
}

export const eventsOf = <T extends MonaEvent["type"]>(step: MonaStep, type: T) =>
  step.events.filter((e): e is Extract<MonaEvent, { type: T }> => e.type === type);

export { awaitingOf };
