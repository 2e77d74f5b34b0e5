/**
 * The HUD's meters: BALANCE, the player's non-cash balances where the game or the player has
 * any (BONUSES: `units-meter.ts`), BET (FREE BET for a granted round; a replayed round's bet in
 * a replay) and WIN, each in currency and coins, and the WIN count-up with its big-win banner.
 */
import type { RoundDetail } from "@reelhouse/protocol";
import { formatCoins, toCoins } from "../../format.js";
import type { BetChoice, BetModel } from "../kit/bet-model.js";
import { UnitsMeter } from "../units-meter.js";
import { unitsOfSchema } from "../units-meter-model.js";
import { WinCounter } from "../win-counter.js";
import type { ScreenContext } from "./context.js";

export interface MetersHost {
  model: BetModel;
  /** The live bet. */
  bet(): BetChoice;
  /** The round replayed on the stage, if any. */
  replayed(): RoundDetail | null;
  /** The bet on screen is the operator's (a grant in use, or a granted round on the stage). */
  freeBet(): boolean;
  /** The WIN meter starts counting (the screen enters its `counting` mode). */
  counting(): void;
}

/** "1,250 coins" at `coinValue`; "" for games without coins. */
export function coinsText(minor: number, coinValue: number | null | undefined): string {
  return coinValue ? formatCoins(toCoins(minor, coinValue)) : "";
}

export class Meters {
  /** The balance on screen. */
  balance: number;
  /** The win on screen. */
  shownWin = 0;
  private readonly counter: WinCounter;
  /** BONUSES and any other non-cash balance, beside BALANCE (hidden while there is none to show). */
  readonly units: UnitsMeter;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly host: MetersHost,
  ) {
    this.balance = ctx.info.balance;
    this.counter = new WinCounter(ctx.skipper, ctx.money);
    ctx.$("stage-area").append(this.counter.banner);
    const units = unitsOfSchema(ctx.description.betSchema);
    this.units = new UnitsMeter(units.length > 0 ? { units } : {});
    ctx.$("balance").closest(".meter")?.after(this.units.element);
    this.units.session(ctx.info.session);
  }

  private coins(minor: number, coinValue = this.host.model.coinValue(this.host.bet())): string {
    return coinsText(minor, coinValue);
  }

  setBalance(balance: number): void {
    this.balance = balance;
    this.ctx.host.balanceChanged(balance);
    this.render();
  }

  /** Shows `minor` on the WIN meter (with the other meters). */
  setWin(minor: number): void {
    this.shownWin = minor;
    this.render();
  }

  render(): void {
    const { ctx, host } = this;
    const model = host.model;
    ctx.$("balance").textContent = ctx.money(this.balance);
    ctx.$("balance").dataset.minor = String(this.balance);
    ctx.$("balance-coins").textContent = this.coins(this.balance);
    // In a replay the BET meter shows the replayed round's bet, not the live one.
    const replayed = host.replayed();
    const replayBet = replayed ? model.fromWire(replayed.bet) : null;
    const bet = replayBet ?? host.bet();
    const debit = replayed ? replayed.totalBet : model.debit(host.bet());
    ctx.$("bet").textContent = model.label(bet, ctx.money, debit);
    // A granted round's bet is the operator's: the meter says so (nothing of it is debited).
    const freeBet = !replayed && host.freeBet();
    ctx.$("bet-label").textContent = freeBet ? "FREE BET" : "BET";
    ctx.$("bet").closest(".meter")?.classList.toggle("free", freeBet);
    ctx.$("bet-coins").textContent = this.coins(debit, model.coinValue(bet));
    this.renderWin();
  }

  renderWin(): void {
    const { ctx } = this;
    ctx.$("win").textContent = ctx.money(this.shownWin);
    ctx.$("win").dataset.minor = String(this.shownWin);
    ctx.$("win-coins").textContent = this.coins(this.shownWin);
  }

  /** Counts the WIN meter up to `to` (with the big-win banner where it is one); SKIP ends it. */
  async countUp(to: number, totalBet: number): Promise<void> {
    if (to <= this.shownWin) {
      this.shownWin = to;
      this.renderWin();
      return;
    }
    this.host.counting();
    const options = this.ctx.opts();
    await this.counter.count({
      from: this.shownWin,
      to,
      totalBet,
      quick: options.quick,
      reducedMotion: options.reducedMotion,
      show: (minor) => {
        this.shownWin = minor;
        this.renderWin();
      },
      sound: (cue) => this.ctx.sound.play(cue),
    });
  }
}
