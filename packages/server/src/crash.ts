/**
 * Test-only crash points for the crash matrix: when the server runs in dev/test mode with
 * REELHOUSE_CRASH_AT=<point>, reaching that point kills the process with SIGKILL (as
 * `kill -9` would): no cleanup, no answer, only what was already committed survives.
 *
 * - `before-debit`: a round's first step is played, nothing is written yet;
 * - `after-debit`: the first step (bet, round, step) is committed, not yet answered;
 * - `before-step`: an action's step is played, nothing is written yet;
 * - `after-step`: the action's step is committed, not yet answered (mid feature);
 * - `mid-round`: the platform answered a round's request, the answer's step is not played yet.
 */
export type CrashPoint = "before-debit" | "after-debit" | "before-step" | "after-step" | "mid-round";

export function crashPoint(configured: string | null, point: CrashPoint): void {
  if (configured !== null && configured === point) {
    process.stderr.write(`reelhouse: crash point '${point}' reached, killing the process\n`);
    process.kill(process.pid, "SIGKILL");
  }
}
