/**
 * The mean and variance of a whole paid round, exact. A spin of kind K (the paid spin, or a
 * normal free spin) pays Z = X + J·Y (its own win X; when it triggers Jewel spins (J = 1),
 * their win Y) and awards M = 10·(A + J·N) normal free spins (A: its own 3+ SCATTER; N: the
 * Jewel spins with 3+ SCATTER). Each awarded free spin starts an independent copy T of a
 * normal free spin's whole value, so with V = Z + Σ_{i ≤ M} T_i:
 *   E[V]  = E[Z] + E[M]·E[T]
 *   E[V²] = E[Z²] + 2·E[Z·M]·E[T] + E[M]·E[T²] + E[M(M−1)]·E[T]²
 * and T solves the same equations with K = free spin (E[M_F] < 1). The moments of Z and M
 * are sums of spin-level moments (spin-moments.ts) in two worlds: the spin alone, and the
 * spin restricted to a Jewel trigger together with its two Jewel spins.
 */
import type { LineRule, ReelLaw } from "@reelhouse/engine";
import { columnsOf } from "./jewel-chain.js";
import { FREE_SPINS, PAYLINES } from "./model.js";
import { jackpotSeedTimesBet } from "./rtp.js";
import { type WorldMoments, worldMoments } from "./spin-moments.js";
import { JACKPOT_INDEX, LINE_RULE, LINE_RULE_FREE, SCATTER_BY_COUNT } from "./tables.js";
import { type Trajectory, windowTrajectories } from "./trajectory.js";
import { spinTrajectories } from "./zero-win.js";

const SIDE = 16;
const scatterPay = (c: number) => SCATTER_BY_COUNT[c] ?? 0;
const trigger = (c: number) => (c >= FREE_SPINS.minScatters ? 1 : 0);

/** Spin-level expectations of a world in x total bet at `lines` lines. */
export function readWorld(w: WorldMoments, lines: number) {
  const lc = (a: number, b: number, f: (c: number) => number) =>
    ((w.lineCount[a] as number[][])[b] as number[]).reduce((s, v, c) => s + v * f(c), 0);
  const cc = (a: number, b: number, f: (c: number) => number, g: (c: number) => number) => {
    let s = 0;
    ((w.countCount[a] as Float64Array[])[b] as Float64Array).forEach((p, i) => {
      if (p !== 0) s += p * f(Math.floor(i / SIDE)) * g(i % SIDE);
    });
    return s;
  };
  const one = (a: number, f: (c: number) => number) => cc(a, a, f, () => 1);
  return {
    /** E[X_a] */
    x: (a: number) => (w.line[a] as number) / lines + one(a, scatterPay),
    /** E[X_a X_b] */
    xx: (a: number, b: number) =>
      ((w.lineLine[a] as number[])[b] as number) / (lines * lines) +
      (lc(a, b, scatterPay) + lc(b, a, scatterPay)) / lines +
      cc(a, b, scatterPay, scatterPay),
    /** E[X_a · 1{S_b ≥ 3}] */
    xi: (a: number, b: number) => lc(a, b, trigger) / lines + cc(a, b, scatterPay, trigger),
    /** E[1{S_a ≥ 3} · 1{S_b ≥ 3}] */
    ii: (a: number, b: number) => cc(a, b, trigger, trigger),
    /** P(S_a ≥ 3) */
    i: (a: number) => one(a, trigger),
  };
}

/** Moments of Z and M (in spins) for one kind of spin. */
export interface KindMoments {
  z: number;
  z2: number;
  m: number;
  zm: number;
  m2: number;
}

/** Z and M moments of a kind: its spin alone, and restricted to a Jewel trigger with its Jewel spins. */
export function kindMoments(
  alone: readonly (readonly Trajectory[])[],
  withJewel: readonly (readonly Trajectory[])[],
  rule: LineRule,
  lines: number,
): KindMoments {
  const s = readWorld(worldMoments(alone, 1, [rule], lines), lines);
  const j = readWorld(worldMoments(withJewel, 3, [rule, LINE_RULE, LINE_RULE], lines), lines);
  const award = FREE_SPINS.award;
  const ey = j.x(1) + j.x(2);
  const exy = j.xx(0, 1) + j.xx(0, 2);
  const ey2 = j.xx(1, 1) + j.xx(2, 2) + 2 * j.xx(1, 2);
  const en = j.i(1) + j.i(2);
  const exn = j.xi(0, 1) + j.xi(0, 2);
  const eya = j.xi(1, 0) + j.xi(2, 0);
  const eyn = j.xi(1, 1) + j.xi(1, 2) + j.xi(2, 1) + j.xi(2, 2);
  const ean = j.ii(0, 1) + j.ii(0, 2);
  const en2 = j.ii(1, 1) + j.ii(2, 2) + 2 * j.ii(1, 2);
  return {
    z: s.x(0) + ey,
    z2: s.xx(0, 0) + 2 * exy + ey2,
    m: award * (s.i(0) + en),
    zm: award * (s.xi(0, 0) + exn + eya + eyn),
    m2: award * award * (s.i(0) + 2 * ean + en2),
  };
}

/** The whole round's mean and variance from the two kinds' moments. */
export function roundMoments(base: KindMoments, free: KindMoments) {
  if (!(free.m < 1)) throw new Error(`a free spin awards ${free.m} spins on average: no finite moments`);
  const t = free.z / (1 - free.m);
  const t2 = (free.z2 + 2 * free.zm * t + (free.m2 - free.m) * t * t) / (1 - free.m);
  const mean = base.z + base.m * t;
  const second = base.z2 + 2 * base.zm * t + base.m * t2 + (base.m2 - base.m) * t * t;
  return { mean, variance: second - mean * mean, stdev: Math.sqrt(second - mean * mean), freeSpin: { mean: t, meanSquare: t2 } };
}

/** The line rule of a paid or normal free spin at max bet: 5 JACKPOT pays the pool at its seed (coins per coin on a line). */
export function maxBetRule(rule: LineRule): LineRule {
  const seedCoins = jackpotSeedTimesBet() * PAYLINES.length;
  const pays = rule.paytable.pays.map((p, s) => {
    if (s !== JACKPOT_INDEX) return p;
    const q = p.slice();
    q[5] = seedCoins;
    return q;
  });
  return { ...rule, paytable: { ...rule.paytable, pays } };
}

/** Trajectories of a kind: the spin alone, and with its Jewel spins (reel 1 restricted to triggers). */
export function kindTrajectories(reels: readonly ReelLaw[], jewelReels: readonly ReelLaw[]) {
  return {
    alone: reels.map((r) => spinTrajectories(columnsOf(r))),
    withJewel: windowTrajectories(reels, jewelReels, true),
  };
}

/** The round's moments at 25 lines, below max bet and at max bet (the pool at its seed). */
export function roundMomentsAt(
  base: ReturnType<typeof kindTrajectories>,
  free: ReturnType<typeof kindTrajectories>,
  maxBet: boolean,
  lines: number = PAYLINES.length,
) {
  const bRule = maxBet ? maxBetRule(LINE_RULE) : LINE_RULE;
  const fRule = maxBet ? maxBetRule(LINE_RULE_FREE) : LINE_RULE_FREE;
  const b = kindMoments(base.alone, base.withJewel, bRule, lines);
  const f = kindMoments(free.alone, free.withJewel, fRule, lines);
  return { ...roundMoments(b, f), base: b, free: f };
}
