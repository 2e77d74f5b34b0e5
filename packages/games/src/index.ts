import type { GameModule } from "@reelhouse/engine";
import { mysticGem } from "./40-mystic-gem/index.js";
import { bewitched } from "./bewitched/index.js";
import { jackpotCards } from "./jackpot-cards/index.js";
import { mermaidTreasure } from "./mermaid-treasure/index.js";
import { monaLisaJewels } from "./mona-lisa-jewels/index.js";

export { mysticGem } from "./40-mystic-gem/index.js";
export { bewitched } from "./bewitched/index.js";
export { mermaidTreasure } from "./mermaid-treasure/index.js";
export { monaLisaJewels } from "./mona-lisa-jewels/index.js";

/** Every game the platform offers, by id. */
export const GAMES: ReadonlyMap<string, GameModule<any, any, any, any, any>> = new Map<
  string,
  GameModule<any, any, any, any, any>
>([
  [mermaidTreasure.id, mermaidTreasure],
  [monaLisaJewels.id, monaLisaJewels],
  [bewitched.id, bewitched],
  [mysticGem.id, mysticGem],
]);

/** Looks a game up by id; undefined when there is no such game. */
export function getGame(id: string): GameModule<any, any, any, any, any> | undefined {
  return GAMES.get(id);
}

export type { CardsAction, CardsAwaiting, CardsEvent, CardsState } from "./jackpot-cards/index.js";
/** The platform's Jackpot Cards round (not a game of the lobby: the server opens it). */
export {
  JACKPOT_CARDS_TRIGGER,
  type JackpotCardsLevels,
  jackpotCards,
  jackpotCardsCost,
  jackpotCardsModule,
} from "./jackpot-cards/index.js";

/** A round module the platform opens itself (Jackpot Cards), by id: for `reelhouse par` and `model`, never the lobby. */
export function platformModule(id: string): GameModule<any, any, any, any, any> | undefined {
  return id === jackpotCards.id ? jackpotCards : undefined;
}
export type {
  MysticAction,
  MysticAwaiting,
  MysticBet,
  MysticEvent,
  MysticState,
} from "./40-mystic-gem/index.js";
export type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedEvent,
  BewitchedState,
} from "./bewitched/index.js";
export type {
  MermaidAction,
  MermaidAwaiting,
  MermaidBet,
  MermaidEvent,
  MermaidState,
} from "./mermaid-treasure/index.js";
export type {
  MonaAction,
  MonaAwaiting,
  MonaBet,
  MonaEvent,
  MonaState,
} from "./mona-lisa-jewels/index.js";
