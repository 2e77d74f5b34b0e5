/**
 * A Jackpot Cards round replayed from the history, on the card screen over the game's stage:
 * step by step, as it was played — the twelve cards dealt face down, then each pick's card
 * turned over (its suit and how many of that suit show), then the level won, its prize and
 * the untouched cards. Only the round's recorded events are shown; the screen takes no pick.
 */
import type { JackpotCardsScreen, Suit } from "./screen.js";

type Revealed = { position: number; suit: Suit };

/** Plays the recorded steps of one card round on the screen, one `step()` at a time. */
export class CardsReplay {
  /** The level won, waiting for the untouched cards of the same step. */
  private won: { level: Suit; amount: number } | null = null;

  constructor(private readonly screen: JackpotCardsScreen) {}

  /** Shows the first step's deal (or an empty table until it comes). */
  open(): void {
    this.screen.open(12, [], true);
  }

  /** One recorded step's events. Returns a sentence for the screen reader. */
  step(events: readonly unknown[]): string {
    const said: string[] = [];
    let rest: Revealed[] = [];
    for (const raw of events) {
      if (typeof raw !== "object" || raw === null) continue;
      const e = raw as Record<string, unknown>;
      if (e.type === "cardsDealt" && typeof e.cards === "number") {
        this.screen.open(e.cards, [], true);
        said.push(`${e.cards} cards dealt face down.`);
      } else if (e.type === "cardRevealed" && typeof e.position === "number" && typeof e.suit === "string") {
        const count = typeof e.count === "number" ? e.count : 1;
        this.screen.reveal(e.position, e.suit as Suit, count);
        said.push(`Card ${e.position + 1}: ${e.suit}, ${count} of 3.`);
      } else if (e.type === "jackpotCardsWon" && typeof e.level === "string" && typeof e.amount === "number") {
        this.won = { level: e.level as Suit, amount: e.amount };
      } else if (e.type === "cardsShown" && Array.isArray(e.cards)) {
        rest = e.cards as Revealed[];
      }
    }
    if (this.won) {
      this.screen.finish(this.won.level, this.won.amount, rest);
      said.push(`${this.won.level} level won.`);
      this.won = null;
    }
    return said.join(" ");
  }

  close(): void {
    this.screen.close();
  }
}
