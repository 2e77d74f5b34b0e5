/**
 * The double-up as a game shows it, on the gamble kit: when the server offers it, an offer
 * under the reels (DOUBLE or COLLECT, the space bar's); then the table (a face-down card, red
 * / black / COLLECT) until the double ends; the strip of previous cards, latest first, across
 * the player's session (`RecentCards`: this round's cards from the server, then the session's
 * earlier ones); optionally the three indicators some sheets name (attempts available, the
 * amount at stake, what a right guess makes it). The server draws every card; a card shows
 * only once turned over. A game gives its words, classes and test names; the behaviour is one.
 */
import { escapeHtml } from "../html.js";
import type { PlayOptions } from "../types.js";
import { type Card, cardFromWire, type GambleChoice, type GambleLook, GambleScreen } from "./gamble.js";
import { RecentCards } from "./recent-cards.js";

type WireCard = Parameters<typeof cardFromWire>[0];

/** What the round awaits while a double is open (the engine's gamble awaiting). */
export interface DoubleAwaiting {
  readonly stake: number;
  readonly attempt: number;
  readonly attemptsLeft: number;
  readonly strip: readonly WireCard[];
}

/** How a double ended (the engine's `gambleEnded` event). */
export interface DoubleEnded {
  readonly reason: "collected" | "lost" | "attempts" | "cap";
  readonly amount: number;
}

/** A game's words and names for its double. */
export interface DoubleTableLook {
  /** The game's id: one strip of previous cards per game. */
  readonly game: string;
  /** The table's title, button words and strip name (the gamble kit's look, without the strip length). */
  readonly screen: Omit<GambleLook, "stripLength">;
  /** A class added to the table (the game's CSS). */
  readonly tableClass: string;
  /** The offer: its class, its `data-test` prefix (`<prefix>-offer`, `-start`, `-collect`, `-offer-amount`), its aria label, its text and the start button's word and class. */
  readonly offer: {
    readonly className: string;
    readonly textClass: string;
    readonly testPrefix: string;
    readonly label: string;
    readonly text: (amountHtml: string) => string;
    readonly start: string;
    readonly startClass: string;
  };
  /** Words for a double that ended on the last attempt and on the cap. */
  readonly ended: { readonly attempts: (amount: string, of: number) => string; readonly cap: (amount: string) => string };
  /** The sheet's three indicators (attempts available, bet amount, bet to win) and a HISTORY label, when the sheet names them. */
  readonly meters?: { readonly attempts: string; readonly bet: string; readonly toWin: string; readonly history: string };
}

/** The double's offer and table; `Action` is the game's action for each choice. */
export class DoubleTable<Action> {
  readonly offer: HTMLElement;
  private readonly screen: GambleScreen;
  private readonly recent: RecentCards;
  private readonly meters: HTMLElement | null = null;
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
    private readonly look: DoubleTableLook,
    private readonly actions: Readonly<Record<GambleChoice, Action>>,
  ) {
    this.recent = new RecentCards(look.game, stripLength);
    this.screen = new GambleScreen(money, { ...look.screen, stripLength });
    this.screen.element.classList.add(look.tableClass);
    if (look.meters) {
      const prefix = look.offer.testPrefix;
      const meters = document.createElement("dl");
      meters.className = "double-meters";
      meters.innerHTML = `
      <div><dt>${escapeHtml(look.meters.attempts)}</dt><dd data-test="${prefix}-attempts"></dd></div>
      <div><dt>${escapeHtml(look.meters.bet)}</dt><dd data-test="${prefix}-bet"></dd></div>
      <div><dt>${escapeHtml(look.meters.toWin)}</dt><dd data-test="${prefix}-to-win"></dd></div>`;
      this.screen.element.querySelector(".gamble-head")?.after(meters);
      const history = this.screen.element.querySelector(".gamble-history");
      if (history) {
        const label = document.createElement("div");
        label.className = "double-history-label";
        label.textContent = look.meters.history;
        label.setAttribute("aria-hidden", "true");
        history.before(label);
      }
      this.meters = meters;
    }
    this.offer = document.createElement("div");
    this.offer.className = `${look.offer.className} hidden`;
    this.offer.dataset.test = `${look.offer.testPrefix}-offer`;
    this.offer.setAttribute("role", "group");
    this.offer.setAttribute("aria-label", look.offer.label);
  }

  get table(): HTMLElement {
    return this.screen.element;
  }

  /**
   * The round awaits the double: the offer at its first card, the table after. Resolves with
   * the action to send (a guess or collect).
   */
  async decide(a: DoubleAwaiting): Promise<Action> {
    this.replay = false;
    this.attempt = a.attempt;
    this.of = a.attempt + a.attemptsLeft;
    this.roundCards = a.strip.map(cardFromWire);
    if (!this.screen.isOpen) {
      if (a.attempt === 1 && !(await this.offered(a.stake))) return this.actions.collect;
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
    return this.actions[await this.screen.pick()];
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
    // A replay only shows: no button answers.
    if (this.replay) this.screen.end(won ? `Right! ${this.money(amount)} at stake.` : "Wrong colour: the win is lost.");
    this.card = null;
  }

  /** The round's strip after the guess (latest first): shown with the session's earlier cards. */
  strip(cards: readonly WireCard[]): void {
    this.roundCards = cards.map(cardFromWire);
    this.screen.setStrip(this.replay ? this.roundCards : this.recent.strip(this.roundCards));
  }

  /** The double is over: says why, keeps this round's cards for the next rounds' strip, closes. */
  async ended(event: DoubleEnded, options: PlayOptions): Promise<void> {
    const amount = this.money(event.amount);
    const text =
      event.reason === "lost"
        ? "Wrong colour: the win is lost."
        : event.reason === "attempts"
          ? this.look.ended.attempts(amount, this.of)
          : event.reason === "cap"
            ? this.look.ended.cap(amount)
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

  /** The indicators: attempts still available, the amount at stake, what a right guess makes it. */
  private setMeters(attempts: number, stake: number): void {
    if (!this.meters) return;
    const prefix = this.look.offer.testPrefix;
    const set = (test: string, text: string, minor?: number) => {
      const el = this.meters?.querySelector(`[data-test="${prefix}-${test}"]`) as HTMLElement;
      el.textContent = text;
      if (minor !== undefined) el.dataset.minor = String(minor);
    };
    set("attempts", String(attempts));
    set("bet", this.money(stake), stake);
    set("to-win", this.money(stake * 2), stake * 2);
  }

  /** The offer under the reels: the start button opens the table, COLLECT (the space bar's) keeps the win. */
  private offered(stake: number): Promise<boolean> {
    const o = this.look.offer;
    this.offer.innerHTML = `<span class="${o.textClass}">${o.text(`<b data-test="${o.testPrefix}-offer-amount">${escapeHtml(this.money(stake))}</b>`)}</span>
      <button class="btn ${o.startClass}" type="button" data-test="${o.testPrefix}-start">${escapeHtml(o.start)}</button>
      <button class="btn primary" type="button" data-test="${o.testPrefix}-collect" data-primary>COLLECT</button>`;
    this.offer.classList.remove("hidden");
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        this.offer.classList.add("hidden");
        this.offer.innerHTML = "";
        resolve(yes);
      };
      this.offer.querySelector(`[data-test="${o.testPrefix}-start"]`)?.addEventListener("click", () => answer(true));
      const collect = this.offer.querySelector(`[data-test="${o.testPrefix}-collect"]`) as HTMLElement | null;
      collect?.addEventListener("click", () => answer(false));
      collect?.focus({ preventScroll: true });
    });
  }
}
