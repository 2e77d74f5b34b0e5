/**
 * Mona Lisa Jewels' round as a pure state machine: the paid spin, then any progressive
 * claims (the platform answers), Jewel free spins and normal free spins as player-visible
 * steps. Jewel spins are always played first, then the normal free spins; either kind can
 * be won in either kind, without limit. The simulator, the server, replay and recovery all
 * run this code.
 */
import {
  awaitPlatform,
  countSymbol,
  drawStops,
  emptyHold,
  fillWindow,
  GameInputError,
  holdSymbols,
  lockReels,
  type PlatformAction,
  type Rng,
  type RoundContext,
  type RoundOptions,
  type Step,
  spinHeld,
  windowToIds,
} from "@reelhouse/engine";
import { FREE_SPINS, JACKPOT_RULES, JEWEL_SPINS, PAYLINES, REELS, ROWS, SCATTER } from "./model.js";
import { evaluateWindow, heldPositions, newOutcome, playsForProgressive, type WindowOutcome } from "./spin.js";
import {
  BASE_REELS,
  FREE_SPIN_REELS,
  isSticky,
  JEWEL_INDEX,
  JEWEL_REELS,
  SCATTER_BY_COUNT,
  SCATTER_INDEX,
  SHAPE,
  SYMBOL_IDS,
} from "./tables.js";
import type {
  JewelSeries,
  MonaAction,
  MonaAwaiting,
  MonaBet,
  MonaConfig,
  MonaEvent,
  MonaState,
  MonaTriggered,
  MonaWinBy,
  Position,
  SpinKind,
} from "./types.js";
import { parseActionFor, totalBetOf } from "./validate.js";

type MonaStep = Step<MonaState, MonaEvent, MonaAwaiting>;

/** Reels 2–5: where JEWEL and WILD stick in Jewel spins. */
const STICKY_REELS = Array.from({ length: REELS - 1 }, (_, r) => r + 1);

const linePositions = (line: number, count: number): Position[] =>
  Array.from({ length: count }, (_, r) => [r, (PAYLINES[line - 1] as readonly number[])[r] as number] as Position);

function positionsOf(window: Uint8Array, symbol: number, reels: number = REELS): Position[] {
  const positions: Position[] = [];
  countSymbol(window.subarray(0, reels * ROWS), symbol, ROWS, positions);
  return positions;
}

/** Buffers of spins that build no events (simulation): nothing of them escapes the step. */
const lean = { outcome: newOutcome(), stops: new Array<number>(REELS).fill(0), window: new Uint8Array(REELS * ROWS) };

/**
 * Plays one spin of `mode` and folds it into the state: line wins (x2/x4/x8 in normal free
 * spins), the progressive lines to claim, the scatter win (x total bet, never multiplied),
 * 10 normal free spins for 3+ SCATTER, and a Jewel series for 2+ JEWEL on reel 1 (not in a
 * Jewel spin: its reel 1 is locked). Returns the next state; its totalWin includes this spin.
 */
function playSpin(state: MonaState, mode: SpinKind, rng: Rng, events: MonaEvent[] | null): MonaState {
  const { bet, totalBet } = state;
  const stops = events ? new Array<number>(REELS).fill(0) : lean.stops;
  const window = events ? new Uint8Array(REELS * ROWS) : lean.window;
  let jewel = state.jewel;
  if (mode === "jewelSpins") {
    const series = jewel as JewelSeries;
    stops[0] = series.lockedStop;
    spinHeld(JEWEL_REELS, series.hold, ROWS, rng, stops, window);
  } else {
    const reels = mode === "base" ? BASE_REELS : FREE_SPIN_REELS;
    drawStops(reels, rng, stops);
    fillWindow(reels, stops, ROWS, window);
  }
  const progressive = mode !== "jewelSpins" && playsForProgressive(bet);
  const outcome: WindowOutcome = evaluateWindow(
    window,
    bet.lines,
    mode,
    progressive,
    events ? newOutcome() : lean.outcome,
    events !== null,
  );
  events?.push({
    type: "spin",
    mode,
    stops: [...stops],
    window: windowToIds(window, REELS, ROWS, SYMBOL_IDS),
    held: mode === "jewelSpins" ? heldPositions((jewel as JewelSeries).hold) : [],
  });

  const lineWin = outcome.linePaySum * bet.coinsPerLine * bet.coinValue;
  for (const lw of outcome.lineWins) {
    const coins = lw.pay * bet.coinsPerLine;
    events?.push({
      type: "lineWin",
      line: lw.line,
      symbol: SYMBOL_IDS[lw.symbol] as string,
      count: lw.count,
      wilds: lw.wilds,
      multiplier: lw.multiplier,
      positions: linePositions(lw.line, lw.count),
      coins,
      amount: coins * bet.coinValue,
    });
  }
  for (const line of outcome.jackpotLines)
    events?.push({ type: "jackpotLine", line, positions: linePositions(line, JACKPOT_RULES.count) });

  const scatterPay = SCATTER_BY_COUNT[outcome.scatterCount] ?? 0;
  const scatterWin = scatterPay * totalBet;
  const scatterPositions = events && outcome.scatterCount > 0 ? positionsOf(window, SCATTER_INDEX) : [];
  if (scatterWin > 0) {
    events?.push({
      type: "scatterWin",
      symbol: SCATTER,
      count: outcome.scatterCount,
      positions: scatterPositions,
      multiplier: scatterPay,
      amount: scatterWin,
    });
  }

  let triggered = state.triggered;
  // Jewel trigger: the whole reel-1 column, JEWEL only; a Jewel spin's locked reel 1 never retriggers.
  if (mode !== "jewelSpins" && outcome.jewelCount >= JEWEL_SPINS.minJewels) {
    const hold = holdSymbols(lockReels(emptyHold(SHAPE), window, SHAPE, [0]), window, SHAPE, isSticky, STICKY_REELS);
    jewel = { left: JEWEL_SPINS.award, played: 0, hold, lockedStop: stops[0] as number };
    triggered = mode === "base" ? count(triggered, "jewelSpins") : count(triggered, "jewelSpinsInFreeSpins");
    events?.push({
      type: "jewelSpinsTriggered",
      awarded: JEWEL_SPINS.award,
      positions: positionsOf(window, JEWEL_INDEX, 1),
      held: heldPositions(hold),
    });
  } else if (mode === "jewelSpins") {
    const series = jewel as JewelSeries;
    const left = series.left - 1;
    // JEWEL and WILD landing now stick for the spins left.
    jewel =
      left > 0
        ? {
            left,
            played: series.played + 1,
            hold: holdSymbols(series.hold, window, SHAPE, isSticky, STICKY_REELS),
            lockedStop: series.lockedStop,
          }
        : null;
  }

  let freeSpins = state.freeSpins;
  if (outcome.scatterCount >= FREE_SPINS.minScatters) {
    freeSpins = { awarded: (freeSpins?.awarded ?? 0) + FREE_SPINS.award, played: freeSpins?.played ?? 0 };
    triggered = mode === "base" ? count(triggered, "freeSpins") : count(triggered, "freeSpinsRetrigger");
    events?.push({
      type: "freeSpinsTriggered",
      awarded: FREE_SPINS.award,
      total: freeSpins.awarded,
      retrigger: mode !== "base",
      positions: scatterPositions,
    });
  }

  const win = lineWin + scatterWin;
  events?.push({ type: "spinEnded", win });
  const w = state.winBy;
  const winBy: MonaWinBy =
    win === 0
      ? w
      : {
          baseLines: w.baseLines + (mode === "base" ? lineWin : 0),
          baseScatter: w.baseScatter + (mode === "base" ? scatterWin : 0),
          freeSpins: w.freeSpins + (mode === "freeSpins" ? win : 0),
          jewelSpins: w.jewelSpins + (mode === "jewelSpins" ? win : 0),
          jackpot: w.jackpot,
        };
  // Built field by field: one object shape for every state keeps the hot path fast.
  return {
    bet,
    totalBet,
    totalWin: state.totalWin + win,
    winBy,
    triggered,
    freeSpins,
    jewel,
    jewelSpinsPlayed: state.jewelSpinsPlayed + (mode === "jewelSpins" ? 1 : 0),
    claims: outcome.jackpotLines.length > 0 ? [...outcome.jackpotLines] : NO_CLAIMS,
    featureWin: state.featureWin + (mode === "base" ? 0 : win),
  };
}

function count(t: MonaTriggered, feature: keyof MonaTriggered): MonaTriggered {
  return { ...t, [feature]: t[feature] + 1 };
}

/** What the round waits for in `state`, or null when it is over. */
export function awaitingOf(state: MonaState): MonaAwaiting | null {
  if (state.claims.length > 0) {
    return awaitPlatform({
      kind: "jackpotClaim",
      ref: { pool: JACKPOT_RULES.pool, key: "" },
      numerator: state.bet.coinValue,
      denominator: JACKPOT_RULES.referenceCoinValue,
    });
  }
  const fs = state.freeSpins;
  const jewelLeft = state.jewel?.left ?? 0;
  const played = fs?.played ?? 0;
  const awarded = fs?.awarded ?? 0;
  if (jewelLeft > 0 || played < awarded) {
    return {
      type: "freeSpin",
      actions: ["freeSpin"],
      feature: true,
      kind: jewelLeft > 0 ? "jewel" : "normal",
      jewelLeft,
      played,
      awarded,
    };
  }
  return null;
}

const NO_EVENTS: MonaEvent[] = [];
const NO_CLAIMS: readonly number[] = Object.freeze([]);

function finish(state: MonaState, events: MonaEvent[] | null, win: number): MonaStep {
  const awaiting = awaitingOf(state);
  if (!awaiting && events) {
    if (state.jewelSpinsPlayed > 0 || (state.freeSpins?.played ?? 0) > 0) {
      events.push({
        type: "freeSpinsEnded",
        freeSpins: state.freeSpins?.played ?? 0,
        jewelSpins: state.jewelSpinsPlayed,
        win: state.featureWin,
      });
    }
    events.push({ type: "roundEnded", totalWin: state.totalWin });
  }
  return { state, events: events ?? NO_EVENTS, win, awaiting };
}

/** Shared empty split and counts: states never mutate, so every round may start from them. */
const NO_WINS: MonaWinBy = Object.freeze({ baseLines: 0, baseScatter: 0, freeSpins: 0, jewelSpins: 0, jackpot: 0 });
const NO_TRIGGERS: MonaTriggered = Object.freeze({
  freeSpins: 0,
  freeSpinsRetrigger: 0,
  jewelSpins: 0,
  jewelSpinsInFreeSpins: 0,
  jackpot: 0,
});

/** Starts a round: the paid spin. The bet must already be valid (`parseBet`); the context changes nothing here. */
export function start(bet: MonaBet, rng: Rng, _context: RoundContext<MonaConfig>, options?: RoundOptions): MonaStep {
  const initial: MonaState = {
    bet,
    totalBet: totalBetOf(bet),
    totalWin: 0,
    winBy: NO_WINS,
    triggered: NO_TRIGGERS,
    freeSpins: null,
    jewel: null,
    jewelSpinsPlayed: 0,
    claims: NO_CLAIMS,
    featureWin: 0,
  };
  const events: MonaEvent[] | null = options?.events === false ? null : [];
  const state = playSpin(initial, "base", rng, events);
  return finish(state, events, state.totalWin);
}

/**
 * Applies the awaited action: the platform's answer to a jackpot claim, or a free spin (a
 * Jewel spin while one is due, else a normal free spin). Throws {@link GameInputError} otherwise.
 */
export function act(
  state: MonaState,
  action: MonaAction | PlatformAction,
  rng: Rng,
  _context: RoundContext<MonaConfig>,
  options?: RoundOptions,
): MonaStep {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  const events: MonaEvent[] | null = options?.events === false ? null : [];
  if (awaiting.type === "platform") {
    if (action.type !== "platform")
      throw new GameInputError("ACTION_NOT_AWAITED", "the round awaits the platform's jackpot answer");
    return finish(...claimAnswered(state, action, events));
  }
  if (action.type !== "freeSpin") throw new GameInputError("ACTION_NOT_AWAITED", `expected a free spin, got ${action.type}`);
  let counted: MonaState;
  if (awaiting.kind === "jewel") {
    const series = state.jewel as JewelSeries;
    events?.push({ type: "freeSpinStarted", kind: "jewel", spin: series.played + 1, of: series.played + series.left });
    counted = state;
  } else {
    const fs = state.freeSpins as NonNullable<MonaState["freeSpins"]>;
    events?.push({ type: "freeSpinStarted", kind: "normal", spin: fs.played + 1, of: fs.awarded });
    counted = { ...state, freeSpins: { awarded: fs.awarded, played: fs.played + 1 } };
  }
  const next = playSpin(counted, awaiting.kind === "jewel" ? "jewelSpins" : "freeSpins", rng, events);
  return finish(next, events, next.totalWin - counted.totalWin);
}

/** The platform paid the first pending claim: its amount is the jackpot win (never multiplied). */
function claimAnswered(
  state: MonaState,
  action: PlatformAction,
  events: MonaEvent[] | null,
): [MonaState, MonaEvent[] | null, number] {
  const answer = action.answer;
  if (answer.kind !== "jackpotClaim" || answer.ref.pool !== JACKPOT_RULES.pool || answer.ref.key !== "") {
    throw new GameInputError("BAD_PLATFORM_ANSWER", "expected the progressive pool's jackpotClaim answer");
  }
  if (!Number.isSafeInteger(answer.amount) || answer.amount < 0) {
    throw new GameInputError("BAD_PLATFORM_ANSWER", `a jackpot amount must be a non-negative integer, got ${answer.amount}`);
  }
  const [line, ...rest] = state.claims as [number, ...number[]];
  const amount = answer.amount;
  events?.push({ type: "jackpotWon", line, amount });
  const inFeature = (state.freeSpins?.played ?? 0) > 0;
  const next: MonaState = {
    ...state,
    totalWin: state.totalWin + amount,
    winBy: { ...state.winBy, jackpot: state.winBy.jackpot + amount },
    triggered: count(state.triggered, "jackpot"),
    claims: rest.length > 0 ? rest : NO_CLAIMS,
    featureWin: state.featureWin + (inFeature ? amount : 0),
  };
  return [next, events, amount];
}

/** Validates untrusted input into an action the state is waiting for. */
export function parseAction(state: MonaState, input: unknown): MonaAction {
  return parseActionFor(awaitingOf(state), input);
}
