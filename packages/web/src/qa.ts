/**
 * QA hook for dev/test servers: queue forced draws for the next requests
 * (`window.reelhouseQA.forceNext([stops...], [pick...])`). The client only forwards them
 * as `force: { draws }`; a production server refuses them, so the hook grants nothing.
 */
const queue: number[][] = [];

/** Takes the forced draws for the next request, if any were queued. */
export function takeForce(): { force: { draws: number[] } } | Record<string, never> {
  const draws = queue.shift();
  return draws ? { force: { draws } } : {};
}

/** Installs `window.reelhouseQA`. */
export function installQaHook(): void {
  (window as unknown as { reelhouseQA: unknown }).reelhouseQA = {
    forceNext(...draws: number[][]) {
      queue.push(...draws);
    },
    pending() {
      return queue.length;
    },
    clear() {
      queue.length = 0;
    },
  };
}
