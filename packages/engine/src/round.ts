import type { ExactOptions, ParReport } from "./par.js";
import type { Rng } from "./rng/rng.js";

/**
 * One step of a round: the new state (plain JSON), the events a client plays back,
 * the amount this step won (integer minor units), and what the round waits for next.
 * `awaiting: null` means the round is over.
 */
export interface Step<State, Event, Awaiting> {
  readonly state: State;
  readonly events: Event[];
  readonly win: number;
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

/**
 * A round as a pure state machine. `start` and `act` never do I/O and take all their
 * randomness from `rng`, so the same draws always give the same steps.
 */
export interface RoundMachine<Bet, State, Action, Event, Awaiting> {
  /** Plays the paid (or granted) first step of a round at `bet`. */
  start(bet: Bet, rng: Rng, options?: RoundOptions): Step<State, Event, Awaiting>;
  /** Applies a player action to an unfinished round. Throws {@link GameInputError} for an action not awaited. */
  act(state: State, action: Action, rng: Rng, options?: RoundOptions): Step<State, Event, Awaiting>;
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
  /** Name of the decision, e.g. `freeSpin`, `pick`, `gamble`. */
  readonly type: string;
  /** The action types that are accepted now. */
  readonly actions: readonly string[];
  /** True when the decision is a bonus/feature that autoplay must not start by itself. */
  readonly feature: boolean;
}

/** The minimal shape of every round state. */
export interface StateBase {
  /** The round's total bet, minor units (what a paid round debits). */
  readonly totalBet: number;
  /** Sum of all step wins so far, minor units. */
  readonly totalWin: number;
  /** `totalWin` split by source (e.g. baseLines, baseScatter, freeSpins, bonus); the parts sum to it. */
  readonly winBy: Readonly<Record<string, number>>;
  /** How many times each feature triggered in this round (e.g. freeSpins, bonus). */
  readonly triggered: Readonly<Record<string, number>>;
}

/**
 * A game as the platform sees it: its identity, bet parsing, the pure round machine,
 * and its maths as data. Games implement this; the simulator, server, replay and
 * recovery all call the same object.
 */
export interface GameModule<
  Bet = unknown,
  State extends StateBase = StateBase,
  Action = unknown,
  Event = unknown,
  Awaiting extends AwaitingBase = AwaitingBase,
> extends RoundMachine<Bet, State, Action, Event, Awaiting> {
  readonly id: string;
  readonly name: string;
  /** Version of the maths; changes whenever any payout-relevant data changes. */
  readonly version: string;
  /** Validates untrusted input into a bet, or throws {@link GameInputError}. */
  parseBet(input: unknown): Bet;
  /** Validates untrusted input into an action for this state, or throws {@link GameInputError}. */
  parseAction(state: State, input: unknown): Action;
  /** The amount a bet debits, minor units. */
  totalBet(bet: Bet): number;
  /** The smallest selectable bet (offered when funds are insufficient). */
  minBet(): Bet;
  /** The maths as data (`reelhouse.model/1`). */
  model(): unknown;
  /** The exact PAR report, computed without simulation. */
  exact(options?: ExactOptions): ParReport;
  /**
   * Player policies for simulation and certification: how a simulated player answers
   * each decision. `default` must exist; games with real choices offer several.
   */
  readonly policies: Readonly<Record<string, (state: State, awaiting: Awaiting) => Action>>;
  /** What a client needs to show the game: bet options, paytable, lines, rules flags. */
  describe(): unknown;
}
