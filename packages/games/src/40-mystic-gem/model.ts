/**
 * 40 Mystic Gem — the maths as data. Every number that decides a payout lives here or in
 * `reel-sets.ts` (the strips and stop weights of each mode, made by `design/design.ts`);
 * `exact.ts` proves the RTP of every mode and wild placement.
 *
 * Sheet: shared/rules/40-mystic-gem.txt. Rulings: shared/DESIGN.md §2 (40 Mystic Gem) and
 * docs/rulings.md ("40 Mystic Gem"). The sheet gives no paytable and lost the two scatter
 * glyphs: the names, pays and strips below are ours.
 */

export const GAME_ID = "40-mystic-gem";
export const GAME_NAME = "40 Mystic Gem";
/** Bump on any change to strips, weights, pays, lines, modes or placements. */
export const MATHS_VERSION = "1.0.0";

export const REELS = 5;
export const ROWS = 4;

export type SymbolKind = "wild" | "scatter" | "regular";

/** Symbols in index order (the index is what the strips and the evaluator use). */
export const SYMBOLS: readonly { id: string; kind: SymbolKind; name: string }[] = [
  { id: "WILD", kind: "wild", name: "Mystic Gem (expanding wild)" },
  { id: "MOON", kind: "scatter", name: "Full Moon" },
  { id: "STAR", kind: "scatter", name: "Shooting Star" },
  { id: "CROWN", kind: "regular", name: "Crown" },
  { id: "DIAMOND", kind: "regular", name: "Diamond" },
  { id: "RUBY", kind: "regular", name: "Ruby" },
  { id: "EMERALD", kind: "regular", name: "Emerald" },
  { id: "SAPPHIRE", kind: "regular", name: "Sapphire" },
  { id: "AMETHYST", kind: "regular", name: "Amethyst" },
  { id: "TOPAZ", kind: "regular", name: "Topaz" },
  { id: "OPAL", kind: "regular", name: "Opal" },
];

/** Sheet "WILD": on reels 2, 3 and 4 it replaces all symbols on its reel except the two scatters. */
export const WILD = "WILD";
/** 0-based reels the WILD lands on and expands over (reels 2, 3 and 4). */
export const WILD_REELS: readonly number[] = [1, 2, 3];
/** The two scatters (the sheet's lost glyphs): the Full Moon lands on every reel, the Shooting Star on reels 1, 3 and 5. */
export const SCATTERS = ["MOON", "STAR"] as const;

/** The 40 fixed paylines, as the row (0 = top) on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0],
  [1, 1, 1, 1, 1],
  [2, 2, 2, 2, 2],
  [3, 3, 3, 3, 3],
  [0, 1, 2, 1, 0],
  [1, 2, 3, 2, 1],
  [2, 1, 0, 1, 2],
  [3, 2, 1, 2, 3],
  [0, 0, 1, 0, 0],
  [1, 1, 2, 1, 1],
  [2, 2, 3, 2, 2],
  [3, 3, 2, 3, 3],
  [2, 2, 1, 2, 2],
  [1, 1, 0, 1, 1],
  [0, 1, 1, 1, 0],
  [1, 2, 2, 2, 1],
  [2, 3, 3, 3, 2],
  [3, 2, 2, 2, 3],
  [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1],
  [0, 1, 0, 1, 0],
  [1, 2, 1, 2, 1],
  [2, 3, 2, 3, 2],
  [3, 2, 3, 2, 3],
  [2, 1, 2, 1, 2],
  [1, 0, 1, 0, 1],
  [0, 1, 2, 3, 3],
  [3, 2, 1, 0, 0],
  [0, 0, 1, 2, 3],
  [3, 3, 2, 1, 0],
  [1, 2, 3, 3, 3],
  [2, 1, 0, 0, 0],
  [0, 0, 0, 1, 2],
  [3, 3, 3, 2, 1],
  [1, 1, 1, 2, 3],
  [2, 2, 2, 1, 0],
  [0, 1, 2, 2, 2],
  [3, 2, 1, 1, 1],
  [1, 2, 1, 0, 1],
  [2, 1, 2, 3, 2],
];

/** Lines played: all 40, fixed; the line bet is the total bet / 40. */
export const LINES = PAYLINES.length;

/**
 * Line pays, left to right from reel 1, in line bets: index k-1 = pay for k of a kind. The
 * WILD never starts a line (it lands only on reels 2–4), so it has no pays of its own.
 */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  CROWN: [0, 0, 50, 200, 1000],
  DIAMOND: [0, 0, 30, 120, 500],
  RUBY: [0, 0, 20, 80, 300],
  EMERALD: [0, 0, 15, 60, 200],
  SAPPHIRE: [0, 0, 10, 40, 150],
  AMETHYST: [0, 0, 8, 30, 100],
  TOPAZ: [0, 0, 5, 20, 80],
  OPAL: [0, 0, 5, 15, 60],
};

/**
 * Scatter pays, x the total bet (the base total bet in a bought mode, never its price): `[k]`
 * = pay for k of that scatter anywhere. A reel shows at most one of each (strips keep them 4
 * stops apart), so the Full Moon counts 0..5 and the Shooting Star 0..3.
 */
export const SCATTER_PAYS: Readonly<Record<(typeof SCATTERS)[number], readonly number[]>> = {
  MOON: [0, 0, 0, 2, 10, 50],
  STAR: [0, 0, 0, 20],
};

/** Total bets, minor units (EUR cents): 0.40 to 50.00 EUR, each a multiple of 40 so the line bet is whole cents. */
export const STAKES: readonly number[] = [40, 80, 120, 200, 400, 800, 1000, 2000, 4000, 5000];
/** The default stake's index (2.00 EUR). */
export const DEFAULT_STAKE = 3;

/** The RTP every mode is designed for (the sheet: 96.08%), with the tolerance the lab accepts. */
export const TARGET_RTP = 0.9608;
export const RTP_TOLERANCE = 0.0005;

/** The double (sheet "FOLD"): red or black, at most `maxAttempts` guesses (operator: 1..5), a win up to 42.00 EUR. */
export const FOLD = {
  defaultAttempts: 5,
  maxAttempts: 5,
  maxStakeMinor: 4200,
  /** Cards shown in the history strip: the last five of the player's session. */
  history: 5,
} as const;
