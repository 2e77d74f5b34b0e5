import { describe, expect, it } from "vitest";
import { PAR_SCHEMA, rtpBands, VOLATILITY_Z } from "./par.js";
import {
  assemblePar,
  betGrid,
  exceedance,
  headlineFigures,
  lengthRows,
  lineCombinations,
  modeVariant,
  oneIn,
  type ParPoint,
  parFeature,
  parVariants,
  placementTable,
  RareAwards,
  reelSetTable,
  roundHeadline,
  scatterCombinations,
  unboundedMaxWin,
  variantAt,
  winBuckets,
} from "./par-assembler.js";

const breakdown = (x: number) => ({ baseLines: x, baseScatter: 0 });

describe("betGrid", () => {
  it("crosses the options, keys in the options' order, the first of `order` slowest", () => {
    expect(betGrid({ lines: [1, 2], coins: [1, 5] })).toEqual([
      { lines: 1, coins: 1 },
      { lines: 1, coins: 5 },
      { lines: 2, coins: 1 },
      { lines: 2, coins: 5 },
    ]);
    const byCoins = betGrid({ lines: [1, 2], coins: [1, 5] }, ["coins", "lines"]);
    expect(byCoins.map((b) => [b.lines, b.coins])).toEqual([
      [1, 1],
      [2, 1],
      [1, 5],
      [2, 5],
    ]);
    expect(Object.keys(byCoins[0] ?? {})).toEqual(["lines", "coins"]);
  });

  it("refuses an order that does not name every option once", () => {
    expect(() => betGrid({ lines: [1], coins: [1] }, ["coins"])).toThrow(/each of/);
  });
});

describe("parVariants", () => {
  it("builds the cross product bet x mode x policy x level x placement, in that nesting", () => {
    const seen: ParPoint<{ stake: number }, { level: string }>[] = [];
    const variants = parVariants(
      {
        bets: [{ stake: 40 }, { stake: 80 }],
        modes: ["base", "buy"],
        policies: ["any"],
        levels: [{ level: "96" }, { level: "94" }],
        placements: (_bet, mode) => (mode === "buy" ? ["reel2", "reel3"] : []),
      },
      (point) => {
        seen.push(point);
        return { rtp: 0.9, breakdown: breakdown(0.9) };
      },
    );
    // base has no placements, so only buy's 2 placements x 2 levels x 2 bets.
    expect(variants).toHaveLength(8);
    expect(variants.map((v) => [v.bet?.stake, v.mode, v.config?.level, v.placement])).toEqual([
      [40, "buy", "96", "reel2"],
      [40, "buy", "96", "reel3"],
      [40, "buy", "94", "reel2"],
      [40, "buy", "94", "reel3"],
      [80, "buy", "96", "reel2"],
      [80, "buy", "96", "reel3"],
      [80, "buy", "94", "reel2"],
      [80, "buy", "94", "reel3"],
    ]);
    expect(seen).toHaveLength(8);
  });

  it("defaults: mode 'base', policy 'any', config null, no placement field, no figures unless given", () => {
    const [v] = parVariants({ bets: [{ lines: 1 }] }, () => ({ rtp: 0.5, breakdown: breakdown(0.5) }));
    expect(v).toEqual({ bet: { lines: 1 }, mode: "base", policy: "any", config: null, rtp: 0.5, breakdown: breakdown(0.5) });
    expect(Object.keys(v ?? {})).toEqual(["bet", "mode", "policy", "config", "rtp", "breakdown"]);
  });

  it("modes and policies may depend on the bet; a null part leaves the point out", () => {
    const variants = parVariants(
      {
        bets: betGrid({ lines: [1, 25], coins: [1, 10] }),
        modes: (bet) => [bet.lines === 25 && bet.coins === 10 ? "maxBet" : "belowMaxBet"],
        policies: (_bet, mode) => (mode === "maxBet" ? ["keep", "collect"] : ["any"]),
      },
      ({ bet, policy }) =>
        bet.lines === 1 && bet.coins === 10 ? null : { rtp: policy === "keep" ? 0.95 : 0.94, breakdown: breakdown(0) },
    );
    expect(variants.map((v) => `${v.bet?.lines}x${v.bet?.coins} ${v.mode} ${v.policy}`)).toEqual([
      "1x1 belowMaxBet any",
      "25x1 belowMaxBet any",
      "25x10 maxBet keep",
      "25x10 maxBet collect",
    ]);
  });

  it("finds the variant at a bet by the variant's own fields", () => {
    const variants = parVariants({ bets: betGrid({ lines: [1, 15], coins: [1, 2] }) }, ({ bet }) => ({
      rtp: bet.lines + bet.coins / 10,
      breakdown: breakdown(0),
    }));
    expect(variantAt(variants, { coinValue: 10, lines: 15, coins: 2 }).rtp).toBe(15.2);
    expect(() => variantAt(variants, { lines: 3, coins: 1 })).toThrow(/no variant/);
  });
});

describe("headline figures of a law", () => {
  // Units of 1/4 bet: P(0) = 0.5, P(1 bet) = 0.3, P(2 bets) = 0.15, P(25 bets) = 0.05.
  const law = new Float64Array(101);
  law[0] = 0.5;
  law[4] = 0.3;
  law[8] = 0.15;
  law[100] = 0.05;

  it("hit, mean, stdev, volatility index = VOLATILITY_Z x stdev, max win and its probability", () => {
    const h = headlineFigures(law, 4);
    const mean = 0.3 + 0.3 + 1.25;
    const variance = 0.3 + 0.6 + 0.05 * 625 - mean * mean;
    expect(h.hit).toBeCloseTo(0.5, 15);
    expect(h.mean).toBeCloseTo(mean, 14);
    expect(h.stdev).toBeCloseTo(Math.sqrt(variance), 13);
    expect(h.volatilityIndex).toBe(VOLATILITY_Z * h.stdev);
    expect(h.maxWin).toEqual({ x: 25, probability: 0.05, log10Probability: Math.log10(0.05) });
  });

  it("weights (stop weights multiplied out) give the same figures over their total", () => {
    const weights = Array.from(law, (p) => Math.round(p * 200));
    const h = headlineFigures(weights, 4, 200);
    expect(h.hit).toBeCloseTo(0.5, 15);
    expect(h.maxWin.x).toBe(25);
    expect(h.maxWin.probability).toBeCloseTo(0.05, 15);
    expect(h.stdev).toBeCloseTo(headlineFigures(law, 4).stdev, 12);
  });

  it("exceedance and buckets from the law; a tail bound replaces what the rounding hides", () => {
    const e = exceedance(law, 4, [1, 2, 25, 26]);
    expect(e.map((x) => x.x)).toEqual([1, 2, 25, 26]);
    expect(e.map((x) => x.probability)).toEqual([expect.closeTo(0.5, 15), expect.closeTo(0.2, 15), 0.05, 0]);
    // 0.625 x bet is 2.5 units: the first whole unit counted is 3.
    expect(exceedance(law, 4, [0.625])[0]?.probability).toBeCloseTo(0.5, 15);
    const bounded = exceedance(law, 4, [25], { bound: () => 0.06, resolution: () => 0.001 });
    expect(bounded).toEqual([{ x: 25, probability: 0.06, upperBound: true }]);
    const buckets = winBuckets(law, 4);
    expect(buckets[0]).toEqual({ from: 0, to: 0, probability: 0.5 });
    expect(buckets.reduce((a, b) => a + b.probability, 0)).toBeCloseTo(1, 15);
  });
});

describe("round headline and bands", () => {
  it("labels the round hit first, volatility = 1.645 x stdev, 99% bands around the RTP", () => {
    const r = roundHeadline(0.96, {
      hit: 0.4,
      stdev: 6,
      hitFrequencies: [{ id: "paidSpinPays", name: "x", per: "paidSpin", probability: 0.3 }],
      maxWin: unboundedMaxWin("no limit"),
    });
    expect(r.hitFrequency).toBe(0.4);
    expect(r.hitFrequencies.map((h) => h.id)).toEqual(["round", "paidSpinPays"]);
    expect(r.volatilityIndex).toBeCloseTo(1.645 * 6, 15);
    expect(r.bands).toEqual(rtpBands(0.96, 6));
    expect(r.bands[0]?.halfWidth).toBeCloseTo((2.576 * 6) / 100, 15);
    expect(r.maxWin).toEqual({ x: null, probability: 0, log10Probability: Number.NEGATIVE_INFINITY, description: "no limit" });
  });
});

describe("reel-set tables", () => {
  it("counts each symbol's stops per reel, in the symbols' order", () => {
    const set = reelSetTable(
      "base",
      [
        ["A", "B", "A"],
        ["B", "W"],
      ],
      ["W", "A", "B"],
    );
    expect(set).toEqual({
      id: "base",
      strips: [
        ["A", "B", "A"],
        ["B", "W"],
      ],
      symbolCounts: { W: [0, 1], A: [2, 0], B: [1, 1] },
    });
    expect("stopWeights" in set).toBe(false);
  });

  it("lists stop weights when the stops are weighted, checked against the strips", () => {
    const strips = [
      ["A", "B", "A"],
      ["B", "W"],
    ];
    const set = reelSetTable(
      "buy",
      strips,
      ["W", "A", "B"],
      [
        [5, 1, 2],
        [3, 7],
      ],
    );
    expect(set.stopWeights).toEqual([
      [5, 1, 2],
      [3, 7],
    ]);
    expect(() => reelSetTable("x", strips, ["W", "A", "B"], [[5, 1, 2]])).toThrow(/2 reels/);
    expect(() =>
      reelSetTable(
        "x",
        strips,
        ["W", "A", "B"],
        [
          [5, 1],
          [3, 7],
        ],
      ),
    ).toThrow(/reel 1 has 2 weights/);
    expect(() =>
      reelSetTable(
        "x",
        strips,
        ["W", "A", "B"],
        [
          [5, 1, 0.5],
          [3, 7],
        ],
      ),
    ).toThrow(/weights/);
    expect(() => reelSetTable("x", [["Q"]], ["W"])).toThrow(/'Q'/);
  });
});

describe("bought modes and placements", () => {
  it("a mode's RTP is its return over its price; its figures are per price, its max win x total bet", () => {
    const law = new Float64Array(9);
    law[0] = 0.25;
    law[4] = 0.5;
    law[8] = 0.25; // units of 1/4 bet: wins 0, 1, 2 bets.
    const h = headlineFigures(law, 4);
    const v = modeVariant(50, { baseLines: 40, baseScatter: 8 }, h, { guarantee: 1 });
    expect(v.rtp).toBeCloseTo(48 / 50, 15);
    expect(v.breakdown).toEqual({ baseLines: 0.8, baseScatter: 0.16 });
    expect(v.figures).toEqual({
      price: 50,
      hitFrequency: 0.75,
      stdev: h.stdev / 50,
      volatilityIndex: (VOLATILITY_Z * h.stdev) / 50,
      maxWinX: 2,
      maxWinProbability: 0.25,
      guarantee: 1,
    });
  });

  it("a placement table: every mode's placements with weight, share, conditional RTP and contributions summing to the mode's RTP", () => {
    const t = placementTable(
      [
        {
          mode: "oneWild",
          placements: [
            { id: "reel 2", weight: 1, rtp: 0.9, accepted: 0.3 },
            { id: "reel 3", weight: 2, rtp: 0.99, accepted: 0.4 },
            { id: "reel 4", weight: 1, rtp: 0.95, accepted: 0.5 },
          ],
        },
        { mode: "twoWilds", placements: [{ id: "reels 2+3", weight: 7, rtp: 0.96, accepted: 0.6 }] },
      ],
      [["Accepted", (p) => p.accepted]],
    );
    expect(t.id).toBe("placements");
    expect(t.columns).toEqual([
      "Mode",
      "Placement",
      "Weight",
      "Share",
      "RTP given the placement",
      "Contribution to the mode's RTP",
      "Accepted",
    ]);
    expect(t.rows[1]).toEqual(["oneWild", "reel 3", 2, 0.5, 0.99, 0.495, 0.4]);
    expect(t.rows[3]).toEqual(["twoWilds", "reels 2+3", 7, 1, 0.96, 0.96, 0.6]);
    const oneWild = t.rows.filter((r) => r[0] === "oneWild").reduce((a, r) => a + (r[5] as number), 0);
    expect(oneWild).toBeCloseTo(0.25 * 0.9 + 0.495 + 0.25 * 0.95, 15);
  });
});

describe("combinations, features, series lengths, rare awards", () => {
  const lines = [
    {
      combinations: [
        { symbol: 0, count: 3, pay: 5, probability: 0.02 },
        { symbol: 1, count: 5, pay: 100, probability: 0.001 },
      ],
    },
    { combinations: [{ symbol: 0, count: 3, pay: 5, probability: 0.04 }] },
  ];

  it("line combinations average the lines, merged by symbol and count, highest pay first", () => {
    const c = lineCombinations(lines, ["A", "B"]);
    expect(c.map((x) => [x.symbol, x.count, x.probability])).toEqual([
      ["B", 5, 0.0005],
      ["A", 3, 0.03],
    ]);
    expect(c[1]?.rtp).toBeCloseTo(0.15, 15);
    expect(lineCombinations(lines, ["A", "B"], { merge: false, order: "as given" })).toHaveLength(3);
  });

  it("scatter combinations for every paying count; features with their 1 in N", () => {
    expect(scatterCombinations([0.5, 0.3, 0.15, 0.05], [0, 0, 2, 10], "S").map((c) => [c.count, c.rtp])).toEqual([
      [2, 0.3],
      [3, 0.5],
    ]);
    expect(parFeature("fs", "Free spins", "paidSpin", 0.01, "n")).toEqual({
      id: "fs",
      name: "Free spins",
      per: "paidSpin",
      probability: 0.01,
      oneIn: 100,
      note: "n",
    });
    expect(oneIn(0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("series lengths listed down to 1e-30, given a trigger; rare awards below 1 in 10^8", () => {
    const rows = lengthRows([0.5, 0.3, 0.2, 1e-40], 1e-35, 0.5, 1);
    expect(rows.lengthDistribution).toEqual([
      { spins: 1, probability: 0.6 },
      { spins: 2, probability: 0.4 },
    ]);
    expect(rows.truncatedMass).toBeCloseTo(2e-35 + 2e-40, 50);
    const rare = new RareAwards();
    rare.add("common", "round", 1e-3);
    rare.add("rare", "round", 1e-9);
    rare.add("beyond a double", "round", 0, -400);
    expect(rare.list.map((r) => r.award)).toEqual(["rare", "beyond a double"]);
  });
});

describe("assemblePar", () => {
  // A 40 Mystic Gem-like sheet: fixed stakes x a base mode and bought modes with a price, placements per mode.
  const stakes = [40, 80, 5000];
  const modes: Record<string, { price: number; placements: { id: string; weight: number; rtp: number }[] }> = {
    base: { price: 1, placements: [] },
    oneWild: {
      price: 4.5,
      placements: [
        { id: "reel 2", weight: 1, rtp: 0.95 },
        { id: "reel 3", weight: 1, rtp: 0.97 },
      ],
    },
  };
  const law = new Float64Array(41);
  law[0] = 0.6;
  law[4] = 0.3;
  law[40] = 0.1;
  const sheet = (fullCycle?: boolean) =>
    assemblePar(
      {
        game: "mystic",
        version: "1.0.0",
        model: { strips: [["A"]] },
        defaultBet: { stake: 80 },
        axes: { bets: stakes.map((stake) => ({ stake })), modes: Object.keys(modes) },
        variant: ({ mode }) => {
          const m = modes[mode];
          if (!m) return null;
          return modeVariant(m.price, { baseLines: 0.96 * m.price, baseScatter: 0 }, headlineFigures(law, 4));
        },
        round: { hit: 0.4, stdev: 2, maxWin: { x: 10, probability: 0.1, log10Probability: -1, description: "10 x bet" } },
        features: [parFeature("buy", "Bought", "round", 0.5)],
        reels: [reelSetTable("oneWild", [["A", "W"]], ["W", "A"], [[3, 1]])],
        tables: [placementTable(Object.entries(modes).map(([mode, m]) => ({ mode, placements: m.placements })))],
        figures: { stakes: stakes.length },
        fullCycle: (report) => ({ figures: { ...report.figures, cycle: 1 } }),
      },
      fullCycle === undefined ? {} : { fullCycle },
    );

  it("a variant per stake x mode with the mode's figures; the headline at the default bet's first mode", () => {
    const r = sheet(false);
    expect(r.schema).toBe(PAR_SCHEMA);
    expect(r.mathsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.variants).toHaveLength(stakes.length * 2);
    expect(r.variants.map((v) => `${v.bet?.stake}:${v.mode}`)).toEqual([
      "40:base",
      "40:oneWild",
      "80:base",
      "80:oneWild",
      "5000:base",
      "5000:oneWild",
    ]);
    const buy = r.variants[1];
    expect(buy?.rtp).toBeCloseTo(0.96, 15);
    expect(buy?.figures?.price).toBe(4.5);
    expect(Object.keys(buy?.figures ?? {})).toEqual([
      "price",
      "hitFrequency",
      "stdev",
      "volatilityIndex",
      "maxWinX",
      "maxWinProbability",
    ]);
    expect(buy?.figures?.maxWinX).toBe(10);
    expect(r.rtp).toBeCloseTo(0.96, 15);
    expect(r.defaultBet).toEqual({ stake: 80 });
  });

  it("headline figures, bands, max win and tables as given; the full cycle merged unless skipped", () => {
    const r = sheet();
    expect(r.hitFrequency).toBe(0.4);
    expect(r.volatilityIndex).toBeCloseTo(1.645 * 2, 15);
    expect(r.bands).toEqual(rtpBands(r.rtp, 2));
    expect(r.maxWin.x).toBe(10);
    expect(r.reels[0]?.stopWeights).toEqual([[3, 1]]);
    expect(r.tables.map((t) => t.id)).toEqual(["placements"]);
    expect(r.tables[0]?.rows.map((row) => row[1])).toEqual(["reel 2", "reel 3"]);
    expect(r.figures).toEqual({ stakes: 3, cycle: 1 });
    expect(sheet(false).figures).toEqual({ stakes: 3 });
  });

  it("without round figures: NaN headline, no bands, the maximum win as given or not computed", () => {
    const r = assemblePar({
      game: "g",
      version: "1",
      model: {},
      defaultBet: { lines: 1 },
      axes: { bets: [{ lines: 1 }] },
      variant: () => ({ rtp: 0.9, breakdown: breakdown(0.9) }),
      headline: { rtp: 0.91, breakdown: breakdown(0.91) },
      rtpLongRun: 0.92,
    });
    expect(r.rtp).toBe(0.91);
    expect(r.rtpLongRun).toBe(0.92);
    expect(Number.isNaN(r.stdev)).toBe(true);
    expect(r.bands).toEqual([]);
    expect(r.maxWin.description).toBe("not computed");
    expect(Object.keys(r).indexOf("rtpLongRun")).toBe(Object.keys(r).indexOf("rtp") + 1);
    expect("freeSpins" in r).toBe(false);
  });
});
