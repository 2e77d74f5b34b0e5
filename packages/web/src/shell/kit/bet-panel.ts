/**
 * The bet panel kit, drawn from a game's bet schema: − / + selectors for each field the
 * schema lets the player choose (coin value, coins per line, lines; or the total stake,
 * shown with its non-cash part: "€0.20 + 1 Bonus"), and a buy-mode selector where the game
 * sells features and the jurisdiction allows it.
 */
import { escapeHtml } from "../html.js";
import type { BetChoice, BetField, BetModel } from "./bet-model.js";

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
}

export class BetPanel {
  private readonly outputs = new Map<BetField["id"], HTMLOutputElement>();
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly modeSelect: HTMLSelectElement | null = null;

  /** Fills `container` (emptied first) with the schema's controls. */
  constructor(
    private readonly container: HTMLElement,
    private readonly model: BetModel,
    private readonly money: (minor: number) => string,
    events: BetPanelEvents,
    buyAllowed: boolean,
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
      const selector = document.createElement("div");
      selector.className = "selector";
      selector.dataset.selector = "mode";
      selector.innerHTML = `<label for="buy-mode">BUY</label><select id="buy-mode" data-test="buy-mode"><option value="">Normal spin</option>${modes
        .map((m) => `<option value="${escapeHtml(m.id)}">${escapeHtml(m.label)} (×${m.priceTimesBet})</option>`)
        .join("")}</select>`;
      const select = selector.querySelector("select") as HTMLSelectElement;
      select.addEventListener("change", () => events.mode(select.value || null));
      this.modeSelect = select;
      container.append(selector);
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
    if (this.modeSelect) this.modeSelect.value = choice.mode ?? "";
  }

  /** The panel takes input only while the bet may change (not during a round or autoplay). */
  setEnabled(enabled: boolean): void {
    for (const button of this.buttons) button.disabled = !enabled;
    if (this.modeSelect) this.modeSelect.disabled = !enabled;
  }

  /** The element holding the controls. */
  get element(): HTMLElement {
    return this.container;
  }
}
