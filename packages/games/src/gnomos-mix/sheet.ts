/**
 * Gnomos Mix Golden Edition — the sheet's own tables as data, before any design: the lower
 * game's bets and payout plan (prizes 1–9 and the Bonus figures, per bet), the upper game's
 * stakes, the minigames' prize ranges and the Double-or-Bonuses fractions, the Bonus value
 * and cap. The reels, landing weights, the program's draws per RTP level (the levers) and the
 * upper paytable are designed on top of these (DESIGN.md §2 "Gnomos Mix").
 *
 * Sheet: shared/rules/gnomos-mix-golden-edition.txt. Rulings where it is silent or wrong:
 * docs/rulings.md "Gnomos Mix: the sheet's tables". Amounts are EUR cents.
 */

export const GAME_ID = "gnomos-mix";
export const GAME_NAME = "Gnomos Mix Golden Edition";

/** The lower game's bets (sheet 1, 2): 0.20, 1, 5, 10, 20 EUR, each enabled or disabled by the operator. */
export const LOWER_BETS: readonly number[] = [20, 100, 500, 1000, 2000];

/** The lower game's prizes, lowest first: the payout plan's rows (sheet 2.6, "Prize 1" … "Prize 9"). */
export const PRIZES = [
  { id: "anyDiamonds", name: "Any Diamonds", rank: 1 },
  { id: "plums", name: "Plums", rank: 2 },
  { id: "grapes", name: "Grapes", rank: 3 },
  { id: "oranges", name: "Oranges", rank: 4 },
  { id: "lemons", name: "Lemons", rank: 5 },
  { id: "bells", name: "Bells", rank: 6 },
  { id: "greenDiamond", name: "Green Diamond", rank: 7 },
  { id: "redDiamond", name: "Red Diamond", rank: 8 },
  { id: "blueDiamond", name: "Blue Diamond", rank: 9 },
] as const;

export type PrizeId = (typeof PRIZES)[number]["id"];

/**
 * The payout plan in cents, per bet (columns 0.20 / 1 / 5 / 10 / 20 EUR). The sheet leaves
 * the 20 EUR column empty for prizes 1–6: it is 2x the 10 EUR column, the ratio every complete
 * row keeps (DESIGN.md §2).
 */
export const PAYOUT_PLAN: Readonly<Record<PrizeId, readonly number[]>> = {
  anyDiamonds: [40, 200, 1_000, 2_000, 4_000],
  plums: [80, 400, 2_000, 4_000, 8_000],
  grapes: [160, 800, 4_000, 8_000, 16_000],
  oranges: [240, 1_200, 6_000, 12_000, 24_000],
  lemons: [320, 1_600, 8_000, 16_000, 32_000],
  bells: [400, 2_000, 10_000, 20_000, 40_000],
  greenDiamond: [800, 4_000, 20_000, 40_000, 80_000],
  redDiamond: [2_000, 20_000, 100_000, 200_000, 400_000],
  blueDiamond: [10_000, 100_000, 500_000, 1_000_000, 2_000_000],
};

/** Bonuses won by 1, 2 or 3 Bonus figures on the centre line, per bet ("Bonds 1-2-6 / 5-10-30 / …"; 20 EUR: 2x 10 EUR). */
export const BONUS_FIGURE_PAYS: readonly (readonly [number, number, number])[] = [
  [1, 2, 6],
  [5, 10, 30],
  [25, 50, 150],
  [50, 100, 300],
  [100, 200, 600],
];

/** "1 Bonus ≈ €0.80 (The remainder is rounded randomly)": the value of one Bonus, cents. */
export const BONUS_VALUE = 80;
/** "a limit of Bonuses that the player can accumulate, in this case 6000 Bonuses". */
export const BONUS_CAP = 6_000;

/** The Cauldrons' prize range per lower bet, cents (sheet 2.5; at 20 EUR its lowest prize is the 2x column's 40 EUR). */
export const CAULDRON_RANGE: readonly (readonly [min: number, max: number])[] = [
  [40, 10_000],
  [200, 100_000],
  [1_000, 500_000],
  [2_000, 1_000_000],
  [4_000, 2_000_000],
];

/**
 * The upper game's stakes: cash plus Bonuses (sheet 3). The sheet's "€20 + 1 Bonus" is
 * 0.20 EUR + 1 Bonus (a typo: "a starting price of €0.20 plus 1 additional Bonus").
 */
export const UPPER_STAKES: readonly { readonly cash: number; readonly bonus: number }[] = [
  { cash: 20, bonus: 1 },
  { cash: 100, bonus: 5 },
  { cash: 500, bonus: 25 },
  { cash: 1_000, bonus: 50 },
  { cash: 2_000, bonus: 100 },
  { cash: 2_000, bonus: 200 },
];

/** Each minigame's prize range per upper stake, cents: more than the minimum, up to the maximum (sheet 3.3–3.6, the same for the four). */
export const MINIGAME_RANGE: readonly (readonly [above: number, max: number])[] = [
  [400, 10_000],
  [1_000, 100_000],
  [5_000, 500_000],
  [5_000, 1_000_000],
  [20_000, 2_000_000],
  [20_000, 2_000_000],
];

/** The Double-or-Bonuses fraction per upper stake, cents (sheet 3.7; "€4 → €20 Bet + 1 Bonus" is the 0.20 EUR + 1 stake). */
export const DOUBLE_FRACTION: readonly number[] = [400, 1_000, 5_000, 10_000, 20_000, 20_000];

/** Lines of the upper game's 3x3 window: 3 rows, 3 columns, 2 diagonals (DESIGN.md §2). */
export const UPPER_LINE_COUNT = 8;

/** The lower game's reels: 3 of 16 figures, the prize on the centre line. */
export const LOWER_REELS = { reels: 3, figures: 16 } as const;
/** At most 4 advances (sheet 2.4: "a maximum of 4 advances"). */
export const MAX_ADVANCES = 4;
/** At most two reels held (sheet 2.3). */
export const MAX_HELD = 2;
/** AUTO-PLAY runs at most 100 games (sheet 2.1, 3.1). */
export const MAX_AUTOPLAY = 100;
/** The operator's RTP levels: 70% to 95%, at least these (issue 20). */
export const RTP_LEVELS: readonly number[] = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
