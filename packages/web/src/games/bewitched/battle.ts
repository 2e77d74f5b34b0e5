/**
 * The witch battle (sheet 3.2: "When 2 to 5 Scatter symbols appear anywhere on the reels,
 * the Witches will battle"): the player's witch and her rival cast at each other over the
 * reels and the player's witch wins, every time. Cosmetic: the pay is the paytable's, already
 * in the step the server sent; the battle only shows it.
 */
import { svgUrl } from "../../shell/kit/art.js";
import type { PlayOptions } from "../../shell/types.js";
import { rivalOf, type Witch } from "./figures.js";

export class WitchBattle {
  readonly element: HTMLElement;

  constructor(private readonly pause: (ms: number) => Promise<void>) {
    this.element = document.createElement("div");
    this.element.className = "bw-battle hidden";
    this.element.dataset.test = "witch-battle";
    // What it says is said to screen readers by the step's sentence; the picture is decoration.
    this.element.setAttribute("aria-hidden", "true");
  }

  /** Plays one battle that `mine` wins; `pays` is what the witches pay ("3 Witches pay €0.45"). */
  async play(mine: Witch, pays: string, options: PlayOptions): Promise<void> {
    const rival = rivalOf(mine);
    const el = this.element;
    el.dataset.winner = mine.id;
    el.style.setProperty("--mine", mine.magic);
    el.style.setProperty("--rival", rival.magic);
    el.innerHTML = `
      <img class="bw-fighter mine" alt="" src="${svgUrl(mine.art)}">
      <div class="bw-bolts"><span class="bw-bolt mine"></span><span class="bw-clash"></span><span class="bw-bolt rival"></span></div>
      <img class="bw-fighter rival" alt="" src="${svgUrl(rival.art)}">
      <div class="bw-battle-text"><b data-test="battle-winner">${mine.name.toUpperCase()} WINS!</b><span>${pays}</span></div>`;
    el.classList.remove("hidden", "won");
    const quick = options.quick || options.replay;
    // Less motion: the outcome at once, a still picture.
    if (options.reducedMotion) el.classList.add("won");
    else {
      await this.pause(quick ? 500 : 1100);
      el.classList.add("won");
    }
    await this.pause(quick ? 700 : 1300);
    this.hide();
  }

  hide(): void {
    this.element.classList.add("hidden");
    this.element.classList.remove("won");
  }
}
