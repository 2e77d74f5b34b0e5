import type { GameModule } from "@reelhouse/engine";
import { mermaidTreasure } from "./mermaid-treasure/index.js";

export { mermaidTreasure } from "./mermaid-treasure/index.js";

/** Every game the platform offers, by id. */
export const GAMES: ReadonlyMap<string, GameModule<any, any, any, any, any>> = new Map([[mermaidTreasure.id, mermaidTreasure]]);

/** Looks a game up by id; undefined when there is no such game. */
export function getGame(id: string): GameModule<any, any, any, any, any> | undefined {
  return GAMES.get(id);
}

export type {
  MermaidAction,
  MermaidAwaiting,
  MermaidBet,
  MermaidEvent,
  MermaidState,
} from "./mermaid-treasure/index.js";
