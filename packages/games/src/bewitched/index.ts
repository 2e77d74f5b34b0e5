import {
  claimPool,
  GameInputError,
  type GameModule,
  type LineBet,
  type PlatformAnswer,
  type PlatformRequest,
} from "@reelhouse/engine";
import { betListOf, identityOf } from "../kit/module.js";
import { DEFAULT_BET, describeGame, FULL_BET, modelJson, seedByCoinValue } from "./describe.js";
import { computeExact } from "./exact.js";
import * as model from "./model.js";
import { PROGRESSIVE } from "./model.js";
import { act, PROGRESSIVE_POOL, parseAction, start } from "./round.js";
import type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedConfig,
  BewitchedEvent,
  BewitchedState,
} from "./types.js";
import { allBets, parseBet, parseConfig, totalBetOf } from "./validate.js";

export type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedConfig,
  BewitchedEvent,
  BewitchedState,
} from "./types.js";

const BETS = Object.freeze(allBets());

/** The pools' seeds in micro-units by coin value key (the bet's coin value in minor units, as a string). */
const SEEDS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(seedByCoinValue().map((s) => [String(s.coinValue), s.seedMicro])),
);

/**
 * The platform as the certified maths sees it: a claim of the progressive is paid from the
 * pool of the bet's coin value at its seed (2,000 coins of that coin value), in full
 * (the round names 1/1), rounded down to the cent (`claimPool`); a read of that pool (what
 * every Merlin trigger without the progressive asks, so all triggers look alike) is its seed.
 */
export function platformModel(request: PlatformRequest): PlatformAnswer {
  const seed =
    request.ref.pool === PROGRESSIVE_POOL && Object.hasOwn(SEEDS, request.ref.key) ? SEEDS[request.ref.key] : undefined;
  if (seed === undefined)
    throw new GameInputError(
      "BAD_PLATFORM_REQUEST",
      `Bewitched asks only for the '${PROGRESSIVE_POOL}' pools, keyed by a coin value`,
    );
  if (request.kind === "jackpotValue") return { kind: "jackpotValue", ref: request.ref, micro: seed };
  const claim = claimPool(seed, seed, request.numerator, request.denominator);
  return { kind: "jackpotClaim", ref: request.ref, amount: claim.paidMinor };
}

/** Opens the first vial not yet opened. */
function firstClosed(opened: readonly { vial: number }[]): number {
  let vial = 0;
  while (opened.some((o) => o.vial === vial)) vial++;
  return vial;
}

/** A policy that plays every feature and doubles up to `doubles` times (red every time: the double is fair either way). */
const doubling =
  (doubles: number) =>
  (_state: BewitchedState, awaiting: BewitchedAwaiting): BewitchedAction => {
    if (awaiting.type === "vial") return { type: "vial", vial: firstClosed(awaiting.opened) };
    if (awaiting.type === "freeSpin") return { type: "freeSpin" };
    if (awaiting.type === "gamble") return awaiting.attempt <= doubles ? { type: "gambleRed" } : { type: "collect" };
    throw new Error(`no player decision for '${awaiting.type}'`);
  };

/**
 * What the server plays for a player who left past the operator's deadline: the first closed
 * vial until Merlin's prize shows, every free spin won, and COLLECT at the double (never a
 * double: it could lose what the player won).
 */
export function deadlineAction(_state: BewitchedState, awaiting: BewitchedAwaiting): BewitchedAction {
  if (awaiting.type === "vial") return { type: "vial", vial: firstClosed(awaiting.opened) };
  if (awaiting.type === "freeSpin") return { type: "freeSpin" };
  if (awaiting.type === "gamble") return { type: "collect" };
  throw new Error(`no deadline action for '${awaiting.type}'`);
}

/** Merlin drew the progressive and the third vial has not shown it yet (it is claimed at once, DESIGN.md §2). */
export const hidesClaim = (state: BewitchedState): boolean => state.merlin?.prize.kind === "jackpot";

/** Bewitched as the platform sees it. */
export const bewitched: GameModule<
  BewitchedBet,
  BewitchedState,
  BewitchedAction,
  BewitchedEvent,
  BewitchedAwaiting,
  BewitchedConfig
> = {
  ...identityOf(model),
  start,
  act,
  parseBet,
  parseAction,
  parseConfig,
  totalBet: totalBetOf,
  ...betListOf(BETS),
  model: modelJson,
  exact: computeExact,
  policies: {
    /** Opens vials in order, plays every free spin, collects every line win (never doubles). */
    default: doubling(0),
    /** Doubles once, then collects. */
    doubleOnce: doubling(1),
    /** Doubles until the fifth double or a loss. */
    doubleAll: doubling(model.DOUBLE.maxDoubles),
  },
  describe: describeGame,
  platformModel,
  hidesClaim,
  deadlineAction,
  /**
   * The progressive as data: one pool per coin value (key: the coin value in minor units),
   * seeded at 2,000 coins of it, fed 0.5% of every paid bet placed at it, out of the wager.
   */
  jackpots: [
    {
      id: PROGRESSIVE_POOL,
      name: "Bewitched progressive",
      funding: "wager",
      rateBps: PROGRESSIVE.rateBps,
      seeds: { EUR: SEEDS },
      contributesTo: (bet: LineBet) => String(bet.coinValue),
      /** The screen shows the pool of the selected coin value, in full: what a win at that coin value takes. */
      shownFor: (bet: LineBet) => [{ key: String(bet.coinValue), numerator: 1, denominator: 1 }],
    },
  ],
};

export { DEFAULT_BET, FULL_BET };
