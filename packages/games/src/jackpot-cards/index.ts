/**
 * Jackpot Cards, the platform's mystery jackpot "played on top of any game that includes it"
 * (40 Mystic Gem's sheet): a round the server opens itself when a qualifying paid game
 * round ends (see packages/server/src/jackpots/cards.ts), four operator-funded pools, and the
 * 12-card pick. Not a game of the lobby: `platformRound`.
 */
import { GameInputError, type GameModule, type PlatformAnswer, type PlatformRequest, parReport } from "@reelhouse/engine";
import { type JackpotCardsCost, jackpotCardsCost } from "./cost.js";
import {
  CARDS,
  CURRENCIES,
  GAME_ID,
  GAME_NAME,
  LEVELS,
  type LevelRules,
  type LevelSettings,
  levelRules,
  MATHS_VERSION,
  NEED,
  TRIGGER,
} from "./model.js";
import { act, parseAction, start } from "./round.js";
import type { CardsAction, CardsAwaiting, CardsBet, CardsConfig, CardsEvent, CardsState } from "./types.js";

export { type JackpotCardsCost, jackpotCardsCost } from "./cost.js";
export { type LevelSettings as JackpotCardsLevels, TRIGGER as JACKPOT_CARDS_TRIGGER } from "./model.js";
export type { CardsAction, CardsAwaiting, CardsBet, CardsConfig, CardsEvent, CardsState } from "./types.js";

const NO_BET: CardsBet = Object.freeze({});

function parseBet(input: unknown): CardsBet {
  if (typeof input === "object" && input !== null && !Array.isArray(input) && Object.keys(input).length === 0) return NO_BET;
  throw new GameInputError("BAD_BET", "a Jackpot Cards round has no bet");
}

function parseConfig(input: unknown): CardsConfig {
  if (input === undefined || input === null) return Object.freeze({});
  if (typeof input === "object" && !Array.isArray(input) && Object.keys(input).length === 0) return Object.freeze({});
  throw new GameInputError("BAD_CONFIG", "Jackpot Cards has no operator configuration of its own");
}

/** The maths as data (`reelhouse model`). */
function model(rules: LevelRules) {
  return {
    game: GAME_ID,
    version: MATHS_VERSION,
    cards: CARDS,
    need: NEED,
    levels: LEVELS,
    levelRules: rules,
    trigger: TRIGGER,
  };
}

/** The cost sheet: the operator's expected cost (= players' expected return) per unit of qualifying bet. */
function exact(rules: LevelRules) {
  const cost: JackpotCardsCost = jackpotCardsCost(rules);
  return parReport({
    game: GAME_ID,
    version: MATHS_VERSION,
    rtp: cost.total,
    breakdown: { baseLines: 0, baseScatter: 0, contributions: cost.contributions, seedFunding: cost.seedFunding },
    figures: {
      jackpotCardsCost: cost.total,
      triggerPerMinorUnit: cost.triggerPerMinor,
      meanStakeBetweenTriggersMinor: 1 / cost.triggerPerMinor,
      ...Object.fromEntries(cost.levels.map((l) => [`${l.level}Probability`, l.probability])),
    },
    notes: [
      "Jackpot Cards: one draw per finished qualifying paid game, hit with probability stake x numerator / denominator (minor units), the level drawn with fixed weights; every level is reachable at every qualifying bet.",
      "jackpotCardsCost = Σ contribution rates + P(trigger per minor unit) x E[seed of the drawn level]: what the operator funds per unit bet; in the long run the pools pay it all out, so it is also the players' return from Jackpot Cards, published apart from the game's RTP.",
    ],
  });
}

/** The platform as the maths sees it: a claim pays the level's seed. */
function platformModel(rules: LevelRules, request: PlatformRequest): PlatformAnswer {
  if (request.kind !== "jackpotClaim") throw new GameInputError("BAD_PLATFORM_REQUEST", "Jackpot Cards asks only for claims");
  const rule = rules[request.ref.pool as keyof LevelRules];
  if (!rule) throw new GameInputError("BAD_PLATFORM_REQUEST", `no level '${request.ref.pool}'`);
  return { kind: "jackpotClaim", ref: request.ref, amount: Math.floor(rule.seedMicro / 10_000) };
}

/**
 * The Jackpot Cards module with the operator's level settings (seeds and contribution rates;
 * the weights and the trigger odds are certified and stay).
 */
export function jackpotCardsModule(
  settings: LevelSettings = {},
): GameModule<CardsBet, CardsState, CardsAction, CardsEvent, CardsAwaiting, CardsConfig> {
  const rules = levelRules(settings);
  return {
    id: GAME_ID,
    name: GAME_NAME,
    version: MATHS_VERSION,
    platformRound: true,
    start,
    act,
    parseBet,
    parseAction,
    parseConfig,
    totalBet: () => 0,
    minBet: () => NO_BET,
    maxBet: () => NO_BET,
    bets: () => [NO_BET],
    model: () => model(rules),
    exact: () => exact(rules),
    policies: {
      /** The first face-down card, every time (any pick order wins the drawn level). */
      default: (_state, awaiting) => {
        const taken = new Set(awaiting.type === "pick" ? awaiting.revealed.map((c) => c.position) : []);
        let position = 0;
        while (taken.has(position)) position++;
        return { type: "pick", position };
      },
    },
    describe: () => ({
      id: GAME_ID,
      name: GAME_NAME,
      version: MATHS_VERSION,
      rtp: jackpotCardsCost(rules).total,
      kind: "jackpotCards",
      cards: CARDS,
      need: NEED,
      levels: LEVELS,
      rules: {
        play: "12 face-down cards: pick cards until three of one suit show; that suit's level is won (clubs < diamonds < hearts < spades).",
        prize:
          "The prize is the level's value at the moment the third matching card is revealed; it is added to the balance and cannot be doubled.",
        trigger:
          "Jackpot Cards may start when a paid game ends and its wins are collected; never in operator free rounds. The chance is proportional to the bet.",
        simultaneous:
          "If two players win the same level at the same time, the first win recorded pays the level's value; the next pays its value at that moment, at least its starting amount.",
      },
    }),
    platformModel: (request) => platformModel(rules, request),
    /** Four operator-funded pools (one per level), fed by the bets of every game that includes Jackpot Cards. */
    jackpots: LEVELS.map((level) => ({
      id: level,
      name: `Jackpot Cards ${level}`,
      funding: "operator" as const,
      rateBps: rules[level].rateBps,
      seeds: Object.fromEntries(CURRENCIES.map((c) => [c, { "": rules[level].seedMicro }])),
      contributesTo: () => "",
    })),
  };
}

/** Jackpot Cards with the certified defaults. */
export const jackpotCards = jackpotCardsModule();
