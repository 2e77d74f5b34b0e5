/**
 * Paytable and game-lines panels for line games (kit): each symbol's pays in coins and in
 * currency at the player's bet (line pays x coins per line x coin value; scatter pays x
 * total bet: the platform's display formulas), and one small diagram per payline.
 */
import { escapeHtml } from "../html.js";
import type { BetChoice, GameContext, GameDescription, LineBet } from "../types.js";
import { svgUrl } from "./art.js";

export interface PaytableData {
  symbols: readonly { id: string; kind: string; name: string }[];
  /** Coins per coin bet on a line, for 1, 2, 3… of a kind. */
  linePays: Readonly<Record<string, readonly number[]>>;
  /** Multiples of the total bet, for 1, 2, 3… anywhere. */
  scatterPays: Readonly<Record<string, readonly number[]>>;
  /** SVG source of each symbol. */
  art: Readonly<Record<string, string>>;
  /** A line under a symbol's name, by symbol id or by kind ("wild", "scatter", "bonus"). */
  notes: Readonly<Record<string, string>>;
  /** What the game says under the bet line (how lines pay). */
  howLinesPay: string;
}

/** The paytable at the player's bet choice (no pays in currency for a bet that is not a line bet): the description's symbols, line pays and scatter pays unless `data` gives its own. */
export function paytableAt(
  ctx: Pick<GameContext, "description" | "money">,
  choice: BetChoice,
  data: Omit<PaytableData, "symbols" | "linePays" | "scatterPays"> & Partial<Pick<PaytableData, "scatterPays">>,
): HTMLElement {
  const { description, money } = ctx;
  const bet = choice.kind === "lines" ? choice : { coinValue: 0, coinsPerLine: 0, lines: 0 };
  return renderPaytable(
    bet,
    {
      symbols: description.symbols,
      linePays: description.paytable.lines,
      scatterPays: data.scatterPays ?? description.paytable.scatter ?? description.paytable.scatters ?? {},
      art: data.art,
      notes: data.notes,
      howLinesPay: data.howLinesPay,
    },
    money,
  );
}

/** A game's rules panel: one heading and paragraph per `[title, text]`, then the game's name and maths version. */
export function renderRules(
  description: GameDescription,
  className: string,
  items: readonly (readonly [string, string])[],
): HTMLElement {
  const root = document.createElement("div");
  root.className = className;
  root.innerHTML = [
    ...items.map(([title, text]) => `<h3>${title}</h3><p>${text}</p>`),
    `<p class="rules-version">Game ${description.name}, maths version ${description.version}.</p>`,
  ].join("");
  return root;
}

/** The paytable at `bet`, in coins and currency. */
export function renderPaytable(bet: LineBet, data: PaytableData, money: (minor: number) => string): HTMLElement {
  const root = document.createElement("div");
  root.className = "paytable";
  const totalBet = bet.coinValue * bet.coinsPerLine * bet.lines;
  const cards = data.symbols.map((symbol) => {
    const rows: string[] = [];
    const line = data.linePays[symbol.id];
    const scatter = data.scatterPays[symbol.id];
    const pays = line ?? scatter ?? [];
    for (let k = pays.length; k >= 1; k--) {
      const pay = pays[k - 1] ?? 0;
      if (pay <= 0) continue;
      if (line) {
        const coins = pay * bet.coinsPerLine;
        rows.push(`<tr><td>${k}×</td><td>${coins.toLocaleString("en")} coins</td><td>${money(coins * bet.coinValue)}</td></tr>`);
      } else rows.push(`<tr><td>${k}×</td><td>${pay}× total bet</td><td>${money(pay * totalBet)}</td></tr>`);
    }
    const note = data.notes[symbol.id] ?? data.notes[symbol.kind] ?? "";
    const name = escapeHtml(symbol.name);
    return `<div class="pay-card pay-${escapeHtml(symbol.kind)}" data-symbol="${escapeHtml(symbol.id)}">
      <img alt="${name}" src="${svgUrl(data.art[symbol.id] ?? "")}">
      <div><div class="pay-name">${name}</div>${note ? `<div class="pay-note">${escapeHtml(note)}</div>` : ""}
      ${rows.length ? `<table>${rows.join("")}</table>` : ""}</div></div>`;
  });
  root.innerHTML = `<p class="pay-bet">Pays at your bet: ${bet.coinsPerLine} coin(s) per line × ${money(bet.coinValue)} per coin, ${bet.lines} line(s).
    ${escapeHtml(data.howLinesPay)}</p>
    <div class="pay-grid">${cards.join("")}</div>`;
  return root;
}

/** One diagram per payline: `lines[i][reel]` is the row (0 = top) the line crosses on that reel. */
export function renderLines(
  lines: readonly (readonly number[])[],
  reels: number,
  rows: number,
  colors: readonly string[],
): HTMLElement {
  const root = document.createElement("div");
  root.className = "lines-diagram";
  root.innerHTML = lines
    .map((line, i) => {
      const cells: string[] = [];
      for (let row = 0; row < rows; row++) {
        for (let reel = 0; reel < reels; reel++) cells.push(`<i class="${line[reel] === row ? "on" : ""}"></i>`);
      }
      return `<figure data-line="${i + 1}" style="--line:${colors[i % colors.length]}"><div class="line-grid" style="grid-template-columns:repeat(${reels},1fr)">${cells.join("")}</div><figcaption>Line ${i + 1}</figcaption></figure>`;
    })
    .join("");
  return root;
}
