/**
 * Absorbing Markov chains for features with state (sticky respins, ladders, hold-and-spin):
 * from transient state i the chain moves to transient j with probability Q[i][j] or stops in
 * absorbing state a with probability R[i][a], collecting reward r[i] on each visit. The
 * expected total reward x solves (I − Q) x = r, the absorption probabilities B solve
 * (I − Q) B = R. In doubles (Gaussian elimination with partial pivoting) or exactly in
 * BigInt rationals.
 */
import { Fraction } from "./fraction.js";

/** Solves A X = B for X (A square n×n, B n×k), by Gaussian elimination with partial pivoting. Inputs are not modified. */
export function solveLinear(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number[][] {
  const n = a.length;
  if (b.length !== n || a.some((row) => row.length !== n)) throw new Error("solveLinear: shapes do not match");
  const k = b[0]?.length ?? 0;
  const m = a.map((row, i) => [...row, ...(b[i] as readonly number[])]);
  const scale = Math.max(1e-300, ...a.flat().map(Math.abs));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]?.[col] as number) > Math.abs(m[pivot]?.[col] as number)) pivot = r;
    const p = m[pivot] as number[];
    if (Math.abs(p[col] as number) <= 1e-14 * scale) throw new Error("solveLinear: the matrix is singular");
    [m[col], m[pivot]] = [p, m[col] as number[]];
    for (let r = col + 1; r < n; r++) {
      const row = m[r] as number[];
      const f = (row[col] as number) / (p[col] as number);
      if (f === 0) continue;
      for (let c = col; c < n + k; c++) row[c] = (row[c] as number) - f * (p[c] as number);
    }
  }
  const x = Array.from({ length: n }, () => new Array<number>(k).fill(0));
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    for (let c = 0; c < k; c++) {
      let s = row[n + c] as number;
      for (let j = r + 1; j < n; j++) s -= (row[j] as number) * (x[j]?.[c] as number);
      (x[r] as number[])[c] = s / (row[r] as number);
    }
  }
  return x;
}

/** {@link solveLinear} in exact rationals (pivot: the first non-zero entry; no rounding to guard against). */
export function solveLinearExact(a: readonly (readonly Fraction[])[], b: readonly (readonly Fraction[])[]): Fraction[][] {
  const n = a.length;
  if (b.length !== n || a.some((row) => row.length !== n)) throw new Error("solveLinearExact: shapes do not match");
  const k = b[0]?.length ?? 0;
  const m = a.map((row, i) => [...row, ...(b[i] as readonly Fraction[])]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    while (pivot < n && (m[pivot] as Fraction[])[col]?.isZero()) pivot++;
    if (pivot === n) throw new Error("solveLinearExact: the matrix is singular");
    const p = m[pivot] as Fraction[];
    [m[col], m[pivot]] = [p, m[col] as Fraction[]];
    for (let r = col + 1; r < n; r++) {
      const row = m[r] as Fraction[];
      if ((row[col] as Fraction).isZero()) continue;
      const f = (row[col] as Fraction).div(p[col] as Fraction);
      for (let c = col; c < n + k; c++) row[c] = (row[c] as Fraction).sub(f.mul(p[c] as Fraction));
    }
  }
  const x = Array.from({ length: n }, () => new Array<Fraction>(k).fill(Fraction.ZERO));
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as Fraction[];
    for (let c = 0; c < k; c++) {
      let s = row[n + c] as Fraction;
      for (let j = r + 1; j < n; j++) s = s.sub((row[j] as Fraction).mul(x[j]?.[c] as Fraction));
      (x[r] as Fraction[])[c] = s.div(row[r] as Fraction);
    }
  }
  return x;
}

/** An absorbing chain: transient-to-transient Q (n×n), transient-to-absorbing R (n×m), reward per visit r (n). */
export interface AbsorbingChain<T = number> {
  readonly transient: readonly (readonly T[])[];
  readonly absorbing: readonly (readonly T[])[];
  readonly reward?: readonly T[];
}

/** What an absorbing chain gives, from each transient start state. */
export interface AbsorbingResult<T = number> {
  /** E[total reward until absorption] from state i. */
  readonly expectedReward: T[];
  /** E[steps (transient visits) until absorption] from state i. */
  readonly expectedSteps: T[];
  /** P(absorbed in a) from state i: `absorption[i][a]`. */
  readonly absorption: T[][];
}

function checkChain<T>(chain: AbsorbingChain<T>): void {
  const n = chain.transient.length;
  if (chain.absorbing.length !== n) throw new Error("absorbingChain: Q and R have different numbers of rows");
  if (chain.reward && chain.reward.length !== n) throw new Error("absorbingChain: one reward per transient state");
}

/** Solves an absorbing chain in doubles: (I − Q) [x | steps | B] = [r | 1 | R] in one elimination. */
export function absorbingChain(chain: AbsorbingChain<number>): AbsorbingResult<number> {
  checkChain(chain);
  const a = chain.transient.map((row, i) => row.map((q, j) => (i === j ? 1 : 0) - q));
  const b = chain.absorbing.map((row, i) => [chain.reward?.[i] ?? 0, 1, ...row]);
  const x = solveLinear(a, b);
  return {
    expectedReward: x.map((row) => row[0] as number),
    expectedSteps: x.map((row) => row[1] as number),
    absorption: x.map((row) => row.slice(2)),
  };
}

/** {@link absorbingChain} in exact rationals. */
export function absorbingChainExact(chain: AbsorbingChain<Fraction>): AbsorbingResult<Fraction> {
  checkChain(chain);
  const a = chain.transient.map((row, i) => row.map((q, j) => (i === j ? Fraction.ONE : Fraction.ZERO).sub(q)));
  const b = chain.absorbing.map((row, i) => [chain.reward?.[i] ?? Fraction.ZERO, Fraction.ONE, ...row]);
  const x = solveLinearExact(a, b);
  return {
    expectedReward: x.map((row) => row[0] as Fraction),
    expectedSteps: x.map((row) => row[1] as Fraction),
    absorption: x.map((row) => row.slice(2)),
  };
}
