import type { Rng } from "../rng/rng.js";
import { drawWeightedIndex, type WeightedTable, weightedTable } from "../rng/weighted.js";

/**
 * A reel set: one circular strip of symbol indices per reel. A window of `rows` rows
 * shows, on reel `r`, the symbols at `stop, stop+1, …, stop+rows-1` (wrapping).
 */
export interface ReelSet {
  readonly strips: readonly Uint8Array[];
  /**
   * Stop weights per reel (absent, or null for a reel: every stop equally likely): stop `s`
   * of reel `r` is drawn with probability `weights[r][s] / total`, exactly as the exact
   * kit's `reelLaw(strip, rows, stopWeights)` counts it.
   */
  readonly weights?: readonly (WeightedTable<number> | null)[];
}

/**
 * Builds a reel set from symbol-id strips, mapping ids to indices in `symbolIds`, with
 * optional integer stop weights per reel (`stopWeights[r][s]`, one per stop; absent or
 * null: uniform).
 */
export function reelSetFromIds(
  strips: readonly (readonly string[])[],
  symbolIds: readonly string[],
  stopWeights?: readonly (readonly number[] | null | undefined)[],
): ReelSet {
  const indexed = strips.map((strip, reel) =>
    Uint8Array.from(strip, (id) => {
      const index = symbolIds.indexOf(id);
      if (index < 0) throw new Error(`reel ${reel + 1}: unknown symbol ${id}`);
      return index;
    }),
  );
  if (!stopWeights) return { strips: indexed };
  const weights = indexed.map((strip, reel) => {
    const w = stopWeights[reel];
    if (!w) return null;
    if (w.length !== strip.length) throw new Error(`reel ${reel + 1}: ${w.length} stop weights for ${strip.length} stops`);
    return weightedTable(w.map((weight, stop) => ({ value: stop, weight })));
  });
  return { strips: indexed, weights };
}

/**
 * Draws one stop per reel: uniformly over each strip (one `rng.int(len)` per reel), or by
 * the reel's stop weights where it has them (one `rng.int(total weight)`).
 */
export function drawStops(reels: ReelSet, rng: Rng, out: number[] = []): number[] {
  const strips = reels.strips;
  for (let r = 0; r < strips.length; r++) out[r] = drawStop(reels, r, rng);
  if (out.length !== strips.length) out.length = strips.length;
  return out;
}

/** Draws the stop of one reel of a reel set (weighted where the reel has stop weights). */
export function drawStop(reels: ReelSet, reel: number, rng: Rng): number {
  const table = reels.weights?.[reel];
  if (table) return drawWeightedIndex(table, rng);
  const strip = reels.strips[reel];
  if (!strip || strip.length === 0) throw new RangeError(`reel ${reel + 1} has no stops`);
  return rng.int(strip.length);
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
