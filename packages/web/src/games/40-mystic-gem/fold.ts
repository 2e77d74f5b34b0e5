/**
 * 40 Mystic Gem's Fold (the sheet's double up) on the shared gamble kit. When the server
 * offers it (a spin's whole win of at most the operator's cap, 42.00 EUR; never in autoplay
 * or granted rounds) an offer under the reels: DOUBLE UP or COLLECT (the space bar's). The
 * table shows the sheet's three indicators — "Available Double Up Attempts", "Bet Amount"
 * and "Bet to Win" — a face-down card flashing red and black, RED / BLACK / COLLECT, and
 * the history of the last five cards of the player's session (`RecentCards`: this round's
 * cards from the server, then the session's earlier ones). The server draws every card.
 */
import type { MysticAction, MysticAwaiting, MysticEvent } from "@reelhouse/games";
import { escapeHtml } from "../../shell/html.js";
import { type Card, cardFromWire, type GambleChoice, GambleScreen } from "../../shell/kit/gamble.js";
import { RecentCards } from "../../shell/kit/recent-cards.js";
import type { PlayOptions } from "../../shell/types.js";

type Ended = Extract<MysticEvent, { type: "gambleEnded" }>;
type WireCard = Extract<MysticEvent, { type: "gambleCard" }>["card"];

const ACTION: Readonly<Record<GambleChoice, MysticAction>> = {
  red: { type: "gambleRed" },
  black: { type: "gambleBlack" },
  collect: { type: "collect" },
};

export class Fold {
  readonly offer: HTMLElement;
  private readonly screen: GambleScreen;
  private readonly recent: RecentCards;
  private readonly meters: HTMLElement;
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
    this.recent = new RecentCards("40-mystic-gem", stripLength);
    this.screen = new GambleScreen(money, {
      title: "DOUBLE UP",
      red: "RED",
      black: "BLACK",
      redName: "Red",
      blackName: "Black",
      question: "Red or black?",
      stripLength,
      stripName: "History: the last five cards of your session, latest first",
    });
    this.screen.element.classList.add("mg-fold");
    this.meters = document.createElement("dl");
    this.meters.className = "mg-fold-meters";
    this.meters.innerHTML = `
      <div><dt>Available Double Up Attempts</dt><dd data-test="fold-attempts"></dd></div>
      <div><dt>Bet Amount</dt><dd data-test="fold-bet"></dd></div>
      <div><dt>Bet to Win</dt><dd data-test="fold-to-win"></dd></div>`;
    this.screen.element.querySelector(".gamble-head")?.after(this.meters);
    const history = this.screen.element.querySelector(".gamble-history");
    if (history) {
      const label = document.createElement("div");
      label.className = "mg-fold-history-label";
      label.textContent = "HISTORY";
      label.setAttribute("aria-hidden", "true");
      history.before(label);
    }
    this.offer = document.createElement("div");
    this.offer.className = "mg-fold-offer hidden";
    this.offer.dataset.test = "fold-offer";
    this.offer.setAttribute("role", "group");
    this.offer.setAttribute("aria-label", "Double up your win");
  }

  get table(): HTMLElement {
    return this.screen.element;
  }

  /** The three indicators: attempts still available, the amount at stake, what a right guess makes it. */
  private setMeters(attempts: number, stake: number): void {
    (this.meters.querySelector('[data-test="fold-attempts"]') as HTMLElement).textContent = String(attempts);
    const bet = this.meters.querySelector('[data-test="fold-bet"]') as HTMLElement;
    bet.textContent = this.money(stake);
    bet.dataset.minor = String(stake);
    const toWin = this.meters.querySelector('[data-test="fold-to-win"]') as HTMLElement;
    toWin.textContent = this.money(stake * 2);
    toWin.dataset.minor = String(stake * 2);
  }

  /**
   * The round awaits the Fold: the offer at its first card, the table after. Resolves with
   * the action to send (a guess or collect).
   */
  async decide(a: MysticAwaiting): Promise<MysticAction> {
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
    this.setMeters(a.attemptsLeft + 1, a.stake);
    return ACTION[await this.screen.pick()];
  }

  /** A card was turned over (its result follows). */
  cardShown(card: WireCard): void {
    this.card = cardFromWire(card);
  }

  /** The guess's result: the card face up, the amount at stake now. In a replay the table opens on its first card. */
  result(won: boolean, stake: number, amount: number, options: PlayOptions): void {
    if (!this.card) return;
    if (!this.screen.isOpen) {
      this.replay = options.replay;
      this.screen.open({ stake, attemptsLeft: 0, history: this.replay ? [] : this.recent.strip(this.roundCards) });
    }
    const left = this.replay ? 0 : this.of - this.attempt;
    this.screen.reveal(this.card, won, amount, left);
    this.setMeters(won ? left : 0, amount);
    this.screen.element.dataset.result = won ? "won" : "lost";
    if (this.replay) this.screen.end(won ? `Right! ${this.money(amount)} at stake.` : "Wrong colour: the win is lost.");
    this.card = null;
  }

  /** The round's strip after the guess (latest first): shown with the session's earlier cards. */
  strip(cards: readonly WireCard[]): void {
    this.roundCards = cards.map(cardFromWire);
    this.screen.setStrip(this.replay ? this.roundCards : this.recent.strip(this.roundCards));
  }

  /** The Fold is over: says why, keeps this round's cards for the next rounds' history, closes. */
  async ended(event: Ended, options: PlayOptions): Promise<void> {
    const amount = this.money(event.amount);
    const text =
      event.reason === "lost"
        ? "Wrong colour: the win is lost."
        : event.reason === "attempts"
          ? `No double up attempts left: ${amount} collected.`
          : event.reason === "cap"
            ? `Above the double up limit: ${amount} collected.`
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
    delete this.screen.element.dataset.result;
    this.offer.classList.add("hidden");
    this.offer.innerHTML = "";
    this.card = null;
  }

  /** The offer under the reels: DOUBLE UP opens the table, COLLECT (the space bar's) keeps the win. */
  private offered(stake: number): Promise<boolean> {
    this.offer.innerHTML = `<span class="mg-offer-text">Win <b data-test="fold-offer-amount">${escapeHtml(this.money(stake))}</b>: double it up?</span>
      <button class="btn mg-fold-btn" type="button" data-test="fold-start">DOUBLE UP</button>
      <button class="btn primary" type="button" data-test="fold-collect" data-primary>COLLECT</button>`;
    this.offer.classList.remove("hidden");
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        this.offer.classList.add("hidden");
        this.offer.innerHTML = "";
        resolve(yes);
      };
      this.offer.querySelector('[data-test="fold-start"]')?.addEventListener("click", () => answer(true));
      this.offer.querySelector('[data-test="fold-collect"]')?.addEventListener("click", () => answer(false));
      (this.offer.querySelector('[data-test="fold-collect"]') as HTMLElement | null)?.focus({ preventScroll: true });
    });
  }
}
