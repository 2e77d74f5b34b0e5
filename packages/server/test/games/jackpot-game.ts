/**
 * TEST-ONLY game, registered only by server tests: declares two shared pools and claims one
 * when the bet asks it to (tests force hits through the bet; a real game draws them).
 *
 * - `progressive`: wager-funded, 0.5% of every paid bet, one pool per currency (key ""),
 *   seed 1,000 EUR; a claim takes `num/den` of it (Mona Lisa Jewels' coin value / 10).
 * - `mystery`: operator-funded, 1% of qualifying bets (stake >= 100 cents), keyed per stake
 *   tier ("low" 100..999, "high" >= 1000), seeds 50 and 500 EUR (Jackpot Cards-like funding).
 */
import {
  awaitPlatform,
  GameInputError,
  type GameModule,
  type PlatformAction,
  type PlatformAwaiting,
  type StateBase,
  type Step,
} from "@reelhouse/engine";

export const JACKPOT_GAME = "jackpot-test";
export const PROGRESSIVE_SEED = 1_000 * 1_000_000;
export const MYSTERY_SEEDS = { low: 50 * 1_000_000, high: 500 * 1_000_000 } as const;

export interface JpBet {
  stake: number;
  claim: "progressive" | "mystery" | null;
  num: number;
  den: number;
  /** Two claims in the round (Mona Lisa Jewels: two jackpot lines in one spin). */
  twice: boolean;
}

export interface JpState extends StateBase {
  bet: JpBet;
}

export type JpEvent = { type: "jackpotWon"; pool: string; amount: number } | { type: "ended"; totalWin: number };

const tier = (stake: number) => (stake >= 1000 ? "high" : stake >= 100 ? "low" : null);

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parseBet(input: unknown): JpBet {
  if (!isRecord(input)) throw new GameInputError("BAD_BET", "bet must be an object");
  const { stake, claim = null, num = 1, den = 1, twice = false } = input;
  if (typeof twice !== "boolean") throw new GameInputError("BAD_BET", "twice is a boolean");
  if (typeof stake !== "number" || !Number.isInteger(stake) || stake < 1 || stake > 100_000)
    throw new GameInputError("BAD_BET", "stake 1..100000");
  if (claim !== null && claim !== "progressive" && claim !== "mystery") throw new GameInputError("BAD_BET", "claim");
  if (claim === "mystery" && tier(stake) === null) throw new GameInputError("BAD_BET", "mystery needs stake >= 100");
  if (
    typeof num !== "number" ||
    typeof den !== "number" ||
    !Number.isInteger(num) ||
    !Number.isInteger(den) ||
    den < 1 ||
    num < 0 ||
    num > den
  )
    throw new GameInputError("BAD_BET", "0 <= num <= den");
  return { stake, claim, num, den, twice };
}

type JpStep = Step<JpState, JpEvent, PlatformAwaiting>;

const claimOf = (bet: JpBet) =>
  awaitPlatform({
    kind: "jackpotClaim",
    ref: { pool: bet.claim as string, key: bet.claim === "progressive" ? "" : (tier(bet.stake) as string) },
    numerator: bet.num,
    denominator: bet.den,
  });

function start(bet: JpBet): JpStep {
  const state: JpState = { bet, totalBet: bet.stake, totalWin: 0, winBy: {}, triggered: {} };
  if (bet.claim === null) return { state, events: [{ type: "ended", totalWin: 0 }], win: 0, awaiting: null };
  return { state, events: [], win: 0, awaiting: claimOf(bet) };
}

function act(state: JpState, action: PlatformAction): JpStep {
  const claims = state.triggered.jackpot ?? 0;
  const wanted = state.bet.claim === null ? 0 : state.bet.twice ? 2 : 1;
  if (action.type !== "platform" || action.answer.kind !== "jackpotClaim" || claims >= wanted)
    throw new GameInputError("ACTION_NOT_AWAITED", "only the claim's answer is awaited");
  const amount = action.answer.amount;
  const after: JpState = {
    ...state,
    totalWin: state.totalWin + amount,
    winBy: { jackpot: state.totalWin + amount },
    triggered: { jackpot: claims + 1 },
  };
  const events: JpEvent[] = [{ type: "jackpotWon", pool: action.answer.ref.pool, amount }];
  if (claims + 1 < wanted) return { state: after, events, win: amount, awaiting: claimOf(state.bet) };
  events.push({ type: "ended", totalWin: after.totalWin });
  return { state: after, events, win: amount, awaiting: null };
}

const MIN: JpBet = { stake: 1, claim: null, num: 1, den: 1, twice: false };
const MAX: JpBet = { stake: 100_000, claim: null, num: 1, den: 1, twice: false };

export const jackpotGame: GameModule<JpBet, JpState, never, JpEvent, PlatformAwaiting, Record<string, never>> = {
  id: JACKPOT_GAME,
  name: "Jackpot (test)",
  version: "test-1",
  start,
  act: (state, action) => act(state, action as PlatformAction),
  parseBet,
  parseAction: () => {
    throw new GameInputError("BAD_ACTION", "no player actions");
  },
  parseConfig: () => ({}),
  totalBet: (bet) => bet.stake,
  minBet: () => MIN,
  maxBet: () => MAX,
  bets: () => [MIN, MAX],
  model: () => ({}),
  exact: () => {
    throw new Error("test game: no PAR");
  },
  policies: { default: () => undefined as never },
  describe: () => ({ id: JACKPOT_GAME, name: "Jackpot (test)", version: "test-1", rtp: 0 }),
  jackpots: [
    {
      id: "progressive",
      name: "Progressive",
      funding: "wager",
      rateBps: 50,
      seeds: { EUR: { "": PROGRESSIVE_SEED } },
      contributesTo: () => "",
      // The screen shows the share a claim at this bet takes (Mona Lisa Jewels: coin value / 10).
      shownFor: (bet) => [{ key: "", numerator: (bet as JpBet).num, denominator: (bet as JpBet).den }],
    },
    {
      id: "mystery",
      name: "Mystery",
      funding: "operator",
      rateBps: 100,
      seeds: { EUR: { ...MYSTERY_SEEDS } },
      contributesTo: (bet) => tier((bet as JpBet).stake),
    },
  ],
};
