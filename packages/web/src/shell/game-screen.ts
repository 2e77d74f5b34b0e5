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
import { formatCoins, formatMoney, formatMoneyCode, toCoins } from "../format.js";
import { takeForce } from "../qa.js";
import { askAutoplay, showAutoplayStopped } from "./autoplay.js";
import { autoplayNext, autoplayNotice } from "./autoplay-loop.js";
import { confirmBetMax, offerAffordableBet } from "./bet-dialogs.js";
import { type Connection, isConnectionLost } from "./connection.js";
import { closeDialog, dialogOpen, openDialog } from "./dialog.js";
import { FreeRounds } from "./free-rounds.js";
import { freeRoundsCount } from "./grants.js";
import { showHistory } from "./history.js";
import { escapeHtml } from "./html.js";
import { HudInfo, ICON_SOUND_OFF, ICON_SOUND_ON, TEMPLATE } from "./hud.js";
import { JACKPOT_CARDS_GAME, playJackpotCards } from "./jackpot-cards/play.js";
import { JackpotCardsScreen } from "./jackpot-cards/screen.js";
import { type JackpotFeed, JackpotTicker } from "./jackpots/index.js";
import { type BetChoice, BetModel, betSchemaOf } from "./kit/bet-model.js";
import { BetPanel } from "./kit/bet-panel.js";
import { useGambleCards } from "./kit/recent-cards.js";
import { Announcer } from "./live.js";
import { prefersReducedMotion } from "./motion.js";
import { openPanel, openPanelMenu, type PanelHost } from "./panels.js";
import { onPress, PressGuard } from "./press-guard.js";
import { Replay } from "./replay.js";
import { RoundLink, type StartBody } from "./round-link.js";
import type { Settings } from "./settings.js";
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
  /** The page's push channel: the jackpot ticker for a game that declares jackpots, and the player's own balance. */
  jackpots?: JackpotFeed;
  /** Says when the connection comes back (a lost request is then sent again). */
  connection: Connection;
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
  /** History's Replay: a past round on the stage. */
  private readonly replay = new Replay({
    view: () => this.view,
    $: (test) => this.$(test),
    money: (minor) => this.money(minor),
    options: () => this.opts(true),
    say: (text) => this.live.flush(text),
    win: (minor) => {
      this.shownWin = minor;
      this.renderMeters();
    },
    enter: () => this.setMode("replay"),
    leave: () => this.setMode("idle"),
    cards: () => this.cardsScreen,
  });
  private readonly skipper = new Skipper(() => this.renderButtons());
  private readonly live = new Announcer();
  private readonly counter: WinCounter;
  private readonly keyHandler = (event: KeyboardEvent) => this.onKey(event);
  private ticker: JackpotTicker | null = null;
  /** One press, one round: bursts and the rest of a burst after the round never start another. */
  private readonly guard = new PressGuard();
  /** A lost round start sent again, choices that wait for the connection, the balance kept current. */
  private readonly link: RoundLink;
  private unfollow: () => void = () => {};
  /** The game number and the clock at the bottom of the screen. */
  private readonly hudInfo: HudInfo;
  /** Takes back the session's double-up cards lent to the game's strips (kit/recent-cards.ts). */
  private readonly dropCards: () => void;

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
    this.hudInfo = new HudInfo(this.element);
    this.dropCards = useGambleCards((game, limit) => api.gambleCards(game, limit));
    this.free = new FreeRounds(
      description.id,
      (grant) => this.grantStake(grant),
      () => this.applyFreeBet(),
      description.grantsName,
    );
    this.$("topbar").after(this.free.element);
    this.counter = new WinCounter(this.skipper, this.money);
    this.$("stage-area").append(this.counter.banner);
    this.element.append(this.live.element);
    this.link = new RoundLink({
      api,
      connection: host.connection,
      feed: host.jackpots,
      idle: () => this.mode === "idle",
      shown: () => this.balance,
      show: (balance) => this.balanceFromServer(balance),
      readGrants: () => this.refreshGrants(),
      message: (text, ms) => this.message(text, ms),
      playRound: () => this.playRound(),
    });
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
      preferences: this.api.gamePreferences(this.description.id),
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
          if (this.betEditable()) this.setBet(this.betPanel.fit(this.model.step(this.bet, id, delta)));
        },
        mode: (mode) => {
          if (this.betEditable()) this.setBet({ ...this.bet, mode });
        },
        // Buying spins at once (sheet: "the reels begin to spin"); the mode then stays on.
        bought: () => {
          if (this.betEditable() && this.bet.mode !== null) void this.playRound();
        },
      },
      this.jurisdiction.buyBonus,
      {
        maxStake: this.jurisdiction.maxStake,
        preferences: this.api.gamePreferences(this.description.id),
        tell: (t) => this.message(t, 6000),
      },
    );
    // The buy mode the player left on (any device), when still allowed.
    const restored = await this.betPanel.restore(this.bet);
    if (restored !== this.bet) this.setBet(restored);
    this.wire();
    this.showJackpots();
    this.renderBet();
    this.renderMeters();
    this.renderButtons();
    document.addEventListener("keydown", this.keyHandler);
    this.hudInfo.start();
    this.unfollow = this.link.follow();
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
    this.hudInfo.stop();
    this.dropCards();
    this.unfollow();
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
    // Presses on SPIN while it is disabled (nothing to skip) still belong to the burst.
    this.$("spin").addEventListener("pointerdown", (event) => this.guard.record(event.timeStamp));
    onPress(this.$("spin"), (began) => {
      this.sound.unlock();
      this.mainButton(began);
    });
    on("lobby", () => {
      if (this.mode === "idle" && !this.autoplay) this.host.leave();
    });
    for (const id of ["paytable", "lines-info", "rules", "history", "settings", "fullscreen", "sound"] as const)
      on(id, () => openPanel(id, this.panels));
    on("menu", () => void openPanelMenu(this.panels));
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
    on("bet-max", () => void this.betMax(performance.now()));
    on("replay-next", () => void this.replay.next());
    on("replay-exit", () => this.replay.exit());
    on("autoplay-notice-stop", () => void this.stopAutoplay());
  }

  /** The information panels and toggles (panels.ts), from their own buttons or the phone's menu. */
  private get panels(): PanelHost {
    return {
      view: () => this.view,
      bet: () => this.bet,
      settings: this.settings,
      sound: this.sound,
      jurisdiction: this.jurisdiction,
      history: () => this.showHistory(),
      changed: () => {
        this.$<HTMLInputElement>("volume").value = String(Math.round(this.settings.volume * 100));
        this.renderButtons();
      },
      message: (text) => this.message(text),
    };
  }

  private onKey(event: KeyboardEvent): void {
    if (event.code !== "Space" && event.key !== " ") return;
    // A held key acts once (the page drops its repeats too: ignoreHeldKeys).
    if (dialogOpen() || event.repeat) return;
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
    if (this.mode === "replay") void this.replay.next();
    else this.mainButton(event.timeStamp);
  }

  /**
   * SPIN when idle; STOP only while reels move (where slam stop is allowed); SKIP while
   * wins, banners or the count-up show; STOP n/N in autoplay. `began`: when the press began
   * (a round starts only on a press that is not the rest of a burst: {@link PressGuard}).
   */
  private mainButton(began: number): void {
    const fresh = this.guard.press(began);
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
    // An unanswered start is sent again instead of a new round.
    if (this.mode === "idle" && fresh) void (this.link.lost.body ? this.link.settle() : this.playRound());
  }

  /** The player may change the bet: at rest, outside autoplay, and not locked to a grant's bet. */
  private betEditable(): boolean {
    return this.mode === "idle" && !this.autoplay && !this.free.next && !this.link.pending;
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
  private async betMax(pressed: number): Promise<void> {
    if (!this.betEditable()) return;
    this.guard.record(pressed);
    // A buy mode stays on at the new stake unless its price there is above the cap.
    const max = this.betPanel.fit({ ...this.model.max(this.bet, this.jurisdiction.maxStake), mode: this.bet.mode });
    this.setBet(max);
    // Its SPIN is a press like any other: one that follows BET MAX's within a burst (a doubled Enter) does not spin.
    if ((await confirmBetMax(this.model, max, this.money)) && this.guard.press(performance.now())) await this.playRound();
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
    const replayed = this.replay.detail;
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
    this.$("lobby").toggleAttribute("disabled", this.mode !== "idle" || !!this.autoplay || this.link.pending);
    this.element.classList.toggle("replaying", this.mode === "replay");
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    if (mode === "idle") {
      this.guard.rest(performance.now());
      void this.link.sync.rested();
    }
    this.renderButtons();
  }

  /** A balance from the server outside any round here: says so when it no longer covers the bet. */
  private balanceFromServer(balance: number): void {
    const moved = balance !== this.balance;
    this.setBalance(balance);
    const bet = this.model.debit(this.bet);
    if (moved && !this.free.next && balance < bet)
      this.message(`Your balance is now ${this.money(balance)}: it does not cover the bet of ${this.money(bet)}.`, 8000);
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
    // A start whose answer was lost goes again unchanged (same requestId, bet, grant): one press, one round.
    const lost = this.link.lost.body;
    const grant = lost ? (this.free.next?.id === lost.grantId ? this.free.next : null) : autoplayId ? null : this.free.next;
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
      const body: StartBody = lost ?? {
        ...(grant ? { grantId: grant.id } : { bet: this.model.wire(this.bet) }),
        requestId: newRequestId(),
        ...(autoplayId ? { autoplayId } : {}),
        ...takeForce(),
      };
      step = await this.link.lost.send(body, (b) => this.api.startRound(this.description.id, b));
      // A lost autoplay spin's answer: that autoplay was closed here, its loop does not start again.
      if (lost?.autoplayId) delete step.autoplay;
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
        // (A lost autoplay spin sent again after its autoplay stopped: nothing was played.)
        if (autoplayId) this.autoplay = error.details.autoplay as AutoplayState;
        return null;
      }
      await this.handleError(error);
      return null;
    }
    this.hudInfo.round(step.roundId);
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
      const roundId = step.roundId;
      try {
        // A lost answer: the round waits where it stands and the same request goes again when the connection is back.
        step = await this.link.deliver(() => this.api.act(roundId, request));
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
    // At rest the balance is said too: the win alone leaves a screen-reader player guessing.
    this.live.flush(lead.trim(), ended ? `Balance ${this.money(step.balance)}.` : "");
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
          deliver: (send) => this.link.deliver(send),
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
    this.hudInfo.round(open.roundId);
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
    const request = { gameId: this.description.id, bet: this.model.wire(this.bet), ...settings, requestId: newRequestId() };
    try {
      state = await this.api.startAutoplay(request);
    } catch (error) {
      // Its answer lost: sent again when back and, if the server made it, stopped (the player was told it did not start).
      if (isConnectionLost(error))
        this.link.retryWhenBack(() => this.api.startAutoplay(request).then((a) => this.api.stopAutoplay(a.id)));
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
      } catch (error) {
        const id = final.id;
        if (isConnectionLost(error)) this.link.retryWhenBack(() => this.api.stopAutoplay(id));
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
      const id = this.autoplay?.id;
      // The stop's answer lost: it goes again when the connection is back (this screen spins no more meanwhile).
      if (id && isConnectionLost(error)) this.link.retryWhenBack(() => this.api.stopAutoplay(id));
      await this.handleError(error);
    }
    this.renderButtons();
  }

  // ---------------------------------------------------------------------------
  // History and replay

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
    await this.replay.start(detail);
  }
}
