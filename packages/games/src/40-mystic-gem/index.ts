/** 40 Mystic Gem as the platform sees it. */
import type { GameModule } from "@reelhouse/engine";
import { betListOf, identityOf } from "../kit/module.js";
import { DEFAULT_BET, describeGame, modelJson } from "./describe.js";
import * as model from "./model.js";
import { computeExact } from "./par.js";
import { act, deadlineAction, parseAction, start } from "./round.js";
import type { MysticAction, MysticAwaiting, MysticBet, MysticConfig, MysticEvent, MysticState } from "./types.js";
import { allBets, parseBet, parseConfig, totalBetOf } from "./validate.js";

export type { MysticAction, MysticAwaiting, MysticBet, MysticConfig, MysticEvent, MysticState } from "./types.js";

const BETS = Object.freeze(allBets());

/** A policy that collects every win, or folds up to `folds` times (red every time: the Fold is fair either way). */
const folding =
  (folds: number) =>
  (_state: MysticState, awaiting: MysticAwaiting): MysticAction =>
    awaiting.attempt <= folds ? { type: "gambleRed" } : { type: "collect" };

/** 40 Mystic Gem as the platform sees it. */
export const mysticGem: GameModule<MysticBet, MysticState, MysticAction, MysticEvent, MysticAwaiting, MysticConfig> = {
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
    /** Collects every win (never folds). */
    default: folding(0),
    /** Folds once, then collects. */
    foldOnce: folding(1),
    /** Folds until the last attempt or a loss. */
    foldAll: folding(model.FOLD.maxAttempts),
  },
  describe: describeGame,
  deadlineAction,
  /** The platform's Jackpot Cards are part of this game (sheet "Jackpot Cards"). */
  jackpotCards: true,
};

export { DEFAULT_BET };
