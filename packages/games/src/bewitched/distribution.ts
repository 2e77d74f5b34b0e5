/**
 * Bewitched's whole rounds, exactly, at any bet: the full cycle (cycle.ts) gives the joint
 * law of one spin's line pays, WITCH count and Merlin trigger at every line count; Merlin's
 * table at the bet (rtp.ts) and the witch battle turn each class into spin outcomes (value,
 * free spins awarded); free spins chain without limit, so a round is a branching process.
 *
 * Money is counted in coins (a coin at the bet's coin value: line pays x coins per line,
 * x2 in free spins; the battle and Merlin's cash x the total bet B in coins; the jackpot at
 * its seed of 2,000 coins), every amount an integer; x bet = coins / B.
 * - Moments: the series kit's branching moments (no cap) for one free spin's subtree, the
 *   round W = X + Σ of A subtrees (X, A: the paid spin's value and award).
 * - Zero win and no jackpot: the subtree's probabilities as fixed points of its generating
 *   function (a contraction: fewer than one new spin per spin).
 * - The round law: generating functions on tilted FFT points (`roundLawByAward`).
 * - Maximum win: unbounded (free spins chain without limit); the sheet gives the largest win
 *   of a round of at most {@link REPORT_CAP} free spins, by a dynamic programme over
 *   (spins awarded, spins played) at every spin's best value, with its probability.
 */
import {
  type AwardLaw,
  type LineCycle,
  mixedSeriesLengthLaw,
  moments,
  roundLawByAward,
  type SeriesSpinClass,
  seriesMoments,
} from "@reelhouse/engine";
import { classParts } from "./cycle.js";
import { FREE_SPINS, PROGRESSIVE, WITCH_BATTLE } from "./model.js";
import { betCoins, type MathsBet, type MerlinOutcome, merlinTable } from "./rtp.js";

/**
 * The free spins a round may play in the maximum-win figure only (the game has no limit): a
 * round plays more with probability 9.2e-12 (`figures.pFreeSpinsAboveReportCap`, the same at
 * every bet: Merlin's free-spin weights never move).
 */
export const REPORT_CAP = 250;
/** FFT points of the round law. */
export const ROUND_LATTICE = 1 << 18;

/** One class of the cycle at one line count: P(class) and the law of its summed line pays (coins per coin on a line). */
export interface ClassStats {
  readonly klass: number;
  readonly probability: number;
  /** `law[v]` = P(line pays v | class). */
  readonly law: Float64Array;
  readonly mean: number;
  readonly meanSquare: number;
  /** P(line pays 0 | class). */
  readonly zero: number;
  readonly max: number;
  /** P(line pays = max | class). */
  readonly maxProbability: number;
}

/** The classes of the cycle summed over the first `lines` lines (those that occur). */
export function classStats(cycle: LineCycle, lines: number): ClassStats[] {
  const i = cycle.lineCounts.indexOf(lines);
  const histogram = cycle.histograms[i];
  if (!histogram) throw new Error(`classStats: the cycle has no sums over ${lines} lines`);
  const out: ClassStats[] = [];
  for (let k = 0; k < histogram.classes; k++) {
    const weights = histogram.weights(k);
    const { weight, sum, sumSquares } = moments(weights);
    if (weight === 0) continue;
    const max = weights.length - 1;
    out.push({
      klass: k,
      probability: weight / cycle.totalWeight,
      law: weights.map((w) => w / weight),
      mean: sum / weight,
      meanSquare: sumSquares / weight,
      zero: (weights[0] ?? 0) / weight,
      max,
      maxProbability: (weights[max] as number) / weight,
    });
  }
  return out;
}

/** What one spin can do at a bet: a cycle class and (when Merlin comes) Merlin's outcome. */
export interface SpinOutcome {
  readonly stats: ClassStats;
  readonly witches: number;
  readonly merlin: MerlinOutcome | null;
  readonly probability: number;
  /** Free spins it awards (battle + Merlin). */
  readonly award: number;
  /** Its value in coins: `lineCoins` x the line pays + `fixed` (battle, Merlin's cash or the jackpot). */
  readonly lineCoins: number;
  readonly fixed: number;
  readonly jackpot: boolean;
}

/** Every outcome of a spin of `mode` at `bet`: each class of the cycle at the bet's line count, times Merlin's table. */
export function spinOutcomes(stats: readonly ClassStats[], bet: MathsBet, mode: "base" | "freeSpins"): SpinOutcome[] {
  const B = betCoins(bet);
  const lineCoins = bet.coinsPerLine * (mode === "freeSpins" ? FREE_SPINS.lineWinMultiplier : 1);
  const table = merlinTable(B);
  const total = table.reduce((a, o) => a + o.weight, 0);
  const out: SpinOutcome[] = [];
  for (const s of stats) {
    const { witches, merlin } = classParts(s.klass);
    const battle = (WITCH_BATTLE.pays[witches] ?? 0) * B;
    const spins = WITCH_BATTLE.freeSpins[witches] ?? 0;
    if (merlin === 0) {
      out.push({
        stats: s,
        witches,
        merlin: null,
        probability: s.probability,
        award: spins,
        lineCoins,
        fixed: battle,
        jackpot: false,
      });
      continue;
    }
    for (const o of table) {
      if (o.weight === 0) continue;
      const prize = o.kind === "cash" ? o.times * B : o.kind === "jackpot" ? PROGRESSIVE.seedCoins : 0;
      out.push({
        stats: s,
        witches,
        merlin: o,
        probability: (s.probability * o.weight) / total,
        award: spins + (o.kind === "freeSpins" ? o.spins : 0),
        lineCoins,
        fixed: battle + prize,
        jackpot: o.kind === "jackpot",
      });
    }
  }
  return out;
}

/** E[value] and E[value²] (coins) of an outcome. */
function valueMoments(o: SpinOutcome): { mean: number; meanSquare: number } {
  const { mean, meanSquare } = o.stats;
  return {
    mean: o.lineCoins * mean + o.fixed,
    meanSquare: o.lineCoins * o.lineCoins * meanSquare + 2 * o.lineCoins * o.fixed * mean + o.fixed * o.fixed,
  };
}

/** P(value 0) of an outcome: no line pays and nothing fixed. */
const zeroOf = (o: SpinOutcome): number => (o.fixed === 0 ? o.probability * o.stats.zero : 0);

/** The smallest fixed point in [0, 1] of x = Σ q_i x^{a_i} (a contraction when E[award] < 1), by iteration. */
function fixedPoint(terms: readonly { q: number; award: number }[], start: number): number {
  let x = start;
  for (let i = 0; i < 10_000; i++) {
    let next = 0;
    for (const t of terms) next += t.q * x ** t.award;
    if (Math.abs(next - x) <= 1e-17) return next;
    x = next;
  }
  throw new Error("fixedPoint: no convergence");
}

/** The exact figures of a whole round at `bet` (x bet = coins / total bet in coins). */
export interface RoundFigures {
  readonly mean: number;
  readonly stdev: number;
  /** P(a paid round's total win > 0). */
  readonly hit: number;
  /** P(the paid spin's line or battle win > 0). */
  readonly paidSpinPays: number;
  /** P(the paid spin pays or triggers Merlin). */
  readonly paidSpinPaysOrTriggers: number;
  /** P(the paid spin's line win > 0): what the double may stake. */
  readonly paidSpinLineWin: number;
  /** P(the progressive is won at least once in a round), and the expected number of wins per round. */
  readonly jackpot: number;
  readonly jackpotsPerRound: number;
  /** P(the paid spin awards free spins), P(a free spin awards more), expected free spins per round, new spins per spin. */
  readonly freeSpinTrigger: number;
  readonly retrigger: number;
  readonly freeSpinsPerRound: number;
  readonly awardPerSpin: number;
  /** One free spin's subtree (the spin and all it awards): mean and E[T²], x bet. */
  readonly subtree: { mean: number; meanSquare: number };
  /** The paid spin's largest win without free spins (lines, battle, Merlin's best prize), x bet, and its probability. */
  readonly maxPaidSpin: { x: number; probability: number };
  /** The largest round win with at most `cap` free spins, x bet, and its probability. */
  readonly maxCapped: { cap: number; x: number; log10Probability: number; description: string };
}

/** Every outcome's probability, award, moments and maximum, as the series kit wants them (x bet). */
function seriesClasses(outcomes: readonly SpinOutcome[], B: number): SeriesSpinClass[] {
  return outcomes.map((o) => {
    const v = valueMoments(o);
    return { probability: o.probability, award: o.award, mean: v.mean / B, meanSquare: v.meanSquare / (B * B) };
  });
}

/** The round's exact figures at `bet`, from the cycle. */
export function roundFigures(cycle: LineCycle, bet: MathsBet, cap = REPORT_CAP): RoundFigures {
  const B = betCoins(bet);
  const stats = classStats(cycle, bet.lines);
  const paid = spinOutcomes(stats, bet, "base");
  const free = spinOutcomes(stats, bet, "freeSpins");
  const sub = seriesMoments({ initial: 1, classes: seriesClasses(free, B) });
  const t1 = sub.mean;
  const t2 = sub.meanSquare;
  let mean = 0;
  let meanSquare = 0;
  let trigger = 0;
  let spins = 0;
  const paidClasses = seriesClasses(paid, B);
  paid.forEach((o, i) => {
    const c = paidClasses[i] as SeriesSpinClass;
    const a = o.award;
    const mu = c.mean ?? 0;
    mean += c.probability * (mu + a * t1);
    // W = X + Σ_{i ≤ a} T_i: E[W²] = E[X²] + 2a·E[X]·E[T] + a·Var[T] + a²·E[T]².
    meanSquare += c.probability * ((c.meanSquare ?? 0) + 2 * a * mu * t1 + a * (t2 - t1 * t1) + a * a * t1 * t1);
    if (a > 0) trigger += o.probability;
    spins += o.probability * a;
  });
  // Zero win: every spin of the round pays nothing (its awards then come from Merlin's free spins).
  const tau = fixedPoint(
    free.map((o) => ({ q: zeroOf(o), award: o.award })),
    0,
  );
  let zero = 0;
  for (const o of paid) zero += zeroOf(o) * tau ** o.award;
  // No jackpot: every spin of the round avoids it.
  const nu = fixedPoint(
    free.filter((o) => !o.jackpot).map((o) => ({ q: o.probability, award: o.award })),
    1,
  );
  let noJackpot = 0;
  for (const o of paid) if (!o.jackpot) noJackpot += o.probability * nu ** o.award;
  const jackpotFree = free.reduce((a, o) => a + (o.jackpot ? o.probability : 0), 0);
  const jackpotPaid = paid.reduce((a, o) => a + (o.jackpot ? o.probability : 0), 0);
  const freeSpinsPerRound = spins / (1 - sub.awardPerSpin);

  const sumOf = (f: (o: SpinOutcome) => number) => paid.reduce((a, o) => a + f(o), 0);
  return {
    mean,
    stdev: Math.sqrt(meanSquare - mean * mean),
    hit: 1 - zero,
    paidSpinPays: 1 - sumOf((o) => ((WITCH_BATTLE.pays[o.witches] ?? 0) === 0 ? o.probability * o.stats.zero : 0)),
    paidSpinPaysOrTriggers: 1 - sumOf((o) => (o.merlin === null && o.fixed === 0 ? o.probability * o.stats.zero : 0)),
    paidSpinLineWin: 1 - sumOf((o) => o.probability * o.stats.zero),
    jackpot: 1 - noJackpot,
    jackpotsPerRound: jackpotPaid + freeSpinsPerRound * jackpotFree,
    freeSpinTrigger: trigger,
    retrigger: free.reduce((a, o) => a + (o.award > 0 ? o.probability : 0), 0),
    freeSpinsPerRound,
    awardPerSpin: sub.awardPerSpin,
    subtree: { mean: t1, meanSquare: t2 },
    maxPaidSpin: maxPaidSpin(paid, B),
    maxCapped: maxCappedWin(paid, free, B, cap),
  };
}

/** The best value of an outcome (coins) and P(that value and this outcome). */
const best = (o: SpinOutcome) => ({
  value: o.lineCoins * o.stats.max + o.fixed,
  probability: o.probability * o.stats.maxProbability,
});

/** The paid spin's largest win, free spins left out. */
function maxPaidSpin(paid: readonly SpinOutcome[], B: number): { x: number; probability: number } {
  let top = -1;
  let p = 0;
  for (const o of paid) {
    const b = best(o);
    if (b.value > top) {
      top = b.value;
      p = b.probability;
    } else if (b.value === top) p += b.probability;
  }
  return { x: top / B, probability: p };
}

const log10Add = (a: number, b: number) =>
  a === Number.NEGATIVE_INFINITY
    ? b
    : b === Number.NEGATIVE_INFINITY
      ? a
      : Math.max(a, b) + Math.log10(1 + 10 ** -Math.abs(a - b));

/** The best value (coins) and log10 P of each award, over outcomes: the only moves a maximal round makes. */
function bestByAward(outcomes: readonly SpinOutcome[]): { award: number; value: number; log10: number }[] {
  const map = new Map<number, { value: number; p: number }>();
  for (const o of outcomes) {
    const b = best(o);
    const have = map.get(o.award);
    if (!have || b.value > have.value) map.set(o.award, { value: b.value, p: b.probability });
    else if (b.value === have.value) have.p += b.probability;
  }
  return [...map].map(([award, { value, p }]) => ({ award, value, log10: Math.log10(p) }));
}

/**
 * The largest round win when a round plays at most `cap` free spins (an award beyond the cap
 * is cut to what fits), and its probability: best(a, j), the most the spins still due can
 * win with a spins awarded and j played, over every move (an award and its best value).
 */
export function maxCappedWin(paid: readonly SpinOutcome[], free: readonly SpinOutcome[], B: number, cap: number) {
  const moves = bestByAward(free);
  const stride = cap + 1;
  const value = new Float64Array(stride * stride);
  const log10 = new Float64Array(stride * stride);
  const retriggers = new Int32Array(stride * stride);
  for (let j = cap - 1; j >= 0; j--) {
    for (let a = j + 1; a <= cap; a++) {
      let top = -1;
      let lp = Number.NEGATIVE_INFINITY;
      let moved = 0;
      for (const m of moves) {
        const next = Math.min(a + m.award, cap) * stride + j + 1;
        // A spin that leaves every awarded spin played ends the series (value and log10 at 0).
        const v = m.value + (value[next] as number);
        const l = m.log10 + (log10[next] as number);
        if (v > top) {
          top = v;
          lp = l;
          moved = (m.award > 0 ? 1 : 0) + (retriggers[next] as number);
        } else if (v === top) lp = log10Add(lp, l);
      }
      value[a * stride + j] = top;
      log10[a * stride + j] = lp;
      retriggers[a * stride + j] = moved;
    }
  }
  let top = -1;
  let lp = Number.NEGATIVE_INFINITY;
  let start = 0;
  for (const m of bestByAward(paid)) {
    const a = Math.min(m.award, cap);
    const v = m.value + (a > 0 ? (value[a * stride] as number) : 0);
    const l = m.log10 + (a > 0 ? (log10[a * stride] as number) : 0);
    if (v > top) {
      top = v;
      lp = l;
      start = a;
    } else if (v === top) lp = log10Add(lp, l);
  }
  const description =
    start === 0
      ? "a paid spin at its best, without free spins"
      : `the paid spin at its best with ${start} free spins, then ${cap} free spins in all (${retriggers[start * stride]} of them awarding more), each at its best`;
  return { cap, x: top / B, log10Probability: lp, description };
}

/** A spin outcome's value law in units of `unit` coins (`law[v]` = P(value v·unit and this outcome)). */
function outcomeLaw(o: SpinOutcome, unit: number): AwardLaw {
  const { law } = o.stats;
  const step = o.lineCoins / unit;
  const shift = o.fixed / unit;
  if (!Number.isInteger(step) || !Number.isInteger(shift)) throw new Error(`outcomeLaw: ${unit} coins do not divide the outcome`);
  const out = new Float64Array((law.length - 1) * step + shift + 1);
  for (let v = 0; v < law.length; v++) {
    const p = law[v] as number;
    if (p > 0) out[v * step + shift] = (out[v * step + shift] as number) + p * o.probability;
  }
  return { award: o.award, law: out };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The unit of the round law at a bet: the largest number of coins that divides every amount. */
export function lawUnit(bet: MathsBet): number {
  return gcd(bet.coinsPerLine, PROGRESSIVE.seedCoins);
}

/**
 * The law of a whole round at `bet` in units of {@link lawUnit} coins (x bet = units ·
 * unit / total bet), the free spins' law given a trigger, the paid spin's own line and
 * battle law, the law of free spins played per round, and their bounds.
 */
export function roundLaw(cycle: LineCycle, bet: MathsBet) {
  const unit = lawUnit(bet);
  const stats = classStats(cycle, bet.lines);
  const paid = spinOutcomes(stats, bet, "base");
  const free = spinOutcomes(stats, bet, "freeSpins");
  const round = roundLawByAward(
    paid.map((o) => outcomeLaw(o, unit)),
    free.map((o) => outcomeLaw(o, unit)),
    ROUND_LATTICE,
  );
  // The paid spin's line and battle wins alone (Merlin's prize and free spins left out).
  const parts = paid.map((o) => outcomeLaw({ ...o, fixed: (WITCH_BATTLE.pays[o.witches] ?? 0) * betCoins(bet) }, unit).law);
  const spinLaw = new Float64Array(Math.max(...parts.map((l) => l.length)));
  for (const l of parts) for (let v = 0; v < l.length; v++) spinLaw[v] = (spinLaw[v] as number) + (l[v] as number);
  // Free spins played per round: the paid spin's award law, then the branching of the awards.
  const starts = new Float64Array(Math.max(...paid.map((o) => o.award)) + 1);
  for (const o of paid) starts[o.award] = (starts[o.award] as number) + o.probability;
  const byAward = new Map<number, number>();
  for (const o of free) byAward.set(o.award, (byAward.get(o.award) ?? 0) + o.probability);
  const lengths = mixedSeriesLengthLaw(
    starts,
    [...byAward].map(([award, probability]) => ({ probability, award })),
    2000,
  );
  return { unit, unitsPerBet: betCoins(bet) / unit, ...round, spinLaw, lengths, starts };
}
