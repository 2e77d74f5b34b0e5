/**
 * Window overlays (Mona Lisa's Jewel respins): a locked reel draws nothing and shows what it
 * showed, sticky cells stay, every other reel spins to a fresh stop under the held cells.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordingRng } from "../rng/recording.js";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { emptyHold, FREE_CELL, heldCells, holdSymbols, lockReels, overlayHold, spinHeld, type WindowHold } from "./overlay.js";
import { drawStops, fillWindow, reelSetFromIds } from "./strips.js";

const IDS = ["W", "J", "A", "B", "C", "S"];
const [W, J, A, B] = [0, 1, 2, 3] as const;
const SHAPE = { reels: 5, rows: 3 };
const STRIPS = [
  ["J", "A", "B", "C", "J", "S"],
  ["A", "B", "W", "C", "A", "B", "C"],
  ["C", "J", "A", "B", "S"],
  ["B", "C", "A", "W", "J", "A", "B", "C"],
  ["A", "A", "B", "C", "S", "J"],
];
const REELS = reelSetFromIds(STRIPS, IDS);
const sticky = (s: number) => s === W || s === J;

describe("lockReels and holdSymbols", () => {
  it("lock a column as shown and make sticky symbols stick where they landed, leaving the old hold unchanged", () => {
    const window = fillWindow(REELS, [0, 1, 0, 2, 4], 3, new Uint8Array(15));
    const empty = emptyHold(SHAPE);
    const locked = lockReels(empty, window, SHAPE, [0]);
    expect(locked.locked).toEqual([true, false, false, false, false]);
    expect(locked.cells.slice(0, 3)).toEqual([J, A, B]);
    expect(heldCells(locked)).toBe(3);
    expect(heldCells(empty)).toBe(0);
    const held = holdSymbols(locked, window, SHAPE, sticky, [1, 2, 3, 4]);
    // Reel 2 shows B W C (W sticks), reel 3 C J A (J sticks), reel 4 A W J (both stick), reel 5 S J A (J sticks).
    expect(held.cells).toEqual([
      J,
      A,
      B,
      FREE_CELL,
      W,
      FREE_CELL,
      FREE_CELL,
      J,
      FREE_CELL,
      FREE_CELL,
      W,
      J,
      FREE_CELL,
      J,
      FREE_CELL,
    ]);
    expect(() => lockReels(empty, window, SHAPE, [5])).toThrow(/outside/);
  });
});

describe("spinHeld", () => {
  it("draws one stop per unlocked reel, in reel order, and lays the held cells over the fresh window", () => {
    const first = fillWindow(REELS, [0, 1, 0, 2, 4], 3, new Uint8Array(15));
    const hold = holdSymbols(lockReels(emptyHold(SHAPE), first, SHAPE, [0]), first, SHAPE, sticky, [1, 2, 3, 4]);
    const rng = new RecordingRng(new Xoshiro128(5));
    const stops = [0, 1, 0, 2, 4];
    const window = new Uint8Array(15);
    spinHeld(REELS, hold, 3, rng, stops, window);
    // Reel 1 is locked: no draw, stop kept; reels 2..5 draw over their strip lengths.
    expect(rng.draws.map((d) => d[0])).toEqual([7, 5, 8, 6]);
    expect(stops[0]).toBe(0);
    expect(stops.slice(1)).toEqual(rng.draws.map((d) => d[1]));
    const fresh = fillWindow(REELS, stops, 3, new Uint8Array(15));
    for (let i = 0; i < 15; i++) expect(window[i]).toBe(hold.cells[i] === FREE_CELL ? fresh[i] : hold.cells[i]);
  });

  it("refuses a hold of another window and a locked reel that is not wholly held", () => {
    const rng = new Xoshiro128(1);
    expect(() => spinHeld(REELS, emptyHold({ reels: 5, rows: 4 }), 3, rng, [], new Uint8Array(15))).toThrow(/another window/);
    const bad: WindowHold = { locked: [true, false, false, false, false], cells: new Array<number>(15).fill(FREE_CELL) };
    expect(() => spinHeld(REELS, bad, 3, rng, [0, 0, 0, 0, 0], new Uint8Array(15))).toThrow(/reel 1 is locked/);
  });

  it("with nothing held it draws and shows exactly what drawStops + fillWindow do", () => {
    const a = new Xoshiro128(77);
    const b = new Xoshiro128(77);
    for (let i = 0; i < 50; i++) {
      const out = spinHeld(REELS, emptyHold(SHAPE), 3, a, [], new Uint8Array(15));
      const stops = drawStops(REELS, b);
      expect(out.stops).toEqual(stops);
      expect(out.window).toEqual(fillWindow(REELS, stops, 3, new Uint8Array(15)));
    }
  });

  it("property: held cells always show their symbol, free cells the strip at the fresh stop; the hold only grows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: FREE_CELL, max: IDS.length - 1 }), { minLength: 15, maxLength: 15 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (lock, rawCells, seed) => {
          // Locked reels are wholly held (as lockReels makes them).
          const cells = rawCells.map((c, i) => (lock[Math.floor(i / 3)] && c === FREE_CELL ? A : c));
          const hold: WindowHold = { locked: lock, cells };
          const rng = new RecordingRng(new Xoshiro128(seed));
          const stops = [0, 0, 0, 0, 0];
          const { window } = spinHeld(REELS, hold, 3, rng, stops, new Uint8Array(15));
          expect(rng.draws).toHaveLength(lock.filter((l) => !l).length);
          const fresh = fillWindow(REELS, stops, 3, new Uint8Array(15));
          for (let i = 0; i < 15; i++) expect(window[i]).toBe(cells[i] === FREE_CELL ? fresh[i] : cells[i]);
          const next = holdSymbols(hold, window, SHAPE, sticky);
          for (let i = 0; i < 15; i++) {
            if (cells[i] !== FREE_CELL) expect(next.cells[i]).toBe(cells[i]);
            else expect(next.cells[i]).toBe(sticky(window[i] as number) ? window[i] : FREE_CELL);
          }
          expect(overlayHold(Uint8Array.from(window), next)).toEqual(window);
        },
      ),
      { numRuns: 300 },
    );
  });
});
