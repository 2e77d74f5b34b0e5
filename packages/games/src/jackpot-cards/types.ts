/** Jackpot Cards' bet, state, events, awaiting values and actions: plain JSON. */
import type { AwaitingBase, PlatformAwaiting, StateBase, Suit } from "@reelhouse/engine";

/** A card round has no stake of its own: the game round that triggered it paid. */
export type CardsBet = Readonly<Record<string, never>>;

export type CardsEvent =
  | { type: "cardsDealt"; cards: number }
  /** A face-down card turned over: the next suit of the round's sequence; `count` of that suit now face up. */
  | { type: "cardRevealed"; position: number; suit: Suit; count: number }
  /** The third card of a suit: its level is won (the platform pays the pool next). */
  | { type: "levelCompleted"; level: Suit }
  /** The level's pool as it stood when the third card was revealed, paid in cents. */
  | { type: "jackpotCardsWon"; level: Suit; amount: number }
  /** The cards nobody touched, turned over at the end. */
  | { type: "cardsShown"; cards: { position: number; suit: Suit }[] }
  | { type: "roundEnded"; totalWin: number };

export type CardsAwaiting =
  | (AwaitingBase & { type: "pick"; cards: number; revealed: { position: number; suit: Suit }[] })
  | PlatformAwaiting;

export type CardsAction = { type: "pick"; position: number };

/** The round state (stored server-side only: `level` and `sequence` are never sent to the client). */
export interface CardsState extends StateBase {
  readonly level: Suit;
  readonly sequence: readonly Suit[];
  readonly cards: readonly (Suit | null)[];
  readonly picks: number;
  readonly completed: boolean;
  readonly claimed: boolean;
}

export type CardsConfig = Readonly<Record<string, never>>;
