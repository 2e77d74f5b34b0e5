/**
 * The Jewel free spins as exact laws. Reel 1 is locked on the triggering column (2 or 3
 * JEWEL); on reels 2–5 every JEWEL and WILD sticks and every other cell shows a fresh stop
 * of the Jewel strip of that reel. Reels are independent, so each reel of reels 2–5 is its own
 * absorbing Markov chain over sticky masks: state (spin k, hold before spin k), where a hold
 * says for each row whether a JEWEL, a WILD or nothing is held. The chain's occupancy (the
 * fundamental matrix applied to the start law, `markov.ts`) gives the law of the column each
 * Jewel spin shows, and the window of Jewel spin k is the product of those laws with the
 * locked reel 1: lines and scatters of each Jewel spin follow from the exact kit as for any spin.
 */
import { mergeColumns, type ReelLaw, reelLaw, solveLinear } from "@reelhouse/engine";
import { JEWEL_SPINS, ROWS } from "./model.js";
import { JEWEL_INDEX, STICKY } from "./tables.js";

/** A held row: the symbol held there, or -1 where the fresh stop shows. */
export type Hold = readonly number[];
const FREE = -1;

/** Columns of `law` as arrays, with their probabilities (weights / total), zero weights skipped. */
export function columnsOf(law: ReelLaw): { cells: number[]; p: number }[] {
  const out: { cells: number[]; p: number }[] = [];
  for (let c = 0; c < law.weights.length; c++) {
    const w = law.weights[c] as number;
    if (w === 0) continue;
    out.push({ cells: Array.from(law.cells.subarray(c * law.rows, (c + 1) * law.rows)), p: w / law.total });
  }
  return out;
}

/** JEWEL symbols in a column: 2 or more trigger Jewel spins (a WILD is not a JEWEL). */
export const jewelsIn = (column: ArrayLike<number>): number => {
  let n = 0;
  for (let i = 0; i < column.length; i++) if (column[i] === JEWEL_INDEX) n++;
  return n;
};
export const isTriggerColumn = (column: ArrayLike<number>): boolean => jewelsIn(column) >= JEWEL_SPINS.minJewels;

/** The locked reel 1 of Jewel spins: reel 1's trigger columns, weights renormalised; and P(trigger). */
export function lockedReel(reel1: ReelLaw): { law: ReelLaw; trigger: number } {
  const weights = new Float64Array(reel1.weights.length);
  let total = 0;
  for (let c = 0; c < weights.length; c++) {
    if (isTriggerColumn(reel1.cells.subarray(c * reel1.rows, (c + 1) * reel1.rows))) {
      weights[c] = reel1.weights[c] as number;
      total += weights[c] as number;
    }
  }
  if (total === 0) throw new Error("reel 1 never shows a Jewel trigger");
  return { law: mergeColumns({ rows: reel1.rows, cells: reel1.cells, weights, total }), trigger: total / reel1.total };
}

/** The hold a column leaves: its JEWEL and WILD cells, added to `hold` (held cells keep their symbol). */
export function holdAfter(hold: Hold, column: ArrayLike<number>): number[] {
  return hold.map((h, row) => (h !== FREE ? h : STICKY[column[row] as number] === 1 ? (column[row] as number) : FREE));
}

/** What a held reel shows: the held cells over the fresh column. */
export function overlay(hold: Hold, column: ArrayLike<number>): number[] {
  return hold.map((h, row) => (h !== FREE ? h : (column[row] as number)));
}

/** One reel of reels 2–5 through the Jewel spins. */
export interface JewelReel {
  /** `shown[k]`: the law of the column Jewel spin k+1 shows. */
  shown: ReelLaw[];
  /** The chain's states (spin index, hold) and their occupancy (expected visits = probability here). */
  states: { spin: number; hold: Hold; occupancy: number }[];
}

/**
 * Solves one reel's chain. `start` is the law of the column the triggering spin showed on
 * this reel (its sticky cells are the first hold); `spin` the law of a fresh stop of the
 * reel's Jewel strip. Transient states are (k, hold) for k = 1..award; a state moves to
 * (k + 1, hold ∪ sticky cells of what spin k showed), the last spin absorbs. The occupancy
 * solves (I − Q)ᵀ y = π (π: the start law over (1, hold)).
 */
export function jewelReel(start: ReelLaw, spin: ReelLaw, award: number = JEWEL_SPINS.award): JewelReel {
  const key = (k: number, hold: Hold) => `${k}:${hold.join(",")}`;
  const index = new Map<string, number>();
  const states: { spin: number; hold: Hold }[] = [];
  const stateOf = (k: number, hold: Hold): number => {
    const id = key(k, hold);
    let i = index.get(id);
    if (i === undefined) {
      i = states.length;
      index.set(id, i);
      states.push({ spin: k, hold });
    }
    return i;
  };
  const startLaw = new Map<number, number>();
  const empty: Hold = new Array<number>(start.rows).fill(FREE);
  for (const { cells, p } of columnsOf(start)) {
    const s = stateOf(1, holdAfter(empty, cells));
    startLaw.set(s, (startLaw.get(s) ?? 0) + p);
  }
  const fresh = columnsOf(spin);
  const edges: [from: number, to: number, p: number][] = [];
  for (let i = 0; i < states.length; i++) {
    const { spin: k, hold } = states[i] as { spin: number; hold: Hold };
    if (k >= award) continue;
    for (const { cells, p } of fresh) edges.push([i, stateOf(k + 1, holdAfter(hold, overlay(hold, cells))), p]);
  }
  const n = states.length;
  // (I − Q)ᵀ y = π: column j of (I − Q) is row j of the transposed system.
  const a = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (const [from, to, p] of edges) (a[to] as number[])[from] = ((a[to] as number[])[from] as number) - p;
  const b = Array.from({ length: n }, (_, i) => [startLaw.get(i) ?? 0]);
  const occupancy = solveLinear(a, b).map((row) => row[0] as number);

  const shown: ReelLaw[] = [];
  for (let k = 1; k <= award; k++) {
    const cells: number[] = [];
    const weights: number[] = [];
    states.forEach((st, i) => {
      const y = occupancy[i] as number;
      if (st.spin !== k || y === 0) return;
      for (const { cells: c, p } of fresh) {
        cells.push(...overlay(st.hold, c));
        weights.push(y * p);
      }
    });
    const total = weights.reduce((x, y) => x + y, 0);
    shown.push(mergeColumns({ rows: start.rows, cells: Uint8Array.from(cells), weights: Float64Array.from(weights), total }));
  }
  return { shown, states: states.map((s, i) => ({ ...s, occupancy: occupancy[i] as number })) };
}

/** The reel laws of every Jewel spin: `[k][reel]`, reel 1 locked on the trigger law; `jewelReels` are reels 2–5. */
export function jewelSpinReels(
  triggerReels: readonly ReelLaw[],
  jewelReels: readonly ReelLaw[],
): {
  windows: ReelLaw[][];
  trigger: number;
  locked: ReelLaw;
  chains: JewelReel[];
} {
  const { law: locked, trigger } = lockedReel(triggerReels[0] as ReelLaw);
  const chains = triggerReels.slice(1).map((start, i) => jewelReel(start, jewelReels[i] as ReelLaw));
  const windows = Array.from({ length: JEWEL_SPINS.award }, (_, k) => [locked, ...chains.map((c) => c.shown[k] as ReelLaw)]);
  return { windows, trigger, locked, chains };
}

/** A reel law from a strip given as symbol indices (ROWS rows, uniform stops). */
export const stripLaw = (strip: ArrayLike<number>): ReelLaw => reelLaw(strip, ROWS);
