/**
 * A red/black double-up any game can embed as steps of its round. The game keeps a
 * {@link GambleState} slice in its state, awaits {@link gambleAwaiting}, and passes gamble
 * actions to {@link playGamble}, which draws one card per guess from the production RNG
 * (`rng.int(deck size)`, half the cards red): a guess returns exactly the stake on average,
 * so the gamble's RTP is 100% by construction, whatever the player does.
 *
 * Accounting. The step's `win` is signed: a won double adds the stake (the amount doubles),
 * a lost one is `-stake`, so the round's `totalWin` falls to what was not at stake and never
 * below 0 (the stake is part of the win already counted). Record the gamble's net result in
 * the round's `winBy` under its own source `gamble`: add every gamble step's `win` to
 * `winBy.gamble` (see {@link addGambleWin}) and leave the source the stake came from as it
 * was. The parts then still sum to `totalWin`: a 400 line win lost in a double is
 * `{baseLines: 400, gamble: -400}`, totalWin 0; won twice, `{baseLines: 400, gamble: 1200}`.
 */
import { type Card, type Colour, colourOf, standardDeck } from "../cards/deck.js";
import type { Rng } from "../rng/rng.js";
import { type AwaitingBase, GameInputError, type RoundContext } from "../round.js";
import { type GambleDeck, type GambleRules, gambleRefusal } from "./rules.js";

/** The gamble's slice of a round state (plain JSON). */
export interface GambleState {
  /** The amount at stake now: what the next correct guess doubles (0 once lost). */
  readonly stake: number;
  /** The amount first put at stake. */
  readonly initial: number;
  /** Guesses played so far. */
  readonly played: number;
  /** Recent cards, latest first, at most the rules' `stripLength`. */
  readonly strip: readonly Card[];
  /** `open`: awaits a guess or collect; otherwise how it ended. */
  readonly status: "open" | "collected" | "lost" | "attempts" | "cap";
}

/** The player's gamble actions: a colour guess (two spellings) or collect. */
export type GambleAction =
  | { readonly type: "gambleRed" }
  | { readonly type: "gambleBlack" }
  | { readonly type: "gamble"; readonly colour: Colour }
  | { readonly type: "collect" };

/** Every gamble action type, as an awaiting value lists them. */
export const GAMBLE_ACTIONS = ["gambleRed", "gambleBlack", "gamble", "collect"] as const;

/** What a round awaiting a gamble decision tells the client. */
export interface GambleAwaiting extends AwaitingBase {
  readonly type: "gamble";
  readonly actions: typeof GAMBLE_ACTIONS;
  readonly feature: false;
  /** The amount at stake, what a correct guess pays back doubled. */
  readonly stake: number;
  readonly toWin: number;
  /** The guess about to be played (1-based) and how many remain after it. */
  readonly attempt: number;
  readonly attemptsLeft: number;
  readonly strip: readonly Card[];
}

/** What a client plays back. `win` is the step's signed change of the round's win. */
export type GambleEvent =
  | { readonly type: "gambleCard"; readonly card: Card; readonly colour: Colour; readonly guess: Colour }
  | {
      readonly type: "gambleResult";
      readonly won: boolean;
      readonly stake: number;
      readonly win: number;
      readonly amount: number;
    }
  | { readonly type: "gambleStrip"; readonly cards: readonly Card[] }
  | { readonly type: "gambleEnded"; readonly reason: Exclude<GambleState["status"], "open">; readonly amount: number };

/** One gamble step: the new slice, the signed win, the events, and whether the gamble is over. */
export interface GambleStep {
  readonly state: GambleState;
  readonly win: number;
  readonly events: GambleEvent[];
  readonly over: boolean;
}

const DECKS: Record<GambleDeck, readonly Card[]> = {
  standard: Object.freeze(standardDeck()),
  heartsSpades: Object.freeze(standardDeck().filter((c) => c.suit === "hearts" || c.suit === "spades")),
};

/** The cards a deck setting deals from (each drawn with probability 1 / size; half are red). */
export function gambleDeck(deck: GambleDeck): readonly Card[] {
  return DECKS[deck];
}

/**
 * Opens a gamble on `amount` (part or all of the round's `totalWin`, which the game must
 * ensure). Throws the refusal of {@link gambleRefusal}: {@link FeatureRefusedError} under
 * autoplay, in granted rounds or where the jurisdiction forbids it; {@link GameInputError}
 * for no win or a win above the stake cap. `strip` continues an earlier strip when given.
 */
export function openGamble(
  amount: number,
  context: RoundContext<unknown>,
  rules: GambleRules,
  strip: readonly Card[] = [],
): GambleState {
  const refusal = gambleRefusal(amount, context, rules);
  if (refusal) throw refusal;
  return { stake: amount, initial: amount, played: 0, strip: strip.slice(0, rules.stripLength), status: "open" };
}

/** What the round awaits while the gamble is open; null once it is over. */
export function gambleAwaiting(state: GambleState, rules: GambleRules): GambleAwaiting | null {
  if (state.status !== "open") return null;
  return {
    type: "gamble",
    actions: GAMBLE_ACTIONS,
    feature: false,
    stake: state.stake,
    toWin: state.stake * 2,
    attempt: state.played + 1,
    attemptsLeft: rules.maxAttempts - state.played - 1,
    strip: state.strip,
  };
}

/** The colour an action guesses, or null for collect. */
export function guessOf(action: GambleAction): Colour | null {
  switch (action.type) {
    case "gambleRed":
      return "red";
    case "gambleBlack":
      return "black";
    case "gamble":
      return action.colour;
    default:
      return null;
  }
}

/** Validates untrusted input into a gamble action. Throws {@link GameInputError} `BAD_ACTION`. */
export function parseGambleAction(input: unknown): GambleAction {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new GameInputError("BAD_ACTION", "action must be an object with a type");
  }
  const { type, colour, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    throw new GameInputError("BAD_ACTION", `unknown action field(s): ${Object.keys(rest).join(", ")}`);
  if (type === "gamble") {
    if (colour !== "red" && colour !== "black") throw new GameInputError("BAD_ACTION", 'gamble needs colour "red" or "black"');
    return { type, colour };
  }
  if (colour !== undefined) throw new GameInputError("BAD_ACTION", `${String(type)} takes no colour`);
  if (type === "gambleRed" || type === "gambleBlack" || type === "collect") return { type };
  throw new GameInputError("BAD_ACTION", `expected one of ${GAMBLE_ACTIONS.join(", ")}, got ${JSON.stringify(type)}`);
}

/**
 * Plays one gamble action. Collect ends the gamble keeping the stake (win 0). A guess is
 * refused like {@link openGamble} when the context forbids the gamble, then draws one card
 * (`rng.int(deck size)`): right doubles the stake (win `+stake`), wrong loses it (win
 * `-stake`). The gamble ends on a loss, after the last attempt, or when the doubled stake
 * exceeds the cap (the amount is then kept: there is nothing left to decide).
 */
export function playGamble(
  state: GambleState,
  action: GambleAction,
  rng: Rng,
  context: RoundContext<unknown>,
  rules: GambleRules,
  options?: { readonly events?: boolean },
): GambleStep {
  if (state.status !== "open") throw new GameInputError("GAMBLE_OVER", "the gamble is over");
  const events: GambleEvent[] = [];
  const withEvents = options?.events !== false;
  const guess = guessOf(action);
  if (guess === null) {
    const next: GambleState = { ...state, status: "collected" };
    if (withEvents) events.push({ type: "gambleEnded", reason: "collected", amount: state.stake });
    return { state: next, win: 0, events, over: true };
  }
  const refusal = gambleRefusal(state.stake, context, rules);
  if (refusal) throw refusal;
  const deck = DECKS[rules.deck];
  const card = deck[rng.int(deck.length)] as Card;
  const colour = colourOf(card.suit);
  const won = colour === guess;
  const played = state.played + 1;
  const strip = rules.stripLength > 0 ? [card, ...state.strip].slice(0, rules.stripLength) : [];
  const stake = won ? state.stake * 2 : 0;
  const win = won ? state.stake : -state.stake;
  const status: GambleState["status"] = !won
    ? "lost"
    : played >= rules.maxAttempts
      ? "attempts"
      : rules.maxStake !== null && stake > rules.maxStake
        ? "cap"
        : "open";
  const next: GambleState = { stake, initial: state.initial, played, strip, status };
  if (withEvents) {
    events.push(
      { type: "gambleCard", card, colour, guess },
      { type: "gambleResult", won, stake: state.stake, win, amount: stake },
      { type: "gambleStrip", cards: strip },
    );
    if (status !== "open") events.push({ type: "gambleEnded", reason: status, amount: stake });
  }
  return { state: next, win, events, over: status !== "open" };
}

/** The gamble's net result so far (what `winBy.gamble` holds): final amount minus the initial stake. */
export function gambleNet(state: GambleState): number {
  return state.stake - state.initial;
}

/** Adds a gamble step's signed win to `winBy.gamble` (a new object; the parts keep summing to totalWin). */
export function addGambleWin<W extends Readonly<Record<string, number>>>(winBy: W, win: number): W & { readonly gamble: number } {
  return { ...winBy, gamble: (winBy.gamble ?? 0) + win };
}

/** The part of a round state a gamble step changes: the win, its `gamble` source, the guess count, the slice and its rules. */
export interface GambleHolder {
  readonly totalWin: number;
  readonly winBy: Readonly<Record<string, number>>;
  readonly triggered: Readonly<Record<string, number>>;
  readonly gamble: GambleState | null;
  readonly gambleRules: GambleRules | null;
}

/**
 * Plays a gamble action on a round state that holds an open gamble (with the rules it was
 * offered under) and folds the step into it: `totalWin` and `winBy.gamble` move by the signed
 * win, `triggered.gamble` counts the first guess. The step's events go to `events` (null: none).
 */
export function gambleInRound<S extends GambleHolder>(
  state: S,
  action: GambleAction,
  rng: Rng,
  context: RoundContext<unknown>,
  events: unknown[] | null,
): { state: S; win: number } {
  if (!state.gamble || !state.gambleRules) throw new GameInputError("ACTION_NOT_AWAITED", "no gamble is open");
  const gamble = state.gamble;
  const step = playGamble(gamble, action, rng, context, state.gambleRules, { events: events !== null });
  events?.push(...step.events);
  const firstGuess = gamble.played === 0 && guessOf(action) !== null;
  return {
    state: {
      ...state,
      totalWin: state.totalWin + step.win,
      winBy: addGambleWin(state.winBy, step.win),
      triggered: firstGuess ? { ...state.triggered, gamble: (state.triggered.gamble ?? 0) + 1 } : state.triggered,
      gamble: step.state,
    },
    win: step.win,
  };
}
