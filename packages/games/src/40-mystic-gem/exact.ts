/**
 * 40 Mystic Gem's exact maths, per mode and WILD placement: the full cycle of the reels that
 * spin (`spin-law.ts`), conditioned on a line win for a guaranteed mode, mixed over the
 * placements by their published weights. RTP = mean win / price, where the win is in line
 * bets of the base total bet and the price is the mode's multiple of it (1 for the base game).
 * A second method cross-checks every plain mode: by linearity, the sum over the 40 lines of
 * each line's exact pay law (`lineExpectation`) plus the scatters' count laws.
 */
import { cellLaw, lineExpectation, priceTimes, type ReelLaw, windowCountLaw } from "@reelhouse/engine";
import { LINES, PAYLINES, SCATTER_PAYS } from "./model.js";
import { MODES, type MysticMode, type ReelSetId } from "./modes.js";
import { REEL_SETS } from "./reel-sets.js";
import { LINE_RULE, MOON_INDEX, modeReelLaws, N_SYMBOLS, STAR_INDEX, SYMBOL_IDS } from "./rules.js";
import { conditionOnLineWin, type SpinLaw, type SpinOutcome, spinLaw } from "./spin-law.js";

/** The exact figures of one placement (or of the base game), x the mode's price unless said. */
export interface PlacementFigures {
  /** The bought reels (0-based), empty for the base game. */
  readonly reels: readonly number[];
  /** The placement's share of the mode's spins (weight / total). */
  readonly share: number;
  readonly weight: number;
  readonly rtp: number;
  /** Mean win x the base total bet. */
  readonly meanWinX: number;
  /** P(a line wins) before any guarantee (the guarantee's acceptance rate). */
  readonly lineHit: number;
  readonly combinations: number;
}

/** The exact figures of a mode (or the base game). */
export interface ModeFigures {
  readonly id: "base" | MysticMode["id"];
  readonly reelSet: ReelSetId;
  /** The price, x the total bet (1 for the base game). */
  readonly price: number;
  readonly rtp: number;
  readonly breakdown: { readonly baseLines: number; readonly baseScatter: number };
  /** P(spin win > 0). */
  readonly hitFrequency: number;
  /** P(at least one line wins). */
  readonly lineHitFrequency: number;
  /** Standard deviation of the win, x the price. */
  readonly stdev: number;
  /** The largest win, x the base total bet, and its probability per spin. */
  readonly maxWinX: number;
  readonly maxWinProbability: number;
  /** P(each scatter pay) per spin: `moon[k]`, `star[k]` for k of them. */
  readonly scatterProbabilities: { readonly moon: readonly number[]; readonly star: readonly number[] };
  readonly placements: readonly PlacementFigures[];
  /** The win law x the base total bet: value (in line bets) -> probability, every placement mixed. */
  readonly law: ReadonlyMap<number, number>;
}

/** The law a spin of `mode` at `reels` plays (conditioned on a line win when guaranteed). */
export function placementLaw(mode: MysticMode | null, reels: readonly number[]): { played: SpinLaw; drawn: SpinLaw } {
  const drawn = spinLaw(modeReelLaws(REEL_SETS[mode ? mode.reelSet : "base"], reels));
  return { drawn, played: mode?.guarantee === "lineWin" ? conditionOnLineWin(drawn) : drawn };
}

const cache = new Map<string, ModeFigures>();

/** The exact figures of `mode` (null: the base game), computed once per process. */
export function modeFigures(mode: MysticMode | null): ModeFigures {
  const id = mode ? mode.id : "base";
  const hit = cache.get(id);
  if (hit) return hit;
  const price = mode ? priceTimes(mode.price) : 1;
  const placements = mode ? mode.placements : [{ reels: [] as readonly number[], weight: 1 }];
  const total = placements.reduce((a, p) => a + p.weight, 0);
  const law = new Map<number, number>();
  const moon = new Array<number>(SCATTER_PAYS.MOON.length).fill(0);
  const star = new Array<number>(SCATTER_PAYS.STAR.length).fill(0);
  let lines = 0;
  let scatter = 0;
  let hitFrequency = 0;
  let lineHitFrequency = 0;
  let square = 0;
  const figures: PlacementFigures[] = [];
  for (const p of placements) {
    const share = p.weight / total;
    const { played, drawn } = placementLaw(mode, p.reels);
    let mean = 0;
    for (const o of played.outcomes) {
      const q = o.probability * share;
      mean += o.lineBets * o.probability;
      law.set(o.lineBets, (law.get(o.lineBets) ?? 0) + q);
      lines += o.linePay * q;
      scatter += (o.lineBets - o.linePay) * q;
      square += o.lineBets * o.lineBets * q;
      if (o.lineBets > 0) hitFrequency += q;
      if (o.linePay > 0) lineHitFrequency += q;
      addScatterProbability(o, q, moon, star);
    }
    figures.push({
      reels: p.reels,
      share,
      weight: p.weight,
      rtp: mean / LINES / price,
      meanWinX: mean / LINES,
      lineHit: drawn.lineHit,
      combinations: drawn.combinations,
    });
  }
  const unit = LINES * price;
  const mean = lines + scatter;
  const maxLineBets = Math.max(...law.keys());
  const result: ModeFigures = {
    id,
    reelSet: mode ? mode.reelSet : "base",
    price,
    rtp: mean / unit,
    breakdown: { baseLines: lines / unit, baseScatter: scatter / unit },
    // Sums of doubles may pass 1 by an ulp where every spin wins (3 WILDs).
    hitFrequency: Math.min(1, hitFrequency),
    lineHitFrequency: Math.min(1, lineHitFrequency),
    stdev: Math.sqrt(Math.max(0, square - mean * mean)) / unit,
    maxWinX: maxLineBets / LINES,
    maxWinProbability: law.get(maxLineBets) ?? 0,
    scatterProbabilities: { moon, star },
    placements: figures,
    law,
  };
  cache.set(id, result);
  return result;
}

function addScatterProbability(o: SpinOutcome, q: number, moon: number[], star: number[]): void {
  moon[o.moons] = (moon[o.moons] ?? 0) + q;
  star[o.stars] = (star[o.stars] ?? 0) + q;
}

/** The base game and every mode. */
export function allModeFigures(): ModeFigures[] {
  return [modeFigures(null), ...MODES.map((m) => modeFigures(m))];
}

/**
 * The second method for a plain mode (no guarantee): the mean win x total bet as the sum of
 * the 40 lines' exact means (each line's cells are independent across reels) plus the
 * scatters' pays over their count laws, mixed over the placements.
 */
export function linearMeanWinX(mode: MysticMode | null): number {
  if (mode?.guarantee) throw new Error("linearMeanWinX: a guarantee is not linear; enumerate it");
  const placements = mode ? mode.placements : [{ reels: [] as readonly number[], weight: 1 }];
  const total = placements.reduce((a, p) => a + p.weight, 0);
  let mean = 0;
  for (const p of placements) {
    const laws = modeReelLaws(REEL_SETS[mode ? mode.reelSet : "base"], p.reels);
    let lines = 0;
    for (const line of PAYLINES)
      lines += lineExpectation(
        LINE_RULE,
        line.map((row, r) => cellLaw(laws[r] as ReelLaw, row, N_SYMBOLS)),
      ).mean;
    const moons = windowCountLaw(laws, MOON_INDEX);
    const stars = windowCountLaw(laws, STAR_INDEX);
    let scatter = 0;
    moons.forEach((q, k) => {
      scatter += q * (SCATTER_PAYS.MOON[k] ?? 0);
    });
    stars.forEach((q, k) => {
      scatter += q * (SCATTER_PAYS.STAR[k] ?? 0);
    });
    mean += (p.weight / total) * (lines / LINES + scatter);
  }
  return mean;
}

/** One paying combination of the base game: probability on one line (averaged over the 40) or per spin, and its RTP share. */
export interface BaseCombination {
  readonly kind: "line" | "scatter";
  readonly symbol: string;
  readonly count: number;
  readonly pay: number;
  readonly probability: number;
  readonly rtp: number;
}

/** The base game's paying combinations: each line's exact pay law, averaged over the 40 lines; the scatters per spin. */
export function baseCombinations(): BaseCombination[] {
  const laws = modeReelLaws(REEL_SETS.base, []);
  const byKey = new Map<string, BaseCombination>();
  for (const line of PAYLINES) {
    const e = lineExpectation(
      LINE_RULE,
      line.map((row, r) => cellLaw(laws[r] as ReelLaw, row, N_SYMBOLS)),
    );
    for (const c of e.combinations) {
      const symbol = SYMBOL_IDS[c.symbol] as string;
      const key = `${symbol}/${c.count}`;
      const q = c.probability / LINES;
      const old = byKey.get(key);
      byKey.set(key, {
        kind: "line",
        symbol,
        count: c.count,
        pay: c.pay,
        probability: (old?.probability ?? 0) + q,
        rtp: (old?.rtp ?? 0) + (c.probability * c.pay) / LINES,
      });
    }
  }
  const out = [...byKey.values()].sort((a, b) => b.pay - a.pay || a.symbol.localeCompare(b.symbol));
  for (const [symbol, index] of [
    ["MOON", MOON_INDEX],
    ["STAR", STAR_INDEX],
  ] as const) {
    windowCountLaw(laws, index).forEach((q, count) => {
      const pay = SCATTER_PAYS[symbol][count] ?? 0;
      if (pay > 0 && q > 0) out.push({ kind: "scatter", symbol, count, pay, probability: q, rtp: q * pay });
    });
  }
  return out;
}
