/** The player's "reduce motion" preference, read at each use (it can change while the game runs). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
