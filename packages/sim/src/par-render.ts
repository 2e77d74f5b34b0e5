/**
 * PAR sheet rendering: a game's exact report ({@link ParReport}) as Markdown and as a
 * self-contained HTML page with an inline SVG win-distribution chart. Pure functions:
 * writing the files is the CLI's job.
 */
import type { ParReport } from "@reelhouse/engine";

/** A fraction as a percentage with four decimals: 0.9656 -> "96.5600%". */
export function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(4)}%`;
}

/** A probability in words: "0.006169 (1 in 162.1)", or "0" when impossible. */
export function odds(probability: number): string {
  if (probability <= 0) return "0";
  const oneIn = 1 / probability;
  const inWords = oneIn >= 1e6 ? oneIn.toExponential(3) : oneIn.toFixed(oneIn < 100 ? 2 : 1);
  const p = probability < 1e-4 ? probability.toExponential(5) : probability.toPrecision(6);
  return `${p} (1 in ${inWords})`;
}

/** The label of a win bucket in multiples of the total bet: "0", "(0,1)", "[1,2)", "1000+". */
export function bucketLabel(row: { from: number; to: number | null }): string {
  if (row.to === null) return `${row.from}+`;
  if (row.from === 0 && row.to === 0) return "0";
  return row.from === 0 ? `(0,${row.to})` : `[${row.from},${row.to})`;
}

const BREAKDOWN_NAMES: Record<string, string> = {
  baseLines: "Base game line wins",
  baseScatter: "Base game scatter wins",
  freeSpins: "Free spins",
  bonus: "Bonus",
};

/** Rows of a Markdown table, cells escaped for pipes. */
function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  return [
    `| ${head.map(cell).join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

/** The report's sections as (title, head, rows) tables, shared by both formats. */
function sections(par: ParReport): { title: string; head: string[]; rows: string[][] }[] {
  const out: { title: string; head: string[]; rows: string[][] }[] = [];
  out.push({
    title: "Summary",
    head: ["Figure", "Value"],
    rows: [
      ["Game", par.game],
      ["Maths version", par.version],
      ["RTP (exact)", percent(par.rtp)],
      ["Hit frequency (base spin)", odds(par.hitFrequency)],
    ],
  });
  out.push({
    title: "RTP breakdown",
    head: ["Source", "RTP", "Share of RTP"],
    rows: Object.entries(par.breakdown).map(([k, v]) => [
      BREAKDOWN_NAMES[k] ?? k,
      percent(v),
      par.rtp > 0 ? `${((v / par.rtp) * 100).toFixed(2)}%` : "-",
    ]),
  });
  out.push({
    title: "Features",
    head: ["Feature", "Probability per round", "Note"],
    rows: par.features.map((f) => [f.name, odds(f.probability), f.note ?? ""]),
  });
  out.push({
    title: "Paying combinations",
    head: ["Kind", "Symbol", "Count", "Pay", "Probability", "RTP contribution"],
    rows: par.combinations.map((c) => [c.kind, c.symbol, String(c.count), String(c.pay), odds(c.probability), percent(c.rtp)]),
  });
  out.push({
    title: "Win distribution (one base spin, x total bet)",
    head: ["Win (x bet)", "Probability"],
    rows: par.winDistribution.map((w) => [bucketLabel(w), odds(w.probability)]),
  });
  if (par.rtpBy) {
    out.push({
      title: `RTP by ${par.rtpBy.dimension}`,
      head: [par.rtpBy.dimension, "RTP"],
      rows: par.rtpBy.rows.map((r) => [String(r.value), percent(r.rtp)]),
    });
  }
  out.push({
    title: "Other figures",
    head: ["Figure", "Value"],
    rows: Object.entries(par.figures).map(([k, v]) => [k, String(v)]),
  });
  return out;
}

/** The PAR sheet as Markdown. */
export function renderParMarkdown(par: ParReport): string {
  const parts = [`# PAR sheet: ${par.game} (maths ${par.version})`, ""];
  for (const s of sections(par)) parts.push(`## ${s.title}`, "", mdTable(s.head, s.rows), "");
  if (par.notes.length > 0) parts.push("## Method and assumptions", "", ...par.notes.map((n) => `- ${n}`), "");
  return parts.join("\n");
}

/** Escapes text for HTML and SVG content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/**
 * The win distribution as an SVG bar chart. Probabilities span many orders of magnitude,
 * so bar heights are log10 of the probability, from the smallest non-zero decade up to 1.
 */
export function winDistributionSvg(rows: ParReport["winDistribution"]): string {
  const width = 720;
  const height = 320;
  const left = 64;
  const right = 16;
  const top = 28;
  const bottom = 56;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const positive = rows.map((r) => r.probability).filter((p) => p > 0);
  const lowDecade = positive.length > 0 ? Math.floor(Math.log10(Math.min(...positive))) : -1;
  const decades = Math.max(1, -lowDecade);
  const y = (p: number) => top + plotH * (-Math.log10(p) / decades);
  const slot = plotW / Math.max(1, rows.length);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Win distribution">`,
    `<title>Win distribution of one base spin (probability, log scale)</title>`,
    `<text x="${left}" y="18" font-size="13" font-family="sans-serif">Probability (log scale) by win in multiples of the total bet</text>`,
  ];
  for (let d = 0; d <= decades; d++) {
    const gy = top + (plotH * d) / decades;
    parts.push(
      `<line x1="${left}" y1="${gy.toFixed(1)}" x2="${width - right}" y2="${gy.toFixed(1)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${(gy + 4).toFixed(1)}" font-size="11" font-family="sans-serif" text-anchor="end">${d === 0 ? "1" : `1e-${d}`}</text>`,
    );
  }
  rows.forEach((row, i) => {
    const x = left + i * slot;
    const label = escapeHtml(bucketLabel(row));
    if (row.probability > 0) {
      const barTop = y(row.probability);
      parts.push(
        `<rect class="bar" x="${(x + slot * 0.15).toFixed(1)}" y="${barTop.toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${(top + plotH - barTop).toFixed(1)}" fill="#2a7ab0"><title>${label}: ${escapeHtml(odds(row.probability))}</title></rect>`,
      );
    }
    parts.push(
      `<text x="${(x + slot / 2).toFixed(1)}" y="${top + plotH + 16}" font-size="11" font-family="sans-serif" text-anchor="middle">${label}</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" y1="${top + plotH}" x2="${width - right}" y2="${top + plotH}" stroke="#333"/>`,
    `<text x="${left + plotW / 2}" y="${height - 12}" font-size="12" font-family="sans-serif" text-anchor="middle">win (x total bet)</text>`,
    "</svg>",
  );
  return parts.join("\n");
}

/** The PAR sheet as one self-contained HTML page (inline CSS and SVG, no scripts). */
export function renderParHtml(par: ParReport): string {
  const title = `PAR sheet: ${par.game} (maths ${par.version})`;
  const table = (head: string[], rows: string[][]) =>
    `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
      .join("")}</tbody></table>`;
  const body = sections(par).map((s) => {
    const chart = s.title.startsWith("Win distribution") ? `<figure>${winDistributionSvg(par.winDistribution)}</figure>` : "";
    return `<section><h2>${escapeHtml(s.title)}</h2>${chart}${table(s.head, s.rows)}</section>`;
  });
  const notes =
    par.notes.length > 0
      ? `<section><h2>Method and assumptions</h2><ul>${par.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul></section>`
      : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; font-variant-numeric: tabular-nums; }
th { background: #f3f3f3; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body.join("\n")}
${notes}
</body>
</html>
`;
}
