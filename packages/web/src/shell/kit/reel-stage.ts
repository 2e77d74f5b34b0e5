/**
 * The reel stage kit: any number of reels x rows on a canvas, animated with
 * requestAnimationFrame. Reels start the moment the player presses SPIN, spin on cosmetic
 * filler symbols until the server's window arrives, then stop one after another on exactly
 * that window. Win lines, frames and amounts are drawn over the symbols; held (sticky)
 * cells stay put over a spinning reel, a reel can show one expanded symbol, and a reel can
 * be nudged by whole positions.
 *
 * The filler symbols are decoration only: the outcome is the `window` the server sent.
 */
import { motionBlur, rasterise } from "./art.js";

export type Window = string[][]; // [reel][row]

/** A win to draw: the cells it covers, an optional payline and a label. */
export interface WinHighlight {
  positions: [reel: number, row: number][];
  line: number | null;
  label: string;
  color: string;
}

/** What a stage shows: its shape, its symbols' art and its paylines. */
export interface ReelStageOptions {
  reels: number;
  rows: number;
  /** SVG source of each symbol, drawn in a cell of `cell` stage units. */
  art: Readonly<Record<string, string>>;
  cell: { width: number; height: number };
  /**
   * Paylines: the row on each reel (`[1, 0, 0, 0, 1]`), or the cells a line crosses
   * (`[[0, 0], [0, 1], [0, 2]]`: Gnomos Mix's upper columns and diagonals). A line that runs
   * from the first reel to the last has its badges left and right; any other (a column) above
   * and below its first and last cells. None: no line badges.
   */
  paylines: readonly (readonly number[] | readonly (readonly [reel: number, row: number])[])[];
  initial: Window;
  /** Reels after `count` of `symbol` have landed spin a little longer (a feature could complete). */
  anticipation?: { symbol: string; count: number };
  /** The frame's gradient (three stops) and the corner jewels' colour (null: none). */
  frame?: { gold: readonly [string, string, string]; corner: string | null };
}

/** The stage's drawing size and where its parts lie, in stage units. */
interface Geometry {
  reels: number;
  rows: number;
  cellW: number;
  cellH: number;
  side: number;
  top: number;
  areaW: number;
  areaH: number;
  width: number;
  height: number;
}

function geometry(o: ReelStageOptions): Geometry {
  const side = o.paylines.length > 0 ? 54 : 20; // room for line badges left and right
  const top = 26;
  const areaW = o.reels * o.cell.width;
  const areaH = o.rows * o.cell.height;
  return {
    reels: o.reels,
    rows: o.rows,
    cellW: o.cell.width,
    cellH: o.cell.height,
    side,
    top,
    areaW,
    areaH,
    width: areaW + 2 * side,
    height: areaH + 2 * top,
  };
}

/** 15 distinguishable line colours. */
export const LINE_COLORS = [
  "#ff3b3b",
  "#3bd1ff",
  "#7dff3b",
  "#ffd93b",
  "#ff3bd8",
  "#ff8c3b",
  "#3bffb4",
  "#b43bff",
  "#ffffff",
  "#3b7dff",
  "#d8ff3b",
  "#ff3b8c",
  "#3bffff",
  "#ffb43b",
  "#a0ff8c",
];

interface StopPlan {
  /** performance.now() when deceleration begins. */
  at: number;
  column: string[];
  anticipate: boolean;
}

/** One reel: a band of symbols indexed by integers; `pos` is the index shown on the top row. */
class Reel {
  readonly band = new Map<number, string>();
  pos = 0;
  phase: "idle" | "windup" | "spin" | "decel" | "bounce" | "nudge" = "idle";
  velocity = 0;
  phaseStart = 0;
  from = 0;
  target = 0;
  duration = 0;
  plan: StopPlan | null = null;
  /** The reel reaches its symbols (the stop sound), then settles at rest after the bounce. */
  onLand: (() => void) | null = null;
  onRest: (() => void) | null = null;

  constructor(
    column: string[],
    private readonly rows: number,
    private readonly filler: () => string,
  ) {
    column.forEach((s, r) => {
      this.band.set(r, s);
    });
  }

  symbolAt(index: number): string {
    let s = this.band.get(index);
    if (s === undefined) {
      s = this.filler();
      this.band.set(index, s);
    }
    return s;
  }

  /** Shows `column` at rest (no animation). */
  set(column: string[]): void {
    this.band.clear();
    this.pos = 0;
    this.phase = "idle";
    this.plan = null;
    column.forEach((s, r) => {
      this.band.set(r, s);
    });
  }

  /** The symbols on view when at rest, top to bottom. */
  column(): string[] {
    const top = Math.round(this.pos);
    return Array.from({ length: this.rows }, (_, r) => this.symbolAt(top + r));
  }

  /** Forgets band entries far from the view, so long sessions do not grow memory. */
  prune(): void {
    const top = Math.round(this.pos);
    for (const key of this.band.keys()) if (key < top - 8 || key > top + 8) this.band.delete(key);
  }
}

const easeOutQuad = (t: number) => 1 - (1 - t) * (1 - t);
const easeOutBack = (t: number) => {
  const c = 1.9;
  return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2;
};

export interface SpinTiming {
  /** Symbols per second at full speed. */
  speed: number;
  /** Minimum time the reels spin before the first stop, ms. */
  minSpin: number;
  /** Gap between reel stops, ms. */
  stagger: number;
  /** Extra time a reel spins when it could complete a feature, ms. */
  anticipation: number;
}

/** A slammed reel eases onto its symbols in this long, then settles in SLAM_BOUNCE_MS. */
const SLAM_DECEL_MS = 110;
const SLAM_BOUNCE_MS = 90;

export const NORMAL_TIMING: SpinTiming = { speed: 26, minSpin: 650, stagger: 190, anticipation: 900 };
export const QUICK_TIMING: SpinTiming = { speed: 34, minSpin: 180, stagger: 70, anticipation: 300 };

export class ReelStage {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly sharp = new Map<string, HTMLCanvasElement>();
  private readonly blurred = new Map<string, HTMLCanvasElement>();
  private readonly reels: Reel[];
  private frame = 0;
  private last = 0;
  private wins: WinHighlight[] = [];
  private winCycle = -1; // -1 = all wins together
  private winCycleAt = 0;
  private linePreview: { lines: number; until: number } | null = null;
  private enabledLines: number;
  private dimNonWinning = false;
  private spinStartedAt = 0;
  private timing: SpinTiming = NORMAL_TIMING;
  private slammed = false;
  /** Less motion: reels do not scroll, wins do not pulse, the picture changes only when it must. */
  private reduced = false;
  /** The window at rest when the spin started: a failed spin goes back to it. */
  private restWindow: Window | null = null;
  /** The win cycle drawn last (a still stage redraws only when it moves on). */
  private drawnCycle = Number.NaN;
  /** The labels drawn in the last frame, mirrored on the canvas for tests and tools. */
  private labelsKey = "";
  private anticipating = new Set<number>();
  /** Sticky cells ("reel:row" -> symbol): drawn in place over their reel, spinning or not. */
  private readonly held = new Map<string, string>();
  /** Reels covered by one expanded symbol (reel -> symbol). */
  private readonly expanded = new Map<number, string>();
  /** What the stage shows, mirrored on the canvas for tests and tools. */
  private stateKey = "";
  private onStopSound: ((reel: number) => void) | null = null;
  /** Static layers, rendered once (window, separators, frame) or on change (line badges). */
  private staticLayer: HTMLCanvasElement | null = null;
  private badgeLayer: HTMLCanvasElement | null = null;
  private badgeKey = "";
  /** Something changed since the last frame (a still stage is not redrawn). */
  private dirty = true;
  /** Frames drawn, for the 60 fps check in tests. */
  framesDrawn = 0;

  private readonly g: Geometry;
  /** Every payline as the cells it crosses, first cell first. */
  private readonly paylines: readonly (readonly (readonly [number, number])[])[];

  /**
   * Where rows `fromRow`..`fromRow + rows - 1` of `reel` are drawn, in percent of the stage's
   * box: for what a game lays over its reels (an expanding wild's column, a bought reel's mark),
   * so it never copies the stage's margins.
   */
  reelBox(reel: number, fromRow = 0, rows = this.g.rows): { left: number; top: number; width: number; height: number } {
    const { side, top, cellW, cellH, width, height } = this.g;
    return {
      left: ((side + reel * cellW) / width) * 100,
      top: ((top + fromRow * cellH) / height) * 100,
      width: (cellW / width) * 100,
      height: ((rows * cellH) / height) * 100,
    };
  }

  constructor(private readonly options: ReelStageOptions) {
    this.g = geometry(options);
    this.paylines = options.paylines.map((line) =>
      line.map((entry, reel) => (typeof entry === "number" ? ([reel, entry] as const) : entry)),
    );
    this.enabledLines = options.paylines.length;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "reel-canvas";
    const ctx = this.canvas.getContext("2d");
    if (!ctx) throw new Error("2D canvas is not available");
    this.ctx = ctx;
    // Decorative filler only: which symbol blurs past while the real result is on its way.
    const ids = Object.keys(options.art);
    const filler = () => ids[Math.floor(Math.random() * ids.length)] as string;
    this.reels = Array.from({ length: options.reels }, (_, i) => new Reel(options.initial[i] ?? [], options.rows, filler));
    this.resize();
  }

  /** Width / height of the drawing, for a container that keeps the stage's proportions. */
  get aspectRatio(): number {
    return this.g.width / this.g.height;
  }

  /** Rasterises every symbol at the device pixel ratio. */
  async load(): Promise<void> {
    const scale = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
    await Promise.all(
      Object.entries(this.options.art).map(async ([id, source]) => {
        const canvas = await rasterise(source, Math.round(this.g.cellW * scale), Math.round(this.g.cellH * scale));
        this.sharp.set(id, canvas);
        this.blurred.set(id, motionBlur(canvas));
      }),
    );
  }

  /** Matches the backing store to the displayed size and pixel ratio. */
  resize(): void {
    const scale = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
    this.canvas.width = Math.round(this.g.width * scale);
    this.canvas.height = Math.round(this.g.height * scale);
    this.ctx.setTransform(scale, 0, 0, scale, 0, 0);
    this.staticLayer = null;
    this.badgeLayer = null;
    this.badgeKey = "";
    this.dirty = true;
  }

  /** An offscreen canvas at the stage's pixel ratio, drawn by `paint` in stage units. */
  private layer(paint: (ctx: CanvasRenderingContext2D) => void, reuse?: HTMLCanvasElement | null): HTMLCanvasElement {
    const canvas = reuse ?? document.createElement("canvas");
    canvas.width = this.canvas.width;
    canvas.height = this.canvas.height;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    const scale = this.canvas.width / this.g.width;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, this.g.width, this.g.height);
    paint(ctx);
    return canvas;
  }

  start(): void {
    const loop = (now: number) => {
      this.frame = requestAnimationFrame(loop);
      const dt = this.last ? Math.min(0.05, (now - this.last) / 1000) : 0;
      this.last = now;
      this.update(now, dt);
      if (this.needsFrame(now)) {
        this.draw(now, dt);
        this.framesDrawn++;
      }
    };
    this.frame = requestAnimationFrame(loop);
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
  }

  setStopSound(callback: (reel: number) => void): void {
    this.onStopSound = callback;
  }

  /** Moving reels, pulsing wins, a glow or a line preview need frames; a still stage does not. */
  private needsFrame(now: number): boolean {
    const reelsMoving = this.reels.some((r) => r.phase !== "idle") || this.anticipating.size > 0;
    // Pulsing wins need every frame; without motion only a change of the win on view does.
    let wins = this.wins.length > 0;
    if (wins && this.reduced) {
      this.activeWins(now);
      wins = this.winCycle !== this.drawnCycle;
    }
    const preview = this.linePreview !== null && now < this.linePreview.until + 50;
    const draw = this.dirty || reelsMoving || wins || preview;
    this.dirty = false;
    return draw;
  }

  setTiming(timing: SpinTiming): void {
    this.timing = timing;
  }

  /** Honours the player's "reduce motion" preference from the next spin on. */
  setReducedMotion(reduced: boolean): void {
    this.reduced = reduced;
    this.dirty = true;
  }

  /** Number of enabled lines (badges of disabled lines are dimmed). */
  setEnabledLines(lines: number): void {
    this.enabledLines = lines;
    this.dirty = true;
  }

  /** Shows the first `lines` paylines for a moment (when the player changes lines). */
  previewLines(lines: number, ms = 1400): void {
    this.linePreview = { lines, until: performance.now() + ms };
  }

  get spinning(): boolean {
    return this.reels.some((r) => r.phase !== "idle");
  }

  /** True when every reel is winding up or at speed (ready to land). */
  get allMoving(): boolean {
    return this.reels.every((r) => r.phase === "windup" || r.phase === "spin");
  }

  /** The window on view (at rest). */
  window(): Window {
    return this.reels.map((r) => r.column());
  }

  /** Puts a window on view at once. */
  show(window: Window): void {
    this.dirty = true;
    this.reels.forEach((reel, i) => {
      reel.set(window[i] ?? reel.column());
    });
  }

  /**
   * Holds cells: each keeps its symbol in place, framed, while its reel spins underneath
   * (sticky wilds and jewels, held figures). The server's window shows them too when the
   * reel lands. Replaces the cells held before.
   */
  hold(cells: readonly { reel: number; row: number; symbol: string }[]): void {
    this.held.clear();
    for (const c of cells) this.held.set(`${c.reel}:${c.row}`, c.symbol);
    this.dirty = true;
  }

  /** Releases every held cell. */
  release(): void {
    this.held.clear();
    this.dirty = true;
  }

  /** Shows `symbol` expanded over the whole of `reel` (an expanding wild) until the next spin. */
  expand(reel: number, symbol: string): void {
    this.expanded.set(reel, symbol);
    this.dirty = true;
  }

  /**
   * Nudges a reel at rest by `steps` positions (positive: the symbols move down) onto
   * `column`, the server's new column for it. Resolves when the reel is at rest again.
   */
  nudge(reel: number, steps: number, column: readonly string[]): Promise<void> {
    const r = this.reels[reel];
    if (!r || steps === 0) return Promise.resolve();
    const from = Math.round(r.pos);
    const target = from - steps;
    column.forEach((symbol, row) => {
      r.band.set(target + row, symbol);
    });
    r.from = from;
    r.target = target;
    r.phase = "nudge";
    r.phaseStart = performance.now();
    r.duration = this.reduced ? 0 : 220 * Math.abs(steps);
    return new Promise((resolve) => {
      r.onRest = resolve;
    });
  }

  /** Starts every reel spinning (wind-up, then full speed). */
  spin(): void {
    const now = performance.now();
    if (!this.spinning) this.restWindow = this.window();
    this.clearWins();
    this.expanded.clear();
    this.slammed = false;
    this.anticipating.clear();
    this.spinStartedAt = now;
    this.reels.forEach((reel, i) => {
      reel.prune();
      reel.phase = "windup";
      reel.phaseStart = now + i * 40;
      reel.from = reel.pos;
      reel.velocity = 0;
      reel.plan = null;
    });
  }

  /**
   * Lands the reels on `window`, reel by reel. Reels after two landed scatters spin a
   * little longer (anticipation). Resolves when the last reel is at rest.
   */
  land(window: Window): Promise<void> {
    // Every reel must be moving to land: a reel still bouncing from the last stop would
    // never reach its plan (quick free spins can follow each other that closely).
    if (!this.reels.every((r) => r.phase === "windup" || r.phase === "spin")) this.spin();
    const now = performance.now();
    // A slam, or less motion, lands every reel at once, as soon as the answer is here.
    const direct = this.slammed || this.reduced;
    const first = Math.max(now, this.spinStartedAt + (direct ? 0 : this.timing.minSpin));
    let at = first;
    let scatters = 0;
    const landed = this.reels.map(
      (reel, i) =>
        new Promise<void>((resolve) => {
          const column = window[i] ?? reel.column();
          const rule = this.options.anticipation;
          const anticipate = !direct && !!rule && scatters >= rule.count;
          if (i > 0) at += direct ? 0 : this.timing.stagger + (anticipate ? this.timing.anticipation : 0);
          reel.plan = { at, column, anticipate };
          reel.onLand = () => this.onStopSound?.(i);
          // Resolved at rest, after the bounce: the picture on view is then the result.
          reel.onRest = resolve;
          scatters += column.filter((s) => s === this.options.anticipation?.symbol).length;
        }),
    );
    return Promise.all(landed).then(() => {
      // The result is on view: a later failure has nothing to take back.
      this.restWindow = null;
    });
  }

  /**
   * Slam stop: every reel lands now, in a short fixed time; a spin still waiting for its
   * answer lands the moment it arrives. Reels still winding up skip to full speed (their
   * slow start made a slam take a second), and a reel already slowing down finishes quickly.
   */
  slam(): void {
    this.slammed = true;
    const now = performance.now();
    for (const reel of this.reels) {
      if (reel.phase === "windup") {
        reel.phase = "spin";
        reel.pos = reel.from;
        reel.velocity = this.timing.speed;
      }
      if (reel.phase === "spin" && reel.plan) reel.plan.at = now;
      if (reel.phase === "decel") {
        const elapsed = now - reel.phaseStart;
        if (reel.duration - elapsed > SLAM_DECEL_MS) {
          reel.from = reel.pos;
          reel.phaseStart = now;
          reel.duration = SLAM_DECEL_MS;
        }
      }
    }
  }

  /** The spin request failed: the reels go back to the window they showed before it (no outcome was drawn). */
  abort(): void {
    if (this.restWindow) this.show(this.restWindow);
    else for (const reel of this.reels) reel.set(reel.column());
    this.restWindow = null;
    this.anticipating.clear();
    this.dirty = true;
  }

  showWins(wins: WinHighlight[], dimOthers = true): void {
    this.wins = wins;
    this.dirty = true;
    this.winCycle = -1;
    this.winCycleAt = performance.now();
    this.dimNonWinning = dimOthers && wins.length > 0;
  }

  clearWins(): void {
    this.wins = [];
    this.dirty = true;
    this.dimNonWinning = false;
  }

  private update(now: number, dt: number): void {
    for (const reel of this.reels) {
      switch (reel.phase) {
        case "idle":
          break;
        case "windup": {
          const t = (now - reel.phaseStart) / 140;
          if (t < 0) break;
          if (t >= 1) {
            reel.phase = "spin";
            reel.pos = reel.from;
          } else reel.pos = reel.from + 0.22 * Math.sin(Math.PI * t);
          break;
        }
        case "spin": {
          // Less motion: the reels stand still (dimmed) until the answer lands them.
          if (!this.reduced) {
            reel.velocity = Math.min(this.timing.speed, reel.velocity + this.timing.speed * 5 * dt);
            reel.pos -= reel.velocity * dt;
          }
          if (reel.plan && now >= reel.plan.at) this.beginDecel(reel, now);
          break;
        }
        case "decel": {
          const t = Math.min(1, (now - reel.phaseStart) / reel.duration);
          reel.pos = reel.from - (reel.from - (reel.target - 0.16)) * easeOutQuad(t);
          if (t >= 1) {
            reel.phase = "bounce";
            reel.phaseStart = now;
            reel.from = reel.pos;
            reel.onLand?.();
            reel.onLand = null;
          }
          break;
        }
        case "nudge": {
          const t = reel.duration <= 0 ? 1 : Math.min(1, (now - reel.phaseStart) / reel.duration);
          reel.pos = reel.from + (reel.target - reel.from) * easeOutBack(t);
          if (t >= 1) {
            reel.pos = reel.target;
            reel.phase = "idle";
            this.dirty = true;
            this.onStopSound?.(this.reels.indexOf(reel));
            reel.onRest?.();
            reel.onRest = null;
          }
          break;
        }
        case "bounce": {
          const t = Math.min(1, (now - reel.phaseStart) / (this.slammed ? SLAM_BOUNCE_MS : 160));
          reel.pos = reel.from + (reel.target - reel.from) * easeOutBack(t);
          if (t >= 1) {
            reel.pos = reel.target;
            reel.phase = "idle";
            reel.plan = null;
            // The frame at rest must be drawn too (a still stage is otherwise not redrawn).
            this.dirty = true;
            reel.onRest?.();
            reel.onRest = null;
          }
          break;
        }
      }
    }
  }

  /** Places the server's column a few symbols above the view and eases onto it. */
  private beginDecel(reel: Reel, now: number): void {
    const plan = reel.plan as StopPlan;
    if (this.reduced) {
      // No motion: the column is simply there.
      reel.set(plan.column);
      this.dirty = true;
      reel.onLand?.();
      reel.onRest?.();
      reel.onLand = null;
      reel.onRest = null;
      return;
    }
    const speed = Math.max(reel.velocity, 8);
    const distance = this.slammed ? 1 : Math.max(3, Math.round(speed * 0.3));
    const target = Math.floor(reel.pos) - distance;
    plan.column.forEach((s, r) => {
      reel.band.set(target + r, s);
    });
    reel.from = reel.pos;
    reel.target = target;
    // Velocity stays continuous: ease-out-quad starts at 2 x distance / duration. A slam
    // takes a short fixed time whatever the speed (a slow reel would otherwise crawl in).
    reel.duration = this.slammed ? SLAM_DECEL_MS : Math.max(120, ((2 * (reel.from - target)) / speed) * 1000);
    reel.phase = "decel";
    reel.phaseStart = now;
    this.anticipating.delete(this.reels.indexOf(reel));
    // Reels still waiting behind an anticipating stop glow while they spin.
    this.reels.forEach((r, i) => {
      if (r.plan?.anticipate && r.phase === "spin") this.anticipating.add(i);
    });
  }

  private cellX(reel: number): number {
    return this.g.side + reel * this.g.cellW;
  }

  private cellY(row: number): number {
    return this.g.top + row * this.g.cellH;
  }

  /** True when line `n` runs from the first reel to the last (badges left and right). */
  private spans(line: number): boolean {
    const cells = this.paylines[line - 1] ?? [];
    return cells[0]?.[0] === 0 && cells[cells.length - 1]?.[0] === this.g.reels - 1;
  }

  /**
   * Where line `n`'s badge sits at its `start` or end: left or right of the reels at its
   * first or last row (lines ending on the same row stacked), or, for a line that does not
   * run across (a column), above or below its first or last cell.
   */
  private badgeAt(line: number, start: boolean): [number, number] {
    const cells = this.paylines[line - 1] ?? [];
    const end = (l: readonly (readonly [number, number])[]) => (start ? l[0] : l[l.length - 1]);
    const [reel, row] = end(cells) ?? [0, 0];
    if (!this.spans(line)) {
      const x = this.cellX(reel) + this.g.cellW / 2;
      return [x, start ? this.g.top / 2 : this.g.height - this.g.top / 2];
    }
    const sameRow: number[] = [];
    this.paylines.forEach((l, i) => {
      if (this.spans(i + 1) && end(l)?.[1] === row) sameRow.push(i + 1);
    });
    const k = sameRow.indexOf(line);
    const spacing = Math.min(26, (this.g.cellH - 20) / Math.max(1, sameRow.length));
    const x = start ? this.g.side / 2 - 6 : this.g.width - this.g.side / 2 + 6;
    return [x, this.cellY(row) + this.g.cellH / 2 + (k - (sameRow.length - 1) / 2) * spacing];
  }

  private draw(now: number, _dt: number): void {
    const ctx = this.ctx;
    ctx.clearRect(0, 0, this.g.width, this.g.height);
    // The window glass, separators and frame never change: one blit.
    this.staticLayer ??= this.layer((c) => this.paintStatic(c));
    ctx.drawImage(this.staticLayer, 0, 0, this.g.width, this.g.height);

    for (const i of this.anticipating) {
      const pulse = 0.3 + 0.2 * Math.sin(now / 90);
      ctx.fillStyle = `rgba(255, 120, 210, ${pulse})`;
      ctx.fillRect(this.cellX(i), this.g.top, this.g.cellW, this.g.areaH);
    }

    // Symbols, clipped to the reel window.
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.g.side, this.g.top, this.g.areaW, this.g.areaH);
    ctx.clip();
    const winning = new Set<string>();
    const active = this.activeWins(now);
    for (const w of active) for (const [r, row] of w.positions) winning.add(`${r}:${row}`);
    this.reels.forEach((reel, i) => {
      const x = this.cellX(i);
      const top = Math.floor(reel.pos);
      const frac = reel.pos - top;
      const moving =
        reel.phase === "spin" || (reel.phase === "decel" && reel.velocity > 10 && now - reel.phaseStart < reel.duration * 0.5);
      const atRest = reel.phase === "idle";
      for (let k = frac === 0 ? 0 : -1; k <= (frac === 0 ? this.g.rows - 1 : this.g.rows); k++) {
        const index = top + k;
        const y = this.g.top + (k - frac) * this.g.cellH;
        const art = (moving ? this.blurred : this.sharp).get(reel.symbolAt(index));
        if (!art) continue;
        const row = index - Math.round(reel.pos);
        const isWin = atRest && winning.has(`${i}:${row}`);
        const waiting = this.reduced && reel.phase === "spin";
        ctx.globalAlpha = (this.dimNonWinning && atRest && !isWin) || waiting ? 0.38 : 1;
        if (isWin && !this.reduced) {
          const s = 1 + 0.05 * Math.sin(now / 110);
          ctx.drawImage(
            art,
            x + (this.g.cellW * (1 - s)) / 2,
            y + (this.g.cellH * (1 - s)) / 2,
            this.g.cellW * s,
            this.g.cellH * s,
          );
        } else ctx.drawImage(art, x, y, this.g.cellW, this.g.cellH);
      }
    });
    ctx.globalAlpha = 1;
    this.drawExpanded();
    this.drawHeld();
    ctx.restore();

    this.drawBadges(now, active);
    this.drawWins(active);
    this.drawLinePreview(now);
    this.drawnCycle = this.winCycle;
    this.mirror();
  }

  /** Expanded symbols: one tall picture over the whole reel, on the reel's glass. */
  private drawExpanded(): void {
    const ctx = this.ctx;
    for (const [reel, symbol] of this.expanded) {
      const r = this.reels[reel];
      const art = this.sharp.get(symbol);
      if (r?.phase !== "idle" || !art) continue;
      const x = this.cellX(reel);
      ctx.fillStyle = "#06284f"; // opaque: nothing of the reel beneath shows through
      ctx.fillRect(x, this.g.top, this.g.cellW, this.g.areaH);
      const scale = Math.min(this.g.cellW / art.width, this.g.areaH / art.height) * 1.6;
      const w = Math.min(this.g.cellW, art.width * scale);
      const h = Math.min(this.g.areaH, art.height * scale);
      ctx.drawImage(art, x + (this.g.cellW - w) / 2, this.g.top + (this.g.areaH - h) / 2, w, h);
      ctx.strokeStyle = "#ffe27a";
      ctx.lineWidth = 6;
      roundRect(ctx, x + 4, this.g.top + 4, this.g.cellW - 8, this.g.areaH - 8, 16);
      ctx.stroke();
    }
  }

  /** Held cells: their symbol in place, framed, whatever the reel under them does. */
  private drawHeld(): void {
    const ctx = this.ctx;
    for (const [key, symbol] of this.held) {
      const [reel, row] = key.split(":").map(Number) as [number, number];
      const art = this.sharp.get(symbol);
      if (!art) continue;
      const x = this.cellX(reel);
      const y = this.cellY(row);
      ctx.fillStyle = "#06284f"; // opaque: nothing of the reel beneath shows through
      ctx.fillRect(x, y, this.g.cellW, this.g.cellH);
      ctx.drawImage(art, x, y, this.g.cellW, this.g.cellH);
      ctx.strokeStyle = "#7df9ff";
      ctx.lineWidth = 5;
      roundRect(ctx, x + 5, y + 5, this.g.cellW - 10, this.g.cellH - 10, 12);
      ctx.stroke();
    }
  }

  /** Mirrors what is on view (window at rest, held cells, expanded reels) on the canvas. */
  private mirror(): void {
    const atRest = !this.spinning;
    const state = JSON.stringify({
      window: atRest ? this.window() : null,
      held: [...this.held.entries()].sort(),
      expanded: [...this.expanded.entries()].sort(),
      // The wins on view as their labels say them (an amount, a multiplier): readable without the canvas.
      wins: this.wins.map((w) => ({ line: w.line, label: w.label })),
    });
    if (state === this.stateKey) return;
    this.stateKey = state;
    this.canvas.dataset.state = state;
  }

  /** Window glass per reel, separators and the golden frame with pearls (drawn once). */
  private paintStatic(ctx: CanvasRenderingContext2D): void {
    // A soft shadow under the whole cabinet (blurred once, here, never per frame).
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.55)";
    ctx.shadowBlur = 24;
    ctx.shadowOffsetY = 10;
    ctx.fillStyle = "#03162f";
    roundRect(ctx, this.g.side - 12, this.g.top - 12, this.g.areaW + 24, this.g.areaH + 24, 24);
    ctx.fill();
    ctx.restore();
    const g = ctx.createLinearGradient(0, this.g.top, 0, this.g.top + this.g.areaH);
    g.addColorStop(0, "rgba(4, 30, 66, 0.94)");
    g.addColorStop(0.5, "rgba(10, 58, 110, 0.86)");
    g.addColorStop(1, "rgba(4, 30, 66, 0.94)");
    ctx.fillStyle = g;
    ctx.fillRect(this.g.side, this.g.top, this.g.areaW, this.g.areaH);
    ctx.strokeStyle = "rgba(120, 200, 255, 0.25)";
    ctx.lineWidth = 2;
    for (let i = 1; i < this.g.reels; i++) {
      ctx.beginPath();
      ctx.moveTo(this.cellX(i), this.g.top + 6);
      ctx.lineTo(this.cellX(i), this.g.top + this.g.areaH - 6);
      ctx.stroke();
    }
    this.drawFrame(ctx);
  }

  /** The wins on view now: all together first, then one at a time. */
  private activeWins(now: number): WinHighlight[] {
    if (this.wins.length === 0) return [];
    const elapsed = now - this.winCycleAt;
    if (this.winCycle === -1) {
      if (elapsed < 1600 || this.wins.length === 1) return this.wins;
      this.winCycle = 0;
      this.winCycleAt = now;
    } else if (elapsed > 1300) {
      this.winCycle = (this.winCycle + 1) % (this.wins.length + 1);
      if (this.winCycle === this.wins.length) this.winCycle = -1;
      this.winCycleAt = now;
      if (this.winCycle === -1) return this.wins;
    }
    const w = this.wins[this.winCycle];
    return w ? [w] : this.wins;
  }

  private drawFrame(ctx: CanvasRenderingContext2D): void {
    const x = this.g.side - 10;
    const y = this.g.top - 10;
    const w = this.g.areaW + 20;
    const h = this.g.areaH + 20;
    const [light, mid, dark] = this.options.frame?.gold ?? ["#fff1a8", "#e7b231", "#a0660a"];
    const gold = ctx.createLinearGradient(0, y, 0, y + h);
    gold.addColorStop(0, light);
    gold.addColorStop(0.25, mid);
    gold.addColorStop(0.5, dark);
    gold.addColorStop(0.75, mid);
    gold.addColorStop(1, light);
    ctx.lineWidth = 12;
    ctx.strokeStyle = gold;
    roundRect(ctx, x, y, w, h, 22);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "rgba(60, 30, 0, 0.8)";
    roundRect(ctx, x + 7, y + 7, w - 14, h - 14, 16);
    ctx.stroke();
    const corner = this.options.frame ? this.options.frame.corner : "#b7a6d6";
    if (!corner) return;
    // Jewels at the corners.
    for (const [px, py] of [
      [x, y],
      [x + w, y],
      [x, y + h],
      [x + w, y + h],
    ] as const) {
      const g = ctx.createRadialGradient(px - 3, py - 3, 1, px, py, 12);
      g.addColorStop(0, "#ffffff");
      g.addColorStop(1, corner);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(px, py, 11, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  private drawBadges(now: number, active: WinHighlight[]): void {
    const lit = new Set(active.map((w) => w.line).filter((l): l is number => l !== null));
    const preview = this.linePreview && now < this.linePreview.until ? this.linePreview.lines : 0;
    const key = `${this.enabledLines}|${preview}|${[...lit].join(",")}`;
    if (key !== this.badgeKey || !this.badgeLayer) {
      this.badgeKey = key;
      this.badgeLayer = this.layer((ctx) => this.paintBadges(ctx, lit, preview), this.badgeLayer);
    }
    this.ctx.drawImage(this.badgeLayer, 0, 0, this.g.width, this.g.height);
  }

  /** Line number badges left and right; lit when their line wins or is previewed, dim when disabled. */
  private paintBadges(ctx: CanvasRenderingContext2D, lit: Set<number>, preview: number): void {
    ctx.font = "bold 13px 'DejaVu Sans', Arial, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (let line = 1; line <= this.paylines.length; line++) {
      const enabled = line <= this.enabledLines;
      for (const start of [true, false]) {
        const [bx, by] = this.badgeAt(line, start);
        const color = LINE_COLORS[(line - 1) % LINE_COLORS.length] as string;
        const on = lit.has(line) || line <= preview;
        ctx.globalAlpha = enabled ? 1 : 0.3;
        ctx.fillStyle = on ? color : "rgba(5, 25, 55, 0.9)";
        ctx.strokeStyle = color;
        ctx.lineWidth = 2;
        roundRect(ctx, bx - 14, by - 11, 28, 22, 7);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = on ? "#04122a" : "#ffffff";
        ctx.fillText(String(line), bx, by + 1);
      }
    }
    ctx.globalAlpha = 1;
  }

  private linePoints(line: number): [number, number][] {
    const cells = this.paylines[line - 1] ?? [];
    const across = this.spans(line);
    // From the badge at the start to the one at the end: beside the reels (14 units nearer), or above and below a column.
    const [sx, sy] = this.badgeAt(line, true);
    const [ex, ey] = this.badgeAt(line, false);
    const points: [number, number][] = [across ? [sx + 14, sy] : [sx, sy + 11]];
    for (const [reel, row] of cells) points.push([this.cellX(reel) + this.g.cellW / 2, this.cellY(row) + this.g.cellH / 2]);
    points.push(across ? [ex - 14, ey] : [ex, ey - 11]);
    return points;
  }

  private strokeLine(line: number, color: string, width: number): void {
    const ctx = this.ctx;
    const points = this.linePoints(line);
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.beginPath();
    points.forEach(([x, y], i) => {
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.strokeStyle = "rgba(0, 0, 0, 0.55)";
    ctx.lineWidth = width + 4;
    ctx.stroke();
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
  }

  private drawWins(active: WinHighlight[]): void {
    const ctx = this.ctx;
    for (const w of active) {
      if (w.line !== null) this.strokeLine(w.line, w.color, 5);
      for (const [reel, row] of w.positions) {
        // A soft wide stroke under a crisp one: a glow without shadowBlur's cost.
        roundRect(ctx, this.cellX(reel) + 6, this.cellY(row) + 6, this.g.cellW - 12, this.g.cellH - 12, 14);
        ctx.strokeStyle = w.color;
        ctx.globalAlpha = 0.35;
        ctx.lineWidth = 14;
        ctx.stroke();
        ctx.globalAlpha = 1;
        ctx.lineWidth = 5;
        ctx.stroke();
      }
    }
    // Each win's amount next to one of its symbols: the last one, or an earlier one where
    // another label already sits (many lines often end on the same cell).
    ctx.font = "bold 26px 'DejaVu Sans', Arial, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const placed: { x: number; y: number; w: number }[] = [];
    const drawn: string[] = [];
    for (const w of active) {
      if (!w.label || w.positions.length === 0) continue;
      const width = ctx.measureText(w.label).width + 28;
      const spots = [...w.positions].reverse().flatMap(([reel, row]) =>
        [this.g.cellH - 26, this.g.cellH / 2, 26].map((dy) => ({
          x: this.cellX(reel) + this.g.cellW / 2,
          y: this.cellY(row) + dy,
        })),
      );
      const free = spots.find((p) => placed.every((q) => Math.abs(p.x - q.x) * 2 >= width + q.w || Math.abs(p.y - q.y) >= 40));
      const { x: cx, y: cy } = free ?? (spots[0] as { x: number; y: number });
      placed.push({ x: cx, y: cy, w: width });
      drawn.push(w.label);
      ctx.fillStyle = "rgba(3, 14, 36, 0.88)";
      ctx.strokeStyle = w.color;
      ctx.lineWidth = 3;
      roundRect(ctx, cx - width / 2, cy - 19, width, 38, 19);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = "#fff6c8";
      ctx.fillText(w.label, cx, cy + 1);
    }
    const key = JSON.stringify(drawn);
    if (key !== this.labelsKey) {
      this.labelsKey = key;
      this.canvas.dataset.labels = key;
    }
  }

  private drawLinePreview(now: number): void {
    if (!this.linePreview || now >= this.linePreview.until) return;
    for (let line = 1; line <= this.linePreview.lines; line++) {
      this.strokeLine(line, LINE_COLORS[(line - 1) % LINE_COLORS.length] as string, 3);
    }
  }
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
