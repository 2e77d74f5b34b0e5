/**
 * The game screen's bet rules, pure (no DOM, no network): when the player may change the bet,
 * and how the bet follows the operator's grants (the grant's fixed bet while free rounds are
 * played, the player's own bet again after).
 */
import type { BetChoice } from "../kit/bet-model.js";
import type { Mode } from "./context.js";

export interface BetLock {
  mode: Mode;
  /** An autoplay is on (running, paused, or closing). */
  autoplay: boolean;
  /** A grant is in use: the bet is the grant's. */
  granted: boolean;
  /** A round start whose answer was lost waits to be sent again. */
  pending: boolean;
}

/** The player may change the bet: at rest, outside autoplay, not locked to a grant's bet, no lost start waiting. */
export function betEditable(lock: BetLock): boolean {
  return lock.mode === "idle" && !lock.autoplay && !lock.granted && !lock.pending;
}

/** The lines in play changed (a line game redraws its paylines). */
export function linesChanged(before: BetChoice, after: BetChoice): boolean {
  return after.kind === "lines" && before.kind === "lines" && after.lines !== before.lines;
}

/**
 * The bet to show for the grant in use: `granted` (the grant's bet, null when none is in use
 * or it is not a bet of this game), the player's `own` bet kept meanwhile, and the `bet` on
 * screen. Returns the bet to set (null: leave it) and the own bet to keep.
 */
export function followGrant(
  granted: BetChoice | null,
  own: BetChoice | null,
  bet: BetChoice,
): { set: BetChoice | null; own: BetChoice | null } {
  if (granted) return { set: granted, own: own ?? bet };
  if (own) return { set: own, own: null };
  return { set: null, own: null };
}
