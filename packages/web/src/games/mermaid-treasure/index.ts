/**
 * Mermaid Treasure's stage and feature screens. It plays back the server's typed events
 * (MermaidEvent) and holds no maths: every symbol, win, free spin and prize comes from
 * the step it is given.
 */
// Types only (erased from the bundle): the events and decisions the server sends for this game.

import type { MermaidAction, MermaidAwaiting, MermaidEvent } from "@reelhouse/games";
import type { OpenRound } from "@reelhouse/protocol";
import { dispatch, type EventHandlers, narrow, narrowOne, playEvents, tagsOf } from "../../shell/events.js";
import { paytableAt, renderRules } from "../../shell/kit/paytable.js";
import { PickScreen } from "../../shell/kit/pick-screen.js";
import { ReelGameView, type ReelStepRun, reelStageFor } from "../../shell/kit/reel-game-view.js";
import { LINE_COLORS, type ReelStage, type Window } from "../../shell/kit/reel-stage.js";
import type { BetChoice, GameContext, GameView, GameViewFactory, PlayableStep, PlayOptions } from "../../shell/types.js";
import { CELL_H, CELL_W, CLAM_CLOSED, CLAM_OPEN, SYMBOL_ART } from "./art.js";

const SCATTER = "MERMAID";

/** Every event and awaiting tag of the game: the compiler checks both lists are complete. */
const EVENT_TAGS = tagsOf<MermaidEvent>({
  spin: true,
  lineWin: true,
  scatterWin: true,
  freeSpinsTriggered: true,
  freeSpinsLimitReached: true,
  freeSpinStarted: true,
  bonusTriggered: true,
  pickRevealed: true,
  bonusEnded: true,
  spinEnded: true,
  freeSpinsEnded: true,
  roundEnded: true,
});
const AWAITING_TAGS = tagsOf<MermaidAwaiting>({ pick: true, freeSpin: true });

/** Where a free-spin series stands, as the events told it. */
interface FreeSpinView {
  played: number;
  awarded: number;
  multiplier: number;
  win: number;
}

/** What a resumed round's past events leave on the stage. */
interface RestoreRun {
  window: Window | null;
  pick: { picks: number; objects: number; revealed: { object: number; coins: number; amount: number }[] } | null;
  freeSpinWin: number;
  inFreeSpins: boolean;
}

class MermaidTreasureView extends ReelGameView<void> implements GameView {
  private readonly pickScreen: PickScreen;
  private freeSpins: FreeSpinView | null = null;
  private pendingPick: { picks: number; objects: number } | null = null;

  constructor(ctx: GameContext, stage: ReelStage) {
    super(ctx, stage, {
      className: "mt-stage",
      gameId: "mermaid-treasure",
      backgroundSvg: BACKGROUND_SVG,
      logo: { className: "mt-logo", label: "Mermaid Treasure", html: "<span>MERMAID</span><span>TREASURE</span>" },
      counterTest: "fs-counter",
    });
    this.pickScreen = new PickScreen({
      title: "TREASURE BONUS",
      objectName: "Clam",
      closedArt: CLAM_CLOSED,
      openArt: CLAM_OPEN,
      money: ctx.money,
      status: (left, objects) => `PICK ${left} OF ${objects} CLAMS`,
    });
    // The pick screen covers the whole stage, so a phone in portrait gets room for 12 clams.
    this.element.append(this.pickScreen.element);
  }

  async play(step: PlayableStep, options: PlayOptions): Promise<void> {
    await playEvents(this.handlers, narrow(EVENT_TAGS, step.events), { step, options, wins: [], features: [] });
  }

  /** How each event of a step is shown (one handler per event type). */
  private readonly handlers: EventHandlers<MermaidEvent, ReelStepRun> = {
    freeSpinStarted: (event) => {
      this.freeSpins = { played: event.spin, awarded: event.of, multiplier: event.multiplier, win: this.freeSpins?.win ?? 0 };
      this.element.classList.add("free");
      this.updateCounter();
    },
    spin: (event, run) => this.landSpin(event.window, run.options),
    lineWin: (event, run) => {
      const amount = this.ctx.money(event.amount);
      run.wins.push(this.lineWin(event, amount));
      this.ctx.say(`Line ${event.line}: ${event.count} ${this.symbolName(event.symbol)} pay ${amount}.`);
    },
    scatterWin: (event, run) => {
      run.wins.push({ positions: event.positions, line: null, label: this.ctx.money(event.amount), color: "#ff7ad9" });
      this.ctx.say(`${event.count} ${this.symbolName(event.symbol)} scatter pay ${this.ctx.money(event.amount)}.`);
    },
    freeSpinsTriggered: (event, run) => {
      run.features.push(async () => {
        this.stage.showWins([{ positions: event.positions, line: null, label: "", color: "#ff7ad9" }]);
        this.ctx.sound.play("feature");
        this.freeSpins = {
          played: this.freeSpins?.played ?? 0,
          awarded: event.total,
          multiplier: this.freeSpins?.multiplier ?? 3,
          win: this.freeSpins?.win ?? 0,
        };
        this.updateCounter();
        const text = event.retrigger ? `+${event.awarded} FREE SPINS` : `${event.awarded} FREE SPINS`;
        this.ctx.say(`${text.toLowerCase()}.`);
        await this.flash(text, run.options);
        if (!event.retrigger && !run.options.replay) this.freeSpinGate = "intro";
      });
    },
    freeSpinsLimitReached: (event, run) => {
      run.features.push(async () => {
        this.stage.showWins([{ positions: event.positions, line: null, label: "", color: "#ff7ad9" }]);
        this.ctx.say(`The limit of ${event.max} free spins in one round is reached: no more free spins are added.`);
        await this.flash(`LIMIT: ${event.max} FREE SPINS`, run.options);
      });
    },
    bonusTriggered: (event, run) => {
      run.features.push(async () => {
        const color = LINE_COLORS[(event.line - 1) % LINE_COLORS.length] as string;
        this.stage.showWins([{ positions: event.positions, line: event.line, label: "", color }]);
        this.ctx.sound.play("feature");
        this.ctx.say(`Treasure bonus: pick ${event.picks} of ${event.objects} clams.`);
        await this.flash("TREASURE BONUS", run.options);
        this.pendingPick = { picks: event.picks, objects: event.objects };
        if (run.options.replay) this.openPick();
      });
    },
    spinEnded: async (event, run) => {
      if (this.freeSpins && this.freeSpins.played > 0) {
        this.freeSpins.win += event.win;
        this.updateCounter();
      }
      await this.showStepWins(run);
    },
    pickRevealed: async (event, run) => {
      if (!this.pickScreen.isOpen) this.openPick();
      this.pickScreen.reveal({ object: event.object, coins: event.coins, amount: event.amount });
      if (this.freeSpins && this.freeSpins.played > 0) {
        this.freeSpins.win += event.amount;
        this.updateCounter();
      }
      this.ctx.say(`Clam ${event.object + 1}: ${this.ctx.money(event.amount)}.`);
      if (!run.options.replay) this.ctx.sound.play("pick");
      await this.ctx.pause(run.options.quick ? 250 : 600);
    },
    bonusEnded: async (event, run) => {
      this.pickScreen.finish(event.coins, event.amount, event.capped);
      this.ctx.say(`Treasure bonus total ${this.ctx.money(event.amount)}.`);
      if (!run.options.replay) this.ctx.sound.play("coins");
      await this.ctx.pause(run.options.quick ? 1000 : 1800);
      this.pickScreen.close();
      this.pendingPick = null;
    },
    freeSpinsEnded: async (event, run) => {
      this.ctx.say(`Free spins complete: ${this.ctx.money(event.win)} in ${event.spins} free spins.`);
      await this.outro(event.spins, event.win, run.options);
    },
    roundEnded: () => {
      this.endFreeSpins();
    },
  };

  async decide(awaiting: unknown, options: PlayOptions): Promise<MermaidAction> {
    const a = narrowOne(AWAITING_TAGS, awaiting);
    if (!a) throw new Error("Mermaid Treasure: the round awaits a decision this client does not know");
    if (a.type === "pick") {
      if (!this.pickScreen.isOpen) this.openPick();
      const object = await this.pickScreen.pick();
      return { type: "pick", object };
    }
    this.freeSpins = {
      played: a.played,
      awarded: a.awarded,
      multiplier: a.multiplier,
      win: this.freeSpins?.win ?? 0,
    };
    this.element.classList.add("free");
    this.updateCounter();
    await this.freeSpinWait(options, (gate) => this.intro(a, gate));
    return { type: "freeSpin" };
  }

  /** What each past event leaves on the stage when a round resumes (one handler per event type). */
  private readonly restoreHandlers: EventHandlers<MermaidEvent, RestoreRun> = {
    spin: (event, r) => {
      r.window = event.window;
    },
    freeSpinStarted: (_event, r) => {
      r.inFreeSpins = true;
    },
    spinEnded: (event, r) => {
      if (r.inFreeSpins) r.freeSpinWin += event.win;
    },
    bonusTriggered: (event, r) => {
      r.pick = { picks: event.picks, objects: event.objects, revealed: [] };
    },
    pickRevealed: (event, r) => {
      r.pick?.revealed.push({ object: event.object, coins: event.coins, amount: event.amount });
      if (r.inFreeSpins) r.freeSpinWin += event.amount;
    },
    bonusEnded: (_event, r) => {
      r.pick = null;
    },
    // Wins, triggers and endings leave nothing to redraw: the open round's awaiting says the rest.
    lineWin: () => {},
    scatterWin: () => {},
    freeSpinsTriggered: () => {},
    freeSpinsLimitReached: () => {},
    freeSpinsEnded: () => {},
    roundEnded: () => {},
  };

  restore(round: OpenRound): void {
    const r: RestoreRun = { window: null, pick: null, freeSpinWin: 0, inFreeSpins: false };
    for (const step of round.steps) {
      for (const event of narrow(EVENT_TAGS, step.events)) void dispatch(this.restoreHandlers, event, r);
    }
    if (r.window) this.stage.show(r.window);
    const awaiting = narrowOne(AWAITING_TAGS, round.awaiting);
    if (awaiting?.type === "pick" && r.pick) {
      this.pickScreen.open(r.pick.picks, r.pick.objects, r.pick.revealed);
      this.pendingPick = null;
    }
    if (awaiting?.type === "freeSpin" || r.inFreeSpins) {
      const played = awaiting?.type === "freeSpin" ? awaiting.played : (this.freeSpins?.played ?? 0);
      const awarded = awaiting?.type === "freeSpin" ? awaiting.awarded : (this.freeSpins?.awarded ?? 0);
      this.freeSpins = { played, awarded, multiplier: 3, win: r.freeSpinWin };
      this.element.classList.add("free");
      this.updateCounter();
      if (awaiting?.type === "freeSpin") this.freeSpinGate = played === 0 ? "intro" : "resume";
    }
  }

  protected override closeFeatures(): void {
    this.pickScreen.close();
    this.pendingPick = null;
  }

  /** Leaving a replay puts back the live window only. */
  protected replayState(): void {}

  protected restoreReplayState(): void {}

  paytable(choice: BetChoice): HTMLElement {
    // Mermaid Treasure is a line game: its schema only makes line bets.
    return paytableAt(this.ctx, choice, {
      art: SYMBOL_ART,
      notes: {
        wild: "WILD — substitutes for all symbols except Mermaid and Treasure",
        scatter: "SCATTER — pays anywhere; 3 or more award free spins",
        bonus: "BONUS — 3 or more from reel 1 on an enabled line start the Treasure bonus",
      },
      howLinesPay: "Line wins pay left to right from reel 1 on enabled lines; only the highest win per line is paid.",
    });
  }

  rules(): HTMLElement {
    const { description } = this.ctx;
    return renderRules(description, "game-rules", [
      ["Wild", description.rules.wild ?? ""],
      ["Scatter", description.rules.scatter ?? ""],
      ["Free spins", description.rules.freeSpins ?? ""],
      ["Treasure bonus", description.rules.treasure ?? ""],
      [
        "Betting and payouts",
        "Choose 1–15 lines, 1–5 coins per line and a coin value. Line wins = paytable coins × coins per line × coin value. Scatter wins = pay × total bet and add to line wins. Free spins play at the bet that triggered them. Bonus wins are shown already multiplied by coins per line.",
      ],
      [
        "Autoplay",
        "Autoplay needs a loss limit; it can also stop when a single win reaches a limit. It never starts free spins or the bonus: they wait for you.",
      ],
      ["Malfunction", "Malfunction voids all pays and plays."],
      ["Return to player", `The theoretical return to player is ${(description.rtp * 100).toFixed(2)}%.`],
    ]);
  }

  private openPick(): void {
    const pending = this.pendingPick ?? { picks: 3, objects: 12 };
    this.pickScreen.open(pending.picks, pending.objects);
  }

  private updateCounter(): void {
    const fs = this.freeSpins;
    if (!fs) {
      this.counter.classList.add("hidden");
      return;
    }
    this.counter.classList.remove("hidden");
    this.counter.innerHTML = `<span class="fs-label">FREE SPIN</span> <b data-test="fs-played">${fs.played}</b> / <b data-test="fs-awarded">${fs.awarded}</b> <span class="fs-mult" title="Line wins tripled">×${fs.multiplier}</span> <span class="fs-win">${this.ctx.money(fs.win)}</span>`;
  }

  protected endFreeSpins(): void {
    this.freeSpins = null;
    this.element.classList.remove("free");
    this.updateCounter();
  }

  /** The free-spin intro (or the resume screen after a reload); the player starts them. */
  private intro(a: Extract<MermaidAwaiting, { type: "freeSpin" }>, gate: "intro" | "resume"): Promise<void> {
    return this.overlays.card({
      title: gate === "intro" ? `${a.awarded} FREE SPINS` : "FREE SPINS IN PROGRESS",
      html:
        gate === "intro"
          ? `All line wins are tripled <b>×${a.multiplier}</b>. Three or more Mermaids add 10 more.`
          : `You have played ${a.played} of ${a.awarded} free spins. Line wins ×${a.multiplier}.`,
      button: gate === "intro" ? "START" : "CONTINUE",
      autoCloseMs: 0,
      test: "fs-intro",
    });
  }

  private async outro(spins: number, win: number, options: PlayOptions): Promise<void> {
    this.ctx.sound.play(win > 0 ? "bigWin" : "click");
    await this.overlays.card({
      title: "FREE SPINS COMPLETE",
      html: `You won <b>${this.ctx.money(win)}</b> in ${spins} free spins.`,
      button: "COLLECT",
      autoCloseMs: options.replay ? 1500 : 4000,
      test: "fs-outro",
    });
  }
}

/** The underwater scene behind the reels: light rays, sand, seaweed and rocks (SVG). */
const BACKGROUND_SVG = `<svg viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg">
  <defs>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1fa3c9"/><stop offset="0.45" stop-color="#0b5a8c"/><stop offset="1" stop-color="#03203f"/></linearGradient>
    <linearGradient id="ray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e6fbff" stop-opacity="0.35"/><stop offset="1" stop-color="#e6fbff" stop-opacity="0"/></linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9b878"/><stop offset="1" stop-color="#8a6a3a"/></linearGradient>
    <linearGradient id="weed" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fe08a"/><stop offset="1" stop-color="#0d5a3a"/></linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#sea)"/>
  <g>
    <path d="M300 0 L420 0 L260 900 L60 900 Z" fill="url(#ray)"/><path d="M700 0 L780 0 L760 900 L560 900 Z" fill="url(#ray)"/>
    <path d="M1100 0 L1220 0 L1420 900 L1180 900 Z" fill="url(#ray)"/><path d="M1400 0 L1450 0 L1600 600 L1600 800 Z" fill="url(#ray)"/>
  </g>
  <path d="M0 780 Q200 730 420 770 T860 760 T1300 770 T1600 750 L1600 900 L0 900 Z" fill="url(#sand)"/>
  <g fill="#2a4a6a" opacity="0.8"><ellipse cx="140" cy="800" rx="120" ry="50"/><ellipse cx="1460" cy="790" rx="150" ry="60"/><ellipse cx="1340" cy="820" rx="80" ry="36"/></g>
  <g fill="url(#weed)">
    <path d="M60 820 Q20 700 70 600 Q110 520 70 420 Q120 520 100 620 Q80 720 110 820 Z"/>
    <path d="M200 830 Q180 730 220 660 Q250 600 220 540 Q270 600 250 680 Q235 760 250 830 Z"/>
    <path d="M1500 820 Q1540 700 1490 600 Q1450 500 1500 400 Q1440 500 1460 610 Q1480 720 1450 820 Z"/>
    <path d="M1380 830 Q1400 740 1370 680 Q1350 620 1380 560 Q1330 630 1340 700 Q1350 770 1340 830 Z"/>
  </g>
  <g fill="#ff6f7f" opacity="0.9"><path d="M320 800 q-10 -60 10 -90 q10 40 20 10 q10 40 -5 80 Z"/><path d="M1240 800 q10 -50 -8 -80 q-12 30 -20 8 q-8 40 6 72 Z"/></g>
</svg>`;

/** Builds the Mermaid Treasure view: rasterises its art, then hands the stage to the shell. */
export const createView: GameViewFactory = async (ctx) => {
  const { description } = ctx;
  const initial: Window = [
    ["NINE", "NEPTUNE", "A"],
    ["K", "MERMAID", "TEN"],
    ["TREASURE", "Q", "SHELL"],
    ["J", "SEAHORSE", "NINE"],
    ["FISH", "TURTLE", "K"],
  ];
  // Two Mermaids down: the reels after them could complete free spins.
  const stage = reelStageFor(description, {
    art: SYMBOL_ART,
    cell: { width: CELL_W, height: CELL_H },
    initial,
    scatter: SCATTER,
  });
  await stage.load();
  return new MermaidTreasureView(ctx, stage);
};
