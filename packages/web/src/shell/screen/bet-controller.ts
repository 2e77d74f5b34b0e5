/**
 * The bet on the game screen: the bet model and panel (− / + selectors, BUY BONUS and its
 * panel), BET MAX naming the stake, the insufficient-funds offer, and the operator's free
 * rounds (the bar, and the bet locked to the grant in use).
 */
import type { Grant } from "@reelhouse/protocol";
import { formatMoneyCode } from "../../format.js";
import { confirmBetMax, offerAffordableBet } from "../bet-dialogs.js";
import { FreeRounds } from "../free-rounds.js";
import { type BetChoice, BetModel, betSchemaOf } from "../kit/bet-model.js";
import { BetPanel } from "../kit/bet-panel.js";
import type { PressGuard } from "../press-guard.js";
import { betEditable, followGrant, linesChanged } from "./bet-rules.js";
import type { ScreenContext } from "./context.js";

export interface BetHost {
  /** An autoplay is on. */
  autoplay(): boolean;
  /** A lost round start waits to be sent again. */
  pending(): boolean;
  /** One press, one round (BET MAX's confirmed SPIN is a press). */
  guard: PressGuard;
  /** Plays a round at the bet on screen. */
  playRound(): Promise<unknown>;
  /** The bet on screen changed (the jackpot ticker follows it). */
  shown(bet: BetChoice): void;
  renderMeters(): void;
  renderButtons(): void;
}

export class BetController {
  readonly model: BetModel;
  /** The bet on screen. */
  bet: BetChoice;
  /** Operator free rounds: the bar, and the grant the next round plays. */
  readonly free: FreeRounds;
  private panel!: BetPanel;
  /** The player's own bet, kept while the bet is locked to a grant's. */
  private ownBet: BetChoice | null = null;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly host: BetHost,
  ) {
    this.model = new BetModel(betSchemaOf(ctx.description));
    this.bet = this.model.initial();
    this.free = new FreeRounds(
      ctx.description.id,
      (grant) => this.grantStake(grant),
      () => this.applyFreeBet(),
      ctx.description.grantsName,
    );
    ctx.$("topbar").after(this.free.element);
  }

  /** A grant's total bet as the free-rounds bar says it: "0.15 EUR". */
  private grantStake(grant: Grant): string {
    const bet = this.model.fromWire(grant.bet);
    return bet ? formatMoneyCode(this.model.total(bet), this.ctx.currency) : "";
  }

  /** Draws the bet panel (once the view is built) and restores the buy mode the player left on. */
  async mount(): Promise<void> {
    const { ctx } = this;
    this.panel = new BetPanel(
      ctx.$("bet-controls"),
      this.model,
      ctx.money,
      {
        step: (id, delta) => {
          ctx.sound.play("click");
          if (this.editable()) this.set(this.panel.fit(this.model.step(this.bet, id, delta)));
        },
        mode: (mode) => {
          if (this.editable()) this.set({ ...this.bet, mode });
        },
        // Buying spins at once (sheet: "the reels begin to spin"); the mode then stays on.
        bought: () => {
          if (this.editable() && this.bet.mode !== null) void this.host.playRound();
        },
      },
      ctx.jurisdiction.buyBonus,
      {
        maxStake: ctx.jurisdiction.maxStake,
        preferences: ctx.api.gamePreferences(ctx.description.id),
        tell: (t) => ctx.message(t, 6000),
      },
    );
    // The buy mode the player left on (any device), when still allowed.
    const restored = await this.panel.restore(this.bet);
    if (restored !== this.bet) this.set(restored);
  }

  /** The player may change the bet: at rest, outside autoplay, and not locked to a grant's bet. */
  editable(): boolean {
    return betEditable({
      mode: this.ctx.mode,
      autoplay: this.host.autoplay(),
      granted: this.free.next !== null,
      pending: this.host.pending(),
    });
  }

  set(bet: BetChoice): void {
    const changed = linesChanged(this.bet, bet);
    this.bet = bet;
    this.ctx.view.betChanged(bet, changed);
    this.render();
  }

  /** The bet of a round resumed after a reload (its wire form; ignored when not a bet of this game). */
  resumed(wire: unknown): void {
    const bet = this.model.fromWire(wire);
    if (!bet) return;
    this.bet = bet;
    this.ctx.view.betChanged(this.bet, false);
    this.render();
  }

  render(): void {
    this.host.shown(this.bet);
    this.panel.render(this.bet);
    this.host.renderMeters();
  }

  /** The panel and BET MAX follow {@link editable}. */
  setEnabled(editable: boolean): void {
    this.panel.setEnabled(editable);
    this.ctx.$<HTMLButtonElement>("bet-max").disabled = !editable;
  }

  /**
   * BET MAX sets all lines and the most coins at the coin value in use, and names the
   * stake before anything is played: the player confirms the spin or keeps the bet for later.
   */
  async betMax(pressed: number): Promise<void> {
    if (!this.editable()) return;
    const { ctx, model, host } = this;
    host.guard.record(pressed);
    // A buy mode stays on at the new stake unless its price there is above the cap.
    const max = this.panel.fit({ ...model.max(this.bet, ctx.jurisdiction.maxStake), mode: this.bet.mode });
    this.set(max);
    // Its SPIN is a press like any other: one that follows BET MAX's within a burst (a doubled Enter) does not spin.
    if ((await confirmBetMax(model, max, ctx.money)) && host.guard.press(performance.now())) await host.playRound();
    else ctx.message(`Bet set to ${model.label(max, ctx.money, model.debit(max))}. Press SPIN to play.`);
  }

  /** Offers the largest bet `balance` covers (within the stake cap) when it does not cover the bet. */
  async insufficientFunds(balance: number): Promise<void> {
    const { ctx } = this;
    const offer = await offerAffordableBet(this.model, this.bet, balance, ctx.jurisdiction.maxStake, ctx.money);
    if (offer) this.set(offer);
  }

  /** Reads the player's grants from the server and locks the bet to the next one's (or unlocks it). */
  async refreshGrants(): Promise<void> {
    try {
      this.free.update(await this.ctx.api.grants());
    } catch {
      // Free rounds show on the next read; the game plays on (a refused session is said by the next call).
    }
    this.applyFreeBet();
  }

  /**
   * The bet follows the grant in use: the grant's fixed bet while free rounds are played,
   * the player's own bet again when they are used up or kept for later. Only at rest: a
   * round on the stage keeps its bet (this runs again when it ends).
   */
  applyFreeBet(): void {
    if (this.ctx.mode !== "idle" || this.host.autoplay()) {
      this.host.renderButtons();
      return;
    }
    const grant = this.free.next;
    const granted = grant ? this.model.fromWire(grant.bet) : null;
    const next = followGrant(granted, this.ownBet, this.bet);
    this.ownBet = next.own;
    if (next.set) this.set(next.set);
    this.host.renderMeters();
    this.host.renderButtons();
  }
}
