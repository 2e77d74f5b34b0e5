/** 40 Mystic Gem's maths and presentation data, as a test lab and a client receive them. */
import { buyModesOf } from "@reelhouse/engine";
import { describeStakeHead, lineGameOf, modelHead, copyPays as pays } from "../kit/describe.js";
import * as model from "./model.js";
import { DEFAULT_STAKE, FOLD, LINE_PAYS, LINES, SCATTER_PAYS, SCATTERS, STAKES, TARGET_RTP, WILD, WILD_REELS } from "./model.js";
import { MODES } from "./modes.js";
import { REEL_SETS } from "./reel-sets.js";
import type { MysticConfig } from "./types.js";
import { parseConfig } from "./validate.js";

/** The bet a client starts at and the PAR's headline is at: 2.00 EUR, a plain spin. */
export const DEFAULT_BET = { stake: DEFAULT_STAKE } as const;

/** The model's identity, window, symbols and lines, for the shared parts of the documents. */
const GAME = lineGameOf(model);

/** The `reelhouse.model/1` document: every payout-relevant number, enough for a lab to recompute every mode. */
export function modelJson() {
  const head = modelHead(GAME, WILD, ["regular"]);
  return {
    ...head,
    wild: {
      ...head.wild,
      ownPays: false,
      reels: WILD_REELS.map((r) => r + 1),
      expands:
        "a WILD landing on reel 2, 3 or 4 covers its whole reel before any win is paid, except the scatters (MOON, STAR), which stay where they are; the strips keep WILD and scatters at least 4 stops apart, so an expanded reel never shows a scatter",
    },
    linePays: pays(LINE_PAYS),
    lineRule:
      "40 fixed lines, left to right from reel 1, adjacent reels; linePays[symbol][k−1] line bets for k of a kind; line bet = total bet / 40; the highest combination per line only; WILD substitutes for every regular symbol and never pays alone (it never lands on reel 1)",
    scatters: {
      symbols: [...SCATTERS],
      pays: pays(SCATTER_PAYS),
      payUnit:
        "x the total bet (in a bought mode: the total bet it was bought at, never its price), by the count anywhere (index); added to line wins",
      reels: { MOON: "1–5 in the base game", STAR: "1, 3 and 5" },
    },
    reelSets: Object.fromEntries(
      Object.entries(REEL_SETS).map(([id, s]) => [
        id,
        { strips: s.strips.map((st) => [...st]), stopWeights: s.weights.map((w) => [...w]) },
      ]),
    ),
    stops:
      "a window shows stop, stop+1, stop+2, stop+3 (wrapping); stop s of reel r is drawn with probability stopWeights[r][s] / their sum; an empty stopWeights list = every stop equally likely; an empty strip = a reel that never spins in that mode (a bought WILD)",
    modes: MODES.map((m) => ({
      id: m.id,
      label: m.label,
      price: {
        numerator: m.price.numerator,
        denominator: m.price.denominator,
        timesTotalBet: m.price.numerator / m.price.denominator,
      },
      reelSet: m.reelSet,
      wilds: m.wilds,
      placements: m.placements.map((p) => ({ reels: p.reels.map((r) => r + 1), weight: p.weight })),
      placementDraw: "once per spin, before any stop, by weight; the player never chooses",
      guarantee:
        m.guarantee === "lineWin"
          ? "the stops of the reels without a bought WILD are drawn again until at least one LINE wins (a scatter alone does not count); the placement is not redrawn"
          : null,
    })),
    rtpDefinition:
      "RTP of a mode = E[win] / price; the win is line pays x line bet plus scatter pays x total bet; the price is the mode's multiple of the total bet (1 for the base game)",
    fold: {
      stake: "the whole win of the spin (lines and scatters), if it is at most maxStake",
      maxStake: { EUR: FOLD.maxStakeMinor },
      attempts: { default: FOLD.defaultAttempts, min: 1, max: FOLD.maxAttempts },
      deck: "52 cards, red or black, even chances (RTP 100%)",
      cardsShown: FOLD.history,
      never: [
        "under autoplay",
        "in granted rounds (Bonus Spin Mode)",
        "on Jackpot Cards wins",
        "where the jurisdiction turns it off",
      ],
    },
    jackpotCards: "the platform's Jackpot Cards (`reelhouse model jackpot-cards`); not part of the 96.08%",
    bet: {
      stakes: [...STAKES],
      currencyMinorUnits: "EUR cents",
      lines: LINES,
      lineBet: "total bet / 40 (whole cents: every stake is a multiple of 40)",
    },
    rtp: { target: TARGET_RTP, at: "every stake, the base game and each of the five modes" },
  };
}

/** What a client needs: stakes and buy modes (as a `betSchema`), paytable, lines and rules (no strips, no weights). */
export function describeGame(config?: MysticConfig) {
  const gamble = (config ?? parseConfig(undefined)).gamble;
  return {
    ...describeStakeHead(GAME, STAKES, DEFAULT_STAKE, buyModesOf(MODES)),
    paytable: { lines: pays(LINE_PAYS), scatters: pays(SCATTER_PAYS) },
    wild: { symbol: WILD, reels: WILD_REELS.map((r) => r + 1) },
    scatters: [...SCATTERS],
    /** The sheet's name for operator free rounds. */
    grantsName: "Bonus Spin Mode",
    features: {
      buyBonus: MODES.map((m) => ({ id: m.id, wilds: m.wilds, guaranteed: m.guarantee === "lineWin" })),
      fold: { maxAttempts: gamble.maxAttempts, maxStake: gamble.maxStake, cardsShown: gamble.stripLength },
      jackpotCards: true,
    },
    rules: {
      wild: "The WILD lands on reels 2, 3 and 4, expands over its whole reel before wins are paid, and replaces every symbol except the Full Moon and the Shooting Star.",
      lines:
        "40 fixed lines pay left to right from reel 1; only the highest win per line is paid; line wins are multiplied by the line bet (total bet / 40).",
      scatters:
        "3, 4 or 5 Full Moons anywhere pay 2x, 10x or 50x the total bet; 3 Shooting Stars (reels 1, 3 and 5) pay 20x. Scatter wins add to line wins.",
      buyBonus:
        "BUY BONUS: 1 expanding WILD on reel 2, 3 or 4 for 4.5x the total bet, 2 for 15x, 3 on reels 2, 3 and 4 for 71.5x. GUARANTEED PRIZES: 1 WILD and at least one winning line for 12x, 2 WILDs for 25x. The server draws the reels. The mode stays active until you turn it off. 4 and 5 scatter pays cannot occur in bought modes, and no scatter can pay with 3 WILDs.",
      fold: `Fold: a win of at most ${(gamble.maxStake ?? 0) / 100} EUR may be doubled by guessing red or black, up to ${gamble.maxAttempts} times; collect at any time; a wrong guess loses the amount. Not on Jackpot Cards or Bonus Spin Mode wins.`,
      bonusSpins:
        "Bonus Spin Mode: spins granted by the operator at a fixed bet; the balance is not debited; no Jackpot Cards during them.",
    },
    rtp: TARGET_RTP,
  };
}
