/**
 * What the client's autoplay loop does with the server's autoplay state, pure (no DOM, no
 * network), so it is tested without a game that pauses autoplay (none ships yet). The server
 * counts and stops autoplay; the client only spins while the server says `running`.
 */
import type { AutoplayState } from "@reelhouse/protocol";

/**
 * After a round: `spin` the next one (running, and the player did not ask to stop); `wait`
 * while paused (a round that pauses autoplay, such as a jackpot round, waits for the
 * player; the server resumes it when that round ends, and its last answer says `running`);
 * `end` when there is none, it stopped or finished, or the player asked to stop.
 */
export function autoplayNext(state: AutoplayState | null, stopRequested: boolean): "spin" | "wait" | "end" {
  if (!state || stopRequested) return "end";
  if (state.status === "running") return "spin";
  if (state.status === "paused") return "wait";
  return "end";
}

/** The notice the game screen keeps on view for this state, or null for none. */
export function autoplayNotice(state: AutoplayState | null): string | null {
  return state?.status === "paused" ? "Autoplay paused — resumes after this round" : null;
}
