/**
 * Line bets (coin value x coins per line x lines) from a game's options, pure: every
 * selectable bet and the largest one an amount covers.
 */
import type { LineBet } from "../types.js";

/** The options a line game offers, as its description lists them. */
export interface LineBetOptions {
  coinValues: readonly number[];
  coinsPerLine: readonly number[];
  lines: readonly number[];
}

/** Total stake of a line bet, minor units. */
export function lineTotal(bet: LineBet): number {
  return bet.coinValue * bet.coinsPerLine * bet.lines;
}

/** Every selectable line bet. */
export function allLineBets(options: LineBetOptions): LineBet[] {
  const bets: LineBet[] = [];
  for (const coinValue of options.coinValues)
    for (const coinsPerLine of options.coinsPerLine)
      for (const lines of options.lines) bets.push({ coinValue, coinsPerLine, lines });
  return bets;
}

/**
 * The largest bet whose total is at most `limit` (a balance, a stake cap), or null when even
 * the smallest is above it. Among bets of the same total it keeps the most lines (every line
 * can pay), then the player's coin value, then the most coins per line.
 */
export function largestBetWithin(options: LineBetOptions, limit: number, current?: LineBet): LineBet | null {
  let best: LineBet | null = null;
  const better = (a: LineBet, b: LineBet): boolean => {
    if (lineTotal(a) !== lineTotal(b)) return lineTotal(a) > lineTotal(b);
    if (a.lines !== b.lines) return a.lines > b.lines;
    const aKeeps = a.coinValue === current?.coinValue;
    if (aKeeps !== (b.coinValue === current?.coinValue)) return aKeeps;
    return a.coinsPerLine > b.coinsPerLine;
  };
  for (const bet of allLineBets(options)) if (lineTotal(bet) <= limit && (!best || better(bet, best))) best = bet;
  return best;
}
