/**
 * Fixed-stake bets: the player picks one of a game's total stakes (by index) and, where the
 * game sells them, a bought mode (`bets/modes.ts`). The wire form is `{stake, mode?}`.
 */
import { GameInputError } from "../round.js";
import { type BetModeSpec, parseModeId } from "./modes.js";

/** A fixed-stake bet: the index of the total stake in the game's list, and the bought mode's id when one is. */
export interface StakeBet<Mode extends string = string> {
  readonly stake: number;
  readonly mode?: Mode;
}

/**
 * Validates untrusted input into a stake bet: `stake` an index into `stakes`, `mode` absent,
 * null or one of `modes`' ids; no other field. Throws {@link GameInputError} `BAD_BET`.
 */
export function parseStakeBet<Mode extends string>(
  input: unknown,
  stakes: readonly number[],
  modes: readonly BetModeSpec<Mode>[] = [],
): StakeBet<Mode> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new GameInputError("BAD_BET", "bet must be an object {stake, mode?}");
  const { stake, mode, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new GameInputError("BAD_BET", `unknown bet field(s): ${Object.keys(rest).join(", ")}`);
  if (typeof stake !== "number" || !Number.isInteger(stake) || stake < 0 || stake >= stakes.length)
    throw new GameInputError("BAD_BET", `stake must be an index in 0..${stakes.length - 1}`);
  const chosen = modes.length > 0 || (mode !== undefined && mode !== null) ? parseModeId(mode, modes) : null;
  return chosen ? { stake, mode: chosen.id } : { stake };
}

/** The stake of a bet, minor units. */
export function stakeOf(bet: StakeBet, stakes: readonly number[]): number {
  const stake = stakes[bet.stake];
  if (stake === undefined) throw new GameInputError("BAD_BET", `no stake ${bet.stake}`);
  return stake;
}

/** Every plain (not bought) stake bet, smallest stake first (`stakes` must ascend). */
export function allStakeBets<Mode extends string = string>(stakes: readonly number[]): StakeBet<Mode>[] {
  return stakes.map((_, stake) => ({ stake }));
}
