import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { ParReport } from "@reelhouse/engine";
import { GAMES, getGame, platformModule } from "@reelhouse/games";
import { odds, oddsLog10, percent, renderParHtml, renderParMarkdown } from "@reelhouse/sim";
import type { Command } from "../main.js";

/** Writes `par.json`, `par.md` and `par.html` for a report into `dir`; returns the paths written. */
export function writeParSheet(par: ParReport, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ["par.json", `${JSON.stringify(par, null, 2)}\n`],
    ["par.md", renderParMarkdown(par)],
    ["par.html", renderParHtml(par)],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
}

/** `reelhouse par <game> [--json] [--out DIR]`: exact maths, no simulation, as a PAR sheet. */
export const parCommand: Command = {
  summary: "compute a game's exact maths and write its PAR sheet (Markdown, HTML with SVG chart, JSON)",
  usage: "par <game> [--json] [--out DIR]   (DIR defaults to ./par/<game>/)",
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: "boolean" }, out: { type: "string" } },
    });
    const id = positionals[0];
    const game = id ? (getGame(id) ?? platformModule(id)) : undefined;
    if (!game) throw new Error(`unknown game '${id ?? ""}'; games: ${[...GAMES.keys()].join(", ")}`);
    if (positionals.length > 1) throw new Error(`unexpected argument '${positionals[1]}'`);
    const par = game.exact();
    const dir = resolve(values.out ?? join("par", game.id));
    const written = writeParSheet(par, dir);
    if (values.json) {
      process.stdout.write(`${JSON.stringify(par)}\n`);
      process.stderr.write(`wrote ${written.join(", ")}\n`);
      return 0;
    }
    const per = (p: string) => ({ round: "round", paidSpin: "paid spin", line: "line", freeSpin: "free spin" })[p] ?? p;
    const lines = [
      `${game.name} (${par.game}, maths ${par.version}, schema ${par.schema})`,
      `  maths SHA-256  ${par.mathsHash}`,
      `  RTP            ${percent(par.rtp)}`,
      ...(par.rtpLongRun === undefined ? [] : [`  RTP long run   ${percent(par.rtpLongRun)}`]),
      ...Object.entries(par.breakdown).map(([k, v]) => `    ${k.padEnd(12)} ${percent(v)}`),
      ...par.hitFrequencies.map((h) => `  hit (${h.id}) ${odds(h.probability)}: ${h.name}`),
      `  stdev          ${par.stdev.toFixed(4)} x bet (volatility index ${par.volatilityIndex.toFixed(3)})`,
      `  max win        ${par.maxWin.x === null ? `unbounded (${par.maxWin.description})` : `${par.maxWin.x} x bet, ${oddsLog10(par.maxWin.log10Probability, par.maxWin.probability)} per round`}`,
      ...par.features.map((f) => `  ${f.name}: ${odds(f.probability)} per ${per(f.per)}`),
      `  variants       ${par.variants.length}, RTP ${percent(Math.min(...par.variants.map((v) => v.rtp)))} to ${percent(Math.max(...par.variants.map((v) => v.rtp)))}`,
      `wrote ${written.join(", ")}`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  },
};
