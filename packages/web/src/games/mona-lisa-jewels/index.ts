/**
 * Mona Lisa Jewels' stage: five reels of three, Jewel free spins with reel 1 locked and
 * JEWEL/WILD cells held, normal free spins with x2/x4/x8 line wins, the free-spin queue
 * (Jewel spins first) and the progressive's jackpot lines. It plays back the server's typed
 * events (MonaEvent) and holds no maths: windows, held cells, wins, multipliers and the queue
 * all come from the steps it is given.
 */
// Types only (erased from the bundle): the events and decisions the server sends for this game.

import type { MonaAction, MonaAwaiting, MonaEvent } from "@reelhouse/games";
import type { OpenRound } from "@reelhouse/protocol";
import { dispatch, type EventHandlers, narrow, narrowOne, playEvents, tagsOf } from "../../shell/events.js";
import { paytableAt, renderRules } from "../../shell/kit/paytable.js";
import { ReelGameView, type ReelStepRun, reelStageFor } from "../../shell/kit/reel-game-view.js";
import { LINE_COLORS, type ReelStage, type Window } from "../../shell/kit/reel-stage.js";
import type { BetChoice, GameContext, GameView, GameViewFactory, PlayableStep, PlayOptions } from "../../shell/types.js";
import { BACKGROUND_SVG, CELL_H, CELL_W, FRAME, SYMBOL_ART } from "./art.js";
import { FreeSpinQueue } from "./queue.js";

const SCATTER = "SCATTER";

/** Every event and awaiting tag of the game: the compiler checks both lists are complete. */
const EVENT_TAGS = tagsOf<MonaEvent>({
  spin: true,
  lineWin: true,
  jackpotLine: true,
  jackpotWon: true,
  scatterWin: true,
  jewelSpinsTriggered: true,
  freeSpinsTriggered: true,
  freeSpinStarted: true,
  spinEnded: true,
  freeSpinsEnded: true,
  roundEnded: true,
});
const AWAITING_TAGS = tagsOf<MonaAwaiting>({ freeSpin: true, platform: true });

type Position = readonly [reel: number, row: number];

/** What a resumed round's past events leave on the stage. */
interface RestoreRun {
  window: Window | null;
  held: readonly Position[];
  queue: FreeSpinQueue;
}

/** What a replay keeps to put back after it: the free-spin queue and the held cells. */
interface ReplaySaved {
  queue: FreeSpinQueue;
  held: readonly Position[];
}

class MonaLisaJewelsView extends ReelGameView<ReplaySaved> implements GameView {
  private readonly lockBadge: HTMLElement;
  private queue = new FreeSpinQueue();
  private held: readonly Position[] = [];

  constructor(ctx: GameContext, stage: ReelStage) {
    super(ctx, stage, {
      className: "ml-stage",
      gameId: "mona-lisa-jewels",
      backgroundSvg: BACKGROUND_SVG,
      logo: { className: "ml-logo", label: "Mona Lisa Jewels", html: "<span>MONA LISA</span><span>JEWELS</span>" },
      overReels: '<div class="ml-lock hidden" data-test="reel1-locked" aria-hidden="true">LOCKED</div>',
      counterTest: "fs-queue",
    });
    this.counter.classList.add("ml-queue");
    this.counter.setAttribute("aria-live", "polite");
    this.lockBadge = this.element.querySelector(".ml-lock") as HTMLElement;
  }

  async play(step: PlayableStep, options: PlayOptions): Promise<void> {
    await playEvents(this.handlers, narrow(EVENT_TAGS, step.events), { step, options, wins: [], features: [] });
  }

  /** How each event of a step is shown (one handler per event type). */
  private readonly handlers: EventHandlers<MonaEvent, ReelStepRun> = {
    freeSpinStarted: (event) => {
      this.queue.started(event.kind, event.spin, event.of);
      if (event.kind === "normal") this.setHeld([]);
      this.element.classList.add("free");
      this.element.classList.toggle("jewel", event.kind === "jewel");
      this.updateCounter();
    },
    spin: async (event, run) => {
      await this.landSpin(event.window, run.options);
      // Jewel spins: what the round holds now (the triggering cells and any new JEWEL/WILD) stays for the next spin.
      if (event.mode === "jewelSpins") this.setHeld(event.held, event.window);
    },
    lineWin: (event, run) => {
      const amount = this.ctx.money(event.amount);
      run.wins.push(this.lineWin(event, amount));
      const times = event.multiplier > 1 ? ` (${event.wilds} wild${event.wilds > 1 ? "s" : ""}: ×${event.multiplier})` : "";
      this.ctx.say(`Line ${event.line}: ${event.count} ${this.symbolName(event.symbol)} pay ${amount}${times}.`);
    },
    jackpotLine: (event, run) => {
      run.wins.push({
        positions: event.positions,
        line: event.line,
        label: "JACKPOT",
        color: LINE_COLORS[(event.line - 1) % LINE_COLORS.length] as string,
      });
      this.ctx.say(`Line ${event.line}: five Jackpot symbols at maximum bet win the progressive.`);
    },
    jackpotWon: (event, run) => {
      run.features.push(async () => {
        this.ctx.sound.play("bigWin");
        this.ctx.say(`Progressive jackpot won: ${this.ctx.money(event.amount)}.`);
        await this.overlays.card({
          title: "JACKPOT",
          html: `Line ${event.line} wins the progressive: <b data-test="jackpot-amount">${this.ctx.money(event.amount)}</b>`,
          button: "COLLECT",
          autoCloseMs: run.options.replay ? 1500 : 5000,
          test: "jackpot-won",
        });
      });
    },
    scatterWin: (event, run) => {
      run.wins.push({ positions: event.positions, line: null, label: this.ctx.money(event.amount), color: "#6ab0ff" });
      this.ctx.say(`${event.count} ${this.symbolName(event.symbol)} scatter pay ${this.ctx.money(event.amount)}.`);
    },
    jewelSpinsTriggered: (event, run) => {
      run.features.push(async () => {
        this.stage.showWins([{ positions: event.positions, line: null, label: "", color: "#3affc8" }]);
        this.setHeld(event.held, this.stage.window());
        this.queue.jewelAwarded(event.awarded);
        this.updateCounter();
        this.ctx.sound.play("feature");
        this.ctx.say(`${event.awarded} Jewel free spins: reel 1 is locked and every Jewel and Wild stays in place.`);
        await this.flash(`${event.awarded} JEWEL SPINS`, run.options);
        if (!run.options.replay && !this.queue.inFeature) this.freeSpinGate = "intro";
      });
    },
    freeSpinsTriggered: (event, run) => {
      run.features.push(async () => {
        this.stage.showWins([{ positions: event.positions, line: null, label: "", color: "#6ab0ff" }]);
        this.queue.normalAwarded(event.total);
        this.updateCounter();
        this.ctx.sound.play("feature");
        const text = event.retrigger ? `+${event.awarded} FREE SPINS` : `${event.awarded} FREE SPINS`;
        this.ctx.say(`${text.toLowerCase()}.`);
        await this.flash(text, run.options);
        if (!run.options.replay && !this.queue.inFeature) this.freeSpinGate = "intro";
      });
    },
    spinEnded: async (event, run) => {
      this.queue.won(event.win);
      this.updateCounter();
      await this.showStepWins(run);
    },
    freeSpinsEnded: async (event, run) => {
      // A jackpot paid after the last spin plays its card before the summary.
      for (const feature of run.features.splice(0)) await feature();
      this.setHeld([]);
      this.ctx.say(`Free spins complete: ${this.ctx.money(event.win)}.`);
      const parts = [
        event.jewelSpins > 0 ? `${event.jewelSpins} Jewel spin${event.jewelSpins > 1 ? "s" : ""}` : "",
        event.freeSpins > 0 ? `${event.freeSpins} free spin${event.freeSpins > 1 ? "s" : ""}` : "",
      ].filter((p) => p !== "");
      this.ctx.sound.play(event.win > 0 ? "bigWin" : "click");
      await this.overlays.card({
        title: "FREE SPINS COMPLETE",
        html: `You won <b>${this.ctx.money(event.win)}</b> in ${parts.join(" and ")}.`,
        button: "COLLECT",
        autoCloseMs: run.options.replay ? 1500 : 4000,
        test: "fs-outro",
      });
    },
    roundEnded: async (_event, run) => {
      for (const feature of run.features.splice(0)) await feature();
      this.endFreeSpins();
    },
  };

  async decide(awaiting: unknown, options: PlayOptions): Promise<MonaAction> {
    const a = narrowOne(AWAITING_TAGS, awaiting);
    if (a?.type !== "freeSpin") throw new Error("Mona Lisa Jewels: the round awaits a decision this client does not know");
    this.queue.awaiting(a.kind, a.jewelLeft, a.played, a.awarded);
    if (a.kind === "normal") this.setHeld([]);
    else this.setHeld(this.withNewSticky(this.held));
    this.element.classList.add("free");
    this.updateCounter();
    await this.freeSpinWait(options, (gate) => this.intro(a, gate));
    return { type: "freeSpin" };
  }

  /** What each past event leaves on the stage when a round resumes (one handler per event type). */
  private readonly restoreHandlers: EventHandlers<MonaEvent, RestoreRun> = {
    spin: (event, r) => {
      r.window = event.window;
      r.held = event.mode === "jewelSpins" ? event.held : [];
    },
    jewelSpinsTriggered: (event, r) => {
      r.held = event.held;
      r.queue.jewelAwarded(event.awarded);
    },
    freeSpinsTriggered: (event, r) => r.queue.normalAwarded(event.total),
    freeSpinStarted: (event, r) => r.queue.started(event.kind, event.spin, event.of),
    spinEnded: (event, r) => r.queue.won(event.win),
    jackpotWon: (event, r) => r.queue.won(event.amount),
    // Wins and endings leave nothing to redraw: the open round's awaiting says the rest.
    lineWin: () => {},
    jackpotLine: () => {},
    scatterWin: () => {},
    freeSpinsEnded: () => {},
    roundEnded: () => {},
  };

  restore(round: OpenRound): void {
    const r: RestoreRun = { window: null, held: [], queue: new FreeSpinQueue() };
    for (const step of round.steps) {
      for (const event of narrow(EVENT_TAGS, step.events)) void dispatch(this.restoreHandlers, event, r);
    }
    if (r.window) this.stage.show(r.window);
    this.queue = r.queue;
    const awaiting = narrowOne(AWAITING_TAGS, round.awaiting);
    if (awaiting?.type === "freeSpin") {
      this.queue.awaiting(awaiting.kind, awaiting.jewelLeft, awaiting.played, awaiting.awarded);
      if (awaiting.kind === "jewel" && r.window) this.setHeld(this.withNewSticky(r.held, r.window), r.window);
      this.element.classList.add("free");
      this.element.classList.toggle("jewel", awaiting.kind === "jewel");
      this.freeSpinGate = this.queue.inFeature ? "resume" : "intro";
    }
    this.updateCounter();
  }

  protected replayState(): ReplaySaved {
    return { queue: this.queue, held: this.held };
  }

  protected restoreReplayState(saved: ReplaySaved, window: Window): void {
    this.queue = saved.queue;
    if (saved.held.length > 0) this.setHeld(saved.held, window);
    if (this.queue.active) this.element.classList.add("free");
    this.updateCounter();
  }

  paytable(choice: BetChoice): HTMLElement {
    return paytableAt(this.ctx, choice, {
      art: SYMBOL_ART,
      notes: {
        wild: "WILD — substitutes for all symbols except SCATTER and JACKPOT; never counts as a JEWEL for Jewel spins",
        scatter: "SCATTER — pays × total bet anywhere; 3 or more award 10 free spins",
        jewel: "JEWEL — 2 or 3 on reel 1 award 2 Jewel free spins",
        jackpot: "JACKPOT — 5 on a line at 25 lines and 10 coins per line win the progressive (shown in the ticker)",
      },
      howLinesPay:
        "Line wins pay left to right from reel 1 on enabled lines; only the highest win per line is paid. In normal free spins a winning line with 1 / 2 / 3+ wilds pays ×2 / ×4 / ×8.",
    });
  }

  rules(): HTMLElement {
    const { description } = this.ctx;
    const rtpMax = (description as { rtpMaxBet?: number }).rtpMaxBet;
    return renderRules(description, "ml-rules game-rules", [
      ["Wild", description.rules.wild ?? ""],
      ["Jewel free spins", description.rules.jewelSpins ?? ""],
      ["Free spins", description.rules.freeSpins ?? ""],
      ["Order of free spins", description.rules.order ?? ""],
      ["Progressive jackpot", description.rules.progressive ?? ""],
      [
        "Simultaneous jackpot wins",
        "If two players win the same jackpot at the same time, the first win recorded pays the jackpot amount; the next pays the jackpot's value at that moment, which is at least its starting amount.",
      ],
      [
        "Betting and payouts",
        "Choose 1–25 lines, 1–10 coins per line and a coin value; BET MAX plays 25 lines × 10 coins at the current coin value. Line wins = paytable coins × coins per line × coin value; wins on different lines add. Scatter wins = pay × total bet and add to line wins. Free spins play at the bet that triggered them; the coin value cannot change until they end.",
      ],
      ["Autoplay", "Autoplay needs a loss limit; it never starts free spins by itself and can stop when a jackpot is won."],
      ["Malfunction", "Malfunction voids all pays and plays."],
      [
        "Return to player",
        `The theoretical return to player is ${(description.rtp * 100).toFixed(2)}% below maximum bet${rtpMax ? ` and ${(rtpMax * 100).toFixed(2)}% at maximum bet with the progressive at its starting amount` : ""}.`,
      ],
    ]);
  }

  /** Holds `cells` (reel 1's locked column and the sticky JEWEL/WILD) with the symbols `window` shows there. */
  private setHeld(cells: readonly Position[], window: Window = this.stage.window()): void {
    this.held = cells;
    if (cells.length === 0) this.stage.release();
    else this.stage.hold(cells.map(([reel, row]) => ({ reel, row, symbol: window[reel]?.[row] ?? "" })));
    this.lockBadge.classList.toggle("hidden", !cells.some(([reel]) => reel === 0));
  }

  /**
   * The hold for the next Jewel spin: `held` plus what landed on reels 2–5 in the symbols the
   * description names sticky (JEWEL, WILD) — the server's next spin holds the same cells.
   */
  private withNewSticky(held: readonly Position[], window: Window = this.stage.window()): Position[] {
    const sticky = (this.ctx.description.features.jewelSpins as { sticky?: string[] } | undefined)?.sticky ?? [];
    const out = new Map(held.map((c) => [`${c[0]}:${c[1]}`, c] as const));
    window.forEach((column, reel) => {
      if (reel === 0) return;
      column.forEach((symbol, row) => {
        if (sticky.includes(symbol)) out.set(`${reel}:${row}`, [reel, row]);
      });
    });
    return [...out.values()];
  }

  private updateCounter(): void {
    this.showCounter(this.queue.text(this.ctx.money));
  }

  protected endFreeSpins(): void {
    this.queue = new FreeSpinQueue();
    this.setHeld([]);
    this.element.classList.remove("free", "jewel");
    this.updateCounter();
  }

  /** The free-spin intro (or the resume screen after a reload); the player starts them. */
  private intro(a: Extract<MonaAwaiting, { type: "freeSpin" }>, gate: "intro" | "resume"): Promise<void> {
    const jewel = a.kind === "jewel";
    const then = a.awarded - a.played;
    return this.overlays.card({
      title: gate === "resume" ? "FREE SPINS IN PROGRESS" : jewel ? `${a.jewelLeft} JEWEL SPINS` : `${then} FREE SPINS`,
      html: jewel
        ? `Reel 1 is locked and every Jewel and Wild stays in place.${then > 0 ? ` Then ${then} free spins.` : ""}`
        : "A winning line with 1 / 2 / 3+ wilds pays ×2 / ×4 / ×8.",
      button: gate === "resume" ? "CONTINUE" : "START",
      autoCloseMs: 0,
      test: "fs-intro",
    });
  }
}

/** Builds the Mona Lisa Jewels view: rasterises its art, then hands the stage to the shell. */
export const createView: GameViewFactory = async (ctx) => {
  const { description } = ctx;
  const initial: Window = [
    ["JEWEL", "A", "GONDOLA"],
    ["K", "WILD", "TEN"],
    ["PALETTE", "Q", "SCATTER"],
    ["J", "MASK", "LUTE"],
    ["JACKPOT", "TEN", "K"],
  ];
  const stage = reelStageFor(description, {
    art: SYMBOL_ART,
    cell: { width: CELL_W, height: CELL_H },
    initial,
    scatter: SCATTER,
    frame: FRAME,
  });
  await stage.load();
  return new MonaLisaJewelsView(ctx, stage);
};
