/** Bewitched's bet, state, events, awaiting values and actions: plain JSON, shared by the round and its clients. */
import type {
  AwaitingBase,
  GambleAction,
  GambleAwaiting,
  GambleEvent,
  GambleRules,
  GambleState,
  LineBet,
  PlatformAwaiting,
  StateBase,
} from "@reelhouse/engine";

/** A line bet: coin value (minor units), 1–10 coins per line, 1–15 lines. */
export type BewitchedBet = LineBet;

export type Position = [reel: number, row: number];
export type SpinKind = "base" | "freeSpins";

/** What the three vials reveal: drawn when Merlin appears, shown only after the third vial. */
export type MerlinPrize = { kind: "cash"; times: number } | { kind: "freeSpins"; spins: number } | { kind: "jackpot" };

/** The ingredient a vial shows when opened: decoration, drawn apart from the prize (it tells nothing of it). */
export const INGREDIENTS = ["toad", "moonDew", "dragonScale", "nightshade", "starDust", "mandrake"] as const;
export type Ingredient = (typeof INGREDIENTS)[number];

/** Events the client plays back, in order. Amounts are minor units; coins are coins. */
export type BewitchedEvent =
  | { type: "spin"; mode: SpinKind; stops: number[]; window: string[][] }
  | {
      type: "lineWin";
      line: number;
      symbol: string;
      count: number;
      positions: Position[];
      /** Coins (paytable x coins per line, x2 in free spins) and the amount. */
      coins: number;
      multiplier: number;
      amount: number;
    }
  /** 2+ WITCH anywhere: the witches battle; the pay is x total bet, never doubled. */
  | { type: "witchBattle"; count: number; positions: Position[]; multiplier: number; amount: number }
  | { type: "freeSpinsTriggered"; by: "battle" | "merlin"; awarded: number; total: number; retrigger: boolean }
  /** 3+ MERLIN anywhere: the bonus waits for three vials. */
  | { type: "merlinTriggered"; positions: Position[]; vials: number }
  | { type: "vialOpened"; vial: number; ingredient: Ingredient; pick: number }
  /** The third vial: what Merlin gives (cash x total bet, free spins, or the progressive claimed when Merlin came). */
  | { type: "merlinPrize"; prize: MerlinPrize; amount: number }
  | { type: "jackpotWon"; coinValue: number; amount: number }
  | { type: "freeSpinStarted"; spin: number; of: number }
  | { type: "spinEnded"; win: number }
  | { type: "freeSpinsEnded"; freeSpins: number; win: number }
  | GambleEvent
  | { type: "roundEnded"; totalWin: number };

/** The vials: pick `picks` of `vials`; `opened` lists the vials opened so far and what they showed. */
export type VialAwaiting = AwaitingBase & {
  type: "vial";
  vials: number;
  picks: number;
  opened: { vial: number; ingredient: Ingredient }[];
};

export type FreeSpinAwaiting = AwaitingBase & { type: "freeSpin"; played: number; awarded: number };

/** What the round waits for: a vial, a free spin, a double-up decision, or the platform's jackpot answer. */
export type BewitchedAwaiting = VialAwaiting | FreeSpinAwaiting | GambleAwaiting | PlatformAwaiting;

export type BewitchedAction = { type: "vial"; vial: number } | { type: "freeSpin" } | GambleAction;

/**
 * The round's win split by source, minor units (sums to totalWin; `gamble` is signed), as the
 * PAR sheet's breakdown splits the RTP: the paid spin's line wins and witch battle (the
 * platform's `baseScatter`), Merlin's cash wherever won, the progressive wherever won, and
 * the free spins' line wins and battles.
 */
export type BewitchedWinBy = {
  readonly baseLines: number;
  readonly baseScatter: number;
  readonly merlin: number;
  readonly freeSpins: number;
  readonly jackpot: number;
  readonly gamble: number;
};

/** Feature counts of the round. */
export type BewitchedTriggered = {
  readonly freeSpins: number;
  readonly freeSpinsRetrigger: number;
  readonly merlin: number;
  readonly merlinInFreeSpins: number;
  readonly jackpot: number;
  readonly gamble: number;
};

/**
 * A Merlin bonus in progress: the prize drawn at trigger and the vials opened so far. A
 * jackpot prize is claimed from the platform at trigger (DESIGN.md §2): `claimed` holds the
 * amount the platform paid, revealed and added to the win by the third vial.
 */
export interface MerlinBonus {
  readonly prize: MerlinPrize;
  readonly opened: readonly { vial: number; ingredient: Ingredient }[];
  readonly claimed?: number;
}

/** The platform request every Merlin trigger makes: a claim for the progressive, a read of its pool for any other prize. */
export type MerlinAsk = "jackpotClaim" | "jackpotValue";

/** The round state: plain JSON, stored after every step (never sent to the client: it holds the Merlin prize). */
export interface BewitchedState extends StateBase {
  readonly bet: BewitchedBet;
  readonly winBy: BewitchedWinBy;
  readonly triggered: BewitchedTriggered;
  readonly freeSpins: { readonly awarded: number; readonly played: number } | null;
  /** The Merlin bonus waiting for its vials (null when none). */
  readonly merlin: MerlinBonus | null;
  /**
   * What the round asks the platform before anything else when Merlin comes (in the trigger
   * step's transaction), whatever his prize, so every trigger looks the same from outside:
   * `jackpotClaim` when he drew the progressive, `jackpotValue` (a read that changes nothing)
   * otherwise. Null once answered, and in every other state.
   */
  readonly ask: MerlinAsk | null;
  /** The paid spin's line win: the only win the double may stake (sheet 4). */
  readonly gambleable: number;
  /** The double, once offered (null before, and in rounds where it is not). */
  readonly gamble: GambleState | null;
  /** The double's rules as they were when it was offered (the operator may change them later). */
  readonly gambleRules: GambleRules | null;
  /** Everything won after the paid spin (free spins, their battles, Merlin and jackpots). */
  readonly featureWin: number;
}

/** The operator's configuration: the double's rules (red heart or black spade, at most 5 doubles). */
export interface BewitchedConfig {
  readonly gamble: GambleRules;
}
