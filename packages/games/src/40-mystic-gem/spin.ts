/**
 * One 40 Mystic Gem spin as the sheet plays it: the server draws the bought WILDs' reels
 * (once, by the published weights), then the stops of the reels that spin (weighted on
 * reel 1); a guaranteed mode draws those stops again until a line wins. Landed WILDs on
 * reels 2–4 expand before anything is paid; then the 40 lines left to right (the highest
 * per line) and the two scatters anywhere, x the base total bet.
 */
import {
  countSymbol,
  drawStop,
  drawWeighted,
  evaluateCompiledLine,
  expandWilds,
  type LineResult,
  type ReelSet,
  type Rng,
  redrawUntil,
  reelsOfMask,
  type WeightedTable,
  weightedTable,
} from "@reelhouse/engine";
import { PAYLINES, REELS, ROWS, SCATTER_PAYS, type SCATTERS, WILD_REELS } from "./model.js";
import { MODES, type MysticMode } from "./modes.js";
import { COMPILED_LINES, COMPILED_SETS, KEEP, MOON_INDEX, STAR_INDEX, WILD_INDEX } from "./rules.js";
import type { Position } from "./types.js";

/** A paying line: 1-based line number, symbol index, count, pay in line bets. */
export interface LineWin {
  readonly line: number;
  readonly symbol: number;
  readonly count: number;
  readonly pay: number;
}

/** A scatter pay: the scatter, how many, where, and its multiple of the total bet. */
export interface ScatterWin {
  readonly symbol: (typeof SCATTERS)[number];
  readonly count: number;
  readonly positions: Position[];
  readonly multiplier: number;
}

/** Everything one spin decided. */
export interface SpinResult {
  /** Stops of each reel; null under a bought WILD. */
  readonly stops: (number | null)[];
  /** The bought reels (0-based). */
  readonly bought: readonly number[];
  /** The window as drawn (column-major, bought reels WILD), before landed WILDs expand. */
  readonly drawn: Uint8Array;
  /** The window that pays (landed WILDs expanded). */
  readonly window: Uint8Array;
  /** Reels whose landed WILD expanded. */
  readonly expanded: number[];
  readonly lineWins: LineWin[];
  /** Sum of the line pays, in line bets. */
  readonly linePaySum: number;
  readonly scatterWins: ScatterWin[];
  /** Sum of the scatter multiples, x total bet. */
  readonly scatterSum: number;
  /** Draws of the spinning reels (more than 1 only when a guarantee redrew). */
  readonly draws: number;
}

const placementTables = new Map<MysticMode["id"], WeightedTable<readonly number[]>>(
  MODES.map((m) => [m.id, weightedTable(m.placements.map((p) => ({ value: p.reels, weight: p.weight })))]),
);

/** Draws where a mode's WILDs go (one `rng.int(total weight)`, skipped when there is one placement). */
export function drawPlacement(mode: MysticMode, rng: Rng): readonly number[] {
  const table = placementTables.get(mode.id) as WeightedTable<readonly number[]>;
  return table.values.length === 1 ? (table.values[0] as readonly number[]) : drawWeighted(table, rng);
}

/** Draws the spinning reels' stops into `stops` and fills the window (bought reels all WILD). */
function drawWindow(set: ReelSet, bought: readonly number[], rng: Rng, stops: (number | null)[], window: Uint8Array): void {
  for (let r = 0; r < REELS; r++) {
    if (bought.includes(r)) {
      stops[r] = null;
      window.fill(WILD_INDEX, r * ROWS, (r + 1) * ROWS);
      continue;
    }
    const strip = set.strips[r] as Uint8Array;
    const stop = drawStop(set, r, rng);
    stops[r] = stop;
    for (let row = 0; row < ROWS; row++) window[r * ROWS + row] = strip[(stop + row) % strip.length] as number;
  }
}

/** Lines and scatters of a window whose WILDs have expanded. */
function evaluate(window: Uint8Array): Pick<SpinResult, "lineWins" | "linePaySum" | "scatterWins" | "scatterSum"> {
  const lineWins: LineWin[] = [];
  const out: LineResult = { pay: 0, symbol: -1, count: 0 };
  let linePaySum = 0;
  for (let l = 0; l < PAYLINES.length; l++) {
    const pay = evaluateCompiledLine(COMPILED_LINES, window, l, out);
    if (pay > 0) {
      lineWins.push({ line: l + 1, symbol: out.symbol, count: out.count, pay });
      linePaySum += pay;
    }
  }
  const scatterWins: ScatterWin[] = [];
  let scatterSum = 0;
  for (const [symbol, index] of [
    ["MOON", MOON_INDEX],
    ["STAR", STAR_INDEX],
  ] as const) {
    const positions: Position[] = [];
    const count = countSymbol(window, index, ROWS, positions);
    const multiplier = SCATTER_PAYS[symbol][count] ?? 0;
    if (multiplier > 0) {
      scatterWins.push({ symbol, count, positions, multiplier });
      scatterSum += multiplier;
    }
  }
  return { lineWins, linePaySum, scatterWins, scatterSum };
}

const EXPANDING = { wild: WILD_INDEX, reels: WILD_REELS, keep: KEEP } as const;

/**
 * Plays the spin of `mode` (null: the base game). The placement is drawn once; a guaranteed
 * mode then redraws only the spinning reels until at least one LINE wins (a scatter alone
 * does not count), so each placement keeps its published share.
 */
export function playSpin(mode: MysticMode | null, rng: Rng): SpinResult {
  const set = COMPILED_SETS[mode ? mode.reelSet : "base"];
  const bought = mode ? drawPlacement(mode, rng) : [];
  const stops: (number | null)[] = new Array<number | null>(REELS).fill(null);
  const drawn = new Uint8Array(REELS * ROWS);
  const window = new Uint8Array(REELS * ROWS);
  const once = () => {
    drawWindow(set, bought, rng, stops, drawn);
    window.set(drawn);
    const expanded = reelsOfMask(expandWilds(window, ROWS, EXPANDING)).filter((r) => !bought.includes(r));
    return { expanded, ...evaluate(window) };
  };
  const { value, draws } =
    mode?.guarantee === "lineWin" ? redrawUntil(once, (s) => s.linePaySum > 0) : { value: once(), draws: 1 };
  return { stops, bought, drawn, window, draws, ...value };
}
