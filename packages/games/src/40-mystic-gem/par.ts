/**
 * 40 Mystic Gem's PAR sheet (`reelhouse.par/2`) on the engine's PAR assembler: the base game
 * and each bought mode at every stake as a variant (price, RTP, hit frequency, volatility, max
 * win and its probability), each mode's placements (weight, share, RTP), the scatter pays'
 * probabilities per mode (4 and 5 exactly 0 in bought modes), the reel sets with their stop
 * weights, the base game's paying combinations and a distribution per mode. Pays scale with
 * the stake exactly (every stake is a multiple of 40 cents), so a mode's figures in multiples
 * of the stake are the same at every stake.
 */
import {
  assemblePar,
  type ExactOptions,
  headlineFigures,
  lawDistribution,
  modeVariant,
  type ParReport,
  parTable,
  placementTable,
  reelSetTable,
} from "@reelhouse/engine";
import { DEFAULT_BET, modelJson } from "./describe.js";
import { allModeFigures, baseCombinations, linearMeanWinX, type ModeFigures } from "./exact.js";
import { GAME_ID, LINES, MATHS_VERSION, STAKES, TARGET_RTP } from "./model.js";
import { MODES } from "./modes.js";
import { REEL_SETS } from "./reel-sets.js";
import { SYMBOL_IDS } from "./rules.js";
import type { MysticBet } from "./types.js";

/** Exceedance levels of the distributions, x the price. */
const EXCEEDANCE = [1, 5, 10, 20, 50, 100, 200];

const reelLabel = (reels: readonly number[]) => (reels.length === 0 ? "none" : reels.map((r) => `reel ${r + 1}`).join(" + "));

/** A mode's win law as an array over its integer units (line bets of the stake). */
function lawArray(f: ModeFigures): Float64Array {
  const out = new Float64Array(Math.max(...f.law.keys()) + 1);
  for (const [v, q] of f.law) out[v] = (out[v] as number) + q;
  return out;
}

/** Every bet a player can place: each stake plain and with each mode (the mode is part of the bet). */
const BETS: MysticBet[] = STAKES.flatMap((_, stake) => [{ stake }, ...MODES.map((m) => ({ stake, mode: m.id }))]);

/** The exact PAR report. Every figure is exact either way; `fullCycle` is accepted for the common signature. */
export function computeExact(options?: ExactOptions): ParReport {
  const all = allModeFigures();
  const byId = new Map(all.map((f) => [f.id, f]));
  const base = all[0] as ModeFigures;
  const laws = new Map(all.map((f) => [f.id, lawArray(f)]));
  const headline = (f: ModeFigures) => headlineFigures(laws.get(f.id) as Float64Array, LINES);
  const plain = all.filter((f) => !MODES.find((m) => m.id === f.id)?.guarantee);
  return assemblePar(
    {
      game: GAME_ID,
      version: MATHS_VERSION,
      model: modelJson(),
      defaultBet: { ...DEFAULT_BET },
      axes: { bets: BETS, modes: (bet) => [bet.mode ?? "base"] },
      variant: ({ bet, mode }) => {
        const f = byId.get(mode as ModeFigures["id"]) as ModeFigures;
        const returns = { baseLines: f.breakdown.baseLines * f.price, baseScatter: f.breakdown.baseScatter * f.price };
        const stake = STAKES[bet.stake] as number;
        return modeVariant(f.price, returns, headline(f), {
          lineHitFrequency: f.lineHitFrequency,
          stakeMinor: stake,
          debitMinor: stake * f.price,
        });
      },
      round: {
        hit: base.hitFrequency,
        stdev: base.stdev,
        hitFrequencies: [{ id: "line", name: "P(at least one line wins)", per: "paidSpin", probability: base.lineHitFrequency }],
        maxWin: {
          ...headline(base).maxWin,
          description: "the largest base-game spin win, x the total bet (the Fold may double a win of up to 42.00 EUR further)",
        },
      },
      combinations: baseCombinations().map((c) => ({ ...c, per: c.kind === "line" ? ("line" as const) : ("paidSpin" as const) })),
      distributions: all.map((f) =>
        lawDistribution({
          id: f.id === "base" ? "round" : f.id,
          name: f.id === "base" ? "Base game spin" : `Bought spin: ${f.id}`,
          per: "paidSpin",
          law: laws.get(f.id) as Float64Array,
          unitsPerBet: LINES * f.price,
          levels: EXCEEDANCE,
          hit: f.hitFrequency,
          mean: f.rtp,
          stdev: f.stdev,
          truncatedMass: 0,
          method:
            "full cycle of the reels that spin at each placement, conditioned on a line win when guaranteed, mixed by the placement weights; x the price",
        }),
      ),
      reels: Object.entries(REEL_SETS).map(([id, s]) => reelSetTable(id, s.strips, SYMBOL_IDS, s.weights)),
      tables: [
        parTable("modes", "Modes: price, RTP, hit frequency, volatility, max win", all, [
          ["mode", (f) => f.id],
          ["price x bet", (f) => f.price],
          ["RTP", (f) => f.rtp],
          ["lines", (f) => f.breakdown.baseLines],
          ["scatters", (f) => f.breakdown.baseScatter],
          ["hit", (f) => f.hitFrequency],
          ["stdev x price", (f) => f.stdev],
          ["max win x bet", (f) => f.maxWinX],
          ["P(max win)", (f) => f.maxWinProbability],
        ]),
        placementTable(
          all.map((f) => ({
            mode: f.id,
            placements: f.placements.map((p) => ({ ...p, id: reelLabel(p.reels) })),
          })),
          [
            ["mean win x bet", (p) => p.meanWinX],
            ["accepted (P(a line wins) before the guarantee)", (p) => p.lineHit],
          ],
          "The server draws the placement once per bought spin by these weights; a guaranteed mode then redraws only the other reels.",
        ),
        parTable(
          "scatters",
          "Scatter counts per spin, by mode",
          all,
          [
            ["mode", (f) => f.id],
            ...[0, 1, 2, 3, 4, 5].map((k) => [`MOON ${k}`, (f: ModeFigures) => f.scatterProbabilities.moon[k] ?? 0] as const),
            ...[0, 1, 2, 3].map((k) => [`STAR ${k}`, (f: ModeFigures) => f.scatterProbabilities.star[k] ?? 0] as const),
          ],
          "P(k of the scatter anywhere). 4 and 5 Full Moons, and 3 Shooting Stars with 3 WILDs, are impossible in bought modes: exactly 0.",
        ),
      ],
      definitions: {
        rtp: "E[win] / price per spin: the base game's price is the total bet; a bought mode's is its multiple of it",
        hitFrequency: "P(a spin wins anything), per paid or bought spin",
        stdev: "standard deviation of a spin's win, x the price",
        maxWin: "the largest spin win, x the total bet; its probability per spin",
      },
      figures: {
        targetRtp: TARGET_RTP,
        ...Object.fromEntries(
          plain.map((f) => [`linearRtp.${f.id}`, linearMeanWinX(MODES.find((m) => m.id === f.id) ?? null) / f.price]),
        ),
        ...Object.fromEntries(all.map((f) => [`rtp.${f.id}`, f.rtp])),
        ...Object.fromEntries(all.map((f) => [`combinations.${f.id}`, f.placements.reduce((a, p) => a + p.combinations, 0)])),
      },
      notes: [
        "Every figure is exact: each mode's spin is enumerated over every stop combination of the reels that spin at each WILD placement (weighted stops on reel 1), the guaranteed modes conditioned on at least one winning line, then mixed by the placement weights.",
        "Plain modes are cross-checked by a second method (figures linearRtp.*): the sum of the 40 lines' exact pay laws plus the scatter count laws.",
        "Pays are in line bets (total bet / 40) and scatter pays x the total bet the mode was bought at; RTP divides by the price. Figures in multiples of the stake hold at every stake.",
        "The Fold (double up) returns exactly what it stakes (even chances) and changes no RTP; Jackpot Cards are the platform's and are not in the 96.08% (`reelhouse par jackpot-cards`).",
      ],
    },
    options,
  );
}
