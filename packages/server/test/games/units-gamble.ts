/**
 * TEST-ONLY game, registered only by server tests: a spin that may stake and win a
 * non-cash unit (`bonus`), a double-up whose lost gamble is a NEGATIVE step win, a bought
 * mode and a gamble the context can forbid (FeatureRefusedError), and an operator
 * configuration (`multiplier`). Versions `1` and `2` differ in what collecting pays, so a
 * test can tell which maths version finished a round.
 */
import {
  type AwaitingBase,
  FeatureRefusedError,
  GameInputError,
  type GameModule,
  type PlatformAction,
  type Rng,
  type RoundContext,
  type StateBase,
  type Step,
} from "@reelhouse/engine";

export const UNITS_GAMBLE = "units-gamble";

export interface UgBet {
  /** Cash stake, minor units. */
  stake: number;
  /** Bonus units staked (0 = none). */
  bonus: number;
  /** A bought mode (refused where buy bonus is off). */
  buy: boolean;
}

export interface UgConfig {
  /** Multiplies the spin's cash win; collecting pays `multiplier` extra in version 2. */
  multiplier: number;
}

export type UgEvent =
  | { type: "spin"; roll: number; win: number; units: number }
  | { type: "gamble"; won: boolean; win: number }
  | { type: "collected"; extra: number };

export type UgAwaiting = AwaitingBase & { type: "gamble"; actions: ["gamble", "collect"]; feature: false };
export type UgAction = { type: "gamble" } | { type: "collect" };

export interface UgState extends StateBase {
  bet: UgBet;
  doubles: number;
}

type UgStep = Step<UgState, UgEvent, UgAwaiting>;
const GAMBLE: UgAwaiting = { type: "gamble", actions: ["gamble", "collect"], feature: false };

function start(bet: UgBet, rng: Rng, context: RoundContext<UgConfig>): UgStep {
  if (bet.buy && !context.features.buyBonus)
    throw new FeatureRefusedError("buyBonus", "bought modes are off in this jurisdiction");
  const roll = rng.int(4);
  const win = roll * bet.stake * context.config.multiplier;
  // A round staking bonus units wins `roll` units back (0..3).
  const units = bet.bonus > 0 ? roll : 0;
  const state: UgState = {
    bet,
    doubles: 0,
    totalBet: bet.stake,
    totalWin: win,
    winBy: { spin: win },
    triggered: {},
    ...(bet.bonus > 0 ? { stakeUnits: { bonus: bet.bonus } } : {}),
    ...(units > 0 ? { winUnits: { bonus: units } } : {}),
  };
  return {
    state,
    events: [{ type: "spin", roll, win, units }],
    win,
    ...(units > 0 ? { units: { bonus: units } } : {}),
    awaiting: win > 0 ? GAMBLE : null,
  };
}

function actWith(collectExtra: (config: UgConfig) => number) {
  return (state: UgState, action: UgAction | PlatformAction, rng: Rng, context: RoundContext<UgConfig>): UgStep => {
    if (action.type === "platform") throw new GameInputError("ACTION_NOT_AWAITED", "this game asks the platform nothing");
    if (action.type === "collect") {
      const extra = collectExtra(context.config);
      const next = { ...state, totalWin: state.totalWin + extra };
      return { state: next, events: [{ type: "collected", extra }], win: extra, awaiting: null };
    }
    if (!context.features.gamble) throw new FeatureRefusedError("gamble", "the double-up is off in this jurisdiction");
    if (context.autoplay || context.granted)
      throw new FeatureRefusedError("gamble", "no double-up in autoplay or granted rounds");
    const won = rng.int(2) === 1;
    // Signed: a lost double takes back everything the round had won.
    const win = won ? state.totalWin : -state.totalWin;
    const next: UgState = {
      ...state,
      doubles: state.doubles + 1,
      totalWin: state.totalWin + win,
      winBy: { ...state.winBy, gamble: (state.winBy.gamble ?? 0) + win },
    };
    return { state: next, events: [{ type: "gamble", won, win }], win, awaiting: won && next.doubles < 5 ? GAMBLE : null };
  };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parseBet(input: unknown): UgBet {
  if (!isRecord(input)) throw new GameInputError("BAD_BET", "bet must be an object");
  const { stake, bonus = 0, buy = false } = input;
  if (typeof stake !== "number" || !Number.isInteger(stake) || stake < 1 || stake > 1000)
    throw new GameInputError("BAD_BET", "stake 1..1000");
  if (typeof bonus !== "number" || !Number.isInteger(bonus) || bonus < 0 || bonus > 5)
    throw new GameInputError("BAD_BET", "bonus 0..5");
  if (typeof buy !== "boolean") throw new GameInputError("BAD_BET", "buy is a boolean");
  return { stake, bonus, buy };
}

function parseAction(_state: UgState, input: unknown): UgAction {
  if (!isRecord(input) || (input.type !== "gamble" && input.type !== "collect"))
    throw new GameInputError("BAD_ACTION", "gamble or collect");
  return { type: input.type };
}

function parseConfig(input: unknown): UgConfig {
  if (input === undefined) return { multiplier: 1 };
  if (!isRecord(input) || Object.keys(input).some((k) => k !== "multiplier"))
    throw new GameInputError("BAD_CONFIG", "send {multiplier}");
  const m = input.multiplier;
  if (typeof m !== "number" || !Number.isInteger(m) || m < 1 || m > 3)
    throw new GameInputError("BAD_CONFIG", "multiplier must be 1, 2 or 3");
  return { multiplier: m };
}

const MIN: UgBet = { stake: 1, bonus: 0, buy: false };
const MAX: UgBet = { stake: 1000, bonus: 0, buy: false };

function version(
  v: string,
  collectExtra: (config: UgConfig) => number,
): GameModule<UgBet, UgState, UgAction, UgEvent, UgAwaiting, UgConfig> {
  return {
    id: UNITS_GAMBLE,
    name: "Units and gamble (test)",
    version: v,
    start,
    act: actWith(collectExtra),
    parseBet,
    parseAction,
    parseConfig,
    totalBet: (bet) => bet.stake,
    stakeUnits: (bet) => (bet.bonus > 0 ? { bonus: bet.bonus } : {}),
    minBet: () => MIN,
    maxBet: () => MAX,
    bets: () => [MIN, MAX],
    model: () => ({}),
    exact: () => {
      throw new Error("test game: no PAR");
    },
    policies: { default: () => ({ type: "collect" }) },
    describe: (config) => ({ id: UNITS_GAMBLE, name: "Units and gamble (test)", version: v, rtp: 0, config: config ?? null }),
  };
}

/** Version 1: collecting pays nothing extra. */
export const unitsGambleV1 = version("1", () => 0);
/** Version 2: collecting pays `multiplier` minor units extra (a maths change a test can see). */
export const unitsGambleV2 = version("2", (config) => config.multiplier);
