/**
 * What every reel game's view does the same way, on the reel stage kit: the stage element
 * (background, logo, reels, free-spin counter, overlays), the spin controls (start, cancel,
 * slam stop), the enabled lines, the lines dialog, a step's spin, line wins and feature
 * screens, the free-spin gate, reset and replay, and the teardown. A game extends it with its
 * own events, features, paytable and rules, and the hooks for what its reset and replay keep.
 */
import type { BetChoice, GameContext, GameDescription, PlayableStep, PlayOptions } from "../types.js";
import { renderLines } from "./paytable.js";
import {
  LINE_COLORS,
  NORMAL_TIMING,
  QUICK_TIMING,
  ReelStage,
  type ReelStageOptions,
  type Window,
  type WinHighlight,
} from "./reel-stage.js";
import { StageOverlays } from "./stage-overlays.js";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One step being played: the wins gathered until `spinEnded` draws them, and the features after. */
export interface ReelStepRun {
  step: PlayableStep;
  options: PlayOptions;
  wins: WinHighlight[];
  features: (() => Promise<void>)[];
}

/**
 * A reel game's stage from its description: its reels, rows and paylines, with the game's art,
 * cell, first window and frame; two scatters down anticipate the reels after them. Not loaded yet.
 */
export function reelStageFor(
  description: GameDescription,
  look: Omit<ReelStageOptions, "reels" | "rows" | "paylines" | "anticipation"> & { scatter: string },
): ReelStage {
  const { scatter, ...rest } = look;
  return new ReelStage({
    reels: description.reels,
    rows: description.rows,
    paylines: description.lines,
    ...rest,
    anticipation: { symbol: scatter, count: 2 },
  });
}

/** The look of a game's stage: its class, background, logo and anything else placed over the reels. */
export interface ReelGameLook {
  /** The game's own class (its colours), beside the shared `game-stage`. */
  className: string;
  gameId: string;
  backgroundSvg: string;
  /** The logo's inner HTML and accessible name. */
  logo: { html: string; label: string; className: string };
  /** Extra HTML inside the reels' box (e.g. a LOCKED badge over a reel). */
  overReels?: string;
  /** The free-spin counter's `data-test` name. */
  counterTest: string;
}

/** The lines a bet plays (every line for a bet that is not a line bet). */
export function linesOf(bet: BetChoice, all: number): number {
  return bet.kind === "lines" ? bet.lines : all;
}

/** `Saved`: what the game keeps besides the window while a replay is shown, to put back after it. */
export abstract class ReelGameView<Saved> {
  readonly element: HTMLElement;
  protected readonly counter: HTMLElement;
  protected readonly overlays: StageOverlays;
  /** The next free spin waits for the player (intro after a trigger, or a resumed round). */
  protected freeSpinGate: "intro" | "resume" | null = null;
  private saved: { window: Window; state: Saved } | null = null;

  constructor(
    protected readonly ctx: GameContext,
    protected readonly stage: ReelStage,
    look: ReelGameLook,
  ) {
    this.element = document.createElement("div");
    this.element.className = `${look.className} game-stage`;
    this.element.dataset.game = look.gameId;
    this.element.innerHTML = `
      <div class="game-bg" aria-hidden="true">${look.backgroundSvg}</div>
      <div class="${look.logo.className} game-logo" role="img" aria-label="${look.logo.label}">${look.logo.html}</div>
      <div class="game-reels">${look.overReels ?? ""}</div>
      <div class="fs-counter hidden" data-test="${look.counterTest}"></div>
`;
    const reels = this.element.querySelector(".game-reels") as HTMLElement;
    reels.style.setProperty("--ratio", String(stage.aspectRatio));
    reels.prepend(stage.canvas);
    this.counter = this.element.querySelector(".fs-counter") as HTMLElement;
    this.overlays = new StageOverlays(ctx.pause, () => ctx.sound.play("click"));
    this.element.append(this.overlays.banner, this.overlays.overlay);
    stage.setStopSound(() => ctx.sound.play("reelStop"));
    stage.setEnabledLines(linesOf(ctx.bet(), ctx.description.lines.length));
    stage.start();
  }

  get spinning(): boolean {
    return this.stage.spinning;
  }

  /** For tests: frames drawn since the stage started. */
  get framesDrawn(): number {
    return this.stage.framesDrawn;
  }

  /** Called by the shell when the bet changes: lights the enabled lines. */
  betChanged(bet: BetChoice, linesChanged: boolean): void {
    const lines = linesOf(bet, this.ctx.description.lines.length);
    this.stage.setEnabledLines(lines);
    if (linesChanged) this.stage.previewLines(lines);
  }

  startSpin(options: PlayOptions): void {
    this.stage.setTiming(options.quick ? QUICK_TIMING : NORMAL_TIMING);
    this.stage.setReducedMotion(options.reducedMotion);
    this.stage.spin();
    this.ctx.spinning(true);
    if (!options.replay) this.ctx.sound.play("spinStart");
  }

  cancelSpin(): void {
    this.stage.abort();
    this.ctx.spinning(false);
  }

  slamStop(): void {
    if (this.stage.spinning) {
      this.stage.slam();
      this.ctx.sound.play("slam");
    }
  }

  gameLines(): HTMLElement {
    const { lines, reels, rows } = this.ctx.description;
    return renderLines(lines, reels, rows, LINE_COLORS);
  }

  /** Feature screens close and free spins end; the last wins stay on view until the next spin. */
  reset(): void {
    this.closeFeatures();
    this.overlays.hide();
    this.freeSpinGate = null;
    this.endFreeSpins();
  }

  /** Replay: keeps what the live game showed so leaving the replay restores it. */
  enterReplay(): void {
    this.saved = { window: this.stage.window(), state: this.replayState() };
    this.reset();
    this.stage.clearWins();
    this.element.classList.add("replay");
  }

  exitReplay(): void {
    this.reset();
    this.stage.clearWins();
    this.element.classList.remove("replay");
    if (this.saved) {
      this.stage.show(this.saved.window);
      this.restoreReplayState(this.saved.state, this.saved.window);
    }
    this.saved = null;
  }

  /** Hook of `reset`: closes the game's own feature screens and forgets a feature waiting to open. */
  protected closeFeatures(): void {}

  /** Hook of `reset`: the free spins are over (counter hidden, stage back to the base game). */
  protected abstract endFreeSpins(): void;

  /** Hook of `enterReplay`: what the live game shows besides the window. */
  protected abstract replayState(): Saved;

  /** Hook of `exitReplay`: puts back what `replayState` kept (the window is already shown). */
  protected abstract restoreReplayState(state: Saved, window: Window): void;

  /** A step's spin: starts the reels unless they all move already, and lands them on `window`. */
  protected async landSpin(window: Window, options: PlayOptions): Promise<void> {
    if (!this.stage.spinning || !this.stage.allMoving) this.startSpin(options);
    await this.stage.land(window);
    this.ctx.spinning(false);
  }

  /** A line win to draw: its cells, its line's colour and the amount (with ×multiplier when above 1). */
  protected lineWin(
    event: { positions: WinHighlight["positions"]; line: number; multiplier: number },
    amount: string,
  ): WinHighlight {
    return {
      positions: event.positions,
      line: event.line,
      label: `${amount}${event.multiplier > 1 ? ` ×${event.multiplier}` : ""}`,
      color: LINE_COLORS[(event.line - 1) % LINE_COLORS.length] as string,
    };
  }

  /** At a spin's end: draws the step's wins, then plays its features and draws the wins again. */
  protected async showStepWins(run: ReelStepRun): Promise<void> {
    if (run.wins.length > 0) {
      this.stage.showWins(run.wins);
      if (!run.options.replay) this.ctx.sound.play("win");
    }
    if (run.features.length > 0) {
      if (run.wins.length > 0) await this.ctx.pause(run.options.quick ? 700 : 1400);
      for (const feature of run.features.splice(0)) await feature();
      if (run.wins.length > 0) this.stage.showWins(run.wins);
    }
  }

  /** Before a free spin: the intro (or resume screen) while the gate is set, else a short pause. */
  protected async freeSpinWait(options: PlayOptions, intro: (gate: "intro" | "resume") => Promise<void>): Promise<void> {
    if (this.freeSpinGate) {
      const gate = this.freeSpinGate;
      await intro(gate);
      this.freeSpinGate = null;
    } else await sleep(options.quick ? 150 : 500);
  }

  /** The free-spin counter's content (null: hidden). */
  protected showCounter(html: string | null): void {
    this.counter.classList.toggle("hidden", html === null);
    this.counter.innerHTML = html ?? "";
  }

  destroy(): void {
    this.stage.stop();
    this.element.remove();
  }

  /** A symbol's name from the description. */
  protected symbolName(id: string): string {
    return this.ctx.description.symbols.find((s) => s.id === id)?.name ?? id;
  }

  /** A big message over the reels for a moment. */
  protected flash(text: string, options: PlayOptions): Promise<void> {
    return this.overlays.flash(text, options.quick ? 900 : 1600);
  }
}
