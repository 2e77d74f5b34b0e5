/**
 * The Jewel-spin maths against brute force: on small strips, every triggering spin and every
 * pair of Jewel spins is played out with the round's own window evaluation and hold overlays,
 * and the Markov-chain laws (jewel-chain.ts), the trajectories (award law, zero-win walk) and
 * the second moments (pair walks) must give the same figures.
 */
import {
  emptyHold,
  holdSymbols,
  lockReels,
  overlayHold,
  type ReelSet,
  reelLaws,
  reelSetFromIds,
  type WindowHold,
} from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { isTriggerColumn } from "./jewel-chain.js";
import { PAYLINES, ROWS } from "./model.js";
import { kindMoments, kindTrajectories } from "./round-moments.js";
import { gameMaths, stripIndices } from "./rtp.js";
import { evaluateWindow, newOutcome, type SpinMode } from "./spin.js";
import { isSticky, LINE_RULE, LINE_RULE_FREE, SCATTER_BY_COUNT, SHAPE, SYMBOL_IDS } from "./tables.js";
import { awardLaw } from "./trajectory.js";
import { zeroWinProbability } from "./zero-win.js";

/** Small strips rich in everything that matters: Jewel triggers (one with a SCATTER in the locked column), wilds, scatters. */
const SMALL = {
  base: [
    ["JEWEL", "JEWEL", "TEN", "SCATTER"],
    ["WILD", "SCATTER", "JEWEL"],
    ["K", "WILD", "SCATTER"],
    ["JEWEL", "K", "Q"],
    ["SCATTER", "JACKPOT", "WILD"],
  ],
  jewel: [
    ["SCATTER", "WILD", "K"],
    ["JEWEL", "SCATTER", "Q"],
    ["WILD", "K", "SCATTER"],
    ["JEWEL", "JACKPOT", "SCATTER"],
  ],
};
const LINES = PAYLINES.length;
/** Equal up to the rounding of summing a million products in doubles (relative 1e-10). */
const close = (a: number, b: number, what = "") =>
  expect(Math.abs(a - b), `${what} ${a} vs ${b}`).toBeLessThanOrEqual(1e-10 * Math.max(1, Math.abs(b)));
const STICKY_REELS = [1, 2, 3, 4];

interface Brute {
  trigger: number;
  lineMeans: number[];
  scatterRtp: number;
  awards: number;
  z: number;
  z2: number;
  m: number;
  zm: number;
  m2: number;
  zeroPlain: number;
  zeroJewel: number;
}

/** Every stop combination of `set` on the listed reels (others keep `stops`), calling `visit` with the window. */
function each(set: ReelSet, reels: readonly number[], visit: (stops: number[], p: number) => void) {
  const stops = new Array<number>(5).fill(0);
  const walk = (i: number, p: number) => {
    if (i === reels.length) return visit(stops, p);
    const strip = set.strips[reels[i] as number] as Uint8Array;
    for (let s = 0; s < strip.length; s++) {
      stops[reels[i] as number] = s;
      walk(i + 1, p / strip.length);
    }
  };
  walk(0, 1);
}

function windowAt(set: ReelSet, stops: readonly number[], reels: readonly number[], into: Uint8Array) {
  for (const r of reels) {
    const strip = set.strips[r] as Uint8Array;
    for (let row = 0; row < ROWS; row++) into[r * ROWS + row] = strip[((stops[r] as number) + row) % strip.length] as number;
  }
  return into;
}

/** Plays every triggering spin of `mode` on `spin` and, for triggers, every pair of Jewel spins on `jewel`. */
function bruteForce(spin: ReelSet, jewel: ReelSet, mode: SpinMode): Brute {
  const b: Brute = {
    trigger: 0,
    lineMeans: new Array<number>(LINES).fill(0),
    scatterRtp: 0,
    awards: 0,
    z: 0,
    z2: 0,
    m: 0,
    zm: 0,
    m2: 0,
    zeroPlain: 0,
    zeroJewel: 0,
  };
  const value = (w: Uint8Array, m: SpinMode, perLine?: number[], p = 0) => {
    const o = evaluateWindow(w, LINES, m, false, newOutcome(), perLine !== undefined);
    if (perLine) for (const lw of o.lineWins) perLine[lw.line - 1] = (perLine[lw.line - 1] as number) + p * lw.pay;
    const x = o.linePaySum / LINES + (SCATTER_BY_COUNT[o.scatterCount] ?? 0);
    return { x, s: o.scatterCount, j: o.jewelCount >= 2, pays: o.linePaySum > 0 || (SCATTER_BY_COUNT[o.scatterCount] ?? 0) > 0 };
  };
  const w0 = new Uint8Array(15);
  each(spin, [0, 1, 2, 3, 4], (stops0, p0) => {
    const v0 = value(windowAt(spin, stops0, [0, 1, 2, 3, 4], w0), mode);
    const a = v0.s >= 3 ? 1 : 0;
    if (!v0.j) {
      b.z += p0 * v0.x;
      b.z2 += p0 * v0.x * v0.x;
      b.m += p0 * 10 * a;
      b.zm += p0 * v0.x * 10 * a;
      b.m2 += p0 * 100 * a;
      if (!v0.pays && a === 0) b.zeroPlain += p0;
      return;
    }
    b.trigger += p0;
    const hold0: WindowHold = holdSymbols(lockReels(emptyHold(SHAPE), w0, SHAPE, [0]), w0, SHAPE, isSticky, STICKY_REELS);
    each(jewel, STICKY_REELS, (stops1, p1) => {
      const w1 = overlayHold(windowAt(jewel, stops1, STICKY_REELS, new Uint8Array(15)), hold0);
      const v1 = value(w1, "jewelSpins", b.lineMeans, p0 * p1);
      const hold1 = holdSymbols(hold0, w1, SHAPE, isSticky, STICKY_REELS);
      each(jewel, STICKY_REELS, (stops2, p2) => {
        const p = p0 * p1 * p2;
        const w2 = overlayHold(windowAt(jewel, stops2, STICKY_REELS, new Uint8Array(15)), hold1);
        const v2 = value(w2, "jewelSpins", b.lineMeans, p);
        const n = (v1.s >= 3 ? 1 : 0) + (v2.s >= 3 ? 1 : 0);
        const z = v0.x + v1.x + v2.x;
        const m = 10 * (a + n);
        b.scatterRtp += p * ((SCATTER_BY_COUNT[v1.s] ?? 0) + (SCATTER_BY_COUNT[v2.s] ?? 0));
        b.awards += p * n;
        b.z += p * z;
        b.z2 += p * z * z;
        b.m += p * m;
        b.zm += p * z * m;
        b.m2 += p * m * m;
        if (!v0.pays && !v1.pays && !v2.pays && a === 0 && n === 0) b.zeroJewel += p;
      });
    });
  });
  return b;
}

describe("Jewel spins: exact maths against brute force on small strips", () => {
  const spinSet = reelSetFromIds(SMALL.base, SYMBOL_IDS);
  // The Jewel reel set as the round builds it: reel 1 never draws (locked).
  const jewelSet = reelSetFromIds([SMALL.base[0] as string[], ...SMALL.jewel], SYMBOL_IDS);
  const brute = bruteForce(spinSet, jewelSet, "base");
  const g = gameMaths({ base: SMALL.base, freeSpins: SMALL.base, jewel: SMALL.jewel });
  const reels = reelLaws(stripIndices(SMALL.base), ROWS);
  const jewelReels = reelLaws(stripIndices(SMALL.jewel), ROWS);

  it("the Markov chains give every Jewel spin's line values, scatter pays and awards", () => {
    close(g.base.jewel.trigger, brute.trigger);
    g.base.jewel.lineMeans.forEach((mean, l) => {
      close(mean * g.base.jewel.trigger, brute.lineMeans[l] as number, `line ${l + 1}`);
    });
    close(g.base.jewel.scatterRtp * g.base.jewel.trigger, brute.scatterRtp);
    close(g.base.jewel.awards * g.base.jewel.trigger, brute.awards);
  });

  it("the trajectories' award law agrees", () => {
    const law = awardLaw(reels, jewelReels, 3);
    const awards = law.jewel.reduce((s, row) => s + row.reduce((t, p, n) => t + p * n, 0), 0);
    close(awards, brute.awards);
    const total = law.plain.reduce((a, b) => a + b, 0) + law.jewel.flat().reduce((a, b) => a + b, 0);
    close(total, 1);
  });

  it("the zero-win walk gives P(nothing paid) with and without Jewel spins", () => {
    const { alone, withJewel } = kindTrajectories(reels, jewelReels);
    const plain = zeroWinProbability(
      alone.map((reel, r) => (r === 0 ? reel.filter((t) => !isTriggerColumn(t.columns[0] as number[])) : reel)),
      1,
    );
    close(plain, brute.zeroPlain);
    close(zeroWinProbability(withJewel, 3), brute.zeroJewel);
  });

  it("the pair walks give the spin's first and second moments with its Jewel series (Z and M)", () => {
    const { alone, withJewel } = kindTrajectories(reels, jewelReels);
    const k = kindMoments(alone, withJewel, LINE_RULE, LINES);
    close(k.z, brute.z);
    close(k.z2, brute.z2);
    close(k.m, brute.m);
    close(k.zm, brute.zm);
    close(k.m2, brute.m2);
  });

  it("with the x2/x4/x8 of normal free spins too", () => {
    const free = bruteForce(spinSet, jewelSet, "freeSpins");
    const { alone, withJewel } = kindTrajectories(reels, jewelReels);
    const k = kindMoments(alone, withJewel, LINE_RULE_FREE, LINES);
    close(k.z, free.z);
    close(k.z2, free.z2);
    close(k.zm, free.zm);
  });
});
