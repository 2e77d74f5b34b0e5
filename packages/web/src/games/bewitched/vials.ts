/**
 * Merlin's vial shelf (sheet 3.3: "You have to combine three Vials, and once the three vials
 * are chosen, one of the following will be won"), on the shared pick-screen kit: nine
 * corked vials, the player opens three; each shows an ingredient (decoration drawn apart
 * from the prize), and only the third reveals what Merlin gives. The prize was drawn when
 * Merlin came, on the server; nothing of it is here before the third vial's answer.
 */

import { svgUrl } from "../../shell/kit/art.js";
import { PickScreen } from "../../shell/kit/pick-screen.js";
import { INGREDIENT_ART, MERLIN_FIGURE, VIAL_CLOSED } from "./figures.js";

/** An opened vial as the server said it: which one, and the ingredient it showed. */
export interface OpenedVial {
  vial: number;
  ingredient: string;
}

/** An ingredient's name and picture (an unknown one, from a newer server, shows as "Ingredient"). */
export function ingredient(id: string): { name: string; art: string | undefined } {
  const known = INGREDIENT_ART[id];
  return { name: known?.name ?? "Ingredient", art: known?.art };
}

export class VialShelf {
  private readonly screen: PickScreen;

  constructor(money: (minor: number) => string) {
    this.screen = new PickScreen({
      title: "MERLIN'S VIALS",
      objectName: "Vial",
      closedArt: VIAL_CLOSED,
      openArt: VIAL_CLOSED,
      money,
      total: false,
      className: "bw-shelf",
      test: "vial-shelf",
      status: (left) => (left === 1 ? "OPEN 1 MORE VIAL" : `OPEN ${left} VIALS`),
    });
    const merlin = document.createElement("img");
    merlin.className = "bw-merlin";
    merlin.alt = "";
    merlin.src = svgUrl(MERLIN_FIGURE);
    this.screen.element.append(merlin);
  }

  get element(): HTMLElement {
    return this.screen.element;
  }

  get isOpen(): boolean {
    return this.screen.isOpen;
  }

  /** Shows the shelf: `vials` vials, `picks` to open, those already opened (a resumed round) open. */
  open(vials: number, picks: number, opened: readonly OpenedVial[] = []): void {
    this.screen.open(
      picks,
      vials,
      opened.map((o) => this.revealed(o)),
    );
  }

  /** Waits for the player's vial. */
  pick(): Promise<number> {
    return this.screen.pick();
  }

  /** The server opened a vial: its ingredient shows. */
  reveal(opened: OpenedVial): void {
    this.screen.reveal(this.revealed(opened));
  }

  /** The third vial: what the three combine into (HTML, the game's words). */
  combined(html: string): void {
    this.screen.conclude("THE VIALS COMBINE", html);
  }

  close(): void {
    this.screen.close();
  }

  private revealed(o: OpenedVial) {
    const { name, art } = ingredient(o.ingredient);
    return { object: o.vial, coins: 0, amount: 0, label: name, ...(art ? { art } : {}) };
  }
}
