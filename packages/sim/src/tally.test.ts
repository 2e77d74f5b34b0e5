import type { StateBase } from "@reelhouse/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarise } from "./report.js";
import { ExactSum, mergeTallies, Tally, WIN_BUCKET_LABELS } from "./tally.js";

/** A finished round's state, as the tally sees it (plain data). */
function round(totalBet: number, winBy: Record<string, number>, triggered: Record<string, number> = {}): StateBase {
  const totalWin = Object.values(winBy).reduce((a, b) => a + b, 0);
  return { totalBet, totalWin, winBy, triggered };
}

describe("ExactSum", () => {
  it("stays exact past 2^53", () => {
    const sum = new ExactSum();
    const big = 2 ** 53 - 1;
    for (let i = 0; i < 5; i++) sum.add(big);
    sum.add(1);
    expect(sum.value).toBe(5n * BigInt(big) + 1n);
  });

  it("equals the BigInt sum of any safe non-negative integers", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { maxLength: 50 }), (xs) => {
        const sum = new ExactSum();
        for (const x of xs) sum.add(x);
        expect(sum.value).toBe(xs.reduce((a, x) => a + BigInt(x), 0n));
      }),
    );
  });
});

describe("Tally", () => {
  it("puts wins in buckets by exact multiples of the bet, edges included in the upper bucket", () => {
    const t = new Tally();
    const bet = 150;
    const wins = [0, 1, 149, 150, 299, 300, 750, 1499, 1500, 3000, 7500, 15000, 37500, 75000, 149999, 150000, 10 ** 9];
    for (const w of wins) t.add(round(bet, { baseLines: w }));
    const byLabel = Object.fromEntries(WIN_BUCKET_LABELS.map((label, i) => [label, t.buckets[i]]));
    expect(byLabel).toEqual({
      "0": 1,
      "(0,1)": 2,
      "[1,2)": 2,
      "[2,5)": 1,
      "[5,10)": 2,
      "[10,20)": 1,
      "[20,50)": 1,
      "[50,100)": 1,
      "[100,250)": 1,
      "[250,500)": 1,
      "[500,1000)": 2,
      "1000+": 2,
    });
  });

  it("sums wins by source and counts rounds and triggers per feature", () => {
    const t = new Tally();
    t.add(round(100, { baseLines: 50, bonus: 0 }, { freeSpins: 0 }));
    t.add(round(100, { baseLines: 20, freeSpins: 900 }, { freeSpins: 1, freeSpinsRetrigger: 2 }));
    t.add(round(100, { bonus: 300 }, { bonus: 1 }));
    t.add(round(100, {}, {}));
    const d = t.data();
    expect(d.rounds).toBe(4);
    expect(d.winningRounds).toBe(3);
    expect(d.betTotal).toBe(400n);
    expect(d.winTotal).toBe(1270n);
    expect(d.winBy).toEqual({ baseLines: 70n, freeSpins: 900n, bonus: 300n });
    expect(d.triggered).toEqual({
      freeSpins: { rounds: 1, triggers: 1 },
      freeSpinsRetrigger: { rounds: 1, triggers: 2 },
      bonus: { rounds: 1, triggers: 1 },
    });
    expect(d.maxWin).toBe(920);
    expect(d.sumSquares).toBeCloseTo(0.5 ** 2 + 9.2 ** 2 + 3 ** 2, 12);
  });

  it("the max win is the largest multiple of the bet, not the largest amount", () => {
    const t = new Tally();
    t.add(round(1000, { baseLines: 5000 }));
    t.add(round(10, { baseLines: 100 }));
    expect(t.data().maxWin / t.data().maxWinBet).toBe(10);
  });

  it("merging shards gives the counts of one tally over all rounds", () => {
    const roundArb = fc.record({
      win: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10 ** 7 })),
      source: fc.constantFrom("baseLines", "baseScatter", "freeSpins", "bonus"),
      trigger: fc.constantFrom("", "freeSpins", "bonus"),
    });
    fc.assert(
      fc.property(fc.array(roundArb, { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (rounds, shards) => {
        const whole = new Tally();
        const parts = Array.from({ length: shards }, () => new Tally());
        rounds.forEach((r, i) => {
          const state = round(150, { [r.source]: r.win }, r.trigger ? { [r.trigger]: 1 } : {});
          whole.add(state);
          parts[i % shards]?.add(state);
        });
        const merged = mergeTallies(parts.map((p) => p.data()));
        const single = mergeTallies([whole.data()]);
        expect({ ...merged, sumSquares: 0 }).toEqual({ ...single, sumSquares: 0 });
        // Float sums differ only by rounding, which depends on the order of addition.
        expect(Math.abs(merged.sumSquares - single.sumSquares)).toBeLessThanOrEqual(1e-12 * Math.max(1, single.sumSquares));
      }),
    );
  });
});

describe("summarise", () => {
  it("computes RTP, sample stdev, the 99% band and frequencies", () => {
    const t = new Tally();
    for (const w of [0, 0, 300, 0]) t.add(round(100, { baseLines: w }, w > 0 ? { bonus: 1 } : {}));
    const s = summarise(t.data());
    expect(s.rtp).toBe(0.75);
    // Ratios 0, 0, 3, 0: sample variance (3·0.75² + 2.25²) / 3 = 2.25.
    expect(s.stdev).toBeCloseTo(1.5, 12);
    expect(s.ci99[0]).toBeCloseTo(0.75 - (2.576 * 1.5) / 2, 12);
    expect(s.ci99[1]).toBeCloseTo(0.75 + (2.576 * 1.5) / 2, 12);
    expect(s.hitFrequency).toBe(0.25);
    expect(s.features.bonus).toEqual({ probability: 0.25, oneIn: 4, triggersPerRound: 0.25 });
    expect(s.breakdown).toEqual({ baseLines: 0.75, baseScatter: 0, freeSpins: 0, bonus: 0 });
    expect(s.unattributed).toBe(0);
    expect(s.maxWin).toBe(3);
    expect(s.winDistribution.find((w) => w.bucket === "[2,5)")).toEqual({
      bucket: "[2,5)",
      from: 2,
      to: 5,
      count: 1,
      probability: 0.25,
    });
    expect(s.winDistribution[0]).toMatchObject({ bucket: "0", from: 0, to: 0, count: 3 });
    expect(s.winDistribution.at(-1)).toMatchObject({ bucket: "1000+", from: 1000, to: null });
    expect(s.winDistribution.reduce((a, w) => a + w.count, 0)).toBe(4);
  });

  it("reports win that no source claims as unattributed", () => {
    const t = new Tally();
    t.add({ totalBet: 100, totalWin: 200, winBy: { baseLines: 150 }, triggered: {} });
    const s = summarise(t.data());
    expect(s.breakdown.baseLines).toBe(1.5);
    expect(s.unattributed).toBe(0.5);
  });

  it("divides exact totals beyond 2^53 without losing precision", () => {
    const data = new Tally().data();
    data.rounds = 3;
    data.betTotal = 3n * 10n ** 20n;
    data.winTotal = 10n ** 20n + 1n;
    expect(summarise(data).rtp).toBe(1 / 3);
    expect(summarise(data).betTotal).toBe("300000000000000000000");
  });
});

describe("signed sources, non-cash units and valued rounds", () => {
  it("ExactSum equals the BigInt sum of safe integers of either sign, past 2^53", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), { maxLength: 50 }),
        (xs) => {
          const sum = new ExactSum();
          for (const x of xs) sum.add(x);
          expect(sum.value).toBe(xs.reduce((a, x) => a + BigInt(x), 0n));
        },
      ),
    );
  });

  it("sums a gamble's negative net result exactly, also in rounds the gamble brought back to 0", () => {
    const t = new Tally();
    t.add({ totalBet: 100, totalWin: 0, winBy: { baseLines: 400, gamble: -400 }, triggered: { gamble: 1 } });
    t.add({ totalBet: 100, totalWin: 1600, winBy: { baseLines: 400, gamble: 1200 }, triggered: { gamble: 2 } });
    t.add({ totalBet: 100, totalWin: 50, winBy: { baseScatter: 50, baseLines: 300, gamble: -300 }, triggered: {} });
    const d = t.data();
    expect(d.winBy).toEqual({ baseLines: 1100n, gamble: 500n, baseScatter: 50n });
    expect(d.winTotal).toBe(1650n);
    expect(d.winningRounds).toBe(2);
    const s = summarise(d);
    expect(s.unattributed).toBe(0);
    expect(s.breakdown.gamble).toBe(500 / 300);
  });

  it("sums non-cash units won and staked per unit, and merges them across shards", () => {
    const a = new Tally();
    const b = new Tally();
    a.add({ totalBet: 20, totalWin: 0, winBy: {}, triggered: {}, winUnits: { bonus: 3 } });
    a.add({ totalBet: 20, totalWin: 100, winBy: { lines: 100 }, triggered: {}, stakeUnits: { bonus: 1 } });
    b.add({ totalBet: 20, totalWin: 0, winBy: {}, triggered: {}, stakeUnits: { bonus: 1, token: 2 }, winUnits: { token: 5 } });
    expect(a.data().unitsWon).toEqual({ bonus: 3n });
    expect(a.data().unitsStaked).toEqual({ bonus: 1n });
    const merged = mergeTallies([a.data(), b.data()]);
    expect(merged.unitsWon).toEqual({ bonus: 3n, token: 5n });
    expect(merged.unitsStaked).toEqual({ bonus: 2n, token: 2n });
    expect(Object.keys(merged.unitsStaked)).toEqual(["bonus", "token"]);
    // Cash-only games carry empty unit sums and no valued sums.
    expect(new Tally().data()).toMatchObject({ unitsWon: {}, unitsStaked: {} });
    expect(new Tally().data().ratio).toBeUndefined();
  });

  it("values each round as cash + units x value when unit values are given", () => {
    const t = new Tally({ unitValues: { bonus: 80 } });
    t.add({ totalBet: 20, totalWin: 0, winBy: {}, triggered: {}, winUnits: { bonus: 3 } });
    t.add({
      totalBet: 20,
      totalWin: 100,
      winBy: { lines: 100 },
      triggered: {},
      stakeUnits: { bonus: 1 },
      winUnits: { other: 9 },
    });
    const r = t.data().ratio;
    expect(r?.unitValues).toEqual({ bonus: 80 });
    // Round 1: win 240, bet 20; round 2: win 100 (other units have no value), bet 100.
    expect(r?.valued).toEqual({
      rounds: 2,
      winTotal: 340n,
      betTotal: 120n,
      ww: 240 ** 2 + 100 ** 2,
      bb: 20 ** 2 + 100 ** 2,
      wb: 240 * 20 + 100 * 100,
    });
    expect(r?.cash).toMatchObject({ rounds: 2, winTotal: 100n, betTotal: 40n });
    const merged = mergeTallies([t.data(), t.data()]);
    expect(merged.ratio?.valued.winTotal).toBe(680n);
    expect(merged.ratio?.valued.rounds).toBe(4);
  });
});
