/**
 * The double-up's strip of previous cards across the player's rounds. The server sends each
 * round's own cards (its strip starts empty every round, and only cards already turned over
 * are in it); this keeps the cards of the player's earlier doubles in the tab's
 * sessionStorage, where the session itself lives, so a reload keeps them. The strip shown is
 * the round's cards, latest first, then the earlier rounds' — never a card not yet revealed.
 */
import type { Card } from "./gamble.js";

const SUITS = new Set(["hearts", "diamonds", "clubs", "spades"]);

function isCard(value: unknown): value is Card {
  if (typeof value !== "object" || value === null) return false;
  const { suit, rank } = value as Record<string, unknown>;
  return typeof suit === "string" && SUITS.has(suit) && typeof rank === "string" && rank.length <= 2;
}

export class RecentCards {
  private readonly key: string;
  /** Without storage: the earlier rounds' cards of this page. */
  private memory: Card[] = [];

  /**
   * `game`: the game's id (one strip per game); `length`: how many cards the strip shows;
   * `storage`: where earlier rounds' cards are kept (null: nowhere, this page only).
   */
  constructor(
    game: string,
    private readonly length: number,
    private readonly storage: Storage | null = typeof sessionStorage === "undefined" ? null : sessionStorage,
  ) {
    this.key = `reelhouse.cards.${game}`;
  }

  /** Cards of earlier rounds, latest first. */
  past(): Card[] {
    if (!this.storage) return [...this.memory];
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter(isCard).slice(0, this.length) : [];
    } catch {
      return [];
    }
  }

  /** The strip to show: the round's own cards (latest first), then earlier rounds'. */
  strip(roundCards: readonly Card[]): Card[] {
    return [...roundCards, ...this.past()].slice(0, this.length);
  }

  /** A round's double is over: its cards (latest first) join the earlier rounds'. */
  commit(roundCards: readonly Card[]): void {
    const next = this.strip(roundCards);
    this.memory = next;
    try {
      this.storage?.setItem(this.key, JSON.stringify(next));
    } catch {
      // Storage full or refused: the strip still shows this page's cards.
    }
  }
}
