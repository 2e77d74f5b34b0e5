/**
 * Joint laws across the triggering spin and its Jewel spins. Reels are independent, so a
 * reel's "trajectory" — the columns it shows in the triggering spin and in each Jewel spin —
 * has its own law: reel 1 shows the same (triggering) column throughout; reels 2–5 start
 * from the triggering column and show, in each Jewel spin, a fresh stop under the cells
 * held so far. Trajectories give what the per-spin marginals (jewel-chain.ts) cannot: the
 * law of the SCATTER counts of all three spins together (awards), and the correlations the
 * variance and the hit frequency need. The marginals of the trajectories equal the Markov
 * chain's laws (a test checks it).
 */
import { type ReelLaw, windowCountLaw } from "@reelhouse/engine";
import { columnsOf, holdAfter, isTriggerColumn, overlay } from "./jewel-chain.js";
import { JEWEL_SPINS, REELS, ROWS } from "./model.js";
import { N_SYMBOLS, SCATTER_INDEX } from "./tables.js";

/** One reel's trajectory: `columns[0]` in the triggering spin, `columns[k]` in Jewel spin k. */
export interface Trajectory {
  columns: number[][];
  p: number;
}

/** Spins in a trajectory: the triggering spin and every Jewel spin. */
export const TRAJECTORY_SPINS = 1 + JEWEL_SPINS.award;

/**
 * Reel 1's trajectories: the column is locked, so it repeats. With `triggers` only the
 * triggering columns are kept (a sub-probability: their sum is P(trigger)).
 */
export function reelOneTrajectories(reel1: ReelLaw, triggers: boolean): Trajectory[] {
  const merged = new Map<string, Trajectory>();
  for (const { cells, p } of columnsOf(reel1)) {
    if (triggers && !isTriggerColumn(cells)) continue;
    const key = cells.join(",");
    const t = merged.get(key);
    if (t) t.p += p;
    else merged.set(key, { columns: Array.from({ length: TRAJECTORY_SPINS }, () => [...cells]), p });
  }
  return [...merged.values()];
}

/**
 * A reel of reels 2–5: every (triggering column, fresh stop of each Jewel spin), merged by
 * the columns shown. `start` is the triggering spin's reel law, `jewel` the reel's Jewel strip law.
 */
export function reelTrajectories(start: ReelLaw, jewel: ReelLaw): Trajectory[] {
  const fresh = columnsOf(jewel);
  const code = (column: readonly number[]): number => column.reduce((k, s) => k * N_SYMBOLS + s, 0);
  const span = N_SYMBOLS ** ROWS;
  let paths: { columns: number[][]; hold: number[]; key: number; p: number }[] = columnsOf(start).map(({ cells, p }) => ({
    columns: [cells],
    hold: holdAfter(new Array<number>(ROWS).fill(-1), cells),
    key: code(cells),
    p,
  }));
  for (let k = 1; k < TRAJECTORY_SPINS; k++) {
    // Keyed by the columns shown so far, packed in an integer (< 2197^3 for three spins).
    const next = new Map<number, { columns: number[][]; hold: number[]; key: number; p: number }>();
    for (const path of paths) {
      for (const { cells, p } of fresh) {
        const shown = overlay(path.hold, cells);
        const key = path.key * span + code(shown);
        const t = next.get(key);
        if (t) t.p += path.p * p;
        else next.set(key, { columns: [...path.columns, shown], hold: holdAfter(path.hold, shown), key, p: path.p * p });
      }
    }
    paths = [...next.values()];
  }
  return paths.map(({ columns, p }) => ({ columns, p }));
}

/** Every reel's trajectories for spins of kind `reels` with the Jewel strips `jewelReels` (reels 2–5). */
export function windowTrajectories(reels: readonly ReelLaw[], jewelReels: readonly ReelLaw[], triggers: boolean): Trajectory[][] {
  return [
    reelOneTrajectories(reels[0] as ReelLaw, triggers),
    ...reels.slice(1).map((r, i) => reelTrajectories(r, jewelReels[i] as ReelLaw)),
  ];
}

/** SCATTER cells of a column. */
const scattersIn = (column: readonly number[]): number => column.reduce((n, s) => n + (s === SCATTER_INDEX ? 1 : 0), 0);

/**
 * The joint law of the SCATTER counts of the triggering spin and of each Jewel spin,
 * restricted to the trigger: `law[(s0 * 16 + s1) * 16 + s2]` = P(trigger, counts s0, s1, s2).
 * The product over reels of each reel's joint count law (independent reels).
 */
export function scatterCountLaw(trajectories: readonly Trajectory[][]): Float64Array {
  const side = REELS * ROWS + 1;
  let law = new Float64Array(side ** TRAJECTORY_SPINS);
  law[0] = 1;
  for (const reel of trajectories) {
    // The reel's own joint count law first (at most 4^3 entries), then one convolution.
    const own = new Map<number, number>();
    for (const t of reel) {
      const [a, b, c] = t.columns.map(scattersIn) as [number, number, number];
      const shift = (a * side + b) * side + c;
      own.set(shift, (own.get(shift) ?? 0) + t.p);
    }
    const next = new Float64Array(law.length);
    for (let i = 0; i < law.length; i++) {
      const p = law[i] as number;
      if (p === 0) continue;
      // Counts add per spin and never pass 15, so adding the packed shift never carries.
      for (const [shift, q] of own) next[i + shift] = (next[i + shift] as number) + p * q;
    }
    law = next;
  }
  return law;
}

/** The award law of one spin of a kind: P(A = scatter trigger, J = Jewel trigger, N = Jewel spins with 3+ SCATTER). */
export interface AwardLaw {
  /** `p[a][n]` for a Jewel trigger (J = 1): a ∈ {0,1}, n ∈ {0..award}. */
  jewel: number[][];
  /** `p[a]` without a Jewel trigger. */
  plain: number[];
}

/**
 * The award law of a spin kind from its scatter count laws: with a Jewel trigger, the
 * trajectories' joint law; without, the window count law minus the trigger's part.
 */
export function awardLaw(reels: readonly ReelLaw[], jewelReels: readonly ReelLaw[], minScatters: number): AwardLaw {
  const side = REELS * ROWS + 1;
  const joint = scatterCountLaw(windowTrajectories(reels, jewelReels, true));
  const jewel = [0, 1].map(() => new Array<number>(JEWEL_SPINS.award + 1).fill(0));
  const triggerByCount = new Float64Array(side);
  joint.forEach((p, i) => {
    if (p === 0) return;
    const s2 = i % side;
    const s1 = Math.floor(i / side) % side;
    const s0 = Math.floor(i / (side * side));
    const a = s0 >= minScatters ? 1 : 0;
    const n = (s1 >= minScatters ? 1 : 0) + (s2 >= minScatters ? 1 : 0);
    (jewel[a] as number[])[n] = ((jewel[a] as number[])[n] as number) + p;
    triggerByCount[s0] = (triggerByCount[s0] as number) + p;
  });
  const all = windowCountLaw(reels, SCATTER_INDEX);
  const plain = [0, 0];
  all.forEach((p, s0) => {
    const q = p - (triggerByCount[s0] as number);
    plain[s0 >= minScatters ? 1 : 0] = (plain[s0 >= minScatters ? 1 : 0] as number) + q;
  });
  return { jewel, plain };
}

/** Spins awarded by one spin of a kind (itself and its Jewel series), as classes: award 0, 10, 20, 30. */
export function awardClasses(law: AwardLaw): number[] {
  const byAwards = new Array<number>(JEWEL_SPINS.award + 2).fill(0);
  law.plain.forEach((p, a) => {
    byAwards[a] = (byAwards[a] as number) + p;
  });
  law.jewel.forEach((row, a) => {
    row.forEach((p, n) => {
      byAwards[a + n] = (byAwards[a + n] as number) + p;
    });
  });
  return byAwards;
}
