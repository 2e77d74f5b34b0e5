/**
 * The bet panel kit, drawn from a game's bet schema: − / + selectors for each field the
 * schema lets the player choose (coin value, coins per line, lines; or the total stake,
 * shown with its non-cash part: "€0.20 + 1 Bonus"), and the BUY BONUS button (`buy-panel.ts`)
 * where the game sells features and the jurisdiction allows it.
 */
import type { GamePreferences } from "../types.js";
import type { BetChoice, BetField, BetModel } from "./bet-model.js";
import { BuyPanel } from "./buy-panel.js";

/** Names of each field's controls (`data-test`: `<name>-down`, `<name>`, `<name>-up`) and its label. */
const FIELDS: Readonly<Record<BetField["id"], { name: string; label: string; fewer: string; more: string }>> = {
  coinValue: { name: "coin-value", label: "COIN VALUE", fewer: "Lower coin value", more: "Raise coin value" },
  coinsPerLine: { name: "coins", label: "COINS / LINE", fewer: "Fewer coins per line", more: "More coins per line" },
  lines: { name: "lines", label: "LINES", fewer: "Fewer lines", more: "More lines" },
  stake: { name: "stake", label: "STAKE", fewer: "Lower stake", more: "Raise stake" },
};

export interface BetPanelEvents {
  /** A − or + was pressed on a field. */
  step(id: BetField["id"], delta: number): void;
  /** The buy mode changed (null: a plain spin). */
  mode(id: string | null): void;
  /** A mode was bought with its BUY button: the reels begin to spin. */
  bought?(): void;
}

/** What the BUY BONUS panel needs beyond the schema: the stake cap, where the choice is kept, how to tell the player. */
export interface BetPanelBuy {
  /** The jurisdiction's stake cap per spin, minor units (null: none). */
  maxStake?: number | null;
  /** The player's preferences for the game, where the chosen mode is kept. */
  preferences?: GamePreferences | null;
  tell?(text: string): void;
}

export class BetPanel {
  private readonly outputs = new Map<BetField["id"], HTMLOutputElement>();
  private readonly buttons: HTMLButtonElement[] = [];
  /** The BUY BONUS button and its dialog (null: the game sells nothing, or the jurisdiction forbids it). */
  readonly buy: BuyPanel | null = null;

  /** Fills `container` (emptied first) with the schema's controls. */
  constructor(
    private readonly container: HTMLElement,
    private readonly model: BetModel,
    private readonly money: (minor: number) => string,
    events: BetPanelEvents,
    buyAllowed: boolean,
    buy: BetPanelBuy = {},
  ) {
    container.innerHTML = "";
    for (const field of model.fields()) {
      const f = FIELDS[field.id];
      const selector = document.createElement("div");
      selector.className = "selector";
      selector.dataset.selector = f.name;
      selector.innerHTML = `<label>${f.label}</label><div><button data-test="${f.name}-down" aria-label="${f.fewer}">−</button><output data-test="${f.name}"></output><button data-test="${f.name}-up" aria-label="${f.more}">+</button></div>`;
      const [down, up] = [...selector.querySelectorAll("button")] as [HTMLButtonElement, HTMLButtonElement];
      down.addEventListener("click", () => events.step(field.id, -1));
      up.addEventListener("click", () => events.step(field.id, 1));
      this.buttons.push(down, up);
      this.outputs.set(field.id, selector.querySelector("output") as HTMLOutputElement);
      container.append(selector);
    }
    const modes = model.schema.buyModes ?? [];
    if (modes.length > 0 && buyAllowed) {
      this.buy = new BuyPanel({
        model,
        money,
        maxStake: buy.maxStake ?? null,
        choose: (id) => events.mode(id),
        ...(events.bought ? { bought: () => events.bought?.() } : {}),
        preferences: buy.preferences ?? null,
        ...(buy.tell ? { tell: buy.tell } : {}),
      });
      container.append(this.buy.element);
    }
  }

  /** Shows a choice's values in the outputs. */
  render(choice: BetChoice): void {
    for (const [id, output] of this.outputs) {
      const value = this.model.value(choice, id);
      if (id === "coinValue") output.textContent = this.money(value);
      else if (id === "stake") output.textContent = this.model.label(choice, this.money);
      else output.textContent = String(value);
    }
    this.buy?.render(choice);
  }

  /** The panel takes input only while the bet may change (not during a round or autoplay). */
  setEnabled(enabled: boolean): void {
    for (const button of this.buttons) button.disabled = !enabled;
    this.buy?.setEnabled(enabled);
  }

  /**
   * The choice within the stake cap: a buy mode whose price at its stake is above the cap is
   * turned off and the player told (call it when the stake changes).
   */
  fit(choice: BetChoice): BetChoice {
    return this.buy ? this.buy.fit(choice) : choice;
  }

  /** The choice with the buy mode the player's preferences keep, when still allowed. */
  restore(choice: BetChoice): Promise<BetChoice> {
    return this.buy ? this.buy.restore(choice) : Promise.resolve(choice);
  }

  /** The element holding the controls. */
  get element(): HTMLElement {
    return this.container;
  }
}
