/**
 * PAR sheet rendering: a game's exact report ({@link ParReport}, `reelhouse.par/2`) as
 * Markdown and as a self-contained HTML page with an inline SVG win-distribution chart.
 * Both formats show the same sections, built once. Pure functions: writing the files is
 * the CLI's job.
 */
import type { ParDistribution, ParReport } from "@reelhouse/engine";

/** A fraction as a percentage with four decimals: 0.9656 -> "96.5600%". */
export function percent(fraction: number): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(4)}%` : "-";
}

/** A probability in words: "0.006169 (1 in 162.1)", or "0" when impossible. */
export function odds(probability: number): string {
  if (Number.isNaN(probability)) return "-";
  if (probability <= 0) return "0";
  const oneIn = 1 / probability;
  const inWords = oneIn >= 1e6 ? oneIn.toExponential(3) : oneIn.toFixed(oneIn < 100 ? 2 : 1);
  const p = probability < 1e-4 ? probability.toExponential(5) : probability.toPrecision(6);
  return `${p} (1 in ${inWords})`;
}

/** A probability given by its log10, for values a double cannot hold: "10^-736.36 (1 in 10^736.36)". */
export function oddsLog10(log10: number, probability = 10 ** log10): string {
  if (probability > 0) return odds(probability);
  if (!Number.isFinite(log10)) return "0";
  return `10^${log10.toFixed(2)} (1 in 10^${(-log10).toFixed(2)})`;
}

/** The label of a win bucket in multiples of the total bet: "0", "(0,1)", "[1,2)", "1000+". */
export function bucketLabel(row: { from: number; to: number | null }): string {
  if (row.to === null) return `${row.from}+`;
  if (row.from === 0 && row.to === 0) return "0";
  return row.from === 0 ? `(0,${row.to})` : `[${row.from},${row.to})`;
}

/** A number in a table cell: integers as they are, other values to 6 significant digits. */
export function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "-";
  if (typeof value !== "number") return String(value);
  if (Number.isNaN(value)) return "-";
  if (Number.isInteger(value)) return String(value);
  if (value !== 0 && Math.abs(value) < 1e-4) return value.toExponential(5);
  return value.toPrecision(6);
}

/** A multiple of the bet: "5.8974 x bet". */
const xBet = (x: number | null) => (x === null ? "unbounded" : Number.isFinite(x) ? `${cell(x)} x bet` : "-");

const BREAKDOWN_NAMES: Record<string, string> = {
  baseLines: "Base game line wins",
  baseScatter: "Base game scatter wins",
  freeSpins: "Free spins",
  bonus: "Bonus",
  jewelSpins: "Jewel free spins",
  jackpot: "Progressive jackpot",
  merlin: "Merlin bonus cash",
};

const PER: Record<string, string> = {
  round: "per paid round",
  paidSpin: "per paid spin",
  line: "per line",
  freeSpin: "per free spin",
  bonus: "per bonus",
  series: "per free-spin series",
};

/** One section of the sheet: a table, optional words before it, optional chart (HTML only). */
export interface Section {
  title: string;
  text?: string[];
  head: string[];
  rows: string[][];
  chart?: "winDistribution";
}

function distributionSection(d: ParDistribution, chart: boolean): Section {
  return {
    title: `Win distribution: ${d.name} (x total bet, ${PER[d.per] ?? d.per})`,
    text: [
      `Hit (win > 0): ${odds(d.hit)}. Mean ${cell(d.mean)} x bet, standard deviation ${cell(d.stdev)} x bet.`,
      `Truncation: at most ${cell(d.truncatedMass)} of probability misplaced. Method: ${d.method}`,
      `P(win >= x bet): ${d.exceedance.map((e) => `${e.x}x ${e.upperBound ? "at most " : ""}${odds(e.probability)}`).join("; ")}.`,
    ],
    head: ["Win (x bet)", "Probability"],
    rows: d.buckets.map((w) => [bucketLabel(w), odds(w.probability)]),
    ...(chart ? { chart: "winDistribution" as const } : {}),
  };
}

/** The report's sections, shared by both formats. */
export function sections(par: ParReport): Section[] {
  const out: Section[] = [];
  const hasCycle = Number.isFinite(par.hitFrequency);
  out.push({
    title: "Summary",
    head: ["Figure", "Value"],
    rows: [
      ["Game", par.game],
      ["Maths version", par.version],
      ["Maths SHA-256", par.mathsHash],
      ["Default bet", JSON.stringify(par.defaultBet)],
      ["RTP (exact)", percent(par.rtp)],
      ...(par.rtpLongRun === undefined ? [] : [["RTP long run (with the progressive's contributions)", percent(par.rtpLongRun)]]),
      ["Hit frequency (paid round wins > 0)", odds(par.hitFrequency)],
      ["Standard deviation of a round", xBet(par.stdev)],
      ["Volatility index (1.645 x stdev)", xBet(par.volatilityIndex)],
      ["Maximum win", xBet(par.maxWin.x)],
      [
        "Maximum win probability (per paid round)",
        par.maxWin.x === null ? "-" : oddsLog10(par.maxWin.log10Probability, par.maxWin.probability),
      ],
    ],
    text: [`Maximum win: ${par.maxWin.description}.`],
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
  if (par.hitFrequencies.length > 0) {
    out.push({
      title: "Hit frequencies",
      text: ["`hitFrequency` is the first row; each row says what it counts and per what."],
      head: ["Id", "Counts", "Per", "Probability"],
      rows: par.hitFrequencies.map((h) => [h.id, h.name, PER[h.per] ?? h.per, odds(h.probability)]),
    });
  }
  out.push({
    title: "Features",
    head: ["Feature", "Per", "Probability", "Note"],
    rows: par.features.map((f) => [f.name, PER[f.per] ?? f.per, odds(f.probability), f.note ?? ""]),
  });
  const fs = par.freeSpins;
  if (fs) {
    out.push({
      title: "Free-spin series",
      head: ["Figure", "Value"],
      rows: [
        ["Spins per trigger / per retrigger", `${fs.award} / ${fs.retriggerAward}`],
        ["Cap on spins per series", fs.cap === null ? "none" : String(fs.cap)],
        ["Trigger probability (per paid spin)", odds(fs.triggerProbability)],
        ["Retrigger probability (per free spin)", odds(fs.retriggerProbability)],
        ["Expected spins per series", cell(fs.expectedSpins)],
        ["Expected series win", xBet(fs.expectedWin)],
        ["Standard deviation of a series' win", xBet(fs.stdevWin)],
        ["P(a series retriggers at least once)", odds(fs.seriesRetriggerProbability)],
        ["P(a series reaches the cap)", odds(fs.capReachedProbability)],
      ],
    });
    out.push({
      title: "Free-spin series length",
      text: [`Probabilities per series; mass not listed: ${cell(fs.truncatedMass)}.`],
      head: ["Spins played", "Probability"],
      rows: fs.lengthDistribution.map((r) => [String(r.spins), odds(r.probability)]),
    });
  }
  out.push({
    title: "Paying combinations",
    head: ["Kind", "Symbol", "Count", "Pay", "Per", "Probability", "RTP contribution"],
    rows: par.combinations.map((c) => [
      c.kind,
      c.symbol,
      String(c.count),
      cell(c.pay),
      PER[c.per] ?? c.per,
      odds(c.probability),
      percent(c.rtp),
    ]),
  });
  if (hasCycle) {
    par.distributions.forEach((d, i) => {
      out.push(distributionSection(d, i === 0));
    });
    out.push({
      title: "99% bands of a simulation's RTP",
      text: ["rtp ± 2.576 · stdev / √N: where a simulation of N rounds lands 99 times in 100."],
      head: ["Rounds", "Half-width", "Low", "High"],
      rows: par.bands.map((b) => [b.rounds.toLocaleString("en"), percent(b.halfWidth), percent(b.low), percent(b.high)]),
    });
  }
  out.push({
    title: "Awards rarer than 1 in 100,000,000",
    head: ["Award", "Per", "Probability"],
    rows: par.rareAwards.map((a) => [a.award, PER[a.per] ?? a.per, oddsLog10(a.log10Probability, a.probability)]),
  });
  const parts = [...new Set(par.variants.flatMap((v) => Object.keys(v.breakdown)))];
  out.push({
    title: "RTP by variant (bet level, mode, policy, configuration)",
    head: ["Bet", "Mode", "Policy", "Config", "RTP", ...parts.map((k) => BREAKDOWN_NAMES[k] ?? k)],
    rows: par.variants.map((v) => [
      v.bet === null
        ? "-"
        : Object.entries(v.bet)
            .map(([k, x]) => `${k} ${cell(x as number)}`)
            .join(", "),
      v.mode,
      v.policy,
      v.config === null ? "-" : JSON.stringify(v.config),
      percent(v.rtp),
      ...parts.map((k) => percent(v.breakdown[k] ?? Number.NaN)),
    ]),
  });
  for (const t of par.tables) {
    out.push({ title: t.title, ...(t.note ? { text: [t.note] } : {}), head: t.columns, rows: t.rows.map((r) => r.map(cell)) });
  }
  for (const set of par.reels) {
    const symbols = Object.keys(set.symbolCounts);
    out.push({
      title: `Reel strips (${set.id}): symbol counts`,
      head: ["Symbol", ...set.strips.map((_, r) => `Reel ${r + 1}`)],
      rows: [
        ...symbols.map((s) => [s, ...(set.symbolCounts[s] ?? []).map(String)]),
        ["Stops", ...set.strips.map((s) => String(s.length))],
      ],
    });
    const longest = Math.max(...set.strips.map((s) => s.length));
    // Weighted stops show as "symbol (weight)"; a reel without weights is uniform.
    const weighted = (r: number, i: number, symbol: string) => {
      const w = set.stopWeights?.[r]?.[i];
      return w === undefined || symbol === "" ? symbol : `${symbol} (${w})`;
    };
    out.push({
      title: `Reel strips (${set.id}): stops${set.stopWeights?.some((w) => w.length > 0) ? " (stop weight in brackets)" : ""}`,
      head: ["Stop", ...set.strips.map((_, r) => `Reel ${r + 1}`)],
      rows: Array.from({ length: longest }, (_, i) => [String(i), ...set.strips.map((s, r) => weighted(r, i, s[i] ?? ""))]),
    });
  }
  out.push({
    title: "Other figures",
    head: ["Figure", "Value"],
    rows: Object.entries(par.figures).map(([k, v]) => [k, cell(v)]),
  });
  out.push({
    title: "Definitions",
    head: ["Field", "Meaning"],
    rows: Object.entries(par.definitions),
  });
  return out;
}

/** Rows of a Markdown table, cells escaped for pipes. */
function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [
    `| ${head.map(esc).join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

/** The PAR sheet as Markdown. */
export function renderParMarkdown(par: ParReport): string {
  const parts = [`# PAR sheet: ${par.game} (maths ${par.version})`, "", `Schema \`${par.schema}\`.`, ""];
  for (const s of sections(par)) {
    parts.push(`## ${s.title}`, "");
    if (s.text) parts.push(...s.text.map((t) => `${t}\n`));
    parts.push(mdTable(s.head, s.rows), "");
  }
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
    `<title>Win distribution of a paid round (probability, log scale)</title>`,
    `<text x="${left}" y="18" font-size="13" font-family="sans-serif">Probability (log scale) by round win in multiples of the total bet</text>`,
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
    const text = (s.text ?? []).map((t) => `<p>${escapeHtml(t)}</p>`).join("");
    const chart = s.chart === "winDistribution" ? `<figure>${winDistributionSvg(par.winDistribution)}</figure>` : "";
    return `<section><h2>${escapeHtml(s.title)}</h2>${text}${chart}${table(s.head, s.rows)}</section>`;
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
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; font-variant-numeric: tabular-nums; }
th { background: #f3f3f3; }
p { max-width: 60rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Schema <code>${escapeHtml(par.schema)}</code>.</p>
${body.join("\n")}
${notes}
</body>
</html>
`;
}
