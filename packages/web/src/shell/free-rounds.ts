/**
 * The game screen's free-rounds bar (operator free rounds, Bonus Spin Mode) and what it
 * knows: the game's grants as the server lists them, whether the player uses them now or
 * keeps them for later, the grant of the round on the stage, and what each grant's rounds
 * won here (in sessionStorage, so a reload keeps the figure for the closing summary).
 */
import type { Grant } from "@reelhouse/protocol";
import { openDialog } from "./dialog.js";
import { freeRoundsCount, freeRoundsText, grantsOf } from "./grants.js";
import { escapeHtml } from "./html.js";

const WINS_KEY = "reelhouse.freeRoundWins";

/** Rounds of a grant played in this tab and what they won, minor units. */
interface Played {
  rounds: number;
  won: number;
}

function readPlayed(): Record<string, Played> {
  try {
    return JSON.parse(sessionStorage.getItem(WINS_KEY) ?? "{}") as Record<string, Played>;
  } catch {
    return {};
  }
}

export class FreeRounds {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private grants: Grant[] = [];
  private using = true;
  private inPlay: Grant | null = null;

  /**
   * @param stake a grant's total bet as the player reads it ("0.15 EUR")
   * @param changed called when the player switches between free rounds and their own balance
   * @param name what the game's sheet calls them (the bar's tag and name), e.g. "Bonus Spin Mode"
   */
  constructor(
    private readonly gameId: string,
    private readonly stake: (grant: Grant) => string,
    private readonly changed: () => void,
    name?: string,
  ) {
    this.element = document.createElement("section");
    this.element.className = "free-rounds hidden";
    this.element.dataset.test = "free-rounds";
    this.element.setAttribute("aria-label", name ?? "Free rounds");
    this.element.innerHTML = `<span class="free-rounds-tag" aria-hidden="true">${escapeHtml(name ? name.toUpperCase() : "FREE")}</span>
      <span class="free-rounds-text" data-test="free-rounds-text" role="status"></span>
      <button class="btn small" data-test="free-rounds-toggle"></button>`;
    this.text = this.element.querySelector(".free-rounds-text") as HTMLElement;
    this.toggle = this.element.querySelector("button") as HTMLButtonElement;
    this.toggle.addEventListener("click", () => {
      this.using = !this.using;
      this.changed();
    });
  }

  /** Takes the server's list (GET /grants, every game's): this game's grants with rounds left. */
  update(all: readonly Grant[]): void {
    this.grants = grantsOf(all, this.gameId).map((g) => ({ ...g }));
  }

  /** The grant the next round plays: null without grants, or while the player plays their own balance. */
  get next(): Grant | null {
    return this.using ? (this.grants[0] ?? null) : null;
  }

  /** Free rounds left for this game (used or kept for later). */
  get left(): number {
    return this.grants.reduce((sum, g) => sum + g.spinsLeft, 0);
  }

  /** A granted round started: the server took one round of `grant` when it answered. */
  started(grant: Grant): void {
    this.inPlay = grant;
    const held = this.grants.find((g) => g.id === grant.id);
    if (held) held.spinsLeft--;
    this.grants = this.grants.filter((g) => g.spinsLeft > 0);
  }

  /**
   * The granted round on the stage ended having won `won`: recorded for the grant. Returns
   * the grant when that was its last round (the caller says so), else null.
   */
  ended(won: number): Grant | null {
    const grant = this.inPlay;
    this.inPlay = null;
    if (!grant) return null;
    const played = readPlayed();
    const mine = played[grant.id] ?? { rounds: 0, won: 0 };
    played[grant.id] = { rounds: mine.rounds + 1, won: mine.won + won };
    sessionStorage.setItem(WINS_KEY, JSON.stringify(played));
    return this.grants.some((g) => g.id === grant.id) ? null : grant;
  }

  /** Draws the bar; its toggle works only while the screen is at rest (`enabled`). */
  render(enabled: boolean): void {
    const text = freeRoundsText({ grants: this.grants, using: this.using, inPlay: this.inPlay }, this.stake);
    this.element.classList.toggle("hidden", text === null);
    this.element.classList.toggle("kept", !this.using);
    this.text.textContent = text ?? "";
    this.toggle.textContent = this.using ? "Play with my balance" : "Play free rounds";
    this.toggle.hidden = this.grants.length === 0;
    this.toggle.disabled = !enabled;
  }

  /** The closing summary of a grant whose last round was played. */
  usedUp(grant: Grant, money: (minor: number) => string): Promise<void> {
    const played = readPlayed()[grant.id];
    // The total is only certain when every round of the grant was played in this tab.
    const total =
      played && played.rounds === grant.spinsTotal
        ? `<p>They won <b data-test="free-rounds-won">${escapeHtml(money(played.won))}</b>, paid into your balance.</p>`
        : "<p>What they won is in your balance.</p>";
    return openDialog({
      name: "free-rounds-done",
      title: "Free rounds used up",
      body: `<p>You have played your ${escapeHtml(freeRoundsCount(grant.spinsTotal))} at ${escapeHtml(this.stake(grant))}, courtesy of the operator.</p>${total}
        <p>${escapeHtml(this.next ? `Next: ${freeRoundsCount(this.next.spinsLeft)} at ${this.stake(this.next)}.` : "The next spin plays your own balance.")}</p>`,
      buttons: [{ label: "OK", primary: true, test: "free-rounds-ok" }],
    });
  }
}
