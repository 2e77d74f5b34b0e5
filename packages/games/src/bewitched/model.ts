/**
 * Bewitched — the maths as data. Every number that decides a payout lives in this file;
 * `rtp.ts` proves the RTP at every bet.
 *
 * Sheet: shared/rules/bewitched.txt. Rulings: shared/DESIGN.md §2 (Bewitched) and
 * docs/rulings.md ("Bewitched: the maths"). The sheet names three symbols (Wild, Scatter,
 * Bonus/Merlin) and no paytable: the names, pays and strips below are ours.
 */

export const GAME_ID = "bewitched";
export const GAME_NAME = "Bewitched";
/** Bump on any change to strips, pays, lines, the Merlin table or feature rules. */
export const MATHS_VERSION = "0.1.0";

export const REELS = 5;
export const ROWS = 3;

export type SymbolKind = "wild" | "scatter" | "bonus" | "regular";

/** Symbols in index order (the index is what the strips and the evaluator use). */
export const SYMBOLS: readonly { id: string; kind: SymbolKind; name: string }[] = [
  { id: "BOOK", kind: "wild", name: "Spell Book" },
  { id: "WITCH", kind: "scatter", name: "Witch" },
  { id: "MERLIN", kind: "bonus", name: "Merlin" },
  { id: "OWL", kind: "regular", name: "Owl" },
  { id: "CAT", kind: "regular", name: "Black Cat" },
  { id: "BROOM", kind: "regular", name: "Broomstick" },
  { id: "POTION", kind: "regular", name: "Potion" },
  { id: "A", kind: "regular", name: "Ace" },
  { id: "K", kind: "regular", name: "King" },
  { id: "Q", kind: "regular", name: "Queen" },
  { id: "J", kind: "regular", name: "Jack" },
  { id: "TEN", kind: "regular", name: "Ten" },
];

/** Sheet 3.1: the Wild replaces any other symbol except Scatter and Bonus. */
export const WILD = "BOOK";
/** Sheet 3.2: 2 to 5 anywhere, the Witches battle and the game pays. */
export const SCATTER = "WITCH";
/** Sheet 3.3: 3 or more anywhere start the Merlin bonus. */
export const BONUS = "MERLIN";

/** The 15 paylines, as the row (0 = top) on each reel; lines 1..n play when the player plays n. */
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
];

/** Line pays, left to right from reel 1: index k-1 = coins per coin bet on the line for k of a kind. */
export const LINE_PAYS: Readonly<Record<string, readonly number[]>> = {
  BOOK: [0, 10, 250, 2500, 10000],
  OWL: [0, 2, 25, 125, 750],
  CAT: [0, 2, 25, 100, 500],
  BROOM: [0, 0, 20, 75, 300],
  POTION: [0, 0, 15, 60, 250],
  A: [0, 0, 10, 40, 150],
  K: [0, 0, 10, 30, 125],
  Q: [0, 0, 5, 25, 100],
  J: [0, 0, 5, 20, 100],
  TEN: [0, 0, 5, 15, 75],
};

/**
 * The witch battle (sheet 3.2): k WITCH anywhere pay `pays[k]` x the total bet, and from 3
 * on also award `freeSpins[k]` free spins (sheet 3.4, "Free Spins can be won during Scatter
 * wins"; the counts are ours). Each reel shows at most one WITCH, so k is 0..5.
 */
export const WITCH_BATTLE = {
  pays: [0, 0, 1, 3, 20, 100],
  freeSpins: [0, 0, 0, 10, 15, 25],
} as const;

/**
 * Reel strips, top to bottom, one line per reel; every stop is equally likely (no stop
 * weights: every row of a reel has the same symbol law, so every payline and every line
 * count returns the same). Each reel holds one WITCH and one MERLIN. Free spins play the
 * same strips.
 */
export const REEL_STRIPS: readonly string[] = [
  "BOOK BOOK Q A BROOM OWL J K WITCH POTION TEN Q CAT A J TEN K BROOM Q MERLIN POTION J A OWL TEN K Q J BROOM CAT TEN A Q POTION K J TEN",
  "BOOK Q A BOOK BROOM OWL J K TEN POTION WITCH Q CAT A J TEN K BROOM Q J POTION A TEN MERLIN OWL Q K J BROOM TEN CAT A Q POTION K J TEN",
  "BOOK Q A BROOM BOOK J OWL K POTION Q A J WITCH CAT K BROOM TEN Q J POTION A Q OWL K TEN MERLIN J BROOM A CAT Q POTION K J TEN TEN",
  "BOOK Q A BROOM J BOOK K OWL TEN POTION Q A J CAT TEN K WITCH BROOM Q J POTION A TEN Q K OWL J BROOM MERLIN TEN A Q CAT POTION K J TEN",
  "BOOK Q A J BROOM BOOK K TEN OWL POTION Q J A TEN CAT K Q BROOM WITCH J A POTION TEN Q K OWL J BROOM TEN A Q MERLIN CAT POTION K J TEN",
];

/** Free spins (sheet 3.4): line wins x2 (not the battle, Merlin or the jackpot); retriggers add spins, without limit. */
export const FREE_SPINS = {
  lineWinMultiplier: 2,
} as const;

/**
 * The Merlin bonus (sheet 3.3): 3+ MERLIN anywhere, in the base game or free spins, draw one
 * outcome at trigger; the three vials only reveal it. Weights are out of `totalWeight` at
 * every bet. The jackpot's weight is `jackpotWeightPerCoin` x the total bet in coins (its
 * chance is proportional to the stake: DESIGN.md §2), and each coin of bet moves weight from
 * the 15x prize to the 300x one (`perCoin`) so that Merlin's value in bets is the same at
 * every bet: 190 x 2,000/B x B = 380,000 and -200 x 15 + 10 x 300 = 0 per coin.
 */
export const MERLIN = {
  minSymbols: 3,
  totalWeight: 1_000_000,
  /** Cash: `times` x the total bet of the spin that awarded the bonus (sheet: 15 to 300). */
  cash: [
    { times: 15, weight: 412_073 },
    { times: 20, weight: 137_927 },
    { times: 25, weight: 80_000 },
    { times: 30, weight: 50_000 },
    { times: 40, weight: 30_000 },
    { times: 50, weight: 20_000 },
    { times: 75, weight: 10_000 },
    { times: 100, weight: 6_000 },
    { times: 150, weight: 3_000 },
    { times: 200, weight: 1_500 },
    { times: 300, weight: 500 },
  ],
  /** Free spins (sheet: 15 to 60), played at the bet of the spin that awarded them. */
  freeSpins: [
    { spins: 15, weight: 100_000 },
    { spins: 20, weight: 60_000 },
    { spins: 25, weight: 40_000 },
    { spins: 30, weight: 25_000 },
    { spins: 40, weight: 12_000 },
    { spins: 50, weight: 7_000 },
    { spins: 60, weight: 5_000 },
  ],
  jackpotWeightPerCoin: 190,
  /** Weight moved per coin of total bet: out of the 15x prize, into the 300x prize. */
  perCoin: { from15: 200, to300: 10 },
} as const;

/**
 * The progressive (sheet 3.5): one pool per coin value, seeded at 2,000 coins of that coin
 * value (20,000.00 EUR at the sheet's 10 EUR coin; 20 at 0.01, 400 at 0.20) and fed 0.5% of
 * every bet placed at that coin value. Won through Merlin; paid on the total bet's coin value.
 */
export const PROGRESSIVE = {
  seedCoins: 2000,
  rateBps: 50,
} as const;

/** Double (sheet 4): red or black, at most 5 doubles, only on the base game's line wins, never in autoplay. */
export const DOUBLE = {
  maxDoubles: 5,
} as const;

/** Bet options: coin values in minor units (EUR cents), 1–10 coins per line, 1–15 lines. */
export const BET_OPTIONS = {
  coinValues: [1, 2, 5, 10, 20, 50, 100],
  coinsPerLine: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  lines: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
} as const;

/** The RTP the maths is designed for with the progressive at its seed; the long run adds the 0.5% the pools return. */
export const TARGET_RTP = { atSeed: 0.946, longRun: 0.951 } as const;
