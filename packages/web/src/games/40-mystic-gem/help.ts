/**
 * 40 Mystic Gem's paytable and rules, from the server's description: every pay in line bets
 * and in currency at the player's stake (a line win = pay x the line bet, the stake / 40; a
 * scatter win = pay x the stake), the BUY BONUS prices at that stake, and the rules as the
 * server words them, with the sheet's Jackpot Cards, Fold and Bonus Spin Mode.
 */
import { escapeHtml } from "../../shell/html.js";
import { svgUrl } from "../../shell/kit/art.js";
import { renderRules } from "../../shell/kit/paytable.js";
import type { BetChoice, GameContext, GameDescription } from "../../shell/types.js";
import { SYMBOL_ART } from "./art.js";

/** A description field `key` of `source`, read without trusting its shape. */
export function field(source: unknown, key: string): unknown {
  return typeof source === "object" && source !== null ? (Reflect.get(source, key) as unknown) : undefined;
}

/** A list of numbers from the description (an absent or odd value gives none). */
function numbers(value: unknown): number[] {
  return Array.isArray(value) && value.every((n) => typeof n === "number") ? value : [];
}

/** The total stake of a choice, minor units (0 when the schema does not know it). */
export function stakeOf(description: GameDescription, choice: BetChoice): number {
  const schema = description.betSchema;
  if (choice.kind !== "fixed" || schema?.kind !== "fixed") return 0;
  return schema.stakes[choice.stake]?.cash ?? 0;
}

/** The Fold's cap from the description (minor units), null for none. */
export function foldCap(description: GameDescription): number | null {
  const cap = field(field(description.features, "fold"), "maxStake");
  return typeof cap === "number" ? cap : null;
}

const NOTES: Readonly<Record<string, string>> = {
  WILD: "Lands on reels 2, 3 and 4 and expands over its whole reel before wins are paid; replaces every symbol except the Full Moon and the Shooting Star. It pays no line of its own.",
  MOON: "SCATTER on every reel: pays anywhere, × the total bet.",
  STAR: "SCATTER on reels 1, 3 and 5: pays anywhere, × the total bet.",
};

/** The paytable at the player's stake. */
export function mysticPaytable(ctx: GameContext, choice: BetChoice): HTMLElement {
  const { description, money } = ctx;
  const stake = stakeOf(description, choice);
  const lines = description.lines.length;
  const lineBet = stake / lines;
  const linePays = description.paytable.lines;
  const scatters = (field(description.paytable, "scatters") ?? field(description.paytable, "scatter") ?? {}) as Record<
    string,
    unknown
  >;
  const cards = description.symbols.map((symbol) => {
    const rows: string[] = [];
    const line = linePays[symbol.id];
    const scatter = numbers(scatters[symbol.id]);
    if (line) {
      for (let k = line.length; k >= 1; k--) {
        const pay = line[k - 1] ?? 0;
        if (pay > 0) rows.push(`<tr><td>${k}×</td><td>${pay} × line bet</td><td>${money(pay * lineBet)}</td></tr>`);
      }
    } else {
      for (let k = scatter.length - 1; k >= 1; k--) {
        const pay = scatter[k] ?? 0;
        if (pay > 0) rows.push(`<tr><td>${k}×</td><td>${pay} × total bet</td><td>${money(pay * stake)}</td></tr>`);
      }
    }
    const note = NOTES[symbol.id] ?? "";
    const name = escapeHtml(symbol.name);
    return `<div class="pay-card pay-${escapeHtml(symbol.kind)}" data-symbol="${escapeHtml(symbol.id)}">
      <img alt="${name}" src="${svgUrl(SYMBOL_ART[symbol.id] ?? "")}">
      <div><div class="pay-name">${name}</div>${note ? `<div class="pay-note">${escapeHtml(note)}</div>` : ""}
      ${rows.length ? `<table>${rows.join("")}</table>` : ""}</div></div>`;
  });
  const modes = description.betSchema?.buyModes ?? [];
  const buy = modes
    .map(
      (m) =>
        `<tr data-mode="${escapeHtml(m.id)}"><td>${escapeHtml(m.label)}</td><td>${m.priceTimesBet} × total bet</td><td>${money(Math.round(m.priceTimesBet * stake))}</td></tr>`,
    )
    .join("");
  const root = document.createElement("div");
  root.className = "paytable mg-paytable";
  root.innerHTML = `<p class="pay-bet">Pays at your total bet of <b data-test="paytable-stake">${money(stake)}</b>: ${lines} fixed lines, line bet ${money(lineBet)}.
      Line wins pay left to right from reel 1; only the highest win per line is paid; wins on different lines add. Scatter wins add to line wins.</p>
    <div class="pay-grid">${cards.join("")}</div>
    ${buy ? `<h3>Buy Bonus at your total bet</h3><table class="mg-buy-prices" data-test="paytable-buy">${buy}</table>` : ""}`;
  return root;
}

/** The rules: each feature as the server describes it, then the sheet's Jackpot Cards, controls and return. */
export function mysticRules(description: GameDescription): HTMLElement {
  const rules = description.rules;
  const cap = foldCap(description);
  const stakes = description.betSchema?.kind === "fixed" ? description.betSchema.stakes.map((s) => s.cash) : [];
  const euros = (minor: number) => (minor / 100).toFixed(2);
  return renderRules(description, "mg-rules game-rules", [
    ["Expanding WILD", rules.wild ?? ""],
    ["Paylines", rules.lines ?? ""],
    ["Scatters", rules.scatters ?? ""],
    ["Buy Bonus", rules.buyBonus ?? ""],
    [
      "Jackpot Cards",
      "Jackpot Cards is a mystery jackpot with four levels, each shown by a card suit: clubs (the lowest), diamonds, hearts and spades (the highest). Their values are shown beside their suits. Contributions are a percentage of wagers, paid by the operator: nothing is deducted from your bet. It may start at random when a game ends and its winnings are collected, and always awards one level: pick face-down cards until three of one suit are revealed; the prize is that level's value when the third card is revealed. Autoplay pauses while it plays and then resumes. Its winnings cannot be doubled up. Not in Bonus Spin Mode.",
    ],
    ["Fold (double up)", rules.fold ?? ""],
    [
      "Double up history",
      "The history under the card shows the last five cards of your session, latest first. The indicators show the double up attempts still available, the bet amount and what a right guess makes it (bet to win).",
    ],
    ["Bonus Spin Mode", rules.bonusSpins ?? ""],
    [
      "Winning Line Field",
      `Below the reels, the Winning Line Field shows each winning line's number and the amount it won${cap !== null ? `, and says so when a win above ${euros(cap)} EUR cannot be doubled up` : ""}.`,
    ],
    [
      "Betting and payouts",
      `Choose the total bet${stakes.length ? ` from ${euros(stakes[0] ?? 0)} EUR to ${euros(stakes[stakes.length - 1] ?? 0)} EUR` : ""}; all 40 lines are always played. Line wins are multiplied by the line bet (the total bet / 40); scatter wins by the total bet. Space starts the reels, stops them and ends the win count-up.`,
    ],
    [
      "Autoplay",
      "Autoplay needs a loss limit; it never doubles up, and pauses for Jackpot Cards. The lobby stays closed while the reels spin, a win may be doubled up or the double up is open.",
    ],
    [
      "Game interruptions",
      "If the connection is lost, the unfinished game continues where it stood the next time you open it. A game cancelled without your intervention ends at that moment and your stake is returned.",
    ],
    ["Malfunction", "Malfunctions void all payments and plays."],
    [
      "Return to player",
      `The theoretical return to player is ${(description.rtp * 100).toFixed(2)}% (Jackpot Cards not included).`,
    ],
  ]);
}
