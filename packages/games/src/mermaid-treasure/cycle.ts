/**
 * The full cycle of Mermaid Treasure's reels at 15 lines: every stop combination (43,512,000
 * on the model's strips), each window evaluated as the round evaluates it. The result is the
 * exact joint law of what one spin decides, kept as histograms of the summed line pays
 * (coins per coin on a line) by class = (MERMAID count, Treasure picks): everything the round
 * law needs (base spin, free spin, trigger, bonus) follows from it without re-enumerating.
 */
import { enumerateCycle, OutcomeHistogram, type ReelLaw, tuplePayTable } from "@reelhouse/engine";
import { PAYLINES, REELS, ROWS, TREASURE_BONUS } from "./model.js";
import { BONUS_INDEX, LINE_RULE, MAX_LINES, N_SYMBOLS, SCATTER_INDEX } from "./rtp.js";

/** Picks by class index: no bonus, or a run of 3, 4 or 5. */
export const PICK_CLASSES: readonly number[] = [0, 3, 4, 5];

/** The class of a window: MERMAID count x 4 + index of its picks in {@link PICK_CLASSES}. */
export const classOf = (scatters: number, picks: number): number => scatters * PICK_CLASSES.length + PICK_CLASSES.indexOf(picks);

/** The joint law of one spin at 15 lines. */
export interface SpinCycle {
  /** Weights (stop-combination counts) of the summed line pays, by {@link classOf}. */
  histogram: OutcomeHistogram;
  combinations: number;
  totalWeight: number;
}

let tablePays: Int32Array | null = null;
/** Pay of every 5-symbol tuple on a line (13^5 entries), built once. */
function tuplePays(): Int32Array {
  tablePays ??= tuplePayTable(LINE_RULE, N_SYMBOLS);
  return tablePays;
}

/**
 * Enumerates the full cycle of `reels` (reel laws of the strips) at 15 lines. Line pays are
 * looked up in the tuple table by a per-line prefix built once per reel stop; the Treasure
 * run is read only where reels 1–3 show TREASURE on a line.
 */
export function spinCycle(reels: readonly ReelLaw[]): SpinCycle {
  if (reels.length !== REELS || reels.some((r) => r.rows !== ROWS)) throw new Error("spinCycle: a 5x3 reel set is expected");
  const pays = tuplePays();
  const L = MAX_LINES;
  const lineRows = PAYLINES.map((l) => Int8Array.from(l));
  const cells = reels.map((r) => r.cells);
  // prefix[r][l]: base-13 index of the symbols of line l on reels 0..r; runs[r][l]: TREASURE on all of reels 0..r.
  const prefix = Array.from({ length: REELS }, () => new Int32Array(L));
  const runs = Array.from({ length: REELS }, () => new Uint8Array(L));
  const scatters = new Int32Array(REELS);
  const stops = new Int32Array(REELS);
  const histogram = new OutcomeHistogram(classOf(REELS * ROWS, 5) + 1, 1 << 12);
  const c4 = cells[4] as Uint8Array;
  const p3 = prefix[3] as Int32Array;
  const row4 = Int8Array.from(lineRows, (l) => l[4] as number);
  let anyRun = false;

  const countAt = (reel: number, column: number): number => {
    const c = cells[reel] as Uint8Array;
    let n = 0;
    for (let row = 0; row < ROWS; row++) if (c[column * ROWS + row] === SCATTER_INDEX) n++;
    return n;
  };
  const cellOf = (reel: number, column: number, row: number): number =>
    (cells[reel] as Uint8Array)[column * ROWS + row] as number;

  /** Longest TREASURE run from reel 1 over the 15 lines (0 below the minimum). */
  const picksOf = (last: number): number => {
    let longest = 0;
    const r2 = runs[2] as Uint8Array;
    for (let l = 0; l < L; l++) {
      if (!r2[l]) continue;
      const rows = lineRows[l] as Int8Array;
      let run = 3;
      if (cellOf(3, stops[3] as number, rows[3] as number) === BONUS_INDEX) {
        run = 4;
        if (cellOf(4, last, rows[4] as number) === BONUS_INDEX) run = 5;
      }
      if (run > longest) longest = run;
    }
    return longest >= TREASURE_BONUS.minRun ? longest : 0;
  };

  const size = enumerateCycle(
    reels.map((r) => r.weights),
    {
      enter(reel, column) {
        stops[reel] = column;
        scatters[reel] = (reel > 0 ? (scatters[reel - 1] as number) : 0) + countAt(reel, column);
        const p = prefix[reel] as Int32Array;
        const run = runs[reel] as Uint8Array;
        const before = reel > 0 ? (prefix[reel - 1] as Int32Array) : null;
        const runBefore = reel > 0 ? (runs[reel - 1] as Uint8Array) : null;
        let any = 0;
        for (let l = 0; l < L; l++) {
          const s = cellOf(reel, column, (lineRows[l] as Int8Array)[reel] as number);
          p[l] = (before ? (before[l] as number) * N_SYMBOLS : 0) + s;
          run[l] = (runBefore ? (runBefore[l] as number) : 1) & (s === BONUS_INDEX ? 1 : 0);
          any |= run[l] as number;
        }
        if (reel === 2) anyRun = any === 1;
      },
      visit(column, weight) {
        const base = column * ROWS;
        let coins = 0;
        for (let l = 0; l < L; l++)
          coins += pays[(p3[l] as number) * N_SYMBOLS + (c4[base + (row4[l] as number)] as number)] as number;
        const sc =
          (scatters[3] as number) +
          (c4[base] === SCATTER_INDEX ? 1 : 0) +
          (c4[base + 1] === SCATTER_INDEX ? 1 : 0) +
          (c4[base + 2] === SCATTER_INDEX ? 1 : 0);
        histogram.add(classOf(sc, anyRun ? picksOf(column) : 0), coins, weight);
      },
    },
  );
  return { histogram, combinations: size.combinations, totalWeight: size.totalWeight };
}
