/**
 * Test-only crash points for the crash matrix: when the server runs in dev/test mode with
 * REELHOUSE_CRASH_AT=<point>, reaching that point kills the process with SIGKILL (as
 * `kill -9` would): no cleanup, no answer, only what was already committed survives.
 * Points: `before-debit`, `after-debit`, `before-step`, `mid-free-spins`, `mid-pick`.
 */
export type CrashPoint = "before-debit" | "after-debit" | "before-step" | "mid-free-spins" | "mid-pick";

export function crashPoint(configured: string | null, point: CrashPoint): void {
  if (configured !== null && configured === point) {
    process.stderr.write(`reelhouse: crash point '${point}' reached, killing the process\n`);
    process.kill(process.pid, "SIGKILL");
  }
}
