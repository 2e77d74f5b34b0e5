/**
 * Exact joint moments of two quantities read reel by reel, for the variance of a round:
 * a line's pay (a small automaton over the symbols it crosses, the rules of the engine's
 * `evaluateTuple`) or a SCATTER count (a counter over each reel's count). Reels are
 * independent, so E[f(a) g(b)] is a walk over the reels carrying the joint law of the two
 * automata's states, where reel r moves both by the joint law of what the two quantities
 * see on it (two cells of a trajectory, or a cell and a column's count). A line that is
 * decided and pays nothing contributes nothing to a product and is dropped at once, which
 * keeps the walk small.
 */
import type { LineRule } from "@reelhouse/engine";

/** A reader of one quantity, reel by reel: integer states, symbols grouped by where they lead. */
export interface Automaton {
  readonly initial: number;
  /** Size of the alphabet each reel shows it (13 symbols, or 4 counts). */
  readonly alphabet: number;
  /** The symbols (bit masks over the alphabet) that lead from `state` to each next state. */
  groups(state: number): readonly { mask: number; next: number }[];
  /** The quantity once every reel is read. */
  value(state: number): number;
  /** True when the state already fixes the quantity at 0 (a product with it is 0). */
  isZero(state: number): boolean;
}

const DONE = 1 << 20;

/** A line's pay in coins per coin on the line (multipliers included), as {@link evaluateTuple} pays it. */
export class LineAutomaton implements Automaton {
  readonly initial = 0;
  readonly alphabet: number;
  private readonly memo = new Map<number, { mask: number; next: number }[]>();
  constructor(
    private readonly rule: LineRule,
    symbols: number,
  ) {
    this.alphabet = symbols;
  }
  private mult(wilds: number): number {
    const m = this.rule.wildMultipliers;
    if (!m || m.length === 0) return 1;
    return m[Math.min(wilds, m.length - 1)] as number;
  }
  private pay(symbol: number, count: number): number {
    return (this.rule.paytable.pays[symbol] as Int32Array)[count] ?? 0;
  }
  private wildOwn(w: number): number {
    if (w === 0) return 0;
    return this.pay(this.rule.paytable.wild, w) * (this.rule.multiplyWildPays ? this.mult(w) : 1);
  }
  // States: Lead(w) = w (w leading wilds); Run(w, s, n, wc) = 8 + packed; Done(v) = DONE + v.
  private run(w: number, s: number, n: number, wc: number): number {
    return 8 + (((w * 32 + s) * 8 + n) * 8 + wc);
  }
  private settle(w: number, s: number, n: number, wc: number): number {
    return Math.max(this.wildOwn(w), this.pay(s, n) * this.mult(wc));
  }
  private step(state: number, x: number): number {
    const { wild, substitutes } = this.rule.paytable;
    if (state >= DONE) return state;
    if (state < 8) {
      const w = state;
      if (x === wild) return w + 1;
      if (w === 0) return this.rule.paytable.pays[x]?.some((p) => p > 0) ? this.run(0, x, 1, 0) : DONE;
      return substitutes[x] === true ? this.run(w, x, w + 1, w) : DONE + this.wildOwn(w);
    }
    let k = state - 8;
    const wc = k % 8;
    k = (k - wc) / 8;
    const n = k % 8;
    k = (k - n) / 8;
    const s = k % 32;
    const w = (k - s) / 32;
    if (x === s) return this.run(w, s, n + 1, wc);
    if (x === wild && substitutes[s] === true) return this.run(w, s, n + 1, wc + 1);
    return DONE + this.settle(w, s, n, wc);
  }
  groups(state: number): readonly { mask: number; next: number }[] {
    let g = this.memo.get(state);
    if (!g) {
      const by = new Map<number, number>();
      for (let x = 0; x < this.alphabet; x++) {
        const next = this.step(state, x);
        by.set(next, (by.get(next) ?? 0) | (1 << x));
      }
      g = [...by].map(([next, mask]) => ({ mask, next }));
      this.memo.set(state, g);
    }
    return g;
  }
  value(state: number): number {
    if (state >= DONE) return state - DONE;
    if (state < 8) return this.wildOwn(state);
    let k = state - 8;
    const wc = k % 8;
    k = (k - wc) / 8;
    const n = k % 8;
    k = (k - n) / 8;
    const s = k % 32;
    return this.settle((k - s) / 32, s, n, wc);
  }
  isZero(state: number): boolean {
    return state === DONE;
  }
}

/** A SCATTER counter: each reel shows a count 0..rows; the value is the total. */
export class CountAutomaton implements Automaton {
  readonly initial = 0;
  private readonly all: { mask: number; next: number }[][] = [];
  constructor(readonly alphabet: number) {}
  groups(state: number): readonly { mask: number; next: number }[] {
    let g = this.all[state];
    if (!g) {
      g = Array.from({ length: this.alphabet }, (_, c) => ({ mask: 1 << c, next: state + c }));
      this.all[state] = g;
    }
    return g;
  }
  value(state: number): number {
    return state;
  }
  isZero(): boolean {
    return false;
  }
}

/** The joint law of what two quantities see on one reel: `p[x * nb + y]`, x for the first, y for the second. */
export interface JointLaw {
  readonly na: number;
  readonly nb: number;
  readonly p: Float64Array;
}

/** Mass of a pair of symbol sets under a joint law, cached per law. */
function massOf(law: JointLaw, cache: Map<number, number>, ma: number, mb: number): number {
  const key = ma * 65536 + mb;
  let m = cache.get(key);
  if (m === undefined) {
    m = 0;
    for (let x = 0; x < law.na; x++) {
      if (!((ma >>> x) & 1)) continue;
      for (let y = 0; y < law.nb; y++) if ((mb >>> y) & 1) m += law.p[x * law.nb + y] as number;
    }
    cache.set(key, m);
  }
  return m;
}

/**
 * The joint law of the final values of `a` and `b` after every reel, as `(va, vb, p)` with
 * the pairs in which either is 0 left out (they add nothing to E[f(a) g(b)] for f(0) = 0).
 * `laws[r]` is reel r's joint law of what a and b see there.
 */
export function pairValues(a: Automaton, b: Automaton, laws: readonly JointLaw[]): { va: number; vb: number; p: number }[] {
  const SPAN = 2 ** 22;
  let states = new Map<number, number>([[a.initial * SPAN + b.initial, 1]]);
  for (const law of laws) {
    const cache = new Map<number, number>();
    const next = new Map<number, number>();
    for (const [key, p] of states) {
      const sb = key % SPAN;
      const sa = (key - sb) / SPAN;
      for (const ga of a.groups(sa)) {
        if (a.isZero(ga.next)) continue;
        for (const gb of b.groups(sb)) {
          if (b.isZero(gb.next)) continue;
          const m = massOf(law, cache, ga.mask, gb.mask);
          if (m === 0) continue;
          const k = ga.next * SPAN + gb.next;
          next.set(k, (next.get(k) ?? 0) + p * m);
        }
      }
    }
    states = next;
  }
  const out: { va: number; vb: number; p: number }[] = [];
  for (const [key, p] of states) {
    const sb = key % SPAN;
    const sa = (key - sb) / SPAN;
    const va = a.value(sa);
    const vb = b.value(sb);
    if (va !== 0 && vb !== 0) out.push({ va, vb, p });
  }
  return out;
}

/** E[a · b] over the joint reel laws. */
export function pairMoment(a: Automaton, b: Automaton, laws: readonly JointLaw[]): number {
  let s = 0;
  for (const { va, vb, p } of pairValues(a, b, laws)) s += va * vb * p;
  return s;
}
