/**
 * Finite Markov decision processes with absorption (stochastic shortest path, maximising the
 * expected total reward until an end is reached): optimal play of holds, advances and
 * ladders, where choices form cycles (hold -> advance -> hold, a ladder up and down) and
 * plain backward induction does not apply.
 *
 * A state offers actions; an action pays an immediate reward and moves to next states or to
 * absorbing ends with given probabilities. The solver is Howard's policy iteration with
 * exact policy evaluation:
 *
 * - **Evaluation** solves `(I − P_π) v = r_π` by a sparse direct elimination: the policy's
 *   graph is cut into strongly connected components (Tarjan), solved sinks first, so an
 *   acyclic model costs one pass over its transitions and only the states of a cycle are
 *   eliminated together. Inside a component the elimination is Grassmann–Taksar–Heyman's:
 *   a pivot is `1 − P_kk` computed as the (non-negative) sum of the row's other entries and
 *   its exit mass, and every update adds non-negative terms, so nothing cancels and no
 *   pivoting is needed (`I − P_π` of a proper policy is a non-singular M-matrix). In doubles
 *   the result comes with its residual `‖(I − P)v − r‖∞` and the bound it proves on the
 *   error, `residual × max expected steps` (`(I − P)^{-1}` is non-negative with row sums the
 *   expected steps). In exact mode the same elimination runs on BigInt {@link Fraction}s.
 * - **Improvement** switches a state to the action of the largest value only when it is
 *   strictly better than the current one (by more than a tolerance in doubles, by any
 *   amount in rationals); among equal best actions the lowest index wins. A policy never
 *   changes on a tie, so the iteration terminates.
 * - **Proper policies.** Every policy the solver visits must reach an end with probability
 *   1. The start is action 0 everywhere, repaired where it never ends (states that cannot
 *   end take the lowest action with a positive step towards an end); from a proper policy,
 *   a strict improvement can only produce an improper one when a cycle pays a positive
 *   reward for ever (the value is unbounded). Both cases throw {@link ImproperPolicyError}.
 */
import { Fraction } from "./fraction.js";

/** A move of an action to a transient state `to` with probability `p`. */
export interface MdpTransition<T = number> {
  readonly to: number;
  readonly p: T;
}

/** A move of an action to absorbing end `end` with probability `p`. */
export interface MdpEndTransition<T = number> {
  readonly end: number;
  readonly p: T;
}

/**
 * One action of a state: its immediate reward, its moves to states (`next`) and to ends
 * (`ends`). Without `ends`, the mass `1 − Σ next.p` ends the game (in an unnamed end with
 * no reward); with `ends`, `Σ next.p + Σ ends.p` must be 1.
 */
export interface MdpAction<T = number> {
  readonly label?: string;
  readonly reward: T;
  readonly next: readonly MdpTransition<T>[];
  readonly ends?: readonly MdpEndTransition<T>[];
}

/** A finite MDP: `actions[s]` lists the actions of state `s` (at least one each). */
export interface Mdp<T = number> {
  readonly actions: readonly (readonly MdpAction<T>[])[];
  /** Reward collected on reaching end `e` (default none). Also fixes the number of ends. */
  readonly endRewards?: readonly T[];
}

/**
 * A policy: one action index per state (deterministic), or per state the probability of
 * each of its actions (randomised; each row sums to 1).
 */
export type MdpPolicy<T = number> = readonly number[] | readonly (readonly T[])[];

/** The value of a policy, from every state. */
export interface PolicyValue<T = number> {
  /** Expected total reward until an end, from each state. */
  readonly value: T[];
  /** Expected number of actions taken until an end, from each state. */
  readonly steps: T[];
  /** `absorption[s][e]`: probability of ending in end `e` from state `s` (named ends only). */
  readonly absorption: T[][];
  /** Doubles: `max_s |(I − P)v − r|` (0 in exact mode). */
  readonly residual: number;
  /** Doubles: a bound on `max_s |v − v_true|` proved by the residual (0 in exact mode). */
  readonly errorBound: number;
}

/** What {@link solveMdp} returns. */
export interface MdpSolution<T = number> {
  /** The optimal deterministic policy: an action index per state. */
  readonly policy: number[];
  /** The optimal value of every state. */
  readonly value: T[];
  /** Policy evaluations made (the last one confirms that nothing improves). */
  readonly iterations: number;
  /** States switched at each improvement step (the last entry is 0). */
  readonly switched: number[];
  /** The full evaluation of the optimal policy. */
  readonly evaluation: PolicyValue<T>;
}

/** Options of the solvers. */
export interface MdpOptions {
  /** Starting policy (must be proper); default action 0 everywhere, repaired where improper. */
  readonly initial?: readonly number[];
  /** Doubles: an action replaces the current one only when better by more than this (default 1e-10 × max(1, |value|)). */
  readonly tolerance?: number;
  /** Stop with an error after this many evaluations (default 10,000). */
  readonly maxIterations?: number;
}

/** A policy that does not end with probability 1 from `states` (a cycle with no exit). */
export class ImproperPolicyError extends Error {
  constructor(
    message: string,
    /** The states from which the policy never reaches an end. */
    readonly states: readonly number[],
    /** The offending policy (when deterministic). */
    readonly policy?: readonly number[],
  ) {
    super(message);
    this.name = "ImproperPolicyError";
  }
}

/** The arithmetic the kit runs on: doubles or exact rationals. */
interface Arith<T> {
  readonly zero: T;
  readonly one: T;
  readonly exact: boolean;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  isZero(a: T): boolean;
  /** Negative, zero or positive as a < b, a = b, a > b. */
  cmp(a: T, b: T): number;
  num(a: T): number;
}

const DOUBLES: Arith<number> = {
  zero: 0,
  one: 1,
  exact: false,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  isZero: (a) => a === 0,
  cmp: (a, b) => a - b,
  num: (a) => a,
};

const RATIONALS: Arith<Fraction> = {
  zero: Fraction.ZERO,
  one: Fraction.ONE,
  exact: true,
  add: (a, b) => a.add(b),
  sub: (a, b) => a.sub(b),
  mul: (a, b) => a.mul(b),
  div: (a, b) => a.div(b),
  isZero: (a) => a.isZero(),
  cmp: (a, b) => a.compare(b),
  num: (a) => a.toNumber(),
};

/** A state's row under a policy: moves to states, exit mass, right-hand side [reward, 1, end probabilities…]. */
interface Row<T> {
  readonly to: number[];
  readonly p: T[];
  readonly exit: T;
  readonly rhs: T[];
}

/** An action, checked and reduced: effective reward (end rewards included), exit mass, end probabilities. */
interface Prepared<T> {
  readonly to: number[];
  readonly p: T[];
  readonly exit: T;
  readonly reward: T;
  readonly ends: T[];
  /** The row this action gives a deterministic policy (shared, never modified). */
  readonly row: Row<T>;
}

function endCountOf<T>(mdp: Mdp<T>): number {
  let count = mdp.endRewards?.length ?? 0;
  for (const actions of mdp.actions) for (const a of actions) for (const e of a.ends ?? []) count = Math.max(count, e.end + 1);
  return count;
}

function prepare<T>(ar: Arith<T>, mdp: Mdp<T>): Prepared<T>[][] {
  const n = mdp.actions.length;
  const endCount = endCountOf(mdp);
  const tol = ar.exact ? 0 : 1e-9;
  return mdp.actions.map((actions, s) => {
    if (actions.length === 0) throw new Error(`mdp: state ${s} has no action`);
    return actions.map((a, k) => {
      const where = `mdp: state ${s} action ${k}${a.label ? ` (${a.label})` : ""}`;
      const merged = new Map<number, T>();
      let sum = ar.zero;
      for (const t of a.next) {
        if (!Number.isInteger(t.to) || t.to < 0 || t.to >= n) throw new Error(`${where}: no state ${t.to}`);
        if (ar.cmp(t.p, ar.zero) < 0) throw new Error(`${where}: negative probability`);
        merged.set(t.to, ar.add(merged.get(t.to) ?? ar.zero, t.p));
        sum = ar.add(sum, t.p);
      }
      const ends = new Array<T>(endCount).fill(ar.zero);
      let exit: T;
      let reward = a.reward;
      if (a.ends) {
        exit = ar.zero;
        for (const e of a.ends) {
          if (ar.cmp(e.p, ar.zero) < 0) throw new Error(`${where}: negative probability`);
          ends[e.end] = ar.add(ends[e.end] as T, e.p);
          exit = ar.add(exit, e.p);
          const bonus = mdp.endRewards?.[e.end];
          if (bonus !== undefined) reward = ar.add(reward, ar.mul(e.p, bonus));
        }
        if (Math.abs(ar.num(ar.add(sum, exit)) - 1) > tol || (ar.exact && ar.cmp(ar.add(sum, exit), ar.one) !== 0)) {
          throw new Error(`${where}: probabilities sum to ${ar.num(ar.add(sum, exit))}, not 1`);
        }
      } else {
        exit = ar.sub(ar.one, sum);
        if (ar.num(exit) < -tol || (ar.exact && ar.cmp(exit, ar.zero) < 0))
          throw new Error(`${where}: probabilities sum above 1`);
        if (ar.cmp(exit, ar.zero) < 0) exit = ar.zero;
      }
      const to: number[] = [];
      const p: T[] = [];
      for (const [j, q] of merged) {
        if (ar.isZero(q)) continue;
        to.push(j);
        p.push(q);
      }
      return { to, p, exit, reward, ends, row: { to, p, exit, rhs: [reward, ar.one, ...ends] } };
    });
  });
}

/** Rows of the chain a policy makes (a deterministic or randomised policy). */
function policyRows<T>(ar: Arith<T>, prepared: Prepared<T>[][], policy: MdpPolicy<T>): Row<T>[] {
  if (policy.length !== prepared.length) throw new Error(`policy: ${policy.length} entries for ${prepared.length} states`);
  return prepared.map((actions, s) => {
    const choice = policy[s];
    if (typeof choice === "number") {
      const a = actions[choice];
      if (!a) throw new Error(`policy: state ${s} has no action ${choice}`);
      return a.row;
    }
    const mix = choice as readonly T[];
    if (mix.length !== actions.length) throw new Error(`policy: state ${s} needs ${actions.length} action probabilities`);
    const merged = new Map<number, T>();
    let exit = ar.zero;
    let reward = ar.zero;
    let total = ar.zero;
    const ends = new Array<T>(actions[0]?.ends.length ?? 0).fill(ar.zero);
    actions.forEach((a, k) => {
      const w = mix[k] as T;
      if (ar.cmp(w, ar.zero) < 0) throw new Error(`policy: state ${s} has a negative probability`);
      total = ar.add(total, w);
      if (ar.isZero(w)) return;
      a.to.forEach((j, i) => {
        merged.set(j, ar.add(merged.get(j) ?? ar.zero, ar.mul(w, a.p[i] as T)));
      });
      exit = ar.add(exit, ar.mul(w, a.exit));
      reward = ar.add(reward, ar.mul(w, a.reward));
      a.ends.forEach((q, e) => {
        ends[e] = ar.add(ends[e] as T, ar.mul(w, q));
      });
    });
    if (Math.abs(ar.num(total) - 1) > 1e-9 || (ar.exact && ar.cmp(total, ar.one) !== 0)) {
      throw new Error(`policy: state ${s}'s action probabilities sum to ${ar.num(total)}`);
    }
    return { to: [...merged.keys()], p: [...merged.values()], exit, rhs: [reward, ar.one, ...ends] };
  });
}

/** States from which the chain never reaches an end (backward search from the states with exit mass). */
function neverEnding<T>(ar: Arith<T>, rows: readonly Row<T>[]): number[] {
  const n = rows.length;
  // Reverse edges in compressed rows: into[start[j] .. start[j+1]) are the states moving to j.
  const start = new Int32Array(n + 1);
  for (const row of rows) for (const j of row.to) start[j + 1] = (start[j + 1] as number) + 1;
  for (let j = 0; j < n; j++) start[j + 1] = (start[j + 1] as number) + (start[j] as number);
  const fill = start.slice(0, n);
  const into = new Int32Array(start[n] as number);
  rows.forEach((row, i) => {
    row.to.forEach((j, k) => {
      if (ar.isZero(row.p[k] as T)) return;
      into[fill[j] as number] = i;
      fill[j] = (fill[j] as number) + 1;
    });
  });
  const ends = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  rows.forEach((row, i) => {
    if (ar.cmp(row.exit, ar.zero) > 0) {
      ends[i] = 1;
      queue[tail++] = i;
    }
  });
  for (let q = 0; q < tail; q++) {
    const j = queue[q] as number;
    for (let e = start[j] as number; e < (fill[j] as number); e++) {
      const i = into[e] as number;
      if (!ends[i]) {
        ends[i] = 1;
        queue[tail++] = i;
      }
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (!ends[i]) out.push(i);
  return out;
}

/**
 * Strongly connected components (Tarjan, iterative), sinks first: component `c` is
 * `order[offsets[c] .. offsets[c+1])`, its states in increasing order.
 */
function components<T>(rows: readonly Row<T>[]): { order: Int32Array; offsets: number[] } {
  const n = rows.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  const workV = new Int32Array(n);
  const workK = new Int32Array(n);
  let depth = 0;
  const order = new Int32Array(n);
  let placed = 0;
  const offsets = [0];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    workV[0] = root;
    workK[0] = 0;
    depth = 1;
    while (depth > 0) {
      const f = depth - 1;
      const v = workV[f] as number;
      const k = workK[f] as number;
      if (k === 0) {
        index[v] = low[v] = counter++;
        stack[top++] = v;
        onStack[v] = 1;
      }
      const to = (rows[v] as Row<T>).to;
      if (k < to.length) {
        workK[f] = k + 1;
        const w = to[k] as number;
        if (index[w] === -1) {
          workV[depth] = w;
          workK[depth] = 0;
          depth++;
        } else if (onStack[w] && (index[w] as number) < (low[v] as number)) low[v] = index[w] as number;
        continue;
      }
      depth--;
      if (depth > 0) {
        const parent = workV[depth - 1] as number;
        if ((low[v] as number) < (low[parent] as number)) low[parent] = low[v] as number;
      }
      if (low[v] === index[v]) {
        const from = placed;
        let w: number;
        do {
          w = stack[--top] as number;
          onStack[w] = 0;
          order[placed++] = w;
        } while (w !== v);
        if (placed - from > 1) order.subarray(from, placed).sort();
        offsets.push(placed);
      }
    }
  }
  return { order, offsets };
}

/** A component that never ends (a zero pivot): the caller finds and reports the stuck states. */
class SingularChain extends Error {}

/**
 * Solves `(I − P) X = B` for the rows of a proper chain (B the rows' right-hand sides),
 * component by component, sinks first, by GTH elimination inside each component.
 */
function solveRows<T>(ar: Arith<T>, rows: readonly Row<T>[]): T[][] {
  const n = rows.length;
  const width = rows[0]?.rhs.length ?? 0;
  const x: (T[] | undefined)[] = new Array(n);
  const local = new Int32Array(n).fill(-1);
  const { order, offsets } = components(rows);
  for (let c = 0; c + 1 < offsets.length; c++) {
    const comp = order.subarray(offsets[c] as number, offsets[c + 1] as number);
    const m = comp.length;
    if (m === 1) {
      // A state on no cycle (the common case): x = (rhs + Σ p·x[next]) / (1 − p_self), with 1 − p_self summed, not subtracted.
      const s = comp[0] as number;
      const row = rows[s] as Row<T>;
      const acc = [...row.rhs];
      let d = row.exit;
      row.to.forEach((j, k) => {
        if (j === s) return;
        const q = row.p[k] as T;
        d = ar.add(d, q);
        const xj = x[j] as T[];
        for (let c = 0; c < width; c++) acc[c] = ar.add(acc[c] as T, ar.mul(q, xj[c] as T));
      });
      if (ar.isZero(d)) throw new SingularChain();
      for (let c = 0; c < width; c++) acc[c] = ar.div(acc[c] as T, d);
      x[s] = acc;
      continue;
    }
    comp.forEach((s, i) => {
      local[s] = i;
    });
    // Reduce each row to the component: moves out of it join the exit and the right-hand side.
    const inner: Map<number, T>[] = [];
    const exit: T[] = [];
    const b: T[][] = [];
    for (const s of comp) {
      const row = rows[s] as Row<T>;
      const map = new Map<number, T>();
      let e = row.exit;
      const rhs = [...row.rhs];
      row.to.forEach((j, k) => {
        const q = row.p[k] as T;
        const l = local[j] as number;
        if (l >= 0) {
          if (j !== s) map.set(l, ar.add(map.get(l) ?? ar.zero, q));
        } else {
          e = ar.add(e, q);
          const xj = x[j] as T[];
          for (let c = 0; c < width; c++) rhs[c] = ar.add(rhs[c] as T, ar.mul(q, xj[c] as T));
        }
      });
      inner.push(map);
      exit.push(e);
      b.push(rhs);
    }
    // Columns: which rows still hold an entry in each column.
    const cols: Set<number>[] = Array.from({ length: m }, () => new Set<number>());
    inner.forEach((map, i) => {
      for (const j of map.keys()) (cols[j] as Set<number>).add(i);
    });
    const pivots: T[] = new Array(m);
    for (let k = 0; k < m; k++) {
      const rowK = inner[k] as Map<number, T>;
      let d = exit[k] as T;
      for (const q of rowK.values()) d = ar.add(d, q);
      if (ar.isZero(d)) throw new SingularChain();
      pivots[k] = d;
      for (const i of cols[k] as Set<number>) {
        if (i <= k) continue;
        const rowI = inner[i] as Map<number, T>;
        const c = rowI.get(k) as T;
        rowI.delete(k);
        const f = ar.div(c, d);
        for (const [j, q] of rowK) {
          if (j === i) continue; // a self-loop of i: not needed, its pivot is the sum of the rest
          const had = rowI.get(j);
          rowI.set(j, had === undefined ? ar.mul(f, q) : ar.add(had, ar.mul(f, q)));
          if (had === undefined) (cols[j] as Set<number>).add(i);
        }
        exit[i] = ar.add(exit[i] as T, ar.mul(f, exit[k] as T));
        const bi = b[i] as T[];
        const bk = b[k] as T[];
        for (let c2 = 0; c2 < width; c2++) bi[c2] = ar.add(bi[c2] as T, ar.mul(f, bk[c2] as T));
      }
    }
    const sol: T[][] = new Array(m);
    for (let k = m - 1; k >= 0; k--) {
      const acc = [...(b[k] as T[])];
      for (const [j, q] of inner[k] as Map<number, T>) {
        const xj = sol[j] as T[];
        for (let c = 0; c < width; c++) acc[c] = ar.add(acc[c] as T, ar.mul(q, xj[c] as T));
      }
      const d = pivots[k] as T;
      sol[k] = acc.map((v) => ar.div(v, d));
    }
    comp.forEach((s, i) => {
      x[s] = sol[i];
      local[s] = -1;
    });
  }
  return x as T[][];
}

function evaluateRows<T>(ar: Arith<T>, rows: readonly Row<T>[], policy?: readonly number[]): PolicyValue<T> {
  let x: T[][];
  try {
    // A closed component that never ends meets a zero pivot (GTH pivots are sums of
    // non-negative terms, exactly 0 only when no mass leaves); only then are the stuck states searched.
    x = solveRows(ar, rows);
  } catch (error) {
    if (!(error instanceof SingularChain)) throw error;
    const never = neverEnding(ar, rows);
    throw new ImproperPolicyError(
      `mdp: the policy never ends from ${never.length} state(s) (${never.slice(0, 8).join(", ")}${never.length > 8 ? ", …" : ""})`,
      never,
      policy,
    );
  }
  const value = x.map((r) => r[0] as T);
  const steps = x.map((r) => r[1] as T);
  const absorption = x.map((r) => r.slice(2));
  if (ar.exact) return { value, steps, absorption, residual: 0, errorBound: 0 };
  // Residuals of the value and the steps columns, on the original rows.
  let resV = 0;
  let resS = 0;
  let maxSteps = 0;
  rows.forEach((row, i) => {
    let sv = ar.num(value[i] as T) - ar.num(row.rhs[0] as T);
    let ss = ar.num(steps[i] as T) - 1;
    row.to.forEach((j, k) => {
      const q = ar.num(row.p[k] as T);
      sv -= q * ar.num(value[j] as T);
      ss -= q * ar.num(steps[j] as T);
    });
    resV = Math.max(resV, Math.abs(sv));
    resS = Math.max(resS, Math.abs(ss));
    maxSteps = Math.max(maxSteps, ar.num(steps[i] as T));
  });
  const errorBound = resS < 1 ? (resV * maxSteps) / (1 - resS) : Number.POSITIVE_INFINITY;
  return { value, steps, absorption, residual: resV, errorBound };
}

/** Action values `q[s][a] = reward + Σ p·value[next]` (end rewards included). */
function qTable<T>(ar: Arith<T>, prepared: Prepared<T>[][], value: readonly T[]): T[][] {
  return prepared.map((actions) =>
    actions.map((a) => {
      let q = a.reward;
      a.to.forEach((j, i) => {
        q = ar.add(q, ar.mul(a.p[i] as T, value[j] as T));
      });
      return q;
    }),
  );
}

/** A proper starting policy: `initial`, else action 0 repaired where it never ends. */
function startPolicy<T>(ar: Arith<T>, prepared: Prepared<T>[][], initial?: readonly number[]): number[] {
  const n = prepared.length;
  const policy = initial ? [...initial] : new Array<number>(n).fill(0);
  const rowsOf = (pol: readonly number[]) => policyRows(ar, prepared, pol);
  const never = neverEnding(ar, rowsOf(policy));
  if (never.length === 0 || initial) return policy;
  // Attractor: a stuck state takes its lowest action with a positive move to an ending state.
  const ends = new Uint8Array(n).fill(1);
  for (const s of never) ends[s] = 0;
  let stuck = never;
  for (;;) {
    const next: number[] = [];
    const resolved: number[] = [];
    for (const s of stuck) {
      const k = (prepared[s] as Prepared<T>[]).findIndex(
        (a) => ar.cmp(a.exit, ar.zero) > 0 || a.to.some((j, i) => ends[j] === 1 && !ar.isZero(a.p[i] as T)),
      );
      if (k >= 0) {
        policy[s] = k;
        resolved.push(s);
      } else next.push(s);
    }
    if (resolved.length === 0) break;
    for (const s of resolved) ends[s] = 1;
    stuck = next;
    if (stuck.length === 0) return policy;
  }
  throw new ImproperPolicyError(
    `mdp: no policy ends from ${stuck.length} state(s) (${stuck.slice(0, 8).join(", ")}${stuck.length > 8 ? ", …" : ""})`,
    stuck,
  );
}

function solve<T>(ar: Arith<T>, mdp: Mdp<T>, options: MdpOptions): MdpSolution<T> {
  const prepared = prepare(ar, mdp);
  let policy = startPolicy(ar, prepared, options.initial);
  const maxIterations = options.maxIterations ?? 10_000;
  const switched: number[] = [];
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    let evaluation: PolicyValue<T>;
    try {
      evaluation = evaluateRows(ar, policyRows(ar, prepared, policy), policy);
    } catch (error) {
      if (error instanceof ImproperPolicyError && iteration > 1) {
        throw new ImproperPolicyError(
          `${error.message}: an improvement closed a cycle that pays for ever (the optimal value is unbounded)`,
          error.states,
          policy,
        );
      }
      throw error;
    }
    const value = evaluation.value;
    let scale = 1;
    if (!ar.exact) for (const v of value) scale = Math.max(scale, Math.abs(ar.num(v)));
    const tol = options.tolerance ?? 1e-10 * scale;
    const next = [...policy];
    let changes = 0;
    const qs: T[] = [];
    prepared.forEach((actions, s) => {
      qs.length = actions.length;
      for (let a = 0; a < actions.length; a++) {
        const act = actions[a] as Prepared<T>;
        let q = act.reward;
        for (let i = 0; i < act.to.length; i++) q = ar.add(q, ar.mul(act.p[i] as T, value[act.to[i] as number] as T));
        qs[a] = q;
      }
      const current = policy[s] as number;
      let best = current;
      qs.forEach((v, a) => {
        if (ar.cmp(v, qs[best] as T) > 0) best = a;
      });
      // Lowest index among the best (to a tolerance in doubles); switch only on a strict gain.
      for (let a = 0; a < qs.length; a++) {
        const gap = ar.num(ar.sub(qs[best] as T, qs[a] as T));
        if (ar.exact ? ar.cmp(qs[a] as T, qs[best] as T) === 0 : gap <= tol) {
          best = a;
          break;
        }
      }
      const gain = ar.sub(qs[best] as T, qs[current] as T);
      if (best !== current && (ar.exact ? ar.cmp(gain, ar.zero) > 0 : ar.num(gain) > tol)) {
        next[s] = best;
        changes++;
      }
    });
    switched.push(changes);
    if (changes === 0) return { policy, value: evaluation.value, iterations: iteration, switched, evaluation };
    policy = next;
  }
  throw new Error(`mdp: no convergence in ${maxIterations} policy evaluations`);
}

/**
 * The optimal policy of an MDP in doubles (policy iteration, sparse exact-structure
 * evaluation): the policy, every state's value, the evaluations made. Throws
 * {@link ImproperPolicyError} when no proper policy exists or the value is unbounded.
 */
export function solveMdp(mdp: Mdp<number>, options: MdpOptions = {}): MdpSolution<number> {
  return solve(DOUBLES, mdp, options);
}

/** {@link solveMdp} in exact BigInt rationals: certifies the optimal policy and values of a small model. */
export function solveMdpExact(mdp: Mdp<Fraction>, options: Omit<MdpOptions, "tolerance"> = {}): MdpSolution<Fraction> {
  return solve(RATIONALS, mdp, options);
}

/**
 * The exact value of a fixed policy (deterministic or randomised) in doubles: values,
 * expected steps, end probabilities, residual and error bound. Throws
 * {@link ImproperPolicyError} when the policy does not end with probability 1.
 */
export function evaluatePolicy(mdp: Mdp<number>, policy: MdpPolicy<number>): PolicyValue<number> {
  const det = policy.every((c) => typeof c === "number") ? (policy as readonly number[]) : undefined;
  return evaluateRows(DOUBLES, policyRows(DOUBLES, prepare(DOUBLES, mdp), policy), det);
}

/** {@link evaluatePolicy} in exact rationals. */
export function evaluatePolicyExact(mdp: Mdp<Fraction>, policy: MdpPolicy<Fraction>): PolicyValue<Fraction> {
  const det = policy.every((c) => typeof c === "number") ? (policy as readonly number[]) : undefined;
  return evaluateRows(RATIONALS, policyRows(RATIONALS, prepare(RATIONALS, mdp), policy), det);
}

/** The states from which a policy never reaches an end (empty: the policy is proper). */
export function improperStates<T extends number | Fraction>(mdp: Mdp<T>, policy: MdpPolicy<T>): number[] {
  const ar = (isFractionMdp(mdp) ? RATIONALS : DOUBLES) as unknown as Arith<T>;
  return neverEnding(ar, policyRows(ar, prepare(ar, mdp), policy));
}

function isFractionMdp<T>(mdp: Mdp<T>): boolean {
  for (const actions of mdp.actions) for (const a of actions) return a.reward instanceof Fraction;
  return false;
}

/** Action values in doubles: `q[s][a]` = what action `a` of state `s` is worth when play goes on with `value`. */
export function actionValues(mdp: Mdp<number>, value: readonly number[]): number[][] {
  return qTable(DOUBLES, prepare(DOUBLES, mdp), value);
}

/** {@link actionValues} in exact rationals. */
export function actionValuesExact(mdp: Mdp<Fraction>, value: readonly Fraction[]): Fraction[][] {
  return qTable(RATIONALS, prepare(RATIONALS, mdp), value);
}

/** Two policies side by side. */
export interface PolicyComparison<T = number> {
  readonly a: PolicyValue<T>;
  readonly b: PolicyValue<T>;
  /** `b.value[s] − a.value[s]` per state. */
  readonly difference: T[];
  /** States where the deterministic policies choose differently (every state for randomised ones that differ). */
  readonly differing: number[];
  /** The state of the largest |difference| (−1 when they agree everywhere) and that difference. */
  readonly worst: { readonly state: number; readonly difference: T };
  /** `b` at least as good everywhere and better somewhere ("b"), the reverse ("a"), equal, or mixed. */
  readonly better: "a" | "b" | "equal" | "mixed";
}

function compare<T>(ar: Arith<T>, mdp: Mdp<T>, pa: MdpPolicy<T>, pb: MdpPolicy<T>, tol: number): PolicyComparison<T> {
  const prepared = prepare(ar, mdp);
  const detA = pa.every((c) => typeof c === "number") ? (pa as readonly number[]) : undefined;
  const detB = pb.every((c) => typeof c === "number") ? (pb as readonly number[]) : undefined;
  const a = evaluateRows(ar, policyRows(ar, prepared, pa), detA);
  const b = evaluateRows(ar, policyRows(ar, prepared, pb), detB);
  const difference = b.value.map((v, s) => ar.sub(v, a.value[s] as T));
  const differing: number[] = [];
  for (let s = 0; s < prepared.length; s++) {
    if (
      JSON.stringify(pa[s], (_k, v) => (v instanceof Fraction ? v.toString() : v)) !==
      JSON.stringify(pb[s], (_k, v) => (v instanceof Fraction ? v.toString() : v))
    )
      differing.push(s);
  }
  let worst = { state: -1, difference: ar.zero };
  let up = false;
  let down = false;
  difference.forEach((d, s) => {
    const x = ar.num(d);
    if (ar.exact ? ar.cmp(d, ar.zero) > 0 : x > tol) up = true;
    if (ar.exact ? ar.cmp(d, ar.zero) < 0 : x < -tol) down = true;
    if (Math.abs(x) > Math.abs(ar.num(worst.difference)) && (ar.exact ? !ar.isZero(d) : Math.abs(x) > tol))
      worst = { state: s, difference: d };
  });
  const better = up && down ? "mixed" : up ? "b" : down ? "a" : "equal";
  return { a, b, difference, differing, worst, better };
}

/** Evaluates two policies in doubles and says which is better, where and by how much (differences within `tolerance` are equal). */
export function comparePolicies(
  mdp: Mdp<number>,
  a: MdpPolicy<number>,
  b: MdpPolicy<number>,
  tolerance = 1e-9,
): PolicyComparison<number> {
  return compare(DOUBLES, mdp, a, b, tolerance);
}

/** {@link comparePolicies} in exact rationals. */
export function comparePoliciesExact(
  mdp: Mdp<Fraction>,
  a: MdpPolicy<Fraction>,
  b: MdpPolicy<Fraction>,
): PolicyComparison<Fraction> {
  return compare(RATIONALS, mdp, a, b, 0);
}

/** An MDP in rationals as doubles (for the fast solver on a model built exactly). */
export function mdpToNumbers(mdp: Mdp<Fraction>): Mdp<number> {
  return mapMdp(mdp, (x) => x.toNumber());
}

/** An MDP with every number (rewards, probabilities) mapped by `f`, e.g. weights to {@link Fraction}s. */
export function mapMdp<A, B>(mdp: Mdp<A>, f: (x: A) => B): Mdp<B> {
  return {
    actions: mdp.actions.map((actions) =>
      actions.map((a) => ({
        ...(a.label !== undefined ? { label: a.label } : {}),
        reward: f(a.reward),
        next: a.next.map((t) => ({ to: t.to, p: f(t.p) })),
        ...(a.ends ? { ends: a.ends.map((e) => ({ end: e.end, p: f(e.p) })) } : {}),
      })),
    ),
    ...(mdp.endRewards ? { endRewards: mdp.endRewards.map(f) } : {}),
  };
}
