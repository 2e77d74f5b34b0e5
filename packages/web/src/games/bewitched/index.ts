/**
 * Bewitched's stage and feature screens: five reels of three in an enchanted forest at night,
 * the witch battle on every scatter win (the player's witch wins), Merlin's vial shelf, free
 * spins with line wins x2 and retriggers queued, and the double (red heart or black spade).
 * It plays back the server's typed events (BewitchedEvent) and holds no maths: windows, wins,
 * Merlin's prize and every card come from the steps it is given, each only once revealed.
 */
// Types only (erased from the bundle): the events and decisions the server sends for this game.

import type { BewitchedAction, BewitchedAwaiting, BewitchedEvent } from "@reelhouse/games";
import type { OpenRound } from "@reelhouse/protocol";
import { dispatch, type EventHandlers, narrow, narrowOne, playEvents, tagsOf } from "../../shell/events.js";
import { svgUrl } from "../../shell/kit/art.js";
import type { DoubleTable } from "../../shell/kit/double-table.js";
import { ReelGameView, type ReelStepRun, reelStageFor } from "../../shell/kit/reel-game-view.js";
import type { ReelStage, Window } from "../../shell/kit/reel-stage.js";
import type { BetChoice, GameContext, GameView, GameViewFactory, PlayableStep, PlayOptions } from "../../shell/types.js";
import { BACKGROUND_SVG, CELL_H, CELL_W, FRAME, SYMBOL_ART } from "./art.js";
import { WitchBattle } from "./battle.js";
import { createDouble } from "./double.js";
import { FreeSpinSeries } from "./free-spins.js";
import { bewitchedPaytable, bewitchedRules } from "./help.js";
import { ingredient, type OpenedVial, VialShelf } from "./vials.js";
import { WitchChoice } from "./witch.js";
import "./bewitched.css";

const SCATTER = "WITCH";

/** Every event and awaiting tag of the game: the compiler checks both lists are complete. */
const EVENT_TAGS = tagsOf<BewitchedEvent>({
  spin: true,
  lineWin: true,
  witchBattle: true,
  freeSpinsTriggered: true,
  merlinTriggered: true,
  vialOpened: true,
  merlinPrize: true,
  jackpotWon: true,
  freeSpinStarted: true,
  spinEnded: true,
  freeSpinsEnded: true,
  gambleCard: true,
  gambleResult: true,
  gambleStrip: true,
  gambleEnded: true,
  roundEnded: true,
});
const AWAITING_TAGS = tagsOf<BewitchedAwaiting>({ vial: true, freeSpin: true, gamble: true, platform: true });

type MerlinPrize = Extract<BewitchedEvent, { type: "merlinPrize" }>;

/** What a resumed round's past events leave on the stage. */
interface RestoreRun {
  window: Window | null;
  series: FreeSpinSeries;
  shelf: { vials: number; opened: OpenedVial[] } | null;
}

class BewitchedView extends ReelGameView<FreeSpinSeries> implements GameView {
  private readonly battle: WitchBattle;
  private readonly shelf: VialShelf;
  private readonly double: DoubleTable<BewitchedAction>;
  private readonly companion: HTMLElement;
  private series = new FreeSpinSeries();
  /** Merlin came: the shelf opens when the round awaits its first vial. */
  private pendingShelf: { vials: number; picks: number } | null = null;

  constructor(
    ctx: GameContext,
    stage: ReelStage,
    private readonly witches: WitchChoice,
  ) {
    super(ctx, stage, {
      className: "bw-stage",
      gameId: "bewitched",
      backgroundSvg: BACKGROUND_SVG,
      logo: { className: "bw-logo", label: "Bewitched", html: "<span>BEWITCHED</span>" },
      counterTest: "fs-counter",
    });
    this.counter.classList.add("bw-counter");
    this.counter.setAttribute("aria-live", "polite");
    this.battle = new WitchBattle(ctx.pause);
    this.shelf = new VialShelf(ctx.money);
    const double = ctx.description.features.double;
    const cards = typeof double === "object" && double && "cardsShown" in double ? Number(double.cardsShown) : 5;
    this.double = createDouble(ctx.money, ctx.pause, Number.isInteger(cards) && cards > 0 ? cards : 5);
    this.companion = document.createElement("div");
    this.companion.className = "bw-companion";
    this.companion.dataset.test = "witch-companion";
    this.companion.setAttribute("role", "img");
    this.element.append(this.companion, this.battle.element, this.shelf.element, this.double.table, this.double.offer);
    witches.follow((witch) => {
      this.companion.dataset.witch = witch.id;
      this.companion.setAttribute("aria-label", `Your witch: ${witch.name}`);
      this.companion.innerHTML = `<img alt="" src="${svgUrl(witch.art)}"><span>${witch.name}</span>`;
    });
  }

  async play(step: PlayableStep, options: PlayOptions): Promise<void> {
    const run: ReelStepRun = { step, options, wins: [], features: [] };
    await playEvents(this.handlers, narrow(EVENT_TAGS, step.events), run);
    // A step without a spin (a vial) shows what it started once its events are played.
    for (const feature of run.features.splice(0)) await feature();
  }

  /** How each event of a step is shown (one handler per event type). */
  private readonly handlers: EventHandlers<BewitchedEvent, ReelStepRun> = {
    freeSpinStarted: (event) => {
      this.series.spinStarted(event.spin, event.of);
      this.element.classList.add("free");
      this.updateCounter();
    },
    spin: (event, run) => this.landSpin(event.window, run.options),
    lineWin: (event, run) => {
      const amount = this.ctx.money(event.amount);
      run.wins.push(this.lineWin(event, amount));
      const doubled = event.multiplier > 1 ? ` (doubled in free spins)` : "";
      this.ctx.say(`Line ${event.line}: ${event.count} ${this.symbolName(event.symbol)} pay ${amount}${doubled}.`);
    },
    witchBattle: (event, run) => {
      const amount = this.ctx.money(event.amount);
      const witch = this.witches.witch;
      run.wins.push({ positions: event.positions, line: null, label: amount, color: witch.magic });
      this.ctx.say(`${event.count} Witches: ${witch.name} battles her rival and wins. The battle pays ${amount}.`);
      run.features.push(async () => {
        if (!run.options.replay) this.ctx.sound.play("scatter");
        await this.battle.play(witch, `${event.count} Witches pay ${event.multiplier}× the bet: ${amount}`, run.options);
      });
    },
    freeSpinsTriggered: (event, run) => {
      run.features.push(async () => {
        const before = this.series.started;
        this.series.award(event.awarded, event.total);
        this.updateCounter();
        const text = event.retrigger ? `+${event.awarded} FREE SPINS` : `${event.awarded} FREE SPINS`;
        this.ctx.say(
          event.retrigger ? `${event.awarded} more free spins, played after the spins already won.` : `${text.toLowerCase()}.`,
        );
        // Merlin's free spins were just shown on his card; a battle's are flashed.
        if (event.by === "battle") {
          this.ctx.sound.play("feature");
          await this.flash(text, run.options);
        }
        if (!run.options.replay && !before) this.freeSpinGate = "intro";
      });
    },
    merlinTriggered: (event, run) => {
      run.features.push(async () => {
        this.stage.showWins([{ positions: event.positions, line: null, label: "", color: "#7ab0ff" }]);
        this.ctx.sound.play("feature");
        this.ctx.say(`Merlin's bonus: open three of ${event.vials} vials to reveal his gift.`);
        await this.flash("MERLIN'S BONUS", run.options);
        this.pendingShelf = { vials: event.vials, picks: 3 };
        if (run.options.replay) this.openShelf();
      });
    },
    vialOpened: async (event, run) => {
      if (!this.shelf.isOpen) this.openShelf();
      this.shelf.reveal({ vial: event.vial, ingredient: event.ingredient });
      this.ctx.say(`Vial ${event.vial + 1}: ${ingredient(event.ingredient).name}.`);
      if (!run.options.replay) this.ctx.sound.play("pick");
      await this.ctx.pause(run.options.quick ? 250 : 600);
    },
    merlinPrize: async (event, run) => {
      if (!this.shelf.isOpen) this.openShelf();
      const { title, html, sentence } = this.prizeWords(event);
      this.shelf.combined(html);
      this.series.won(event.amount);
      this.updateCounter();
      this.ctx.say(sentence);
      this.ctx.sound.play(event.prize.kind === "jackpot" ? "bigWin" : "coins");
      await this.overlays.card({
        title,
        html,
        button: event.prize.kind === "freeSpins" ? "CONTINUE" : "COLLECT",
        // A jackpot waits for the player; the other gifts go on by themselves.
        autoCloseMs: run.options.replay ? 1500 : event.prize.kind === "jackpot" ? 0 : 5000,
        test: "merlin-prize",
      });
      this.shelf.close();
      this.pendingShelf = null;
    },
    jackpotWon: (event) => {
      this.ctx.say(`Progressive jackpot of the ${this.ctx.money(event.coinValue)} coin won: ${this.ctx.money(event.amount)}.`);
    },
    spinEnded: async (event, run) => {
      this.series.won(event.win);
      this.updateCounter();
      await this.showStepWins(run);
    },
    freeSpinsEnded: async (event, run) => {
      this.ctx.say(`Free spins complete: ${this.ctx.money(event.win)} in ${event.freeSpins} free spins.`);
      this.ctx.sound.play(event.win > 0 ? "bigWin" : "click");
      await this.overlays.card({
        title: "FREE SPINS COMPLETE",
        html: `You won <b data-test="fs-total">${this.ctx.money(event.win)}</b> in ${event.freeSpins} free spins.`,
        button: "COLLECT",
        autoCloseMs: run.options.replay ? 1500 : 4000,
        test: "fs-outro",
      });
      this.endFreeSpins();
    },
    gambleCard: (event) => this.double.cardShown(event.card),
    gambleResult: (event, run) => {
      this.double.result(event.won, event.stake, event.amount, run.options);
      this.ctx.say(event.won ? `Right: ${this.ctx.money(event.amount)} at stake.` : "Wrong colour: the win is lost.");
      if (!run.options.replay) this.ctx.sound.play(event.won ? "win" : "error");
    },
    gambleStrip: (event) => this.double.strip(event.cards),
    gambleEnded: async (event, run) => {
      await this.double.ended(event, run.options);
    },
    roundEnded: () => {
      this.endFreeSpins();
    },
  };

  async decide(awaiting: unknown, options: PlayOptions): Promise<BewitchedAction> {
    const a = narrowOne(AWAITING_TAGS, awaiting);
    if (!a || a.type === "platform") throw new Error("Bewitched: the round awaits a decision this client does not know");
    if (a.type === "vial") {
      if (!this.shelf.isOpen) this.openShelf(a.opened);
      return { type: "vial", vial: await this.shelf.pick() };
    }
    if (a.type === "gamble") return this.double.decide(a);
    this.series.awaiting(a.played, a.awarded);
    this.element.classList.add("free");
    this.updateCounter();
    await this.freeSpinWait(options, (gate) => this.intro(gate));
    return { type: "freeSpin" };
  }

  /** What each past event leaves on the stage when a round resumes (one handler per event type). */
  private readonly restoreHandlers: EventHandlers<BewitchedEvent, RestoreRun> = {
    spin: (event, r) => {
      r.window = event.window;
    },
    freeSpinsTriggered: (event, r) => r.series.award(event.awarded, event.total),
    freeSpinStarted: (event, r) => r.series.spinStarted(event.spin, event.of),
    spinEnded: (event, r) => r.series.won(event.win),
    merlinTriggered: (event, r) => {
      r.shelf = { vials: event.vials, opened: [] };
    },
    vialOpened: (event, r) => {
      r.shelf?.opened.push({ vial: event.vial, ingredient: event.ingredient });
    },
    merlinPrize: (event, r) => {
      r.shelf = null;
      r.series.won(event.amount);
    },
    // A double after free spins: the series is over.
    freeSpinsEnded: (_event, r) => {
      r.series = new FreeSpinSeries();
    },
    // Wins, cards and endings leave nothing to redraw: the open round's awaiting says the rest.
    lineWin: () => {},
    witchBattle: () => {},
    jackpotWon: () => {},
    gambleCard: () => {},
    gambleResult: () => {},
    gambleStrip: () => {},
    gambleEnded: () => {},
    roundEnded: () => {},
  };

  restore(round: OpenRound): void {
    const r: RestoreRun = { window: null, series: new FreeSpinSeries(), shelf: null };
    for (const step of round.steps) {
      for (const event of narrow(EVENT_TAGS, step.events)) void dispatch(this.restoreHandlers, event, r);
    }
    if (r.window) this.stage.show(r.window);
    this.series = r.series;
    const awaiting = narrowOne(AWAITING_TAGS, round.awaiting);
    if (awaiting?.type === "vial") {
      this.pendingShelf = { vials: awaiting.vials, picks: awaiting.picks };
      this.openShelf(awaiting.opened);
    }
    if (awaiting?.type === "freeSpin") {
      this.series.awaiting(awaiting.played, awaiting.awarded);
      this.freeSpinGate = awaiting.played === 0 ? "intro" : "resume";
    }
    if (this.series.active) this.element.classList.add("free");
    this.updateCounter();
  }

  protected override closeFeatures(): void {
    this.shelf.close();
    this.double.close();
    this.battle.hide();
    this.pendingShelf = null;
  }

  protected replayState(): FreeSpinSeries {
    return this.series;
  }

  protected restoreReplayState(series: FreeSpinSeries): void {
    this.series = series;
    if (this.series.active) this.element.classList.add("free");
    this.updateCounter();
  }

  paytable(choice: BetChoice): HTMLElement {
    return bewitchedPaytable(this.ctx, choice, this.witches);
  }

  rules(): HTMLElement {
    return bewitchedRules(this.ctx.description);
  }

  /** The shelf for the bonus Merlin started (or the one a resumed round awaits), with any vials already open. */
  private openShelf(opened: readonly OpenedVial[] = []): void {
    const shelf = this.pendingShelf ?? { vials: 9, picks: 3 };
    this.shelf.open(shelf.vials, shelf.picks, opened);
  }

  /** What Merlin's prize is called on his card, the shelf and to a screen reader. */
  private prizeWords(event: MerlinPrize): { title: string; html: string; sentence: string } {
    const amount = this.ctx.money(event.amount);
    const prize = event.prize;
    if (prize.kind === "cash")
      return {
        title: "MERLIN'S GIFT",
        html: `<span data-test="merlin-kind" data-kind="cash">${prize.times}× the bet:</span> <b data-test="merlin-amount">${amount}</b>`,
        sentence: `The vials combine: Merlin gives ${prize.times} times the bet, ${amount}.`,
      };
    if (prize.kind === "freeSpins")
      return {
        title: "MERLIN'S GIFT",
        html: `<b data-test="merlin-kind" data-kind="freeSpins">${prize.spins} FREE SPINS</b> with line wins ×2`,
        sentence: `The vials combine: Merlin gives ${prize.spins} free spins.`,
      };
    return {
      title: "JACKPOT!",
      html: `<span data-test="merlin-kind" data-kind="jackpot">The progressive jackpot:</span> <b data-test="merlin-amount">${amount}</b>`,
      sentence: `The vials combine: Merlin gives the progressive jackpot, ${amount}.`,
    };
  }

  private updateCounter(): void {
    this.showCounter(this.series.html(this.ctx.money));
  }

  protected endFreeSpins(): void {
    this.series = new FreeSpinSeries();
    this.element.classList.remove("free");
    this.updateCounter();
  }

  /** The free-spin intro (or the resume screen after a reload); the player starts them. */
  private intro(gate: "intro" | "resume"): Promise<void> {
    const p = this.series.position();
    return this.overlays.card({
      title: gate === "intro" ? `${p.of} FREE SPINS` : "FREE SPINS IN PROGRESS",
      html:
        gate === "intro"
          ? "Line wins are doubled <b>×2</b>. Free spins won meanwhile are played after these."
          : `Free spin ${p.spin} of ${p.of}${p.queued > 0 ? `, then ${p.queued} more` : ""}. Line wins ×2.`,
      button: gate === "intro" ? "START" : "CONTINUE",
      autoCloseMs: 0,
      test: "fs-intro",
    });
  }
}

/** Builds the Bewitched view: reads the player's witch, rasterises the art, then asks for a witch if none is saved. */
export const createView: GameViewFactory = async (ctx) => {
  const { description } = ctx;
  const initial: Window = [
    ["OWL", "A", "BOOK"],
    ["K", "WITCH", "TEN"],
    ["CAT", "Q", "POTION"],
    ["J", "MERLIN", "BROOM"],
    ["BOOK", "TEN", "K"],
  ];
  // Two Witches down: the reels after them could start the free spins.
  const stage = reelStageFor(description, {
    art: SYMBOL_ART,
    cell: { width: CELL_W, height: CELL_H },
    initial,
    scatter: SCATTER,
    frame: FRAME,
  });
  const [witches] = await Promise.all([WitchChoice.load(ctx.preferences, ctx.announce), stage.load()]);
  const view = new BewitchedView(ctx, stage, witches);
  // Asked once the stage is on screen (the shell places it after this returns).
  if (witches.mustAsk) setTimeout(() => void witches.ask(), 0);
  return view;
};
