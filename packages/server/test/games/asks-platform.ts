/**
 * TEST-ONLY game, registered only by server tests: a round that asks the platform for a
 * value (a pool's value, `jackpotValue`) one or more times, pays part of each answer, and
 * may then wait for a player's pick that PAUSES autoplay (as a jackpot round would). It
 * proves the platform-request loop (answer in the same transaction, each answer its own
 * step), its recovery and its replay, without any real jackpot.
 */
import {
  type AwaitingBase,
  awaitPlatform,
  GameInputError,
  type GameModule,
  type PlatformAction,
  type PlatformAwaiting,
  type Rng,
  type RoundContext,
  type StateBase,
  type Step,
} from "@reelhouse/engine";

export const ASKS_PLATFORM = "asks-platform";

/** `asks` platform requests of `kind`, then (`pick: true`) a player's pick and `after` more requests, then the end. */
export interface AskBet {
  stake: number;
  asks: number;
  kind: "jackpotValue" | "jackpotClaim";
  pick: boolean;
  after: number;
}

export type AskEvent =
  | { type: "started"; roll: number }
  | { type: "platformAnswered"; micro: number; win: number }
  | { type: "picked"; win: number }
  | { type: "ended"; totalWin: number };

export type AskAwaiting =
  | PlatformAwaiting
  | (AwaitingBase & { type: "pick"; actions: ["pick"]; feature: true; autoplay: "pause" });

export interface AskState extends StateBase {
  bet: AskBet;
  roll: number;
  asked: number;
  picking: boolean;
}

type AskStep = Step<AskState, AskEvent, AskAwaiting>;

const request = (bet: AskBet) =>
  awaitPlatform(
    bet.kind === "jackpotValue"
      ? { kind: "jackpotValue", ref: { pool: "test", key: String(bet.stake) } }
      : { kind: "jackpotClaim", ref: { pool: "test", key: String(bet.stake) }, numerator: 1, denominator: 1 },
  );

/** What the round awaits: the platform (before and after the pick), a pick that pauses autoplay, or nothing. */
function next(state: AskState, events: AskEvent[], win: number): AskStep {
  if (state.asked < state.bet.asks) return { state, events, win, awaiting: request(state.bet) };
  if (state.picking)
    return { state, events, win, awaiting: { type: "pick", actions: ["pick"], feature: true, autoplay: "pause" } };
  if (state.asked < state.bet.asks + state.bet.after) return { state, events, win, awaiting: request(state.bet) };
  events.push({ type: "ended", totalWin: state.totalWin });
  return { state, events, win, awaiting: null };
}

function start(bet: AskBet, rng: Rng, _context: RoundContext<unknown>): AskStep {
  const roll = rng.int(100);
  const state: AskState = {
    bet,
    roll,
    asked: 0,
    picking: bet.pick,
    totalBet: bet.stake,
    totalWin: 0,
    winBy: {},
    triggered: {},
  };
  return next(state, [{ type: "started", roll }], 0);
}

function act(state: AskState, action: { type: "pick" } | PlatformAction, rng: Rng, _context: RoundContext<unknown>): AskStep {
  if (action.type === "platform") {
    const pending = state.asked < state.bet.asks || (!state.picking && state.asked < state.bet.asks + state.bet.after);
    if (!pending) throw new GameInputError("ACTION_NOT_AWAITED", "no platform request is pending");
    const answer = action.answer;
    const micro = answer.kind === "jackpotValue" ? answer.micro : answer.amount;
    // Pays 1/1000 of the answer (and draws once, so platform steps have draws to replay too).
    const win = Math.floor(micro / 1000) + rng.int(2);
    const after: AskState = { ...state, asked: state.asked + 1, totalWin: state.totalWin + win };
    return next(after, [{ type: "platformAnswered", micro, win }], win);
  }
  if (!state.picking) throw new GameInputError("ACTION_NOT_AWAITED", "nothing to pick");
  const win = state.roll + rng.int(10);
  const after: AskState = { ...state, picking: false, totalWin: state.totalWin + win };
  return next(after, [{ type: "picked", win }], win);
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parseBet(input: unknown): AskBet {
  if (!isRecord(input)) throw new GameInputError("BAD_BET", "bet must be an object");
  const { stake, asks, kind = "jackpotValue", pick = false, after = 0 } = input;
  if (typeof stake !== "number" || !Number.isInteger(stake) || stake < 1 || stake > 10_000)
    throw new GameInputError("BAD_BET", "stake 1..10000");
  if (typeof asks !== "number" || !Number.isInteger(asks) || asks < 0 || asks > 100)
    throw new GameInputError("BAD_BET", "asks 0..100");
  if (kind !== "jackpotValue" && kind !== "jackpotClaim") throw new GameInputError("BAD_BET", "kind");
  if (typeof pick !== "boolean") throw new GameInputError("BAD_BET", "pick is a boolean");
  if (typeof after !== "number" || !Number.isInteger(after) || after < 0 || after > 100 || (after > 0 && !pick))
    throw new GameInputError("BAD_BET", "after 0..100, with pick");
  return { stake, asks, kind, pick, after };
}

function parseAction(state: AskState, input: unknown): { type: "pick" } {
  if (!isRecord(input) || input.type !== "pick")
    throw new GameInputError("BAD_ACTION", "the only player action is {type: 'pick'}");
  if (!state.picking || state.asked < state.bet.asks) throw new GameInputError("ACTION_NOT_AWAITED", "nothing to pick now");
  return { type: "pick" };
}

const MIN: AskBet = { stake: 1, asks: 0, kind: "jackpotValue", pick: false, after: 0 };
const MAX: AskBet = { stake: 10_000, asks: 0, kind: "jackpotValue", pick: false, after: 0 };

export const asksPlatform: GameModule<AskBet, AskState, { type: "pick" }, AskEvent, AskAwaiting, Record<string, never>> = {
  id: ASKS_PLATFORM,
  name: "Asks the platform (test)",
  version: "test-1",
  start,
  act,
  parseBet,
  parseAction,
  parseConfig: () => ({}),
  totalBet: (bet) => bet.stake,
  minBet: () => MIN,
  maxBet: () => MAX,
  bets: () => [MIN, MAX],
  model: () => ({}),
  exact: () => {
    throw new Error("test game: no PAR");
  },
  policies: { default: () => ({ type: "pick" }) },
  describe: () => ({ id: ASKS_PLATFORM, name: "Asks the platform (test)", version: "test-1", rtp: 0 }),
};
