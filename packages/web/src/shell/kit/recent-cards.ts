/**
 * The double-up's strip of previous cards across the player's rounds, kept per login session
 * (40 Mystic Gem's sheet: "The last five cards of the player's session are saved"). The
 * server is the source: `GET /api/v1/gamble-cards/:gameId` lists the cards turned over in the
 * game since the session began, latest first, so a reload, a second tab or another device of
 * the same session shows the same strip. The round in play sends its own cards (its strip
 * starts empty every round); the strip shown is those, latest first, then the earlier
 * rounds' — never a card not yet revealed.
 *
 * The shell lends the server read to every game (`useGambleCards`, set by the game screen);
 * a `RecentCards` reads it when made and on `load()` (a game awaits it before opening its
 * double, for the freshest strip). Without it (the kit gallery, a failed read) the tab's
 * sessionStorage keeps the cards of this tab's earlier doubles, as before.
 */
import type { GambleCardsResponse } from "@reelhouse/protocol";
import { type Card, cardFromWire } from "./gamble.js";

const SUITS = new Set(["hearts", "diamonds", "clubs", "spades"]);

function isCard(value: unknown): value is Card {
  if (typeof value !== "object" || value === null) return false;
  const { suit, rank } = value as Record<string, unknown>;
  return typeof suit === "string" && SUITS.has(suit) && typeof rank === "string" && rank.length <= 2;
}

/** The server read of a game's session cards (`Api.gambleCards`). */
export type GambleCardsSource = (gameId: string, limit: number) => Promise<GambleCardsResponse>;

let shared: GambleCardsSource | null = null;

/**
 * Lends every `RecentCards` made from now on the server's read; returns the function that
 * takes it back (only if it is still this one).
 */
export function useGambleCards(source: GambleCardsSource): () => void {
  shared = source;
  return () => {
    if (shared === source) shared = null;
  };
}

/** The earlier rounds' cards of a server answer, latest first: those of the round in play left out. */
export function pastCards(answer: GambleCardsResponse, length: number): Card[] {
  return answer.cards
    .filter((c) => c.roundId !== answer.openRoundId)
    .map((c) => cardFromWire(c))
    .filter(isCard)
    .slice(0, length);
}

export class RecentCards {
  private readonly key: string;
  /** Without storage: the earlier rounds' cards of this page. */
  private memory: Card[] = [];
  /** The earlier rounds' cards as the server last said (null: not read, or no server). */
  private server: Card[] | null = null;
  private readonly source: GambleCardsSource | null;
  /** The read under way, if any. */
  private reading: Promise<Card[]> | null = null;

  /**
   * `game`: the game's id (one strip per game); `length`: how many cards the strip shows;
   * `storage`: where earlier rounds' cards are kept when the server cannot be read (null:
   * nowhere, this page only); `source`: the server's read (default: the one the shell lends).
   */
  constructor(
    private readonly game: string,
    private readonly length: number,
    private readonly storage: Storage | null = typeof sessionStorage === "undefined" ? null : sessionStorage,
    source: GambleCardsSource | null = shared,
  ) {
    this.key = `reelhouse.cards.${game}`;
    this.source = source;
    if (this.source) void this.load();
  }

  /**
   * Reads the session's cards from the server (earlier rounds' only); resolves with them. A
   * failed read keeps what was known (the last read, or the tab's own).
   */
  load(): Promise<Card[]> {
    const source = this.source;
    if (!source) return Promise.resolve(this.past());
    // The server lists at most 20; a longer strip shows them and the tab's own past that.
    this.reading ??= source(this.game, Math.min(this.length, 20))
      .then((answer) => {
        this.server = pastCards(answer, this.length);
        return this.server;
      })
      .catch(() => this.past())
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** Cards of earlier rounds, latest first. */
  past(): Card[] {
    if (this.server) return [...this.server];
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

  /**
   * A round's double is over: its cards (latest first) join the earlier rounds' (the server
   * holds them already; the next read says the same).
   */
  commit(roundCards: readonly Card[]): void {
    const next = this.strip(roundCards);
    this.memory = next;
    if (this.server) this.server = next;
    try {
      this.storage?.setItem(this.key, JSON.stringify(next));
    } catch {
      // Storage full or refused: the strip still shows this page's cards.
    }
  }
}
