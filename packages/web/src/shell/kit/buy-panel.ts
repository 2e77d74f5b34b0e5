/**
 * The Buy Bonus panel kit, drawn from a bet schema's `buyModes` (no game's names in it): a
 * BUY BONUS button in the bet panel that opens a dialog listing the plain modes with their
 * price in currency at the current stake, a GUARANTEED PRIZES switch (shown where a mode has
 * a guaranteed partner: switched on, each row buys its partner and shows its price), the mode
 * in play marked ACTIVE and a way to turn it off. A mode above the jurisdiction's stake cap
 * at the stake is shown disabled with the reason. While a mode is on the button reads ACTIVE
 * with the mode's name; it stays on, spin after spin, until the player turns it off or a
 * stake change puts it above the cap (the player is told). The chosen mode is kept in the
 * player's preferences for the game (`{buyMode: "<id>"}`, merged with the other keys) and
 * restored on the next load, on any device, when it is still allowed.
 */
import { closeDialog, openDialog } from "../dialog.js";
import { escapeHtml } from "../html.js";
import type { GamePreferences } from "../types.js";
import type { BetChoice, BetModel } from "./bet-model.js";
import { type BuyEntry, BuyModes, buttonText, withBuyMode } from "./buy-panel-model.js";
import "./buy-panel.css";

export interface BuyPanelOptions {
  model: BetModel;
  money(minor: number): string;
  /** The jurisdiction's stake cap per spin (minor units), null for none. */
  maxStake: number | null;
  /** The player chose a mode (null: plain spins again). */
  choose(id: string | null): void;
  /**
   * The player bought a mode with its BUY button (the dialog has closed): the sheet's "Once
   * this action is completed, the reels begin to spin". Absent: the next SPIN plays it.
   */
  bought?(): void;
  /** Where the chosen mode is kept (null: nowhere, this page only). */
  preferences?: GamePreferences | null;
  /** Tells the player something (a mode turned off by a stake change). */
  tell?(text: string): void;
}

export class BuyPanel {
  readonly element: HTMLElement;
  readonly modes: BuyModes;
  private readonly button: HTMLButtonElement;
  private choice: BetChoice;
  /** The GUARANTEED PRIZES switch as the player left it (on when a guaranteed mode is in play). */
  private guaranteed = false;
  /** Preference writes, one after another (a later choice never lands before an earlier one). */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly o: BuyPanelOptions) {
    this.modes = new BuyModes(o.model.schema.buyModes ?? []);
    this.choice = o.model.initial();
    this.element = document.createElement("div");
    this.element.className = "selector buy-selector";
    this.element.dataset.selector = "buy";
    this.element.innerHTML = `<label id="buy-bonus-label">BUY</label><div><button type="button" class="buy-bonus" data-test="buy-bonus" aria-haspopup="dialog"><span class="buy-title"></span><small class="buy-detail"></small></button></div>`;
    this.button = this.element.querySelector("button") as HTMLButtonElement;
    this.button.addEventListener("click", () => void this.open());
    this.render(this.choice);
  }

  /** Shows the choice's mode on the button (ACTIVE and its name, or BUY BONUS). */
  render(choice: BetChoice): void {
    this.choice = choice;
    const mode = this.modes.find(choice.mode);
    if (mode) this.guaranteed = this.modes.isGuaranteed(mode);
    const text = buttonText(this.modes, choice);
    (this.button.querySelector(".buy-title") as HTMLElement).textContent = text.title;
    (this.button.querySelector(".buy-detail") as HTMLElement).textContent = text.detail;
    this.button.classList.toggle("active", mode !== null);
    if (mode) this.button.dataset.active = mode.id;
    else delete this.button.dataset.active;
  }

  /** The button takes presses only while the bet may change (not while reels spin, in features or autoplay). */
  setEnabled(enabled: boolean): void {
    this.button.disabled = !enabled;
  }

  /**
   * The choice within the stake cap: a mode whose price at the choice's stake is above it is
   * turned off, the player told and the preferences updated. Call it on every stake change.
   */
  fit(choice: BetChoice): BetChoice {
    const { choice: next, dropped } = this.modes.withinCap(this.o.model, choice, this.o.maxStake);
    if (!dropped) return choice;
    const cap = this.o.maxStake;
    const price = this.o.model.debit(choice);
    this.o.tell?.(
      cap !== null && this.modes.find(dropped.id)
        ? `${dropped.label} is turned off: at this stake it costs ${this.o.money(price)}, above the limit of ${this.o.money(cap)} a spin.`
        : `${dropped.label} is turned off.`,
    );
    this.store(null);
    return next;
  }

  /** The choice with the mode kept in the preferences, when it is still allowed at its stake. */
  async restore(choice: BetChoice): Promise<BetChoice> {
    if (!this.o.preferences) return choice;
    try {
      return this.modes.restore(await this.o.preferences.read(), this.o.model, choice, this.o.maxStake);
    } catch {
      // Not read: plain spins until the player chooses again.
      return choice;
    }
  }

  /** Opens the dialog; resolves when it closes. */
  async open(): Promise<void> {
    const body = document.createElement("div");
    body.className = "buy-panel";
    body.dataset.test = "buy-panel";
    const active = this.modes.find(this.choice.mode) !== null;
    const status = () => body.querySelector<HTMLElement>('[data-test="buy-status"]');
    const pick = (id: string | null) => {
      this.select(id);
      return undefined;
    };
    const draw = () => {
      const entries = this.modes.entries(this.o.model, this.choice, this.guaranteed, this.o.maxStake, this.o.money);
      const stake = this.o.model.label(this.choice, this.o.money);
      body.innerHTML = `
        <p class="buy-intro">Each spin costs the price shown at your stake of <b data-test="buy-stake">${escapeHtml(stake)}</b>, until you turn it off.</p>
        ${
          this.modes.hasGuarantee
            ? `<label class="buy-switch"><input type="checkbox" role="switch" data-test="buy-guaranteed"${this.guaranteed ? " checked" : ""}><span>GUARANTEED PRIZES</span></label>`
            : ""
        }
        <ul class="buy-list">${entries.map((e) => this.row(e)).join("")}</ul>
        <p class="buy-status" data-test="buy-status" role="status"></p>`;
      for (const button of body.querySelectorAll<HTMLButtonElement>("button[data-buy]")) {
        button.addEventListener("click", () => {
          if (button.getAttribute("aria-pressed") === "true") return;
          pick(button.dataset.buy as string);
          closeDialog();
          this.o.bought?.();
        });
      }
      const toggle = body.querySelector<HTMLInputElement>('[data-test="buy-guaranteed"]');
      toggle?.addEventListener("change", () => {
        const on = toggle.checked;
        const next = this.modes.switched(this.choice.mode, on);
        const refused = next ? this.modes.refusal(this.o.model, this.choice, next, this.o.maxStake, this.o.money) : null;
        if (refused) {
          // The partner of the mode in play is above the cap: the switch stays as it was.
          toggle.checked = !on;
          const say = status();
          if (say) say.textContent = `Not available: ${this.modes.find(next)?.label ?? ""}. ${refused}.`;
          return;
        }
        this.guaranteed = on;
        if (next) pick(next);
        draw();
        body.querySelector<HTMLInputElement>('[data-test="buy-guaranteed"]')?.focus();
        const say = status();
        if (say && next) say.textContent = `${this.modes.find(next)?.label ?? ""} is active.`;
      });
    };
    draw();
    const opened = openDialog({
      name: "buy-bonus",
      title: "Buy bonus",
      body,
      buttons: [
        ...(active ? [{ label: "Turn off", test: "buy-off", onClick: () => pick(null) }] : []),
        { label: "Close", primary: !active, test: "buy-close" },
      ],
    });
    await opened;
  }

  /** One row: the mode's name, its price, and BUY (ACTIVE when in play; disabled with the reason when refused). */
  private row(e: BuyEntry): string {
    const id = escapeHtml(e.mode.id);
    const label = escapeHtml(e.mode.label);
    const price = escapeHtml(this.o.money(e.price));
    const why = e.refused
      ? `<small class="buy-refused" id="buy-why-${id}" data-test="buy-refused">${escapeHtml(e.refused)}</small>`
      : "";
    const note = e.noGuarantee ? '<small class="buy-note">No guaranteed prizes with this one</small>' : "";
    const description = e.mode.description ? `<small>${escapeHtml(e.mode.description)}</small>` : "";
    const button = e.active
      ? `<button type="button" class="btn buy-on" data-buy="${id}" aria-pressed="true" aria-label="${label} is active">ACTIVE</button>`
      : `<button type="button" class="btn primary" data-buy="${id}" aria-pressed="false" aria-label="Buy ${label} for ${price}"${
          e.refused ? ` disabled aria-describedby="buy-why-${id}"` : ""
        }>BUY</button>`;
    return `<li class="buy-row${e.active ? " active" : ""}${e.refused ? " refused" : ""}" data-mode="${escapeHtml(e.plain.id)}" data-buys="${id}">
      <span class="buy-name"><b>${label}</b>${description}${note}</span>
      <b class="buy-price" data-test="buy-price" data-minor="${e.price}">${price}</b>
      ${button}${why}</li>`;
  }

  /** The player's choice: played from the next spin on, and kept in the preferences. */
  private select(id: string | null): void {
    this.o.choose(id);
    this.store(id);
  }

  /** Keeps `id` (null: none) in the game's preferences, merged with what else is there. */
  private store(id: string | null): void {
    const preferences = this.o.preferences;
    if (!preferences) return;
    this.writing = this.writing.then(async () => {
      try {
        await preferences.write(withBuyMode(await preferences.read(), id));
      } catch {
        // Not kept: the mode still plays on this page; the next load starts with plain spins.
      }
    });
  }

  /** Resolves when every choice so far is written (tests, and a page about to close). */
  settled(): Promise<void> {
    return this.writing;
  }
}
