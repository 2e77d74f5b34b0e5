/**
 * The PAR assembler: a game supplies its exact parts (the RTP of each playable point, its
 * win laws, its strips, its words) and the kit builds the rest of a `reelhouse.par/2` report
 * the same way for every game: one variant per point of bet x mode x policy x level x
 * placement, the headline read off the default bet, hit frequency, standard deviation,
 * volatility index, bands, maximum win, distributions from laws, reel-set tables (stop
 * weights included), combinations, features, rare awards and tables of rows.
 *
 * Nothing here knows a game: bets are records, modes, policies and placements are ids,
 * levels are operator configurations; the game's callback gives each point's figures.
 */
import { mathsHash } from "./exact/hash.js";
import { type Bucket, bucketize, WIN_BUCKET_EDGES } from "./exact/histogram.js";
import {
  type ExactOptions,
  PAR_SCHEMA,
  type ParBreakdown,
  type ParCombination,
  type ParDistribution,
  type ParFeature,
  type ParPer,
  type ParRareAward,
  type ParReelSet,
  type ParReport,
  type ParTable,
  type ParVariant,
  rtpBands,
  VOLATILITY_Z,
} from "./par.js";

/** A bet as the sheet shows it (the game's own fields: lines and coins, a stake, …): any record or interface. */
export type ParBet = object;
/** An operator configuration (an RTP level, …), or null when the game has none. */
export type ParConfig = Record<string, unknown> | null;

/** One point of the axes: what a variant is the RTP of. */
export interface ParPoint<B extends ParBet = ParBet, C extends ParConfig = ParConfig> {
  readonly bet: B;
  readonly mode: string;
  readonly policy: string;
  readonly config: C;
  /** Present only on games with a placement axis. */
  readonly placement?: string;
}

/** Values of an axis: the same at every bet, or chosen per bet (and mode). */
type AxisValues<T, A extends unknown[]> = readonly T[] | ((...at: A) => readonly T[]);

/**
 * The axes a game's variants span, nested in this order (the first outermost): bets, modes,
 * policies, levels, placements. Modes default to ["base"], policies to ["any"], levels to
 * [null]; without placements a variant has no `placement` field.
 */
export interface ParAxes<B extends ParBet = ParBet, C extends ParConfig = ParConfig> {
  readonly bets: readonly B[];
  /** Game modes (bought features, "maxBet", …), possibly depending on the bet. */
  readonly modes?: AxisValues<string, [bet: B]>;
  /** Player policies the figures hold for ("any" when choices cannot change them). */
  readonly policies?: AxisValues<string, [bet: B, mode: string]>;
  /** Operator levels (configurations), written to each variant's `config`. */
  readonly levels?: readonly C[];
  /** Placements (e.g. of a mode's wild), each a variant conditional on it. */
  readonly placements?: AxisValues<string, [bet: B, mode: string]>;
}

/** What a game gives for one point: its RTP, the RTP's parts and any other figures. */
export interface ParVariantParts {
  rtp: number;
  breakdown: ParBreakdown;
  figures?: Record<string, number>;
}

const axis = <T, A extends unknown[]>(values: AxisValues<T, A> | undefined, fallback: readonly T[], ...at: A) =>
  values === undefined ? fallback : typeof values === "function" ? values(...at) : values;

/**
 * Every combination of the options' values as bet records, keys in the options' order; the
 * first key of `order` (default: the options' order) varies slowest.
 */
export function betGrid<O extends Record<string, readonly unknown[]>>(
  options: O,
  order: readonly (keyof O & string)[] = Object.keys(options),
): { [K in keyof O]: O[K][number] }[] {
  const keys = Object.keys(options);
  if (order.length !== keys.length || keys.some((k) => !order.includes(k)))
    throw new Error(`betGrid: the order [${order.join(", ")}] must name each of [${keys.join(", ")}] once`);
  let points: Record<string, unknown>[] = [{}];
  for (const key of order) points = points.flatMap((p) => (options[key] ?? []).map((v) => ({ ...p, [key]: v })));
  return points.map((p) => Object.fromEntries(keys.map((k) => [k, p[k]])) as { [K in keyof O]: O[K][number] });
}

/**
 * One variant per point of the axes, in their nesting order, with the parts `variant` gives
 * for it; a point where it returns null (not offered there) is left out.
 */
export function parVariants<B extends ParBet, C extends ParConfig>(
  axes: ParAxes<B, C>,
  variant: (point: ParPoint<B, C>) => ParVariantParts | null,
): ParVariant[] {
  const out: ParVariant[] = [];
  const levels = axes.levels ?? [null as C];
  for (const bet of axes.bets)
    for (const mode of axis(axes.modes, ["base"], bet))
      for (const policy of axis(axes.policies, ["any"], bet, mode))
        for (const config of levels) {
          const placements = axes.placements === undefined ? [undefined] : axis(axes.placements, [], bet, mode);
          for (const placement of placements) {
            const point: ParPoint<B, C> =
              placement === undefined ? { bet, mode, policy, config } : { bet, mode, policy, config, placement };
            const parts = variant(point);
            if (parts)
              out.push({
                ...(point as ParPoint<B, C> & { bet: Record<string, unknown> }),
                rtp: parts.rtp,
                breakdown: parts.breakdown,
                ...(parts.figures === undefined ? {} : { figures: parts.figures }),
              });
          }
        }
  return out;
}

/** Whether a variant's bet is `bet` (every field the variant's bet has is equal in `bet`). */
export function isVariantAt(v: ParVariant, bet: ParBet): boolean {
  return v.bet !== null && Object.entries(v.bet).every(([k, value]) => (bet as Record<string, unknown>)[k] === value);
}

/** The first variant at `bet` (its first mode, policy and level), or an error naming the bet. */
export function variantAt(variants: readonly ParVariant[], bet: ParBet): ParVariant {
  const v = variants.find((x) => isVariantAt(x, bet));
  if (!v) throw new Error(`no variant at the bet ${JSON.stringify(bet)}`);
  return v;
}

/** 1 / p: "1 in N"; infinite for an impossible event. */
export const oneIn = (p: number): number => (p > 0 ? 1 / p : Number.POSITIVE_INFINITY);

/** A feature with its "1 in N". */
export function parFeature(id: string, name: string, per: ParPer, probability: number, note?: string): ParFeature {
  return { id, name, per, probability, oneIn: oneIn(probability), ...(note === undefined ? {} : { note }) };
}

/** The maximum win of a report: at most x times the bet, with that probability per round. */
export type ParMaxWin = ParReport["maxWin"];

/** A maximum win not computed (the full cycle skipped): every number NaN. */
export function notComputedMaxWin(description = "not computed"): ParMaxWin {
  return { x: Number.NaN, probability: Number.NaN, log10Probability: Number.NaN, description };
}

/** An unbounded win (free spins chain without limit): x null, said in words. */
export function unboundedMaxWin(description: string): ParMaxWin {
  return { x: null, probability: 0, log10Probability: Number.NEGATIVE_INFINITY, description };
}

/** The headline figures of a win law: hit, mean, standard deviation, volatility index, largest win and its probability. */
export interface HeadlineFigures {
  hit: number;
  mean: number;
  stdev: number;
  volatilityIndex: number;
  maxWin: { x: number; probability: number; log10Probability: number };
}

/**
 * Headline figures of a win law over integer units (`law[v]` = probability, or weight, of a
 * win of v units; `unitsPerBet` units make one total bet), x total bet. Weights (e.g. stop
 * weights multiplied out) are divided by their sum `total`, given when known exactly.
 */
export function headlineFigures(law: ArrayLike<number>, unitsPerBet: number, total = 1): HeadlineFigures {
  let mean = 0;
  let square = 0;
  let top = 0;
  for (let v = 0; v < law.length; v++) {
    const p = (law[v] as number) / total;
    mean += (p * v) / unitsPerBet;
    square += (p * v * v) / (unitsPerBet * unitsPerBet);
    if (p > 0) top = v;
  }
  const stdev = Math.sqrt(Math.max(0, square - mean * mean));
  const probability = (law[top] as number) / total;
  return {
    hit: 1 - (law[0] ?? 0) / total,
    mean,
    stdev,
    volatilityIndex: VOLATILITY_Z * stdev,
    maxWin: { x: top / unitsPerBet, probability, log10Probability: Math.log10(probability) },
  };
}

/** The round's hit frequency as the sheet labels it (the first of `hitFrequencies`). */
export const ROUND_HIT_NAME = "a paid round whose total win > 0 (the headline figure)";

/** A paid round's headline: its hit, standard deviation (x total bet), other hit frequencies, maximum win. */
export interface RoundHeadline {
  hit: number;
  stdev: number;
  /** Hit frequencies after the round's own (paid spin pays, …). */
  hitFrequencies?: ParReport["hitFrequencies"];
  maxWin?: ParMaxWin;
}

/** The report's round figures from its headline: hit frequencies, stdev, volatility index, the maximum win, the 99% bands. */
export function roundHeadline(
  rtp: number,
  round: RoundHeadline,
): Pick<ParReport, "hitFrequency" | "hitFrequencies" | "stdev" | "volatilityIndex" | "bands"> &
  Partial<Pick<ParReport, "maxWin">> {
  return {
    hitFrequency: round.hit,
    hitFrequencies: [
      { id: "round", name: ROUND_HIT_NAME, per: "round", probability: round.hit },
      ...(round.hitFrequencies ?? []),
    ],
    stdev: round.stdev,
    volatilityIndex: VOLATILITY_Z * round.stdev,
    ...(round.maxWin === undefined ? {} : { maxWin: round.maxWin }),
    bands: rtpBands(rtp, round.stdev),
  };
}

/**
 * A bought mode's variant: its return and the return's parts (x total bet) over its price
 * (a multiple of the total bet), so RTP = return / price, with figures `price`,
 * `hitFrequency`, `stdev` and `volatilityIndex` (x the price, the stake the player pays),
 * `maxWinX` (x total bet) and `maxWinProbability`, plus any `extra` figures.
 */
export function modeVariant(
  price: number,
  returns: ParBreakdown,
  law: HeadlineFigures,
  extra: Record<string, number> = {},
): ParVariantParts {
  const breakdown = Object.fromEntries(Object.entries(returns).map(([k, v]) => [k, v / price])) as ParBreakdown;
  const rtp = Object.values(returns).reduce((a, v) => a + v, 0) / price;
  return {
    rtp,
    breakdown,
    figures: {
      price,
      hitFrequency: law.hit,
      stdev: law.stdev / price,
      volatilityIndex: (VOLATILITY_Z * law.stdev) / price,
      maxWinX: law.maxWin.x,
      maxWinProbability: law.maxWin.probability,
      ...extra,
    },
  };
}

/** The sheet's buckets of a law over units (x total bet, the simulator's edges), rounding below zero cut to 0. */
export function winBuckets(law: ArrayLike<number>, unitsPerBet: number): Bucket[] {
  return bucketize(law, unitsPerBet, WIN_BUCKET_EDGES).map((b) => ({ ...b, probability: Math.max(0, b.probability) }));
}

/** The tail of a law computed with rounding: a proven bound replaces values within 100 times the rounding. */
export interface TailBound {
  /** A proven upper bound of P(win >= units). */
  bound: (units: number) => number;
  /** The rounding a value P(win >= units) read off the law may hold. */
  resolution: (units: number) => number;
}

/** P(win >= x · bet) for each x, from a law over units; with a `tail`, values it cannot resolve are upper bounds. */
export function exceedance(
  law: ArrayLike<number>,
  unitsPerBet: number,
  levels: readonly number[],
  tail?: TailBound,
): ParDistribution["exceedance"] {
  return levels.map((x) => {
    const units = x * unitsPerBet;
    let p = 0;
    for (let v = Math.ceil(units); v < law.length; v++) p += law[v] as number;
    if (tail && p < 100 * tail.resolution(units)) return { x, probability: tail.bound(units), upperBound: true };
    return { x, probability: Math.max(0, p) };
  });
}

/** A distribution of the sheet from a law over units: buckets and exceedances built, the moments given. */
export interface LawDistribution {
  id: string;
  name: string;
  per: ParPer;
  law: ArrayLike<number>;
  unitsPerBet: number;
  /** Exceedance levels, x total bet. */
  levels: readonly number[];
  tail?: TailBound;
  hit: number;
  mean: number;
  stdev: number;
  truncatedMass: number;
  method: string;
}

/** The `ParDistribution` of a law. */
export function lawDistribution(d: LawDistribution): ParDistribution {
  return {
    id: d.id,
    name: d.name,
    per: d.per,
    buckets: winBuckets(d.law, d.unitsPerBet),
    hit: d.hit,
    mean: d.mean,
    stdev: d.stdev,
    exceedance: exceedance(d.law, d.unitsPerBet, d.levels, d.tail),
    truncatedMass: d.truncatedMass,
    method: d.method,
  };
}

/**
 * A series-length listing: P(n spins) = probabilities[n] / given for n >= from, listed while
 * at least 1e-30; the rest joins the truncated mass (itself / given).
 */
export function lengthRows(
  probabilities: ArrayLike<number>,
  truncatedMass: number,
  given = 1,
  from = 0,
): { lengthDistribution: { spins: number; probability: number }[]; truncatedMass: number } {
  const lengthDistribution: { spins: number; probability: number }[] = [];
  let left = truncatedMass / given;
  for (let n = from; n < probabilities.length; n++) {
    const q = (probabilities[n] as number) / given;
    if (q >= 1e-30) lengthDistribution.push({ spins: n, probability: q });
    else left += q;
  }
  return { lengthDistribution, truncatedMass: left };
}

/** Awards rarer than `threshold` (1 in 100,000,000 by default), collected one by one. */
export class RareAwards {
  readonly list: ParRareAward[] = [];
  constructor(readonly threshold = 1e-8) {}
  /** Lists the award when its log10 probability is below the threshold's (a probability of 0 included). */
  add(award: string, per: ParPer, probability: number, log10Probability = Math.log10(probability)): void {
    if (log10Probability < Math.log10(this.threshold)) this.list.push({ award, per, probability, log10Probability });
  }
}

/** The pay law of one line as the engine's lineExpectation gives it. */
interface LineLaw {
  combinations: readonly { symbol: number; count: number; pay: number; probability: number }[];
}

/** How `lineCombinations` lists: merged by symbol and count (default) or one row per combination; by pay or as given. */
export interface LineCombinationOptions {
  /** false: a row per combination of the line laws (e.g. apart by their wilds), not merged by symbol and count. */
  merge?: boolean;
  /** "pay" (default): highest pay first, then symbol; "as given": in the laws' order. */
  order?: "pay" | "as given";
}

/**
 * Line combinations per line: each symbol x count averaged over `lines` (every line's own
 * law), with its contribution p x pay.
 */
export function lineCombinations(
  lines: readonly LineLaw[],
  symbolIds: readonly string[],
  { merge = true, order = "pay" }: LineCombinationOptions = {},
): ParCombination[] {
  const out: ParCombination[] = [];
  const byKey = new Map<string, ParCombination>();
  for (const line of lines) {
    for (const c of line.combinations) {
      const key = merge ? `${c.symbol}:${c.count}` : `${out.length}`;
      const p = c.probability / lines.length;
      let entry = byKey.get(key);
      if (!entry) {
        const symbol = symbolIds[c.symbol];
        if (symbol === undefined) throw new Error(`lineCombinations: no symbol ${c.symbol}`);
        entry = { kind: "line", symbol, count: c.count, pay: c.pay, per: "line", probability: 0, rtp: 0 };
        byKey.set(key, entry);
        out.push(entry);
      }
      entry.probability += p;
      // At n lines a line pays 1/n of the total bet per coin won: its share is the average line's p x pay.
      entry.rtp += p * c.pay;
    }
  }
  if (order === "pay") out.sort((a, b) => b.pay - a.pay || a.symbol.localeCompare(b.symbol));
  return out;
}

/** Scatter combinations per paid spin: P(k scatters) x the pay of k (x total bet), for every paying k. */
export function scatterCombinations(
  counts: ArrayLike<number>,
  pays: ArrayLike<number | undefined>,
  symbol: string,
): ParCombination[] {
  const out: ParCombination[] = [];
  for (let k = 0; k < counts.length; k++) {
    const p = counts[k] as number;
    const pay = pays[k] ?? 0;
    if (pay > 0) out.push({ kind: "scatter", symbol, count: k, pay, per: "paidSpin", probability: p, rtp: p * pay });
  }
  return out;
}

/**
 * A reel set as the sheet lists it: its strips, the stops of each symbol on each reel (in
 * `symbols` order) and, for weighted stops, each stop's weight (an empty list: a uniform reel).
 */
export function reelSetTable(
  id: string,
  strips: readonly (readonly string[])[],
  symbols: readonly string[],
  stopWeights?: readonly (readonly number[])[],
): ParReelSet {
  const known = new Set(symbols);
  strips.forEach((strip, r) => {
    const unknown = strip.find((s) => !known.has(s));
    if (unknown !== undefined) throw new Error(`reel set '${id}': reel ${r + 1} holds '${unknown}', not a symbol`);
  });
  if (stopWeights !== undefined) {
    if (stopWeights.length !== strips.length)
      throw new Error(`reel set '${id}': ${stopWeights.length} stop-weight lists for ${strips.length} reels`);
    stopWeights.forEach((w, r) => {
      // An empty list is a uniform reel (every stop equally likely).
      if (w.length !== 0 && w.length !== strips[r]?.length)
        throw new Error(`reel set '${id}': reel ${r + 1} has ${w.length} weights`);
      if (w.some((x) => !Number.isSafeInteger(x) || x < 0)) throw new Error(`reel set '${id}': reel ${r + 1} weights`);
    });
  }
  return {
    id,
    strips: strips.map((s) => [...s]),
    symbolCounts: Object.fromEntries(symbols.map((sym) => [sym, strips.map((s) => s.filter((x) => x === sym).length)])),
    ...(stopWeights === undefined ? {} : { stopWeights: stopWeights.map((w) => [...w]) }),
  };
}

/** A column of a table: its title and the cell of a row. */
export type ParColumn<R> = readonly [title: string, cell: (row: R, index: number) => string | number | null];

/** A table of rows (variants, bets, prizes, …): one column per (title, cell). */
export function parTable<R>(
  id: string,
  title: string,
  rows: readonly R[],
  columns: readonly ParColumn<R>[],
  note?: string,
): ParTable {
  return {
    id,
    title,
    ...(note === undefined ? {} : { note }),
    columns: columns.map(([t]) => t),
    rows: rows.map((row, i) => columns.map(([, cell]) => cell(row, i))),
  };
}

/** One placement of a mode (e.g. where its wild lands): its weight and the mode's RTP given it. */
export interface ParPlacement {
  id: string;
  weight: number;
  rtp: number;
}

/** A mode and its placements. */
export interface ParModePlacements<P extends ParPlacement = ParPlacement> {
  mode: string;
  placements: readonly P[];
}

/**
 * The table of every mode's placements, a row each: mode, placement, weight, share of the
 * mode's weight, the RTP given the placement and its contribution to the mode's RTP (the
 * contributions of a mode sum to its RTP), then any `extra` columns of the game's own.
 */
export function placementTable<P extends ParPlacement>(
  modes: readonly ParModePlacements<P>[],
  extra: readonly ParColumn<P & { mode: string; share: number }>[] = [],
  note?: string,
): ParTable {
  const rows = modes.flatMap(({ mode, placements }) => {
    const total = placements.reduce((a, p) => a + p.weight, 0);
    return placements.map((p) => ({ ...p, mode, share: p.weight / total }));
  });
  return parTable(
    "placements",
    "Placements of each mode: weight, share and RTP",
    rows,
    [
      ["Mode", (p) => p.mode],
      ["Placement", (p) => p.id],
      ["Weight", (p) => p.weight],
      ["Share", (p) => p.share],
      ["RTP given the placement", (p) => p.rtp],
      ["Contribution to the mode's RTP", (p) => p.share * p.rtp],
      ...extra,
    ],
    note,
  );
}

/** The words of the figures every sheet defines alike, for a game's `definitions`. */
export const PAR_DEFINITIONS = {
  hitFrequency: "P(a paid round's total win > 0), per paid round; it equals 1 − the '0' bucket of winDistribution.",
  winDistribution:
    "Distribution of a paid round's total win, x total bet, in the simulator's buckets: '0', (0,1), [1,2) … 1000+.",
  bands: "Where the simulated RTP of N rounds falls with 99% probability: rtp ± 2.576 · stdev / √N.",
  rareAwards: "Every award whose probability is below 1 in 100,000,000, with what the probability is counted per.",
} as const;

/** A game's exact parts, from which `assemblePar` builds its report. */
export interface ParAssembly<B extends ParBet = ParBet, C extends ParConfig = ParConfig> {
  game: string;
  version: string;
  /** The model data (`reelhouse model <game> --json`): the report's mathsHash is its canonical SHA-256. */
  model: unknown;
  /** The bet the headline figures are at. */
  defaultBet: Record<string, unknown>;
  axes: ParAxes<B, C>;
  /** The RTP, its parts and figures of one point; null where the point is not offered. */
  variant: (point: ParPoint<B, C>) => ParVariantParts | null;
  /** The headline RTP and breakdown; default: the first variant at the default bet. */
  headline?: { rtp: number; breakdown: ParBreakdown };
  rtpLongRun?: number;
  /** The round's hit, stdev, hit frequencies and maximum win, when known without the full cycle. */
  round?: RoundHeadline;
  /** The maximum win when `round` does not give it (default: not computed). */
  maxWin?: ParMaxWin;
  features?: ParFeature[];
  combinations?: ParCombination[];
  distributions?: ParDistribution[];
  rareAwards?: ParRareAward[];
  freeSpins?: ParReport["freeSpins"];
  reels?: ParReelSet[];
  tables?: ParTable[];
  definitions?: Record<string, string>;
  /** Other exact figures, or a function of the variants (e.g. their lowest and highest RTP). */
  figures?: Record<string, number> | ((variants: readonly ParVariant[]) => Record<string, number>);
  notes?: string[];
  /**
   * What needs the full cycle, given the report assembled so far and merged over it (its
   * fields keep their places, new ones come last); skipped with `fullCycle: false`.
   */
  fullCycle?: (report: ParReport) => Partial<ParReport>;
}

/** The `reelhouse.par/2` report of a game's parts: variants over its axes, headline, bands, the rest as given. */
export function assemblePar<B extends ParBet, C extends ParConfig>(a: ParAssembly<B, C>, options: ExactOptions = {}): ParReport {
  const variants = parVariants(a.axes, a.variant);
  const head = a.headline ?? variantAt(variants, a.defaultBet);
  const round = a.round
    ? roundHeadline(head.rtp, a.round)
    : { hitFrequency: Number.NaN, hitFrequencies: [], stdev: Number.NaN, volatilityIndex: Number.NaN, bands: [] };
  const distributions = a.distributions ?? [];
  const report: ParReport = {
    schema: PAR_SCHEMA,
    game: a.game,
    version: a.version,
    mathsHash: mathsHash(a.model),
    defaultBet: a.defaultBet,
    rtp: head.rtp,
    ...(a.rtpLongRun === undefined ? {} : { rtpLongRun: a.rtpLongRun }),
    breakdown: head.breakdown,
    hitFrequency: round.hitFrequency,
    hitFrequencies: round.hitFrequencies,
    stdev: round.stdev,
    volatilityIndex: round.volatilityIndex,
    maxWin: a.round?.maxWin ?? a.maxWin ?? notComputedMaxWin(),
    variants,
    features: a.features ?? [],
    combinations: a.combinations ?? [],
    winDistribution: distributions.find((d) => d.id === "round")?.buckets ?? [],
    distributions,
    bands: round.bands,
    rareAwards: a.rareAwards ?? [],
    ...(a.freeSpins === undefined ? {} : { freeSpins: a.freeSpins }),
    reels: a.reels ?? [],
    tables: a.tables ?? [],
    definitions: a.definitions ?? {},
    figures: typeof a.figures === "function" ? a.figures(variants) : (a.figures ?? {}),
    notes: a.notes ?? [],
  };
  if (options.fullCycle === false || !a.fullCycle) return report;
  return { ...report, ...a.fullCycle(report) };
}
