/**
 * The line bet most slot sheets describe: a coin value, coins per line and a number of
 * enabled lines, each one of the game's options. Games that bet this way share the parsing,
 * the total and the list of selectable bets.
 */
import { GameInputError } from "../round.js";

/** A line bet: coin value (minor units), coins per line, number of enabled lines. */
export interface LineBet {
  readonly coinValue: number;
  readonly coinsPerLine: number;
  readonly lines: number;
}

/** The values a game offers for each field of a line bet. */
export interface LineBetOptions {
  readonly coinValues: readonly number[];
  readonly coinsPerLine: readonly number[];
  readonly lines: readonly number[];
}

const FIELDS = ["coinValue", "coinsPerLine", "lines"] as const;

/** Total bet of a line bet, minor units: coin value x coins per line x lines. */
export function lineBetTotal(bet: LineBet): number {
  return bet.coinValue * bet.coinsPerLine * bet.lines;
}

/** Every selectable bet, smallest total first (ties: fewer lines, then the smaller coin value). */
export function allLineBets(options: LineBetOptions): LineBet[] {
  const bets: LineBet[] = [];
  for (const coinValue of options.coinValues)
    for (const coinsPerLine of options.coinsPerLine)
      for (const lines of options.lines) bets.push({ coinValue, coinsPerLine, lines });
  return bets.sort((a, b) => lineBetTotal(a) - lineBetTotal(b) || a.lines - b.lines || a.coinValue - b.coinValue);
}

/** Validates untrusted input into a line bet: an object with exactly the three fields, each one of the options. Throws `BAD_BET`. */
export function parseLineBet(input: unknown, options: LineBetOptions): LineBet {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new GameInputError("BAD_BET", "bet must be an object {coinValue, coinsPerLine, lines}");
  const record = input as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (extra.length > 0) throw new GameInputError("BAD_BET", `unknown bet field(s): ${extra.join(", ")}`);
  const oneOf = (name: (typeof FIELDS)[number], allowed: readonly number[]): number => {
    const value = record[name];
    if (typeof value !== "number" || !allowed.includes(value)) {
      throw new GameInputError(
        "BAD_BET",
        `${name} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value) ?? String(value)}`,
      );
    }
    return value;
  };
  return {
    coinValue: oneOf("coinValue", options.coinValues),
    coinsPerLine: oneOf("coinsPerLine", options.coinsPerLine),
    lines: oneOf("lines", options.lines),
  };
}
