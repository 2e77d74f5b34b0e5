/**
 * The stage's overlays kit: a big message flashed over the reels ("10 FREE SPINS"), and a
 * feature card with one button (a free-spin intro, a series' outro) that the player
 * answers, or that closes by itself after a while. The card takes the keyboard focus so
 * Enter or Space answers it; the shell's space bar presses its `data-primary` button too.
 */
import { escapeHtml } from "../html.js";

export interface FeatureCard {
  title: string;
  /** The card's text, as HTML (the game's own words). */
  html: string;
  button: string;
  /** Closes by itself after this long (0: waits for the player). */
  autoCloseMs: number;
  /** The card's `data-test` name. */
  test: string;
}

export class StageOverlays {
  readonly banner: HTMLElement;
  readonly overlay: HTMLElement;

  constructor(
    private readonly pause: (ms: number) => Promise<void>,
    private readonly onPress: () => void = () => {},
  ) {
    this.banner = document.createElement("div");
    this.banner.className = "stage-banner hidden";
    this.banner.dataset.test = "banner";
    this.overlay = document.createElement("div");
    this.overlay.className = "stage-overlay hidden";
    this.overlay.dataset.test = "overlay";
  }

  /** Shows `text` over the stage for `ms` (the player's SKIP shortens it). */
  async flash(text: string, ms: number): Promise<void> {
    this.banner.textContent = text;
    this.banner.classList.remove("hidden");
    await this.pause(ms);
    this.banner.classList.add("hidden");
  }

  /** Shows a card; resolves when its button is pressed (or after `autoCloseMs`). */
  card(card: FeatureCard): Promise<void> {
    this.overlay.innerHTML = `<div class="feature-card" role="dialog" aria-labelledby="feature-card-title" data-test="${escapeHtml(card.test)}"><h2 id="feature-card-title">${escapeHtml(card.title)}</h2><p>${card.html}</p><button class="btn primary" data-primary>${escapeHtml(card.button)}</button></div>`;
    this.overlay.classList.remove("hidden");
    const button = this.overlay.querySelector("button") as HTMLButtonElement;
    button.focus({ preventScroll: true });
    return new Promise((resolve) => {
      let timer = 0;
      const done = () => {
        clearTimeout(timer);
        this.hide();
        resolve();
      };
      button.addEventListener("click", () => {
        this.onPress();
        done();
      });
      if (card.autoCloseMs > 0) timer = window.setTimeout(done, card.autoCloseMs);
    });
  }

  /** Hides the card (leaving a feature, a replay). */
  hide(): void {
    this.overlay.classList.add("hidden");
    this.overlay.innerHTML = "";
  }
}
