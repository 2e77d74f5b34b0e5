import type { Rng } from "../rng/rng.js";

/**
 * A reel set: one circular strip of symbol indices per reel. A window of `rows` rows
 * shows, on reel `r`, the symbols at `stop, stop+1, …, stop+rows-1` (wrapping).
 */
export interface ReelSet {
  readonly strips: readonly Uint8Array[];
}

/** Builds a reel set from symbol-id strips, mapping ids to indices in `symbolIds`. */
export function reelSetFromIds(strips: readonly (readonly string[])[], symbolIds: readonly string[]): ReelSet {
  return {
    strips: strips.map((strip, reel) =>
      Uint8Array.from(strip, (id) => {
        const index = symbolIds.indexOf(id);
        if (index < 0) throw new Error(`reel ${reel + 1}: unknown symbol ${id}`);
        return index;
      }),
    ),
  };
}

/** Draws one stop per reel, uniformly over each strip (one `rng.int(len)` per reel). */
export function drawStops(reels: ReelSet, rng: Rng, out: number[] = []): number[] {
  const strips = reels.strips;
  for (let r = 0; r < strips.length; r++) out[r] = rng.int((strips[r] as Uint8Array).length);
  if (out.length !== strips.length) out.length = strips.length;
  return out;
}

/**
 * Fills a column-major window (`window[reel * rows + row]`) from the stops.
 * Reused buffers keep the hot path allocation-free.
 */
export function fillWindow(reels: ReelSet, stops: readonly number[], rows: number, window: Uint8Array): Uint8Array {
  const strips = reels.strips;
  for (let r = 0; r < strips.length; r++) {
    const strip = strips[r] as Uint8Array;
    const len = strip.length;
    const stop = stops[r] as number;
    for (let row = 0; row < rows; row++) {
      let p = stop + row;
      if (p >= len) p -= len;
      window[r * rows + row] = strip[p] as number;
    }
  }
  return window;
}

/** The window as symbol ids, one array of rows per reel — the shape clients and reports use. */
export function windowToIds(window: Uint8Array, reels: number, rows: number, symbolIds: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let r = 0; r < reels; r++) {
    const column: string[] = [];
    for (let row = 0; row < rows; row++) column.push(symbolIds[window[r * rows + row] as number] as string);
    out.push(column);
  }
  return out;
}

/** Counts the positions of `symbol` in the window; `positions` receives [reel,row] pairs when given. */
export function countSymbol(window: Uint8Array, symbol: number, rows: number, positions?: [number, number][]): number {
  let n = 0;
  for (let i = 0; i < window.length; i++) {
    if (window[i] === symbol) {
      n++;
      positions?.push([Math.floor(i / rows), i % rows]);
    }
  }
  return n;
}
