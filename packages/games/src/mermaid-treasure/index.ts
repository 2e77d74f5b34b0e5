import type { GameModule } from "@reelhouse/engine";
import { identityOf } from "../kit/module.js";
import { describeGame, modelJson } from "./describe.js";
import { computeExact } from "./exact.js";
import * as model from "./model.js";
import { BET_OPTIONS } from "./model.js";
import {
  act,
  allBets,
  type MermaidAction,
  type MermaidAwaiting,
  type MermaidBet,
  type MermaidConfig,
  type MermaidEvent,
  type MermaidState,
  parseAction,
  parseBet,
  parseConfig,
  start,
  totalBetOf,
} from "./round.js";

export type { MermaidAction, MermaidAwaiting, MermaidBet, MermaidConfig, MermaidEvent, MermaidState } from "./round.js";

const BETS = Object.freeze(allBets());

/** Mermaid Treasure as the platform sees it. */
export const mermaidTreasure: GameModule<MermaidBet, MermaidState, MermaidAction, MermaidEvent, MermaidAwaiting, MermaidConfig> =
  {
    ...identityOf(model),
    start,
    act,
    parseBet,
    parseAction,
    parseConfig,
    totalBet: totalBetOf,
    minBet: () => ({
      coinValue: BET_OPTIONS.coinValues[0],
      coinsPerLine: BET_OPTIONS.coinsPerLine[0],
      lines: BET_OPTIONS.lines[0],
    }),
    maxBet: () => BETS[BETS.length - 1] as MermaidBet,
    bets: () => BETS,
    model: modelJson,
    exact: computeExact,
    policies: {
      /** Opens the lowest unopened object and plays every free spin. */
      default: (_state, awaiting) =>
        awaiting.type === "pick" ? { type: "pick", object: firstClosed(awaiting.opened) } : { type: "freeSpin" },
    },
    describe: describeGame,
  };

function firstClosed(opened: readonly number[]): number {
  let object = 0;
  while (opened.includes(object)) object++;
  return object;
}
