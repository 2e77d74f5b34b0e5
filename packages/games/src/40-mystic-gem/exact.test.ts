/**
 * 40 Mystic Gem's exact maths: every mode at 96.08% (within 0.01 points, the sheet's figure
 * within the lab's 0.05), and an independent recomputation from the model document alone
 * (`reelhouse model 40-mystic-gem --json`) with a naive evaluator written here: a lab's
 * re-derivation. Also the PAR sheet's variants, placements and impossible scatter pays.
 */
import { describe, expect, it } from "vitest";
import { allModeFigures, linearMeanWinX, modeFigures } from "./exact.js";
import { mysticGem } from "./index.js";
import { TARGET_RTP } from "./model.js";
import { MODES } from "./modes.js";

interface Model {
  lines: number[][];
  linePays: Record<string, number[]>;
  scatters: { pays: Record<string, number[]> };
  wild: { symbol: string; reels: number[] };
  reelSets: Record<string, { strips: string[][]; stopWeights: number[][] }>;
  modes: {
    id: string;
    reelSet: string;
    price: { timesTotalBet: number };
    placements: { reels: number[]; weight: number }[];
    guarantee: string | null;
  }[];
}

const MODEL = JSON.parse(JSON.stringify(mysticGem.model())) as Model;
const ROWS = 4;
const SCATTER_IDS = Object.keys(MODEL.scatters.pays);

/** A reel's columns (4 cells each, landed WILD expanded on reels 2–4) and their weights, from the model alone. */
function columns(set: string, reel: number, bought: number[]): { cells: string[]; weight: number }[] {
  if (bought.includes(reel + 1)) return [{ cells: ["WILD", "WILD", "WILD", "WILD"], weight: 1 }];
  const strip = MODEL.reelSets[set]?.strips[reel] as string[];
  const weights = MODEL.reelSets[set]?.stopWeights[reel] as number[];
  return strip.map((_, s) => {
    let cells = Array.from({ length: ROWS }, (_, row) => strip[(s + row) % strip.length] as string);
    if (MODEL.wild.reels.includes(reel + 1) && cells.includes("WILD"))
      cells = cells.map((c) => (SCATTER_IDS.includes(c) ? c : "WILD"));
    return { cells, weight: weights.length > 0 ? (weights[s] as number) : 1 };
  });
}

/** The naive pay of one line: the symbol on reel 1, then WILD or that symbol on each next reel. */
function linePay(symbols: string[]): number {
  const first = symbols[0] as string;
  if (first === "WILD" || SCATTER_IDS.includes(first)) return 0;
  let count = 1;
  while (count < 5 && (symbols[count] === first || symbols[count] === "WILD")) count++;
  return MODEL.linePays[first]?.[count - 1] ?? 0;
}

/** Mean win x total bet of a placement by brute force over every stop combination of the model's strips. */
function bruteForce(set: string, bought: number[], guaranteed: boolean): number {
  const reels = [0, 1, 2, 3, 4].map((r) => columns(set, r, bought));
  let sum = 0;
  let weight = 0;
  const pick = new Array<number>(5).fill(0);
  const visit = (r: number, w: number) => {
    if (r === 5) {
      const window = pick.map((c, reel) => (reels[reel] as { cells: string[] }[])[c]?.cells as string[]);
      let lines = 0;
      for (const line of MODEL.lines) lines += linePay(line.map((row, reel) => window[reel]?.[row] as string));
      if (guaranteed && lines === 0) return;
      let scatter = 0;
      for (const id of SCATTER_IDS) scatter += MODEL.scatters.pays[id]?.[window.flat().filter((c) => c === id).length] ?? 0;
      sum += w * (lines / 40 + scatter);
      weight += w;
      return;
    }
    (reels[r] as { weight: number }[]).forEach((c, i) => {
      pick[r] = i;
      visit(r + 1, w * c.weight);
    });
  };
  visit(0, 1);
  return sum / weight;
}

describe("RTP of every mode, exact", () => {
  it("is 96.08% within 0.01 points for the base game and each of the five bought modes", () => {
    for (const f of allModeFigures()) {
      expect(Math.abs(f.rtp - TARGET_RTP), `${f.id}: ${f.rtp}`).toBeLessThan(0.0001);
      expect(f.breakdown.baseLines + f.breakdown.baseScatter).toBeCloseTo(f.rtp, 14);
      expect(f.placements.reduce((a, p) => a + p.share, 0)).toBeCloseTo(1, 15);
      expect(f.placements.reduce((a, p) => a + p.share * p.rtp, 0)).toBeCloseTo(f.rtp, 14);
    }
  });

  it("agrees with the second method (the 40 lines' pay laws by linearity) for every plain mode to 1e-12", () => {
    for (const mode of [null, ...MODES.filter((m) => !m.guarantee)]) {
      const f = modeFigures(mode);
      expect(Math.abs(linearMeanWinX(mode) / f.price - f.rtp), f.id).toBeLessThan(1e-12);
    }
  });

  it("guaranteed modes win a line on every spin; 4 and 5 scatter pays have probability exactly 0 in every bought mode", () => {
    for (const f of allModeFigures()) {
      if (f.id === "base") {
        expect(f.scatterProbabilities.moon[5]).toBeGreaterThan(0);
        continue;
      }
      expect(f.scatterProbabilities.moon[4], f.id).toBe(0);
      expect(f.scatterProbabilities.moon[5], f.id).toBe(0);
      if (f.id.endsWith("guaranteed")) expect(f.lineHitFrequency).toBeCloseTo(1, 12);
    }
    // With 3 WILDs no scatter can pay at all.
    const w3 = modeFigures(MODES.find((m) => m.id === "wild3") ?? null);
    expect(w3.scatterProbabilities.moon[3]).toBe(0);
    expect(w3.scatterProbabilities.star[3]).toBe(0);
    expect(w3.breakdown.baseScatter).toBe(0);
  });
});

describe("a lab's recomputation from the model document alone", () => {
  it("every bought mode with 2 or 3 WILDs, placement by placement, by brute force over the model's strips and weights", () => {
    for (const m of MODEL.modes.filter((x) => x.placements[0]?.reels.length !== 1)) {
      const total = m.placements.reduce((a, p) => a + p.weight, 0);
      const rtp =
        m.placements.reduce((a, p) => a + (p.weight / total) * bruteForce(m.reelSet, p.reels, m.guarantee !== null), 0) /
        m.price.timesTotalBet;
      const ours = modeFigures(MODES.find((x) => x.id === m.id) ?? null);
      expect(Math.abs(rtp - ours.rtp), m.id).toBeLessThan(1e-12);
    }
  });

  it("the 1-WILD modes too, one placement each (four reels spin: about a million windows)", () => {
    for (const [k, m] of MODEL.modes.filter((x) => x.placements[0]?.reels.length === 1).entries()) {
      const total = m.placements.reduce((a, p) => a + p.weight, 0);
      [m.placements[k === 0 ? 0 : 2] as { reels: number[] }].forEach((p) => {
        const ours = modeFigures(MODES.find((x) => x.id === m.id) ?? null).placements.find(
          (q) => q.reels.join() === p.reels.map((r) => r - 1).join(),
        );
        expect(
          Math.abs(bruteForce(m.reelSet, p.reels, m.guarantee !== null) - (ours?.meanWinX ?? Number.NaN)),
          `${m.id} ${p.reels}`,
        ).toBeLessThan(1e-12);
      });
      expect(total).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe("PAR sheet", () => {
  it("lists every mode x stake as a variant with its price, RTP, hit frequency, volatility and max win", () => {
    const par = mysticGem.exact();
    expect(par.variants).toHaveLength(60);
    for (const v of par.variants) {
      expect(Math.abs(v.rtp - TARGET_RTP)).toBeLessThan(0.0001);
      for (const k of ["price", "hitFrequency", "volatilityIndex", "maxWinX", "maxWinProbability"])
        expect(v.figures?.[k], k).toBeGreaterThan(0);
    }
    const prices = new Map(par.variants.map((v) => [v.mode, v.figures?.price]));
    expect(Object.fromEntries(prices)).toEqual({
      base: 1,
      wild1: 4.5,
      wild2: 15,
      wild3: 71.5,
      "wild1-guaranteed": 12,
      "wild2-guaranteed": 25,
    });
    const placements = par.tables.find((t) => t.id === "placements");
    expect(placements?.rows).toHaveLength(1 + 3 + 3 + 1 + 3 + 3);
    expect(par.reels.find((r) => r.id === "base")?.stopWeights?.[0]?.length).toBeGreaterThan(0);
  });
});

describe("paying combinations", () => {
  it("the base game's combinations add up to its RTP (lines averaged over the 40, scatters per spin)", () => {
    const par = mysticGem.exact();
    const sum = par.combinations.reduce((a, c) => a + c.rtp, 0);
    expect(sum).toBeCloseTo(par.rtp, 12);
    expect(par.combinations.find((c) => c.symbol === "CROWN" && c.count === 5)?.pay).toBe(1000);
    expect(par.combinations.filter((c) => c.kind === "scatter").map((c) => `${c.symbol}${c.count}`)).toEqual([
      "MOON3",
      "MOON4",
      "MOON5",
      "STAR3",
    ]);
  });
});
