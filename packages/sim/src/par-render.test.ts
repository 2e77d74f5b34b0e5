import type { ParReport } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { bucketLabel, escapeHtml, odds, percent, renderParHtml, renderParMarkdown, winDistributionSvg } from "./par-render.js";

/** A small hand-made report: the renderer must show every figure of it. */
const PAR: ParReport = {
  game: "test-game",
  version: "9.9.9",
  rtp: 0.9656,
  breakdown: { baseLines: 0.6, baseScatter: 0.16, freeSpins: 0.1356, bonus: 0.07 },
  hitFrequency: 0.38,
  features: [
    { id: "freeSpins", name: "Free spins", probability: 0.00617, oneIn: 162.1 },
    { id: "bonus", name: "Treasure <bonus>", probability: 0.0089, oneIn: 112.4, note: "3+ on a line" },
  ],
  combinations: [
    { kind: "line", symbol: "NEPTUNE", count: 5, pay: 7500, probability: 1.65e-6, rtp: 0.0124 },
    { kind: "scatter", symbol: "MERMAID", count: 3, pay: 4, probability: 0.0058, rtp: 0.0232 },
  ],
  winDistribution: [
    { from: 0, to: 0, probability: 0.62 },
    { from: 0, to: 1, probability: 0.16 },
    { from: 1, to: 2, probability: 0.2 },
    { from: 2, to: 5, probability: 0.0199 },
    { from: 5, to: 10, probability: 1e-7 },
    { from: 10, to: null, probability: 0 },
  ],
  rtpBy: { dimension: "lines", rows: [{ value: 1, rtp: 0.9656 }] },
  figures: { fullCycle: 43512000 },
  notes: ["Exact by enumeration & convolution."],
};

describe("formatting", () => {
  it("percentages, odds and bucket labels", () => {
    expect(percent(0.9656)).toBe("96.5600%");
    expect(odds(0.25)).toBe("0.250000 (1 in 4.00)");
    expect(odds(0)).toBe("0");
    expect(odds(1e-8)).toBe("1.00000e-8 (1 in 1.000e+8)");
    expect(PAR.winDistribution.map(bucketLabel)).toEqual(["0", "(0,1)", "[1,2)", "[2,5)", "[5,10)", "10+"]);
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});

describe("renderParMarkdown", () => {
  it("states the RTP, every breakdown part, feature, combination and bucket", () => {
    const md = renderParMarkdown(PAR);
    expect(md).toContain("# PAR sheet: test-game (maths 9.9.9)");
    expect(md).toContain("| RTP (exact) | 96.5600% |");
    expect(md).toContain("| Free spins | 13.5600% | 14.04% |");
    expect(md).toContain("| Bonus | 7.0000% | 7.25% |");
    expect(md).toContain("| Treasure <bonus> | 0.00890000 (1 in 112.4) | 3+ on a line |");
    expect(md).toContain("| line | NEPTUNE | 5 | 7500 | 1.65000e-6 (1 in 606060.6) | 1.2400% |");
    expect(md).toContain("| [5,10) | 1.00000e-7 (1 in 1.000e+7) |");
    expect(md).toContain("| 1 | 96.5600% |");
    expect(md).toContain("- Exact by enumeration & convolution.");
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
  });

  it("embeds the SVG win-distribution chart", () => {
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
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
