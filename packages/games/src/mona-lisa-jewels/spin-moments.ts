/**
 * Second moments of the spins of one "world" — a spin alone, or a spin with the Jewel spins
 * it triggers — from the reels' trajectories (trajectory.ts) and the pair walks (pair-dp.ts):
 * for every two spins a, b of the world, E[L_a L_b], E[L_a f(S_b)] and E[f(S_a) g(S_b)],
 * where L_k is spin k's summed line pays (coins per coin on a line) and S_k its SCATTER count.
 */
import type { LineRule } from "@reelhouse/engine";
import { PAYLINES, REELS, ROWS } from "./model.js";
import { type Automaton, CountAutomaton, type JointLaw, LineAutomaton, pairValues } from "./pair-dp.js";
import { N_SYMBOLS, SCATTER_INDEX } from "./tables.js";
import type { Trajectory } from "./trajectory.js";

const COUNTS = ROWS + 1;
const ONE_GROUP = [{ mask: 1, next: 1 }];

/** One reel's joint laws between every two cell positions (spin, row) and every spin's SCATTER count. */
interface ReelJoints {
  /** `cells[i][j]`, positions i = spin * ROWS + row. */
  cells: JointLaw[][];
  /** `cellCount[i][k]`: cell position i and spin k's count. */
  cellCount: JointLaw[][];
  /** `counts[a][b]`: the counts of spins a and b. */
  counts: JointLaw[][];
}

function reelJoints(trajectories: readonly Trajectory[], spins: number): ReelJoints {
  const S = N_SYMBOLS;
  const positions = spins * ROWS;
  const law = (na: number, nb: number): JointLaw => ({ na, nb, p: new Float64Array(na * nb) });
  const cells = Array.from({ length: positions }, () => Array.from({ length: positions }, () => law(S, S)));
  const cellCount = Array.from({ length: positions }, () => Array.from({ length: spins }, () => law(S, COUNTS)));
  const counts = Array.from({ length: spins }, () => Array.from({ length: spins }, () => law(COUNTS, COUNTS)));
  const x = new Int32Array(positions);
  const c = new Int32Array(spins);
  for (const t of trajectories) {
    for (let k = 0; k < spins; k++) {
      const col = t.columns[k] as number[];
      let n = 0;
      for (let row = 0; row < ROWS; row++) {
        x[k * ROWS + row] = col[row] as number;
        if (col[row] === SCATTER_INDEX) n++;
      }
      c[k] = n;
    }
    for (let i = 0; i < positions; i++) {
      const xi = x[i] as number;
      const row = cells[i] as JointLaw[];
      for (let j = 0; j < positions; j++) {
        const p = (row[j] as JointLaw).p;
        p[xi * S + (x[j] as number)] = (p[xi * S + (x[j] as number)] as number) + t.p;
      }
      const cc = cellCount[i] as JointLaw[];
      for (let k = 0; k < spins; k++) {
        const p = (cc[k] as JointLaw).p;
        p[xi * COUNTS + (c[k] as number)] = (p[xi * COUNTS + (c[k] as number)] as number) + t.p;
      }
    }
    for (let a = 0; a < spins; a++)
      for (let b = 0; b < spins; b++) {
        const p = ((counts[a] as JointLaw[])[b] as JointLaw).p;
        p[(c[a] as number) * COUNTS + (c[b] as number)] = (p[(c[a] as number) * COUNTS + (c[b] as number)] as number) + t.p;
      }
  }
  return { cells, cellCount, counts };
}

/** The world's moments. Laws over counts are arrays indexed by count (0..15); lines in coins per coin on a line. */
export interface WorldMoments {
  spins: number;
  /** `lineLine[a][b]` = E[L_a L_b]. */
  lineLine: number[][];
  /** `lineCount[a][b][c]` = E[L_a ; S_b = c]. */
  lineCount: number[][][];
  /** `countCount[a][b][c * 16 + d]` = P(S_a = c, S_b = d), c, d > 0. */
  countCount: Float64Array[][];
  /** E[L_a]. */
  line: number[];
}

/**
 * Every moment of a world: `trajectories[r]` are reel r's trajectories over `spins` spins,
 * `rules[k]` the line rule of spin k, `lines` the lines played.
 */
export function worldMoments(
  trajectories: readonly (readonly Trajectory[])[],
  spins: number,
  rules: readonly LineRule[],
  lines: number = PAYLINES.length,
): WorldMoments {
  const joints = trajectories.map((t) => reelJoints(t, spins));
  const automata = rules.map((rule) => new LineAutomaton(rule, N_SYMBOLS));
  const counter = new CountAutomaton(COUNTS);
  const pos = (k: number, l: number, r: number) => k * ROWS + ((PAYLINES[l] as readonly number[])[r] as number);
  const side = REELS * ROWS + 1;

  const lineLine = Array.from({ length: spins }, () => new Array<number>(spins).fill(0));
  const line = new Array<number>(spins).fill(0);
  for (let a = 0; a < spins; a++)
    for (let la = 0; la < lines; la++)
      for (let b = a; b < spins; b++)
        for (let lb = b === a ? la : 0; lb < lines; lb++) {
          const laws = joints.map((j, r) => (j.cells[pos(a, la, r)] as JointLaw[])[pos(b, lb, r)] as JointLaw);
          let m = 0;
          for (const v of pairValues(automata[a] as LineAutomaton, automata[b] as LineAutomaton, laws)) m += v.va * v.vb * v.p;
          // Off-diagonal pairs appear twice in (Σ L)(Σ L).
          const twice = b !== a || lb !== la ? 2 : 1;
          if (a === b) (lineLine[a] as number[])[a] = ((lineLine[a] as number[])[a] as number) + twice * m;
          else {
            (lineLine[a] as number[])[b] = ((lineLine[a] as number[])[b] as number) + m;
            (lineLine[b] as number[])[a] = ((lineLine[b] as number[])[a] as number) + m;
          }
        }
  const lineCount = Array.from({ length: spins }, () => Array.from({ length: spins }, () => new Array<number>(side).fill(0)));
  for (let a = 0; a < spins; a++)
    for (let la = 0; la < lines; la++)
      for (let b = 0; b < spins; b++) {
        const laws = joints.map((j, r) => (j.cellCount[pos(a, la, r)] as JointLaw[])[b] as JointLaw);
        const out = (lineCount[a] as number[][])[b] as number[];
        for (const v of pairValues(automata[a] as LineAutomaton, counter, laws)) out[v.vb] = (out[v.vb] as number) + v.va * v.p;
      }
  // E[L_a]: a line against a reader that always says 1, over the line's own cell laws.
  const one: Automaton = { initial: 1, alphabet: 1, groups: () => ONE_GROUP, value: () => 1, isZero: () => false };
  for (let a = 0; a < spins; a++)
    for (let la = 0; la < lines; la++) {
      const laws = joints.map((j, r): JointLaw => {
        const cc = (j.cellCount[pos(a, la, r)] as JointLaw[])[a] as JointLaw;
        const p = new Float64Array(N_SYMBOLS);
        for (let x = 0; x < N_SYMBOLS; x++)
          for (let c = 0; c < COUNTS; c++) p[x] = (p[x] as number) + (cc.p[x * COUNTS + c] as number);
        return { na: N_SYMBOLS, nb: 1, p };
      });
      for (const v of pairValues(automata[a] as LineAutomaton, one, laws)) line[a] = (line[a] as number) + v.va * v.p;
    }
  const countCount = Array.from({ length: spins }, (_, a) =>
    Array.from({ length: spins }, (_, b) => {
      const out = new Float64Array(side * side);
      for (const v of pairValues(
        counter,
        counter,
        joints.map((j) => (j.counts[a] as JointLaw[])[b] as JointLaw),
      ))
        out[v.va * side + v.vb] = (out[v.va * side + v.vb] as number) + v.p;
      return out;
    }),
  );
  return { spins, lineLine, lineCount, countCount, line };
}
