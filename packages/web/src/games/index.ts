/**
 * The platform's games as the client knows them, in lobby order. A game whose `load` is
 * present can be played here (when the server offers it too); the others show as coming
 * soon. A new game is one folder plus its `load` here.
 */

import { svgUrl } from "../shell/kit/art.js";
import type { GameViewFactory } from "../shell/types.js";
import { SYMBOL_ART as BEWITCHED_ART } from "./bewitched/art.js";
import { SYMBOL_ART } from "./mermaid-treasure/art.js";
import { SYMBOL_ART as MONA_ART } from "./mona-lisa-jewels/art.js";
import { GNOMOS_MIX, MYSTIC_GEM } from "./thumbnails.js";

export interface ClientGame {
  id: string;
  name: string;
  /** Lobby picture (a data URL). */
  thumbnail: string;
  /** Tagline under the name in the lobby. */
  tagline: string;
  /** Loads the game's view; absent while its client is still to come. */
  load?: () => Promise<GameViewFactory>;
}

export const CLIENT_GAMES: readonly ClientGame[] = [
  {
    id: "mermaid-treasure",
    name: "Mermaid Treasure",
    thumbnail: svgUrl(SYMBOL_ART.MERMAID ?? ""),
    tagline: "15 lines · free spins ×3 · Treasure pick bonus",
    load: async () => (await import("./mermaid-treasure/index.js")).createView,
  },
  {
    id: "mona-lisa-jewels",
    name: "Mona Lisa Jewels",
    thumbnail: svgUrl(MONA_ART.WILD ?? ""),
    tagline: "25 lines · shared progressive · Jewel free spins",
    load: async () => (await import("./mona-lisa-jewels/index.js")).createView,
  },
  {
    id: "bewitched",
    name: "Bewitched",
    thumbnail: svgUrl(BEWITCHED_ART.WITCH ?? ""),
    tagline: "15 lines · progressive per coin value · Merlin pick · double-up",
    load: async () => (await import("./bewitched/index.js")).createView,
  },
  {
    id: "40-mystic-gem",
    name: "40 Mystic Gem",
    thumbnail: svgUrl(MYSTIC_GEM),
    tagline: "40 lines · expanding wild · buy bonus · Jackpot Cards",
    load: async () => (await import("./40-mystic-gem/index.js")).createView,
  },
  {
    id: "gnomos-mix",
    name: "Gnomos Mix Golden Edition",
    thumbnail: svgUrl(GNOMOS_MIX),
    tagline: "3 reels + upper game · holds, nudges, ladders",
  },
];

/** The client's entry for a game id, if it knows the game. */
export function clientGame(id: string): ClientGame | undefined {
  return CLIENT_GAMES.find((g) => g.id === id);
}
