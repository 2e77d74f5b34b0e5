/**
 * How the game screen closes an autoplay, pure (no DOM, no network): the reason its summary
 * gives, and whether the server must be told to stop it (a spin failed while it still runs).
 */
import type { AutoplayState } from "@reelhouse/protocol";

export interface AutoplayEnd {
  /** The reason the closing summary says ("player", "spins", "funds", "error", or the server's own). */
  reason: string;
  /** Stop it on the server too, so it does not stay running with nobody spinning it. */
  stopOnServer: boolean;
}

/**
 * `final`: the autoplay's last state here; `stopRequested`: the player pressed STOP;
 * `failed`: a spin failed; `lastErrorCode`: the code of the last failure said to the player.
 */
export function autoplayEnd(
  final: AutoplayState,
  stopRequested: boolean,
  failed: boolean,
  lastErrorCode: string | null,
): AutoplayEnd {
  if (failed && (final.status === "running" || final.status === "paused"))
    return { reason: lastErrorCode === "INSUFFICIENT_FUNDS" ? "funds" : "error", stopOnServer: true };
  return { reason: final.stopReason ?? (stopRequested ? "player" : "spins"), stopOnServer: false };
}
