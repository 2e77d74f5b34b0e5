/** Mona Lisa Jewels' bet, state, events, awaiting values and actions: plain JSON, shared by the round and its clients. */
import type { AwaitingBase, PlatformAwaiting, StateBase, WindowHold } from "@reelhouse/engine";

/** A line bet: coin value (minor units), coins per line, number of enabled lines. */
export interface MonaBet {
  readonly coinValue: number;
  readonly coinsPerLine: number;
  readonly lines: number;
}

export type Position = [reel: number, row: number];
export type SpinKind = "base" | "freeSpins" | "jewelSpins";

/** Events the client plays back, in order. Amounts are minor units; coins are coins. */
export type MonaEvent =
  /** A spin: the window shown. In Jewel spins `held` lists the cells held over the fresh stops (reel 1 is locked). */
  | { type: "spin"; mode: SpinKind; stops: number[]; window: string[][]; held: Position[] }
  | {
      type: "lineWin";
      line: number;
      symbol: string;
      count: number;
      /** Wilds in the paid combination, and the multiplier they give (normal free spins only). */
      wilds: number;
      multiplier: number;
      positions: Position[];
      coins: number;
      amount: number;
    }
  /** 5 JACKPOT on a line at 25 lines and 10 coins per line: the progressive is claimed next. */
  | { type: "jackpotLine"; line: number; positions: Position[] }
  /** The platform paid the progressive for that line (pool x coin value / 10 EUR). */
  | { type: "jackpotWon"; line: number; amount: number }
  | { type: "scatterWin"; symbol: string; count: number; positions: Position[]; multiplier: number; amount: number }
  /** 2+ JEWEL on reel 1: 2 Jewel spins follow, reel 1 locked and `held` sticky. */
  | { type: "jewelSpinsTriggered"; awarded: number; positions: Position[]; held: Position[] }
  /** 3+ SCATTER: 10 normal free spins, played after any Jewel spins. */
  | { type: "freeSpinsTriggered"; awarded: number; total: number; retrigger: boolean; positions: Position[] }
  | { type: "freeSpinStarted"; kind: "jewel" | "normal"; spin: number; of: number }
  | { type: "spinEnded"; win: number }
  | { type: "freeSpinsEnded"; freeSpins: number; jewelSpins: number; win: number }
  | { type: "roundEnded"; totalWin: number };

/** What the round waits for: a free spin of either kind (the player starts it), or the platform's jackpot answer. */
export type MonaAwaiting =
  | (AwaitingBase & {
      type: "freeSpin";
      /** Which spin comes next: a Jewel spin (always first) or a normal free spin. */
      kind: "jewel" | "normal";
      /** Jewel spins left in the current series; normal free spins played and awarded in the round. */
      jewelLeft: number;
      played: number;
      awarded: number;
    })
  | PlatformAwaiting;

export type MonaAction = { type: "freeSpin" };

/** The round's win split by source, minor units (sums to totalWin). */
export type MonaWinBy = {
  readonly baseLines: number;
  readonly baseScatter: number;
  /** Line and scatter wins of normal free spins. */
  readonly freeSpins: number;
  /** Everything won in Jewel spins (wherever they were triggered). */
  readonly jewelSpins: number;
  /** Progressive jackpots paid by the platform. */
  readonly jackpot: number;
};

/** Feature counts of the round. */
export type MonaTriggered = {
  /** 10 free spins awarded by the paid spin. */
  readonly freeSpins: number;
  /** 10 free spins awarded by a free spin (normal or Jewel). */
  readonly freeSpinsRetrigger: number;
  /** Jewel spins triggered by the paid spin. */
  readonly jewelSpins: number;
  /** Jewel spins triggered by a normal free spin. */
  readonly jewelSpinsInFreeSpins: number;
  /** Progressive jackpots won. */
  readonly jackpot: number;
};

/** A Jewel series in progress. */
export interface JewelSeries {
  /** Jewel spins still to play. */
  readonly left: number;
  /** Jewel spins played in this series. */
  readonly played: number;
  /** Reel 1 locked, JEWEL and WILD on reels 2–5 sticky. */
  readonly hold: WindowHold;
  /** The triggering spin's reel-1 stop (what the locked reel shows). */
  readonly lockedStop: number;
}

/** The round state: plain JSON, stored after every step. */
export interface MonaState extends StateBase {
  readonly bet: MonaBet;
  readonly winBy: MonaWinBy;
  readonly triggered: MonaTriggered;
  /** Normal free spins awarded and played in this round (null before any award). */
  readonly freeSpins: { readonly awarded: number; readonly played: number } | null;
  /** The Jewel series being played (null when none). */
  readonly jewel: JewelSeries | null;
  /** Jewel spins played in the whole round. */
  readonly jewelSpinsPlayed: number;
  /** Progressive lines of the last spin still to claim, in line order. */
  readonly claims: readonly number[];
  /** Everything won after the paid spin (free spins of both kinds and their jackpots). */
  readonly featureWin: number;
}

/** Mona Lisa Jewels has no operator configuration. */
export type MonaConfig = Readonly<Record<string, never>>;
