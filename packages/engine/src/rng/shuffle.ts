/**
 * Fair shuffles: Fisher–Yates with the engine's unbiased `rng.int`, so each of the n!
 * orders comes from exactly one sequence of draws `int(n), int(n-1), …, int(2)` and is
 * exactly equally likely (tested by enumerating every draw sequence).
 */
import type { Rng } from "./rng.js";

/** Shuffles `items` in place (n − 1 draws, ranges n down to 2) and returns it. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}

/** A shuffled copy of `items`; the input is untouched. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  return shuffleInPlace([...items], rng);
}
