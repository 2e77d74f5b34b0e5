/**
 * The fast full cycle of a line game: every stop combination of a reel set, each window's
 * line pays summed over the first n paylines (for each line count asked) and kept in a
 * histogram by the game's own class of the window (scatter count, bonus trigger, picks,
 * jackpot lines…). The joint law of everything one spin decides, without a window buffer:
 * each line's symbols are folded into a base-S prefix once per stop of the reels before the
 * last, and the last reel only looks the pay up in the tuple table (`tuplePayTable`).
 *
 * Generic over the strips (any reel laws, stop weights included), the paylines, the line
 * rule (wild, substitutions, wild multipliers) and the class function. The class function
 * sees, through {@link LineCycleWindow}, the count of each `counted` symbol in the window,
 * each reel's stop, and the runs from reel 1 of each `runs` symbol along the lines.
 */
import { enumerateCycle } from "./cycle.js";
import { OutcomeHistogram } from "./histogram.js";
import { type LineRule, tuplePayTable } from "./lines.js";
import type { ReelLaw } from "./reels.js";

/** What the class function sees of one window (valid only during the call). */
export interface LineCycleWindow {
  /** The stop (column index of its law) of each reel. */
  readonly stops: Int32Array;
  /** How many cells of the window show each `counted` symbol, in the spec's order. */
  readonly counts: Int32Array;
  /**
   * The longest run of `runs[k]` from reel 1 (that symbol exactly, no substitution) over
   * every payline of the spec, 0 when no line starts with it.
   */
  longestRun(k: number): number;
  /** How many paylines show `runs[k]` on each of their first `length` reels. */
  linesWithRun(k: number, length: number): number;
}

/** What to enumerate and how to class it. */
export interface LineCycleSpec {
  /** The paylines: the row each crosses on each reel. */
  readonly lines: readonly (readonly number[])[];
  /** The line rule: paytable (wild, substitutions, pays) and optional wild multipliers; pays are integer coins. */
  readonly rule: LineRule;
  /** Number of symbols (indices 0..symbols − 1 in the reel laws). */
  readonly symbols: number;
  /** Line counts to sum the pays over (the first n lines each); default: every line. Ascending. */
  readonly lineCounts?: readonly number[];
  /** Symbols whose number in the window the class function reads (`counts`). */
  readonly counted?: readonly number[];
  /** Symbols whose runs from reel 1 along the lines the class function reads. */
  readonly runs?: readonly number[];
  /** Number of classes; `classOf` returns 0..classes − 1. */
  readonly classes: number;
  /** The class of a window. Called once per window: keep it cheap. */
  classOf(window: LineCycleWindow): number;
}

/** The joint law of one spin: per line count, the weights of the summed line pays by class. */
export interface LineCycle {
  /** The line counts, as asked (ascending). */
  readonly lineCounts: readonly number[];
  /**
   * `histograms[i]`: weights (products of stop weights) of the line pays summed over the
   * first `lineCounts[i]` lines (coins per coin on a line), by class.
   */
  readonly histograms: readonly OutcomeHistogram[];
  /** The histogram at the largest line count (every line, by default). */
  readonly histogram: OutcomeHistogram;
  readonly combinations: number;
  readonly totalWeight: number;
}

const tables = new WeakMap<LineRule, Map<number, Int32Array>>();

/** The tuple pay table of a rule, built once per rule and symbol count. */
function payTable(rule: LineRule, symbols: number): Int32Array {
  let byCount = tables.get(rule);
  if (!byCount) {
    byCount = new Map();
    tables.set(rule, byCount);
  }
  let table = byCount.get(symbols);
  if (!table) {
    table = tuplePayTable(rule, symbols);
    // The sums below rely on it: a line never takes away.
    if (table.some((p) => p < 0)) throw new Error("lineCycle: a line pay is negative");
    byCount.set(symbols, table);
  }
  return table;
}

/**
 * Enumerates the full cycle of `reels` under `spec`. Exact: weights are products of integer
 * stop weights (exact in doubles below 2^53), pays are integers.
 */
export function lineCycle(reels: readonly ReelLaw[], spec: LineCycleSpec): LineCycle {
  const R = reels.length;
  const { lines, symbols: S } = spec;
  if (R < 2) throw new Error("lineCycle: at least 2 reels");
  if (spec.rule.paytable.reels !== R) throw new Error(`lineCycle: the rule is for ${spec.rule.paytable.reels} reels, not ${R}`);
  const L = lines.length;
  if (L === 0) throw new Error("lineCycle: no paylines");
  lines.forEach((line, l) => {
    if (line.length !== R) throw new Error(`lineCycle: line ${l + 1} has ${line.length} rows for ${R} reels`);
    line.forEach((row, r) => {
      const rows = (reels[r] as ReelLaw).rows;
      if (!Number.isInteger(row) || row < 0 || row >= rows)
        throw new Error(`lineCycle: line ${l + 1} crosses row ${row} of reel ${r + 1}`);
    });
  });
  const lineCounts = spec.lineCounts ?? [L];
  lineCounts.forEach((n, i) => {
    if (!Number.isInteger(n) || n < 1 || n > L || (i > 0 && n <= (lineCounts[i - 1] as number)))
      throw new Error(`lineCycle: line counts must ascend within 1..${L}`);
  });
  const counted = spec.counted ?? [];
  const runSymbols = spec.runs ?? [];
  const pays = payTable(spec.rule, S);
  const last = R - 1;
  const cells = reels.map((r) => r.cells);
  const rowsOf = reels.map((r) => r.rows);
  const lineRows = lines.map((l) => Int32Array.from(l));
  const histograms = lineCounts.map(() => new OutcomeHistogram(spec.classes, 1 << 12));

  // prefix[r][l]: base-S index of the symbols of line l on reels 0..r.
  const prefix = Array.from({ length: R }, () => new Int32Array(L));
  // Counted symbols: prefix sums by reel, and the last reel's count per stop.
  const K = counted.length;
  const countPrefix = new Int32Array(R * K);
  const lastCells = cells[last] as Uint8Array;
  const lastRows = rowsOf[last] as number;
  const lastColumns = (reels[last] as ReelLaw).weights.length;
  const lastCounts = new Int32Array(lastColumns * K);
  for (let c = 0; c < lastColumns; c++)
    for (let k = 0; k < K; k++) {
      let n = 0;
      for (let row = 0; row < lastRows; row++) if (lastCells[c * lastRows + row] === counted[k]) n++;
      lastCounts[c * K + k] = n;
    }
  // Runs: run[k][r][l] = length of the run of runs[k] from reel 1 on line l over reels 0..r;
  // longest[k][r] = its maximum over the lines.
  const J = runSymbols.length;
  const run = Array.from({ length: J }, () => Array.from({ length: R }, () => new Int8Array(L)));
  const longest = Array.from({ length: J }, () => new Int32Array(R));
  const counts = new Int32Array(K);
  const stops = new Int32Array(R);
  const penultimate = last - 1;
  const lastRowOf = Int32Array.from(lineRows, (l) => l[last] as number);

  const window: LineCycleWindow = {
    stops,
    counts,
    longestRun(k) {
      const before = (longest[k] as Int32Array)[penultimate] as number;
      // Only a line running over every reel before the last can grow on it.
      if (before < last) return before;
      const runs = (run[k] as Int8Array[])[penultimate] as Int8Array;
      const s = runSymbols[k] as number;
      const base = (stops[last] as number) * lastRows;
      for (let l = 0; l < L; l++) if (runs[l] === last && lastCells[base + (lastRowOf[l] as number)] === s) return R;
      return before;
    },
    linesWithRun(k, length) {
      if (length > R) return 0;
      const before = (longest[k] as Int32Array)[penultimate] as number;
      const runs = (run[k] as Int8Array[])[penultimate] as Int8Array;
      if (length < R) {
        if (before < length) return 0;
        let n = 0;
        for (let l = 0; l < L; l++) if ((runs[l] as number) >= length) n++;
        return n;
      }
      if (before < last) return 0;
      const s = runSymbols[k] as number;
      const base = (stops[last] as number) * lastRows;
      let n = 0;
      for (let l = 0; l < L; l++) if (runs[l] === last && lastCells[base + (lastRowOf[l] as number)] === s) n++;
      return n;
    },
  };

  const pLast = prefix[penultimate] as Int32Array;
  const single = lineCounts.length === 1;
  const singleHistogram = histograms[0] as OutcomeHistogram;
  const upTo = Int32Array.from(lineCounts);
  const linePays = new Int32Array(L);
  // firstPaying[class * (L + 1) + f]: weight of the windows whose first paying line is f (L: none).
  const firstPaying = new Float64Array(spec.classes * (L + 1));
  // firstCountAbove[f]: the first line count n > f (n − 1 ≥ f), i.e. the first sum that holds line f.
  const firstCountAbove = Int32Array.from({ length: L + 1 }, (_, f) => {
    const i = lineCounts.findIndex((n) => n > f);
    return i < 0 ? lineCounts.length : i;
  });
  const size = enumerateCycle(
    reels.map((r) => r.weights),
    {
      enter(reel, column) {
        stops[reel] = column;
        const c = cells[reel] as Uint8Array;
        const base = column * (rowsOf[reel] as number);
        const p = prefix[reel] as Int32Array;
        const before = reel > 0 ? (prefix[reel - 1] as Int32Array) : null;
        for (let l = 0; l < L; l++) {
          const s = c[base + ((lineRows[l] as Int32Array)[reel] as number)] as number;
          p[l] = (before ? (before[l] as number) * S : 0) + s;
        }
        for (let k = 0; k < K; k++) {
          let n = reel > 0 ? (countPrefix[(reel - 1) * K + k] as number) : 0;
          for (let row = 0; row < (rowsOf[reel] as number); row++) if (c[base + row] === counted[k]) n++;
          countPrefix[reel * K + k] = n;
        }
        for (let k = 0; k < J; k++) {
          const s = runSymbols[k] as number;
          const runs = (run[k] as Int8Array[])[reel] as Int8Array;
          const runsBefore = reel > 0 ? ((run[k] as Int8Array[])[reel - 1] as Int8Array) : null;
          let top = 0;
          for (let l = 0; l < L; l++) {
            const was = runsBefore ? (runsBefore[l] as number) : 0;
            const now = was === reel && c[base + ((lineRows[l] as Int32Array)[reel] as number)] === s ? reel + 1 : was;
            runs[l] = now;
            if (now > top) top = now;
          }
          (longest[k] as Int32Array)[reel] = top;
        }
      },
      visit(column, weight) {
        stops[last] = column;
        const base = column * lastRows;
        for (let k = 0; k < K; k++)
          counts[k] = (countPrefix[penultimate * K + k] as number) + (lastCounts[column * K + k] as number);
        const klass = spec.classOf(window);
        if (single) {
          const n = upTo[0] as number;
          let coins = 0;
          for (let l = 0; l < n; l++)
            coins += pays[(pLast[l] as number) * S + (lastCells[base + (lastRowOf[l] as number)] as number)] as number;
          singleHistogram.add(klass, coins, weight);
          return;
        }
        // Pays are never negative: the sums over the first n lines are 0 exactly while n is at
        // most the first paying line. Zeros are counted once per window by that line (`firstPaying`);
        // only the sums after it reach the histograms.
        let first = L;
        for (let l = 0; l < L; l++) {
          const p = pays[(pLast[l] as number) * S + (lastCells[base + (lastRowOf[l] as number)] as number)] as number;
          linePays[l] = p;
          if (p !== 0 && first === L) first = l;
        }
        firstPaying[klass * (L + 1) + first] = (firstPaying[klass * (L + 1) + first] as number) + weight;
        if (first === L) return;
        let coins = 0;
        let i = firstCountAbove[first] as number;
        let next = upTo[i] as number;
        for (let l = first; l < L; l++) {
          coins += linePays[l] as number;
          if (l + 1 === next) {
            (histograms[i] as OutcomeHistogram).add(klass, coins, weight);
            i++;
            if (i === upTo.length) break;
            next = upTo[i] as number;
          }
        }
      },
    },
  );
  if (!single)
    histograms.forEach((h, i) => {
      const n = upTo[i] as number;
      for (let k = 0; k < spec.classes; k++) {
        // The sum over the first n lines is 0 when the first paying line is n or later.
        let w = 0;
        for (let f = n; f <= L; f++) w += firstPaying[k * (L + 1) + f] as number;
        if (w > 0) h.add(k, 0, w);
      }
    });
  return {
    lineCounts: [...lineCounts],
    histograms,
    histogram: histograms[histograms.length - 1] as OutcomeHistogram,
    combinations: size.combinations,
    totalWeight: size.totalWeight,
  };
}
