/**
 * The Jackpot Cards screen: 12 face-down cards over the game's stage. The player turns cards
 * over one by one until three of a suit show; each card's suit comes from the server's
 * answer to that pick (the client never knows a card before it is turned). Reused for a
 * round resumed after a reload: the cards already turned come from the open round.
 */
import { svgUrl } from "../kit/art.js";

export type Suit = "clubs" | "diamonds" | "hearts" | "spades";
export const SUITS: readonly Suit[] = ["clubs", "diamonds", "hearts", "spades"];

const GLYPH: Record<Suit, string> = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const COLOUR: Record<Suit, string> = { clubs: "#1a1a2e", diamonds: "#c81e3a", hearts: "#c81e3a", spades: "#1a1a2e" };
/** Level names, lowest first (the sheet's 1st to 4th level). */
export const LEVEL_NAME: Record<Suit, string> = {
  clubs: "Level 1 ♣",
  diamonds: "Level 2 ♦",
  hearts: "Level 3 ♥",
  spades: "Level 4 ♠",
};

const cardSvg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="168" viewBox="0 0 120 168">${body}</svg>`;
const BACK = cardSvg(
  `<rect x="3" y="3" width="114" height="162" rx="12" fill="#5a0a24" stroke="#e0a93a" stroke-width="5"/>
   <rect x="14" y="14" width="92" height="140" rx="8" fill="none" stroke="#e0a93a" stroke-width="2"/>
   <g fill="#e0a93a" font-family="Georgia, serif" font-size="30" text-anchor="middle"><text x="60" y="62">♣♦</text><text x="60" y="120">♥♠</text></g>`,
);
const face = (suit: Suit) =>
  cardSvg(
    `<rect x="3" y="3" width="114" height="162" rx="12" fill="#fffaf0" stroke="#e0a93a" stroke-width="5"/>
     <text x="60" y="108" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="78" fill="${COLOUR[suit]}">${GLYPH[suit]}</text>
     <text x="18" y="34" font-family="Georgia, serif" font-size="24" fill="${COLOUR[suit]}">${GLYPH[suit]}</text>`,
  );

export class JackpotCardsScreen {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly status: HTMLElement;
  private readonly total: HTMLElement;
  private choose: ((position: number) => void) | null = null;
  private readonly faces = new Map<number, Suit>();

  constructor(private readonly money: (minor: number) => string) {
    this.element = document.createElement("div");
    this.element.className = "pick-screen jackpot-cards hidden";
    this.element.dataset.test = "jackpot-cards";
    this.element.innerHTML = `
      <div class="pick-head">
        <div class="pick-title">JACKPOT CARDS</div>
        <div class="jc-levels">${SUITS.map((s) => `<span data-level="${s}">${LEVEL_NAME[s]}</span>`).join("")}</div>
        <div class="pick-status" data-test="jackpot-cards-status" aria-live="polite"></div>
        <div class="pick-total" data-test="jackpot-cards-total"></div>
      </div>
      <div class="pick-grid" data-test="jackpot-cards-grid"></div>`;
    this.grid = this.element.querySelector(".pick-grid") as HTMLElement;
    this.status = this.element.querySelector(".pick-status") as HTMLElement;
    this.total = this.element.querySelector(".pick-total") as HTMLElement;
  }

  get isOpen(): boolean {
    return !this.element.classList.contains("hidden");
  }

  /**
   * Shows `cards` face-down cards, those already turned (a resumed round) face up; `replay`:
   * a past round shown from the history (nothing to pick).
   */
  open(cards: number, revealed: readonly { position: number; suit: Suit }[], replay = false): void {
    this.faces.clear();
    for (const r of revealed) this.faces.set(r.position, r.suit);
    this.grid.innerHTML = "";
    for (let position = 0; position < cards; position++) {
      const button = document.createElement("button");
      button.className = "pick-object jc-card";
      button.dataset.card = String(position);
      button.setAttribute("aria-label", `Card ${position + 1}`);
      button.innerHTML = `<img alt="" src="${svgUrl(BACK)}">`;
      button.addEventListener("click", () => {
        if (this.choose && !this.faces.has(position)) {
          const done = this.choose;
          this.choose = null;
          this.element.classList.remove("choosing");
          done(position);
        }
      });
      this.grid.append(button);
    }
    for (const [position, suit] of this.faces) this.show(position, suit);
    this.total.textContent = "";
    this.status.textContent = replay ? "Replay: the cards as they were turned" : "Turn cards until three of a suit show";
    this.element.classList.toggle("replay", replay);
    for (const level of this.element.querySelectorAll(".jc-levels .won")) level.classList.remove("won");
    this.element.classList.remove("hidden");
  }

  /** The levels' current values (from the push channel's pool events), shown beside each suit. */
  values(pools: readonly { pool: string; amount: number }[]): void {
    for (const p of pools) {
      if (!(SUITS as readonly string[]).includes(p.pool)) continue;
      const label = this.element.querySelector<HTMLElement>(`[data-level="${p.pool}"]`);
      if (label) {
        label.textContent = `${LEVEL_NAME[p.pool as Suit]} ${this.money(p.amount)}`;
        label.dataset.amount = String(p.amount);
      }
    }
  }

  /** Waits for the player to touch a face-down card; resolves its position. */
  pick(): Promise<number> {
    this.element.classList.add("choosing");
    return new Promise((resolve) => {
      this.choose = resolve;
    });
  }

  /** A card the server turned over. */
  reveal(position: number, suit: Suit, count: number): void {
    this.faces.set(position, suit);
    this.show(position, suit);
    this.status.textContent = `${GLYPH[suit]} ${count} of 3`;
  }

  /** The level won and its prize; the untouched cards shown. */
  finish(level: Suit, amount: number, rest: readonly { position: number; suit: Suit }[]): void {
    for (const r of rest) this.show(r.position, r.suit, true);
    this.element.querySelector(`[data-level="${level}"]`)?.classList.add("won");
    this.status.textContent = `${LEVEL_NAME[level]} won`;
    this.total.innerHTML = `<b data-test="jackpot-cards-win" data-minor="${amount}">${this.money(amount)}</b>`;
  }

  close(): void {
    this.choose = null;
    this.element.classList.add("hidden");
  }

  private show(position: number, suit: Suit, dim = false): void {
    const button = this.grid.querySelector<HTMLButtonElement>(`[data-card="${position}"]`);
    if (!button) return;
    button.classList.add("open");
    button.classList.toggle("dim", dim);
    button.dataset.suit = suit;
    button.setAttribute("aria-label", `Card ${position + 1}: ${suit}`);
    (button.querySelector("img") as HTMLImageElement).src = svgUrl(face(suit));
  }
}
