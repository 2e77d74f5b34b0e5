/**
 * Playing cards for double-up and card features: a 52-card deck, colours, the Jackpot
 * Cards deck (12 cards, 3 of each suit). Cards are plain JSON, fit for states and events.
 */

/** The suits, in Jackpot Cards' level order (clubs lowest, spades highest). */
export const SUITS = ["clubs", "diamonds", "hearts", "spades"] as const;
export type Suit = (typeof SUITS)[number];

/** A card's colour, what a red/black double-up guesses. */
export type Colour = "red" | "black";

/** A playing card: rank 1 (ace) to 13 (king), and suit. */
export interface Card {
  readonly rank: number;
  readonly suit: Suit;
}

/** Hearts and diamonds are red; clubs and spades black. */
export function colourOf(suit: Suit): Colour {
  return suit === "hearts" || suit === "diamonds" ? "red" : "black";
}

/** The 52-card deck, suit by suit (clubs, diamonds, hearts, spades), ace to king: 26 red, 26 black. */
export function standardDeck(): Card[] {
  return SUITS.flatMap((suit) => Array.from({ length: 13 }, (_, i): Card => ({ rank: i + 1, suit })));
}

/** The Jackpot Cards deck: 3 cards of each suit, as suits (the cards show nothing else). */
export function jackpotCardsDeck(): Suit[] {
  return SUITS.flatMap((suit) => [suit, suit, suit]);
}

const RANK_NAMES = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** A short name such as `AH`, `10S`, `QD` (logs, tests, history). */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card.rank] ?? "?"}${card.suit[0]?.toUpperCase() ?? "?"}`;
}
