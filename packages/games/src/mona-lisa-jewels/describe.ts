/** Mona Lisa Jewels' maths and presentation data, as a test lab and a client receive them. */
import { claimPool } from "@reelhouse/engine";
import { describeHead, lineGameOf, modelHead, copyPays as pays } from "../kit/describe.js";
import * as model from "./model.js";
import {
  BET_OPTIONS,
  FREE_SPINS,
  JACKPOT_RULES,
  JEWEL_SPINS,
  LINE_PAYS,
  REEL_STRIPS_BASE,
  REEL_STRIPS_FREE_SPINS,
  REEL_STRIPS_JEWEL,
  SCATTER_PAYS,
  TARGET_RTP,
  WILD,
} from "./model.js";

/** The default bet: every line, 1 coin per line, 0.01 EUR. */
export const DEFAULT_BET = { coinValue: BET_OPTIONS.coinValues[0], coinsPerLine: 1, lines: 25 } as const;

/** The progressive's seed at each coin value (minor units): pool x c / 10 EUR, rounded down to the cent. */
export function seedByCoinValue(): { coinValue: number; seed: number }[] {
  return BET_OPTIONS.coinValues.map((c) => ({
    coinValue: c,
    seed: claimPool(JACKPOT_RULES.seedMicro, JACKPOT_RULES.seedMicro, c, JACKPOT_RULES.referenceCoinValue).paidMinor,
  }));
}

/** The model's identity, window, symbols and lines, for the shared parts of the documents. */
const GAME = lineGameOf(model);

/** The `reelhouse.model/1` document: every payout-relevant number of the game. */
export function modelJson() {
  return {
    ...modelHead(GAME, WILD, ["regular", "jewel"]),
    linePays: pays(LINE_PAYS),
    lineRule:
      "left to right from reel 1, at least 3 of a kind; the highest combination per line only; WILD's own run and the run it completes compete, WILD's own on a tie",
    scatterPays: pays(SCATTER_PAYS),
    reelSets: {
      base: REEL_STRIPS_BASE.map((s) => [...s]),
      freeSpins: REEL_STRIPS_FREE_SPINS.map((s) => [...s]),
      jewelSpins: { reels: [2, 3, 4, 5], strips: REEL_STRIPS_JEWEL.map((s) => [...s]) },
      stops: "every stop of a strip equally likely; a window shows stop, stop+1, stop+2 (wrapping)",
    },
    features: {
      freeSpins: {
        trigger: `${FREE_SPINS.minScatters}+ SCATTER anywhere on the screen (a Jewel spin's locked reel 1 included)`,
        award: FREE_SPINS.award,
        retrigger: FREE_SPINS.award,
        limit: null,
        wildMultipliers: {
          byWilds: [...FREE_SPINS.wildMultipliers],
          counted: "the wilds inside the paid combination (its first N cells); applied before the highest win is chosen",
          wildOwnPays: FREE_SPINS.multiplyWildPays,
        },
        scatterWinMultiplier: 1,
        reelSet: "freeSpins",
      },
      jewelSpins: {
        trigger: `${JEWEL_SPINS.minJewels}+ JEWEL in the reel-1 column (WILD does not count), whatever lines are played; not in Jewel spins`,
        award: JEWEL_SPINS.award,
        locked: "reel 1 shows the triggering column",
        sticky: [...JEWEL_SPINS.sticky],
        stickyReels: [2, 3, 4, 5],
        fresh: "reels 2–5 spin to a fresh stop of the Jewel strips; held cells lie over it",
        wildMultipliers: null,
        order: "Jewel spins are played before the remaining normal free spins",
        reelSet: "jewelSpins",
      },
      progressive: {
        pool: JACKPOT_RULES.pool,
        perCurrency: true,
        referenceCoinValue: JACKPOT_RULES.referenceCoinValue,
        seedMinor: JACKPOT_RULES.seedMicro / 10_000,
        contributionBps: JACKPOT_RULES.contributionBps,
        qualifies: `${JACKPOT_RULES.count} JACKPOT on a line at ${JACKPOT_RULES.lines} lines and ${JACKPOT_RULES.coinsPerLine} coins per line, in the paid spin or a normal free spin (never a Jewel spin)`,
        pays: "pool x coin value / reference coin value, rounded down to the cent; replaces the paytable value; not multiplied",
        seedByCoinValue: seedByCoinValue(),
      },
    },
    bet: {
      coinValues: [...BET_OPTIONS.coinValues],
      coinsPerLine: [...BET_OPTIONS.coinsPerLine],
      lines: [...BET_OPTIONS.lines],
      currencyMinorUnits: "EUR cents",
      lineWin: "pay x multiplier x coins per line x coin value",
      scatterWin: "pay x total bet",
      maxBet: `${JACKPOT_RULES.lines} lines x ${JACKPOT_RULES.coinsPerLine} coins per line, at any coin value`,
    },
    rtp: { belowMaxBet: TARGET_RTP.belowMaxBet, maxBet: TARGET_RTP.maxBet, at: "every line count and coin value" },
  };
}

/** What a client needs: bet options (as a `betSchema` too), paytable, lines, jackpot and rules (no strips). */
export function describeGame() {
  return {
    ...describeHead(GAME, BET_OPTIONS, DEFAULT_BET),
    paytable: { lines: pays(LINE_PAYS), scatter: pays(SCATTER_PAYS) },
    features: {
      freeSpins: { award: FREE_SPINS.award, wildMultipliers: [...FREE_SPINS.wildMultipliers], limit: null },
      jewelSpins: { award: JEWEL_SPINS.award, sticky: [...JEWEL_SPINS.sticky] },
      progressive: {
        pool: JACKPOT_RULES.pool,
        referenceCoinValue: JACKPOT_RULES.referenceCoinValue,
        lines: JACKPOT_RULES.lines,
        coinsPerLine: JACKPOT_RULES.coinsPerLine,
        seedByCoinValue: seedByCoinValue(),
      },
    },
    rules: {
      wild: "WILD substitutes for all symbols except SCATTER and JACKPOT and pays on its own; a WILD on reel 1 does not count as a JEWEL.",
      jewelSpins:
        "2 or 3 JEWEL on reel 1: 2 Jewel free spins. Reel 1 stays locked; every JEWEL and WILD on reels 2–5 stays in place, and so do those that land in the first Jewel spin. No multipliers; reel 1's jewels do not trigger again.",
      freeSpins:
        "3 or more SCATTER anywhere: 10 free spins at the same bet. A winning line with 1, 2, 3+ wilds in its combination pays x2, x4, x8. Scatter wins pay x total bet.",
      order:
        "Jewel free spins are always played first, then the remaining free spins; each kind can be won in the other, without limit.",
      progressive:
        "5 JACKPOT on a line at 25 lines and 10 coins per line win the progressive (pool x coin value / 10 EUR), in the base game and free spins, never in Jewel spins; otherwise the paytable pays.",
    },
    rtp: TARGET_RTP.belowMaxBet,
    rtpMaxBet: TARGET_RTP.maxBet,
  };
}
