import type { ExactOptions, ParReport } from "./par.js";
import type { Rng } from "./rng/rng.js";

// ---------------------------------------------------------------------------------
// Amounts.

/**
 * Integer amounts by unit. `cash` is the player's currency in minor units (EUR cents);
 * any other key is a non-cash unit a game names (Gnomos Mix's `bonus`). Amounts on a
 * step are signed: a lost double-up is a negative `cash` change of the round's winnings.
 */
export type Amounts = Readonly<Record<string, number>>;

/** The unit of the player's money: always present in a stake. */
export const CASH = "cash";

// ---------------------------------------------------------------------------------
// Context in: what a round does not own.

/** A jurisdiction's feature switches, enforced by the server and known to the round. */
export interface FeatureFlags {
  /** Double-up / gamble steps may be offered. */
  readonly gamble: boolean;
  /** Bought modes (buy bonus) may be played. */
  readonly buyBonus: boolean;
  /** Autoplay may run. */
  readonly autoplay: boolean;
}

/**
 * Everything a round is told rather than owns, passed to every `start` and `act` and stored
 * with each step, so that a replay is draws + context + actions and stays exact.
 */
export interface RoundContext<Config = unknown> {
  /** ISO 4217 code of the `cash` unit, e.g. `EUR`. */
  readonly currency: string;
  /**
   * The player's non-cash balances before this step, by unit (e.g. `{bonus: 12}`): a round
   * may spend them only up to these. Cash is never here: a round's cash stake is its bet.
   */
  readonly balances: Amounts;
  /** The operator's configuration of this game, parsed and validated by the game's `parseConfig`. */
  readonly config: Config;
  /** The jurisdiction's feature flags. */
  readonly features: FeatureFlags;
  /** The round is played by a server-run autoplay (no gamble, features wait for the player). */
  readonly autoplay: boolean;
  /** The round is an operator-granted free round (Bonus Spin Mode): nothing is debited, no gamble, no jackpot contribution. */
  readonly granted: boolean;
}

/** Every feature allowed, cash only, no autoplay, not granted: the simulator's and tests' usual context. */
export function defaultContext<Config>(
  config: Config,
  overrides: Partial<Omit<RoundContext<Config>, "config">> = {},
): RoundContext<Config> {
  return Object.freeze({
    currency: "EUR",
    balances: Object.freeze({}),
    config,
    features: Object.freeze({ gamble: true, buyBonus: true, autoplay: true }),
    autoplay: false,
    granted: false,
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------
// Requests out: values only the platform knows (effects as data).

/** A shared jackpot pool as a round names it: the game's pool id and the key that picks one pool of it. */
export interface PoolRef {
  /** The game's pool id, e.g. `progressive`, `cards`. */
  readonly pool: string;
  /**
   * Which pool of that id: e.g. the coin value for per-coin-value pools (`"10"`), a Jackpot
   * Cards level (`"spades"`), or `""` for one pool per currency. The currency is the context's.
   */
  readonly key: string;
}

/**
 * A value the round asks the platform for. The step that returns it awaits
 * {@link PlatformAwaiting}; the server answers in the same transaction by calling `act`
 * with a {@link PlatformAction} and records the answer as that step's action, so recovery
 * and replay need nothing else. The simulator answers from a model of the platform.
 */
export type PlatformRequest =
  /** Wins a jackpot: the platform pays `pool value x numerator / denominator`, rounded down to the cent. */
  | { readonly kind: "jackpotClaim"; readonly ref: PoolRef; readonly numerator: number; readonly denominator: number }
  /** Reads a pool's current value (e.g. to show it or to decide a prize at that moment). */
  | { readonly kind: "jackpotValue"; readonly ref: PoolRef };

/** The platform's answer to a {@link PlatformRequest}, of the same kind. */
export type PlatformAnswer =
  /** `amount`: cash minor units the round now holds as won (already taken from the pool). */
  | { readonly kind: "jackpotClaim"; readonly ref: PoolRef; readonly amount: number }
  /** `micro`: the pool's value in micro-units (1 EUR = 1,000,000). */
  | { readonly kind: "jackpotValue"; readonly ref: PoolRef; readonly micro: number };

/** The action that carries a platform answer back into the round. */
export interface PlatformAction {
  readonly type: "platform";
  readonly answer: PlatformAnswer;
}

// ---------------------------------------------------------------------------------
// Steps.

/**
 * One step of a round: the new state (plain JSON), the events a client plays back,
 * the signed change of the round's winnings, and what the round waits for next.
 * `awaiting: null` means the round is over.
 */
export interface Step<State, Event, Awaiting> {
  readonly state: State;
  readonly events: Event[];
  /**
   * Signed change of the round's cash winnings in this step, minor units: positive for a
   * win, negative when a gamble loses what was won. Summed over the steps it is `state.totalWin`.
   */
  readonly win: number;
  /** Signed change of the round's non-cash winnings by unit (e.g. `{bonus: 3}`); absent when none. */
  readonly units?: Amounts;
  readonly awaiting: Awaiting | null;
}

/** A player- or operator-caused error in a bet or action: clear message, nothing changes. */
export class GameInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The features a jurisdiction or an operator can switch off. */
export type SwitchableFeature = keyof FeatureFlags;

/**
 * An action or bet the game refuses because the context forbids its feature (gamble where
 * the jurisdiction forbids it, under autoplay or in a granted round; a bought mode where buy
 * bonus is off). The server answers 403 with this code; nothing changes.
 */
export class FeatureRefusedError extends GameInputError {
  constructor(
    readonly feature: SwitchableFeature,
    message: string,
  ) {
    super("FEATURE_NOT_ALLOWED", message);
  }
}

/**
 * A round as a pure state machine. `start` and `act` never do I/O and take all their
 * randomness from `rng` and everything else from `context`, so the same draws, context
 * and actions always give the same steps.
 */
export interface RoundMachine<Bet, State, Action, Event, Awaiting, Config = unknown> {
  /** Plays the paid (or granted) first step of a round at `bet`. */
  start(bet: Bet, rng: Rng, context: RoundContext<Config>, options?: RoundOptions): Step<State, Event, Awaiting>;
  /** Applies an awaited action (a player's, or a platform answer) to an unfinished round. Throws {@link GameInputError} otherwise. */
  act(
    state: State,
    action: Action | PlatformAction,
    rng: Rng,
    context: RoundContext<Config>,
    options?: RoundOptions,
  ): Step<State, Event, Awaiting>;
}

/**
 * How a step is played. `events: false` skips building the client's events (the
 * simulator's fast path): every number of the step — draws, wins, state — still comes
 * from the same code, and the step's `events` is an empty array.
 */
export interface RoundOptions {
  readonly events?: boolean;
}

/** The minimal shape every awaiting value has, so a server can reason about it generically. */
export interface AwaitingBase {
  /** Name of the decision, e.g. `freeSpin`, `pick`, `gamble`; `platform` is reserved for {@link PlatformAwaiting}. */
  readonly type: string;
  /** The action types that are accepted now. */
  readonly actions: readonly string[];
  /** True when the decision is a bonus/feature that autoplay must not start by itself. */
  readonly feature: boolean;
  /**
   * What a running autoplay does while a feature waits here for the player: `pause` (it
   * resumes when the round ends, e.g. 40 Mystic Gem's Jackpot Cards) or `stop` (the default).
   */
  readonly autoplay?: "pause" | "stop";
}

/** A round waiting for the platform, not the player: the server answers it at once, in the same transaction. */
export interface PlatformAwaiting extends AwaitingBase {
  readonly type: "platform";
  readonly actions: readonly ["platform"];
  readonly feature: false;
  readonly request: PlatformRequest;
}

/** True when the round waits for the platform rather than the player. */
export function isPlatformAwaiting(awaiting: AwaitingBase | null): awaiting is PlatformAwaiting {
  return awaiting !== null && awaiting.type === "platform";
}

/** Builds the awaiting value of a platform request. */
export function awaitPlatform(request: PlatformRequest): PlatformAwaiting {
  return { type: "platform", actions: ["platform"], feature: false, request };
}

/** The minimal shape of every round state. */
export interface StateBase {
  /** The round's cash stake, minor units (what a paid round debits). */
  readonly totalBet: number;
  /** Sum of all step wins so far (cash), minor units; never negative. */
  readonly totalWin: number;
  /** `totalWin` split by source (e.g. baseLines, baseScatter, freeSpins, bonus, gamble); the parts sum to it. */
  readonly winBy: Readonly<Record<string, number>>;
  /** How many times each feature triggered in this round (e.g. freeSpins, bonus, jackpot). */
  readonly triggered: Readonly<Record<string, number>>;
  /** Non-cash stake by unit (Gnomos Mix's upper game: `{bonus: 1}`); absent when the stake is cash only. */
  readonly stakeUnits?: Amounts;
  /** Non-cash winnings so far by unit (the sum of the steps' `units`); absent when none. */
  readonly winUnits?: Amounts;
}

// ---------------------------------------------------------------------------------
// The game module.

/**
 * A game as the platform sees it: its identity, bet and configuration parsing, the pure
 * round machine, and its maths as data. Games implement this; the simulator, server,
 * replay and recovery all call the same object.
 */
export interface GameModule<
  Bet = unknown,
  State extends StateBase = StateBase,
  Action = unknown,
  Event = unknown,
  Awaiting extends AwaitingBase = AwaitingBase,
  Config = unknown,
> extends RoundMachine<Bet, State, Action, Event, Awaiting, Config> {
  readonly id: string;
  readonly name: string;
  /** Version of the maths; changes whenever any payout-relevant data changes. */
  readonly version: string;
  /** Validates untrusted input into a bet, or throws {@link GameInputError}. */
  parseBet(input: unknown): Bet;
  /** Validates untrusted input into an action for this state, or throws {@link GameInputError}. */
  parseAction(state: State, input: unknown): Action;
  /**
   * Validates the operator's configuration of the game (e.g. an RTP level, double-up
   * attempts, the max gamble stake); `undefined` gives the default. Throws {@link GameInputError}.
   */
  parseConfig(input: unknown): Config;
  /** The cash amount a bet debits, minor units. */
  totalBet(bet: Bet): number;
  /** The non-cash stake of a bet by unit (e.g. `{bonus: 1}`); absent for cash-only games. */
  stakeUnits?(bet: Bet): Amounts;
  /** The smallest selectable bet (offered when funds are insufficient). */
  minBet(): Bet;
  /** The largest selectable bet (BET MAX, stake caps). */
  maxBet(): Bet;
  /** Every selectable bet, smallest total first (the client offers the largest affordable one). */
  bets(): readonly Bet[];
  /** The maths as data (`reelhouse.model/1`). */
  model(): unknown;
  /** The exact PAR report, computed without simulation. */
  exact(options?: ExactOptions): ParReport;
  /**
   * Player policies for simulation and certification: how a simulated player answers
   * each decision. `default` must exist; games with real choices offer several.
   */
  readonly policies: Readonly<Record<string, (state: State, awaiting: Awaiting) => Action>>;
  /** What a client needs to show the game: bet schema, paytable, lines, rules flags. */
  describe(config?: Config): GameDescription;
  /**
   * How the game's certified maths answers its platform requests (e.g. a jackpot claim
   * paid at the pool's seed): the simulator plays rounds against this model. Absent when
   * the game never asks the platform for anything.
   */
  platformModel?(request: PlatformRequest, context: RoundContext<Config>): PlatformAnswer;
  /** The shared jackpot pools the game's rounds claim (absent: none). The platform creates, funds and keeps them. */
  readonly jackpots?: readonly JackpotPoolSpec<Bet>[];
  /**
   * True when the game includes the platform's Jackpot Cards mystery jackpot: its paid
   * rounds feed the Jackpot Cards pools and, when they end, may open a card round.
   */
  readonly jackpotCards?: boolean;
  /**
   * True for a round the platform opens itself (Jackpot Cards): never started by a player,
   * not in the lobby, no stake of its own.
   */
  readonly platformRound?: boolean;
  /**
   * True while the round holds a jackpot it has claimed but not shown the player yet
   * (Bewitched: Merlin's progressive, claimed when he comes, shown by the third vial).
   * While it is, the platform announces none of the round's claims (no winner notice, no win
   * number; the winner's own ticker keeps the pool as it was) and the player's view of the
   * open round shows no platform answer; the step that makes it false, or ends the round,
   * announces them when it commits. Absent: a claim is announced when its step commits.
   */
  hidesClaim?(state: State): boolean;
  /**
   * What the server plays for a player who left the round waiting past the operator's
   * deadline (`REELHOUSE_ROUND_DEADLINE_MS`), again and again until the round ends: an action
   * that completes it without risking anything (reveal what was drawn, play what was won,
   * collect a pending double; never a double or a choice that could lose). Absent: the
   * round waits for the player however long.
   */
  deadlineAction?(state: State, awaiting: Awaiting): Action;
}

/**
 * A shared jackpot pool a game declares as data; the platform keeps it (in micro-units,
 * 1 EUR = 1,000,000), funds it and answers the round's `jackpotClaim`/`jackpotValue` on it.
 * One declaration may stand for several pools: one per currency and key (e.g. per coin value).
 */
export interface JackpotPoolSpec<Bet = unknown> {
  /** The pool id rounds name in a {@link PoolRef} (`progressive`, `cards`). */
  readonly id: string;
  readonly name: string;
  /**
   * Who pays contributions: `wager` moves part of every qualifying paid stake from the house
   * into the pool; `operator` funds the same amount from the operator's jackpot-funding
   * account (nothing is deducted from the player's wager, as for Jackpot Cards).
   */
  readonly funding: "wager" | "operator";
  /** Contribution per qualifying paid bet, basis points of its cash stake (50 = 0.5%). */
  readonly rateBps: number;
  /**
   * The seed of each pool, micro-units, by currency then key: the pools that exist. A pool is
   * funded to its seed when created and topped back up to it after every win.
   */
  readonly seeds: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * The key of the pool a paid bet contributes to, or `null` when the bet does not qualify
   * (contributes nothing). Granted rounds never contribute, whatever this says.
   */
  contributesTo(bet: Bet, currency: string): string | null;
  /**
   * What a player's screen shows of this declaration at `bet`: the pools (keys) and the share
   * of each a win at that bet would take (`numerator/denominator`, the same fraction the
   * round's claim names), so the push channel sends the value the player could win, in
   * cents rounded down like a claim, and the client holds no game maths. Absent: every key of
   * the currency, in full (1/1). An empty list shows nothing at that bet.
   */
  shownFor?(bet: Bet, currency: string): readonly ShownShare[];
}

/** One pool a screen shows, and the share of it a win at the viewed bet takes. */
export interface ShownShare {
  readonly key: string;
  readonly numerator: number;
  readonly denominator: number;
}

/** The part of a game's description the platform reads; games add their own fields. */
export interface GameDescription {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  /** The RTP at the default bet and configuration, a fraction (0.9656). */
  readonly rtp: number;
  readonly [field: string]: unknown;
}
