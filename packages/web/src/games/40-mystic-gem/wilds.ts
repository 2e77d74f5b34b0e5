/**
 * What 40 Mystic Gem draws over its reels besides the symbols: the expanding WILD growing
 * from where it landed over its whole reel (a column of light; a still change with less
 * motion), the reels a WILD covers framed in violet, and the reels under a bought WILD
 * marked BOUGHT from the moment the server's answer names them. Positions are the reel
 * stage's own (`ReelStage.reelBox`).
 */
import { escapeHtml } from "../../shell/html.js";
import { svgUrl } from "../../shell/kit/art.js";
import type { ReelStage } from "../../shell/kit/reel-stage.js";
import { WILD_TALL } from "./art.js";

export class WildOverlays {
  readonly element: HTMLElement;

  constructor(private readonly stage: Pick<ReelStage, "reelBox">) {
    this.element = document.createElement("div");
    this.element.className = "mg-wild-layer";
    this.element.setAttribute("aria-hidden", "true");
  }

  /** A reel's box over the canvas, in percentages of the stage (the stage's own geometry). */
  private box(reel: number): string {
    const b = this.stage.reelBox(reel);
    return `left:${b.left}%;top:${b.top}%;width:${b.width}%;height:${b.height}%`;
  }

  /** Frames `reel` as covered by a WILD; `bought` adds the BOUGHT mark. */
  mark(reel: number, bought: boolean): void {
    this.element.querySelector(`.mg-wild-frame[data-reel="${reel}"]`)?.remove();
    const frame = document.createElement("div");
    frame.className = `mg-wild-frame${bought ? " bought" : ""}`;
    frame.dataset.reel = String(reel);
    frame.dataset.test = bought ? "bought-reel" : "expanded-reel";
    frame.setAttribute("style", this.box(reel));
    if (bought) frame.innerHTML = `<span class="mg-bought-tag">${escapeHtml("BOUGHT")}</span>`;
    this.element.append(frame);
  }

  /**
   * The WILD landed on `row` of `reel` grows over the whole reel: resolves when it covers it
   * (`wait` is the game's skippable pause); quicker in quick spin. With less motion there is nothing to watch.
   */
  async grow(
    reel: number,
    row: number,
    rows: number,
    options: { reducedMotion: boolean; quick: boolean },
    wait: (ms: number) => Promise<void>,
  ): Promise<void> {
    if (options.reducedMotion) return;
    const beam = document.createElement("div");
    beam.className = "mg-wild-grow";
    beam.setAttribute("style", `${this.box(reel)};--from:${((row + 0.5) / rows) * 100}%`);
    beam.innerHTML = `<img alt="" src="${svgUrl(WILD_TALL)}">`;
    if (options.quick) beam.classList.add("quick");
    this.element.append(beam);
    await wait(options.quick ? 400 : 750);
    beam.classList.add("done");
    await wait(options.quick ? 120 : 250);
    beam.remove();
  }

  /** Every mark and animation goes (a new spin starts). */
  clear(): void {
    this.element.innerHTML = "";
  }

  /** Reels marked now: `{reel, bought}` (tests and replays read the DOM; this keeps it readable). */
  marked(): { reel: number; bought: boolean }[] {
    return [...this.element.querySelectorAll<HTMLElement>(".mg-wild-frame")].map((f) => ({
      reel: Number(f.dataset.reel),
      bought: f.classList.contains("bought"),
    }));
  }
}
