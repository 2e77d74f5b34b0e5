/**
 * 40 Mystic Gem's round as a pure state machine (contract v2): the paid (or bought, or
 * granted) spin, then, when its win may be folded, the Fold (red or black). Jackpot Cards
 * are the platform's own round, opened after this one ends. The simulator, the server,
 * replay and recovery all run this.
 */
import {
  checkModeAllowed,
  type GambleRules,
  GameInputError,
  gambleAwaiting,
  gambleInRound,
  gambleRefusal,
  openGamble,
  type PlatformAction,
  type Rng,
  type RoundContext,
  type RoundOptions,
  type Step,
  windowToIds,
} from "@reelhouse/engine";
import { LINES, PAYLINES, REELS, ROWS } from "./model.js";
import { SYMBOL_IDS } from "./rules.js";
import { playSpin, type SpinResult } from "./spin.js";
import type { MysticAction, MysticAwaiting, MysticBet, MysticConfig, MysticEvent, MysticState, Position } from "./types.js";
import { modeOf, parseActionFor, stakeOfBet, totalBetOf } from "./validate.js";

type MysticStep = Step<MysticState, MysticEvent, MysticAwaiting>;

const NO_EVENTS: MysticEvent[] = [];

/** The cells of a line's first `count` reels. */
export function linePositions(line: number, count: number): Position[] {
  return Array.from({ length: count }, (_, r) => [r, (PAYLINES[line - 1] as readonly number[])[r] as number] as Position);
}

/** What the round waits for: the Fold while it is open, else nothing. */
export function awaitingOf(state: MysticState): MysticAwaiting | null {
  return state.gamble && state.gambleRules ? gambleAwaiting(state.gamble, state.gambleRules) : null;
}

/** The spin's events: the draw, the expansion, each line and scatter pay, the spin's end. */
function spinEvents(state: MysticState, spin: SpinResult, lineBet: number, win: number): MysticEvent[] {
  const events: MysticEvent[] = [
    {
      type: "spin",
      mode: state.bet.mode ?? null,
      stops: [...spin.stops],
      window: windowToIds(spin.drawn, REELS, ROWS, SYMBOL_IDS),
      bought: [...spin.bought],
      draws: spin.draws,
    },
  ];
  if (spin.expanded.length > 0)
    events.push({ type: "wildsExpanded", reels: spin.expanded, window: windowToIds(spin.window, REELS, ROWS, SYMBOL_IDS) });
  for (const lw of spin.lineWins)
    events.push({
      type: "lineWin",
      line: lw.line,
      symbol: SYMBOL_IDS[lw.symbol] as string,
      count: lw.count,
      positions: linePositions(lw.line, lw.count),
      pay: lw.pay,
      amount: lw.pay * lineBet,
    });
  for (const sw of spin.scatterWins)
    events.push({
      type: "scatterWin",
      symbol: sw.symbol,
      count: sw.count,
      positions: sw.positions,
      multiplier: sw.multiplier,
      amount: sw.multiplier * state.stake,
    });
  events.push({ type: "spinEnded", win });
  return events;
}

/**
 * Ends a step. After the spin, the Fold is offered on its whole win when the context allows
 * it (not under autoplay, not in a granted round, where the jurisdiction allows it) and the
 * win is at most the cap (42.00 EUR by default): `gambleRefusal`. The decision is kept in the
 * state, so what the round awaits never depends on a later context.
 */
function finish(state: MysticState, events: MysticEvent[] | null, win: number): MysticStep {
  const awaiting = awaitingOf(state);
  if (!awaiting) events?.push({ type: "roundEnded", totalWin: state.totalWin });
  return { state, events: events ?? NO_EVENTS, win, awaiting };
}

/** Starts a round: the spin of the bet's mode. The bet must already be valid (`parseBet`). */
export function start(bet: MysticBet, rng: Rng, context: RoundContext<MysticConfig>, options?: RoundOptions): MysticStep {
  const mode = modeOf(bet);
  checkModeAllowed(mode, context);
  const stake = stakeOfBet(bet);
  const lineBet = stake / LINES;
  const spin = playSpin(mode, rng);
  const lineWin = spin.linePaySum * lineBet;
  const scatterWin = spin.scatterSum * stake;
  const win = lineWin + scatterWin;
  let state: MysticState = {
    bet,
    stake,
    totalBet: totalBetOf(bet),
    totalWin: win,
    winBy: { baseLines: lineWin, baseScatter: scatterWin, gamble: 0 },
    triggered: { expandingWild: spin.expanded.length, gamble: 0 },
    bought: spin.bought,
    gamble: null,
    gambleRules: null,
  };
  const rules: GambleRules = context.config.gamble;
  if (win > 0 && gambleRefusal(win, context, rules) === null)
    state = { ...state, gamble: openGamble(win, context, rules), gambleRules: rules };
  const events = options?.events === false ? null : spinEvents(state, spin, lineBet, win);
  return finish(state, events, win);
}

/** Applies the awaited action (a Fold guess or collect); throws {@link GameInputError} for anything else. */
export function act(
  state: MysticState,
  action: MysticAction | PlatformAction,
  rng: Rng,
  context: RoundContext<MysticConfig>,
  options?: RoundOptions,
): MysticStep {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  if (action.type === "platform") throw new GameInputError("ACTION_NOT_AWAITED", "the round does not await the platform");
  const checked = parseActionFor(awaiting, action);
  const events: MysticEvent[] | null = options?.events === false ? null : [];
  const played = gambleInRound(state, checked, rng, context, events);
  return finish(played.state, events, played.win);
}

/** Validates untrusted input into an action the state is waiting for. */
export function parseAction(state: MysticState, input: unknown): MysticAction {
  return parseActionFor(awaitingOf(state), input);
}

/** What the server plays for a player who left a Fold open past the deadline: COLLECT (never a guess). */
export function deadlineAction(): MysticAction {
  return { type: "collect" };
}
