/**
 * Forced outcomes for the browser tests, found by SEARCHING the current strips with the
 * real game code (never hard-coded stop positions: the strips change while the maths is
 * tuned). The draws go to the dev/test server as `force: { draws }`.
 */
import { defaultContext, ForcedRng, RecordingRng, standardDeck, Xoshiro128 } from "@reelhouse/engine";
import { type MysticAwaiting, type MysticEvent, type MysticState, mermaidTreasure, mysticGem } from "@reelhouse/games";
import type { MermaidAwaiting, MermaidEvent, MermaidState } from "../../games/src/mermaid-treasure/index.js";
import { REEL_STRIPS_BASE, REEL_STRIPS_FREE_SPINS, TREASURE_BONUS } from "../../games/src/mermaid-treasure/model.js";

export interface TestBet {
  coinValue: number;
  coinsPerLine: number;
  lines: number;
}

type MermaidStep = { state: MermaidState; events: MermaidEvent[]; win: number; awaiting: MermaidAwaiting | null };

const fallback = () => new Xoshiro128(12345);
const CTX = defaultContext(mermaidTreasure.parseConfig(undefined));

/** Deterministic candidate stops: a seeded walk over every reel's strip length. */
function* candidates(strips: readonly (readonly string[])[], seed: number): Generator<number[]> {
  const rng = new Xoshiro128(seed);
  for (let i = 0; i < 200_000; i++) yield strips.map((strip) => rng.int(strip.length));
}

function startWith(bet: TestBet, stops: number[]): MermaidStep {
  return mermaidTreasure.start(bet, new ForcedRng(stops, fallback()), CTX) as MermaidStep;
}

function search(bet: TestBet, what: string, ok: (step: MermaidStep) => boolean, seed = 1): number[] {
  for (const stops of candidates(REEL_STRIPS_BASE, seed)) if (ok(startWith(bet, stops))) return stops;
  throw new Error(`no stops found for: ${what}`);
}

const has = (step: MermaidStep, type: MermaidEvent["type"]) => step.events.some((e) => e.type === type);

/** A paid spin that wins nothing and triggers nothing. */
export function losingStops(bet: TestBet): number[] {
  return search(bet, "a losing spin", (s) => s.win === 0 && s.awaiting === null);
}

/** A paid spin that wins something on a line (for the win display). */
export function lineWinStops(bet: TestBet): number[] {
  return search(bet, "a line win", (s) => has(s, "lineWin") && s.awaiting === null && s.win >= 5 * s.state.totalBet);
}

/** A paid spin that awards free spins (3+ MERMAID) and no Treasure bonus. */
export function freeSpinTriggerStops(bet: TestBet): { stops: number[]; step: MermaidStep } {
  const stops = search(bet, "a free-spin trigger", (s) => has(s, "freeSpinsTriggered") && !has(s, "bonusTriggered"));
  return { stops, step: startWith(bet, stops) };
}

/** A paid spin that starts the Treasure bonus with exactly `picks` picks and no free spins. */
export function bonusTriggerStops(bet: TestBet, picks = 3): number[] {
  return search(
    bet,
    `a Treasure bonus with ${picks} picks`,
    (s) => s.awaiting?.type === "pick" && s.awaiting.picksLeft === picks && !has(s, "freeSpinsTriggered"),
  );
}

/** Free-spin stops that neither retrigger nor start a bonus, so a series stays 10 spins long. */
export function quietFreeSpinStops(state: MermaidState, count: number): number[][] {
  const found: number[][] = [];
  for (const stops of candidates(REEL_STRIPS_FREE_SPINS, 7)) {
    const step = mermaidTreasure.act(state, { type: "freeSpin" }, new ForcedRng(stops, fallback()), CTX) as MermaidStep;
    if (!has(step, "freeSpinsTriggered") && !has(step, "bonusTriggered")) found.push(stops);
    if (found.length >= count) return found;
  }
  throw new Error("no quiet free-spin stops found");
}

/** A pick draw (one `rng.int(totalWeight)`) that lands on the prize of `coins` coins per coin. */
export function pickDrawFor(coins: number): number {
  let offset = 0;
  for (const prize of TREASURE_BONUS.prizes) {
    if (prize.coins === coins) return offset;
    offset += prize.weight;
  }
  throw new Error(`no pick prize of ${coins} coins`);
}

/** The prize values the pick screen can show, for assertions. */
export const PICK_PRIZES: readonly number[] = TREASURE_BONUS.prizes.map((p) => p.coins);

/**
 * A paid spin paying at least `times` x the total bet on at least `minLines` lines, with no
 * feature: the big-win celebration. Returns the stops, the spin's win and how many wins it shows.
 */
export function bigWinStops(bet: TestBet, times: number, minLines: number): { stops: number[]; win: number; labels: number } {
  const lineWins = (s: MermaidStep) => s.events.filter((e) => e.type === "lineWin").length;
  const wins = (s: MermaidStep) => s.events.filter((e) => e.type === "lineWin" || e.type === "scatterWin").length;
  const stops = search(
    bet,
    `a win of ${times}x the bet on ${minLines}+ lines`,
    (s) => s.awaiting === null && s.win >= times * s.state.totalBet && lineWins(s) >= minLines,
  );
  const step = startWith(bet, stops);
  // Every line win and scatter win carries its amount as a label on the reels.
  return { stops, win: step.win, labels: wins(step) };
}

// ---------------------------------------------------------------------------------------------
// 40 Mystic Gem: the draws of a round found by playing the real round code on seeded sources
// and recording what it drew (placement, stops, a guarantee's redraws), so the server plays
// exactly that round again when the draws are forced.

/** A 40 Mystic Gem bet on the wire: the stake's index and the bought mode, if any. */
export interface MysticTestBet {
  stake: number;
  mode?: "wild1" | "wild2" | "wild3" | "wild1-guaranteed" | "wild2-guaranteed";
}

type MysticStep = { state: MysticState; events: MysticEvent[]; win: number; awaiting: MysticAwaiting | null };

const MYSTIC_CTX = defaultContext(mysticGem.parseConfig(undefined));

/** Plays `bet` on a source seeded with `seed`: the step and every draw it took. */
function mysticRecorded(bet: MysticTestBet, seed: number): { step: MysticStep; draws: number[] } {
  const rng = new RecordingRng(new Xoshiro128(seed));
  const step = mysticGem.start(mysticGem.parseBet(bet), rng, MYSTIC_CTX) as MysticStep;
  return { step, draws: rng.draws.map(([, value]) => value) };
}

/** The draws of the first round at `bet` (seeds 1, 2, …) whose step passes `ok`. */
export function mysticDraws(bet: MysticTestBet, what: string, ok: (step: MysticStep) => boolean): number[] {
  for (let seed = 1; seed < 200_000; seed++) {
    const { step, draws } = mysticRecorded(bet, seed);
    if (ok(step)) return draws;
  }
  throw new Error(`no 40 Mystic Gem round found for: ${what}`);
}

/** The step the server plays when `draws` are forced at `bet` (for the assertions). */
export function mysticStep(bet: MysticTestBet, draws: number[]): MysticStep {
  return mysticGem.start(mysticGem.parseBet(bet), new ForcedRng(draws, fallback()), MYSTIC_CTX) as MysticStep;
}

const mysticHas = (step: MysticStep, type: MysticEvent["type"]) => step.events.some((e) => e.type === type);

/** A plain spin that wins nothing. */
export function mysticLosingDraws(bet: MysticTestBet): number[] {
  return mysticDraws(bet, "a losing spin", (s) => s.win === 0);
}

/**
 * A plain spin where a landed WILD expands and pays at least one line, within the Fold's
 * cap (so the Fold is offered): `minLines` paying lines at least.
 */
export function mysticExpandingWinDraws(bet: MysticTestBet, minLines = 1): number[] {
  return mysticDraws(
    bet,
    "an expanding WILD paying a line",
    (s) =>
      mysticHas(s, "wildsExpanded") &&
      s.events.filter((e) => e.type === "lineWin").length >= minLines &&
      !mysticHas(s, "scatterWin") &&
      s.awaiting?.type === "gamble",
  );
}

/** A plain spin that wins more than the Fold's cap (42.00 EUR): no Fold offered. */
export function mysticAboveCapDraws(bet: MysticTestBet): number[] {
  return mysticDraws(bet, "a win above the Fold's cap", (s) => s.win > 4200 && s.awaiting === null);
}

/** A plain spin with a line win the Fold is offered on, and no WILD. */
export function mysticSmallWinDraws(bet: MysticTestBet): number[] {
  return mysticDraws(bet, "a small line win", (s) => s.awaiting?.type === "gamble" && !mysticHas(s, "wildsExpanded"));
}

/** The Fold's card draws (`rng.int(52)` over the standard deck): a red card and a black one. */
export const FOLD_RED = [standardDeck().findIndex((c) => c.suit === "hearts")];
export const FOLD_BLACK = [standardDeck().findIndex((c) => c.suit === "spades")];
