/**
 * Autoplay's state machine, pure: running -> paused -> running, and running/paused ->
 * stopped | finished (terminal). The server applies these transitions under the player's
 * lock in the same transaction as the step that causes them.
 *
 * - A spin that ends settles at once: the loss limit (net loss reaches it), the single-win
 *   limit, a jackpot (with stopOnJackpot) or the last spin stop it.
 * - A spin that opens a feature waits for the player: a feature whose awaiting says
 *   `autoplay: "pause"` (a jackpot round such as Jackpot Cards) PAUSES the autoplay; any
 *   other feature (free spins, picks) STOPS it, as the sheets say autoplay never starts a
 *   feature by itself.
 * - When a paused autoplay's round settles, the limits are checked with its win and the
 *   autoplay resumes (running), or stops/finishes there.
 * - A stopped or finished autoplay only keeps counting the win of the round it stopped on.
 */
import type { AwaitingBase } from "@reelhouse/engine";
import type { AutoplayRow } from "./rows.js";

/** The fields a transition changes. */
export type AutoplayChange = Pick<AutoplayRow, "spins_done" | "net" | "status" | "stop_reason" | "paused_round_id">;

/** One autoplay spin's first step. */
export interface SpinOutcome {
  roundId: string;
  /** The stake debited from the player (0 for none). */
  paidBet: number;
  /** The round ended in this step (its win is settled now). */
  over: boolean;
  /** The round's win so far. */
  totalWin: number;
  awaiting: AwaitingBase | null;
  /** The round hit a jackpot. */
  jackpot: boolean;
}

/** The limits that stop a running autoplay after a settled result, or null to run on. */
function limitReached(row: AutoplayRow, net: number, roundWin: number, jackpot: boolean, spinsDone: number): string | null {
  if (row.stop_on_jackpot && jackpot) return "jackpot";
  if (row.single_win_limit !== null && roundWin >= row.single_win_limit) return "singleWinLimit";
  if (-net >= row.loss_limit) return "lossLimit";
  if (spinsDone >= row.spins_total) return "spins";
  return null;
}

const ended = (reason: string): Pick<AutoplayRow, "status" | "stop_reason"> => ({
  status: reason === "spins" ? "finished" : "stopped",
  stop_reason: reason,
});

/** A running autoplay played one spin: counts it and decides running, paused, stopped or finished. */
export function afterSpin(row: AutoplayRow, s: SpinOutcome): AutoplayChange {
  const spinsDone = row.spins_done + 1;
  const net = row.net - s.paidBet + (s.over ? s.totalWin : 0);
  const base = { spins_done: spinsDone, net, paused_round_id: null };
  if (row.stop_on_jackpot && s.jackpot) return { ...base, ...ended("jackpot") };
  if (!s.over && s.awaiting?.feature) {
    if (s.awaiting.autoplay === "pause") return { ...base, status: "paused", stop_reason: null, paused_round_id: s.roundId };
    return { ...base, ...ended("feature") };
  }
  const reason = limitReached(row, net, s.totalWin, s.jackpot, spinsDone);
  return reason === null ? { ...base, status: "running", stop_reason: null } : { ...base, ...ended(reason) };
}

/**
 * A round of this autoplay settled after its first step (a feature the player played):
 * its win joins the result; a paused (or running) autoplay resumes or stops on its limits.
 */
export function afterSettle(row: AutoplayRow, roundWin: number, jackpot: boolean): AutoplayChange {
  const net = row.net + roundWin;
  const base = { spins_done: row.spins_done, net };
  if (row.status !== "running" && row.status !== "paused") {
    return { ...base, status: row.status, stop_reason: row.stop_reason, paused_round_id: row.paused_round_id };
  }
  const reason = limitReached(row, net, roundWin, jackpot, row.spins_done);
  return reason === null
    ? { ...base, status: "running", stop_reason: null, paused_round_id: null }
    : { ...base, ...ended(reason), paused_round_id: null };
}

/** The player stops it (a no-op once it has ended). */
export function stopByPlayer(row: AutoplayRow): AutoplayChange {
  if (row.status === "stopped" || row.status === "finished") return row;
  return { ...row, status: "stopped", stop_reason: "player", paused_round_id: null };
}

/** The operator cancelled the round a paused autoplay waits for: it stops. */
export function afterRoundCancelled(row: AutoplayRow, roundId: string): AutoplayChange {
  if (row.status !== "paused" || row.paused_round_id !== roundId) return row;
  return { ...row, status: "stopped", stop_reason: "roundCancelled", paused_round_id: null };
}
