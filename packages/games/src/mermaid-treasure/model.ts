/**
 * Mermaid Treasure — the maths as data. Every number that decides a payout lives in
 * this file; `round.ts` plays it and `exact.ts` proves its RTP.
 *
 * Sheet: shared/rules/mermaid-treasure.txt. Rulings: shared/DESIGN.md §2 and docs/rulings.md.
 */

export const GAME_ID = "mermaid-treasure";
export const GAME_NAME = "Mermaid Treasure";
/** Bump on any change to strips, pays, lines, pick prizes or feature rules. */
export const MATHS_VERSION = "1.0.0";

export const REELS = 5;
export const ROWS = 3;

export type SymbolKind = "wild" | "scatter" | "bonus" | "regular";

/** Symbols in index order (the index is what the strips and the evaluator use). */
export const SYMBOLS: readonly { id: string; kind: SymbolKind; name: string }[] = [
  { id: "NEPTUNE", kind: "wild", name: "Neptune" },
  { id: "MERMAID", kind: "scatter", name: "Mermaid" },
  { id: "TREASURE", kind: "bonus", name: "Treasure Chest" },
  { id: "SEAHORSE", kind: "regular", name: "Seahorse" },
  { id: "TURTLE", kind: "regular", name: "Turtle" },
  { id: "FISH", kind: "regular", name: "Fish" },
  { id: "SHELL", kind: "regular", name: "Shell" },
  { id: "A", kind: "regular", name: "Ace" },
  { id: "K", kind: "regular", name: "King" },
  { id: "Q", kind: "regular", name: "Queen" },
  { id: "J", kind: "regular", name: "Jack" },
  { id: "TEN", kind: "regular", name: "Ten" },
  { id: "NINE", kind: "regular", name: "Nine" },
];

export const WILD = "NEPTUNE";
export const SCATTER = "MERMAID";
export const BONUS = "TREASURE";

/**
 * The 15 paylines, as the row (0 = top) on each reel. Lines 1..n are enabled when the
 * player plays n lines.
 */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
];

/**
 * Line pays: index k-1 = coins per coin bet on the line for k of a kind from reel 1.
 * NEPTUNE's own pays are the DESIGN.md anchor (2/3/4/5 = 5/200/2000/7500).
 */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  NEPTUNE: [0, 5, 200, 2000, 7500],
  SEAHORSE: [0, 2, 30, 150, 1000],
  TURTLE: [0, 0, 25, 100, 500],
  FISH: [0, 0, 20, 75, 300],
  SHELL: [0, 0, 15, 50, 200],
  A: [0, 0, 10, 40, 150],
  K: [0, 0, 10, 30, 125],
  Q: [0, 0, 5, 25, 100],
  J: [0, 0, 5, 20, 100],
  TEN: [0, 0, 5, 15, 75],
  NINE: [0, 0, 2, 10, 50],
};

/** Scatter pays, index k-1 = multiple of the total bet for k MERMAID anywhere (anchor 2/3/4/5 = 2/4/50/400). */
export const SCATTER_PAYS: Readonly<Record<string, readonly number[]>> = {
  MERMAID: [0, 2, 4, 50, 400],
};

/** Reel strips. Free spins play the same strips as the base game. */
export const REEL_STRIPS_BASE: readonly (readonly string[])[] = [
  [
    "NEPTUNE",
    "TEN",
    "A",
    "K",
    "Q",
    "NINE",
    "MERMAID",
    "FISH",
    "SHELL",
    "J",
    "SEAHORSE",
    "TURTLE",
    "TREASURE",
    "TEN",
    "A",
    "K",
    "Q",
    "NINE",
    "NEPTUNE",
    "FISH",
    "SHELL",
    "J",
    "TEN",
    "A",
    "TREASURE",
    "K",
    "Q",
    "NINE",
    "FISH",
    "SHELL",
    "TREASURE",
    "TEN",
    "A",
    "K",
    "Q",
    "NINE",
    "TEN",
  ],
  [
    "NEPTUNE",
    "A",
    "J",
    "TEN",
    "NINE",
    "MERMAID",
    "TURTLE",
    "SHELL",
    "K",
    "Q",
    "TREASURE",
    "SEAHORSE",
    "FISH",
    "A",
    "J",
    "NEPTUNE",
    "TEN",
    "NINE",
    "TURTLE",
    "SHELL",
    "TREASURE",
    "K",
    "Q",
    "A",
    "J",
    "NEPTUNE",
    "TEN",
    "NINE",
    "TURTLE",
    "SHELL",
    "TREASURE",
    "A",
    "J",
    "TEN",
    "NINE",
  ],
  [
    "NEPTUNE",
    "J",
    "NINE",
    "A",
    "K",
    "MERMAID",
    "Q",
    "FISH",
    "SHELL",
    "TEN",
    "SEAHORSE",
    "TREASURE",
    "TURTLE",
    "J",
    "NINE",
    "A",
    "K",
    "NEPTUNE",
    "Q",
    "FISH",
    "SHELL",
    "TEN",
    "J",
    "TREASURE",
    "NINE",
    "A",
    "K",
    "Q",
    "J",
    "TREASURE",
    "NINE",
    "A",
    "K",
    "J",
    "NINE",
  ],
  [
    "NEPTUNE",
    "J",
    "NINE",
    "TEN",
    "MERMAID",
    "FISH",
    "SHELL",
    "A",
    "TREASURE",
    "K",
    "Q",
    "SEAHORSE",
    "NEPTUNE",
    "TURTLE",
    "J",
    "NINE",
    "TEN",
    "TREASURE",
    "FISH",
    "SHELL",
    "A",
    "NEPTUNE",
    "K",
    "Q",
    "J",
    "TREASURE",
    "NINE",
    "TEN",
    "J",
    "NINE",
  ],
  [
    "NEPTUNE",
    "TEN",
    "NINE",
    "K",
    "Q",
    "SEAHORSE",
    "MERMAID",
    "TURTLE",
    "SHELL",
    "A",
    "J",
    "FISH",
    "TREASURE",
    "TEN",
    "NINE",
    "K",
    "Q",
    "SEAHORSE",
    "TURTLE",
    "NEPTUNE",
    "SHELL",
    "A",
    "J",
    "TEN",
    "NINE",
    "TREASURE",
    "K",
    "Q",
    "TEN",
    "NINE",
    "TEN",
    "NINE",
  ],
];
export const REEL_STRIPS_FREE_SPINS = REEL_STRIPS_BASE;

/** Free spins: 3+ MERMAID anywhere award 10 at the triggering bet; line wins x3; retriggers add 10. */
export const FREE_SPINS = {
  minScatters: 3,
  award: 10,
  lineWinMultiplier: 3,
  /** Ruling: a round holds at most this many free spins, so every round is bounded. */
  maxPerRound: 100,
} as const;

/**
 * Treasure pick bonus: 3+ TREASURE from reel 1 on an enabled line; one pick per symbol
 * of the longest triggering run. Each pick reveals a prize in coins per coin bet on a
 * line (multiplied by coins per line). The largest prize is 100, so 5 picks at 5 coins
 * per line reach the sheet's 2,500-coin ceiling exactly; the ceiling is enforced too.
 */
export const TREASURE_BONUS = {
  minRun: 3,
  /** Objects shown on the pick screen. */
  objects: 12,
  maxCoins: 2500,
  prizes: [
    { coins: 20, weight: 300 },
    { coins: 25, weight: 267 },
    { coins: 30, weight: 238 },
    { coins: 35, weight: 211 },
    { coins: 40, weight: 190 },
    { coins: 50, weight: 150 },
    { coins: 60, weight: 120 },
    { coins: 75, weight: 85 },
    { coins: 100, weight: 49 },
  ],
} as const;

/** Bet options: coin values in minor units (EUR cents), 1–5 coins per line, 1–15 lines. */
export const BET_OPTIONS = {
  coinValues: [1, 2, 5, 10, 20, 25, 50, 100],
  coinsPerLine: [1, 2, 3, 4, 5],
  lines: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
} as const;

/** The RTP the maths is designed for (at 15 lines). */
export const TARGET_RTP = 0.9656;
