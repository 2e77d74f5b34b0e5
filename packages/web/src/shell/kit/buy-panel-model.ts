/**
 * The Buy Bonus panel's logic (pure, no DOM): a bet schema's `buyModes` as the player sees
 * them. A mode with `guaranteedOf` is its plain mode with GUARANTEED PRIZES switched on, so
 * the panel lists the plain modes and one switch; each row is priced at the current stake
 * (`BetModel.debit`: price = priceTimesBet × total stake, integer minor units) and refused
 * where that price is above the jurisdiction's stake cap. The chosen mode is kept in the
 * player's preferences for the game as `{buyMode: "<id>"}`, beside whatever else is there.
 */
import type { BuyMode } from "@reelhouse/protocol";
import type { BetChoice, BetModel } from "./bet-model.js";

/** The preferences key the chosen buy mode is kept under. */
export const BUY_MODE_KEY = "buyMode";

/** One row of the panel: a plain mode, bought as itself or (switch on) as its guaranteed partner. */
export interface BuyEntry {
  /** The plain mode the row stands for. */
  plain: BuyMode;
  /** The mode a press buys, with the switch as it stands. */
  mode: BuyMode;
  /** The switch is on but this plain mode has no guaranteed partner: it is bought without. */
  noGuarantee: boolean;
  /** Its price at the current stake, minor units. */
  price: number;
  /** The mode in play now is this row (plain or guaranteed). */
  active: boolean;
  /** Why it cannot be bought at this stake (the stake cap), or null. */
  refused: string | null;
}

export class BuyModes {
  private readonly byId: ReadonlyMap<string, BuyMode>;

  constructor(readonly modes: readonly BuyMode[]) {
    this.byId = new Map(modes.map((m) => [m.id, m]));
  }

  /** A mode by its id, or null. */
  find(id: string | null | undefined): BuyMode | null {
    return (id && this.byId.get(id)) || null;
  }

  /** Whether `mode` is a guaranteed one (its plain mode is one of these modes). */
  isGuaranteed(mode: BuyMode | null): boolean {
    return mode?.guaranteedOf !== undefined && this.byId.has(mode.guaranteedOf);
  }

  /** The modes the panel lists, one per row: those that guarantee no other. */
  get plain(): BuyMode[] {
    return this.modes.filter((m) => !this.isGuaranteed(m));
  }

  /** Whether any mode has a guaranteed partner (the panel then shows the switch). */
  get hasGuarantee(): boolean {
    return this.modes.some((m) => this.isGuaranteed(m));
  }

  /** The guaranteed partner of a plain mode, or null. */
  partner(plainId: string): BuyMode | null {
    return this.modes.find((m) => m.guaranteedOf === plainId) ?? null;
  }

  /** The plain mode of a mode (itself when plain), or null for an unknown id. */
  plainOf(id: string | null): BuyMode | null {
    const mode = this.find(id);
    if (!mode) return null;
    return this.isGuaranteed(mode) ? this.find(mode.guaranteedOf) : mode;
  }

  /** The mode bought for a plain one with the switch on or off (on without a partner: the plain mode). */
  chosen(plainId: string, guaranteed: boolean): BuyMode | null {
    const plain = this.find(plainId);
    if (!plain) return null;
    return (guaranteed && this.partner(plainId)) || plain;
  }

  /**
   * The mode to play after the switch is turned (`guaranteed`) while `activeId` is on: its
   * partner, or back to its plain mode; null when nothing is on or nothing changes.
   */
  switched(activeId: string | null, guaranteed: boolean): string | null {
    const plain = this.plainOf(activeId);
    if (!plain) return null;
    const next = this.chosen(plain.id, guaranteed);
    return next && next.id !== activeId ? next.id : null;
  }

  /** A mode's price at the choice's stake: `BetModel.debit` with that mode. */
  price(model: BetModel, choice: BetChoice, id: string): number {
    return model.debit({ ...choice, mode: id });
  }

  /** Why a mode cannot be bought at the choice's stake (above the stake cap), or null. */
  refusal(
    model: BetModel,
    choice: BetChoice,
    id: string,
    maxStake: number | null,
    money: (minor: number) => string,
  ): string | null {
    if (maxStake === null) return null;
    const price = this.price(model, choice, id);
    return price > maxStake ? `Costs ${money(price)}: above the limit of ${money(maxStake)} a spin` : null;
  }

  /** The panel's rows at the choice's stake, with the switch on or off. */
  entries(
    model: BetModel,
    choice: BetChoice,
    guaranteed: boolean,
    maxStake: number | null,
    money: (minor: number) => string,
  ): BuyEntry[] {
    const active = this.plainOf(choice.mode);
    return this.plain.map((plain) => {
      const mode = this.chosen(plain.id, guaranteed) ?? plain;
      return {
        plain,
        mode,
        noGuarantee: guaranteed && mode.id === plain.id,
        price: this.price(model, choice, mode.id),
        active: active?.id === plain.id,
        refused: this.refusal(model, choice, mode.id, maxStake, money),
      };
    });
  }

  /**
   * The choice with its mode dropped when the mode is above the stake cap at the choice's
   * stake (or unknown): `dropped` names it so the player can be told.
   */
  withinCap(model: BetModel, choice: BetChoice, maxStake: number | null): { choice: BetChoice; dropped: BuyMode | null } {
    if (choice.mode === null) return { choice, dropped: null };
    const mode = this.find(choice.mode);
    const over = maxStake !== null && this.price(model, choice, choice.mode) > maxStake;
    if (mode && !over) return { choice, dropped: null };
    return { choice: { ...choice, mode: null }, dropped: mode ?? { id: choice.mode, label: choice.mode, priceTimesBet: 0 } };
  }

  /**
   * The choice with the mode kept in `preferences`, when it is one of these modes and
   * within the stake cap at the choice's stake; otherwise the choice unchanged.
   */
  restore(preferences: Record<string, unknown>, model: BetModel, choice: BetChoice, maxStake: number | null): BetChoice {
    const saved = preferences[BUY_MODE_KEY];
    const mode = typeof saved === "string" ? this.find(saved) : null;
    if (!mode) return choice;
    const next = { ...choice, mode: mode.id };
    return this.withinCap(model, next, maxStake).dropped ? choice : next;
  }
}

/** The preferences with the buy mode set (or removed: null), every other key kept. */
export function withBuyMode(preferences: Record<string, unknown>, id: string | null): Record<string, unknown> {
  const { [BUY_MODE_KEY]: _previous, ...rest } = preferences;
  return id === null ? rest : { ...rest, [BUY_MODE_KEY]: id };
}

/** The BUY BONUS button's words: "BUY BONUS", or "ACTIVE" with the mode in play. */
export function buttonText(modes: BuyModes, choice: BetChoice): { title: string; detail: string } {
  const mode = modes.find(choice.mode);
  return mode ? { title: "ACTIVE", detail: mode.label } : { title: "BUY BONUS", detail: "" };
}
