import { cellLaw, compileLines, evaluateCompiledLine, type LineResult, type ReelLaw } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { BET_OPTIONS, MERLIN, PAYLINES, PROGRESSIVE, REEL_STRIPS, REELS, ROWS, SYMBOLS, TARGET_RTP } from "./model.js";
import { betCoins, LINE_RULE, merlinMeans, merlinTable, N_SYMBOLS, rtpAt, SYMBOL_IDS, setMaths, stripIndices } from "./rtp.js";

const set = setMaths();
const everyBet = BET_OPTIONS.lines.flatMap((lines) => BET_OPTIONS.coinsPerLine.map((coinsPerLine) => ({ lines, coinsPerLine })));

describe("Bewitched exact maths", () => {
  it("returns 94.60% with the progressive at its seed and 95.10% in the long run, at each of the 150 bets", () => {
    expect(everyBet).toHaveLength(150);
    for (const bet of everyBet) {
      const r = rtpAt(bet, set);
      expect(Math.abs(r.rtp - TARGET_RTP.atSeed), JSON.stringify(bet)).toBeLessThan(1e-6);
      expect(Math.abs(r.rtpLongRun - TARGET_RTP.longRun)).toBeLessThan(1e-6);
      const parts = Object.values(r.breakdown).reduce((a, b) => a + b, 0);
      expect(parts).toBeCloseTo(r.rtp, 14);
    }
  });

  it("every payline returns the same (no stop weights: every row of a reel has one symbol law)", () => {
    for (const mean of set.lineMeans) expect(mean).toBeCloseTo(set.lineMeans[0] as number, 14);
  });

  it("the exact line law agrees with the round's line evaluator over every symbol tuple of a line", () => {
    const compiled = compileLines(LINE_RULE.paytable, PAYLINES, ROWS);
    const laws = (PAYLINES[3] as readonly number[]).map((row, r) => cellLaw(set.reels[r] as ReelLaw, row, N_SYMBOLS));
    const window = new Uint8Array(REELS * ROWS);
    const out: LineResult = { pay: 0, symbol: -1, count: 0 };
    let mean = 0;
    const tuple = new Array<number>(REELS).fill(0);
    const visit = (reel: number, p: number) => {
      if (p === 0) return;
      if (reel === REELS) {
        tuple.forEach((s, r) => {
          window[r * ROWS + ((PAYLINES[3] as readonly number[])[r] as number)] = s;
        });
        mean += p * evaluateCompiledLine(compiled, window, 3, out);
        return;
      }
      for (let s = 0; s < N_SYMBOLS; s++) {
        tuple[reel] = s;
        visit(reel + 1, p * ((laws[reel] as Float64Array)[s] as number));
      }
    };
    visit(0, 1);
    expect(mean).toBeCloseTo(set.lineMeans[3] as number, 13);
  });

  it("each reel holds exactly one WITCH and one MERLIN, so a window shows 0..5 of each", () => {
    for (const strip of stripIndices(REEL_STRIPS)) {
      expect(strip.filter((s) => s === SYMBOL_IDS.indexOf("WITCH"))).toHaveLength(1);
      expect(strip.filter((s) => s === SYMBOL_IDS.indexOf("MERLIN"))).toHaveLength(1);
    }
    expect(set.witchCounts.slice(6).every((p) => p === 0)).toBe(true);
    expect(set.witchCounts.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });

  it("free spins end: a spin awards on average fewer than one new spin", () => {
    const { spinsAwarded, freeSpinsPerRound } = rtpAt({ lines: 15, coinsPerLine: 10 }, set);
    expect(spinsAwarded).toBeGreaterThan(0);
    expect(spinsAwarded).toBeLessThan(0.2);
    expect(freeSpinsPerRound).toBeCloseTo(spinsAwarded / (1 - spinsAwarded), 14);
  });
});

describe("the Merlin table (DESIGN.md §2: a jackpot chance proportional to the stake)", () => {
  it("has non-negative weights summing to the same total at every bet, cash between 15x and 300x, 15 to 60 free spins", () => {
    for (let coins = 1; coins <= 150; coins++) {
      const table = merlinTable(coins);
      expect(table.every((o) => Number.isInteger(o.weight) && o.weight >= 0)).toBe(true);
      expect(table.reduce((a, o) => a + o.weight, 0)).toBe(MERLIN.totalWeight);
      for (const o of table) {
        if (o.kind === "cash") expect(o.times >= 15 && o.times <= 300).toBe(true);
        if (o.kind === "freeSpins") expect(o.spins >= 15 && o.spins <= 60).toBe(true);
      }
    }
  });

  it("the jackpot's chance grows with the total bet; Merlin's value in bets does not", () => {
    const one = merlinMeans(1);
    for (const bet of everyBet) {
      const coins = betCoins(bet);
      const m = merlinMeans(coins);
      expect(m.jackpot).toBeCloseTo(one.jackpot * coins, 15);
      expect(m.cash + m.jackpotAtSeed).toBeCloseTo(one.cash + one.jackpotAtSeed, 13);
      expect(m.spins).toBe(one.spins);
    }
    // The pool at seed is 2,000 coins whatever the bet: 13.3x the bet at 150 coins, 2,000x at 1.
    expect(merlinMeans(150).jackpotAtSeed / merlinMeans(150).jackpot).toBeCloseTo(PROGRESSIVE.seedCoins / 150, 12);
  });

  it("refuses a total bet that is not a positive whole number of coins", () => {
    for (const coins of [0, -1, 1.5, Number.NaN]) expect(() => merlinTable(coins)).toThrow(/positive integer/);
  });

  it("the symbols are the ones the strips use", () => {
    expect(SYMBOLS.map((s) => s.id)).toEqual(SYMBOL_IDS);
    expect(() => stripIndices(["BOOK NOPE"])).toThrow(/unknown symbol NOPE/);
  });
});
