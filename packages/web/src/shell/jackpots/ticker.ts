/**
 * The jackpot ticker any game can show: one line per pool the server says the screen shows,
 * with the amount a win at the current bet would pay now. Values come from the feed (every
 * 3 s, and at once after a win or an operator adjustment); between two values the amount
 * counts up smoothly, a drop (the pool was won) shows at once with a flash. For tests and
 * games: `data-role="jackpot-ticker"`, each value `data-role="jackpot-ticker-value"` with
 * `data-pool`, `data-key` and `data-amount` (minor units).
 */
import type { PoolEvent } from "@reelhouse/protocol";
import { escapeHtml } from "../html.js";
import { prefersReducedMotion } from "../motion.js";
import type { JackpotFeed } from "./feed.js";

interface Row {
  element: HTMLElement;
  value: HTMLElement;
  shown: number;
  target: number;
  from: number;
  started: number;
}

const COUNT_MS = 2500;

export class JackpotTicker {
  readonly element: HTMLElement;
  private readonly rows = new Map<string, Row>();
  private readonly unsubscribe: () => void;
  private frame = 0;

  constructor(
    feed: JackpotFeed,
    private readonly money: (minor: number) => string,
  ) {
    this.element = document.createElement("div");
    this.element.className = "jackpot-ticker waiting";
    this.element.dataset.role = "jackpot-ticker";
    // A named landmark: it sits between the top bar and the stage, outside both, and a
    // screen-reader player finds it in the landmarks list. Not live: it counts all the time.
    this.element.setAttribute("role", "region");
    this.element.setAttribute("aria-label", "Jackpots");
    this.unsubscribe = feed.subscribe({
      pool: (event) => this.update(event),
      status: (status) => this.element.classList.toggle("offline", status !== "open"),
    });
  }

  /** Shows new values: counts up to a higher one, jumps (and flashes) to a lower one. */
  update(event: PoolEvent): void {
    this.element.classList.remove("waiting");
    const seen = new Set<string>();
    const now = performance.now();
    for (const p of event.pools) {
      const id = `${p.pool}/${p.key}`;
      seen.add(id);
      let row = this.rows.get(id);
      if (!row) {
        const element = document.createElement("div");
        element.className = "jackpot-row";
        const label = p.key && event.pools.filter((q) => q.pool === p.pool).length > 1 ? `${p.name} ${p.key}` : p.name;
        element.innerHTML = `<span class="jackpot-name">${escapeHtml(label)}</span><span class="jackpot-value" data-role="jackpot-ticker-value"></span>`;
        const value = element.querySelector(".jackpot-value") as HTMLElement;
        value.dataset.pool = p.pool;
        value.dataset.key = p.key;
        row = { element, value, shown: p.amount, target: p.amount, from: p.amount, started: now };
        this.rows.set(id, row);
        this.element.append(element);
        this.paint(row, p.amount);
      }
      row.value.dataset.amount = String(p.amount);
      if (p.amount < row.shown || prefersReducedMotion()) {
        if (p.amount < row.shown) this.flash(row.element);
        row.from = row.target = p.amount;
        this.paint(row, p.amount);
      } else if (p.amount !== row.target) {
        row.from = row.shown;
        row.target = p.amount;
        row.started = now;
        this.animate();
      }
    }
    for (const [id, row] of this.rows) {
      if (seen.has(id)) continue;
      row.element.remove();
      this.rows.delete(id);
    }
  }

  private flash(element: HTMLElement): void {
    element.classList.remove("reset");
    void element.offsetWidth;
    element.classList.add("reset");
  }

  private paint(row: Row, amount: number): void {
    row.shown = amount;
    row.value.textContent = this.money(amount);
  }

  private animate(): void {
    if (this.frame) return;
    const step = () => {
      this.frame = 0;
      const now = performance.now();
      let moving = false;
      for (const row of this.rows.values()) {
        if (row.shown === row.target) continue;
        const t = Math.min(1, (now - row.started) / COUNT_MS);
        this.paint(row, Math.floor(row.from + (row.target - row.from) * t));
        if (t < 1) moving = true;
      }
      if (moving) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  destroy(): void {
    this.unsubscribe();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.element.remove();
  }
}
