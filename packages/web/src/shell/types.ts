/**
 * The contract between the shell (session, lobby, HUD, dialogs, history, sound) and a
 * game's own folder (stage and feature screens). A new game implements {@link GameView}
 * and registers a loader in `games/index.ts`; the shell does everything else.
 */
import type { BetSchema, JackpotInfo, OpenRound, StepResponse } from "@reelhouse/protocol";
import type { BetChoice } from "./kit/bet-model.js";
import type { Sound } from "./sound.js";

export type { BetChoice };

/**
 * What GET /api/v1/games/:id describes (the game module's `describe()`). The bet comes as a
 * `betSchema`, or as a line game's `bet` options (the first games' describe data), which the shell maps
 * onto a schema (`kit/bet-model.ts` `betSchemaOf`).
 */
export interface GameDescription {
  id: string;
  name: string;
  version: string;
  kind: "lines" | string;
  reels: number;
  rows: number;
  symbols: { id: string; kind: string; name: string }[];
  bet?: {
    coinValues: number[];
    coinsPerLine: number[];
    lines: number[];
    default: LineBet;
  };
  betSchema?: BetSchema;
  /** Paylines as the row (0 = top) on each reel. */
  lines: number[][];
  /** Line pays by symbol; scatter pays by symbol (`scatter` for one scatter, `scatters` where a game has several). */
  paytable: { lines: Record<string, number[]>; scatter?: Record<string, number[]>; scatters?: Record<string, number[]> };
  /** What the game's sheet calls operator free rounds (40 Mystic Gem: "Bonus Spin Mode"); default "Free rounds". */
  grantsName?: string;
  features: Record<string, unknown>;
  rules: Record<string, string>;
  rtp: number;
  /** The shared pools the game declares (the server adds them): the shell then shows the jackpot ticker. */
  jackpots?: JackpotInfo[];
}

/** A line bet on the wire: coin value in minor units, coins per line, lines. */
export interface LineBet {
  coinValue: number;
  coinsPerLine: number;
  lines: number;
}

/** How a step is being shown. */
export interface PlayOptions {
  /** Quick spin (turbo): shorter reel spin, only where the jurisdiction allows it. */
  quick: boolean;
  /** Replaying history: no sounds of money, everything marked REPLAY. */
  replay: boolean;
  /** The player asked the system for less motion: no scrolling reels, no pulsing, no long animations. */
  reducedMotion: boolean;
}

/** A game's player preferences, kept by the server (cosmetic: nothing in them changes an outcome). */
export interface GamePreferences {
  /** The saved object (`{}` when never set). */
  read(): Promise<Record<string, unknown>>;
  /** Replaces it whole. */
  write(value: Record<string, unknown>): Promise<void>;
}

/** Services the shell lends a game view. */
export interface GameContext {
  readonly description: GameDescription;
  readonly currency: string;
  readonly sound: Sound;
  /** Formats minor units in the session currency. */
  money(minor: number): string;
  /** The current bet (for the paytable in currency and the lines preview). */
  bet(): BetChoice;
  /** Shows a transient banner message over the stage. */
  announce(text: string): void;
  /** Adds a sentence to what the step's aria-live message says (a line win, a feature). */
  say(text: string): void;
  /**
   * Waits `ms` for the player to read something (a banner, the wins before a feature);
   * the player's SKIP ends it at once.
   */
  pause(ms: number): Promise<void>;
  /** The reels started (true) or came to rest (false): the shell offers STOP only while they move. */
  spinning(moving: boolean): void;
  /** The player's preferences for this game (a chosen witch), kept by the server. */
  readonly preferences: GamePreferences;
}

/** A step as the view plays it: a live StepResponse or a step rebuilt from history. */
export interface PlayableStep {
  events: unknown[];
  win: number;
  awaiting: unknown;
  bet: unknown;
  totalBet: number;
}

/** Builds a playable step from a live answer. */
export function playable(step: StepResponse): PlayableStep {
  return { events: step.events, win: step.win, awaiting: step.awaiting, bet: step.bet, totalBet: step.totalBet };
}

/** One game's stage and feature screens. */
export interface GameView {
  /** The stage element the shell places in its game area. */
  readonly element: HTMLElement;
  /** Starts the reels moving as soon as the player presses SPIN (before the answer). */
  startSpin(options: PlayOptions): void;
  /** The spin request failed: bring the reels back to the window they showed before the spin. */
  cancelSpin(): void;
  /** Plays a step's events; resolves when the stage is at rest (wins shown). */
  play(step: PlayableStep, options: PlayOptions): Promise<void>;
  /** Slam stop: lands every reel now (no-op when nothing spins). */
  slamStop(): void;
  /** True while reels are spinning. */
  readonly spinning: boolean;
  /**
   * Waits for the player's decision on a feature the round awaits (a pick, a free spin)
   * and returns the action to send. `auto` is true when the player already started the
   * feature (e.g. the rest of a free-spin series plays on its own).
   */
  decide(awaiting: unknown, options: PlayOptions): Promise<unknown>;
  /** Redraws the stage where an unfinished round stands (after a reload). */
  restore(round: OpenRound): void;
  /** Leaves any feature screen (end of round, leaving replay). */
  reset(): void;
  /** Paytable, game lines and rules, rendered for the shell's dialogs. */
  paytable(bet: BetChoice): HTMLElement;
  gameLines(): HTMLElement;
  rules(): HTMLElement;
  /** The bet changed: light the enabled lines (and preview them when the count changed). */
  betChanged(bet: BetChoice, linesChanged: boolean): void;
  /** Replay mode: keep the live picture aside, show the replayed round, then restore it. */
  enterReplay(): void;
  exitReplay(): void;
  /** Animation frames drawn so far (the shell's smoothness probe). */
  readonly framesDrawn: number;
  destroy(): void;
}

/** A game folder's entry point. */
export type GameViewFactory = (context: GameContext) => Promise<GameView>;
