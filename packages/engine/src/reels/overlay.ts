/**
 * Window overlays: locked reels and sticky cells laid over a freshly drawn window (Mona
 * Lisa Jewels' Jewel respins: reel 1 locked, jewels and wilds held; every other reel spins
 * to a fresh stop and the held cells lie over it). A hold is plain JSON, kept in the round
 * state between spins.
 */
import type { WindowShape } from "../lines/cells.js";
import type { Rng } from "../rng/rng.js";
import type { ReelSet } from "./strips.js";

/** A free cell: the fresh window shows through. */
export const FREE_CELL = -1;

/** What is held over the next windows. */
export interface WindowHold {
  /** `locked[reel]`: the reel does not spin (no draw); every cell of it is held. */
  readonly locked: readonly boolean[];
  /** `cells[reel * rows + row]`: the held symbol, or {@link FREE_CELL}. */
  readonly cells: readonly number[];
}

/** Nothing held: every reel spins, every cell shows the fresh window. */
export function emptyHold(shape: WindowShape): WindowHold {
  return {
    locked: new Array<boolean>(shape.reels).fill(false),
    cells: new Array<number>(shape.reels * shape.rows).fill(FREE_CELL),
  };
}

/**
 * Locks `reels` as `window` shows them: they draw nothing on later spins and show the
 * same symbols. Returns a new hold (the old one is unchanged).
 */
export function lockReels(hold: WindowHold, window: Uint8Array, shape: WindowShape, reels: readonly number[]): WindowHold {
  const locked = [...hold.locked];
  const cells = [...hold.cells];
  for (const reel of reels) {
    if (!Number.isInteger(reel) || reel < 0 || reel >= shape.reels) throw new RangeError(`reel ${reel} is outside the window`);
    locked[reel] = true;
    for (let row = 0; row < shape.rows; row++) cells[reel * shape.rows + row] = window[reel * shape.rows + row] as number;
  }
  return { locked, cells };
}

/**
 * Makes every cell of `window` that shows a sticky symbol stick, on the given reels (all
 * by default); cells already held keep their symbol. Call it after each spin so that
 * sticky symbols landing in a respin stick too. Returns a new hold.
 */
export function holdSymbols(
  hold: WindowHold,
  window: Uint8Array,
  shape: WindowShape,
  isSticky: (symbol: number) => boolean,
  reels: readonly number[] = Array.from({ length: shape.reels }, (_, r) => r),
): WindowHold {
  const cells = [...hold.cells];
  for (const reel of reels) {
    for (let row = 0; row < shape.rows; row++) {
      const i = reel * shape.rows + row;
      const symbol = window[i] as number;
      if (cells[i] === FREE_CELL && isSticky(symbol)) cells[i] = symbol;
    }
  }
  return { locked: hold.locked, cells };
}

/** Writes the held cells over `window`, in place, and returns it. */
export function overlayHold(window: Uint8Array, hold: WindowHold): Uint8Array {
  const cells = hold.cells;
  for (let i = 0; i < cells.length; i++) {
    const held = cells[i] as number;
    if (held !== FREE_CELL) window[i] = held;
  }
  return window;
}

/** Number of held cells (locked reels included). */
export function heldCells(hold: WindowHold): number {
  let n = 0;
  for (const c of hold.cells) if (c !== FREE_CELL) n++;
  return n;
}

/**
 * One spin under a hold: every reel that is not locked draws a fresh stop (one
 * `rng.int(length)`, in reel order, exactly as `drawStops` draws it), its column is filled
 * from the strip, then the held cells are laid over the window. A locked reel keeps its
 * entry in `stops` and shows its held cells. Writes `stops` and `window` and returns them.
 */
export function spinHeld(
  reels: ReelSet,
  hold: WindowHold,
  rows: number,
  rng: Rng,
  stops: number[],
  window: Uint8Array,
): { stops: number[]; window: Uint8Array } {
  const strips = reels.strips;
  if (hold.locked.length !== strips.length || hold.cells.length !== strips.length * rows) {
    throw new RangeError(`hold is for another window than ${strips.length}x${rows}`);
  }
  for (let r = 0; r < strips.length; r++) {
    if (hold.locked[r]) {
      // A locked reel must be wholly held: nothing may show through where nothing spun.
      for (let row = 0; row < rows; row++) {
        if (hold.cells[r * rows + row] === FREE_CELL)
          throw new RangeError(`reel ${r + 1} is locked but its row ${row + 1} is not held`);
      }
      continue;
    }
    const strip = strips[r] as Uint8Array;
    const stop = rng.int(strip.length);
    stops[r] = stop;
    for (let row = 0; row < rows; row++) {
      let p = stop + row;
      if (p >= strip.length) p -= strip.length;
      window[r * rows + row] = strip[p] as number;
    }
  }
  overlayHold(window, hold);
  return { stops, window };
}
