import { claimPool, GameInputError, type GameModule, type PlatformAnswer, type PlatformRequest } from "@reelhouse/engine";
import { betListOf, identityOf } from "../kit/module.js";
import { DEFAULT_BET, describeGame, modelJson } from "./describe.js";
import { computeExact } from "./exact.js";
import * as model from "./model.js";
import { JACKPOT_RULES } from "./model.js";
import { act, parseAction, start } from "./round.js";
import type { MonaAction, MonaAwaiting, MonaBet, MonaConfig, MonaEvent, MonaState } from "./types.js";
import { allBets, parseBet, parseConfig, totalBetOf } from "./validate.js";

export type { MonaAction, MonaAwaiting, MonaBet, MonaConfig, MonaEvent, MonaState } from "./types.js";

const BETS = Object.freeze(allBets());

/**
 * The platform as the certified maths sees it: a claim of the progressive is paid from the
 * pool at its seed (500,000 EUR at the 10 EUR reference coin value), x numerator / denominator,
 * rounded down to the cent (`claimPool`).
 */
export function platformModel(request: PlatformRequest): PlatformAnswer {
  if (request.kind !== "jackpotClaim" || request.ref.pool !== JACKPOT_RULES.pool) {
    throw new GameInputError("BAD_PLATFORM_REQUEST", `Mona Lisa Jewels asks only for '${JACKPOT_RULES.pool}' claims`);
  }
  const claim = claimPool(JACKPOT_RULES.seedMicro, JACKPOT_RULES.seedMicro, request.numerator, request.denominator);
  return { kind: "jackpotClaim", ref: request.ref, amount: claim.paidMinor };
}

/** Mona Lisa Jewels as the platform sees it. */
export const monaLisaJewels: GameModule<MonaBet, MonaState, MonaAction, MonaEvent, MonaAwaiting, MonaConfig> = {
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
    /** Plays every free spin, Jewel spins first (the round decides the order). */
    default: () => ({ type: "freeSpin" }),
  },
  describe: describeGame,
  platformModel,
  /**
   * The shared progressive as data: one pool per currency (key ""), seeded at 500,000 EUR,
   * fed 0.5% of every paid bet at every coin value out of the wager.
   */
  jackpots: [
    {
      id: JACKPOT_RULES.pool,
      name: "Mona Lisa Jewels progressive",
      funding: "wager",
      rateBps: JACKPOT_RULES.contributionBps,
      seeds: { EUR: { "": JACKPOT_RULES.seedMicro } },
      contributesTo: () => "",
      /** The screen shows what a win at the bet's coin value takes: pool x coin value / 10 EUR (the claim's own fraction). */
      shownFor: (bet) => [{ key: "", numerator: bet.coinValue, denominator: JACKPOT_RULES.referenceCoinValue }],
    },
  ],
};

export { DEFAULT_BET };
