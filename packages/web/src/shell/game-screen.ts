/**
 * The game screen of the shell: HUD (balance, bet, win in currency and coins), bet
 * selectors, SPIN/STOP/SKIP, autoplay, paytable/lines/rules, history with replay, and
 * the round loop that sends the player's choices and has the game view play each step.
 */
import type {
  ActionRequest,
  AutoplayState,
  CreateSessionResponse,
  Grant,
  OpenRound,
  RoundDetail,
  StepResponse,
} from "@reelhouse/protocol";
import { type Api, ApiRequestError, newRequestId } from "../api.js";
import { describeError, isSessionEnded } from "../errors.js";
import { formatCoins, formatDateTime, formatMoney, formatMoneyCode, toCoins } from "../format.js";
import { takeForce } from "../qa.js";
import { askAutoplay, showAutoplayStopped } from "./autoplay.js";
import { autoplayNext, autoplayNotice } from "./autoplay-loop.js";
import { confirmBetMax, offerAffordableBet } from "./bet-dialogs.js";
import { closeDialog, dialogOpen, openDialog } from "./dialog.js";
import { FreeRounds } from "./free-rounds.js";
import { freeRoundsCount } from "./grants.js";
import { showHistory } from "./history.js";
import { escapeHtml } from "./html.js";
import { ICON_SOUND_OFF, ICON_SOUND_ON, TEMPLATE } from "./hud.js";
import { JACKPOT_CARDS_GAME, playJackpotCards } from "./jackpot-cards/play.js";
import { JackpotCardsScreen } from "./jackpot-cards/screen.js";
import { type JackpotFeed, JackpotTicker } from "./jackpots/index.js";
import { type BetChoice, BetModel, betSchemaOf } from "./kit/bet-model.js";
import { BetPanel } from "./kit/bet-panel.js";
import { Announcer } from "./live.js";
import { openMenu } from "./menu.js";
import { prefersReducedMotion } from "./motion.js";
import type { Settings } from "./settings.js";
import { showSettings } from "./settings-dialog.js";
import { Skipper } from "./skip.js";
import type { Sound } from "./sound.js";
import { type GameDescription, type GameView, type GameViewFactory, type PlayOptions, playable } from "./types.js";
import { WinCounter } from "./win-counter.js";

/**
 * idle: waiting for SPIN; playing: a step on the stage (reels moving, or wins and banners
 * shown); counting: the WIN meter climbing; feature: waiting for the player's choice in a
 * feature; replay: a past round on the stage.
 */
type Mode = "idle" | "playing" | "counting" | "feature" | "replay";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionInfo {
  session: CreateSessionResponse;
  balance: number;
}

/** What the game screen asks of the app around it. */
export interface ScreenHost {
  leave(): void;
  balanceChanged(balance: number): void;
  /** The server no longer accepts the session: the app asks the player what next. */
  sessionEnded(error: unknown): void;
  /** A game's name for its id (history). */
  gameName(gameId: string): string;
  /** The page's jackpot feed (the screen shows a ticker for a game that declares jackpots). */
  jackpots?: JackpotFeed;
}

export class GameScreen {
  readonly element: HTMLElement;
  private view!: GameView;
  private betPanel!: BetPanel;
  private readonly model: BetModel;
  private bet: BetChoice;
  private mode: Mode = "idle";
  /** The reels are moving (the view says so): the only time STOP is offered. */
  private reelsMoving = false;
  private balance: number;
  private shownWin = 0;
  private balanceBeforeRound = 0;
  private autoplay: AutoplayState | null = null;
  private autoplayStopRequested = false;
  /** A loop in this screen spins the autoplay (false: none, or one adopted after a reload). */
  private autoplayDriving = false;
  /** The code of the last failure said to the player (why an autoplay loop ended). */
  private lastErrorCode: string | null = null;
  /** Operator free rounds: the bar, and the grant the round on the stage plays (null: a paid round). */
  private readonly free: FreeRounds;
  private roundGrant: Grant | null = null;
  /** The player's own bet, kept while the bet is locked to a grant's. */
  private ownBet: BetChoice | null = null;
  private lastSpinAt = 0;
  private replayState: { detail: RoundDetail; next: number } | null = null;
  private replaying = false;
  private readonly skipper = new Skipper(() => this.renderButtons());
  private readonly live = new Announcer();
  private readonly counter: WinCounter;
  private readonly keyHandler = (event: KeyboardEvent) => this.onKey(event);
  private ticker: JackpotTicker | null = null;

  constructor(
    private readonly api: Api,
    private readonly info: SessionInfo,
    private readonly description: GameDescription,
    private readonly sound: Sound,
    private readonly settings: Settings,
    private readonly host: ScreenHost,
  ) {
    this.balance = info.balance;
    this.model = new BetModel(betSchemaOf(description));
    this.bet = this.model.initial();
    this.element = document.createElement("div");
    this.element.className = "game-screen";
    this.element.innerHTML = TEMPLATE(description.name);
    this.free = new FreeRounds(
      description.id,
      (grant) => this.grantStake(grant),
      () => this.applyFreeBet(),
    );
    this.$("topbar").after(this.free.element);
    this.counter = new WinCounter(this.skipper, this.money);
    this.$("stage-area").append(this.counter.banner);
    this.element.append(this.live.element);
  }

  private get currency(): string {
    return this.info.session.currency ?? this.info.session.player.currency;
  }

  private get jurisdiction() {
    return this.info.session.jurisdiction;
  }

  private money = (minor: number) => formatMoney(minor, this.currency);
  /** The platform's Jackpot Cards, shown over any game's stage when the server opens a card round. */
  private readonly cardsScreen = new JackpotCardsScreen((minor) => this.money(minor));
  /** Stops feeding the card screen the levels' values. */
  private cardsValues: (() => void) | null = null;

  /** A grant's total bet as the free-rounds bar says it: "0.15 EUR". */
  private grantStake(grant: Grant): string {
    const bet = this.model.fromWire(grant.bet);
    return bet ? formatMoneyCode(this.model.total(bet), this.currency) : "";
  }

  private $<T extends HTMLElement = HTMLElement>(test: string): T {
    const el = this.element.querySelector<T>(`[data-test="${test}"]`);
    if (!el) throw new Error(`missing element ${test}`);
    return el;
  }

  /** Builds the view, wires the controls and resumes an unfinished round if there is one. */
  async mount(factory: GameViewFactory): Promise<void> {
    this.view = await factory({
      description: this.description,
      currency: this.currency,
      sound: this.sound,
      money: this.money,
      bet: () => this.bet,
      announce: (text) => this.message(text),
      say: (text) => this.live.add(text),
      pause: (ms) => this.skipper.wait(ms),
      spinning: (moving) => {
        this.reelsMoving = moving;
        this.renderButtons();
      },
    });
    this.$("stage-area").prepend(this.view.element);
    this.view.element.append(this.cardsScreen.element);
    this.betPanel = new BetPanel(
      this.$("bet-controls"),
      this.model,
      this.money,
      {
        step: (id, delta) => {
          this.sound.play("click");
          if (this.betEditable()) this.setBet(this.model.step(this.bet, id, delta));
        },
        mode: (mode) => {
          if (this.betEditable()) this.setBet({ ...this.bet, mode });
        },
      },
      this.jurisdiction.buyBonus,
    );
    this.wire();
    this.showJackpots();
    this.renderBet();
    this.renderMeters();
    this.renderButtons();
    document.addEventListener("keydown", this.keyHandler);
    await this.refreshGrants();
    await this.resume();
  }

  /** A round is being shown (reels, wins, a feature): the shell holds the own-win celebration until it ends. */
  get busy(): boolean {
    return this.mode === "playing" || this.mode === "counting" || this.mode === "feature";
  }

  /** A game that declares jackpots gets the ticker under the top bar; the feed learns the view. */
  private showJackpots(): void {
    const feed = this.host.jackpots;
    if (!feed || !this.description.jackpots?.length) return;
    this.ticker = new JackpotTicker(feed, this.money);
    this.$("topbar").after(this.ticker.element);
    // Jackpot Cards' levels, when the game includes them, are in the same pool events.
    this.cardsValues = feed.subscribe({ pool: (event) => this.cardsScreen.values(event.pools) });
    feed.setView(this.description.id, this.model.wire(this.bet));
  }

  destroy(): void {
    this.cardsValues?.();
    if (this.ticker) {
      this.ticker.destroy();
      this.host.jackpots?.setView(null);
    }
    document.removeEventListener("keydown", this.keyHandler);
    this.view.destroy();
    this.element.remove();
  }

  private opts(replay = false): PlayOptions {
    return { quick: this.settings.quick && this.jurisdiction.turbo, replay, reducedMotion: prefersReducedMotion() };
  }

  // ---------------------------------------------------------------------------
  // Controls

  private wire(): void {
    const on = (test: string, handler: () => void) =>
      this.$(test).addEventListener("click", () => {
        this.sound.unlock();
        this.sound.play("click");
        handler();
      });
    this.$("spin").addEventListener("click", () => {
      this.sound.unlock();
      this.mainButton();
    });
    on("lobby", () => {
      if (this.mode === "idle" && !this.autoplay) this.host.leave();
    });
    on("paytable", () => this.panel("paytable"));
    on("lines-info", () => this.panel("lines-info"));
    on("rules", () => this.panel("rules"));
    on("history", () => this.panel("history"));
    on("settings", () => this.panel("settings"));
    on("fullscreen", () => this.panel("fullscreen"));
    on("sound", () => this.panel("sound"));
    on("menu", () => void this.showMenu());
    const volume = this.$<HTMLInputElement>("volume");
    volume.value = String(Math.round(this.settings.volume * 100));
    volume.addEventListener("input", () => {
      this.settings.volume = Number(volume.value) / 100;
      this.sound.setVolume(this.settings.volume);
      this.settings.save();
    });
    on("quick", () => {
      this.settings.quick = !this.settings.quick;
      this.settings.save();
      this.renderButtons();
    });
    on("autoplay", () => void this.showAutoplay());
    on("bet-max", () => void this.betMax());
    on("replay-next", () => void this.replayNext());
    on("replay-exit", () => this.exitReplay());
    on("autoplay-notice-stop", () => void this.stopAutoplay());
  }

  /** The information panels and toggles, from their own buttons or the phone's menu. */
  private panel(id: string): void {
    switch (id) {
      case "paytable":
        void openDialog({ name: "paytable", title: "Paytable", body: this.view.paytable(this.bet), wide: true });
        break;
      case "lines-info":
        void openDialog({ name: "lines", title: "Game lines", body: this.view.gameLines(), wide: true });
        break;
      case "rules":
        void openDialog({ name: "rules", title: "Rules", body: this.view.rules(), wide: true });
        break;
      case "history":
        void this.showHistory();
        break;
      case "settings":
        void this.showSettings();
        break;
      case "fullscreen":
        void this.toggleFullscreen();
        break;
      case "sound":
        this.settings.sound = !this.settings.sound;
        this.sound.setEnabled(this.settings.sound);
        this.settings.save();
        this.renderButtons();
        break;
    }
  }

  private showMenu(): Promise<void> {
    const item = (id: string, label: string) => ({ id, label, run: () => this.panel(id) });
    return openMenu([
      item("paytable", "Paytable"),
      item("lines-info", "Game lines"),
      item("rules", "Rules"),
      item("history", "History"),
      item("sound", this.settings.sound ? "Sound off" : "Sound on"),
      item("settings", "Settings"),
      item("fullscreen", "Full screen"),
    ]);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.code !== "Space" && event.key !== " ") return;
    if (dialogOpen()) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // A form field keeps its space; a control reached with the keyboard answers Space itself
    // (a pick object, a selector). After a mouse click, Space is the game's SPIN/STOP/SKIP again.
    if (target?.matches("input, textarea, select")) return;
    if (target?.matches("button, summary, [role=button]") && target.matches(":focus-visible") && target.dataset.test !== "spin")
      return;
    event.preventDefault();
    this.sound.unlock();
    // A feature's own card (START, COLLECT) answers the space bar while it shows.
    const primary = this.view.element.querySelector<HTMLButtonElement>("[data-primary]");
    if (primary && primary.offsetParent !== null) {
      primary.click();
      return;
    }
    if (this.mode === "replay") void this.replayNext();
    else this.mainButton();
  }

  /**
   * SPIN when idle; STOP only while reels move (where slam stop is allowed); SKIP while
   * wins, banners or the count-up show; STOP n/N in autoplay.
   */
  private mainButton(): void {
    if (this.autoplay && this.autoplay.status === "running") {
      void this.stopAutoplay();
      return;
    }
    if (this.mode === "playing" && this.reelsMoving) {
      if (this.jurisdiction.slamStop) this.view.slamStop();
      return;
    }
    if (this.mode === "playing" || this.mode === "counting") {
      this.skipper.skip();
      return;
    }
    if (this.mode === "idle") void this.playRound();
  }

  /** The player may change the bet: at rest, outside autoplay, and not locked to a grant's bet. */
  private betEditable(): boolean {
    return this.mode === "idle" && !this.autoplay && !this.free.next;
  }

  private setBet(bet: BetChoice): void {
    const linesChanged = bet.kind === "lines" && this.bet.kind === "lines" && bet.lines !== this.bet.lines;
    this.bet = bet;
    this.view.betChanged(bet, linesChanged);
    this.renderBet();
  }

  /**
   * BET MAX sets all lines and the most coins at the coin value in use, and names the
   * stake before anything is played: the player confirms the spin or keeps the bet for later.
   */
  private async betMax(): Promise<void> {
    if (!this.betEditable()) return;
    const max = this.model.max(this.bet, this.jurisdiction.maxStake);
    this.setBet(max);
    if (await confirmBetMax(this.model, max, this.money)) await this.playRound();
    else this.message(`Bet set to ${this.model.label(max, this.money, this.model.debit(max))}. Press SPIN to play.`);
  }

  /** "1,250 coins" at the bet's coin value; "" for games without coins. */
  private coins(minor: number, coinValue = this.model.coinValue(this.bet)): string {
    return coinValue ? formatCoins(toCoins(minor, coinValue)) : "";
  }

  // ---------------------------------------------------------------------------
  // Rendering

  private renderBet(): void {
    // The ticker shows the pools at the bet on screen (the feed sends a view only when it changed).
    if (this.ticker) this.host.jackpots?.setView(this.description.id, this.model.wire(this.bet));
    this.betPanel.render(this.bet);
    this.renderMeters();
  }

  private renderMeters(): void {
    this.$("balance").textContent = this.money(this.balance);
    this.$("balance").dataset.minor = String(this.balance);
    this.$("balance-coins").textContent = this.coins(this.balance);
    // In a replay the BET meter shows the replayed round's bet, not the live one.
    const replayed = this.replayState?.detail;
    const replayBet = replayed ? this.model.fromWire(replayed.bet) : null;
    const bet = replayBet ?? this.bet;
    const debit = replayed ? replayed.totalBet : this.model.debit(this.bet);
    this.$("bet").textContent = this.model.label(bet, this.money, debit);
    // A granted round's bet is the operator's: the meter says so (nothing of it is debited).
    const freeBet = !replayed && (this.free.next !== null || this.roundGrant !== null);
    this.$("bet-label").textContent = freeBet ? "FREE BET" : "BET";
    this.$("bet").closest(".meter")?.classList.toggle("free", freeBet);
    this.$("bet-coins").textContent = this.coins(debit, this.model.coinValue(bet));
    this.renderWin();
  }

  private renderWin(): void {
    this.$("win").textContent = this.money(this.shownWin);
    this.$("win").dataset.minor = String(this.shownWin);
    this.$("win-coins").textContent = this.coins(this.shownWin);
  }

  private renderButtons(): void {
    if (!this.view) return;
    const spin = this.$<HTMLButtonElement>("spin");
    const running = this.autoplay?.status === "running";
    let label = "SPIN";
    let state: string = this.mode;
    let disabled = false;
    if (running && this.autoplay) {
      label = `STOP ${this.autoplay.spinsDone}/${this.autoplay.spinsTotal}`;
      state = "autoplay";
    } else if (this.mode === "playing" && this.reelsMoving) {
      state = "spinning";
      label = this.jurisdiction.slamStop ? "STOP" : "SPIN";
      disabled = !this.jurisdiction.slamStop;
    } else if (this.mode === "playing") {
      // Nothing spins: wins or a banner on view. SKIP where there is something to skip.
      state = "presenting";
      label = "SKIP";
      disabled = !this.skipper.active;
    } else if (this.mode === "counting") label = "SKIP";
    else if (this.mode === "feature" || this.mode === "replay") disabled = true;
    // At rest with a grant in use, the main control plays a free round.
    const free = state === "idle" && this.free.next !== null;
    if (free) label = "PLAY FREE ROUND";
    spin.textContent = label;
    spin.dataset.state = state;
    spin.toggleAttribute("data-free", free);
    spin.disabled = disabled;
    const editable = this.betEditable();
    this.betPanel.setEnabled(editable);
    this.$<HTMLButtonElement>("bet-max").disabled = !editable;
    const auto = this.$<HTMLButtonElement>("autoplay");
    // The server refuses autoplay over granted rounds: not offered while free rounds are in use.
    auto.hidden = !this.jurisdiction.autoplay || this.free.next !== null;
    auto.disabled = !editable;
    this.free.render(this.mode === "idle" && !this.autoplay);
    const notice = autoplayNotice(this.autoplay);
    this.$("autoplay-notice").classList.toggle("hidden", notice === null);
    this.$("autoplay-notice-text").textContent = notice ?? "";
    const quick = this.$<HTMLButtonElement>("quick");
    quick.hidden = !this.jurisdiction.turbo;
    quick.setAttribute("aria-pressed", String(this.settings.quick));
    this.$("sound").innerHTML = this.settings.sound ? ICON_SOUND_ON : ICON_SOUND_OFF;
    this.$("sound").setAttribute("aria-pressed", String(this.settings.sound));
    this.$("lobby").toggleAttribute("disabled", this.mode !== "idle" || !!this.autoplay);
    this.element.classList.toggle("replaying", this.mode === "replay");
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    this.renderButtons();
  }

  private setBalance(balance: number): void {
    this.balance = balance;
    this.host.balanceChanged(balance);
    this.renderMeters();
  }

  private message(text: string, ms = 2600): void {
    const el = this.$("message");
    el.textContent = text;
    el.classList.remove("hidden");
    window.clearTimeout(Number(el.dataset.timer ?? 0));
    el.dataset.timer = String(window.setTimeout(() => el.classList.add("hidden"), ms));
  }

  /** Counts the WIN meter up to `to` (with the big-win banner where it is one); SKIP ends it. */
  private async countUp(to: number, totalBet: number): Promise<void> {
    if (to <= this.shownWin) {
      this.shownWin = to;
      this.renderWin();
      return;
    }
    this.setMode("counting");
    const options = this.opts();
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
      sound: (cue) => this.sound.play(cue),
    });
  }

  // ---------------------------------------------------------------------------
  // The round loop

  /**
   * Plays one round to its end (features included): a granted one while a grant is in use
   * (never in autoplay), otherwise a paid one. Returns the last step, or null on failure.
   */
  private async playRound(autoplayId?: string): Promise<StepResponse | null> {
    if (this.mode !== "idle") return null;
    const grant = autoplayId ? null : this.free.next;
    const wait = this.jurisdiction.minSpinIntervalMs - (performance.now() - this.lastSpinAt);
    if (wait > 0) await sleep(wait);
    this.setMode("playing");
    this.shownWin = 0;
    this.renderMeters();
    this.view.startSpin(this.opts());
    this.lastSpinAt = performance.now();
    this.balanceBeforeRound = this.balance;
    let step: StepResponse;
    try {
      // A granted round names its grant and no bet: the server plays the grant's.
      step = await this.api.startRound(this.description.id, {
        ...(grant ? { grantId: grant.id } : { bet: this.model.wire(this.bet) }),
        requestId: newRequestId(),
        ...(autoplayId ? { autoplayId } : {}),
        ...takeForce(),
      });
    } catch (error) {
      // Nothing was played: the reels go back to the window they showed before.
      this.view.cancelSpin();
      this.setMode("idle");
      if (grant && error instanceof ApiRequestError && (error.code === "GRANT_USED_UP" || error.code === "GRANT_NOT_FOUND")) {
        // Played out elsewhere (another tab): show what the server holds now.
        this.message("Those free rounds are no longer available.", 4000);
        await this.refreshGrants();
        return null;
      }
      if (error instanceof ApiRequestError && error.code === "AUTOPLAY_STOPPED" && error.details.autoplay) {
        // Stopped on the server meanwhile (by the player elsewhere): the loop ends and says why.
        this.autoplay = error.details.autoplay as AutoplayState;
        return null;
      }
      await this.handleError(error);
      return null;
    }
    if (grant) {
      // The server took one round of the grant: the bar counts down now, not after the round.
      this.roundGrant = grant;
      this.free.started(grant);
      this.renderButtons();
    }
    return this.continueRound(step);
  }

  /**
   * Shows `first` (unless it is already on view, after a resume), then keeps asking the
   * player and the server until the round ends. Returns the last step, or null on failure.
   */
  private async continueRound(first: StepResponse, playFirst = true): Promise<StepResponse | null> {
    let step = first;
    if (step.autoplay !== undefined) this.autoplay = step.autoplay;
    if (this.autoplay?.stopReason === "feature") this.message("Autoplay stopped: the feature waits for you.", 4000);
    if (this.autoplay?.status === "paused") this.message("Autoplay paused: it resumes when this round ends.", 4000);
    if (playFirst) await this.present(step);
    while (step.awaiting) {
      this.setMode("feature");
      const action = await this.view.decide(step.awaiting, this.opts());
      this.setMode("playing");
      // `step` names the decision answered: the server refuses it (409 STALE_STEP) once the round moved on.
      const request: ActionRequest = {
        action: action as ActionRequest["action"],
        step: step.stepIndex,
        requestId: newRequestId(),
        ...takeForce(),
      };
      try {
        step = await this.api.act(step.roundId, request);
      } catch (error) {
        this.view.cancelSpin();
        this.setMode("idle");
        await this.handleError(error);
        // The round stays open on the server; resume picks it up where it stands.
        if (!isSessionEnded(error)) await this.resume();
        return null;
      }
      if (step.autoplay !== undefined) this.autoplay = step.autoplay;
      await this.present(step);
    }
    // The round ended and opened Jackpot Cards beside it: they are played before anything else.
    if (step.jackpotCards) await this.playCards(step.jackpotCards.roundId);
    this.view.reset();
    this.setMode("idle");
    await this.afterRound(step);
    // An autoplay no loop here spins (the round was resumed after a reload) resumes or closes now.
    if (this.autoplay && !this.autoplayDriving) void this.driveAutoplay();
    return step;
  }

  /**
   * After every round: a granted one is counted for its grant, whose end is said; outside
   * autoplay the grants are read again (the operator may have granted more meanwhile).
   */
  private async afterRound(last: StepResponse): Promise<void> {
    const grant = this.roundGrant;
    this.roundGrant = null;
    const usedUp = grant ? this.free.ended(last.totalWin) : null;
    if (this.autoplay) {
      this.renderMeters();
      return;
    }
    const before = this.free.left;
    await this.refreshGrants();
    if (usedUp) await this.free.usedUp(usedUp, this.money);
    else if (this.free.left > before) this.message(`The operator gave you ${freeRoundsCount(this.free.left - before)}.`, 4000);
  }

  /** Reads the player's grants from the server and locks the bet to the next one's (or unlocks it). */
  private async refreshGrants(): Promise<void> {
    try {
      this.free.update(await this.api.grants());
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
  private applyFreeBet(): void {
    if (this.mode !== "idle" || this.autoplay) {
      this.renderButtons();
      return;
    }
    const grant = this.free.next;
    const granted = grant ? this.model.fromWire(grant.bet) : null;
    if (granted) {
      this.ownBet ??= this.bet;
      this.setBet(granted);
    } else if (this.ownBet) {
      this.setBet(this.ownBet);
      this.ownBet = null;
    }
    this.renderMeters();
    this.renderButtons();
  }

  /**
   * Plays one step on the stage, counts up its win, says it, then shows the server's
   * balance. During the paid spin the meter shows the balance less the bet, whenever the
   * server credits the win (per step or at the end of the round).
   */
  private async present(step: StepResponse): Promise<void> {
    // A granted round debits nothing: promotions pays its stake.
    if (step.stepIndex === 0 && !this.roundGrant) this.setBalance(this.balanceBeforeRound - step.totalBet);
    this.setMode("playing");
    await this.view.play(playable(step), this.opts());
    await this.countUp(step.totalWin, step.totalBet);
    const ended = step.awaiting === null;
    let lead = step.win > 0 ? `You won ${this.money(step.win)}.` : ended && step.stepIndex === 0 ? "No win." : "";
    if (ended && step.stepIndex > 0) lead += ` Round total ${this.money(step.totalWin)}.`;
    this.live.flush(lead.trim());
    this.setBalance(step.balance);
    this.setMode(step.awaiting ? "feature" : "idle");
  }

  /** Plays an open Jackpot Cards round; its last answer updates the balance and the autoplay. */
  private async playCards(roundId: string, known?: OpenRound): Promise<void> {
    this.setMode("feature");
    try {
      const end = await playJackpotCards(
        {
          api: this.api,
          screen: this.cardsScreen,
          pause: (ms) => this.skipper.wait(ms),
          celebrate: () => this.sound.play("bigWin"),
        },
        roundId,
        known,
      );
      if (end) {
        this.setBalance(end.balance);
        if (end.autoplay !== undefined) this.autoplay = end.autoplay;
      }
    } catch (error) {
      await this.handleError(error);
    }
  }

  /** Picks up an unfinished round of this game (after a reload or a lost connection), Jackpot Cards first. */
  private async resume(): Promise<void> {
    let open: OpenRound | undefined;
    try {
      const rounds = await this.api.openRounds();
      const cards = rounds.find((r) => (r.gameId as string) === JACKPOT_CARDS_GAME);
      if (cards) {
        this.message("Your Jackpot Cards wait for you.");
        await this.playCards(cards.roundId, cards);
        this.setMode("idle");
      }
      open = rounds.find((r) => r.gameId === this.description.id);
    } catch (error) {
      await this.handleError(error);
      return;
    }
    if (!open) return;
    const bet = this.model.fromWire(open.bet);
    if (bet) {
      this.bet = bet;
      this.view.betChanged(this.bet, false);
      this.renderBet();
    }
    this.shownWin = open.totalWin;
    this.renderMeters();
    this.view.restore(open);
    this.message("Your unfinished round continues where it stood.");
    const step: StepResponse = {
      roundId: open.roundId,
      gameId: open.gameId,
      status: "open",
      stepIndex: open.stepIndex,
      events: [],
      win: 0,
      totalWin: open.totalWin,
      awaiting: open.awaiting,
      balance: this.balance,
      bet: open.bet,
      totalBet: open.totalBet,
    };
    this.setMode("feature");
    void this.continueRound(step, false);
  }

  private async handleError(error: unknown): Promise<void> {
    this.sound.play("error");
    this.lastErrorCode = error instanceof ApiRequestError ? error.code : null;
    if (isSessionEnded(error)) {
      this.autoplay = null;
      this.host.sessionEnded(error);
      return;
    }
    if (error instanceof ApiRequestError && error.code === "INSUFFICIENT_FUNDS") {
      // The balance moved elsewhere (another tab, the operator): show the server's figure.
      try {
        this.setBalance((await this.api.session()).balance);
      } catch {
        // keep the figure on view; the dialog still explains
      }
      await this.insufficientFunds();
      return;
    }
    await openDialog({
      name: "error",
      title: "Something went wrong",
      body: `<p>${escapeHtml(describeError(error))}</p>`,
    });
  }

  /** Offers the largest bet the balance covers (within the stake cap) when it does not cover the bet. */
  private async insufficientFunds(): Promise<void> {
    const offer = await offerAffordableBet(this.model, this.bet, this.balance, this.jurisdiction.maxStake, this.money);
    if (offer) this.setBet(offer);
  }

  // ---------------------------------------------------------------------------
  // Autoplay

  private async showAutoplay(): Promise<void> {
    if (!this.betEditable() || !this.jurisdiction.autoplay) return;
    const settings = await askAutoplay(this.model.debit(this.bet), this.currency, this.money);
    if (settings) await this.runAutoplay(settings);
  }

  private async runAutoplay(settings: Awaited<ReturnType<typeof askAutoplay>> & object): Promise<void> {
    let state: AutoplayState;
    try {
      state = await this.api.startAutoplay({
        gameId: this.description.id,
        bet: this.model.wire(this.bet),
        ...settings,
        requestId: newRequestId(),
      });
    } catch (error) {
      await this.handleError(error);
      return;
    }
    this.autoplay = state;
    this.autoplayStopRequested = false;
    await this.driveAutoplay();
  }

  /**
   * Spins while the server says the autoplay runs. Paused (a round that pauses autoplay
   * waits for the player), the loop waits: the answer that ends that round says `running`
   * again and the loop goes on; when the round was resumed after a reload, the end of
   * `continueRound` starts this loop. Stopped or finished, it closes with the summary.
   */
  private async driveAutoplay(): Promise<void> {
    if (this.autoplayDriving || !this.autoplay) return;
    this.autoplayDriving = true;
    this.renderButtons();
    let failed = false;
    this.lastErrorCode = null;
    while (this.autoplay && autoplayNext(this.autoplay, this.autoplayStopRequested) === "spin") {
      const step = await this.playRound(this.autoplay.id);
      if (!step) {
        failed = true;
        break;
      }
      this.renderButtons();
      if (autoplayNext(this.autoplay, this.autoplayStopRequested) === "spin") await sleep(this.opts().quick ? 150 : 400);
    }
    this.autoplayDriving = false;
    // Paused with its round still open (an action failed; resume picks the round up): the round's end resumes the loop.
    if (autoplayNext(this.autoplay, this.autoplayStopRequested) === "wait") {
      this.renderButtons();
      return;
    }
    await this.closeAutoplay(failed);
  }

  /** The autoplay is over for this screen: says why and the result (the server's net: wins less bets). */
  private async closeAutoplay(failed: boolean): Promise<void> {
    let final = this.autoplay;
    // None: the session ended (the app takes over) or it was never started.
    if (!final) return;
    let reason = final.stopReason ?? (this.autoplayStopRequested ? "player" : "spins");
    if (failed && (final.status === "running" || final.status === "paused")) {
      // A spin failed: stop it on the server too, so it does not stay running with nobody spinning it.
      reason = this.lastErrorCode === "INSUFFICIENT_FUNDS" ? "funds" : "error";
      try {
        final = await this.api.stopAutoplay(final.id);
      } catch {
        // the summary still says it stopped here; the server stops it on its own limits
      }
    }
    this.autoplay = null;
    this.renderButtons();
    await showAutoplayStopped(reason, final.spinsDone, final.spinsTotal, this.money(final.net));
    await this.refreshGrants();
  }

  private async stopAutoplay(): Promise<void> {
    if (!this.autoplay) return;
    this.autoplayStopRequested = true;
    try {
      this.autoplay = await this.api.stopAutoplay(this.autoplay.id);
    } catch (error) {
      await this.handleError(error);
    }
    this.renderButtons();
  }

  // ---------------------------------------------------------------------------
  // Settings, history and replay

  private showSettings(): Promise<void> {
    return showSettings(this.settings, this.sound, this.jurisdiction, () => {
      this.$<HTMLInputElement>("volume").value = String(Math.round(this.settings.volume * 100));
      this.renderButtons();
    });
  }

  private async toggleFullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      this.message("Full screen is not available here.");
    }
  }

  private showHistory(): Promise<void> {
    return showHistory({
      api: this.api,
      money: this.money,
      gameName: (id) => this.host.gameName(id),
      canReplay: (id) => id === this.description.id,
      replay: (roundId) => void this.startReplay(roundId),
    });
  }

  private async startReplay(roundId: string): Promise<void> {
    if (this.mode !== "idle" || this.autoplay) return;
    let detail: RoundDetail;
    try {
      detail = await this.api.round(roundId);
    } catch (error) {
      await this.handleError(error);
      return;
    }
    closeDialog();
    this.view.enterReplay();
    this.replayState = { detail, next: 0 };
    this.setMode("replay");
    this.$("replay-info").textContent =
      `Round ${detail.roundId} · ${formatDateTime(detail.startedAt)} · bet ${this.money(detail.totalBet)} · win ${this.money(detail.totalWin)}`;
    this.shownWin = 0;
    this.renderMeters();
    this.renderReplay();
    await this.replayNext();
  }

  private renderReplay(): void {
    const state = this.replayState;
    if (!state) return;
    const total = state.detail.steps.length;
    const ended = state.next >= total && !this.replaying;
    this.$("replay-step").textContent = `Step ${state.next} of ${total}${ended ? " · end of round" : ""}`;
    this.$<HTMLButtonElement>("replay-next").disabled = state.next >= total;
  }

  private async replayNext(): Promise<void> {
    const state = this.replayState;
    if (!state || this.replaying) return;
    const step = state.detail.steps[state.next];
    if (!step) return;
    this.replaying = true;
    state.next++;
    this.renderReplay();
    this.$<HTMLButtonElement>("replay-next").disabled = true;
    await this.view.play(
      { events: step.events, win: step.win, awaiting: null, bet: state.detail.bet, totalBet: state.detail.totalBet },
      this.opts(true),
    );
    this.shownWin += step.win;
    this.renderMeters();
    this.live.flush(step.win > 0 ? `Replay: step ${state.next} won ${this.money(step.win)}.` : `Replay: step ${state.next}.`);
    this.replaying = false;
    this.renderReplay();
  }

  private exitReplay(): void {
    if (!this.replayState) return;
    this.replayState = null;
    this.view.exitReplay();
    this.shownWin = 0;
    this.setMode("idle");
    this.renderMeters();
  }
}
