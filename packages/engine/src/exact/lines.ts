/**
 * Exact line maths: the pay law of one payline when the cell it crosses on each reel has a
 * known symbol law (reels are independent, so a line's cells are too). Rules are those of
 * the engine's line evaluator (`lines/evaluate.ts`): left to right from reel 1, a wild that
 * substitutes for a set of symbols and pays on its own, only the highest combination per
 * line, plus optional multipliers by the number of wilds inside the paid combination.
 */
import type { LinePaytable } from "../lines/evaluate.js";

/** A line paytable with the optional wild multipliers some games add (Mona Lisa's x2/x4/x8). */
export interface LineRule {
  readonly paytable: LinePaytable;
  /**
   * `wildMultipliers[n]` multiplies a combination holding n wilds among its cells (the first
   * N cells of an N of a kind); the last entry applies to any larger n; default 1. Applied
   * before the line's highest win is chosen.
   */
  readonly wildMultipliers?: readonly number[];
  /** Whether the wild's own combinations are multiplied too (default false: only substitutions). */
  readonly multiplyWildPays?: boolean;
}

/** The paid combination of one line. `symbol` is -1 and `pay` 0 when the line pays nothing. */
export interface TupleResult {
  pay: number;
  symbol: number;
  count: number;
  /** Wilds among the combination's cells. */
  wilds: number;
  /** The multiplier applied to the paytable value. */
  multiplier: number;
}

function multiplierOf(rule: LineRule, wilds: number): number {
  const m = rule.wildMultipliers;
  if (!m || m.length === 0 || wilds === 0) return m?.[0] ?? 1;
  return m[Math.min(wilds, m.length - 1)] as number;
}

/**
 * Evaluates one line given the symbol on each reel (`tuple[r]`), the reference form of the
 * rules: with a wild first, the wild's own run and the run it completes for the next symbol
 * compete (the wild wins a tie); otherwise the first symbol's run, wilds substituting when allowed.
 */
export function evaluateTuple(rule: LineRule, tuple: ArrayLike<number>, out?: TupleResult): TupleResult {
  const { reels, wild, pays, substitutes } = rule.paytable;
  const result = out ?? { pay: 0, symbol: -1, count: 0, wilds: 0, multiplier: 1 };
  let w = 0;
  while (w < reels && tuple[w] === wild) w++;
  let best = 0;
  let bestSymbol = -1;
  let bestCount = 0;
  let bestWilds = 0;
  let bestMult = 1;
  if (w > 0) {
    const mult = rule.multiplyWildPays ? multiplierOf(rule, w) : 1;
    best = ((pays[wild] as Int32Array)[w] ?? 0) * mult;
    bestSymbol = wild;
    bestCount = w;
    bestWilds = w;
    bestMult = mult;
  }
  if (w < reels) {
    const s = tuple[w] as number;
    const subs = substitutes[s] === true;
    if (w === 0 || subs) {
      let n = w + 1;
      let wilds = w;
      while (n < reels) {
        const x = tuple[n];
        if (x === s) n++;
        else if (subs && x === wild) {
          n++;
          wilds++;
        } else break;
      }
      const mult = multiplierOf(rule, wilds);
      const pay = ((pays[s] as Int32Array)[n] ?? 0) * mult;
      if (pay > best) {
        best = pay;
        bestSymbol = s;
        bestCount = n;
        bestWilds = wilds;
        bestMult = mult;
      }
    }
  }
  if (best > 0) {
    result.pay = best;
    result.symbol = bestSymbol;
    result.count = bestCount;
    result.wilds = bestWilds;
    result.multiplier = bestMult;
  } else {
    result.pay = 0;
    result.symbol = -1;
    result.count = 0;
    result.wilds = 0;
    result.multiplier = 1;
  }
  return result;
}

/** One paying combination of a line and its probability. */
export interface LineCombination {
  symbol: number;
  count: number;
  wilds: number;
  multiplier: number;
  /** Pay in coins per coin on the line, multiplier included. */
  pay: number;
  probability: number;
}

/** The pay law of one line: mean, second moment, hit probability and every paying combination. */
export interface LineExpectation {
  mean: number;
  meanSquare: number;
  hit: number;
  combinations: LineCombination[];
}

/**
 * The exact pay law of one line whose cell on reel r has the symbol law `laws[r]`
 * (`laws[r][s]` = P(symbol s), e.g. from `cellLaw`). The line is decided by its prefix up
 * to the first symbol that breaks the run, so the walk follows only run-continuing symbols
 * (the paying symbol or a wild) and adds the breaking mass at once: a few hundred steps
 * instead of symbols^reels tuples.
 */
export function lineExpectation(rule: LineRule, laws: readonly ArrayLike<number>[]): LineExpectation {
  const { reels, wild, pays, substitutes } = rule.paytable;
  if (laws.length !== reels) throw new Error(`lineExpectation: ${laws.length} laws for ${reels} reels`);
  const symbols = laws[0]?.length ?? 0;
  laws.forEach((law, r) => {
    let sum = 0;
    for (let s = 0; s < law.length; s++) sum += law[s] as number;
    // The walk adds the breaking mass as 1 − P(continue), so each law must be a full distribution.
    if (Math.abs(sum - 1) > 1e-9) throw new Error(`lineExpectation: the law of reel ${r + 1} sums to ${sum}, not 1`);
  });
  const combos = new Map<string, LineCombination>();
  let mean = 0;
  let meanSquare = 0;
  let hit = 0;
  const lawAt = (r: number, s: number): number => (s >= 0 ? ((laws[r] as ArrayLike<number>)[s] ?? 0) : 0);
  const wildOwn = (w: number): number =>
    w > 0 ? ((pays[wild] as Int32Array)[w] ?? 0) * (rule.multiplyWildPays ? multiplierOf(rule, w) : 1) : 0;

  const record = (probability: number, symbol: number, count: number, wilds: number, multiplier: number, pay: number) => {
    if (probability === 0 || pay <= 0) return;
    mean += probability * pay;
    meanSquare += probability * pay * pay;
    hit += probability;
    const key = `${symbol}:${count}:${wilds}:${multiplier}`;
    const c = combos.get(key);
    if (c) c.probability += probability;
    else combos.set(key, { symbol, count, wilds, multiplier, pay, probability });
  };
  // The run of `s` has ended at length n with `wilds` wilds inside, after w leading wilds: pay the better candidate.
  const settle = (probability: number, w: number, s: number, n: number, wilds: number) => {
    const own = wildOwn(w);
    const mult = multiplierOf(rule, wilds);
    const sub = ((pays[s] as Int32Array)[n] ?? 0) * mult;
    if (sub > own) record(probability, s, n, wilds, mult, sub);
    else if (w > 0) record(probability, wild, w, w, rule.multiplyWildPays ? multiplierOf(rule, w) : 1, own);
  };
  // Extends the run of `s` (which may use wilds when `subs`) from reel r on.
  const extend = (probability: number, w: number, s: number, subs: boolean, r: number, wilds: number) => {
    if (probability === 0) return;
    if (r === reels) {
      settle(probability, w, s, r, wilds);
      return;
    }
    const pSame = lawAt(r, s);
    const pWild = subs && wild >= 0 ? lawAt(r, wild) : 0;
    settle(probability * Math.max(0, 1 - pSame - pWild), w, s, r, wilds);
    extend(probability * pSame, w, s, subs, r + 1, wilds);
    if (pWild > 0) extend(probability * pWild, w, s, subs, r + 1, wilds + 1);
  };

  let leading = 1; // P(reels 0..w-1 all show the wild)
  for (let w = 0; w <= reels && leading > 0; w++) {
    if (w === reels) {
      const own = wildOwn(reels);
      if (own > 0) record(leading, wild, reels, reels, rule.multiplyWildPays ? multiplierOf(rule, reels) : 1, own);
      break;
    }
    for (let s = 0; s < symbols; s++) {
      if (s === wild) continue;
      const p = leading * lawAt(w, s);
      if (p === 0) continue;
      const subs = substitutes[s] === true;
      // After leading wilds only a substitutable symbol extends the combination; the wild's own run is paid otherwise.
      if (w === 0 || subs) extend(p, w, s, subs, w + 1, w);
      else settle(p, w, s, 0, 0);
    }
    leading *= wild >= 0 ? lawAt(w, wild) : 0;
  }
  const combinations = [...combos.values()].sort((a, b) => b.pay - a.pay || a.symbol - b.symbol || b.count - a.count);
  return { mean, meanSquare, hit, combinations };
}

/**
 * The pay of every symbol tuple of a line, for full-cycle enumerators: index
 * `((t0 * S + t1) * S + t2) …` with S = `symbols` (reel 1 most significant). Pays must be
 * integers (coins), which integer paytables and multipliers guarantee.
 */
export function tuplePayTable(rule: LineRule, symbols: number): Int32Array {
  const { reels } = rule.paytable;
  const size = symbols ** reels;
  if (size > 2 ** 26) throw new Error(`tuplePayTable: ${symbols}^${reels} tuples is too many`);
  const table = new Int32Array(size);
  const tuple = new Uint8Array(reels);
  const out: TupleResult = { pay: 0, symbol: -1, count: 0, wilds: 0, multiplier: 1 };
  for (let i = 0; i < size; i++) {
    const pay = evaluateTuple(rule, tuple, out).pay;
    if (!Number.isInteger(pay)) throw new Error(`tuplePayTable: pay ${pay} is not an integer`);
    table[i] = pay;
    // Next tuple: an odometer with the last reel fastest.
    for (let r = reels - 1; r >= 0; r--) {
      const next = (tuple[r] as number) + 1;
      if (next < symbols) {
        tuple[r] = next;
        break;
      }
      tuple[r] = 0;
    }
  }
  return table;
}

/**
 * Law of the longest run of one symbol from reel 1 (exact symbol, no substitution) over the
 * first n paylines, for every n: `result[n][k]` = P(longest run over lines 1..n = k).
 * `masks[r]` is reel r's law of the rows showing the symbol (`maskLaw`); the walk visits
 * every combination of per-reel masks (2^(rows·reels) at most), which is exact because the
 * reels are independent. Line-triggered bonuses (a Treasure run) read their trigger off it.
 */
export function longestRunLaw(masks: readonly ArrayLike<number>[], paylines: readonly (readonly number[])[]): Float64Array[] {
  const reels = masks.length;
  const law = Array.from({ length: paylines.length + 1 }, () => new Float64Array(reels + 1));
  const chosen = new Int32Array(reels);
  const visit = (reel: number, probability: number): void => {
    if (probability === 0) return;
    if (reel === reels) {
      let longest = 0;
      paylines.forEach((line, l) => {
        let run = 0;
        while (run < reels && ((chosen[run] as number) >> (line[run] as number)) & 1) run++;
        if (run > longest) longest = run;
        const row = law[l + 1] as Float64Array;
        row[longest] = (row[longest] as number) + probability;
      });
      return;
    }
    const m = masks[reel] as ArrayLike<number>;
    for (let mask = 0; mask < m.length; mask++) {
      chosen[reel] = mask;
      visit(reel + 1, probability * (m[mask] as number));
    }
  };
  visit(0, 1);
  (law[0] as Float64Array)[0] = 1;
  return law;
}
