/**
 * The game screen of the shell, composed of its parts (shell/screen/): the meters (balance,
 * bet, win in currency and coins), the bet (selectors, BET MAX, BUY BONUS, free rounds), the
 * controls (SPIN/STOP/SKIP, keys, panels), autoplay, the jackpots (ticker, Jackpot Cards),
 * history with replay, and the round loop that sends the player's choices and has the game
 * view play each step. A game's screen is this composition; the next games compose their own.
 */
import type { Api } from "../api.js";
import { HudInfo, TEMPLATE } from "./hud.js";
import { useGambleCards } from "./kit/recent-cards.js";
import { PressGuard } from "./press-guard.js";
import { RoundLink } from "./round-link.js";
import { AutoplayController } from "./screen/autoplay-controller.js";
import { BetController } from "./screen/bet-controller.js";
import { type Mode, ScreenContext, type ScreenHost, type SessionInfo } from "./screen/context.js";
import { Controls } from "./screen/controls.js";
import { HistoryWiring } from "./screen/history-wiring.js";
import { JackpotWiring } from "./screen/jackpot-wiring.js";
import { Meters } from "./screen/meters.js";
import { RoundLoop } from "./screen/round-loop.js";
import type { Settings } from "./settings.js";
import type { Sound } from "./sound.js";
import type { GameDescription, GameViewFactory } from "./types.js";

export type { ScreenHost, SessionInfo };

export class GameScreen {
  readonly element: HTMLElement;
  private readonly ctx: ScreenContext;
  private readonly bets: BetController;
  private readonly meters: Meters;
  private readonly autoplay: AutoplayController;
  private readonly jackpots: JackpotWiring;
  private readonly history: HistoryWiring;
  private readonly controls: Controls;
  private readonly rounds: RoundLoop;
  /** One press, one round: bursts and the rest of a burst after the round never start another. */
  private readonly guard = new PressGuard();
  /** A lost round start sent again, choices that wait for the connection, the balance kept current. */
  private readonly link: RoundLink;
  private unfollow: () => void = () => {};
  /** Stops the BONUSES meter following the push channel's `account` events. */
  private readonly unfollowUnits: (() => void) | undefined;
  /** The game number and the clock at the bottom of the screen. */
  private readonly hudInfo: HudInfo;
  /** Takes back the session's double-up cards lent to the game's strips (kit/recent-cards.ts). */
  private readonly dropCards: () => void;

  constructor(api: Api, info: SessionInfo, description: GameDescription, sound: Sound, settings: Settings, host: ScreenHost) {
    this.element = document.createElement("div");
    this.element.className = "game-screen";
    this.element.innerHTML = TEMPLATE(description.name);
    const ctx = new ScreenContext(api, info, description, sound, settings, host, this.element, () => this.controls.render());
    this.ctx = ctx;
    const render = () => this.controls.render();
    const failed = (error: unknown) => this.rounds.failed(error);
    this.history = new HistoryWiring(ctx, {
      canStart: () => ctx.mode === "idle" && !this.autoplay.state,
      win: (minor) => this.meters.setWin(minor),
      enter: () => this.setMode("replay"),
      leave: () => this.setMode("idle"),
      cards: () => this.jackpots.cards,
      failed,
    });
    this.jackpots = new JackpotWiring(ctx, {
      deliver: (send) => this.link.deliver(send),
      enter: () => this.setMode("feature"),
      ended: (end) => {
        this.meters.setBalance(end.balance);
        this.autoplay.adopt(end.autoplay);
      },
      failed,
    });
    this.hudInfo = new HudInfo(this.element);
    this.dropCards = useGambleCards((game, limit) => api.gambleCards(game, limit));
    this.bets = new BetController(ctx, {
      autoplay: () => this.autoplay.state !== null,
      pending: () => this.link.pending,
      guard: this.guard,
      playRound: () => this.rounds.playRound(),
      shown: (bet) => this.jackpots.betShown(this.bets.model.wire(bet)),
      renderMeters: () => this.meters.render(),
      renderButtons: render,
    });
    this.meters = new Meters(ctx, {
      model: this.bets.model,
      bet: () => this.bets.bet,
      replayed: () => this.history.replayed,
      freeBet: () => this.bets.free.next !== null || this.rounds.roundGrant !== null,
      counting: () => this.setMode("counting"),
    });
    this.unfollowUnits = host.jackpots?.subscribe({ account: (event) => this.meters.units.account(event) });
    this.element.append(ctx.live.element);
    this.link = new RoundLink({
      api,
      connection: host.connection,
      feed: host.jackpots,
      idle: () => ctx.mode === "idle",
      shown: () => this.meters.balance,
      show: (balance) => this.balanceFromServer(balance),
      readGrants: () => this.bets.refreshGrants(),
      message: (text, ms) => ctx.message(text, ms),
      playRound: () => this.rounds.playRound(),
    });
    this.autoplay = new AutoplayController(ctx, {
      editable: () => this.bets.editable(),
      debit: () => this.bets.model.debit(this.bets.bet),
      wireBet: () => this.bets.model.wire(this.bets.bet),
      playRound: (id) => this.rounds.playRound(id),
      retryWhenBack: (send) => this.link.retryWhenBack(send),
      failed,
      refreshGrants: () => this.bets.refreshGrants(),
      renderButtons: render,
    });
    const parts = { bets: this.bets, autoplay: this.autoplay, link: this.link };
    this.controls = new Controls(ctx, {
      ...parts,
      history: this.history,
      guard: this.guard,
      playRound: () => this.rounds.playRound(),
    });
    this.rounds = new RoundLoop(ctx, {
      ...parts,
      meters: this.meters,
      jackpots: this.jackpots,
      hud: this.hudInfo,
      setMode: (mode) => this.setMode(mode),
      renderButtons: render,
    });
  }

  /** Builds the view, wires the controls and resumes an unfinished round if there is one. */
  async mount(factory: GameViewFactory): Promise<void> {
    const { ctx } = this;
    ctx.view = await factory({
      description: ctx.description,
      currency: ctx.currency,
      sound: ctx.sound,
      money: ctx.money,
      bet: () => this.bets.bet,
      announce: (text) => ctx.message(text),
      say: (text) => ctx.live.add(text),
      pause: (ms) => ctx.skipper.wait(ms),
      preferences: ctx.api.gamePreferences(ctx.description.id),
      spinning: (moving) => {
        ctx.reelsMoving = moving;
        this.controls.render();
      },
    });
    ctx.$("stage-area").prepend(ctx.view.element);
    this.jackpots.mountCards(ctx.view.element);
    await this.bets.mount();
    this.controls.mount();
    this.jackpots.showTicker(this.bets.model.wire(this.bets.bet));
    this.bets.render();
    this.meters.render();
    this.controls.render();
    this.controls.listen();
    this.hudInfo.start();
    this.unfollow = this.link.follow();
    await this.bets.refreshGrants();
    await this.rounds.resume();
  }

  /** A round is being shown (reels, wins, a feature): the shell holds the own-win celebration until it ends. */
  get busy(): boolean {
    const mode = this.ctx.mode;
    return mode === "playing" || mode === "counting" || mode === "feature";
  }

  destroy(): void {
    this.unfollowUnits?.();
    this.jackpots.destroy();
    this.controls.destroy();
    this.hudInfo.stop();
    this.dropCards();
    this.unfollow();
    this.ctx.view.destroy();
    this.element.remove();
  }

  private setMode(mode: Mode): void {
    this.ctx.mode = mode;
    if (mode === "idle") {
      this.guard.rest(performance.now());
      void this.link.sync.rested();
    }
    this.controls.render();
  }

  /** A balance from the server outside any round here: says so when it no longer covers the bet. */
  private balanceFromServer(balance: number): void {
    const { ctx, bets, meters } = this;
    const moved = balance !== meters.balance;
    meters.setBalance(balance);
    const bet = bets.model.debit(bets.bet);
    if (moved && !bets.free.next && balance < bet)
      ctx.message(`Your balance is now ${ctx.money(balance)}: it does not cover the bet of ${ctx.money(bet)}.`, 8000);
  }
}
