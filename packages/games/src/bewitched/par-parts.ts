/** The parts of Bewitched's PAR sheet that are tables and words: combinations, reels, Merlin by bet, definitions, notes. */
import {
  cellLaw,
  lineCombinations,
  lineExpectation,
  PAR_DEFINITIONS,
  type ParBreakdown,
  type ParCombination,
  type ParReelSet,
  type ParTable,
  parTable,
  reelSetTable,
  scatterCombinations,
  VOLATILITY_Z,
} from "@reelhouse/engine";
import { totalBetsInCoins } from "./describe.js";
import { REPORT_CAP, type RoundFigures } from "./distribution.js";
import { BET_OPTIONS, BONUS, MERLIN, PAYLINES, PROGRESSIVE, REEL_STRIPS, SCATTER, WITCH_BATTLE } from "./model.js";
import {
  betCoins,
  LINE_RULE,
  type MathsBet,
  merlinMeans,
  merlinTable,
  N_SYMBOLS,
  rtpAt,
  type SetMaths,
  SYMBOL_IDS,
} from "./rtp.js";

/**
 * The RTP at a bet split as the round's `winBy` splits the win (so a simulation compares
 * part by part): the paid spin's lines and battle, Merlin's cash wherever won, the
 * progressive at its seed wherever won, and the free spins' lines (x2) and battles.
 */
export function breakdownAt(bet: MathsBet, set: SetMaths): ParBreakdown {
  const r = rtpAt(bet, set);
  const rounds = 1 + r.freeSpinsPerRound;
  const lines = r.breakdown.baseLines;
  return {
    baseLines: lines,
    baseScatter: r.breakdown.baseBattle,
    merlin: r.breakdown.baseMerlinCash * rounds,
    jackpot: r.breakdown.baseJackpot * rounds,
    freeSpins: r.freeSpinsPerRound * (2 * lines + r.breakdown.baseBattle),
  };
}

/** Line combinations per line (every line has the same law), witch battles and Merlin per paid spin, at `bet`. */
export function combinations(set: SetMaths, bet: MathsBet): ParCombination[] {
  const line = PAYLINES[0] as readonly number[];
  const law = lineExpectation(
    LINE_RULE,
    line.map((row, r) => cellLaw(set.reels[r] as SetMaths["reels"][number], row, N_SYMBOLS)),
  );
  const out: ParCombination[] = [
    ...lineCombinations([law], SYMBOL_IDS, { merge: false, order: "as given" }),
    ...scatterCombinations(set.witchCounts, WITCH_BATTLE.pays, SCATTER),
  ];
  const coins = betCoins(bet);
  const m = merlinMeans(coins);
  const value = m.cash + m.jackpotAtSeed;
  set.merlinCounts.forEach((p, k) => {
    if (k >= MERLIN.minSymbols && p > 0)
      out.push({ kind: "bonus", symbol: BONUS, count: k, pay: value, per: "paidSpin", probability: p, rtp: p * value });
  });
  return out;
}

/** The reel set (base game and free spins) with its symbol counts. */
export function reelSets(): ParReelSet[] {
  return [
    reelSetTable(
      "base and free spins",
      REEL_STRIPS.map((s) => s.split(" ")),
      SYMBOL_IDS,
    ),
  ];
}

/** Merlin's table at every total bet the options allow: the weights that move with B, the jackpot's chance and value. */
export function merlinByBetTable(): ParTable {
  const fixed = MERLIN.cash
    .filter((c) => c.times !== 15 && c.times !== 300)
    .map((c) => `${c.times}x ${c.weight}`)
    .concat(MERLIN.freeSpins.map((f) => `${f.spins} spins ${f.weight}`));
  return {
    id: "merlinByBet",
    title: "Merlin's table by total bet B (coins = lines x coins per line)",
    note: `Out of ${MERLIN.totalWeight.toLocaleString("en")}. 15x: ${MERLIN.cash[0]?.weight} − ${MERLIN.perCoin.from15}·B; 300x: ${MERLIN.cash.at(-1)?.weight} + ${MERLIN.perCoin.to300}·B; jackpot: ${MERLIN.jackpotWeightPerCoin}·B. Fixed at every bet: ${fixed.join(", ")}. Merlin's value is the same at every bet: cash ${merlinMeans(1).cash.toFixed(6)} x bet plus the jackpot at seed ${(merlinMeans(1).jackpotAtSeed).toFixed(6)} x bet.`,
    columns: [
      "B (coins)",
      "Bets (lines x coins)",
      "15x",
      "300x",
      "Jackpot",
      "P(jackpot | Merlin)",
      "Seed (x bet)",
      "Merlin value (x bet)",
    ],
    rows: totalBetsInCoins().map(({ coins, bets }) => {
      const table = merlinTable(coins);
      const weight = (kind: string, times?: number) =>
        table.find((o) => o.kind === kind && (times === undefined || (o.kind === "cash" && o.times === times)))?.weight ?? 0;
      const m = merlinMeans(coins);
      return [
        coins,
        bets.map(([l, c]) => `${l}x${c}`).join(" "),
        weight("cash", 15),
        weight("cash", 300),
        weight("jackpot"),
        m.jackpot,
        PROGRESSIVE.seedCoins / coins,
        m.cash + m.jackpotAtSeed,
      ];
    }),
  };
}

/** The figures of every bet, one row each. */
export function byBetTable(rows: { bet: MathsBet; rtp: number; rtpLongRun: number; round: RoundFigures }[]): ParTable {
  return parTable(
    "byBet",
    "Every bet: RTP, hit frequency, volatility, jackpot odds, maximum win",
    rows,
    [
      ["Lines", (r) => r.bet.lines],
      ["Coins", (r) => r.bet.coinsPerLine],
      ["Total bet (coins)", (r) => betCoins(r.bet)],
      ["RTP at seed", (r) => r.rtp],
      ["RTP long run", (r) => r.rtpLongRun],
      ["Hit", (r) => r.round.hit],
      ["Stdev (x bet)", (r) => r.round.stdev],
      ["Volatility index", (r) => VOLATILITY_Z * r.round.stdev],
      ["Jackpot 1 in", (r) => 1 / r.round.jackpot],
      ["Max paid spin (x bet)", (r) => r.round.maxPaidSpin.x],
      ["P(max paid spin)", (r) => r.round.maxPaidSpin.probability],
      [`Max round, ≤ ${REPORT_CAP} free spins (x bet)`, (r) => r.round.maxCapped.x],
      ["log10 P(max round)", (r) => r.round.maxCapped.log10Probability],
    ],
    `Lines x coins per line (any coin value). Hit: P(a paid round wins > 0). Jackpot: 1 in N paid rounds (P(at least one progressive in the round), free spins included). Max win: the paid spin alone (lines, battle, Merlin's best prize), and a whole round of at most ${REPORT_CAP} free spins (free spins have no limit: the round's win is unbounded).`,
  );
}

/** The pools' seeds by coin value. */
export function seedTable(): ParTable {
  return {
    id: "progressiveSeeds",
    title: "Progressive: one pool per coin value",
    note: `Seed 2,000 coins of the coin value; ${PROGRESSIVE.rateBps / 100}% of every paid bet at that coin value feeds it; reset to the seed after a win. At 15 lines x 10 coins (150 coins) the seed is 13.33 x the bet, below Merlin's 15x cash minimum (DESIGN.md §2: disclosed).`,
    columns: ["Coin value (cents)", "Seed (cents)", "Seed x bet at 1 line x 1 coin", "Seed x bet at 15 lines x 10 coins"],
    rows: BET_OPTIONS.coinValues.map((c) => [
      c,
      PROGRESSIVE.seedCoins * c,
      PROGRESSIVE.seedCoins,
      PROGRESSIVE.seedCoins / (BET_OPTIONS.lines.at(-1) ?? 15) / (BET_OPTIONS.coinsPerLine.at(-1) ?? 10),
    ]),
  };
}

/** Words for the headline figures. */
export const DEFINITIONS: Record<string, string> = {
  rtp: "Expected total win of a paid round (paid spin, its witch battle and Merlin bonus, every free spin it leads to, their battles and Merlin bonuses) divided by the total bet, with the progressive valued at its seed, at the default bet (15 lines x 10 coins per line; every bet gives the same to 1e-15).",
  rtpLongRun:
    "rtp plus the 0.5% of every bet that the pools pay back to their winners over time (a house-level figure: the seed plus the increments).",
  breakdown:
    "baseLines and baseScatter: the paid spin's line wins and witch battle; merlin: Merlin's cash wherever won; jackpot: the progressive at its seed wherever won; freeSpins: the free spins' line wins (x2) and battles. The parts sum to rtp and split the win as the round's winBy does.",
  hitFrequency: PAR_DEFINITIONS.hitFrequency,
  stdev:
    "Standard deviation of a paid round's total win, in multiples of the total bet, exact (free spins without limit, Merlin's prizes and the jackpot at seed included).",
  volatilityIndex: "1.645 x stdev (the half-width of a two-sided 90% interval of one round), x total bet.",
  maxWin:
    "Free spins chain without limit, so no round win is the largest: x is null. figures.maxWinCappedX gives the largest win of a round of at most figures.maxWinFreeSpinCap free spins and its probability; figures.maxWinPaidSpinX the paid spin's largest win alone.",
  winDistribution: PAR_DEFINITIONS.winDistribution,
  bands: PAR_DEFINITIONS.bands,
  rareAwards: PAR_DEFINITIONS.rareAwards,
  variants:
    "All 150 bets: lines 1–15 x coins per line 1–10 (the coin value changes nothing). Each with rtp (at seed), breakdown and figures: rtpLongRun, hit frequencies, stdev, volatility index, jackpot odds, maximum wins, and Merlin's table at that bet (weights out of 1,000,000).",
  combinations:
    "Line combinations: probability on one enabled line (every line alike); witch battles and Merlin: per paid spin, Merlin's pay being its mean prize at the default bet (x bet).",
  mathsHash: "SHA-256 of `reelhouse model bewitched --json` in canonical JSON (keys sorted, no spaces).",
};

/** The method in words. */
export function notes(): string[] {
  return [
    "Exact, no simulation. RTP (rtp.ts, milliseconds): each payline's pay law from the per-reel cell laws; WITCH and MERLIN counts by convolving per-reel counts; Merlin's table at the bet; free spins by linearity: a spin awards m new spins on average (battle and Merlin), so a round plays E[A]/(1 − m) free spins (no limit, as the sheet says).",
    "Every other figure comes from the full cycle of the strips (37 x 37 x 36 x 37 x 37 = 67,469,796 windows, the engine's lineCycle, shared with Mermaid Treasure and Mona Lisa Jewels): the joint law of the line pays over the first n lines (n = 1..15), the WITCH count and the Merlin trigger. Merlin's outcome and the vials are drawn apart from the window, so each spin outcome is a cycle class times Merlin's table at the bet.",
    "A round is a branching process: every free spin's subtree has the same law. Moments: the series kit (E[T] = μ/(1 − m), E[T²] from the recursion); hit frequency and P(no jackpot): fixed points of the subtree's generating function; the round law: generating functions on 2^18 tilted FFT points (roundLawByAward), W(z) = Σ_a X_a(z)·T(z)^a, with Chernoff bounds on the mass folded back and on the tails.",
    "The progressive: one pool per coin value; at seed it is 2,000 coins = 2,000/B x the bet at B coins of total bet. Its chance grows with B (weight 190·B), so its share of the RTP is the same at every bet; the 15x and 300x cash prizes make room (−200·B and +10·B weights, −200 x 15 + 10 x 300 = 0 per coin). At 15 lines x 10 coins the seed (13.33 x bet) is below the 15x cash minimum: disclosed.",
    `Free spins have no limit, so the maximum win is unbounded; the sheet gives the largest win of a round of at most ${REPORT_CAP} free spins (a dynamic programme over spins awarded and played, every spin at its best) and the probability that a round plays more (figures.pFreeSpinsAboveReportCap). The distributions use no cap.`,
    "The double (red/black, at most 5, on the paid spin's line win only) returns exactly what it stakes on average and is not in these figures.",
  ];
}
