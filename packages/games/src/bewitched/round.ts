/**
 * Bewitched's round as a pure state machine (contract v2): the paid spin; a Merlin bonus
 * whenever 3+ MERLIN land (its prize drawn at once, revealed by the third vial; a progressive
 * is claimed from the platform at once, in the trigger step's transaction, and revealed and
 * paid by the third vial; any other prize reads the pool's value there instead, so every
 * trigger plays the same steps and nothing outside the round tells the prize); free spins from the witch battle and from Merlin, played
 * after everything before them, line wins x2, without limit; then, when the paid spin's line
 * win may be doubled, the double. The simulator, the server, replay and recovery all run it.
 */
import {
  awaitPlatform,
  drawStops,
  drawWeighted,
  fillWindow,
  GameInputError,
  gambleAwaiting,
  gambleInRound,
  gambleRefusal,
  openGamble,
  type PlatformAction,
  type PoolRef,
  type ReelSet,
  type Rng,
  type RoundContext,
  type RoundOptions,
  reelSetFromIds,
  type Step,
  type WeightedTable,
  weightedTable,
  windowToIds,
} from "@reelhouse/engine";
import { FREE_SPINS, MERLIN, REEL_STRIPS, REELS, ROWS, WITCH_BATTLE } from "./model.js";
import { betCoins, merlinTable, SYMBOL_IDS } from "./rtp.js";
import { evaluateWindow, linePositions } from "./spin.js";
import {
  type BewitchedAction,
  type BewitchedAwaiting,
  type BewitchedBet,
  type BewitchedConfig,
  type BewitchedEvent,
  type BewitchedState,
  type BewitchedTriggered,
  type BewitchedWinBy,
  INGREDIENTS,
  type MerlinPrize,
  type SpinKind,
} from "./types.js";
import { parseActionFor, totalBetOf } from "./validate.js";

type BewitchedStep = Step<BewitchedState, BewitchedEvent, BewitchedAwaiting>;

/** The reels, as symbol indices (free spins play the same strips). */
export const REEL_SET: ReelSet = reelSetFromIds(
  REEL_STRIPS.map((s) => s.split(" ")),
  SYMBOL_IDS,
);

/** The vials on Merlin's table; three are opened. */
export const VIALS = { shown: 9, picks: 3 } as const;

/** The platform's pool of the progressive; one key per coin value (sheet 3.5). */
export const PROGRESSIVE_POOL = "progressive";

const prizeTables = new Map<number, WeightedTable<MerlinPrize>>();

/** Merlin's prizes at a total bet of `coins` coins, as a weighted table (built once per total). */
export function merlinPrizes(coins: number): WeightedTable<MerlinPrize> {
  let table = prizeTables.get(coins);
  if (!table) {
    table = weightedTable(merlinTable(coins).map(({ weight, ...prize }) => ({ weight, value: prize as MerlinPrize })));
    prizeTables.set(coins, table);
  }
  return table;
}

const count = (t: BewitchedTriggered, feature: keyof BewitchedTriggered): BewitchedTriggered => ({
  ...t,
  [feature]: t[feature] + 1,
});

function addFreeSpins(state: BewitchedState, spins: number): { awarded: number; played: number } {
  return { awarded: (state.freeSpins?.awarded ?? 0) + spins, played: state.freeSpins?.played ?? 0 };
}

/**
 * Plays one spin of `mode` and folds it into the state: line wins (x2 in free spins), the
 * witch battle (x total bet, never doubled; free spins from 3 WITCH), and a Merlin bonus for
 * 3+ MERLIN (the prize drawn now). Returns the next state; its totalWin includes this spin.
 */
function playSpin(state: BewitchedState, mode: SpinKind, rng: Rng, events: BewitchedEvent[] | null): BewitchedState {
  const { bet, totalBet } = state;
  const stops = drawStops(REEL_SET, rng, new Array<number>(REELS).fill(0));
  const window = fillWindow(REEL_SET, stops, ROWS, new Uint8Array(REELS * ROWS));
  const outcome = evaluateWindow(window, bet.lines);
  events?.push({ type: "spin", mode, stops: [...stops], window: windowToIds(window, REELS, ROWS, SYMBOL_IDS) });

  const multiplier = mode === "freeSpins" ? FREE_SPINS.lineWinMultiplier : 1;
  const lineWin = outcome.linePaySum * bet.coinsPerLine * multiplier * bet.coinValue;
  for (const lw of outcome.lineWins) {
    const coins = lw.pay * bet.coinsPerLine * multiplier;
    events?.push({
      type: "lineWin",
      line: lw.line,
      symbol: SYMBOL_IDS[lw.symbol] as string,
      count: lw.count,
      positions: linePositions(lw.line, lw.count),
      coins,
      multiplier,
      amount: coins * bet.coinValue,
    });
  }

  const witches = outcome.witches.length;
  const battlePay = WITCH_BATTLE.pays[witches] ?? 0;
  const battleWin = battlePay * totalBet;
  if (battleWin > 0)
    events?.push({ type: "witchBattle", count: witches, positions: outcome.witches, multiplier: battlePay, amount: battleWin });

  let { triggered, freeSpins, merlin } = state;
  const battleSpins = WITCH_BATTLE.freeSpins[witches] ?? 0;
  if (battleSpins > 0) {
    freeSpins = addFreeSpins(state, battleSpins);
    triggered = count(triggered, mode === "base" ? "freeSpins" : "freeSpinsRetrigger");
    events?.push({
      type: "freeSpinsTriggered",
      by: "battle",
      awarded: battleSpins,
      total: freeSpins.awarded,
      retrigger: mode !== "base",
    });
  }
  let ask = state.ask;
  if (outcome.merlins.length >= MERLIN.minSymbols) {
    merlin = { prize: drawWeighted(merlinPrizes(betCoins(bet)), rng), opened: [] };
    // DESIGN.md §2: the pool is claimed now, so an unrevealed shelf cannot hold a jackpot open.
    // Any other prize asks the platform once in the same place (a read of the pool, which
    // changes nothing), so step indexes, awaiting values and events never tell the prize.
    ask = merlin.prize.kind === "jackpot" ? "jackpotClaim" : "jackpotValue";
    triggered = count(triggered, mode === "base" ? "merlin" : "merlinInFreeSpins");
    events?.push({ type: "merlinTriggered", positions: outcome.merlins, vials: VIALS.shown });
  }

  const win = lineWin + battleWin;
  events?.push({ type: "spinEnded", win });
  const w = state.winBy;
  const winBy: BewitchedWinBy =
    mode === "base"
      ? { ...w, baseLines: w.baseLines + lineWin, baseScatter: w.baseScatter + battleWin }
      : { ...w, freeSpins: w.freeSpins + win };
  return {
    ...state,
    totalWin: state.totalWin + win,
    winBy,
    triggered,
    freeSpins,
    merlin,
    ask,
    gambleable: mode === "base" ? lineWin : state.gambleable,
    featureWin: state.featureWin + (mode === "base" ? 0 : win),
  };
}

/** What the round waits for in `state`, or null when it is over. */
export function awaitingOf(state: BewitchedState): BewitchedAwaiting | null {
  return featuresAwaiting(state) ?? (state.gamble && state.gambleRules ? gambleAwaiting(state.gamble, state.gambleRules) : null);
}

/** The progressive's pool of the bet's coin value. */
const poolOf = (state: BewitchedState): PoolRef => ({ pool: PROGRESSIVE_POOL, key: String(state.bet.coinValue) });

/** Merlin's platform request (a claim or a read), vials or a free spin still due (everything before the double). */
function featuresAwaiting(state: BewitchedState): BewitchedAwaiting | null {
  // `ask` is absent in states stored before every trigger asked: nothing is due then.
  if (state.ask === "jackpotClaim")
    return awaitPlatform({ kind: "jackpotClaim", ref: poolOf(state), numerator: 1, denominator: 1 });
  if (state.ask === "jackpotValue") return awaitPlatform({ kind: "jackpotValue", ref: poolOf(state) });
  if (state.merlin) {
    return {
      type: "vial",
      actions: ["vial"],
      feature: true,
      vials: VIALS.shown,
      picks: VIALS.picks,
      opened: [...state.merlin.opened],
    };
  }
  const fs = state.freeSpins;
  if (fs && fs.played < fs.awarded)
    return { type: "freeSpin", actions: ["freeSpin"], feature: true, played: fs.played, awarded: fs.awarded };
  return null;
}

const NO_EVENTS: BewitchedEvent[] = [];
const NO_WINS: BewitchedWinBy = Object.freeze({ baseLines: 0, baseScatter: 0, merlin: 0, freeSpins: 0, jackpot: 0, gamble: 0 });
const NO_TRIGGERS: BewitchedTriggered = Object.freeze({
  freeSpins: 0,
  freeSpinsRetrigger: 0,
  merlin: 0,
  merlinInFreeSpins: 0,
  jackpot: 0,
  gamble: 0,
});

/**
 * Ends a step. When the features are over and the double has not been offered yet, it is
 * offered now if the paid spin's line win may be doubled here (not under autoplay, not in a
 * granted round, where the jurisdiction allows it: `gambleRefusal`); the decision is kept in
 * the state, so what the round awaits never depends on a later context.
 */
function finish(
  played: BewitchedState,
  context: RoundContext<BewitchedConfig>,
  events: BewitchedEvent[] | null,
  win: number,
): BewitchedStep {
  let state = played;
  if (featuresAwaiting(state) === null && state.gamble === null) {
    const fs = state.freeSpins?.played ?? 0;
    if (fs > 0) events?.push({ type: "freeSpinsEnded", freeSpins: fs, win: state.featureWin });
    const rules = context.config.gamble;
    if (state.gambleable > 0 && gambleRefusal(state.gambleable, context, rules) === null)
      state = { ...state, gamble: openGamble(state.gambleable, context, rules), gambleRules: rules };
  }
  const awaiting = awaitingOf(state);
  if (!awaiting) events?.push({ type: "roundEnded", totalWin: state.totalWin });
  return { state, events: events ?? NO_EVENTS, win, awaiting };
}

/** Starts a round: the paid spin. The bet must already be valid (`parseBet`). */
export function start(
  bet: BewitchedBet,
  rng: Rng,
  context: RoundContext<BewitchedConfig>,
  options?: RoundOptions,
): BewitchedStep {
  const initial: BewitchedState = {
    bet,
    totalBet: totalBetOf(bet),
    totalWin: 0,
    winBy: NO_WINS,
    triggered: NO_TRIGGERS,
    freeSpins: null,
    merlin: null,
    ask: null,
    gambleable: 0,
    gamble: null,
    gambleRules: null,
    featureWin: 0,
  };
  const events: BewitchedEvent[] | null = options?.events === false ? null : [];
  const state = playSpin(initial, "base", rng, events);
  return finish(state, context, events, state.totalWin);
}

/** Applies the awaited action; throws {@link GameInputError} for anything else. */
export function act(
  state: BewitchedState,
  action: BewitchedAction | PlatformAction,
  rng: Rng,
  context: RoundContext<BewitchedConfig>,
  options?: RoundOptions,
): BewitchedStep {
  const awaiting = awaitingOf(state);
  if (!awaiting) throw new GameInputError("ROUND_OVER", "the round is over; start a new one");
  const events: BewitchedEvent[] | null = options?.events === false ? null : [];
  if (awaiting.type === "platform") {
    if (action.type !== "platform")
      throw new GameInputError("ACTION_NOT_AWAITED", "the round awaits the platform's jackpot answer");
    return platformAnswered(state, action, context, events);
  }
  if (action.type === "platform") throw new GameInputError("ACTION_NOT_AWAITED", "the round does not await the platform");
  const checked = parseActionFor(awaiting, action);
  if (checked.type === "vial") return openVial(state, checked.vial, rng, context, events);
  if (checked.type === "freeSpin") {
    const fs = state.freeSpins as NonNullable<BewitchedState["freeSpins"]>;
    events?.push({ type: "freeSpinStarted", spin: fs.played + 1, of: fs.awarded });
    const counted: BewitchedState = { ...state, freeSpins: { awarded: fs.awarded, played: fs.played + 1 } };
    const next = playSpin(counted, "freeSpins", rng, events);
    return finish(next, context, events, next.totalWin - counted.totalWin);
  }
  // The double, with the rules it was offered under (set with it; the engine's kit draws the card).
  const played = gambleInRound(state, checked, rng, context, events);
  return finish(played.state, context, events, played.win);
}

/** A vial: the first two show an ingredient; the third also reveals Merlin's prize and pays it. */
function openVial(
  state: BewitchedState,
  vial: number,
  rng: Rng,
  context: RoundContext<BewitchedConfig>,
  events: BewitchedEvent[] | null,
): BewitchedStep {
  const bonus = state.merlin as NonNullable<BewitchedState["merlin"]>;
  const ingredient = INGREDIENTS[rng.int(INGREDIENTS.length)] as (typeof INGREDIENTS)[number];
  const opened = [...bonus.opened, { vial, ingredient }];
  events?.push({ type: "vialOpened", vial, ingredient, pick: opened.length });
  if (opened.length < VIALS.picks) return finish({ ...state, merlin: { ...bonus, opened } }, context, events, 0);
  const prize = bonus.prize;
  const inFeature = (state.freeSpins?.played ?? 0) > 0;
  let next: BewitchedState = { ...state, merlin: null };
  let win = 0;
  if (prize.kind === "cash") {
    win = prize.times * state.totalBet;
    next = {
      ...next,
      totalWin: state.totalWin + win,
      winBy: { ...state.winBy, merlin: state.winBy.merlin + win },
      featureWin: state.featureWin + (inFeature ? win : 0),
    };
  } else if (prize.kind === "freeSpins") {
    const freeSpins = addFreeSpins(state, prize.spins);
    next = { ...next, freeSpins };
    events?.push({
      type: "freeSpinsTriggered",
      by: "merlin",
      awarded: prize.spins,
      total: freeSpins.awarded,
      retrigger: inFeature,
    });
  } else {
    // Claimed when Merlin came; the third vial reveals it and the round wins it now.
    win = bonus.claimed ?? 0;
    next = {
      ...next,
      totalWin: state.totalWin + win,
      winBy: { ...state.winBy, jackpot: state.winBy.jackpot + win },
      featureWin: state.featureWin + (inFeature ? win : 0),
    };
  }
  events?.push({ type: "merlinPrize", prize, amount: win });
  if (prize.kind === "jackpot") events?.push({ type: "jackpotWon", coinValue: state.bet.coinValue, amount: win });
  return finish(next, context, events, win);
}

/**
 * The platform answered Merlin's request. A claim: the platform paid the progressive of the
 * bet's coin value when Merlin drew it; the amount waits, unrevealed, in the bonus until the
 * third vial (never doubled). A read (any other prize): nothing to keep. Either way the step
 * shows nothing and wins nothing, so the two look the same.
 */
function platformAnswered(
  state: BewitchedState,
  action: PlatformAction,
  context: RoundContext<BewitchedConfig>,
  events: BewitchedEvent[] | null,
): BewitchedStep {
  const answer = action.answer;
  const ref = poolOf(state);
  if (answer.kind !== state.ask || answer.ref.pool !== ref.pool || answer.ref.key !== ref.key)
    throw new GameInputError("BAD_PLATFORM_ANSWER", `expected the progressive's ${state.ask} answer for the bet's coin value`);
  if (answer.kind === "jackpotValue") return finish({ ...state, ask: null }, context, events, 0);
  if (!Number.isSafeInteger(answer.amount) || answer.amount < 0)
    throw new GameInputError("BAD_PLATFORM_ANSWER", `a jackpot amount must be a non-negative integer, got ${answer.amount}`);
  const bonus = state.merlin as NonNullable<BewitchedState["merlin"]>;
  const next: BewitchedState = {
    ...state,
    ask: null,
    merlin: { ...bonus, claimed: answer.amount },
    triggered: count(state.triggered, "jackpot"),
  };
  return finish(next, context, events, 0);
}

/** Validates untrusted input into an action the state is waiting for. */
export function parseAction(state: BewitchedState, input: unknown): BewitchedAction {
  return parseActionFor(awaitingOf(state), input);
}
