/** Untrusted input into bets, configurations and actions; the list of selectable bets; what a bet debits. */
import {
  allStakeBets,
  type GambleRules,
  GameInputError,
  modePrice,
  parseGambleAction,
  parseGambleRules,
  parseStakeBet,
  stakeOf,
} from "@reelhouse/engine";
import { FOLD, STAKES } from "./model.js";
import { MODES, type ModeId, type MysticMode } from "./modes.js";
import type { MysticAction, MysticAwaiting, MysticBet, MysticConfig } from "./types.js";

/** Validates untrusted input into a bet: `{stake: index, mode?: id}`. */
export function parseBet(input: unknown): MysticBet {
  return parseStakeBet(input, STAKES, MODES);
}

/** The bet's bought mode, null for a plain spin. */
export function modeOf(bet: MysticBet): MysticMode | null {
  return bet.mode === undefined ? null : (MODES.find((m) => m.id === bet.mode) ?? null);
}

/** The total bet the pays use, minor units. */
export function stakeOfBet(bet: MysticBet): number {
  return stakeOf(bet, STAKES);
}

/** What a bet debits, minor units: the stake, or the bought mode's price at that stake. */
export function totalBetOf(bet: MysticBet): number {
  const mode = modeOf(bet);
  return mode ? modePrice(stakeOfBet(bet), mode.price) : stakeOfBet(bet);
}

/** Every selectable plain bet, smallest stake first (modes are bought on top of any of them). */
export function allBets(): MysticBet[] {
  return allStakeBets<ModeId>(STAKES);
}

/** The sheet's Fold: up to 5 doubles, a win of at most 42.00 EUR, the last five cards shown. */
export const SHEET_GAMBLE: GambleRules = Object.freeze({
  maxAttempts: FOLD.defaultAttempts,
  maxStake: FOLD.maxStakeMinor,
  stripLength: FOLD.history,
  deck: "standard",
});

const DEFAULT_CONFIG: MysticConfig = Object.freeze({ gamble: SHEET_GAMBLE });

/**
 * Validates the operator's configuration: `{gamble?: {maxAttempts 1..5, maxStake, stripLength,
 * deck}}` (the sheet: attempts "between 1 and 5"; the 42.00 EUR cap per currency).
 */
export function parseConfig(input: unknown): MysticConfig {
  if (input === undefined) return DEFAULT_CONFIG;
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new GameInputError("BAD_CONFIG", "40 Mystic Gem's configuration must be an object {gamble?}");
  const { gamble, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    throw new GameInputError("BAD_CONFIG", `unknown configuration field(s): ${Object.keys(rest).join(", ")}`);
  if (gamble === undefined) return DEFAULT_CONFIG;
  const rules = parseGambleRules(gamble, SHEET_GAMBLE);
  if (rules.maxAttempts > FOLD.maxAttempts)
    throw new GameInputError("BAD_CONFIG", `gamble.maxAttempts must be 1..${FOLD.maxAttempts} (the sheet)`);
  return Object.freeze({ gamble: rules });
}

/** Validates a player's action against what the round awaits. */
export function parseActionFor(awaiting: MysticAwaiting | null, input: unknown): MysticAction {
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  return parseGambleAction(input);
}
