import type { ParReport } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import {
  bucketLabel,
  cell,
  escapeHtml,
  odds,
  oddsLog10,
  percent,
  renderParHtml,
  renderParMarkdown,
  sections,
  winDistributionSvg,
} from "./par-render.js";

const BUCKETS = [
  { from: 0, to: 0, probability: 0.62 },
  { from: 0, to: 1, probability: 0.16 },
  { from: 1, to: 2, probability: 0.2 },
  { from: 2, to: 5, probability: 0.0199 },
  { from: 5, to: 10, probability: 1e-7 },
  { from: 10, to: null, probability: 0 },
];

/** A small hand-made report: the renderer must show every figure of it. */
const PAR: ParReport = {
  schema: "reelhouse.par/2",
  game: "test-game",
  version: "9.9.9",
  mathsHash: "ab".repeat(32),
  defaultBet: { lines: 15, coinsPerLine: 1 },
  rtp: 0.9656,
  breakdown: { baseLines: 0.6, baseScatter: 0.16, freeSpins: 0.1356, bonus: 0.07 },
  hitFrequency: 0.38,
  hitFrequencies: [
    { id: "round", name: "a paid round whose total win > 0", per: "round", probability: 0.38 },
    { id: "paidSpinPays", name: "the paid spin pays", per: "paidSpin", probability: 0.37 },
  ],
  stdev: 5.9,
  volatilityIndex: 9.7055,
  maxWin: { x: 150965, probability: 0, log10Probability: -736.364, description: "every spin at its best" },
  variants: [
    {
      bet: { lines: 1, coinsPerLine: 5 },
      mode: "base",
      policy: "any",
      config: null,
      rtp: 0.9656,
      breakdown: { baseLines: 0.6, baseScatter: 0.16, freeSpins: 0.1356, bonus: 0.07 },
    },
  ],
  features: [
    { id: "freeSpins", name: "Free spins", per: "paidSpin", probability: 0.00617, oneIn: 162.1 },
    { id: "bonus", name: "Treasure <bonus>", per: "round", probability: 0.0089, oneIn: 112.4, note: "3+ on a line" },
  ],
  combinations: [
    { kind: "line", symbol: "NEPTUNE", count: 5, pay: 7500, per: "line", probability: 1.65e-6, rtp: 0.0124 },
    { kind: "scatter", symbol: "MERMAID", count: 3, pay: 4, per: "paidSpin", probability: 0.0058, rtp: 0.0232 },
  ],
  winDistribution: BUCKETS,
  distributions: [
    {
      id: "round",
      name: "Whole paid round",
      per: "round",
      buckets: BUCKETS,
      hit: 0.38,
      mean: 0.9656,
      stdev: 5.9,
      exceedance: [{ x: 100, probability: 5e-4 }],
      truncatedMass: 1e-30,
      method: "FFT",
    },
    {
      id: "paidSpin",
      name: "Paid spin alone",
      per: "paidSpin",
      buckets: BUCKETS,
      hit: 0.37,
      mean: 0.76,
      stdev: 4.38,
      exceedance: [],
      truncatedMass: 0,
      method: "full cycle",
    },
  ],
  bands: [{ rounds: 1e6, halfWidth: 0.0152, low: 0.9504, high: 0.9808 }],
  rareAwards: [{ award: "5 picks of 100", per: "paidSpin", probability: 1.46e-12, log10Probability: Math.log10(1.46e-12) }],
  freeSpins: {
    award: 10,
    retriggerAward: 10,
    cap: 100,
    triggerProbability: 0.00617,
    retriggerProbability: 0.00617,
    expectedSpins: 10.657,
    expectedWin: 21.69,
    stdevWin: 41.6,
    seriesRetriggerProbability: 0.06,
    capReachedProbability: 1.6e-9,
    lengthDistribution: [
      { spins: 10, probability: 0.94 },
      { spins: 20, probability: 0.055 },
    ],
    truncatedMass: 0,
  },
  reels: [{ id: "base", strips: [["A", "B"], ["B"]], symbolCounts: { A: [1, 0], B: [1, 1] } }],
  tables: [{ id: "prizes", title: "Pick prizes", note: "coins", columns: ["Prize", "Probability"], rows: [[20, 0.186]] }],
  definitions: { hitFrequency: "P(a paid round's total win > 0)" },
  figures: { fullCycle: 43512000 },
  notes: ["Exact by enumeration & convolution."],
};

describe("formatting", () => {
  it("percentages, odds, log odds, cells and bucket labels", () => {
    expect(percent(0.9656)).toBe("96.5600%");
    expect(odds(0.25)).toBe("0.250000 (1 in 4.00)");
    expect(odds(0)).toBe("0");
    expect(odds(1e-8)).toBe("1.00000e-8 (1 in 1.000e+8)");
    expect(oddsLog10(-736.364, 0)).toBe("10^-736.36 (1 in 10^736.36)");
    expect(oddsLog10(Number.NEGATIVE_INFINITY, 0)).toBe("0");
    expect(cell(43512000)).toBe("43512000");
    expect(cell(0.123456789)).toBe("0.123457");
    expect(cell(Number.NaN)).toBe("-");
    expect(PAR.winDistribution.map(bucketLabel)).toEqual(["0", "(0,1)", "[1,2)", "[2,5)", "[5,10)", "10+"]);
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});

describe("renderParMarkdown", () => {
  const md = renderParMarkdown(PAR);

  it("states the headline figures, each labelled", () => {
    expect(md).toContain("# PAR sheet: test-game (maths 9.9.9)");
    expect(md).toContain("Schema `reelhouse.par/2`.");
    expect(md).toContain("| RTP (exact) | 96.5600% |");
    expect(md).toContain(`| Maths SHA-256 | ${"ab".repeat(32)} |`);
    expect(md).toContain("| Standard deviation of a round | 5.90000 x bet |");
    expect(md).toContain("| Volatility index (1.645 x stdev) | 9.70550 x bet |");
    expect(md).toContain("| Maximum win | 150965 x bet |");
    expect(md).toContain("| Maximum win probability (per paid round) | 10^-736.36 (1 in 10^736.36) |");
    expect(md).toContain("| Free spins | 13.5600% | 14.04% |");
  });

  it("says per what every probability counts", () => {
    expect(md).toContain("| round | a paid round whose total win > 0 | per paid round | 0.380000 (1 in 2.63) |");
    expect(md).toContain("| Treasure <bonus> | per paid round | 0.00890000 (1 in 112.4) | 3+ on a line |");
    expect(md).toContain("| line | NEPTUNE | 5 | 7500 | per line | 1.65000e-6 (1 in 606060.6) | 1.2400% |");
    expect(md).toContain("| 5 picks of 100 | per paid spin | 1.46000e-12 (1 in 6.849e+11) |");
  });

  it("shows every distribution, band, variant, series, table, reel and definition", () => {
    expect(md).toContain("## Win distribution: Whole paid round (x total bet, per paid round)");
    expect(md).toContain("## Win distribution: Paid spin alone (x total bet, per paid spin)");
    expect(md).toContain("| [5,10) | 1.00000e-7 (1 in 1.000e+7) |");
    expect(md).toContain("P(win >= x bet): 100x 0.000500000 (1 in 2000.0).");
    expect(md).toContain("| 1,000,000 | 1.5200% | 95.0400% | 98.0800% |");
    expect(md).toContain("| lines 1, coinsPerLine 5 | base | any | - | 96.5600% | 60.0000% | 16.0000% | 13.5600% | 7.0000% |");
    expect(md).toContain("| Cap on spins per series | 100 |");
    expect(md).toContain("| 20 | 0.0550000 (1 in 18.18) |");
    expect(md).toContain("## Pick prizes");
    expect(md).toContain("| 20 | 0.186000 |");
    expect(md).toContain("| A | 1 | 0 |");
    expect(md).toContain("| 1 | B |  |");
    expect(md).toContain("| hitFrequency | P(a paid round's total win > 0) |");
    expect(md).toContain("- Exact by enumeration & convolution.");
  });

  it("leaves out what a sheet without the full cycle lacks", () => {
    const lean = renderParMarkdown({ ...PAR, hitFrequency: Number.NaN, distributions: [], bands: [] });
    expect(lean).not.toContain("## Win distribution");
    expect(lean).toContain("| Hit frequency (paid round wins > 0) | - |");
    expect(sections(PAR).filter((s) => s.chart === "winDistribution")).toHaveLength(1);
  });

  it("adds the long-run RTP of a progressive game, and an unbounded maximum has no probability", () => {
    const progressive = renderParMarkdown({
      ...PAR,
      rtpLongRun: 0.951,
      maxWin: { x: null, probability: 0, log10Probability: Number.NEGATIVE_INFINITY, description: "free spins without limit" },
    });
    expect(progressive).toContain("| RTP long run (with the progressive's contributions) | 95.1000% |");
    expect(progressive).toContain("| Maximum win | unbounded |");
    expect(progressive).toContain("| Maximum win probability (per paid round) | - |");
    expect(progressive).toContain("Maximum win: free spins without limit.");
    expect(md).not.toContain("RTP long run");
  });
});

describe("renderParHtml", () => {
  const html = renderParHtml(PAR);

  it("is one self-contained page with escaped text and no scripts", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=/i);
    expect(html).toContain("<td>Treasure &lt;bonus&gt;</td>");
    expect(html).not.toContain("Treasure <bonus>");
    expect(html).toContain("Exact by enumeration &amp; convolution.");
    expect(html).toContain("<td>96.5600%</td>");
    expect(html).toContain("<td>10^-736.36 (1 in 10^736.36)</td>");
  });

  it("embeds the SVG chart of the round distribution once, before its table", () => {
    expect(html.match(/<svg /g)).toHaveLength(1);
    expect(html.indexOf("<svg")).toBeLessThan(html.indexOf("<td>[5,10)</td>"));
  });
});

describe("winDistributionSvg", () => {
  const svg = winDistributionSvg(PAR.winDistribution);
  const bars = [...svg.matchAll(/<rect class="bar" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map((m) => ({
    y: Number(m[1]),
    height: Number(m[2]),
  }));

  it("draws one bar per non-zero bucket and labels every bucket", () => {
    expect(bars).toHaveLength(5);
    for (const label of ["0", "(0,1)", "[1,2)", "[2,5)", "[5,10)", "10+"]) expect(svg).toContain(`>${label}</text>`);
  });

  it("bar heights follow log10 of the probability down to the smallest decade", () => {
    // Decades 1e-0 … 1e-7 span the plot; each bar's height is proportional to 7 + log10(p).
    const unit = (bars[0]?.height ?? 0) / (7 + Math.log10(0.62));
    PAR.winDistribution.slice(0, 5).forEach((w, i) => {
      expect(bars[i]?.height).toBeCloseTo(unit * (7 + Math.log10(w.probability)), 0);
    });
    expect(bars[4]?.height).toBeCloseTo(0, 0);
    expect(svg).toContain(">1e-7</text>");
    expect(svg).not.toContain(">1e-8</text>");
  });
});
