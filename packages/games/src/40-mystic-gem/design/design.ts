/**
 * How 40 Mystic Gem's reel sets were made (run: `npx tsx packages/games/src/40-mystic-gem/design/design.ts`):
 * each reel set's strips come from the symbol counts below, arranged so that WILDs and
 * scatters stand at least 4 stops apart (a window shows at most one of them); every stop
 * of reel 1 weighs `BASE_WEIGHT` (the other reels are uniform), and reel 1 is then weighted so that the mode's exact
 * RTP (over its placements, conditioned on a line win for a guaranteed mode) is 96.08%.
 * Writes `../reel-sets.ts`. The 3-WILD mode was designed first (DESIGN.md §2): its lines
 * are decided by reels 1 and 5 alone, so its 4- and 5-of-a-kind pays set the paytable.
 */
import { writeFileSync } from "node:fs";
import { reelLaw } from "@reelhouse/engine";
import { REELS, ROWS, STAKES, TARGET_RTP } from "../model.js";
import { MODES, type MysticMode, type ReelSetId } from "../modes.js";
import type { ReelSetData } from "../reel-sets.js";
import { modeReelLaws, SYMBOL_IDS } from "../rules.js";
import { meanLineBets, spinLaw } from "../spin-law.js";

void STAKES;

const BASE_WEIGHT = 1000;
const SPECIAL = new Set(["WILD", "MOON", "STAR"]);
const REGULAR = ["CROWN", "DIAMOND", "RUBY", "EMERALD", "SAPPHIRE", "AMETHYST", "TOPAZ", "OPAL"];

/** Counts per reel: the 8 regular symbols in paytable order, then the specials. */
type Counts = { regular: readonly number[]; WILD?: number; MOON?: number; STAR?: number; stack?: number };

/** Symbol counts of every reel set (null: a reel that never spins in the mode). */
const COUNTS: Record<ReelSetId, readonly (Counts | null)[]> = {
  base: [
    { regular: [2, 2, 3, 4, 5, 6, 7, 7], MOON: 1, STAR: 1 },
    { regular: [2, 2, 3, 4, 5, 6, 7, 8], MOON: 1, WILD: 1 },
    { regular: [2, 2, 3, 4, 5, 6, 7, 7], MOON: 1, STAR: 1, WILD: 1 },
    { regular: [2, 2, 3, 4, 5, 6, 7, 7], MOON: 1, WILD: 1 },
    { regular: [2, 2, 3, 4, 5, 6, 7, 7], MOON: 1, STAR: 1 },
  ],
  wild1: [
    { regular: [4, 4, 4, 4, 4, 4, 2, 0], MOON: 1, stack: 2 },
    { regular: [4, 4, 4, 4, 4, 4, 2, 0], MOON: 1, stack: 2 },
    { regular: [4, 4, 4, 4, 4, 4, 2, 0], MOON: 1, STAR: 1, stack: 2 },
    { regular: [4, 4, 4, 4, 4, 4, 2, 0], MOON: 1, stack: 2 },
    { regular: [4, 4, 4, 4, 4, 4, 2, 0], STAR: 1, stack: 2 },
  ],
  wild2: [
    { regular: [3, 3, 3, 3, 3, 4, 4, 4] },
    { regular: [3, 3, 3, 3, 3, 4, 4, 4], MOON: 1 },
    { regular: [3, 3, 3, 3, 3, 4, 4, 4], MOON: 1, STAR: 1 },
    { regular: [3, 3, 3, 3, 3, 4, 4, 4], MOON: 1 },
    { regular: [3, 3, 3, 3, 3, 4, 4, 4], STAR: 1 },
  ],
  wild3: [
    { regular: [2, 2, 3, 3, 4, 4, 5, 5], MOON: 1, STAR: 1 },
    null,
    null,
    null,
    { regular: [2, 2, 3, 3, 4, 4, 5, 5], STAR: 1 },
  ],
  "wild1-guaranteed": [
    { regular: [4, 4, 4, 4, 4, 4, 3, 0], MOON: 1, stack: 3 },
    { regular: [4, 4, 4, 4, 4, 4, 3, 0], MOON: 1, stack: 3 },
    { regular: [4, 4, 4, 4, 4, 4, 3, 0], MOON: 1, STAR: 1, stack: 3 },
    { regular: [4, 4, 4, 4, 4, 4, 3, 0], MOON: 1, stack: 3 },
    { regular: [4, 4, 4, 4, 4, 4, 3, 0], STAR: 1, stack: 3 },
  ],
  "wild2-guaranteed": [
    { regular: [3, 3, 3, 3, 4, 4, 4, 2], MOON: 1, stack: 2 },
    { regular: [3, 3, 3, 3, 4, 4, 4, 2], MOON: 1, stack: 2 },
    { regular: [3, 3, 3, 3, 4, 4, 4, 2], MOON: 1, STAR: 1, stack: 2 },
    { regular: [3, 3, 3, 3, 4, 4, 4, 2], MOON: 1, stack: 2 },
    { regular: [3, 3, 3, 3, 4, 4, 4, 2], STAR: 1, stack: 2 },
  ],
};

/**
 * A strip from counts: the specials evenly spaced (at least 4 apart), the regular symbols
 * spread by largest remaining share, never the same symbol twice in a row where avoidable.
 */
export function arrange(counts: Counts): string[] {
  const specials: string[] = [];
  for (const id of ["WILD", "MOON", "STAR"] as const) for (let i = 0; i < (counts[id] ?? 0); i++) specials.push(id);
  const regular = counts.regular.reduce((a, b) => a + b, 0);
  const n = regular + specials.length;
  const slots = new Array<string | null>(n).fill(null);
  specials.forEach((id, k) => {
    slots[Math.floor(((k + 0.5) * n) / specials.length)] = id;
  });
  const left = [...counts.regular];
  const stack = counts.stack ?? 1;
  let previous = "";
  let run = 0;
  for (let i = 0; i < n; i++) {
    if (slots[i] !== null) {
      previous = slots[i] as string;
      run = 0;
      continue;
    }
    // Stacks: keep the symbol of the run until it holds `stack` stops (or runs out).
    const p = REGULAR.indexOf(previous);
    if (p >= 0 && run < stack && (left[p] as number) > 0) {
      left[p] = (left[p] as number) - 1;
      slots[i] = previous;
      run++;
      continue;
    }
    let best = -1;
    let bestShare = -1;
    left.forEach((c, s) => {
      const share = c / (counts.regular[s] as number);
      const penalty = REGULAR[s] === previous ? 1 : 0;
      if (c > 0 && share - penalty > bestShare) {
        best = s;
        bestShare = share - penalty;
      }
    });
    left[best] = (left[best] as number) - 1;
    slots[i] = REGULAR[best] as string;
    previous = slots[i] as string;
    run = 1;
  }
  const strip = slots as string[];
  const at = strip.flatMap((id, i) => (SPECIAL.has(id) ? [i] : []));
  for (const a of at)
    for (const b of at)
      if (a !== b && Math.min(Math.abs(a - b), n - Math.abs(a - b)) < ROWS)
        throw new Error(`arrange: specials at ${a} and ${b} are closer than ${ROWS} stops`);
  return strip;
}

/** The reel set of counts with every stop at the base weight. */
function build(id: ReelSetId): { strips: string[][]; weights: number[][] } {
  const strips = COUNTS[id].map((c) => (c ? arrange(c) : []));
  return { strips, weights: strips.map((s, r) => (r === 0 ? s.map(() => BASE_WEIGHT) : [])) };
}

/** Per stop of reel 1 and placement: E[win in line bets · accepted] and P(accepted). */
function stopVectors(set: ReelSetData, placements: readonly (readonly number[])[], guaranteed: boolean) {
  const reel1 = set.strips[0] as string[];
  return placements.map((bought) => {
    const laws = modeReelLaws(set, bought);
    return reel1.map((_, stop) => {
      const single = reelLaw(
        reel1.map((id) => SYMBOL_IDS.indexOf(id)),
        ROWS,
        reel1.map((__, s) => (s === stop ? 1 : 0)),
      );
      const law = spinLaw([single, ...laws.slice(1)]);
      let n = 0;
      for (const o of law.outcomes) if (!guaranteed || o.linePay > 0) n += o.lineBets * o.probability;
      return { n, h: guaranteed ? law.lineHit : 1 };
    });
  });
}

/** The mode's RTP with reel-1 weights `w`. */
function rtpWith(
  vectors: ReturnType<typeof stopVectors>,
  shares: readonly number[],
  w: readonly number[],
  price: number,
): number {
  let r = 0;
  vectors.forEach((v, p) => {
    let n = 0;
    let h = 0;
    v.forEach((x, i) => {
      n += (w[i] as number) * x.n;
      h += (w[i] as number) * x.h;
    });
    r += (shares[p] as number) * (n / h);
  });
  return r / (40 * price);
}

/** Tunes one stop weight of reel 1 to the target; returns the set and its RTP. */
function tune(id: ReelSetId, mode: MysticMode | null): { set: ReelSetData; rtp: number; untuned: number } {
  const set = build(id);
  const placements = mode ? mode.placements.map((p) => p.reels) : [[]];
  const total = mode ? mode.placements.reduce((a, p) => a + p.weight, 0) : 1;
  const shares = mode ? mode.placements.map((p) => p.weight / total) : [1];
  const price = mode ? mode.price.numerator / mode.price.denominator : 1;
  const vectors = stopVectors(set, placements, mode?.guarantee === "lineWin");
  const w = set.weights[0] as number[];
  const untuned = rtpWith(vectors, shares, w, price);
  // Coarse: every stop of one symbol on reel 1 weighs the same x (the symbol whose x is
  // nearest the base weight); fine: one stop's weight, below.
  const reel1 = set.strips[0] as string[];
  let coarse = { symbol: "", x: BASE_WEIGHT, distance: Number.POSITIVE_INFINITY };
  for (const symbol of new Set(reel1)) {
    const g = (x: number) =>
      rtpWith(
        vectors,
        shares,
        w.map((v, i) => (reel1[i] === symbol ? x : v)),
        price,
      ) - TARGET_RTP;
    let lo = 1;
    let hi = 20_000;
    if (Math.sign(g(lo)) === Math.sign(g(hi))) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (Math.sign(g(mid)) === Math.sign(g(lo))) lo = mid;
      else hi = mid;
    }
    const distance = Math.abs(Math.log(lo / BASE_WEIGHT));
    if (distance < coarse.distance) coarse = { symbol, x: lo, distance };
  }
  if (coarse.symbol !== "") {
    reel1.forEach((id, i) => {
      if (id === coarse.symbol) w[i] = coarse.x;
    });
    console.log(`  ${id}: every ${coarse.symbol} stop of reel 1 weighs ${coarse.x}`);
  }
  let best = { error: Number.POSITIVE_INFINITY, stop: -1, weight: BASE_WEIGHT, move: 0 };
  for (let stop = 0; stop < w.length; stop++) {
    // RTP is monotone in one stop's weight: bisect on the integer weight.
    const f = (x: number) =>
      rtpWith(
        vectors,
        shares,
        w.map((v, i) => (i === stop ? x : v)),
        price,
      ) - TARGET_RTP;
    let lo = 0;
    let hi = 200_000;
    if (Math.sign(f(lo)) === Math.sign(f(hi))) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (Math.sign(f(mid)) === Math.sign(f(lo))) lo = mid;
      else hi = mid;
    }
    for (const x of [lo, hi]) {
      const error = Math.abs(f(x));
      // Prefer small moves: among weights that hit within 0.002 points, the one nearest the base.
      const from = w[stop] as number;
      const score = error + (error < 2e-5 ? 0 : 1) + Math.abs(x - from) * 1e-9;
      const bestScore = best.error + (best.error < 2e-5 ? 0 : 1) + best.move * 1e-9;
      if (x > 0 && score < bestScore) best = { error, stop, weight: x, move: Math.abs(x - from) };
    }
  }
  if (best.stop >= 0) w[best.stop] = best.weight;
  console.log(`  ${id}: reel 1 stop ${best.stop} (${set.strips[0]?.[best.stop]}) weighs ${best.weight}`);
  return { set, rtp: rtpWith(vectors, shares, w, price), untuned };
}

function main(): void {
  const out: Record<string, ReelSetData> = {};
  const only = process.argv[2];
  for (const id of ["wild3", "wild2", "wild1", "wild2-guaranteed", "wild1-guaranteed", "base"] as ReelSetId[]) {
    if (only && only !== id) continue;
    const mode = MODES.find((m) => m.reelSet === id) ?? null;
    const t0 = Date.now();
    const { set, rtp, untuned } = tune(id, mode);
    out[id] = set;
    const check = mode
      ? mode.placements.map((p) => meanLineBets(spinLaw(modeReelLaws(set, p.reels))) / 40).map((x) => x.toFixed(3))
      : [];
    console.log(
      `${id}: untuned ${(untuned * 100).toFixed(4)}% tuned ${(rtp * 100).toFixed(4)}% plain means x bet ${check.join(" ")} (${Date.now() - t0} ms)`,
    );
  }
  if (only) return;
  const lines = [
    "/**",
    " * 40 Mystic Gem's reel sets, one per mode (DESIGN.md §2: only the paytable is shared), as",
    " * written by `design/design.ts`: each reel's strip of symbol ids, top to bottom, and one",
    " * integer weight per stop (stop s is drawn with probability weight / the reel's total; no",
    " * weights: every stop equally likely). A reel that never spins in a mode (every reel under",
    " * a bought WILD) has no strip.",
    " */",
    'import type { ReelSetId } from "./modes.js";',
    "",
    "/** A reel set: one strip of symbol ids per reel and one integer weight per stop ([] for a uniform reel, or one that never spins in the mode). */",
    "export interface ReelSetData {",
    "  readonly strips: readonly (readonly string[])[];",
    "  readonly weights: readonly (readonly number[])[];",
    "}",
    "",
    "/** A strip written as its symbol ids separated by spaces. */",
    'const strip = (ids: string): string[] => (ids === "" ? [] : ids.split(" "));',
    "",
    "export const REEL_SETS: Readonly<Record<ReelSetId, ReelSetData>> = {",
    ...Object.entries(out).map(
      ([id, s]) =>
        `  ${JSON.stringify(id)}: {\n    strips: [\n${s.strips.map((st) => `      strip(${JSON.stringify(st.join(" "))}),`).join("\n")}\n    ],\n    weights: [\n${s.weights.map((w) => `      ${JSON.stringify(w)},`).join("\n")}\n    ],\n  },`,
    ),
    "};",
    "",
  ];
  writeFileSync(new URL("../reel-sets.ts", import.meta.url), lines.join("\n"));
  void REELS;
}

main();
