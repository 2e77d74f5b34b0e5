/**
 * The gamble (double-up) screen kit: the amount at stake and what a right guess pays, a
 * face-down card, RED / BLACK / COLLECT, and the strip of the last cards drawn (latest
 * first). The player only chooses; the server draws the card and says whether the guess won.
 * Each guess doubles the stake, so a burst of clicks or a held key makes one guess: a press
 * counts only when it began after the choice was offered and is not the rest of a burst
 * (PressGuard). A game names its words (`GambleLook`: "DOUBLE", "RED ♥") and may keep the
 * strip across rounds itself (`setStrip`, `kit/recent-cards.ts`).
 */
import { escapeHtml } from "../html.js";
import { onPress, PressGuard } from "../press-guard.js";

export type Suit = "hearts" | "diamonds" | "clubs" | "spades";
export interface Card {
  suit: Suit;
  /** "A", "2"…"10", "J", "Q", "K". */
  rank: string;
}
export type GambleChoice = "red" | "black" | "collect";

const SUIT_SIGN: Readonly<Record<Suit, string>> = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠" };
const isRed = (suit: Suit) => suit === "hearts" || suit === "diamonds";

const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** A card as the engine sends it (rank 1 = ace … 13 = king) in the kit's terms. */
export function cardFromWire(card: { readonly rank: number; readonly suit: Suit }): Card {
  return { suit: card.suit, rank: RANKS[card.rank] ?? String(card.rank) };
}

export interface GambleRound {
  /** What is at stake now, minor units. */
  stake: number;
  /** Guesses still allowed (the jurisdiction's or game's limit). */
  attemptsLeft: number;
  /** The last cards drawn, most recent first (at most `stripLength` are shown). */
  history: readonly Card[];
  /** The guess about to be played (1-based) and the most a round allows: shown as "2 OF 5". */
  attempt?: number;
  of?: number;
}

/** A game's words for the screen (each has a default). */
export interface GambleLook {
  /** The heading (default "GAMBLE"). */
  title?: string;
  /** The buttons' labels (default "RED" and "BLACK") and their accessible names. */
  red?: string;
  black?: string;
  redName?: string;
  blackName?: string;
  /** The question while the card is face down (default "Red or black?"). */
  question?: string;
  /** How many cards the strip shows (default 5). */
  stripLength?: number;
  /** The strip's accessible name (default "Last cards"). */
  stripName?: string;
}

export class GambleScreen {
  readonly element: HTMLElement;
  private readonly card: HTMLElement;
  private readonly stakeEl: HTMLElement;
  private readonly payEl: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly historyEl: HTMLElement;
  private readonly buttons: HTMLButtonElement[];
  private choose: ((choice: GambleChoice) => void) | null = null;
  private readonly attemptEl: HTMLElement;
  private history: Card[] = [];
  private readonly guard = new PressGuard();
  private readonly stripLength: number;
  private readonly question: string;

  constructor(
    private readonly money: (minor: number) => string,
    look: GambleLook = {},
  ) {
    this.stripLength = look.stripLength ?? 5;
    this.question = look.question ?? "Red or black?";
    this.element = document.createElement("div");
    this.element.className = "gamble-screen hidden";
    this.element.dataset.test = "gamble";
    const name = (label: string | undefined) => (label ? ` aria-label="${escapeHtml(label)}"` : "");
    this.element.innerHTML = `
      <div class="gamble-head">
        <div class="gamble-title">${escapeHtml(look.title ?? "GAMBLE")} <span class="gamble-attempt" data-test="gamble-attempt"></span></div>
        <div>At stake <b data-test="gamble-stake"></b> · a right colour pays <b data-test="gamble-pays"></b></div>
      </div>
      <div class="gamble-table">
        <div class="gamble-card back" data-test="gamble-card" role="img" aria-live="polite"></div>
        <div class="gamble-history" data-test="gamble-history" role="group" aria-label="${escapeHtml(look.stripName ?? "Last cards")}"></div>
      </div>
      <div class="gamble-status" data-test="gamble-status" role="status"></div>
      <div class="gamble-actions">
        <button class="btn gamble-red" data-test="gamble-red" data-choice="red"${name(look.redName)}>${escapeHtml(look.red ?? "RED")}</button>
        <button class="btn primary" data-test="gamble-collect" data-choice="collect">COLLECT</button>
        <button class="btn gamble-black" data-test="gamble-black" data-choice="black"${name(look.blackName)}>${escapeHtml(look.black ?? "BLACK")}</button>
      </div>`;
    this.attemptEl = this.element.querySelector(".gamble-attempt") as HTMLElement;
    this.card = this.element.querySelector(".gamble-card") as HTMLElement;
    this.stakeEl = this.element.querySelector('[data-test="gamble-stake"]') as HTMLElement;
    this.payEl = this.element.querySelector('[data-test="gamble-pays"]') as HTMLElement;
    this.statusEl = this.element.querySelector(".gamble-status") as HTMLElement;
    this.historyEl = this.element.querySelector(".gamble-history") as HTMLElement;
    this.buttons = [...this.element.querySelectorAll<HTMLButtonElement>("[data-choice]")];
    // Presses on the disabled buttons, while the server answers, still belong to the burst.
    this.element.addEventListener("pointerdown", (event) => this.guard.record(event.timeStamp), { capture: true });
    for (const button of this.buttons) {
      onPress(button, (began) => {
        const fresh = this.guard.press(began);
        const resolve = this.choose;
        if (!resolve || !fresh) return;
        this.choose = null;
        this.setChoosing(false);
        resolve(button.dataset.choice as GambleChoice);
      });
    }
  }

  get isOpen(): boolean {
    return !this.element.classList.contains("hidden");
  }

  /** Shows the table for a stake: the card face down, the strip of last cards. */
  open(round: GambleRound): void {
    this.history = [...round.history];
    this.show(round.stake, round.attemptsLeft);
    this.faceDown();
    this.setAttempt(round.attempt, round.of);
    this.element.classList.remove("hidden");
  }

  /** The next guess on the same table: the card face down again, "3 OF 5". */
  next(attempt: number, of: number): void {
    this.faceDown();
    this.setAttempt(attempt, of);
  }

  /** Shows `cards` (latest first) as the strip: a game that keeps cards across rounds sets it. */
  setStrip(cards: readonly Card[]): void {
    this.history = [...cards];
    this.renderStrip();
  }

  /** The double is over: says why (`text`), and no button answers any more. */
  end(text: string): void {
    this.statusEl.textContent = text;
    this.choose = null;
    this.setChoosing(false);
    for (const button of this.buttons) button.disabled = true;
  }

  /** Waits for RED, BLACK or COLLECT. */
  pick(): Promise<GambleChoice> {
    this.guard.rest(performance.now());
    this.setChoosing(true);
    return new Promise((resolve) => {
      this.choose = resolve;
    });
  }

  /** Turns the server's card over and says what the guess did; `stake` is what is at stake now (0 when lost). */
  reveal(card: Card, won: boolean, stake: number, attemptsLeft: number): void {
    this.card.className = `gamble-card ${isRed(card.suit) ? "red" : "black"}`;
    this.card.innerHTML = `<span>${escapeHtml(card.rank)}</span><span>${SUIT_SIGN[card.suit]}</span>`;
    this.card.setAttribute("aria-label", `${card.rank} of ${card.suit}`);
    this.history = [card, ...this.history].slice(0, this.stripLength);
    this.statusEl.textContent = won ? `Right! ${this.money(stake)} at stake.` : "Wrong colour: the win is lost.";
    this.show(stake, attemptsLeft);
  }

  close(): void {
    this.choose = null;
    this.element.classList.add("hidden");
  }

  private faceDown(): void {
    this.card.className = "gamble-card back";
    this.card.textContent = "";
    this.card.setAttribute("aria-label", "Card face down");
    this.statusEl.textContent = this.question;
  }

  private setAttempt(attempt: number | undefined, of: number | undefined): void {
    this.attemptEl.textContent = attempt && of ? `${attempt} OF ${of}` : "";
  }

  private show(stake: number, attemptsLeft: number): void {
    this.stakeEl.textContent = this.money(stake);
    this.payEl.textContent = this.money(stake * 2);
    this.element.dataset.attemptsLeft = String(attemptsLeft);
    this.renderStrip();
  }

  private renderStrip(): void {
    this.historyEl.innerHTML = this.history
      .slice(0, this.stripLength)
      .map(
        (c) =>
          `<span class="mini ${isRed(c.suit) ? "red" : "black"}" role="img" aria-label="${escapeHtml(c.rank)} of ${c.suit}" title="${escapeHtml(c.rank)} of ${c.suit}">${escapeHtml(c.rank)}${SUIT_SIGN[c.suit]}</span>`,
      )
      .join("");
  }

  private setChoosing(on: boolean): void {
    this.element.classList.toggle("choosing", on);
    for (const button of this.buttons) {
      const guess = button.dataset.choice !== "collect";
      button.disabled = !on || (guess && Number(this.element.dataset.attemptsLeft) <= 0);
    }
  }
}
