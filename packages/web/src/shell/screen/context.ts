/**
 * What every part of a game screen shares: the session, the game, the page's services
 * (sound, settings, the app around it), the screen's element and its `data-test` lookup,
 * money, messages, play options, the game's view, and the screen's mode.
 */
import type { CreateSessionResponse, JurisdictionInfo } from "@reelhouse/protocol";
import type { Api } from "../../api.js";
import { formatMoney } from "../../format.js";
import type { Connection } from "../connection.js";
import type { JackpotFeed } from "../jackpots/index.js";
import { Announcer } from "../live.js";
import { prefersReducedMotion } from "../motion.js";
import type { Settings } from "../settings.js";
import { Skipper } from "../skip.js";
import type { Sound } from "../sound.js";
import type { GameDescription, GameView, PlayOptions } from "../types.js";

/**
 * idle: waiting for SPIN; playing: a step on the stage (reels moving, or wins and banners
 * shown); counting: the WIN meter climbing; feature: waiting for the player's choice in a
 * feature; replay: a past round on the stage.
 */
export type Mode = "idle" | "playing" | "counting" | "feature" | "replay";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionInfo {
  session: CreateSessionResponse;
  balance: number;
}

/** What the game screen asks of the app around it. */
export interface ScreenHost {
  leave(): void;
  balanceChanged(balance: number): void;
  /** The server no longer accepts the session: the app asks the player what next. */
  sessionEnded(error: unknown): void;
  /** A game's name for its id (history). */
  gameName(gameId: string): string;
  /** The page's push channel: the jackpot ticker for a game that declares jackpots, and the player's own balance. */
  jackpots?: JackpotFeed;
  /** Says when the connection comes back (a lost request is then sent again). */
  connection: Connection;
}

export class ScreenContext {
  /** The game's view (set when the screen mounts). */
  view!: GameView;
  mode: Mode = "idle";
  /** The reels are moving (the view says so): the only time STOP is offered. */
  reelsMoving = false;
  readonly live = new Announcer();
  /** Skippable waits; `changed` redraws the controls when SKIP has something to end or no longer has. */
  readonly skipper: Skipper;

  constructor(
    readonly api: Api,
    readonly info: SessionInfo,
    readonly description: GameDescription,
    readonly sound: Sound,
    readonly settings: Settings,
    readonly host: ScreenHost,
    readonly element: HTMLElement,
    changed: () => void,
  ) {
    this.skipper = new Skipper(changed);
  }

  /** The view is built (controls are drawn only from then on). */
  get mounted(): boolean {
    return this.view !== undefined;
  }

  get currency(): string {
    return this.info.session.currency ?? this.info.session.player.currency;
  }

  get jurisdiction(): JurisdictionInfo {
    return this.info.session.jurisdiction;
  }

  readonly money = (minor: number) => formatMoney(minor, this.currency);

  /** An element of the screen by its `data-test` name. */
  $<T extends HTMLElement = HTMLElement>(test: string): T {
    const el = this.element.querySelector<T>(`[data-test="${test}"]`);
    if (!el) throw new Error(`missing element ${test}`);
    return el;
  }

  message(text: string, ms = 2600): void {
    const el = this.$("message");
    el.textContent = text;
    el.classList.remove("hidden");
    window.clearTimeout(Number(el.dataset.timer ?? 0));
    el.dataset.timer = String(window.setTimeout(() => el.classList.add("hidden"), ms));
  }

  opts(replay = false): PlayOptions {
    return { quick: this.settings.quick && this.jurisdiction.turbo, replay, reducedMotion: prefersReducedMotion() };
  }
}
