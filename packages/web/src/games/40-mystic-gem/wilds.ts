/**
 * What 40 Mystic Gem draws over its reels besides the symbols: the expanding WILD growing
 * from where it landed over its whole reel (a column of light; a still change with less
 * motion), the reels a WILD covers framed in violet, and the reels under a bought WILD
 * marked BOUGHT from the moment the server's answer names them. Positions follow the reel
 * stage's drawing (its side margin for the line badges, its top margin, the cell size).
 */
import { escapeHtml } from "../../shell/html.js";
import { svgUrl } from "../../shell/kit/art.js";
import { CELL_H, CELL_W, WILD_TALL } from "./art.js";

/** The reel stage's margins around the reels (stage units): line badges left and right, the frame above and below. */
const SIDE = 54;
const TOP = 26;

export class WildOverlays {
  readonly element: HTMLElement;
  private readonly width: number;
  private readonly height: number;

  constructor(
    reels: number,
    private readonly rows: number,
  ) {
    this.width = reels * CELL_W + 2 * SIDE;
    this.height = rows * CELL_H + 2 * TOP;
    this.element = document.createElement("div");
    this.element.className = "mg-wild-layer";
    this.element.setAttribute("aria-hidden", "true");
  }

  /** A reel's box over the canvas, in percentages of the stage. */
  private box(reel: number, fromRow = 0, rows = this.rows): string {
    const left = ((SIDE + reel * CELL_W) / this.width) * 100;
    const top = ((TOP + fromRow * CELL_H) / this.height) * 100;
    return `left:${left}%;top:${top}%;width:${(CELL_W / this.width) * 100}%;height:${((rows * CELL_H) / this.height) * 100}%`;
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
    options: { reducedMotion: boolean; quick: boolean },
    wait: (ms: number) => Promise<void>,
  ): Promise<void> {
    if (options.reducedMotion) return;
    const beam = document.createElement("div");
    beam.className = "mg-wild-grow";
    beam.setAttribute("style", `${this.box(reel)};--from:${((row + 0.5) / this.rows) * 100}%`);
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
