/** Untrusted input into bets, configurations and actions; and the list of selectable bets. */
import { GameInputError } from "@reelhouse/engine";
import { BET_OPTIONS } from "./model.js";
import type { MonaAction, MonaAwaiting, MonaBet, MonaConfig } from "./types.js";

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function oneOf(name: string, value: unknown, allowed: readonly number[]): number {
  if (typeof value !== "number" || !allowed.includes(value)) {
    throw new GameInputError(
      "BAD_BET",
      `${name} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value) ?? String(value)}`,
    );
  }
  return value;
}

/** Total bet of a line bet, minor units: coin value x coins per line x lines. */
export function totalBetOf(bet: MonaBet): number {
  return bet.coinValue * bet.coinsPerLine * bet.lines;
}

/** Every selectable bet, smallest total first (ties: fewer lines, then the smaller coin value). */
export function allBets(): MonaBet[] {
  const bets: MonaBet[] = [];
  for (const coinValue of BET_OPTIONS.coinValues)
    for (const coinsPerLine of BET_OPTIONS.coinsPerLine)
      for (const lines of BET_OPTIONS.lines) bets.push({ coinValue, coinsPerLine, lines });
  return bets.sort((a, b) => totalBetOf(a) - totalBetOf(b) || a.lines - b.lines || a.coinValue - b.coinValue);
}

/** Validates untrusted input into a bet: each field must be one of the game's options. */
export function parseBet(input: unknown): MonaBet {
  if (!isRecord(input)) throw new GameInputError("BAD_BET", "bet must be an object {coinValue, coinsPerLine, lines}");
  const extra = Object.keys(input).filter((k) => !["coinValue", "coinsPerLine", "lines"].includes(k));
  if (extra.length > 0) throw new GameInputError("BAD_BET", `unknown bet field(s): ${extra.join(", ")}`);
  return {
    coinValue: oneOf("coinValue", input.coinValue, BET_OPTIONS.coinValues),
    coinsPerLine: oneOf("coinsPerLine", input.coinsPerLine, BET_OPTIONS.coinsPerLine),
    lines: oneOf("lines", input.lines, BET_OPTIONS.lines),
  };
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
