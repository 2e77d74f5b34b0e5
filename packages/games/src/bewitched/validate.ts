/** Untrusted input into bets, configurations and actions; and the list of selectable bets. */
import {
  allLineBets,
  type GambleRules,
  GameInputError,
  lineBetTotal,
  parseGambleAction,
  parseGambleRules,
  parseLineBet,
} from "@reelhouse/engine";
import { BET_OPTIONS, DOUBLE } from "./model.js";
import type { BewitchedAction, BewitchedAwaiting, BewitchedBet, BewitchedConfig } from "./types.js";

/** Total bet, minor units: coin value x coins per line x lines. */
export const totalBetOf: (bet: BewitchedBet) => number = lineBetTotal;

/** Every selectable bet, smallest total first. */
export function allBets(): BewitchedBet[] {
  return allLineBets(BET_OPTIONS);
}

/** Validates untrusted input into a bet: each field must be one of the game's options. */
export function parseBet(input: unknown): BewitchedBet {
  return parseLineBet(input, BET_OPTIONS);
}

/** The sheet's double: 5 doubles, red heart or black spade, no stake cap, the last 5 cards shown. */
export const SHEET_GAMBLE: GambleRules = Object.freeze({
  maxAttempts: DOUBLE.maxDoubles,
  maxStake: null,
  stripLength: 5,
  deck: "heartsSpades",
});

const DEFAULT_CONFIG: BewitchedConfig = Object.freeze({ gamble: SHEET_GAMBLE });

/** Validates the operator's configuration: `{gamble?: {maxAttempts 1..5, maxStake, stripLength, deck}}`. */
export function parseConfig(input: unknown): BewitchedConfig {
  if (input === undefined) return DEFAULT_CONFIG;
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new GameInputError("BAD_CONFIG", "Bewitched's configuration must be an object {gamble?}");
  const { gamble, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    throw new GameInputError("BAD_CONFIG", `unknown configuration field(s): ${Object.keys(rest).join(", ")}`);
  return gamble === undefined ? DEFAULT_CONFIG : Object.freeze({ gamble: parseGambleRules(gamble, SHEET_GAMBLE) });
}

/** Validates a player's action against what the round awaits (the platform's answers come from the server, not here). */
export function parseActionFor(awaiting: BewitchedAwaiting | null, input: unknown): BewitchedAction {
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  if (
    typeof input !== "object" ||
    input === null ||
    Array.isArray(input) ||
    typeof (input as { type?: unknown }).type !== "string"
  )
    throw new GameInputError("BAD_ACTION", "action must be an object with a type");
  const action = input as Record<string, unknown>;
  switch (awaiting.type) {
    case "platform":
      throw new GameInputError("ACTION_NOT_AWAITED", "the round awaits the platform's jackpot answer, not the player");
    case "gamble":
      return parseGambleAction(input);
    case "freeSpin": {
      if (action.type !== "freeSpin")
        throw new GameInputError("ACTION_NOT_AWAITED", `the round awaits freeSpin, not ${action.type}`);
      const extra = Object.keys(action).filter((k) => k !== "type");
      if (extra.length > 0) throw new GameInputError("BAD_ACTION", `unknown action field(s): ${extra.join(", ")}`);
      return { type: "freeSpin" };
    }
    case "vial": {
      if (action.type !== "vial") throw new GameInputError("ACTION_NOT_AWAITED", `the round awaits vial, not ${action.type}`);
      const extra = Object.keys(action).filter((k) => k !== "type" && k !== "vial");
      if (extra.length > 0) throw new GameInputError("BAD_ACTION", `unknown action field(s): ${extra.join(", ")}`);
      const vial = action.vial;
      if (typeof vial !== "number" || !Number.isInteger(vial) || vial < 0 || vial >= awaiting.vials)
        throw new GameInputError("BAD_ACTION", `vial must be an integer in 0..${awaiting.vials - 1}`);
      if (awaiting.opened.some((o) => o.vial === vial)) throw new GameInputError("BAD_ACTION", `vial ${vial} is already open`);
      return { type: "vial", vial };
    }
  }
}
