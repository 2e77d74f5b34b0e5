/**
 * The history dialog: the player's rounds (time, game by name, bet, win, balance after,
 * status, Replay) and transactions. Each cell carries its column's name, so a phone shows
 * every row as a small card instead of a table wider than the screen. A Jackpot Cards round
 * (the platform's, beside a game round) is listed by that name and replays on any game's
 * screen (on the card screen, pick by pick).
 */
import type { Api } from "../api.js";
import { describeError } from "../errors.js";
import { formatDateTime } from "../format.js";
import { openDialog } from "./dialog.js";
import { grantedRounds, moneyMoved } from "./grants.js";
import { escapeHtml } from "./html.js";
import { JACKPOT_CARDS_GAME } from "./jackpot-cards/play.js";

export interface HistoryOptions {
  api: Api;
  money(minor: number): string;
  /** A game's name for its id. */
  gameName(gameId: string): string;
  /** Whether a round of this game can be replayed here. */
  canReplay(gameId: string): boolean;
  replay(roundId: string): void;
}

/** Rounds and transactions asked for: the server's largest history page (100). */
const LIMIT = 100;
/** Rounds listed. */
const ROUNDS = 50;

/** Opens the dialog and fills it from GET /history; resolves when it closes. */
export async function showHistory(o: HistoryOptions): Promise<void> {
  const body = document.createElement("div");
  body.className = "history";
  body.innerHTML = "<p>Loading…</p>";
  const opened = openDialog({ name: "history", title: "History", body, wide: true });
  const name = (gameId: string) => (gameId === JACKPOT_CARDS_GAME ? "Jackpot Cards" : o.gameName(gameId));
  const replayable = (gameId: string) => gameId === JACKPOT_CARDS_GAME || o.canReplay(gameId);
  const cell = (label: string, html: string, cls = "") => `<td data-label="${label}"${cls ? ` class="${cls}"` : ""}>${html}</td>`;
  try {
    const history = await o.api.history(LIMIT);
    const granted = grantedRounds(history);
    const rows = history.rounds
      .slice(0, ROUNDS)
      .map((r) => {
        const free = granted.has(r.roundId);
        // A granted round that won nothing moved none of the player's money: there is no balance after it to show.
        const balance = free && !moneyMoved(history, r.roundId) ? "–" : o.money(r.balanceAfter);
        const bet = free ? `${o.money(r.totalBet)} <span class="free-tag">FREE ROUND</span>` : o.money(r.totalBet);
        return `<tr data-round="${escapeHtml(r.roundId)}"${free ? ' data-granted="true"' : ""}>
          ${cell("Time", formatDateTime(r.startedAt))}${cell("Game", escapeHtml(name(r.gameId)), "game")}
          ${cell("Bet", bet, "num")}${cell("Win", o.money(r.totalWin), "num")}
          ${cell("Balance after", balance, "num")}${cell("Status", r.status)}
          ${cell("", `<button class="btn small" data-replay="${escapeHtml(r.roundId)}" ${replayable(r.gameId) ? "" : "disabled"}>Replay</button>`, "action")}</tr>`;
      })
      .join("");
    const transactions = history.transactions
      .slice(0, 100)
      .map(
        (
          t,
        ) => `<tr>${cell("Time", formatDateTime(t.at))}${cell("Kind", escapeHtml(t.kind))}${cell("Amount", o.money(t.amount), "num")}
          ${cell("Balance after", o.money(t.balanceAfter), "num")}${cell("Round", escapeHtml(t.roundId ?? ""), "mono")}</tr>`,
      )
      .join("");
    body.innerHTML = `
      <h3>Rounds</h3>
      <table class="table cards" data-test="history-rounds"><thead><tr><th>Time</th><th>Game</th><th>Bet</th><th>Win</th><th>Balance after</th><th>Status</th><th><span class="sr-only">Replay</span></th></tr></thead>
      <tbody>${rows || `<tr><td colspan="7">No rounds yet.</td></tr>`}</tbody></table>
      <details><summary>Transactions</summary>
      <table class="table cards" data-test="history-transactions"><thead><tr><th>Time</th><th>Kind</th><th>Amount</th><th>Balance after</th><th>Round</th></tr></thead>
      <tbody>${transactions}</tbody></table></details>`;
    for (const button of body.querySelectorAll<HTMLButtonElement>("[data-replay]")) {
      button.addEventListener("click", () => o.replay(button.dataset.replay as string));
    }
  } catch (error) {
    body.innerHTML = `<p class="form-error">${escapeHtml(describeError(error))}</p>`;
  }
  await opened;
}
