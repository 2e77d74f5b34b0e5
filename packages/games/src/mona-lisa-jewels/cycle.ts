/**
 * The full cycle of a reel set at 25 lines: every stop combination (43,614,208 on the base
 * strips), each window evaluated as the round evaluates it. The result is the exact joint
 * law of what one spin decides, kept as histograms of the summed line pays (coins per coin
 * on a line, the 5-JACKPOT lines' paytable value included) by class = (SCATTER count, Jewel
 * trigger, number of 5-JACKPOT lines): the paid spin's law at any bet level follows from it.
 */
import { enumerateCycle, type LineRule, OutcomeHistogram, type ReelLaw, tuplePayTable } from "@reelhouse/engine";
import { isTriggerColumn } from "./jewel-chain.js";
import { PAYLINES, REELS, ROWS } from "./model.js";
import { JACKPOT_INDEX, MAX_LINES, N_SYMBOLS, SCATTER_INDEX } from "./tables.js";

/** Most 5-JACKPOT lines a class records (a stacked JACKPOT pair on every reel allows several). */
export const MAX_JACKPOT_LINES = 8;

/** The class of a window: SCATTER count, Jewel trigger (0/1), 5-JACKPOT lines. */
export const classOf = (scatters: number, trigger: number, jackpotLines: number): number =>
  (scatters * 2 + trigger) * (MAX_JACKPOT_LINES + 1) + jackpotLines;

/** Decodes {@link classOf}. */
export function classParts(klass: number): { scatters: number; trigger: number; jackpotLines: number } {
  const jackpotLines = klass % (MAX_JACKPOT_LINES + 1);
  const rest = (klass - jackpotLines) / (MAX_JACKPOT_LINES + 1);
  return { scatters: Math.floor(rest / 2), trigger: rest % 2, jackpotLines };
}

/** The joint law of one spin at 25 lines. */
export interface SpinCycle {
  /** Weights (stop-combination counts) of the summed line pays, by {@link classOf}. */
  histogram: OutcomeHistogram;
  combinations: number;
  totalWeight: number;
}

/**
 * Enumerates the full cycle of `reels` at 25 lines under `rule`. Line pays are looked up in
 * the tuple table by a per-line prefix built once per stop of reels 1–4.
 */
export function spinCycle(reels: readonly ReelLaw[], rule: LineRule): SpinCycle {
  if (reels.length !== REELS || reels.some((r) => r.rows !== ROWS)) throw new Error("spinCycle: a 5x3 reel set is expected");
  const pays = tuplePayTable(rule, N_SYMBOLS);
  const L = MAX_LINES;
  const S = N_SYMBOLS;
  const lineRows = PAYLINES.map((l) => Int8Array.from(l));
  const cells = reels.map((r) => r.cells);
  const prefix = Array.from({ length: REELS }, () => new Int32Array(L));
  // jp[r][l]: the line shows JACKPOT on every reel 0..r.
  const jp = Array.from({ length: REELS }, () => new Uint8Array(L));
  const scatters = new Int32Array(REELS);
  let trigger = 0;
  const histogram = new OutcomeHistogram(classOf(REELS * ROWS, 1, MAX_JACKPOT_LINES) + 1, 1 << 12);
  const c4 = cells[4] as Uint8Array;
  const p3 = prefix[3] as Int32Array;
  const j3 = jp[3] as Uint8Array;
  const row4 = Int8Array.from(lineRows, (l) => l[4] as number);
  const five = (pays[JACKPOT_INDEX * (S ** 4 + S ** 3 + S ** 2 + S + 1)] ?? 0) > 0;
  if (!five) throw new Error("spinCycle: 5 JACKPOT must pay");

  const size = enumerateCycle(
    reels.map((r) => r.weights),
    {
      enter(reel, column) {
        const c = cells[reel] as Uint8Array;
        const base = column * ROWS;
        let n = 0;
        for (let row = 0; row < ROWS; row++) if (c[base + row] === SCATTER_INDEX) n++;
        scatters[reel] = (reel > 0 ? (scatters[reel - 1] as number) : 0) + n;
        if (reel === 0) trigger = isTriggerColumn(c.subarray(base, base + ROWS)) ? 1 : 0;
        const p = prefix[reel] as Int32Array;
        const j = jp[reel] as Uint8Array;
        const before = reel > 0 ? (prefix[reel - 1] as Int32Array) : null;
        const jBefore = reel > 0 ? (jp[reel - 1] as Uint8Array) : null;
        for (let l = 0; l < L; l++) {
          const s = c[base + ((lineRows[l] as Int8Array)[reel] as number)] as number;
          p[l] = (before ? (before[l] as number) * S : 0) + s;
          j[l] = (jBefore ? (jBefore[l] as number) : 1) & (s === JACKPOT_INDEX ? 1 : 0);
        }
      },
      visit(column, weight) {
        const base = column * ROWS;
        let coins = 0;
        let jackpots = 0;
        for (let l = 0; l < L; l++) {
          const s = c4[base + (row4[l] as number)] as number;
          coins += pays[(p3[l] as number) * S + s] as number;
          if (j3[l] === 1 && s === JACKPOT_INDEX) jackpots++;
        }
        const sc =
          (scatters[3] as number) +
          (c4[base] === SCATTER_INDEX ? 1 : 0) +
          (c4[base + 1] === SCATTER_INDEX ? 1 : 0) +
          (c4[base + 2] === SCATTER_INDEX ? 1 : 0);
        if (jackpots > MAX_JACKPOT_LINES) throw new Error(`spinCycle: ${jackpots} 5-JACKPOT lines in one window`);
        histogram.add(classOf(sc, trigger, jackpots), coins, weight);
      },
    },
  );
  return { histogram, combinations: size.combinations, totalWeight: size.totalWeight };
}
