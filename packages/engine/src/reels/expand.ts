/**
 * Reels expanded to wild (40 Mystic Gem: a WILD landing on reel 2, 3 or 4 covers its whole
 * reel before wins are paid, except the symbols the sheet keeps visible, there the scatters).
 * Expansion happens on the window before any evaluation, so lines and scatters read the result.
 */

/** Which wild expands, where, and what it leaves showing. */
export interface ExpandingWild {
  /** The wild symbol's index. */
  readonly wild: number;
  /** Reels (0-based) on which a wild expands: `[1, 2, 3]` for reels 2–4. */
  readonly reels: readonly number[];
  /** Symbols an expanded wild leaves where they are (e.g. the scatters); `[]` covers everything. */
  readonly keep: readonly number[];
}

/**
 * Covers reel `reel` of a column-major window with `wild`, leaving `keep` symbols where they
 * are (a bought or landed expanding wild). In place.
 */
export function expandReel(window: Uint8Array, rows: number, reel: number, wild: number, keep: readonly number[]): void {
  const from = reel * rows;
  for (let i = from; i < from + rows; i++) {
    if (!keep.includes(window[i] as number)) window[i] = wild;
  }
}

/**
 * Expands every eligible reel that shows the wild, in place. Returns the expanded reels as a
 * bit mask (bit r set = reel r expanded), so the hot path allocates nothing.
 */
export function expandWilds(window: Uint8Array, rows: number, spec: ExpandingWild): number {
  let mask = 0;
  for (const reel of spec.reels) {
    const from = reel * rows;
    let shows = false;
    for (let i = from; i < from + rows; i++) {
      if (window[i] === spec.wild) {
        shows = true;
        break;
      }
    }
    if (shows) {
      expandReel(window, rows, reel, spec.wild, spec.keep);
      mask |= 1 << reel;
    }
  }
  return mask;
}

/** The reels of a mask from {@link expandWilds}, in order (what an event lists). */
export function reelsOfMask(mask: number): number[] {
  const reels: number[] = [];
  for (let r = 0; mask >>> r !== 0; r++) if ((mask >>> r) & 1) reels.push(r);
  return reels;
}

/** Pure form of {@link expandWilds}: a new window and the reels that expanded; `window` is untouched. */
export function expandedWindow(window: Uint8Array, rows: number, spec: ExpandingWild): { window: Uint8Array; reels: number[] } {
  const copy = Uint8Array.from(window);
  return { window: copy, reels: reelsOfMask(expandWilds(copy, rows, spec)) };
}
