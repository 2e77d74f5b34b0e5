/** Untrusted input into bets, configurations and actions; and the list of selectable bets. */
import { allLineBets, GameInputError, lineBetTotal, parseLineBet } from "@reelhouse/engine";
import { BET_OPTIONS } from "./model.js";
import type { MonaAction, MonaAwaiting, MonaBet, MonaConfig } from "./types.js";

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Total bet of a line bet, minor units: coin value x coins per line x lines. */
export const totalBetOf: (bet: MonaBet) => number = lineBetTotal;

/** Every selectable bet, smallest total first (ties: fewer lines, then the smaller coin value). */
export function allBets(): MonaBet[] {
  return allLineBets(BET_OPTIONS);
}

/** Validates untrusted input into a bet: each field must be one of the game's options. */
export function parseBet(input: unknown): MonaBet {
  return parseLineBet(input, BET_OPTIONS);
}

const NO_CONFIG: MonaConfig = Object.freeze({});

/** Validates the operator's configuration: the game has none, so only nothing or `{}` is accepted. */
export function parseConfig(input: unknown): MonaConfig {
  if (input === undefined || (isRecord(input) && Object.keys(input).length === 0)) return NO_CONFIG;
  throw new GameInputError("BAD_CONFIG", "Mona Lisa Jewels has no operator configuration; send {}");
}

/**
 * Validates a player's action against what the round awaits. A round waiting for the
 * platform (a jackpot claim) accepts nothing from the player: the server answers it.
 */
export function parseActionFor(awaiting: MonaAwaiting | null, input: unknown): MonaAction {
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  if (!isRecord(input) || typeof input.type !== "string")
    throw new GameInputError("BAD_ACTION", "action must be an object with a type");
  if (awaiting.type === "platform") {
    throw new GameInputError("ACTION_NOT_AWAITED", "the round awaits the platform's jackpot answer, not the player");
  }
  if (input.type !== "freeSpin") {
    throw new GameInputError("ACTION_NOT_AWAITED", `the round awaits freeSpin, not ${input.type}`);
  }
  return { type: "freeSpin" };
}
