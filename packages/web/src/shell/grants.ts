/**
 * Operator free rounds (Bonus Spin Mode) as the client reads them, pure (no DOM): one game's
 * grants, the sentences the game screen and the lobby show, and which rounds of the history
 * were granted (the server's history flags them: their stake was paid by the operator's
 * promotions account, so they have no `bet` transaction of the player's).
 */
import type { Grant, HistoryResponse } from "@reelhouse/protocol";

/** The grants of `gameId` with rounds left, in the server's order (oldest first, played first). */
export function grantsOf(grants: readonly Grant[], gameId: string): Grant[] {
  return grants.filter((g) => g.gameId === gameId && g.spinsLeft > 0);
}

/** Free rounds left over all `grants`. */
export function roundsLeft(grants: readonly Grant[]): number {
  return grants.reduce((sum, g) => sum + Math.max(0, g.spinsLeft), 0);
}

/** "1 free round", "3 free rounds". */
export function freeRoundsCount(n: number): string {
  return `${n} free round${n === 1 ? "" : "s"}`;
}

/** What the free-rounds bar says; `stake` formats a grant's total bet ("0.15 EUR"). */
export interface FreeRoundsView {
  /** The game's grants with rounds left (the first is the one played next). */
  grants: readonly Grant[];
  /** The player plays them now (false: they play their own balance and keep the rounds for later). */
  using: boolean;
  /** A granted round is on the stage (its round was already taken from the grant). */
  inPlay: Grant | null;
}

/**
 * The bar's sentence, e.g. "FREE ROUNDS: 7 left at 0.15 EUR — courtesy of the operator";
 * null when there is nothing to show.
 */
export function freeRoundsText(view: FreeRoundsView, stake: (grant: Grant) => string): string | null {
  const courtesy = " — courtesy of the operator";
  // Grants at other bets follow the one in use: said, so the player knows more is coming.
  const then = (list: readonly Grant[]) =>
    list.length > 0 ? ` (then ${list.map((g) => `${g.spinsLeft} at ${stake(g)}`).join(", ")})` : "";
  const [first, ...rest] = view.grants;
  // The round on the stage was its grant's last: the grant is gone from the list already.
  if (view.inPlay && first?.id !== view.inPlay.id)
    return `FREE ROUNDS: the last one at ${stake(view.inPlay)} is in play${then(view.grants)}${courtesy}`;
  if (!first) return null;
  if (!view.using) return `FREE ROUNDS: ${roundsLeft(view.grants)} waiting for you${courtesy}`;
  return `FREE ROUNDS: ${first.spinsLeft} left at ${stake(first)}${then(rest)}${courtesy}`;
}

/** The ids of the rounds of `history` that were granted (the server's `granted` flag). */
export function grantedRounds(history: HistoryResponse): Set<string> {
  return new Set(history.rounds.filter((r) => r.granted).map((r) => r.roundId));
}

/** Whether any of the player's money moved in round `roundId` (a granted round that won nothing moved none). */
export function moneyMoved(history: HistoryResponse, roundId: string): boolean {
  return history.transactions.some((t) => t.roundId === roundId);
}
