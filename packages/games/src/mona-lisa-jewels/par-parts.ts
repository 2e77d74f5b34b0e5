/**
 * Parts of Mona Lisa Jewels' PAR sheet that are plain bookkeeping over exact figures:
 * reel sets, line and scatter combinations, the reel-1 row-symmetry table, the jackpot's
 * seed by coin value, the definitions and the notes.
 */
import {
  lineCombinations,
  PAR_DEFINITIONS,
  type ParCombination,
  type ParReelSet,
  type ParTable,
  type ReelLaw,
  reelSetTable,
  scatterCombinations,
} from "@reelhouse/engine";
import { seedByCoinValue } from "./describe.js";
import { columnsOf, isTriggerColumn } from "./jewel-chain.js";
import { JACKPOT_RULES, ROWS, SCATTER } from "./model.js";
import type { GameMaths, MonaMaths } from "./rtp.js";
import { SCATTER_BY_COUNT, SYMBOL_IDS } from "./tables.js";

/** The three reel sets with their symbol counts. */
export function reelSets(maths: MonaMaths): ParReelSet[] {
  return [
    reelSetTable("base", maths.base, SYMBOL_IDS),
    reelSetTable("free spins", maths.freeSpins, SYMBOL_IDS),
    reelSetTable("Jewel spins (reels 2-5; reel 1 locked)", maths.jewel, SYMBOL_IDS),
  ];
}

/** Base-game line combinations (per line: every line alike, averaged over the 25) and scatter combinations (per paid spin). */
export function combinations(g: GameMaths): ParCombination[] {
  return [
    ...lineCombinations(g.base.spin.lines, SYMBOL_IDS),
    ...scatterCombinations(g.base.spin.scatterCounts, SCATTER_BY_COUNT, SCATTER),
  ];
}

/**
 * The row-symmetry table of a reel-1 law: for each symbol, the probability that the reel
 * shows a Jewel trigger with that symbol in row 1, 2, 3. Equal columns are what makes every
 * line (and so every line count) return the same.
 */
export function symmetryRows(reel1: ReelLaw): { symbol: string; rows: number[] }[] {
  const by = new Map<number, number[]>();
  for (const { cells, p } of columnsOf(reel1)) {
    if (!isTriggerColumn(cells)) continue;
    cells.forEach((s, row) => {
      const r = by.get(s) ?? new Array<number>(ROWS).fill(0);
      r[row] = (r[row] as number) + p;
      by.set(s, r);
    });
  }
  return [...by].map(([s, rows]) => ({ symbol: SYMBOL_IDS[s] as string, rows }));
}

/** The reel-1 symmetry tables of the base and free-spin strips. */
export function symmetryTable(g: GameMaths): ParTable {
  const rows: (string | number)[][] = [];
  for (const [set, reels] of [
    ["base", g.base.reels],
    ["free spins", g.free.reels],
  ] as const) {
    for (const { symbol, rows: p } of symmetryRows(reels[0] as ReelLaw)) rows.push([set, symbol, ...p]);
  }
  return {
    id: "reelOneSymmetry",
    title: "Reel 1: P(Jewel trigger and the row shows the symbol), per spin",
    note: "Equal in every row, so a line starting in any row sees the same locked reel in Jewel spins: the RTP is the same at every line count (rtpByLines).",
    columns: ["Reel set", "Symbol", "Row 1 (top)", "Row 2", "Row 3"],
    rows,
  };
}

/** The progressive's seed at every coin value. */
export function seedTable(): ParTable {
  return {
    id: "jackpotSeed",
    title: "Progressive seed by coin value",
    note: `The pool is kept at the reference coin value ${JACKPOT_RULES.referenceCoinValue / 100} EUR: seed ${JACKPOT_RULES.seedMicro / 1e6} EUR; a win at coin value c pays pool x c / ${JACKPOT_RULES.referenceCoinValue / 100}, rounded down to the cent. The sheet's example "0.2 -> 1000" contradicts its proportional rule (0.20 -> 10,000); the rule is followed.`,
    columns: ["Coin value (EUR)", "Seed paid (EUR)", "x max bet"],
    rows: seedByCoinValue().map(({ coinValue, seed }) => [
      coinValue / 100,
      seed / 100,
      seed / (coinValue * JACKPOT_RULES.lines * JACKPOT_RULES.coinsPerLine),
    ]),
  };
}

/** Words for the headline figures. */
export const DEFINITIONS: Record<string, string> = {
  rtp: "Expected total win of a paid round (paid spin, Jewel spins, normal free spins, every spin they award) divided by the total bet, at the default bet (25 lines, 1 coin per line: below max bet). Every coin value gives the same.",
  breakdown:
    "baseLines and baseScatter: line and scatter wins of the paid spin; jewelSpins: everything won in Jewel spins (triggered by the paid spin or by normal free spins); freeSpins: line and scatter wins of normal free spins; jackpot: the progressive at its seed (max bet only). Fractions of the total bet; they sum to rtp.",
  hitFrequency:
    "P(a paid round's total win > 0), per paid round: 1 − P(the paid spin pays nothing and awards no free spins, and, when it triggers Jewel spins, neither Jewel spin pays or awards anything).",
  stdev:
    "Standard deviation of a paid round's total win, in multiples of the total bet, exact: second moments of every spin and of the Jewel series (pairs of lines and scatter counts over the joint laws of the triggering spin and its Jewel spins), then the free-spin branching recursion.",
  variants:
    "The exact RTP at every line count (1–25) and coins per line (1–10); the progressive replaces the 5-JACKPOT paytable value only at 25 lines and 10 coins per line. The coin value multiplies every amount and changes nothing. figures.rtpLongRun (house level) adds the 0.5% contribution that the pool pays out to its winners; figures.rtpOwnLongRun is what a player at that bet gets back: below max bet the rtp itself (the progressive cannot be won there), at max bet rtp + 0.5% / f with f the share of all wagers placed at max bet, given at f = 1.",
  combinations: "Line combinations: probability on one enabled line (every line alike), base game; scatter: per paid spin.",
  bands: PAR_DEFINITIONS.bands,
  maxWin:
    "Free spins can be won without limit, so a round's win is unbounded (x: null); figures.maxWinPaidSpin is the largest paid spin.",
  mathsHash: "SHA-256 of `reelhouse model mona-lisa-jewels --json` in canonical JSON (keys sorted, no spaces).",
};

/** The method in words. */
export function notes(): string[] {
  return [
    "Exact, no simulation. Lines: the pay law of each payline from the per-reel cell laws (wild substitution and own pays, x2/x4/x8 by the wilds in the paid combination in normal free spins, only the highest combination per line). Scatters: convolution of per-reel SCATTER counts.",
    "Jewel spins: reel 1 locked on the triggering column (its law: the trigger columns of reel 1); each of reels 2–5 an absorbing Markov chain over sticky masks (spin, held JEWEL/WILD per row), solved for its occupancy; each Jewel spin's window is the product of the reels' laws, so lines and scatters follow as for any spin.",
    "Free spins by linearity: a normal free spin's whole value T = (v + t·w) / (1 − m), m = 10·(P(3+ SCATTER) + P(Jewel)·E[Jewel spins with 3+ SCATTER]) < 1; no limit, every round ends with probability 1.",
    "The progressive at max bet: each 5-JACKPOT line of a paid or normal free spin pays the pool at its seed (200 x bet at every coin value) instead of the paytable value; never in Jewel spins. rtpLongRun = rtp + 0.5% is the house-level return of every bet's wagers (the contributions are paid out to max-bet winners); a player below max bet gets back rtp (94.30%), a player at max bet rtp + 0.5% / f, where f is the share of all wagers placed at max bet (95.10% when every wager is at max bet). Optimal play never beats the house: 95.10% < 100%.",
    "Row symmetry: reel 1 shows each Jewel trigger column equally often at every row offset (table reelOneSymmetry), so every line has the same value and the RTP is identical at every line count; variants list all 250 bets (25 line counts x 10 coins per line).",
  ];
}
