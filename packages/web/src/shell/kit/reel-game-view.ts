/**
 * What every reel game's view does the same way, on the reel stage kit: the stage element
 * (background, logo, reels, free-spin counter, overlays), the spin controls (start, cancel,
 * slam stop), the enabled lines, the lines dialog and the teardown. A game extends it with
 * its own events, features, paytable and rules.
 */
import type { BetChoice, GameContext, PlayOptions } from "../types.js";
import { renderLines } from "./paytable.js";
import { LINE_COLORS, NORMAL_TIMING, QUICK_TIMING, type ReelStage } from "./reel-stage.js";
import { StageOverlays } from "./stage-overlays.js";

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

export abstract class ReelGameView {
  readonly element: HTMLElement;
  protected readonly counter: HTMLElement;
  protected readonly overlays: StageOverlays;

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
