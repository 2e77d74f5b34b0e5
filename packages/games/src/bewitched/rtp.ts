/**
 * Bewitched's exact RTP at any bet, from model.ts through the engine's exact kit (milliseconds,
 * no simulation).
 *
 * - Lines: the pay law of each enabled payline from the per-reel cell laws (`lineExpectation`).
 * - Witch battle: the law of the WITCH count in the window (pays and free spins by count).
 * - Merlin: P(3+ MERLIN anywhere) x the outcome table at the bet (`merlinTable`); the jackpot is
 *   valued at its seed (2,000 coins = 2,000/B x the bet at B coins of total bet).
 * - Free spins: every free spin awards on average `m` new spins (battle and Merlin) on the same
 *   strips, so a paid spin that awards `a` spins plays a/(1 − m) of them in all (linearity; no
 *   cap, as the sheet says), each worth 2 x lines + battle + Merlin's cash and jackpot, all on
 *   the paid spin's bet.
 */
import { cellLaw, type LineRule, lineExpectation, linePaytable, type ReelLaw, reelLaws, windowCountLaw } from "@reelhouse/engine";
import {
  BONUS,
  FREE_SPINS,
  LINE_PAYS,
  MERLIN,
  PAYLINES,
  PROGRESSIVE,
  REEL_STRIPS,
  REELS,
  ROWS,
  SCATTER,
  SYMBOLS,
  WILD,
  WITCH_BATTLE,
} from "./model.js";
import type { MerlinPrize } from "./types.js";

export const SYMBOL_IDS: readonly string[] = SYMBOLS.map((s) => s.id);
export const N_SYMBOLS = SYMBOL_IDS.length;

/** The line rule built from model.ts alone: the wild substitutes for regular symbols only (sheet 3.1). */
export const LINE_RULE: LineRule = {
  paytable: linePaytable(SYMBOLS, LINE_PAYS, REELS, WILD, (s) => s.kind === "regular"),
};

/** Strips as symbol indices (throws on an unknown symbol). */
export function stripIndices(strips: readonly string[]): Uint8Array[] {
  return strips.map((strip, r) =>
    Uint8Array.from(strip.split(" "), (id) => {
      const i = SYMBOL_IDS.indexOf(id);
      if (i < 0) throw new Error(`reel ${r + 1}: unknown symbol ${id}`);
      return i;
    }),
  );
}

/** A bet as far as the maths cares: lines played and coins per line (the coin value scales every amount). */
export interface MathsBet {
  lines: number;
  coinsPerLine: number;
}

/** Total bet in coins. */
export const betCoins = (bet: MathsBet): number => bet.lines * bet.coinsPerLine;

/** One outcome of the Merlin table at a bet: a prize and its weight. */
export type MerlinOutcome = MerlinPrize & { weight: number };

/**
 * The Merlin table at a total bet of `coins` coins: the jackpot's weight grows with the
 * stake, the 15x and 300x prizes make room, the total weight never changes.
 */
export function merlinTable(coins: number): MerlinOutcome[] {
  if (!Number.isInteger(coins) || coins < 1) throw new Error(`total bet in coins must be a positive integer, got ${coins}`);
  const out: MerlinOutcome[] = MERLIN.cash.map((c) => {
    let weight: number = c.weight;
    if (c.times === 15) weight -= MERLIN.perCoin.from15 * coins;
    if (c.times === 300) weight += MERLIN.perCoin.to300 * coins;
    return { kind: "cash", times: c.times, weight };
  });
  for (const f of MERLIN.freeSpins) out.push({ kind: "freeSpins", spins: f.spins, weight: f.weight });
  out.push({ kind: "jackpot", weight: MERLIN.jackpotWeightPerCoin * coins });
  return out;
}

/** Merlin's parts at a bet: mean cash (x bet), P(jackpot), mean free spins, and the jackpot at seed (x bet). */
export function merlinMeans(coins: number) {
  let cash = 0;
  let jackpot = 0;
  let spins = 0;
  for (const o of merlinTable(coins)) {
    const p = o.weight / MERLIN.totalWeight;
    if (o.kind === "cash") cash += p * o.times;
    else if (o.kind === "freeSpins") spins += p * o.spins;
    else jackpot += p;
  }
  const jackpotAtSeed = (jackpot * PROGRESSIVE.seedCoins) / coins;
  return { cash, jackpot, spins, jackpotAtSeed };
}

/** The strips' laws that every bet shares. */
export interface SetMaths {
  reels: ReelLaw[];
  /** Per payline: mean pay (coins per coin on the line). */
  lineMeans: number[];
  /** P(k WITCH in the window). */
  witchCounts: Float64Array;
  /** E[battle pay] (x total bet) and E[free spins the battle awards], per spin. */
  battle: number;
  battleSpins: number;
  /** P(k MERLIN in the window). */
  merlinCounts: Float64Array;
  /** P(3+ MERLIN in the window). */
  merlin: number;
}

/** Lines, the witch battle and the Merlin trigger of a reel set. */
export function setMaths(strips: readonly string[] = REEL_STRIPS): SetMaths {
  const reels = reelLaws(stripIndices(strips), ROWS);
  const lineMeans = PAYLINES.map(
    (line) =>
      lineExpectation(
        LINE_RULE,
        line.map((row, r) => cellLaw(reels[r] as ReelLaw, row, N_SYMBOLS)),
      ).mean,
  );
  const witchCounts = windowCountLaw(reels, SYMBOL_IDS.indexOf(SCATTER));
  let battle = 0;
  let battleSpins = 0;
  witchCounts.forEach((p, k) => {
    battle += p * (WITCH_BATTLE.pays[k] ?? 0);
    battleSpins += p * (WITCH_BATTLE.freeSpins[k] ?? 0);
  });
  let merlin = 0;
  const merlinCounts = windowCountLaw(reels, SYMBOL_IDS.indexOf(BONUS));
  merlinCounts.forEach((p, k) => {
    if (k >= MERLIN.minSymbols) merlin += p;
  });
  return { reels, lineMeans, witchCounts, battle, battleSpins, merlinCounts, merlin };
}

/** Line RTP (x total bet) at `lines` lines: the mean line pay over the enabled lines. */
export function lineRtp(set: SetMaths, lines: number): number {
  let s = 0;
  for (let l = 0; l < lines; l++) s += set.lineMeans[l] as number;
  return s / lines;
}

/** The exact RTP at a bet with the progressive at its seed, its parts, and the jackpot's odds. */
export function rtpAt(bet: MathsBet, set: SetMaths = setMaths()) {
  const coins = betCoins(bet);
  const merlin = merlinMeans(coins);
  /** New free spins per spin (paid or free: one reel set). */
  const spinsAwarded = set.battleSpins + set.merlin * merlin.spins;
  if (spinsAwarded >= 1) throw new Error(`free spins would never end: ${spinsAwarded} new spins per spin`);
  const freeSpinsPerRound = spinsAwarded / (1 - spinsAwarded);
  const merlinValue = set.merlin * (merlin.cash + merlin.jackpotAtSeed);
  const freeSpinValue = FREE_SPINS.lineWinMultiplier * lineRtp(set, bet.lines) + set.battle + merlinValue;
  const breakdown = {
    baseLines: lineRtp(set, bet.lines),
    baseBattle: set.battle,
    baseMerlinCash: set.merlin * merlin.cash,
    baseJackpot: set.merlin * merlin.jackpotAtSeed,
    freeSpins: freeSpinsPerRound * freeSpinValue,
  };
  const rtp = breakdown.baseLines + breakdown.baseBattle + breakdown.baseMerlinCash + breakdown.baseJackpot + breakdown.freeSpins;
  return {
    rtp,
    /** The long run: the pools return the 0.5% of every bet they take. */
    rtpLongRun: rtp + PROGRESSIVE.rateBps / 10_000,
    breakdown,
    freeSpinsPerRound,
    spinsAwarded,
    freeSpinValue,
    /** P(the jackpot is won in a paid round), its free spins included. */
    jackpotPerRound: set.merlin * merlin.jackpot * (1 + freeSpinsPerRound),
  };
}
