/** Bewitched's maths and presentation data, as a test lab and a client receive them. */
import { describeHead, lineGameOf, modelHead, copyPays as pays } from "../kit/describe.js";
import * as model from "./model.js";
import {
  BET_OPTIONS,
  BONUS,
  DOUBLE,
  FREE_SPINS,
  LINE_PAYS,
  MERLIN,
  PROGRESSIVE,
  REEL_STRIPS,
  SCATTER,
  TARGET_RTP,
  WILD,
  WITCH_BATTLE,
} from "./model.js";
import { VIALS } from "./round.js";
import { merlinTable } from "./rtp.js";
import { SHEET_GAMBLE } from "./validate.js";

/** The bet a client starts at: every line, 1 coin per line, the smallest coin value. */
export const DEFAULT_BET = { coinValue: BET_OPTIONS.coinValues[0], coinsPerLine: 1, lines: 15 } as const;
/** The bet the PAR sheet's headline is at: every line, 10 coins per line (150 coins; any coin value). */
export const FULL_BET = { coinValue: BET_OPTIONS.coinValues[0], coinsPerLine: 10, lines: 15 } as const;

/** Micro-units (1 EUR = 1,000,000) per minor unit (cent). */
const MICRO_PER_MINOR = 10_000;

/** The seed of the pool of each coin value: 2,000 coins of it, in minor units and micro-units. */
export function seedByCoinValue(): { coinValue: number; seedMinor: number; seedMicro: number }[] {
  return BET_OPTIONS.coinValues.map((coinValue) => ({
    coinValue,
    seedMinor: PROGRESSIVE.seedCoins * coinValue,
    seedMicro: PROGRESSIVE.seedCoins * coinValue * MICRO_PER_MINOR,
  }));
}

/** Every total bet in coins the options allow, with the bets (lines x coins per line) that make it. */
export function totalBetsInCoins(): { coins: number; bets: [lines: number, coinsPerLine: number][] }[] {
  const byCoins = new Map<number, [number, number][]>();
  for (const lines of BET_OPTIONS.lines)
    for (const coinsPerLine of BET_OPTIONS.coinsPerLine) {
      const coins = lines * coinsPerLine;
      byCoins.set(coins, [...(byCoins.get(coins) ?? []), [lines, coinsPerLine]]);
    }
  return [...byCoins].sort((a, b) => a[0] - b[0]).map(([coins, bets]) => ({ coins, bets }));
}

/** The model's identity, window, symbols and lines, for the shared parts of the documents. */
const GAME = lineGameOf(model);

/** The `reelhouse.model/1` document: every payout-relevant number of the game, enough to recompute every figure. */
export function modelJson() {
  const outcomeId = (o: ReturnType<typeof merlinTable>[number]) =>
    o.kind === "cash" ? `cash${o.times}x` : o.kind === "freeSpins" ? `freeSpins${o.spins}` : "jackpot";
  return {
    ...modelHead(GAME, WILD, ["regular"]),
    linePays: pays(LINE_PAYS),
    lineRule:
      "left to right from reel 1, the first lines 1..n of the n played; linePays[symbol][k−1] coins per coin bet on the line for k of a kind; the highest combination per line only; the wild's own run and the run it completes compete, the wild's own on a tie",
    reelSets: {
      base: REEL_STRIPS.map((s) => s.split(" ")),
      freeSpins: "base",
      stops: "every stop of a strip equally likely; a window shows stop, stop+1, stop+2 (wrapping)",
    },
    features: {
      witchBattle: {
        symbol: SCATTER,
        count: "WITCH anywhere in the window (at most one per reel)",
        pays: [...WITCH_BATTLE.pays],
        payUnit: "x the total bet, by WITCH count (index); never doubled",
        freeSpins: [...WITCH_BATTLE.freeSpins],
      },
      merlin: {
        symbol: BONUS,
        trigger: `${MERLIN.minSymbols}+ ${BONUS} anywhere, in the paid spin and in free spins`,
        drawn: "when it triggers, one outcome from the table at the round's total bet B (coins); the vials only reveal it",
        vials: { shown: VIALS.shown, picks: VIALS.picks },
        totalWeight: MERLIN.totalWeight,
        baseWeights: {
          cash: MERLIN.cash.map((c) => ({ times: c.times, weight: c.weight })),
          freeSpins: MERLIN.freeSpins.map((f) => ({ spins: f.spins, weight: f.weight })),
        },
        formula: `at B coins of total bet: cash 15x weight ${MERLIN.cash[0]?.weight} − ${MERLIN.perCoin.from15}·B; cash 300x weight ${MERLIN.cash.at(-1)?.weight} + ${MERLIN.perCoin.to300}·B; jackpot weight ${MERLIN.jackpotWeightPerCoin}·B; every other weight fixed; out of ${MERLIN.totalWeight.toLocaleString("en")} at every bet`,
        jackpotWeightPerCoin: MERLIN.jackpotWeightPerCoin,
        perCoin: { ...MERLIN.perCoin },
        cashUnit: "x the total bet of the paid spin that started the round (in free spins too); never doubled",
        freeSpinsAt: "the bet of the paid spin that started the round",
        byTotalBetCoins: totalBetsInCoins().map(({ coins, bets }) => ({
          coins,
          bets,
          weights: Object.fromEntries(merlinTable(coins).map((o) => [outcomeId(o), o.weight])),
        })),
      },
      freeSpins: {
        awards: "WITCH count 3/4/5 in any spin: witchBattle.freeSpins; Merlin: its free-spin outcome",
        lineWinMultiplier: FREE_SPINS.lineWinMultiplier,
        notMultiplied: ["witch battle", "Merlin's cash", "the progressive"],
        retrigger: "without limit; new spins are played after the spins already due",
        bet: "the paid spin's (coin value, coins per line, lines)",
        reelSet: "base",
        limit: null,
      },
      progressive: {
        pool: "progressive",
        key: "the bet's coin value in minor units, as a string (one pool per coin value and currency)",
        wonBy:
          "Merlin's jackpot outcome; pays the whole pool of the bet's coin value (numerator 1, denominator 1), rounded down to the cent",
        seedCoins: PROGRESSIVE.seedCoins,
        seedByCoinValue: seedByCoinValue(),
        contributionBps: PROGRESSIVE.rateBps,
        contributesFrom:
          "every paid bet, to the pool of its coin value, out of the wager (free spins and granted rounds add nothing)",
        reset: "to its seed after each win",
        rtpAtSeed: "the jackpot valued at its seed: 2,000 coins = 2,000 / B x the total bet",
        rtpLongRun: `the seed value plus the ${PROGRESSIVE.rateBps / 100}% of every bet the pools pay back to their winners`,
      },
      double: {
        stake: "the paid spin's line win only (not the battle, Merlin, the progressive or free spins)",
        guess: "red heart or black spade; even chances; a right guess doubles the stake, a wrong one loses it",
        maxDoubles: DOUBLE.maxDoubles,
        collect: "at any time before a guess",
        cardsShown: SHEET_GAMBLE.stripLength,
        deck: SHEET_GAMBLE.deck,
        never: ["under autoplay", "in granted rounds", "where the jurisdiction turns the double off"],
        rtp: 1,
      },
    },
    bet: {
      coinValues: [...BET_OPTIONS.coinValues],
      coinsPerLine: [...BET_OPTIONS.coinsPerLine],
      lines: [...BET_OPTIONS.lines],
      currencyMinorUnits: "EUR cents",
      totalBet: "coin value x coins per line x lines",
      lineWin: "pay x coins per line x coin value (x2 in free spins)",
      battleWin: "pay x total bet",
    },
    rtp: {
      atSeed: TARGET_RTP.atSeed,
      longRun: TARGET_RTP.longRun,
      at: "every one of the 150 bets (lines x coins per line) and every coin value",
    },
  };
}

/** What a client needs: bet options (as a `betSchema` too), paytable, lines, features and rules (no strips, no weights). */
export function describeGame() {
  return {
    ...describeHead(GAME, BET_OPTIONS, DEFAULT_BET),
    paytable: { lines: pays(LINE_PAYS), witchBattle: [...WITCH_BATTLE.pays] },
    features: {
      witchBattle: { pays: [...WITCH_BATTLE.pays], freeSpins: [...WITCH_BATTLE.freeSpins] },
      merlin: {
        vials: VIALS.shown,
        picks: VIALS.picks,
        cash: { min: MERLIN.cash[0]?.times, max: MERLIN.cash.at(-1)?.times },
        freeSpins: { min: MERLIN.freeSpins[0]?.spins, max: MERLIN.freeSpins.at(-1)?.spins },
      },
      freeSpins: { lineWinMultiplier: FREE_SPINS.lineWinMultiplier, limit: null },
      progressive: { pool: "progressive", perCoinValue: true, seedByCoinValue: seedByCoinValue() },
      double: { maxDoubles: DOUBLE.maxDoubles, cardsShown: SHEET_GAMBLE.stripLength },
    },
    rules: {
      wild: "The Spell Book replaces any symbol except the Witch and Merlin, and pays on its own.",
      witchBattle:
        "2 to 5 Witches anywhere: the witches battle and the game pays 1x, 3x, 20x or 100x the total bet; 3, 4 or 5 also award 10, 15 or 25 free spins.",
      merlin:
        "3 or more Merlin anywhere, in the base game or free spins: combine three vials to reveal 15x to 300x the total bet, 15 to 60 free spins, or the progressive jackpot.",
      freeSpins:
        "Free spins play at the bet that won them; line wins are doubled (not the battle, Merlin or the jackpot); free spins won in free spins are played after, without limit.",
      progressive:
        "One progressive per coin value: 2,000 coins at that coin value plus 0.5% of every bet placed at it; the counter shows the pool of the selected coin value.",
      double:
        "After a base-game line win: guess red heart or black spade to double it, up to five times; collect at any time. Not in autoplay, not on battle, Merlin or free-spin wins.",
    },
    rtp: TARGET_RTP.atSeed,
    rtpLongRun: TARGET_RTP.longRun,
  };
}
