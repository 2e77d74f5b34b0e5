/**
 * Exact maths of Mermaid Treasure: every figure here is computed from the strips and
 * tables of model.ts by enumeration, without simulation.
 *
 * Method. Each reel stops uniformly on its strip, reels independently, so:
 * - a payline sees on reel r a symbol distributed as reel r's symbol frequencies; the
 *   line RTP is the sum over all 13^5 symbol tuples of probability x pay (same on every line);
 * - the MERMAID count is the convolution of each reel's visible-count distribution;
 * - the Treasure trigger depends only on where TREASURE shows on each reel: the 8^5
 *   combinations of per-reel row masks give the exact law of the longest triggering run
 *   over the first n lines, for every n;
 * - free spins: by Wald's identity, the free-spin feature returns
 *   P(trigger) x E[free spins played] x E[win of one free spin], with E[free spins] from
 *   the retrigger chain (10 per trigger, capped at 100 per round);
 * - hit frequency and the distribution of a base spin's win come from the full cycle of
 *   all stop combinations (product of strip lengths), with each line's pay looked up in
 *   a precomputed 13^5 table.
 */
import type { ExactOptions, ParReport } from "@reelhouse/engine";
import { evaluateLine, type LineResult } from "@reelhouse/engine";
import {
  FREE_SPINS,
  GAME_ID,
  MATHS_VERSION,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REELS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  TREASURE_BONUS,
} from "./model.js";
import { PAYTABLE } from "./round.js";

/** The payout-relevant inputs of the exact calculation (defaults: model.ts). */
export interface MermaidMaths {
  base: readonly (readonly string[])[];
  freeSpins: readonly (readonly string[])[];
  prizes: readonly { coins: number; weight: number }[];
}

export const MODEL_MATHS: MermaidMaths = {
  base: REEL_STRIPS_BASE,
  freeSpins: REEL_STRIPS_FREE_SPINS,
  prizes: TREASURE_BONUS.prizes,
};

const IDS = SYMBOLS.map((s) => s.id);
const N_SYMBOLS = IDS.length;
const SCATTER_INDEX = IDS.indexOf(SCATTER);
const BONUS_INDEX = IDS.indexOf("TREASURE");
const SCATTER_BY_COUNT = [0, ...(SCATTER_PAYS[SCATTER] ?? [])];
const MAX_LINES = PAYLINES.length;

const toIndices = (strips: MermaidMaths["base"]): Uint8Array[] =>
  strips.map((strip) => Uint8Array.from(strip, (id) => IDS.indexOf(id)));

/** Pay of every 5-symbol tuple on a line, indexed base-13 (reel 1 most significant). */
let tuplePayCache: { pay: Int32Array; symbol: Uint8Array; count: Uint8Array } | null = null;
function tuplePays() {
  if (tuplePayCache) return tuplePayCache;
  const size = N_SYMBOLS ** REELS;
  const pay = new Int32Array(size);
  const symbol = new Uint8Array(size);
  const count = new Uint8Array(size);
  const window = new Uint8Array(REELS);
  const rows = new Int8Array(REELS);
  const out: LineResult = { pay: 0, symbol: 0, count: 0 };
  for (let i = 0; i < size; i++) {
    let x = i;
    for (let r = REELS - 1; r >= 0; r--) {
      window[r] = x % N_SYMBOLS;
      x = Math.floor(x / N_SYMBOLS);
    }
    pay[i] = evaluateLine(PAYTABLE, window, 1, rows, out);
    symbol[i] = out.symbol;
    count[i] = out.count;
  }
  tuplePayCache = { pay, symbol, count };
  return tuplePayCache;
}

/** Symbol frequencies of each reel (probability that a given row shows each symbol). */
function frequencies(strips: Uint8Array[]): Float64Array[] {
  return strips.map((strip) => {
    const f = new Float64Array(N_SYMBOLS);
    for (const s of strip) f[s] = (f[s] as number) + 1 / strip.length;
    return f;
  });
}

/** Line RTP (coins per coin bet on a line) and the probability of each paying combination on one line. */
function lineMaths(strips: Uint8Array[]) {
  const { pay, symbol, count } = tuplePays();
  const f = frequencies(strips);
  const combos = new Map<string, { symbol: string; count: number; pay: number; probability: number }>();
  let ev = 0;
  const size = pay.length;
  for (let i = 0; i < size; i++) {
    const p = pay[i] as number;
    if (p === 0) continue;
    let x = i;
    let prob = 1;
    for (let r = REELS - 1; r >= 0; r--) {
      prob *= (f[r] as Float64Array)[x % N_SYMBOLS] as number;
      x = Math.floor(x / N_SYMBOLS);
    }
    if (prob === 0) continue;
    ev += prob * p;
    const key = `${symbol[i]}:${count[i]}`;
    const entry = combos.get(key);
    if (entry) entry.probability += prob;
    else combos.set(key, { symbol: IDS[symbol[i] as number] as string, count: count[i] as number, pay: p, probability: prob });
  }
  return { rtp: ev, combos: [...combos.values()] };
}

/** Distribution of the number of `symbol` visible in the window. */
function visibleCountDistribution(strips: Uint8Array[], symbol: number): number[] {
  let dist = [1];
  for (const strip of strips) {
    const perReel = new Array(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let n = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === symbol) n++;
      perReel[n] += 1 / strip.length;
    }
    const next = new Array(dist.length + ROWS).fill(0);
    dist.forEach((p, i) => {
      perReel.forEach((q, j) => {
        next[i + j] += p * q;
      });
    });
    dist = next;
  }
  return dist;
}

/**
 * Law of the longest TREASURE run from reel 1 over the first n enabled lines, for every
 * n = 1..15: `result[n][k]` = P(longest run = k) for k >= 3 (0 otherwise).
 */
function treasureRunLaw(strips: Uint8Array[]): number[][] {
  const masks = strips.map((strip) => {
    const m = new Array(1 << ROWS).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let mask = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === BONUS_INDEX) mask |= 1 << row;
      m[mask] += 1 / strip.length;
    }
    return m as number[];
  });
  const law = Array.from({ length: MAX_LINES + 1 }, () => new Array(REELS + 1).fill(0) as number[]);
  const chosen = new Array(REELS).fill(0) as number[];
  const visit = (reel: number, prob: number): void => {
    if (prob === 0) return;
    if (reel === REELS) {
      let longest = 0;
      for (let n = 1; n <= MAX_LINES; n++) {
        const line = PAYLINES[n - 1] as readonly number[];
        let run = 0;
        while (run < REELS && ((chosen[run] as number) >> (line[run] as number)) & 1) run++;
        if (run > longest) longest = run;
        const row = law[n] as number[];
        const k = longest >= TREASURE_BONUS.minRun ? longest : 0;
        row[k] = (row[k] as number) + prob;
      }
      return;
    }
    const m = masks[reel] as number[];
    for (let mask = 0; mask < m.length; mask++) {
      chosen[reel] = mask;
      visit(reel + 1, prob * (m[mask] as number));
    }
  };
  visit(0, 1);
  return law;
}

/** Expected free spins played per trigger: 10 awarded, +10 per retrigger (probability q per spin), at most 100. */
export function expectedFreeSpins(q: number): number {
  const { award, maxPerRound } = FREE_SPINS;
  let dist = new Map<number, number>([[award, 1]]);
  let expected = 0;
  for (let played = 0; played < maxPerRound; played++) {
    const next = new Map<number, number>();
    for (const [awarded, p] of dist) {
      if (awarded <= played) continue;
      expected += p;
      const retriggered = Math.min(awarded + award, maxPerRound);
      next.set(awarded, (next.get(awarded) ?? 0) + p * (1 - q));
      next.set(retriggered, (next.get(retriggered) ?? 0) + p * q);
    }
    dist = next;
  }
  return expected;
}

interface SetMaths {
  line: ReturnType<typeof lineMaths>;
  scatterCounts: number[];
  scatterRtp: number;
  trigger: number;
  runLaw: number[][];
}

function setMaths(strips: Uint8Array[]): SetMaths {
  const scatterCounts = visibleCountDistribution(strips, SCATTER_INDEX);
  const scatterRtp = scatterCounts.reduce((a, p, k) => a + p * (SCATTER_BY_COUNT[k] ?? 0), 0);
  const trigger = scatterCounts.slice(FREE_SPINS.minScatters).reduce((a, b) => a + b, 0);
  return { line: lineMaths(strips), scatterCounts, scatterRtp, trigger, runLaw: treasureRunLaw(strips) };
}

/** RTP of the Treasure bonus per spin, as a fraction of the total bet, at `lines` lines. */
function bonusRtp(set: SetMaths, lines: number, meanPrize: number): number {
  const law = set.runLaw[lines] as number[];
  let picks = 0;
  for (let k = TREASURE_BONUS.minRun; k <= REELS; k++) picks += (law[k] as number) * k;
  return (picks * meanPrize) / lines;
}

/** The RTP parts at `lines` lines. */
function rtpAt(base: SetMaths, free: SetMaths, lines: number, meanPrize: number) {
  const baseBonus = bonusRtp(base, lines, meanPrize);
  const freeSpinValue = FREE_SPINS.lineWinMultiplier * free.line.rtp + free.scatterRtp + bonusRtp(free, lines, meanPrize);
  const spinsPerTrigger = expectedFreeSpins(free.trigger);
  const freeSpins = base.trigger * spinsPerTrigger * freeSpinValue;
  const breakdown = { baseLines: base.line.rtp, baseScatter: base.scatterRtp, freeSpins, bonus: baseBonus };
  return {
    rtp: breakdown.baseLines + breakdown.baseScatter + breakdown.freeSpins + breakdown.bonus,
    breakdown,
    freeSpinValue,
    spinsPerTrigger,
  };
}

/** The fast part of the exact maths (no full cycle): RTP and its parts, at 15 lines unless told. */
export function exactRtp(maths: MermaidMaths = MODEL_MATHS, lines = MAX_LINES) {
  const base = setMaths(toIndices(maths.base));
  const free = maths.freeSpins === maths.base ? base : setMaths(toIndices(maths.freeSpins));
  const meanPrize = meanOf(maths.prizes);
  return { ...rtpAt(base, free, lines, meanPrize), base, free, meanPrize };
}

function meanOf(prizes: MermaidMaths["prizes"]): number {
  const total = prizes.reduce((a, p) => a + p.weight, 0);
  return prizes.reduce((a, p) => a + (p.coins * p.weight) / total, 0);
}

const WIN_BUCKETS = [0, 1, 2, 5, 10, 20, 50, 100, 250, 500, 1000];

/**
 * The full cycle of base-game stops at 15 lines: hit frequency (any line win, scatter
 * win or bonus trigger) and the law of line + scatter win per spin in x total bet.
 */
function fullCycle(strips: Uint8Array[]) {
  const { pay } = tuplePays();
  const lens = strips.map((s) => s.length);
  // column[r][stop*ROWS+row] = symbol
  const cols = strips.map((strip) => {
    const c = new Uint8Array(strip.length * ROWS);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < ROWS; row++) c[stop * ROWS + row] = strip[(stop + row) % strip.length] as number;
    return c;
  });
  const lineRows = PAYLINES.map((l) => Int8Array.from(l));
  const L = MAX_LINES;
  const prefix = Array.from({ length: REELS }, () => new Int32Array(L));
  const scat = new Int8Array(REELS + 1);
  const tre = Array.from({ length: REELS + 1 }, () => new Int8Array(L));
  let hits = 0;
  let cycle = 0;
  let sumSq = 0;
  let sum = 0;
  const buckets = new Float64Array(WIN_BUCKETS.length + 1);
  const [c0, c1, c2, c3, c4] = cols as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const countScatter = (c: Uint8Array, s: number) =>
    (c[s * ROWS] === SCATTER_INDEX ? 1 : 0) +
    (c[s * ROWS + 1] === SCATTER_INDEX ? 1 : 0) +
    (c[s * ROWS + 2] === SCATTER_INDEX ? 1 : 0);
  const treasure = (c: Uint8Array, s: number, row: number) => (c[s * ROWS + row] === BONUS_INDEX ? 1 : 0);
  const p0 = prefix[0] as Int32Array;
  const p1 = prefix[1] as Int32Array;
  const p2 = prefix[2] as Int32Array;
  const p3 = prefix[3] as Int32Array;
  const t0 = tre[0] as Int8Array;
  const t1 = tre[1] as Int8Array;
  const t2 = tre[2] as Int8Array;
  for (let s0 = 0; s0 < (lens[0] as number); s0++) {
    scat[0] = countScatter(c0, s0);
    for (let l = 0; l < L; l++) {
      const row = (lineRows[l] as Int8Array)[0] as number;
      p0[l] = c0[s0 * ROWS + row] as number;
      t0[l] = treasure(c0, s0, row);
    }
    for (let s1 = 0; s1 < (lens[1] as number); s1++) {
      scat[1] = (scat[0] as number) + countScatter(c1, s1);
      for (let l = 0; l < L; l++) {
        const row = (lineRows[l] as Int8Array)[1] as number;
        p1[l] = (p0[l] as number) * N_SYMBOLS + (c1[s1 * ROWS + row] as number);
        t1[l] = (t0[l] as number) & treasure(c1, s1, row);
      }
      for (let s2 = 0; s2 < (lens[2] as number); s2++) {
        scat[2] = (scat[1] as number) + countScatter(c2, s2);
        let bonus = 0;
        for (let l = 0; l < L; l++) {
          const row = (lineRows[l] as Int8Array)[2] as number;
          p2[l] = (p1[l] as number) * N_SYMBOLS + (c2[s2 * ROWS + row] as number);
          t2[l] = (t1[l] as number) & treasure(c2, s2, row);
          bonus |= t2[l] as number;
        }
        for (let s3 = 0; s3 < (lens[3] as number); s3++) {
          scat[3] = (scat[2] as number) + countScatter(c3, s3);
          for (let l = 0; l < L; l++) {
            const row = (lineRows[l] as Int8Array)[3] as number;
            p3[l] = (p2[l] as number) * N_SYMBOLS + (c3[s3 * ROWS + row] as number);
          }
          for (let s4 = 0; s4 < (lens[4] as number); s4++) {
            const scatters = (scat[3] as number) + countScatter(c4, s4);
            let coins = 0;
            const base4 = s4 * ROWS;
            for (let l = 0; l < L; l++) {
              coins += pay[
                (p3[l] as number) * N_SYMBOLS + (c4[base4 + ((lineRows[l] as Int8Array)[4] as number)] as number)
              ] as number;
            }
            const x = coins / L + (SCATTER_BY_COUNT[scatters] ?? 0);
            cycle++;
            if (x > 0 || bonus) hits++;
            sum += x;
            sumSq += x * x;
            let b = 0;
            if (x > 0) {
              b = 1;
              while (b < WIN_BUCKETS.length && x >= (WIN_BUCKETS[b] as number)) b++;
            }
            buckets[b] = (buckets[b] as number) + 1;
          }
        }
      }
    }
  }
  const winDistribution: ParReport["winDistribution"] = [{ from: 0, to: 0, probability: (buckets[0] as number) / cycle }];
  for (let b = 1; b <= WIN_BUCKETS.length; b++) {
    winDistribution.push({
      from: b === 1 ? 0 : (WIN_BUCKETS[b - 1] as number),
      to: b < WIN_BUCKETS.length ? (WIN_BUCKETS[b] as number) : null,
      probability: (buckets[b] as number) / cycle,
    });
  }
  return { cycle, hitFrequency: hits / cycle, mean: sum / cycle, meanSquare: sumSq / cycle, winDistribution };
}

/** The exact PAR report of Mermaid Treasure at 15 lines, with RTP by number of lines. */
export function computeExact(options: ExactOptions = {}): ParReport {
  const exact = exactRtp();
  const { base, breakdown } = exact;
  const cycle = options.fullCycle === false ? null : fullCycle(toIndices(MODEL_MATHS.base));
  const combinations: ParReport["combinations"] = [];
  for (const c of base.line.combos.sort((a, b) => b.pay - a.pay || a.symbol.localeCompare(b.symbol))) {
    combinations.push({
      kind: "line",
      symbol: c.symbol,
      count: c.count,
      pay: c.pay,
      probability: c.probability,
      rtp: c.probability * c.pay,
    });
  }
  base.scatterCounts.forEach((p, k) => {
    const pay = SCATTER_BY_COUNT[k] ?? 0;
    if (pay > 0) combinations.push({ kind: "scatter", symbol: SCATTER, count: k, pay, probability: p, rtp: p * pay });
  });
  const law15 = base.runLaw[MAX_LINES] as number[];
  for (let k = TREASURE_BONUS.minRun; k <= REELS; k++) {
    const p = law15[k] as number;
    combinations.push({
      kind: "bonus",
      symbol: "TREASURE",
      count: k,
      pay: k * exact.meanPrize,
      probability: p,
      rtp: (p * k * exact.meanPrize) / MAX_LINES,
    });
  }
  const bonusTrigger = law15.slice(TREASURE_BONUS.minRun).reduce((a, b) => a + b, 0);
  const figures: Record<string, number> = {
    lines: MAX_LINES,
    freeSpinsTriggerProbability: base.trigger,
    retriggerProbabilityPerFreeSpin: exact.free.trigger,
    expectedFreeSpinsPerTrigger: exact.spinsPerTrigger,
    freeSpinValueXBet: exact.freeSpinValue,
    bonusTriggerProbability: bonusTrigger,
    meanPickPrizeCoins: exact.meanPrize,
    maxPickPrizeCoins: Math.max(...MODEL_MATHS.prizes.map((p) => p.coins)),
  };
  if (cycle) {
    figures.fullCycle = cycle.cycle;
    figures.fullCycleLineScatterRtp = cycle.mean;
    figures.baseSpinLineScatterStdev = Math.sqrt(cycle.meanSquare - (breakdown.baseLines + breakdown.baseScatter) ** 2);
  }
  return {
    game: GAME_ID,
    version: MATHS_VERSION,
    rtp: exact.rtp,
    breakdown,
    hitFrequency: cycle ? cycle.hitFrequency : Number.NaN,
    features: [
      { id: "freeSpins", name: "Free spins (3+ MERMAID)", probability: base.trigger, oneIn: 1 / base.trigger },
      {
        id: "bonus",
        name: "Treasure bonus (3+ TREASURE on a line from reel 1)",
        probability: bonusTrigger,
        oneIn: 1 / bonusTrigger,
      },
    ],
    combinations,
    winDistribution: cycle ? cycle.winDistribution : [],
    rtpBy: {
      dimension: "lines",
      rows: PAYLINES.map((_, i) => ({ value: i + 1, rtp: rtpAt(base, exact.free, i + 1, exact.meanPrize).rtp })),
    },
    figures,
    notes: [
      "Exact by enumeration: line pays over all 13^5 symbol tuples weighted by reel frequencies; scatter counts by convolution of per-reel visible counts; Treasure runs over all 8^5 per-reel row masks; free spins by Wald's identity with the retrigger chain capped at 100 spins.",
      "Hit frequency and the base-spin win distribution (line + scatter wins, x total bet) enumerate the full cycle of all stop combinations at 15 lines; the cycle's mean line + scatter return (fullCycleLineScatterRtp) cross-checks the enumeration by symbol tuples.",
      "The RTP is the same at 1 to 15 lines and at every coin value and coins per line: line and scatter pays scale with the bet, and at most one TREASURE shows per reel while the 15 lines cross reels 1-3 on 15 different row paths, so Treasure triggers on different lines exclude each other and P(trigger at n lines) = n x P(trigger on one line).",
      "The Treasure bonus never exceeds 2,500 coins: the largest prize is 100 coins per coin, 5 picks at most, 5 coins per line at most.",
    ],
  };
}
