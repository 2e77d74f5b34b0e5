/** Mermaid Treasure's maths and presentation data, as a test lab and a client receive them. */
import { copyPays, lineGameOf, modelHead } from "../kit/describe.js";
import * as model from "./model.js";
import {
  BET_OPTIONS,
  FREE_SPINS,
  GAME_ID,
  GAME_NAME,
  LINE_PAYS,
  MATHS_VERSION,
  PAYLINES,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REELS,
  ROWS,
  SCATTER_PAYS,
  SYMBOLS,
  TARGET_RTP,
  TREASURE_BONUS,
  WILD,
} from "./model.js";

/** The model's identity, window, symbols and lines, for the shared parts of the documents. */
const GAME = lineGameOf(model);

/** The `reelhouse.model/1` document: every payout-relevant number of the game. */
export function modelJson() {
  return {
    ...modelHead(GAME, WILD, ["regular"]),
    linePays: copyPays(LINE_PAYS),
    scatterPays: copyPays(SCATTER_PAYS),
    reelSets: {
      base: REEL_STRIPS_BASE.map((s) => [...s]),
      freeSpins: REEL_STRIPS_FREE_SPINS.map((s) => [...s]),
    },
    features: {
      freeSpins: {
        trigger: `${FREE_SPINS.minScatters}+ MERMAID anywhere`,
        award: FREE_SPINS.award,
        retrigger: FREE_SPINS.award,
        lineWinMultiplier: FREE_SPINS.lineWinMultiplier,
        scatterWinMultiplier: 1,
        bonusWinMultiplier: 1,
        maxPerRound: FREE_SPINS.maxPerRound,
        reelSet: "freeSpins",
      },
      treasureBonus: {
        trigger: `${TREASURE_BONUS.minRun}+ TREASURE from reel 1 on an enabled payline (no wild substitution); longest run counts once`,
        picks: "number of TREASURE symbols in the triggering run",
        objects: TREASURE_BONUS.objects,
        prizes: TREASURE_BONUS.prizes.map((p) => ({ ...p })),
        prizeUnit: "coins per coin bet on a line (x coins per line)",
        maxCoins: TREASURE_BONUS.maxCoins,
      },
    },
    bet: {
      coinValues: [...BET_OPTIONS.coinValues],
      coinsPerLine: [...BET_OPTIONS.coinsPerLine],
      lines: [...BET_OPTIONS.lines],
      currencyMinorUnits: "EUR cents",
      lineWin: "pay x coins per line x coin value",
      scatterWin: "pay x total bet",
    },
    rtp: { target: TARGET_RTP, at: "15 lines; every coin value and coins per line" },
  };
}

/** What a client needs: bet options, paytable, lines and rules flags (no strips, no weights). */
export function describeGame() {
  return {
    id: GAME_ID,
    name: GAME_NAME,
    version: MATHS_VERSION,
    kind: "lines" as const,
    reels: REELS,
    rows: ROWS,
    symbols: SYMBOLS.map((s) => ({ id: s.id, kind: s.kind, name: s.name })),
    bet: {
      coinValues: [...BET_OPTIONS.coinValues],
      coinsPerLine: [...BET_OPTIONS.coinsPerLine],
      lines: [...BET_OPTIONS.lines],
      default: { coinValue: 10, coinsPerLine: 1, lines: 15 },
    },
    lines: PAYLINES.map((l) => [...l]),
    paytable: {
      lines: copyPays(LINE_PAYS),
      scatter: copyPays(SCATTER_PAYS),
    },
    features: {
      freeSpins: { award: FREE_SPINS.award, multiplier: FREE_SPINS.lineWinMultiplier, maxPerRound: FREE_SPINS.maxPerRound },
      treasureBonus: { objects: TREASURE_BONUS.objects, maxCoins: TREASURE_BONUS.maxCoins },
    },
    rules: {
      wild: "NEPTUNE substitutes for all symbols except MERMAID and TREASURE, and pays on its own.",
      scatter: "2+ MERMAID anywhere pay x total bet; 3+ award 10 free spins.",
      freeSpins: "10 free spins at the triggering bet; line wins x3; retriggers add 10 (at most 100 per round).",
      treasure: "3+ TREASURE from reel 1 on an enabled line: pick as many objects as symbols; up to 2,500 coins; not tripled.",
    },
    rtp: TARGET_RTP,
  };
}
