/**
 * Bewitched's double (sheet 4) on the shared gamble kit: after the round's features, when the
 * server offers it (the paid spin's line win; never in autoplay, in granted rounds or where
 * the jurisdiction forbids it), an offer to DOUBLE or COLLECT; then red heart or black spade,
 * up to five times, COLLECT before any card; the strip of previous cards, latest first,
 * across the player's rounds (`RecentCards`: this round's cards from the server, earlier
 * rounds' kept in the tab). The server draws every card; a card shows only once turned over.
 */
import type { BewitchedAction, BewitchedAwaiting, BewitchedEvent } from "@reelhouse/games";
import { escapeHtml } from "../../shell/html.js";
import { type Card, cardFromWire, type GambleChoice, GambleScreen } from "../../shell/kit/gamble.js";
import { RecentCards } from "../../shell/kit/recent-cards.js";
import type { PlayOptions } from "../../shell/types.js";

type GambleAwaiting = Extract<BewitchedAwaiting, { type: "gamble" }>;
type Ended = Extract<BewitchedEvent, { type: "gambleEnded" }>;
type WireCard = Extract<BewitchedEvent, { type: "gambleCard" }>["card"];

const ACTION: Readonly<Record<GambleChoice, BewitchedAction>> = {
  red: { type: "gambleRed" },
  black: { type: "gambleBlack" },
  collect: { type: "collect" },
};

export class DoubleUp {
  readonly offer: HTMLElement;
  private readonly screen: GambleScreen;
  private readonly recent: RecentCards;
  /** The card just turned over, until its result says whether the guess won. */
  private card: Card | null = null;
  /** This round's cards, latest first (the server's strip). */
  private roundCards: Card[] = [];
  private attempt = 1;
  private of = 5;
  private replay = false;

  constructor(
    private readonly money: (minor: number) => string,
    private readonly pause: (ms: number) => Promise<void>,
    stripLength: number,
  ) {
    this.recent = new RecentCards("bewitched", stripLength);
    this.screen = new GambleScreen(money, {
      title: "DOUBLE",
      red: "RED ♥",
      black: "BLACK ♠",
      redName: "Red heart",
      blackName: "Black spade",
      question: "Red heart or black spade?",
      stripLength,
      stripName: "Previous cards, latest first",
    });
    this.screen.element.classList.add("bw-double");
    this.offer = document.createElement("div");
    this.offer.className = "bw-double-offer hidden";
    this.offer.dataset.test = "double-offer";
    this.offer.setAttribute("role", "group");
    this.offer.setAttribute("aria-label", "Double your line win");
  }

  get table(): HTMLElement {
    return this.screen.element;
  }

  /**
   * The round awaits the double: the offer at its first card, the table after. Resolves with
   * the action to send (a guess or collect).
   */
  async decide(a: GambleAwaiting): Promise<BewitchedAction> {
    this.replay = false;
    this.attempt = a.attempt;
    this.of = a.attempt + a.attemptsLeft;
    this.roundCards = a.strip.map(cardFromWire);
    if (!this.screen.isOpen) {
      if (a.attempt === 1 && !(await this.offered(a.stake))) return ACTION.collect;
      // The session's earlier cards as the server has them now (another tab or device may have played).
      await this.recent.load();
      this.screen.open({
        stake: a.stake,
        attemptsLeft: a.attemptsLeft + 1,
        history: this.recent.strip(this.roundCards),
        attempt: a.attempt,
        of: this.of,
      });
    } else this.screen.next(a.attempt, this.of);
    return ACTION[await this.screen.pick()];
  }

  /** A card was turned over (its result follows). */
  cardShown(card: WireCard): void {
    this.card = cardFromWire(card);
  }

  /** The guess's result: the card face up, the stake now. In a replay the table opens on its first card. */
  result(won: boolean, stake: number, amount: number, options: PlayOptions): void {
    if (!this.card) return;
    if (!this.screen.isOpen) {
      this.replay = options.replay;
      this.screen.open({ stake, attemptsLeft: 0, history: this.replay ? [] : this.recent.strip(this.roundCards) });
    }
    this.screen.reveal(this.card, won, amount, this.replay ? 0 : this.of - this.attempt);
    // A replay only shows: no button answers.
    if (this.replay) this.screen.end(won ? `Right! ${this.money(amount)} at stake.` : "Wrong colour: the win is lost.");
    this.card = null;
  }

  /** The round's strip after the guess (latest first): shown with the earlier rounds' cards. */
  strip(cards: readonly WireCard[]): void {
    this.roundCards = cards.map(cardFromWire);
    this.screen.setStrip(this.replay ? this.roundCards : this.recent.strip(this.roundCards));
  }

  /** The double is over: says why, keeps this round's cards for the next rounds' strip, closes. */
  async ended(event: Ended, options: PlayOptions): Promise<void> {
    const amount = this.money(event.amount);
    const text =
      event.reason === "lost"
        ? "Wrong colour: the win is lost."
        : event.reason === "attempts"
          ? `${this.of} doubles, the most in one round: ${amount} collected.`
          : event.reason === "cap"
            ? `The double's limit is reached: ${amount} collected.`
            : `${amount} collected.`;
    if (!options.replay) this.recent.commit(this.roundCards);
    this.roundCards = [];
    if (this.screen.isOpen) {
      this.screen.end(text);
      this.screen.element.dataset.ended = event.reason;
      await this.pause(event.reason === "collected" ? 400 : options.quick ? 1000 : 1800);
    }
    this.close();
  }

  close(): void {
    this.screen.close();
    delete this.screen.element.dataset.ended;
    this.offer.classList.add("hidden");
    this.offer.innerHTML = "";
    this.card = null;
  }

  /** The offer under the reels: DOUBLE opens the table, COLLECT (the space bar's) keeps the win. */
  private offered(stake: number): Promise<boolean> {
    this.offer.innerHTML = `<span class="bw-offer-text">Line win <b>${escapeHtml(this.money(stake))}</b>: double it?</span>
      <button class="btn bw-double-btn" type="button" data-test="double-start">DOUBLE</button>
      <button class="btn primary" type="button" data-test="double-collect" data-primary>COLLECT</button>`;
    this.offer.classList.remove("hidden");
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        this.offer.classList.add("hidden");
        this.offer.innerHTML = "";
        resolve(yes);
      };
      this.offer.querySelector('[data-test="double-start"]')?.addEventListener("click", () => answer(true));
      this.offer.querySelector('[data-test="double-collect"]')?.addEventListener("click", () => answer(false));
      (this.offer.querySelector('[data-test="double-collect"]') as HTMLElement | null)?.focus({ preventScroll: true });
    });
  }
}
