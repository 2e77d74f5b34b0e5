/**
 * The games this client can show, by server game id. Each entry loads its folder lazily,
 * so a new game is one folder plus one line here.
 */
import type { GameViewFactory } from "../shell/types.js";
import { SYMBOL_ART, svgUrl } from "./mermaid-treasure/art.js";

export interface ClientGame {
  /** Lobby picture (a data URL). */
  thumbnail: string;
  /** Tagline under the name in the lobby. */
  tagline: string;
  load(): Promise<GameViewFactory>;
}

export const CLIENT_GAMES: ReadonlyMap<string, ClientGame> = new Map([
  [
    "mermaid-treasure",
    {
      thumbnail: svgUrl(SYMBOL_ART.MERMAID ?? ""),
      tagline: "15 lines · free spins ×3 · Treasure pick bonus",
      load: async () => (await import("./mermaid-treasure/index.js")).createView,
    },
  ],
]);
