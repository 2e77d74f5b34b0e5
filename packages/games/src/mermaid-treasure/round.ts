/**
 * Mermaid Treasure's round as a pure state machine: a paid spin, then any Treasure
 * picks and free spins as player-visible steps. The simulator, the server, replay and
 * recovery all run this code.
 */
import {
  type AwaitingBase,
  compileLines,
  countSymbol,
  drawStops,
  evaluateCompiledLine,
  fillWindow,
  GameInputError,
  type LinePaytable,
  type LineResult,
  leadingRunCompiled,
  linePaytable,
  type PlatformAction,
  type ReelSet,
  type Rng,
  type RoundContext,
  type RoundOptions,
  reelSetFromIds,
  type StateBase,
  type Step,
  windowToIds,
} from "@reelhouse/engine";
import {
  BET_OPTIONS,
  BONUS,
  FREE_SPINS,
  LINE_PAYS,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REELS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SYMBOLS,
  TREASURE_BONUS,
  WILD,
} from "./model.js";

/** A line bet: coin value (minor units), coins per line, number of enabled lines. */
export interface MermaidBet {
  readonly coinValue: number;
  readonly coinsPerLine: number;
  readonly lines: number;
}

export type Position = [reel: number, row: number];

/** Events the client plays back, in order. Amounts are minor units; coins are coins. */
export type MermaidEvent =
  | { type: "spin"; mode: "base" | "freeSpins"; stops: number[]; window: string[][] }
  | {
      type: "lineWin";
      line: number;
      symbol: string;
      count: number;
      positions: Position[];
      coins: number;
      multiplier: number;
      amount: number;
    }
  | { type: "scatterWin"; symbol: string; count: number; positions: Position[]; multiplier: number; amount: number }
  | { type: "freeSpinsTriggered"; awarded: number; total: number; retrigger: boolean; positions: Position[] }
  /** 3+ MERMAID while the round already holds the most free spins a round may have: nothing is added, the player is told. */
  | { type: "freeSpinsLimitReached"; max: number; positions: Position[] }
  | { type: "freeSpinStarted"; spin: number; of: number; multiplier: number }
  | { type: "bonusTriggered"; line: number; count: number; picks: number; objects: number; positions: Position[] }
  | { type: "pickRevealed"; object: number; coins: number; amount: number; picksLeft: number }
  | { type: "bonusEnded"; coins: number; amount: number; capped: boolean }
  | { type: "spinEnded"; win: number }
  | { type: "freeSpinsEnded"; spins: number; win: number }
  | { type: "roundEnded"; totalWin: number };

export type MermaidAwaiting =
  | (AwaitingBase & { type: "pick"; picksLeft: number; objects: number; opened: number[] })
  | (AwaitingBase & { type: "freeSpin"; played: number; awarded: number; multiplier: number });

export type MermaidAction = { type: "pick"; object: number } | { type: "freeSpin" };

/** A Treasure bonus in progress. */
export interface PickState {
  readonly picks: number;
  readonly line: number;
  readonly revealed: readonly { object: number; coins: number; amount: number }[];
  readonly coins: number;
}

/** The round's win split by source, minor units (sums to totalWin). */
export type MermaidWinBy = {
  readonly baseLines: number;
  readonly baseScatter: number;
  /** Everything won in free spins, including Treasure bonuses played inside them. */
  readonly freeSpins: number;
  /** Treasure bonus triggered by the paid spin. */
  readonly bonus: number;
};

/** The round state: plain JSON, stored after every step. */
export interface MermaidState extends StateBase {
  readonly winBy: MermaidWinBy;
  readonly triggered: { readonly freeSpins: number; readonly freeSpinsRetrigger: number; readonly bonus: number };
  readonly bet: MermaidBet;
  readonly freeSpins: { readonly awarded: number; readonly played: number; readonly win: number } | null;
  readonly pick: PickState | null;
}

// ---------------------------------------------------------------------------------
// Compiled maths (indices instead of ids, typed arrays for the hot path).

const SYMBOL_IDS = SYMBOLS.map((s) => s.id);
const symbolIndex = (id: string): number => SYMBOL_IDS.indexOf(id);
const SCATTER_INDEX = symbolIndex(SCATTER);
const BONUS_INDEX = symbolIndex(BONUS);

/** The line paytable in the engine's form: wild substitutes for regular symbols only. */
export const PAYTABLE: LinePaytable = linePaytable(SYMBOLS, LINE_PAYS, REELS, WILD, (s) => s.kind === "regular");

const SCATTER_PAY_BY_COUNT = [0, ...(SCATTER_PAYS[SCATTER] ?? [])];
export const BASE_REELS: ReelSet = reelSetFromIds(REEL_STRIPS_BASE, SYMBOL_IDS);
export const FREE_SPIN_REELS: ReelSet = reelSetFromIds(REEL_STRIPS_FREE_SPINS, SYMBOL_IDS);
const LINES = compileLines(PAYTABLE, PAYLINES, ROWS);
const PRIZE_TOTAL_WEIGHT = TREASURE_BONUS.prizes.reduce((a, p) => a + p.weight, 0);

/** Draws one pick prize (coins per coin on a line) by weight: a single `rng.int(totalWeight)`. */
export function drawPickPrize(rng: Rng): number {
  let x = rng.int(PRIZE_TOTAL_WEIGHT);
  for (const prize of TREASURE_BONUS.prizes) {
    if (x < prize.weight) return prize.coins;
    x -= prize.weight;
  }
  throw new Error("unreachable: prize weights exhausted");
}

// ---------------------------------------------------------------------------------
// One spin: the rules of the sheet's "Wild", "Scatter", "Treasure" and "Betting and Payout" sections.

/** Everything one spin decides, before it is turned into events. */
export interface SpinOutcome {
  stops: number[];
  window: Uint8Array;
  /** Line wins in coins per coin on the line (before coins per line and multipliers), per paying line. */
  lineWins: { line: number; symbol: number; count: number; pay: number }[];
  linePaySum: number;
  scatterCount: number;
  /** Longest TREASURE run from reel 1 over the enabled lines (0 if below the minimum) and its line. */
  bonusRun: number;
  bonusLine: number;
}

const scratchResult: LineResult = { pay: 0, symbol: 0, count: 0 };

/**
 * Spins the reels and evaluates the window: line wins on the first `lines` paylines
 * (only the highest combination per line), MERMAID count anywhere, and the longest
 * TREASURE run starting on reel 1 over the enabled lines.
 */
export function spin(reels: ReelSet, lines: number, rng: Rng): SpinOutcome {
  return spinInto(reels, lines, rng, newOutcome(), true);
}

function newOutcome(): SpinOutcome {
  return {
    stops: [],
    window: new Uint8Array(REELS * ROWS),
    lineWins: [],
    linePaySum: 0,
    scatterCount: 0,
    bonusRun: 0,
    bonusLine: 0,
  };
}

/**
 * The one implementation of a spin. Writes into `out`; lists the paying lines only when
 * `listLineWins` (events need them; a simulation without events needs only the sum).
 */
function spinInto(reels: ReelSet, lines: number, rng: Rng, out: SpinOutcome, listLineWins: boolean): SpinOutcome {
  drawStops(reels, rng, out.stops);
  const window = fillWindow(reels, out.stops, ROWS, out.window);
  if (listLineWins && out.lineWins.length > 0) out.lineWins.length = 0;
  let linePaySum = 0;
  let bonusRun = 0;
  let bonusLine = 0;
  for (let l = 0; l < lines; l++) {
    const pay = evaluateCompiledLine(LINES, window, l, scratchResult);
    if (pay > 0) {
      if (listLineWins) out.lineWins.push({ line: l + 1, symbol: scratchResult.symbol, count: scratchResult.count, pay });
      linePaySum += pay;
    }
    if (window[LINES.cells[l * REELS] as number] === BONUS_INDEX) {
      const run = leadingRunCompiled(LINES, window, l, BONUS_INDEX);
      if (run >= TREASURE_BONUS.minRun && run > bonusRun) {
        bonusRun = run;
        bonusLine = l + 1;
      }
    }
  }
  out.linePaySum = linePaySum;
  out.bonusRun = bonusRun;
  out.bonusLine = bonusLine;
  out.scatterCount = countSymbol(window, SCATTER_INDEX, ROWS);
  return out;
}

/** Reused by spins that build no events (simulation): nothing of it escapes the step. */
const leanOutcome = newOutcome();

const linePositions = (line: number, count: number): Position[] =>
  Array.from({ length: count }, (_, r) => [r, (PAYLINES[line - 1] as readonly number[])[r] as number] as Position);

function positionsOf(window: Uint8Array, symbol: number): Position[] {
  const positions: Position[] = [];
  countSymbol(window, symbol, ROWS, positions);
  return positions;
}

/** Total bet of a line bet, minor units: coin value x coins per line x lines. */
export function totalBetOf(bet: MermaidBet): number {
  return bet.coinValue * bet.coinsPerLine * bet.lines;
}

/**
 * Plays one spin (base or free) and folds it into the state: line wins (x3 in free
 * spins), scatter win (x total bet, never multiplied), a free-spin award or retrigger,
 * and a Treasure bonus to pick. Returns the next state (its totalWin includes this spin's win).
 */
function playSpin(state: MermaidState, mode: "base" | "freeSpins", rng: Rng, events: MermaidEvent[] | null): MermaidState {
  const { bet } = state;
  const totalBet = state.totalBet;
  const reels = mode === "base" ? BASE_REELS : FREE_SPIN_REELS;
  const outcome = events ? spin(reels, bet.lines, rng) : spinInto(reels, bet.lines, rng, leanOutcome, false);
  const multiplier = mode === "freeSpins" ? FREE_SPINS.lineWinMultiplier : 1;
  events?.push({ type: "spin", mode, stops: outcome.stops, window: windowToIds(outcome.window, REELS, ROWS, SYMBOL_IDS) });

  let win = 0;
  const lineWin = outcome.linePaySum * bet.coinsPerLine * multiplier * bet.coinValue;
  for (const lw of outcome.lineWins) {
    const coins = lw.pay * bet.coinsPerLine * multiplier;
    const amount = coins * bet.coinValue;
    events?.push({
      type: "lineWin",
      line: lw.line,
      symbol: SYMBOL_IDS[lw.symbol] as string,
      count: lw.count,
      positions: linePositions(lw.line, lw.count),
      coins,
      multiplier,
      amount,
    });
  }

  win += lineWin;
  let scatterWin = 0;
  const scatterPay = SCATTER_PAY_BY_COUNT[outcome.scatterCount] ?? 0;
  const scatterPositions = events && outcome.scatterCount > 0 ? positionsOf(outcome.window, SCATTER_INDEX) : [];
  if (scatterPay > 0) {
    const amount = scatterPay * totalBet;
    scatterWin = amount;
    win += amount;
    events?.push({
      type: "scatterWin",
      symbol: SCATTER,
      count: outcome.scatterCount,
      positions: scatterPositions,
      multiplier: scatterPay,
      amount,
    });
  }

  let freeSpins = state.freeSpins;
  let triggered = state.triggered;
  if (outcome.scatterCount >= FREE_SPINS.minScatters) {
    const awardedBefore = freeSpins?.awarded ?? 0;
    const add = Math.min(FREE_SPINS.award, FREE_SPINS.maxPerRound - awardedBefore);
    if (add > 0) {
      freeSpins = {
        awarded: awardedBefore + add,
        played: freeSpins?.played ?? 0,
        win: freeSpins?.win ?? 0,
      };
      triggered =
        mode === "freeSpins"
          ? { freeSpins: triggered.freeSpins, freeSpinsRetrigger: triggered.freeSpinsRetrigger + 1, bonus: triggered.bonus }
          : { freeSpins: triggered.freeSpins + 1, freeSpinsRetrigger: triggered.freeSpinsRetrigger, bonus: triggered.bonus };
      events?.push({
        type: "freeSpinsTriggered",
        awarded: add,
        total: freeSpins.awarded,
        retrigger: mode === "freeSpins",
        positions: scatterPositions,
      });
    } else {
      events?.push({ type: "freeSpinsLimitReached", max: FREE_SPINS.maxPerRound, positions: scatterPositions });
    }
  }

  let pick: PickState | null = null;
  if (outcome.bonusRun > 0) {
    pick = { picks: outcome.bonusRun, line: outcome.bonusLine, revealed: [], coins: 0 };
    triggered = { freeSpins: triggered.freeSpins, freeSpinsRetrigger: triggered.freeSpinsRetrigger, bonus: triggered.bonus + 1 };
    events?.push({
      type: "bonusTriggered",
      line: outcome.bonusLine,
      count: outcome.bonusRun,
      picks: outcome.bonusRun,
      objects: TREASURE_BONUS.objects,
      positions: linePositions(outcome.bonusLine, outcome.bonusRun),
    });
  }
  events?.push({ type: "spinEnded", win });
  if (mode === "freeSpins" && freeSpins) freeSpins = { ...freeSpins, win: freeSpins.win + win };
  const winBy =
    win === 0
      ? state.winBy
      : mode === "freeSpins"
        ? addWin(state.winBy, 0, 0, win, 0)
        : addWin(state.winBy, lineWin, scatterWin, 0, 0);
  // Built field by field (not spread): one object shape for every state keeps the hot path fast.
  const next: MermaidState = { bet, totalBet, totalWin: state.totalWin + win, winBy, triggered, freeSpins, pick };
  return next;
}

/** Adds to the win split; a new object of the one fixed shape (the state stays immutable). */
function addWin(w: MermaidWinBy, baseLines: number, baseScatter: number, freeSpins: number, bonus: number): MermaidWinBy {
  return {
    baseLines: w.baseLines + baseLines,
    baseScatter: w.baseScatter + baseScatter,
    freeSpins: w.freeSpins + freeSpins,
    bonus: w.bonus + bonus,
  };
}

/** What the round waits for in `state`, or null when it is over. */
export function awaitingOf(state: MermaidState): MermaidAwaiting | null {
  if (state.pick) {
    return {
      type: "pick",
      actions: ["pick"],
      feature: true,
      picksLeft: state.pick.picks - state.pick.revealed.length,
      objects: TREASURE_BONUS.objects,
      opened: state.pick.revealed.map((r) => r.object),
    };
  }
  const fs = state.freeSpins;
  if (fs && fs.played < fs.awarded) {
    return {
      type: "freeSpin",
      actions: ["freeSpin"],
      feature: true,
      played: fs.played,
      awarded: fs.awarded,
      multiplier: FREE_SPINS.lineWinMultiplier,
    };
  }
  return null;
}

const NO_EVENTS: MermaidEvent[] = [];

function finish(
  state: MermaidState,
  events: MermaidEvent[] | null,
  win: number,
): Step<MermaidState, MermaidEvent, MermaidAwaiting> {
  const awaiting = awaitingOf(state);
  if (!awaiting && events) {
    if (state.freeSpins) events.push({ type: "freeSpinsEnded", spins: state.freeSpins.played, win: state.freeSpins.win });
    events.push({ type: "roundEnded", totalWin: state.totalWin });
  }
  return { state, events: events ?? NO_EVENTS, win, awaiting };
}

/** Shared empty split and counts: states never mutate, so every round may start from them. */
const NO_WINS: MermaidWinBy = Object.freeze({ baseLines: 0, baseScatter: 0, freeSpins: 0, bonus: 0 });
const NO_TRIGGERS: MermaidState["triggered"] = Object.freeze({ freeSpins: 0, freeSpinsRetrigger: 0, bonus: 0 });

/** Mermaid Treasure has no operator configuration: one maths, no gamble, no bought modes. */
export type MermaidConfig = Readonly<Record<string, never>>;

/**
 * Starts a round: the paid spin. The bet must already be valid ({@link parseBet}). The
 * context changes nothing in this game (no gamble, no jackpot, no second currency).
 */
export function start(
  bet: MermaidBet,
  rng: Rng,
  _context: RoundContext<MermaidConfig>,
  options?: RoundOptions,
): Step<MermaidState, MermaidEvent, MermaidAwaiting> {
  const initial: MermaidState = {
    bet,
    totalBet: totalBetOf(bet),
    totalWin: 0,
    winBy: NO_WINS,
    triggered: NO_TRIGGERS,
    freeSpins: null,
    pick: null,
  };
  const events: MermaidEvent[] | null = options?.events === false ? null : [];
  const state = playSpin(initial, "base", rng, events);
  const win = state.totalWin;
  return finish(state, events, win);
}

/** Applies a pick or a free spin. Throws {@link GameInputError} for anything not awaited. */
export function act(
  state: MermaidState,
  action: MermaidAction | PlatformAction,
  rng: Rng,
  _context: RoundContext<MermaidConfig>,
  options?: RoundOptions,
): Step<MermaidState, MermaidEvent, MermaidAwaiting> {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  const events: MermaidEvent[] | null = options?.events === false ? null : [];
  if (awaiting.type === "pick") {
    if (action.type !== "pick") throw new GameInputError("ACTION_NOT_AWAITED", `expected a pick, got ${action.type}`);
    const [next, win] = revealPick(state, action.object, rng, events);
    return finish(next, events, win);
  }
  if (action.type !== "freeSpin") throw new GameInputError("ACTION_NOT_AWAITED", `expected a free spin, got ${action.type}`);
  const fs = state.freeSpins as NonNullable<MermaidState["freeSpins"]>;
  events?.push({ type: "freeSpinStarted", spin: fs.played + 1, of: fs.awarded, multiplier: FREE_SPINS.lineWinMultiplier });
  const counted: MermaidState = { ...state, freeSpins: { ...fs, played: fs.played + 1 } };
  const next = playSpin(counted, "freeSpins", rng, events);
  const win = next.totalWin - counted.totalWin;
  return finish(next, events, win);
}

/**
 * Opens one object: draws its prize (never tripled, even in free spins), multiplies it
 * by coins per line, and clips the bonus at the sheet's 2,500-coin ceiling.
 */
function revealPick(state: MermaidState, object: number, rng: Rng, events: MermaidEvent[] | null): [MermaidState, number] {
  const pick = state.pick as PickState;
  if (!Number.isInteger(object) || object < 0 || object >= TREASURE_BONUS.objects) {
    throw new GameInputError("BAD_PICK", `object must be an integer in [0, ${TREASURE_BONUS.objects - 1}]`);
  }
  if (pick.revealed.some((r) => r.object === object)) throw new GameInputError("BAD_PICK", `object ${object} is already open`);
  const { bet } = state;
  const prize = drawPickPrize(rng) * bet.coinsPerLine;
  const coins = Math.min(prize, TREASURE_BONUS.maxCoins - pick.coins);
  const amount = coins * bet.coinValue;
  const revealed = [...pick.revealed, { object, coins, amount }];
  const picksLeft = pick.picks - revealed.length;
  events?.push({ type: "pickRevealed", object, coins, amount, picksLeft });
  const totalCoins = pick.coins + coins;
  let nextPick: PickState | null = { ...pick, revealed, coins: totalCoins };
  if (picksLeft === 0) {
    events?.push({
      type: "bonusEnded",
      coins: totalCoins,
      amount: totalCoins * bet.coinValue,
      capped: totalCoins >= TREASURE_BONUS.maxCoins,
    });
    nextPick = null;
  }
  // A bonus won inside free spins belongs to the free-spins feature; one from the paid spin is the base bonus.
  const inFreeSpins = state.freeSpins !== null && state.freeSpins.played > 0;
  const freeSpins = inFreeSpins && state.freeSpins ? { ...state.freeSpins, win: state.freeSpins.win + amount } : state.freeSpins;
  const winBy = inFreeSpins ? addWin(state.winBy, 0, 0, amount, 0) : addWin(state.winBy, 0, 0, 0, amount);
  return [{ ...state, pick: nextPick, freeSpins, winBy, totalWin: state.totalWin + amount }, amount];
}

// ---------------------------------------------------------------------------------
// Input validation.

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function oneOf(name: string, value: unknown, allowed: readonly number[]): number {
  if (typeof value !== "number" || !allowed.includes(value)) {
    throw new GameInputError("BAD_BET", `${name} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Validates the operator's configuration: the game has none, so only nothing or `{}` is accepted. */
export function parseConfig(input: unknown): MermaidConfig {
  if (input === undefined || (isRecord(input) && Object.keys(input).length === 0)) return NO_CONFIG;
  throw new GameInputError("BAD_CONFIG", "Mermaid Treasure has no operator configuration; send {}");
}

const NO_CONFIG: MermaidConfig = Object.freeze({});

/** Every selectable bet, smallest total first (ties: fewer lines first). */
export function allBets(): MermaidBet[] {
  const bets: MermaidBet[] = [];
  for (const coinValue of BET_OPTIONS.coinValues)
    for (const coinsPerLine of BET_OPTIONS.coinsPerLine)
      for (const lines of BET_OPTIONS.lines) bets.push({ coinValue, coinsPerLine, lines });
  return bets.sort((a, b) => totalBetOf(a) - totalBetOf(b) || a.lines - b.lines || a.coinValue - b.coinValue);
}

/** Validates untrusted input into a bet: each field must be one of the game's options. */
export function parseBet(input: unknown): MermaidBet {
  if (!isRecord(input)) throw new GameInputError("BAD_BET", "bet must be an object {coinValue, coinsPerLine, lines}");
  const extra = Object.keys(input).filter((k) => !["coinValue", "coinsPerLine", "lines"].includes(k));
  if (extra.length > 0) throw new GameInputError("BAD_BET", `unknown bet field(s): ${extra.join(", ")}`);
  return {
    coinValue: oneOf("coinValue", input.coinValue, BET_OPTIONS.coinValues),
    coinsPerLine: oneOf("coinsPerLine", input.coinsPerLine, BET_OPTIONS.coinsPerLine),
    lines: oneOf("lines", input.lines, BET_OPTIONS.lines),
  };
}

/** Validates untrusted input into an action the state is waiting for. */
export function parseAction(state: MermaidState, input: unknown): MermaidAction {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  if (!isRecord(input) || typeof input.type !== "string")
    throw new GameInputError("BAD_ACTION", "action must be an object with a type");
  if (!awaiting.actions.includes(input.type)) {
    throw new GameInputError("ACTION_NOT_AWAITED", `the round awaits ${awaiting.actions.join(" or ")}, not ${input.type}`);
  }
  if (input.type === "pick") {
    const object = input.object;
    if (typeof object !== "number" || !Number.isInteger(object) || object < 0 || object >= TREASURE_BONUS.objects) {
      throw new GameInputError("BAD_PICK", `object must be an integer in [0, ${TREASURE_BONUS.objects - 1}]`);
    }
    if (awaiting.type === "pick" && awaiting.opened.includes(object))
      throw new GameInputError("BAD_PICK", `object ${object} is already open`);
    return { type: "pick", object };
  }
  return { type: "freeSpin" };
}
