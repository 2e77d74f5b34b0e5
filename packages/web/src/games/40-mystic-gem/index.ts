/**
 * 40 Mystic Gem's stage: five reels of four under a night sky, 40 fixed lines, the expanding
 * WILD (reels 2–4) growing over its reel, the bought WILDs (BUY BONUS) shown on their reels
 * from the moment the answer names them and marked BOUGHT, line and scatter wins drawn with
 * their amounts and listed in the Winning Line Field below the reels, and the Fold (double
 * up) when the server offers it. It plays back the server's typed events (MysticEvent) and
 * holds no maths: windows, wins, the bought reels and every card come from the steps.
 * Jackpot Cards, Bonus Spin Mode (operator free rounds), the Buy Bonus panel, the jackpot
 * ticker, autoplay and history are the shell's.
 */
// Types only (erased from the bundle): the events and decisions the server sends for this game.

import type { MysticAction, MysticAwaiting, MysticEvent } from "@reelhouse/games";
import type { OpenRound } from "@reelhouse/protocol";
import { dispatch, type EventHandlers, narrow, narrowOne, playEvents, tagsOf } from "../../shell/events.js";
import type { DoubleTable } from "../../shell/kit/double-table.js";
import { ReelGameView, type ReelStepRun, reelStageFor } from "../../shell/kit/reel-game-view.js";
import type { ReelStage, Window } from "../../shell/kit/reel-stage.js";
import type { BetChoice, GameContext, GameView, GameViewFactory, PlayableStep, PlayOptions } from "../../shell/types.js";
import { BACKGROUND_SVG, CELL_H, CELL_W, FRAME, SYMBOL_ART } from "./art.js";
import { createFold } from "./fold.js";
import { field, foldCap, mysticPaytable, mysticRules } from "./help.js";
import { type FieldEntry, LineField } from "./line-field.js";
import { WildOverlays } from "./wilds.js";
import "./mystic-gem.css";

const WILD = "WILD";
const SCATTER_COLORS: Readonly<Record<string, string>> = { MOON: "#fff3a0", STAR: "#ffb84a" };

/** Every event and awaiting tag of the game: the compiler checks both lists are complete. */
const EVENT_TAGS = tagsOf<MysticEvent>({
  spin: true,
  wildsExpanded: true,
  lineWin: true,
  scatterWin: true,
  spinEnded: true,
  gambleCard: true,
  gambleResult: true,
  gambleStrip: true,
  gambleEnded: true,
  roundEnded: true,
});
const AWAITING_TAGS = tagsOf<MysticAwaiting>({ gamble: true });

/** A step being played: the shared reel run and the Winning Line Field's entries. */
interface MysticRun extends ReelStepRun {
  entries: FieldEntry[];
}

/** What a resumed round's past events leave on the stage. */
interface RestoreRun {
  window: Window | null;
  bought: number[];
  expanded: number[];
  entries: FieldEntry[];
}

/** What the live game showed, kept while a replay is on the stage. */
interface Saved {
  marks: { reel: number; bought: boolean }[];
}

/** "reel 2", "reels 2 and 4", "reels 2, 3 and 4" (0-based in, 1-based out). */
function reelWords(reels: readonly number[]): string {
  const n = reels.map((r) => String(r + 1));
  if (n.length <= 1) return `reel ${n[0] ?? ""}`;
  return `reels ${n.slice(0, -1).join(", ")} and ${n[n.length - 1]}`;
}

class MysticGemView extends ReelGameView<Saved> implements GameView {
  private readonly fold: DoubleTable<MysticAction>;
  private readonly field: LineField;
  private readonly wilds: WildOverlays;
  /** Reels 2–4 (0-based), where WILDs land and are bought. */
  private readonly wildReels: number[];
  /** How many WILDs each buy mode places (a mode placing one on every wild reel is known before the answer). */
  private readonly modeWilds: ReadonlyMap<string, number>;
  private readonly cap: number | null;

  constructor(ctx: GameContext, stage: ReelStage) {
    super(ctx, stage, {
      className: "mg-stage",
      gameId: "40-mystic-gem",
      backgroundSvg: BACKGROUND_SVG,
      logo: {
        className: "mg-logo",
        label: "40 Mystic Gem",
        html: '<span class="mg-logo-40">40</span><span class="mg-logo-name">MYSTIC GEM</span>',
      },
      counterTest: "fs-counter",
    });
    const { description } = ctx;
    const wild = field(description, "wild");
    const reels = field(wild, "reels");
    this.wildReels = Array.isArray(reels) ? reels.filter((r): r is number => typeof r === "number").map((r) => r - 1) : [1, 2, 3];
    const buy = field(description.features, "buyBonus");
    this.modeWilds = new Map(
      (Array.isArray(buy) ? buy : []).flatMap((m: unknown) => {
        const id = field(m, "id");
        const wilds = field(m, "wilds");
        return typeof id === "string" && typeof wilds === "number" ? [[id, wilds] as const] : [];
      }),
    );
    this.cap = foldCap(description);
    const fold = field(description.features, "fold");
    const shown = Number(field(fold, "cardsShown"));
    this.fold = createFold(ctx.money, ctx.pause, Number.isInteger(shown) && shown > 0 ? shown : 5);
    this.field = new LineField(`${description.lines.length} LINES · GOOD LUCK`);
    this.wilds = new WildOverlays(stage);
    this.element.querySelector(".game-reels")?.append(this.wilds.element);
    // Under the reels: the Winning Line Field, and beside it the Fold's offer when a win may be doubled up.
    const under = document.createElement("div");
    under.className = "mg-under";
    under.append(this.field.element, this.fold.offer);
    this.element.querySelector(".game-reels")?.after(under);
    this.element.append(this.fold.table);
  }

  override startSpin(options: PlayOptions): void {
    super.startSpin(options);
    this.wilds.clear();
    this.field.clear("");
    // A mode that buys a WILD on every wild reel shows them from the press: nothing is left to draw there.
    const mode = this.ctx.bet().mode;
    if (!options.replay && mode && this.modeWilds.get(mode) === this.wildReels.length) this.holdWild(this.wildReels);
  }

  async play(step: PlayableStep, options: PlayOptions): Promise<void> {
    const run: MysticRun = { step, options, wins: [], features: [], entries: [] };
    await playEvents(this.handlers, narrow(EVENT_TAGS, step.events), run);
  }

  /** Holds every cell of `reels` as WILD while the other reels spin (bought WILDs). */
  private holdWild(reels: readonly number[]): void {
    const rows = this.ctx.description.rows;
    this.stage.hold(reels.flatMap((reel) => Array.from({ length: rows }, (_, row) => ({ reel, row, symbol: WILD }))));
  }

  /** How each event of a step is shown (one handler per event type). */
  private readonly handlers: EventHandlers<MysticEvent, MysticRun> = {
    spin: async (event, run) => {
      this.wilds.clear();
      if (event.bought.length > 0) {
        // Bought: WILD on those reels from now on, whatever the others still do.
        this.holdWild(event.bought);
        this.ctx.say(`Bought WILD on ${reelWords(event.bought)}.`);
      }
      await this.landSpin(event.window, run.options);
      this.stage.release();
      for (const reel of event.bought) this.wilds.mark(reel, true);
    },
    wildsExpanded: async (event, run) => {
      const window = this.stage.window();
      if (!run.options.replay) this.ctx.sound.play("feature");
      this.ctx.say(`The WILD expands over ${reelWords(event.reels)}.`);
      await Promise.all(
        event.reels.map((reel) =>
          this.wilds.grow(
            reel,
            Math.max(0, window[reel]?.indexOf(WILD) ?? 0),
            this.ctx.description.rows,
            run.options,
            this.ctx.pause,
          ),
        ),
      );
      this.stage.show(event.window);
      for (const reel of event.reels) this.wilds.mark(reel, false);
    },
    lineWin: (event, run) => {
      const amount = this.ctx.money(event.amount);
      run.wins.push(this.lineWin({ positions: event.positions, line: event.line, multiplier: 1 }, amount));
      const what = `${event.count} × ${this.symbolName(event.symbol)}`;
      run.entries.push({ line: event.line, what, amount });
      this.ctx.say(`Line ${event.line}: ${what} pay ${amount}.`);
    },
    scatterWin: (event, run) => {
      const amount = this.ctx.money(event.amount);
      run.wins.push({ positions: event.positions, line: null, label: amount, color: SCATTER_COLORS[event.symbol] ?? "#fff3a0" });
      const what = `${event.count} × ${this.symbolName(event.symbol)}`;
      run.entries.push({ line: null, what, amount });
      this.ctx.say(`${what} scatter pay ${amount}.`);
    },
    spinEnded: async (event, run) => {
      if (run.entries.length > 0) this.field.show(run.entries);
      else this.field.clear("NO WIN");
      // The operator's cap: a larger win is collected at once.
      if (event.win > 0 && run.step.awaiting === null && this.cap !== null && event.win > this.cap) {
        const note = `NO DOUBLE UP: WIN ABOVE ${this.ctx.money(this.cap)}`;
        this.field.setNote(note);
        this.field.element.dataset.fold = "refused";
        this.ctx.say(`Wins above ${this.ctx.money(this.cap)} cannot be doubled up.`);
      } else delete this.field.element.dataset.fold;
      await this.showStepWins(run);
    },
    gambleCard: (event) => this.fold.cardShown(event.card),
    gambleResult: (event, run) => {
      this.fold.result(event.won, event.stake, event.amount, run.options);
      this.ctx.say(event.won ? `Right: ${this.ctx.money(event.amount)} at stake.` : "Wrong colour: the win is lost.");
      if (!run.options.replay) this.ctx.sound.play(event.won ? "win" : "error");
    },
    gambleStrip: (event) => this.fold.strip(event.cards),
    gambleEnded: async (event, run) => {
      await this.fold.ended(event, run.options);
      if (event.reason === "lost") this.field.clear("DOUBLE UP LOST");
    },
    roundEnded: () => {},
  };

  async decide(awaiting: unknown, _options: PlayOptions): Promise<MysticAction> {
    const a = narrowOne(AWAITING_TAGS, awaiting);
    if (!a) throw new Error("40 Mystic Gem: the round awaits a decision this client does not know");
    return this.fold.decide(a);
  }

  /** What each past event leaves on the stage when a round resumes (one handler per event type). */
  private readonly restoreHandlers: EventHandlers<MysticEvent, RestoreRun> = {
    spin: (event, r) => {
      r.window = event.window;
      r.bought = [...event.bought];
    },
    wildsExpanded: (event, r) => {
      r.window = event.window;
      r.expanded = [...event.reels];
    },
    lineWin: (event, r) => {
      r.entries.push({
        line: event.line,
        what: `${event.count} × ${this.symbolName(event.symbol)}`,
        amount: this.ctx.money(event.amount),
      });
    },
    scatterWin: (event, r) => {
      r.entries.push({
        line: null,
        what: `${event.count} × ${this.symbolName(event.symbol)}`,
        amount: this.ctx.money(event.amount),
      });
    },
    // Cards and endings leave nothing to redraw: the open round's awaiting says the rest.
    spinEnded: () => {},
    gambleCard: () => {},
    gambleResult: () => {},
    gambleStrip: () => {},
    gambleEnded: () => {},
    roundEnded: () => {},
  };

  restore(round: OpenRound): void {
    const r: RestoreRun = { window: null, bought: [], expanded: [], entries: [] };
    for (const step of round.steps) {
      for (const event of narrow(EVENT_TAGS, step.events)) void dispatch(this.restoreHandlers, event, r);
    }
    if (r.window) this.stage.show(r.window);
    this.wilds.clear();
    for (const reel of r.bought) this.wilds.mark(reel, true);
    for (const reel of r.expanded) this.wilds.mark(reel, false);
    if (r.entries.length > 0) this.field.show(r.entries);
  }

  protected override closeFeatures(): void {
    this.fold.close();
  }

  protected replayState(): Saved {
    return { marks: this.wilds.marked() };
  }

  protected restoreReplayState(saved: Saved): void {
    this.wilds.clear();
    for (const m of saved.marks) this.wilds.mark(m.reel, m.bought);
    this.field.clear();
  }

  override enterReplay(): void {
    super.enterReplay();
    this.wilds.clear();
    this.field.clear("");
  }

  /** No free spins in this game: nothing to end. */
  protected endFreeSpins(): void {}

  paytable(choice: BetChoice): HTMLElement {
    return mysticPaytable(this.ctx, choice);
  }

  rules(): HTMLElement {
    return mysticRules(this.ctx.description);
  }

  override destroy(): void {
    this.field.destroy();
    super.destroy();
  }
}

/** Builds the 40 Mystic Gem view: rasterises the art, then hands the stage to the shell. */
export const createView: GameViewFactory = async (ctx) => {
  const initial: Window = [
    ["RUBY", "CROWN", "MOON", "OPAL"],
    ["TOPAZ", "WILD", "EMERALD", "SAPPHIRE"],
    ["STAR", "DIAMOND", "AMETHYST", "RUBY"],
    ["EMERALD", "OPAL", "CROWN", "TOPAZ"],
    ["SAPPHIRE", "MOON", "DIAMOND", "AMETHYST"],
  ];
  // Two Full Moons down: the reels after them could bring a scatter pay.
  const stage = reelStageFor(ctx.description, {
    art: SYMBOL_ART,
    cell: { width: CELL_W, height: CELL_H },
    initial,
    scatter: "MOON",
    frame: FRAME,
  });
  await stage.load();
  return new MysticGemView(ctx, stage);
};
