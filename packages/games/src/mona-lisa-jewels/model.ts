/**
 * Mona Lisa Jewels — the maths as data. Every number that decides a payout lives in this
 * file; `round.ts` plays it and `rtp.ts` proves its RTP.
 *
 * Sheet: shared/rules/mona-lisa-jewels.txt. Rulings: shared/DESIGN.md §2 "Mona Lisa Jewels"
 * and docs/rulings.md "Mona Lisa Jewels".
 */
export const GAME_ID = "mona-lisa-jewels";
export const GAME_NAME = "Mona Lisa Jewels";
/** Bump on any change to strips, pays, lines, jackpot or feature rules. */
export const MATHS_VERSION = "1.0.0";

export const REELS = 5;
export const ROWS = 3;

export type SymbolKind = "wild" | "scatter" | "jackpot" | "jewel" | "regular";

/**
 * Symbols in index order (the index is what the strips and the evaluator use). The sheet
 * names WILD, JEWEL, SCATTER and JACKPOT; the other eight are ours (docs/rulings.md).
 */
export const SYMBOLS: readonly { id: string; kind: SymbolKind; name: string }[] = [
  { id: "WILD", kind: "wild", name: "Mona Lisa (wild)" },
  { id: "SCATTER", kind: "scatter", name: "Golden Frame (scatter)" },
  { id: "JACKPOT", kind: "jackpot", name: "Jackpot" },
  { id: "JEWEL", kind: "jewel", name: "Jewel" },
  { id: "GONDOLA", kind: "regular", name: "Gondola" },
  { id: "PALETTE", kind: "regular", name: "Palette" },
  { id: "LUTE", kind: "regular", name: "Lute" },
  { id: "MASK", kind: "regular", name: "Venetian Mask" },
  { id: "A", kind: "regular", name: "Ace" },
  { id: "K", kind: "regular", name: "King" },
  { id: "Q", kind: "regular", name: "Queen" },
  { id: "J", kind: "regular", name: "Jack" },
  { id: "TEN", kind: "regular", name: "Ten" },
];

export const WILD = "WILD";
export const SCATTER = "SCATTER";
export const JACKPOT = "JACKPOT";
export const JEWEL = "JEWEL";

/**
 * The 25 paylines, as the row (0 = top) on each reel. Lines 1..n are enabled when the
 * player plays n lines.
 */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 2, 0, 2, 1],
  [1, 0, 2, 0, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

/**
 * Line pays: index k-1 = coins per coin bet on the line for k of a kind from reel 1. Every
 * combination pays from 3 of a kind. WILD pays on its own too (x2/x4/x8 in normal free
 * spins like any winning line: docs/rulings.md). 5 JACKPOT at 25 lines and 10 coins per
 * line wins the progressive instead, outside Jewel spins.
 */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  WILD: [0, 0, 100, 500, 2000],
  JACKPOT: [0, 0, 50, 287, 1190],
  JEWEL: [0, 0, 10, 40, 150],
  GONDOLA: [0, 0, 25, 80, 300],
  PALETTE: [0, 0, 20, 60, 250],
  LUTE: [0, 0, 12, 50, 200],
  MASK: [0, 0, 10, 40, 150],
  A: [0, 0, 8, 30, 100],
  K: [0, 0, 6, 25, 100],
  Q: [0, 0, 5, 20, 75],
  J: [0, 0, 4, 15, 60],
  TEN: [0, 0, 3, 10, 50],
};

/** Scatter pays, index k-1 = multiple of the total bet for k SCATTER anywhere on the screen. */
export const SCATTER_PAYS: Readonly<Record<string, readonly number[]>> = {
  SCATTER: [0, 0, 2, 10, 50],
};

/** A strip written as its symbols in order, separated by spaces (stop 0 first). */
const strip = (symbols: string): readonly string[] => symbols.split(" ");

/**
 * Reel strips of the paid spin; every stop is equally likely. Reel 1 is designed for row
 * symmetry (docs/rulings.md): its Jewel triggers are the columns of "TEN JEWEL JEWEL TEN"
 * (two) and "JEWEL TEN JEWEL" (one), so every trigger column shows TEN once in each row
 * and JEWEL twice in each row, and the RTP is the same at every line count. JACKPOT is a
 * stacked pair on reel 3 and two singles on the other reels, so two 5-JACKPOT lines in one
 * spin are possible (two lines that differ only by neighbouring rows on reel 3) but rare.
 */
export const REEL_STRIPS_BASE: readonly (readonly string[])[] = [
  "MASK A K Q TEN JEWEL JEWEL TEN J TEN GONDOLA PALETTE LUTE WILD MASK A JACKPOT Q K Q J TEN SCATTER MASK A K JEWEL JACKPOT J TEN GONDOLA PALETTE LUTE MASK A JEWEL TEN JEWEL K Q J TEN",
  "WILD J LUTE Q SCATTER Q TEN JEWEL Q TEN GONDOLA WILD JACKPOT MASK K A WILD MASK K LUTE K A PALETTE A J PALETTE JEWEL GONDOLA JACKPOT MASK J TEN",
  "K WILD JEWEL LUTE WILD Q J GONDOLA A MASK TEN Q PALETTE J MASK Q J K PALETTE A MASK GONDOLA SCATTER K TEN LUTE JEWEL WILD TEN A JACKPOT JACKPOT",
  "GONDOLA Q A PALETTE JEWEL Q MASK SCATTER A J K WILD Q LUTE JEWEL TEN JACKPOT TEN K MASK J K A JACKPOT LUTE J WILD MASK GONDOLA TEN WILD PALETTE",
  "Q K WILD PALETTE GONDOLA A MASK JEWEL A TEN Q JEWEL GONDOLA J WILD TEN PALETTE A JACKPOT LUTE K MASK JACKPOT MASK Q TEN K LUTE SCATTER J WILD J",
].map(strip);

/** Reel strips of normal free spins (reel 1 holds the same two Jewel blocks). */
export const REEL_STRIPS_FREE_SPINS: readonly (readonly string[])[] = [
  "MASK A K TEN JEWEL JEWEL TEN Q J TEN GONDOLA PALETTE LUTE JACKPOT LUTE WILD SCATTER MASK A K Q J JEWEL TEN GONDOLA PALETTE JACKPOT MASK A JEWEL TEN JEWEL K Q J TEN",
  "GONDOLA J TEN Q A MASK WILD PALETTE GONDOLA LUTE SCATTER WILD K J JEWEL JACKPOT SCATTER MASK Q WILD A PALETTE A TEN J JACKPOT LUTE TEN MASK K Q K JEWEL",
  "SCATTER MASK J Q LUTE GONDOLA A K WILD K MASK A JEWEL TEN J PALETTE TEN J JACKPOT JACKPOT Q A WILD Q PALETTE LUTE K TEN GONDOLA WILD MASK JEWEL",
  "SCATTER J JEWEL K LUTE A JEWEL GONDOLA K Q WILD Q J MASK WILD JACKPOT TEN PALETTE MASK WILD LUTE A TEN J SCATTER TEN MASK K GONDOLA PALETTE JACKPOT A Q",
  "A J SCATTER MASK WILD K LUTE GONDOLA JACKPOT A Q JEWEL GONDOLA A JACKPOT TEN K PALETTE Q MASK TEN JEWEL Q K LUTE TEN WILD J MASK PALETTE J WILD",
].map(strip);

/** Reel strips of reels 2–5 in Jewel spins (reel 1 is locked on the triggering column). */
export const REEL_STRIPS_JEWEL: readonly (readonly string[])[] = [
  "A MASK J TEN JEWEL SCATTER K A GONDOLA TEN Q PALETTE GONDOLA Q K LUTE PALETTE WILD TEN K MASK J JEWEL Q J TEN MASK A LUTE TEN JACKPOT JACKPOT",
  "MASK TEN J A MASK TEN PALETTE K PALETTE WILD J JEWEL K GONDOLA SCATTER A J MASK GONDOLA TEN K JEWEL Q LUTE Q TEN JACKPOT JACKPOT A LUTE Q TEN",
  "SCATTER A J K WILD MASK TEN JEWEL TEN GONDOLA J PALETTE Q MASK PALETTE MASK K Q TEN A JEWEL TEN GONDOLA JACKPOT JACKPOT LUTE K TEN Q J A LUTE",
  "Q J TEN JEWEL SCATTER TEN A WILD GONDOLA MASK TEN A TEN MASK TEN MASK J JEWEL PALETTE J JACKPOT JACKPOT Q LUTE K Q K A GONDOLA PALETTE K LUTE",
].map(strip);

/** Normal free spins: 3+ SCATTER anywhere award 10, at the triggering bet, without limit. */
export const FREE_SPINS = {
  minScatters: 3,
  award: 10,
  /** Multiplier of a winning line by the wilds in its paid combination: 0, 1, 2, 3+ wilds. */
  wildMultipliers: [1, 2, 4, 8],
  /** A line of wilds alone (the wild's own pays) is multiplied by its wilds too. */
  multiplyWildPays: true,
} as const;

/**
 * Jewel free spins: 2 or 3 JEWEL in the reel-1 column (a WILD does not count) award 2.
 * Reel 1 is locked; JEWEL and WILD on reels 2–5 stick for the rest of the Jewel spins.
 */
export const JEWEL_SPINS = {
  minJewels: 2,
  award: 2,
  /** Symbols that stick on reels 2–5 during Jewel spins. */
  sticky: ["JEWEL", "WILD"],
} as const;

/**
 * The shared progressive (one pool per currency). Defined at the reference coin value of
 * 10 EUR = 1,000 cents: a win at coin value c cents pays pool x c / 1000, rounded down to
 * the cent. Seed 500,000 EUR; 0.5% of every bet feeds it.
 */
export const JACKPOT_RULES = {
  pool: "progressive",
  /** The coin value the pool is defined at, minor units (10 EUR). */
  referenceCoinValue: 1000,
  /** The seed in EUR micro-units (1 EUR = 1,000,000): 500,000 EUR. */
  seedMicro: 500_000 * 1_000_000,
  /** Contribution of every bet to the pool, basis points (0.5%). */
  contributionBps: 50,
  /** Only this combination on a line qualifies. */
  count: 5,
  /** Only at this many lines and coins per line (the maximum of each). */
  lines: 25,
  coinsPerLine: 10,
} as const;

/** Bet options: coin values in minor units (EUR cents), 1–10 coins per line, 1–25 lines. */
export const BET_OPTIONS = {
  coinValues: [1, 2, 5, 10, 20, 50, 100],
  coinsPerLine: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  lines: Array.from({ length: 25 }, (_, i) => i + 1) as readonly number[],
} as const;

/** The RTP the maths is designed for: every bet below max bet, and max bet with the progressive at its seed. */
export const TARGET_RTP = { belowMaxBet: 0.943, maxBet: 0.946 } as const;
