/** 40 Mystic Gem's bet, state, events, awaiting values and actions: plain JSON, shared by the round and its clients. */
import type { GambleAction, GambleAwaiting, GambleEvent, GambleRules, GambleState, StakeBet, StateBase } from "@reelhouse/engine";
import type { ModeId } from "./modes.js";

/** A bet: the index of the total stake (0.40–50.00 EUR) and the bought mode, absent for a plain spin. */
export type MysticBet = StakeBet<ModeId>;

export type Position = [reel: number, row: number];

/** Events the client plays back, in order. Amounts are minor units. */
export type MysticEvent =
  /**
   * The spin: the reels' stops (null for a reel under a bought WILD), the window as drawn
   * (bought reels already WILD), the bought reels, and how many draws a guarantee took.
   */
  | {
      type: "spin";
      mode: ModeId | null;
      stops: (number | null)[];
      window: string[][];
      bought: number[];
      draws: number;
    }
  /** Landed WILDs on reels 2–4 expand over their reel (0-based reels); `window` is what pays. */
  | { type: "wildsExpanded"; reels: number[]; window: string[][] }
  | {
      type: "lineWin";
      line: number;
      symbol: string;
      count: number;
      positions: Position[];
      /** Line bets won (the paytable's pay) and the amount (x the line bet). */
      pay: number;
      amount: number;
    }
  /** A scatter pay: `count` of `symbol` anywhere, x the (base) total bet. */
  | { type: "scatterWin"; symbol: string; count: number; positions: Position[]; multiplier: number; amount: number }
  | { type: "spinEnded"; win: number }
  | GambleEvent
  | { type: "roundEnded"; totalWin: number };

/** What the round waits for: only the Fold (double up). */
export type MysticAwaiting = GambleAwaiting;
export type MysticAction = GambleAction;

/** The round's win split by source, minor units (sums to totalWin; `gamble` is signed). */
export type MysticWinBy = {
  readonly baseLines: number;
  readonly baseScatter: number;
  readonly gamble: number;
};

export type MysticTriggered = {
  /** Landed (not bought) WILDs that expanded. */
  readonly expandingWild: number;
  readonly gamble: number;
};

/** The round state: plain JSON, stored after every step. */
export interface MysticState extends StateBase {
  readonly bet: MysticBet;
  /** The total bet the pays use, minor units (the debit is `totalBet`: the mode's price when bought). */
  readonly stake: number;
  readonly winBy: MysticWinBy;
  readonly triggered: MysticTriggered;
  /** The reels under a bought WILD (0-based), empty for a plain spin. */
  readonly bought: readonly number[];
  /** The Fold, once offered (null before, and when it is not). */
  readonly gamble: GambleState | null;
  /** The Fold's rules as they were when it was offered. */
  readonly gambleRules: GambleRules | null;
}

/** The operator's configuration: the Fold's rules (attempts 1..5, the stake cap per currency). */
export interface MysticConfig {
  readonly gamble: GambleRules;
}
