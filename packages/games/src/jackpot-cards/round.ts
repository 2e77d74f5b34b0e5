/**
 * The Jackpot Cards round, pure: the level is drawn when the round opens (fixed weights), and
 * with it the reveal SEQUENCE (a uniform shuffle of the 3-of-each deck in which that suit
 * completes first, engine `jackpotCardsSequence`). Whatever card the player touches shows
 * the next suit of the sequence, so the drawn level is won whatever the picks; the third
 * card of the level asks the platform for the level's pool (`jackpotClaim`, 1/1), and the
 * unpicked cards are then turned over with the rest of the sequence. Nothing unrevealed
 * leaves the state: events and awaiting values name revealed cards only.
 */
import {
  awaitPlatform,
  drawWeighted,
  GameInputError,
  jackpotCardsSequence,
  type PlatformAction,
  type Rng,
  type RoundContext,
  type RoundOptions,
  type Step,
  type Suit,
  weightedTable,
} from "@reelhouse/engine";
import { CARDS, LEVEL_RULES, LEVELS, NEED } from "./model.js";
import type { CardsAction, CardsAwaiting, CardsBet, CardsConfig, CardsEvent, CardsState } from "./types.js";

export type CardsStep = Step<CardsState, CardsEvent, CardsAwaiting>;

const LEVEL_TABLE = weightedTable(LEVELS.map((value) => ({ value, weight: LEVEL_RULES[value].weight })));

/** The revealed cards, as the player may see them. */
function shown(state: CardsState): { position: number; suit: Suit }[] {
  const out: { position: number; suit: Suit }[] = [];
  state.cards.forEach((suit, position) => {
    if (suit !== null) out.push({ position, suit });
  });
  return out;
}

/** What the round waits for: the player's next card, or the platform's answer for the level's pool. */
export function awaitingOf(state: CardsState): CardsAwaiting | null {
  if (state.claimed) return null;
  if (state.completed) {
    return awaitPlatform({ kind: "jackpotClaim", ref: { pool: state.level, key: "" }, numerator: 1, denominator: 1 });
  }
  return {
    type: "pick",
    actions: ["pick"],
    feature: true,
    // A running autoplay waits for the cards and resumes afterwards (the sheet's "pauses").
    autoplay: "pause",
    cards: CARDS,
    revealed: shown(state),
  };
}

/** Opens the round: draws the level, then the reveal sequence consistent with it. */
export function start(_bet: CardsBet, rng: Rng, _context: RoundContext<CardsConfig>, options?: RoundOptions): CardsStep {
  const level = drawWeighted(LEVEL_TABLE, rng);
  const sequence = jackpotCardsSequence(level, rng);
  const state: CardsState = {
    totalBet: 0,
    totalWin: 0,
    winBy: { jackpotCards: 0 },
    triggered: { jackpotCards: 1 },
    level,
    sequence,
    cards: Array.from({ length: CARDS }, () => null),
    picks: 0,
    completed: false,
    claimed: false,
  };
  const events: CardsEvent[] = options?.events === false ? [] : [{ type: "cardsDealt", cards: CARDS }];
  return { state, events, win: 0, awaiting: awaitingOf(state) };
}

/** A pick (a face-down position) or the platform's answer for the level's pool. */
export function act(
  state: CardsState,
  action: CardsAction | PlatformAction,
  _rng: Rng,
  _context: RoundContext<CardsConfig>,
): CardsStep {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the Jackpot Cards round is over");
  if (awaiting.type === "platform") {
    if (action.type !== "platform")
      throw new GameInputError("ACTION_NOT_AWAITED", "the round awaits the platform's jackpot answer");
    const answer = action.answer;
    if (answer.kind !== "jackpotClaim" || answer.ref.pool !== state.level || answer.ref.key !== "")
      throw new GameInputError("BAD_PLATFORM_ANSWER", `expected the ${state.level} pool's jackpotClaim answer`);
    if (!Number.isSafeInteger(answer.amount) || answer.amount < 0)
      throw new GameInputError("BAD_PLATFORM_ANSWER", `a jackpot amount must be a non-negative integer, got ${answer.amount}`);
    // The rest of the deck, in sequence order, onto the cards nobody touched.
    const rest = state.sequence.slice(state.picks);
    const cards = [...state.cards];
    const shownRest: { position: number; suit: Suit }[] = [];
    cards.forEach((suit, position) => {
      if (suit === null) {
        const next = rest.shift() as Suit;
        cards[position] = next;
        shownRest.push({ position, suit: next });
      }
    });
    const next: CardsState = {
      ...state,
      cards,
      claimed: true,
      // A jackpot won: an autoplay set to stop on a jackpot stops here.
      triggered: { jackpotCards: 1, jackpot: 1 },
      totalWin: answer.amount,
      winBy: { jackpotCards: answer.amount },
    };
    return {
      state: next,
      events: [
        { type: "jackpotCardsWon", level: state.level, amount: answer.amount },
        { type: "cardsShown", cards: shownRest },
        { type: "roundEnded", totalWin: answer.amount },
      ],
      win: answer.amount,
      awaiting: null,
    };
  }
  if (action.type !== "pick") throw new GameInputError("ACTION_NOT_AWAITED", `expected a pick, got ${action.type}`);
  const position = action.position;
  if (state.cards[position] !== null) throw new GameInputError("CARD_TAKEN", `card ${position} is already face up`);
  const suit = state.sequence[state.picks] as Suit;
  const cards = [...state.cards];
  cards[position] = suit;
  const count = cards.filter((s) => s === suit).length;
  const completed = count >= NEED;
  const next: CardsState = { ...state, cards, picks: state.picks + 1, completed };
  const events: CardsEvent[] = [{ type: "cardRevealed", position, suit, count }];
  if (completed) events.push({ type: "levelCompleted", level: suit });
  return { state: next, events, win: 0, awaiting: awaitingOf(next) };
}

/** A pick as sent: `{type: "pick", position}` with a face-down position 0–11; anything else is refused. */
export function parseAction(state: CardsState, input: unknown): CardsAction {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new GameInputError("BAD_ACTION", "an action is an object");
  const keys = Object.keys(input);
  const extra = keys.filter((k) => k !== "type" && k !== "position");
  if (extra.length > 0) throw new GameInputError("BAD_ACTION", `unknown field(s) in the action: ${extra.join(", ")}`);
  const { type, position } = input as { type?: unknown; position?: unknown };
  if (type !== "pick") throw new GameInputError("BAD_ACTION", "the only action is {type: 'pick', position}");
  if (typeof position !== "number" || !Number.isInteger(position) || position < 0 || position >= CARDS)
    throw new GameInputError("BAD_ACTION", `position must be an integer from 0 to ${CARDS - 1}`);
  if (state.cards[position] !== undefined && state.cards[position] !== null)
    throw new GameInputError("CARD_TAKEN", `card ${position} is already face up`);
  return { type: "pick", position };
}
