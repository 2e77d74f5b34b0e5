/**
 * Jackpot claims a round has not shown its player yet (`GameModule.hidesClaim`; Bewitched's
 * progressive, claimed when Merlin comes and shown by the third vial). The pool is paid at
 * the claim (the first player to win it is the one whose spin drew it), but the win is
 * announced — numbered, signalled, sent to every stream — only in the transaction of the step
 * that shows it, or that ends the round. Until then nothing the player can see tells it:
 * no notice, no `jackpot` autoplay stop, no platform answer in their view of the round.
 */
import type { StateBase } from "@reelhouse/engine";
import type { Sql } from "../db/database.js";
import type { AnyGame } from "../games.js";
import type { Jackpots } from "../jackpots/pools.js";
import type { PlayedStep } from "./play.js";

/** True when the round, after these steps, still hides a claim from its player (it is open and its game says so). */
export function claimHidden(game: AnyGame, last: PlayedStep): boolean {
  return last.step.awaiting !== null && game.hidesClaim?.(last.step.state) === true;
}

/** True when one of the steps answered a jackpot claim. */
function claimedIn(played: readonly PlayedStep[]): boolean {
  return played.some((p) => isClaimAnswer(p.action));
}

/**
 * A step's action as the player's view of their round shows it: while the round is open, a
 * platform answer is shown without what it holds (a claim's amount, even its kind, could tell
 * what the round has not shown yet); once the round is over, everything.
 */
export function actionShown(action: unknown, roundOpen: boolean): unknown {
  const a = action as { type?: unknown } | null;
  return roundOpen && a?.type === "platform" ? { type: "platform" } : action;
}

function isClaimAnswer(action: unknown): boolean {
  const a = action as { type?: unknown; answer?: { kind?: unknown } } | null;
  return a?.type === "platform" && a.answer?.kind === "jackpotClaim";
}

/**
 * After a request's steps, before its money moves (the win counter is locked after the
 * player's wallet and before any house account, the order every claim keeps): announces the
 * round's held claims when the round no longer hides them. Costs nothing for a game that
 * never hides a claim, or a request that neither claimed nor ended a hiding state.
 */
export async function announceShown(
  sql: Sql,
  r: {
    jackpots: Jackpots | undefined;
    game: AnyGame;
    roundId: string;
    /** The round's state before this request (null when it starts). */
    before: StateBase | null;
    played: readonly PlayedStep[];
    demo: boolean;
    at: number;
  },
): Promise<void> {
  const { game, played } = r;
  if (!r.jackpots || r.demo || !game.hidesClaim) return;
  const last = played.at(-1) as PlayedStep;
  if (claimHidden(game, last)) return;
  const heldBefore = r.before !== null && game.hidesClaim(r.before);
  if (heldBefore || claimedIn(played)) await r.jackpots.announceHeld(sql, r.roundId, r.at);
}
