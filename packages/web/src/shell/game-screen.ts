/**
 * The game screen of the shell: HUD (balance, bet, win in currency and coins), bet
 * selectors, SPIN/STOP/SKIP, autoplay, paytable/lines/rules, history with replay, and
 * the round loop that sends the player's choices and has the game view play each step.
 */
import type {
  ActionRequest,
  AutoplayState,
  CreateSessionResponse,
  OpenRound,
  RoundDetail,
  StepResponse,
} from "@reelhouse/protocol";
import { type Api, ApiRequestError, newRequestId } from "../api.js";
import { formatCoins, formatDateTime, formatMoney, parseMoneyInput, toCoins } from "../format.js";
import { takeForce } from "../qa.js";
import { closeDialog, dialogOpen, openDialog } from "./dialog.js";
import type { Settings } from "./settings.js";
import type { Sound } from "./sound.js";
import { type GameDescription, type GameView, type GameViewFactory, type LineBet, type PlayOptions, playable } from "./types.js";

type Mode = "idle" | "spinning" | "counting" | "feature" | "replay";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const STOP_REASONS: Readonly<Record<string, string>> = {
  spins: "All autoplay spins were played.",
  lossLimit: "Your loss limit was reached.",
  singleWinLimit: "A single win reached your win limit.",
  jackpot: "A jackpot was won.",
  feature: "A feature started: it waits for you.",
  player: "You stopped autoplay.",
  funds: "Not enough money for the next spin.",
};

export interface SessionInfo {
  session: CreateSessionResponse;
  balance: number;
}

export class GameScreen {
  readonly element: HTMLElement;
  private view!: GameView;
  private bet: LineBet;
  private mode: Mode = "idle";
  private balance: number;
  private shownWin = 0;
  private balanceBeforeRound = 0;
  private skipCountUp: (() => void) | null = null;
  private autoplay: AutoplayState | null = null;
  private autoplayStopRequested = false;
  private lastSpinAt = 0;
  private replayState: { detail: RoundDetail; next: number } | null = null;
  private readonly keyHandler = (event: KeyboardEvent) => this.onKey(event);

  constructor(
    private readonly api: Api,
    private readonly info: SessionInfo,
    private readonly description: GameDescription,
    private readonly sound: Sound,
    private readonly settings: Settings,
    private readonly onLeave: () => void,
    private readonly onBalance: (balance: number) => void,
  ) {
    this.balance = info.balance;
    this.bet = { ...description.bet.default };
    this.element = document.createElement("div");
    this.element.className = "game-screen";
    this.element.innerHTML = TEMPLATE(description.name);
  }

  private get currency(): string {
    return this.info.session.currency ?? this.info.session.player.currency;
  }

  private get jurisdiction() {
    return this.info.session.jurisdiction;
  }

  private money = (minor: number) => formatMoney(minor, this.currency);

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
    });
    this.$("stage-area").prepend(this.view.element);
    this.wire();
    this.renderBet();
    this.renderMeters();
    this.renderButtons();
    document.addEventListener("keydown", this.keyHandler);
    await this.resume();
  }

  destroy(): void {
    document.removeEventListener("keydown", this.keyHandler);
    this.view.destroy();
    this.element.remove();
  }

  private opts(replay = false): PlayOptions {
    return { quick: this.settings.quick && this.jurisdiction.turbo, replay };
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
      if (this.mode === "idle" && !this.autoplay) this.onLeave();
    });
    on("paytable", () => void this.showPaytable());
    on("lines-info", () => void openDialog({ name: "lines", title: "Game lines", body: this.view.gameLines(), wide: true }));
    on("rules", () => void openDialog({ name: "rules", title: "Rules", body: this.view.rules(), wide: true }));
    on("history", () => void this.showHistory());
    on("settings", () => void this.showSettings());
    on("fullscreen", () => void this.toggleFullscreen());
    on("sound", () => {
      this.settings.sound = !this.settings.sound;
      this.sound.setEnabled(this.settings.sound);
      this.settings.save();
      this.renderButtons();
    });
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
    const step = (field: keyof LineBet, options: number[], delta: number) => {
      if (!this.betEditable()) return;
      const i = options.indexOf(this.bet[field]);
      const next = options[Math.min(options.length - 1, Math.max(0, i + delta))];
      if (next === undefined) return;
      this.setBet({ ...this.bet, [field]: next });
    };
    const { bet } = this.description;
    on("coin-value-down", () => step("coinValue", bet.coinValues, -1));
    on("coin-value-up", () => step("coinValue", bet.coinValues, 1));
    on("coins-down", () => step("coinsPerLine", bet.coinsPerLine, -1));
    on("coins-up", () => step("coinsPerLine", bet.coinsPerLine, 1));
    on("lines-down", () => step("lines", bet.lines, -1));
    on("lines-up", () => step("lines", bet.lines, 1));
    on("replay-next", () => void this.replayNext());
    on("replay-exit", () => this.exitReplay());
  }

  private onKey(event: KeyboardEvent): void {
    if (event.code !== "Space" && event.key !== " ") return;
    const target = event.target as HTMLElement | null;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    if (dialogOpen()) return;
    event.preventDefault();
    this.sound.unlock();
    const primary = this.view.element.querySelector<HTMLButtonElement>(
      ".mt-overlay:not(.hidden) [data-primary], [data-primary]:not(.hidden *)",
    );
    if (primary && primary.offsetParent !== null) {
      primary.click();
      return;
    }
    if (this.mode === "replay") void this.replayNext();
    else this.mainButton();
  }

  /** SPIN when idle, STOP while reels spin (where slam stop is allowed), SKIP during the count-up, STOP xx/yy in autoplay. */
  private mainButton(): void {
    if (this.autoplay && this.autoplay.status === "running") {
      void this.stopAutoplay();
      return;
    }
    if (this.mode === "spinning") {
      if (this.jurisdiction.slamStop) this.view.slamStop();
      return;
    }
    if (this.mode === "counting") {
      this.skipCountUp?.();
      return;
    }
    if (this.mode === "idle") void this.playRound();
  }

  private betEditable(): boolean {
    return this.mode === "idle" && !this.autoplay;
  }

  private setBet(bet: LineBet): void {
    const linesChanged = bet.lines !== this.bet.lines;
    this.bet = bet;
    this.view.betChanged(bet, linesChanged);
    this.renderBet();
  }

  private totalBet(bet: LineBet = this.bet): number {
    return bet.coinValue * bet.coinsPerLine * bet.lines;
  }

  private async betMax(): Promise<void> {
    if (!this.betEditable()) return;
    const { bet } = this.description;
    this.setBet({
      ...this.bet,
      coinsPerLine: Math.max(...bet.coinsPerLine),
      lines: Math.max(...bet.lines),
    });
    await this.playRound();
  }

  // ---------------------------------------------------------------------------
  // Rendering

  private renderBet(): void {
    this.$("coin-value").textContent = this.money(this.bet.coinValue);
    this.$("coins").textContent = String(this.bet.coinsPerLine);
    this.$("lines").textContent = String(this.bet.lines);
    this.renderMeters();
  }

  private renderMeters(): void {
    const coinValue = this.bet.coinValue;
    this.$("balance").textContent = this.money(this.balance);
    this.$("balance").dataset.minor = String(this.balance);
    this.$("balance-coins").textContent = formatCoins(toCoins(this.balance, coinValue));
    // In a replay the BET meter shows the replayed round's bet, not the live one.
    const replayed = this.replayState?.detail;
    const replayBet = replayed?.bet as Partial<LineBet> | undefined;
    const total = replayed ? replayed.totalBet : this.totalBet();
    const betCoinValue = typeof replayBet?.coinValue === "number" ? replayBet.coinValue : coinValue;
    this.$("bet").textContent = this.money(total);
    this.$("bet-coins").textContent = formatCoins(toCoins(total, betCoinValue));
    this.$("win").textContent = this.money(this.shownWin);
    this.$("win").dataset.minor = String(this.shownWin);
    this.$("win-coins").textContent = formatCoins(toCoins(this.shownWin, coinValue));
  }

  private renderButtons(): void {
    const spin = this.$<HTMLButtonElement>("spin");
    const running = this.autoplay?.status === "running";
    let label = "SPIN";
    if (running && this.autoplay) label = `STOP ${this.autoplay.spinsDone}/${this.autoplay.spinsTotal}`;
    else if (this.mode === "spinning") label = this.jurisdiction.slamStop ? "STOP" : "SPIN";
    else if (this.mode === "counting") label = "SKIP";
    spin.textContent = label;
    spin.dataset.state = running ? "autoplay" : this.mode;
    spin.disabled =
      this.mode === "feature" || this.mode === "replay" || (this.mode === "spinning" && !this.jurisdiction.slamStop && !running);
    const editable = this.betEditable();
    for (const test of ["coin-value-down", "coin-value-up", "coins-down", "coins-up", "lines-down", "lines-up", "bet-max"]) {
      this.$<HTMLButtonElement>(test).disabled = !editable;
    }
    const auto = this.$<HTMLButtonElement>("autoplay");
    auto.hidden = !this.jurisdiction.autoplay;
    auto.disabled = !editable;
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
    this.onBalance(balance);
    this.renderMeters();
  }

  private message(text: string, ms = 2600): void {
    const el = this.$("message");
    el.textContent = text;
    el.classList.remove("hidden");
    window.clearTimeout(Number(el.dataset.timer ?? 0));
    el.dataset.timer = String(window.setTimeout(() => el.classList.add("hidden"), ms));
  }

  /** Counts the WIN meter up to `to`; SKIP (or space) ends it at once. */
  private countUp(to: number, totalBet: number): Promise<void> {
    const from = this.shownWin;
    if (to <= from) {
      this.shownWin = to;
      this.renderMeters();
      return Promise.resolve();
    }
    const ratio = (to - from) / Math.max(1, totalBet);
    const duration = Math.min(4500, 500 + 350 * Math.log2(1 + ratio)) * (this.opts().quick ? 0.5 : 1);
    this.setMode("counting");
    return new Promise((resolve) => {
      const started = performance.now();
      let lastTick = 0;
      let frame = 0;
      const finish = () => {
        cancelAnimationFrame(frame);
        this.skipCountUp = null;
        this.shownWin = to;
        this.renderMeters();
        resolve();
      };
      this.skipCountUp = finish;
      const tick = (now: number) => {
        const t = Math.min(1, (now - started) / duration);
        // Integer steps only: the meter never shows a fraction of a cent.
        this.shownWin = from + Math.floor((to - from) * t);
        this.renderMeters();
        if (now - lastTick > 70) {
          this.sound.play("tick");
          lastTick = now;
        }
        if (t >= 1) finish();
        else frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
  }

  // ---------------------------------------------------------------------------
  // The round loop

  /** Plays one paid round to its end (features included). Returns the last step, or null on failure. */
  private async playRound(autoplayId?: string): Promise<StepResponse | null> {
    if (this.mode !== "idle") return null;
    const wait = this.jurisdiction.minSpinIntervalMs - (performance.now() - this.lastSpinAt);
    if (wait > 0) await sleep(wait);
    this.setMode("spinning");
    this.shownWin = 0;
    this.renderMeters();
    this.view.startSpin(this.opts());
    this.lastSpinAt = performance.now();
    this.balanceBeforeRound = this.balance;
    let step: StepResponse;
    try {
      step = await this.api.startRound(this.description.id, {
        bet: this.bet,
        requestId: newRequestId(),
        ...(autoplayId ? { autoplayId } : {}),
        ...takeForce(),
      });
    } catch (error) {
      this.view.cancelSpin();
      this.setMode("idle");
      if (error instanceof ApiRequestError && error.code === "AUTOPLAY_STOPPED" && error.details.autoplay) {
        // Stopped on the server meanwhile (by the player elsewhere): the loop ends and says why.
        this.autoplay = error.details.autoplay as AutoplayState;
        return null;
      }
      await this.handleError(error);
      return null;
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
      this.setMode("spinning");
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
        this.setMode("idle");
        await this.handleError(error);
        // The round stays open on the server; resume picks it up where it stands.
        await this.resume();
        return null;
      }
      if (step.autoplay !== undefined) this.autoplay = step.autoplay;
      await this.present(step);
    }
    this.view.reset();
    this.setMode("idle");
    return step;
  }

  /**
   * Plays one step on the stage, counts up its win, then shows the server's balance.
   * During the paid spin the meter shows the balance less the bet, whenever the server
   * credits the win (per step or at the end of the round).
   */
  private async present(step: StepResponse): Promise<void> {
    if (step.stepIndex === 0) this.setBalance(this.balanceBeforeRound - step.totalBet);
    this.setMode("spinning");
    await this.view.play(playable(step), this.opts());
    await this.countUp(step.totalWin, step.totalBet);
    this.setBalance(step.balance);
    this.setMode(step.awaiting ? "feature" : "idle");
  }

  /** Picks up an unfinished round of this game (after a reload or a lost connection). */
  private async resume(): Promise<void> {
    let open: OpenRound | undefined;
    try {
      open = (await this.api.openRounds()).find((r) => r.gameId === this.description.id);
    } catch (error) {
      await this.handleError(error);
      return;
    }
    if (!open) return;
    const bet = open.bet as LineBet;
    if (bet && typeof bet.coinValue === "number") {
      this.bet = { coinValue: bet.coinValue, coinsPerLine: bet.coinsPerLine, lines: bet.lines };
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
    if (error instanceof ApiRequestError && error.code === "INSUFFICIENT_FUNDS") {
      // The balance moved elsewhere (another tab, the operator): show the server's figure.
      try {
        this.setBalance((await this.api.session()).balance);
      } catch {
        // keep the figure on view; the dialog still explains
      }
      await this.insufficientFunds(error.details);
      return;
    }
    const text = error instanceof Error ? error.message : String(error);
    const code = error instanceof ApiRequestError ? ` <code>${error.code}</code>` : "";
    await openDialog({ name: "error", title: "Something went wrong", body: `<p>${escapeHtml(text)}${code}</p>` });
  }

  /** Offers the minimum selectable bet when the balance does not cover the bet. */
  private async insufficientFunds(details: Record<string, unknown>): Promise<void> {
    const offered = details.minBet as Partial<LineBet> | number | undefined;
    const { bet } = this.description;
    const minBet: LineBet =
      offered && typeof offered === "object" && typeof offered.coinValue === "number"
        ? (offered as LineBet)
        : { coinValue: Math.min(...bet.coinValues), coinsPerLine: Math.min(...bet.coinsPerLine), lines: Math.min(...bet.lines) };
    const minTotal = typeof details.minTotalBet === "number" ? details.minTotalBet : this.totalBet(minBet);
    const affordable = this.balance >= minTotal;
    await openDialog({
      name: "insufficient-funds",
      title: "Insufficient funds",
      body: `<p>Your balance <b>${this.money(this.balance)}</b> does not cover the bet of <b>${this.money(this.totalBet())}</b>.</p>
        <p>The minimum bet is <b data-test="min-bet">${this.money(minTotal)}</b> (${minBet.lines} line × ${minBet.coinsPerLine} coin × ${this.money(minBet.coinValue)}).</p>`,
      buttons: [
        ...(affordable
          ? [
              {
                label: `Bet ${this.money(minTotal)}`,
                primary: true,
                test: "use-min-bet",
                onClick: () => {
                  this.setBet(minBet);
                  return undefined;
                },
              },
            ]
          : []),
        { label: "Close" },
      ],
    });
  }

  // ---------------------------------------------------------------------------
  // Autoplay

  private async showAutoplay(): Promise<void> {
    if (!this.betEditable() || !this.jurisdiction.autoplay) return;
    const form = document.createElement("form");
    form.className = "autoplay-form";
    const total = this.totalBet();
    form.innerHTML = `
      <label>Number of spins
        <select name="spins" data-test="ap-spins">${[10, 25, 50, 75, 100].map((n) => `<option value="${n}">${n}</option>`).join("")}</select></label>
      <label>Stop if my loss reaches (required)
        <input name="loss" inputmode="decimal" data-test="ap-loss" placeholder="e.g. ${formatMoney(total * 10, this.currency).replace(/[^\d.,]/g, "")}" required></label>
      <label>Stop if a single win reaches (optional)
        <input name="win" inputmode="decimal" data-test="ap-win" placeholder="no limit"></label>
      <label class="check"><input type="checkbox" name="jackpot" data-test="ap-jackpot" checked> Stop if a jackpot is won</label>
      <p class="hint">Bet per spin: <b>${this.money(total)}</b>. Free spins and the Treasure bonus always wait for you.</p>
      <p class="form-error" data-test="ap-error"></p>`;
    form.addEventListener("submit", (e) => e.preventDefault());
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const showError = (text: string) => {
      (form.querySelector(".form-error") as HTMLElement).textContent = text;
      return false;
    };
    await openDialog({
      name: "autoplay",
      title: "Autoplay",
      body: form,
      buttons: [
        { label: "Cancel" },
        {
          label: "Start autoplay",
          primary: true,
          test: "ap-start",
          onClick: () => {
            const lossLimit = parseMoneyInput(value("loss"));
            if (lossLimit === null || lossLimit <= 0)
              return showError("Enter a loss limit greater than zero: autoplay needs one.");
            const winText = value("win").trim();
            const singleWinLimit = winText ? parseMoneyInput(winText) : null;
            if (winText && (singleWinLimit === null || singleWinLimit <= 0))
              return showError("The win limit must be an amount greater than zero.");
            const spins = Number(value("spins"));
            const stopOnJackpot = (form.elements.namedItem("jackpot") as HTMLInputElement).checked;
            void this.runAutoplay(spins, lossLimit, singleWinLimit, stopOnJackpot);
            return undefined;
          },
        },
      ],
    });
  }

  private async runAutoplay(
    spins: number,
    lossLimit: number,
    singleWinLimit: number | null,
    stopOnJackpot: boolean,
  ): Promise<void> {
    let state: AutoplayState;
    try {
      state = await this.api.startAutoplay({
        gameId: this.description.id,
        bet: this.bet,
        spins,
        lossLimit,
        singleWinLimit,
        stopOnJackpot,
        requestId: newRequestId(),
      });
    } catch (error) {
      await this.handleError(error);
      return;
    }
    this.autoplay = state;
    this.autoplayStopRequested = false;
    const balanceAtStart = this.balance;
    this.renderButtons();
    while (this.autoplay?.status === "running" && !this.autoplayStopRequested) {
      const step = await this.playRound(this.autoplay.id);
      if (!step) break;
      this.renderButtons();
      if (this.autoplay?.status === "running") await sleep(this.opts().quick ? 150 : 400);
    }
    const final = this.autoplay;
    this.autoplay = null;
    this.renderButtons();
    if (final) {
      const reason = final.stopReason ?? (this.autoplayStopRequested ? "player" : "spins");
      await openDialog({
        name: "autoplay-stopped",
        title: "Autoplay stopped",
        body: `<p data-test="ap-reason" data-reason="${escapeHtml(reason)}">${escapeHtml(STOP_REASONS[reason] ?? reason)}</p>
          <p>Spins played: <b>${final.spinsDone} of ${final.spinsTotal}</b> · Result: <b data-test="ap-result">${this.money(this.balance - balanceAtStart)}</b></p>`,
      });
    }
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
  // Information dialogs, history and replay

  private async showPaytable(): Promise<void> {
    await openDialog({ name: "paytable", title: "Paytable", body: this.view.paytable(this.bet), wide: true });
  }

  private async showSettings(): Promise<void> {
    const body = document.createElement("div");
    body.className = "settings";
    body.innerHTML = `
      <label class="check"><input type="checkbox" data-test="set-sound" ${this.settings.sound ? "checked" : ""}> Sound</label>
      <label>Volume <input type="range" min="0" max="100" data-test="set-volume" value="${Math.round(this.settings.volume * 100)}"></label>
      ${this.jurisdiction.turbo ? `<label class="check"><input type="checkbox" data-test="set-quick" ${this.settings.quick ? "checked" : ""}> Quick spin</label>` : ""}
      <p class="hint">Press <kbd>Space</kbd> to spin, stop and skip. Jurisdiction: ${this.jurisdiction.id}.</p>`;
    body.querySelector<HTMLInputElement>('[data-test="set-sound"]')?.addEventListener("change", (e) => {
      this.settings.sound = (e.target as HTMLInputElement).checked;
      this.sound.setEnabled(this.settings.sound);
    });
    body.querySelector<HTMLInputElement>('[data-test="set-volume"]')?.addEventListener("input", (e) => {
      this.settings.volume = Number((e.target as HTMLInputElement).value) / 100;
      this.sound.setVolume(this.settings.volume);
      this.sound.play("click");
    });
    body.querySelector<HTMLInputElement>('[data-test="set-quick"]')?.addEventListener("change", (e) => {
      this.settings.quick = (e.target as HTMLInputElement).checked;
    });
    await openDialog({
      name: "settings",
      title: "Settings",
      body,
      onClose: () => {
        this.settings.save();
        this.$<HTMLInputElement>("volume").value = String(Math.round(this.settings.volume * 100));
        this.renderButtons();
      },
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

  private async showHistory(): Promise<void> {
    const body = document.createElement("div");
    body.className = "history";
    body.innerHTML = `<p>Loading…</p>`;
    const opened = openDialog({ name: "history", title: "History", body, wide: true });
    try {
      const history = await this.api.history(50);
      const rows = history.rounds
        .map(
          (r) => `<tr data-round="${escapeHtml(r.roundId)}">
            <td>${formatDateTime(r.startedAt)}</td><td>${escapeHtml(r.gameId)}</td>
            <td class="num">${this.money(r.totalBet)}</td><td class="num">${this.money(r.totalWin)}</td>
            <td class="num">${this.money(r.balanceAfter)}</td><td>${r.status}</td>
            <td><button class="btn small" data-replay="${escapeHtml(r.roundId)}" ${r.gameId === this.description.id ? "" : "disabled"}>Replay</button></td></tr>`,
        )
        .join("");
      const transactions = history.transactions
        .slice(0, 100)
        .map(
          (t) => `<tr><td>${formatDateTime(t.at)}</td><td>${escapeHtml(t.kind)}</td><td class="num">${this.money(t.amount)}</td>
            <td class="num">${this.money(t.balanceAfter)}</td><td class="mono">${escapeHtml(t.roundId ?? "")}</td></tr>`,
        )
        .join("");
      body.innerHTML = `
        <h3>Rounds</h3>
        <table class="table" data-test="history-rounds"><thead><tr><th>Time</th><th>Game</th><th>Bet</th><th>Win</th><th>Balance after</th><th>Status</th><th></th></tr></thead>
        <tbody>${rows || `<tr><td colspan="7">No rounds yet.</td></tr>`}</tbody></table>
        <details><summary>Transactions</summary>
        <table class="table" data-test="history-transactions"><thead><tr><th>Time</th><th>Kind</th><th>Amount</th><th>Balance after</th><th>Round</th></tr></thead>
        <tbody>${transactions}</tbody></table></details>`;
      body.querySelectorAll<HTMLButtonElement>("[data-replay]").forEach((button) => {
        button.addEventListener("click", () => void this.startReplay(button.dataset.replay as string));
      });
    } catch (error) {
      body.innerHTML = `<p class="form-error">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`;
    }
    await opened;
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

  private replaying = false;

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const icon = (body: string) =>
  `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
const SPEAKER = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
const ICON_SOUND_ON = icon(`${SPEAKER}<path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/>`);
const ICON_SOUND_OFF = icon(`${SPEAKER}<path d="M16 9l5 6M21 9l-5 6"/>`);
const ICON_FULLSCREEN = icon('<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>');
const ICON_SETTINGS = icon(
  '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
);

const TEMPLATE = (name: string) => `
  <header class="topbar">
    <button class="icon-btn" data-test="lobby" aria-label="Back to the lobby">◀ Lobby</button>
    <h1 class="game-title">${escapeHtml(name)}</h1>
    <nav class="top-actions">
      <button class="icon-btn" data-test="paytable">Paytable</button>
      <button class="icon-btn" data-test="lines-info">Lines</button>
      <button class="icon-btn" data-test="rules">Rules</button>
      <button class="icon-btn" data-test="history">History</button>
      <button class="icon-btn" data-test="sound" aria-label="Sound on/off">${ICON_SOUND_ON}</button>
      <input class="volume" type="range" min="0" max="100" data-test="volume" aria-label="Volume">
      <button class="icon-btn" data-test="settings" aria-label="Settings">${ICON_SETTINGS}</button>
      <button class="icon-btn" data-test="fullscreen" aria-label="Full screen">${ICON_FULLSCREEN}</button>
    </nav>
  </header>
  <main class="stage-area" data-test="stage-area">
    <div class="replay-ribbon" data-test="replay-ribbon">REPLAY</div>
    <div class="message hidden" data-test="message"></div>
  </main>
  <footer class="hud">
    <div class="meter" data-meter="balance"><label>BALANCE</label><b data-test="balance">–</b><small data-test="balance-coins"></small></div>
    <div class="bet-controls">
      <div class="selector"><label>COIN VALUE</label><div><button data-test="coin-value-down" aria-label="Lower coin value">−</button><output data-test="coin-value"></output><button data-test="coin-value-up" aria-label="Raise coin value">+</button></div></div>
      <div class="selector"><label>COINS / LINE</label><div><button data-test="coins-down" aria-label="Fewer coins per line">−</button><output data-test="coins"></output><button data-test="coins-up" aria-label="More coins per line">+</button></div></div>
      <div class="selector"><label>LINES</label><div><button data-test="lines-down" aria-label="Fewer lines">−</button><output data-test="lines"></output><button data-test="lines-up" aria-label="More lines">+</button></div></div>
    </div>
    <div class="meter" data-meter="bet"><label>BET</label><b data-test="bet">–</b><small data-test="bet-coins"></small></div>
    <div class="meter win" data-meter="win"><label>WIN</label><b data-test="win">–</b><small data-test="win-coins"></small></div>
    <div class="actions">
      <button class="pill" data-test="autoplay">AUTO</button>
      <button class="pill" data-test="quick" aria-pressed="false">QUICK</button>
      <button class="pill gold" data-test="bet-max">BET MAX</button>
      <button class="spin-btn" data-test="spin">SPIN</button>
    </div>
    <div class="replay-bar">
      <span class="replay-tag">REPLAY</span>
      <span data-test="replay-info"></span>
      <span data-test="replay-step"></span>
      <button class="btn primary" data-test="replay-next">Next step ▶</button>
      <button class="btn" data-test="replay-exit">Exit replay</button>
    </div>
  </footer>`;
