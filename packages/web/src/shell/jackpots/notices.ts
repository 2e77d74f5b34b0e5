/**
 * Winner notices, on every screen of the page: a toast for other players' wins (a few at a
 * time, each gone after a few seconds, announced politely to screen readers) and a
 * celebration over everything for the player's own win (dismissed by the player, or after
 * a while). For tests: `data-role="jackpot-toast"` (in `jackpot-toasts`),
 * `data-role="jackpot-celebration"` with its `jackpot-celebration-amount` and
 * `jackpot-celebration-close`; each carries `data-win-id`; `jackpot-toasts` carries
 * `data-feed` (the feed's state: `open` once the stream answered).
 */
import type { JackpotWinEvent } from "@reelhouse/protocol";
import { formatMoney } from "../../format.js";
import { escapeHtml } from "../html.js";
import { prefersReducedMotion } from "../motion.js";
import type { JackpotFeed } from "./feed.js";

const TOAST_MS = 7000;
const MAX_TOASTS = 3;
const CELEBRATION_MS = 15_000;
/** A replayed win older than this is not celebrated again (it is still toasted to others). */
const STALE_MS = 10 * 60_000;
/** How long an own win's celebration waits at most for the round on screen to finish playing. */
const HOLD_MS = 60_000;

export class WinNotices {
  readonly toasts: HTMLElement;
  private celebration: HTMLElement | null = null;
  private readonly unsubscribe: () => void;
  private readonly seen = new Set<number>();

  constructor(
    feed: JackpotFeed,
    private readonly root: HTMLElement = document.body,
    private readonly now: () => number = Date.now,
    /**
     * True while the screen is playing a round: the player's own win arrives as soon as it is
     * committed, before the reels have landed, so its celebration waits until the round shown
     * is over (at most a minute).
     */
    private readonly busy: () => boolean = () => false,
  ) {
    this.toasts = document.createElement("div");
    this.toasts.className = "jackpot-toasts";
    this.toasts.dataset.role = "jackpot-toasts";
    this.toasts.setAttribute("aria-live", "polite");
    this.root.append(this.toasts);
    this.toasts.dataset.feed = feed.status;
    this.unsubscribe = feed.subscribe({
      win: (win) => this.show(win),
      // The feed's state, for tests and support: "open" once the stream answered.
      status: (status) => {
        this.toasts.dataset.feed = status;
      },
    });
  }

  /** A win: the player's own is celebrated, anyone else's toasted (each once). */
  show(win: JackpotWinEvent): void {
    if (this.seen.has(win.id)) return;
    this.seen.add(win.id);
    if (win.mine) {
      if (this.now() - Date.parse(win.at) < STALE_MS) this.whenIdle(() => this.celebrate(win));
      return;
    }
    this.toast(win);
  }

  private where(win: JackpotWinEvent): string {
    const pool = win.key && !win.poolName.includes(win.key) ? `${win.poolName} ${win.key}` : win.poolName;
    // "Mona Lisa Jewels progressive" already names its game.
    return pool.startsWith(win.gameName) ? pool : `${win.gameName} · ${pool}`;
  }

  private toast(win: JackpotWinEvent): void {
    const el = document.createElement("div");
    el.className = "jackpot-toast";
    el.dataset.role = "jackpot-toast";
    el.dataset.winId = String(win.id);
    el.innerHTML = `<strong>JACKPOT!</strong> <span>${escapeHtml(win.player)} won <b data-role="jackpot-toast-amount">${escapeHtml(
      formatMoney(win.amount, win.currency),
    )}</b></span> <small>${escapeHtml(this.where(win))}</small>`;
    el.addEventListener("click", () => el.remove());
    this.toasts.prepend(el);
    while (this.toasts.children.length > MAX_TOASTS) this.toasts.lastElementChild?.remove();
    setTimeout(() => el.remove(), TOAST_MS);
  }

  private whenIdle(run: () => void): void {
    const until = this.now() + HOLD_MS;
    const check = () => {
      if (this.busy() && this.now() < until) setTimeout(check, 250);
      else run();
    };
    check();
  }

  private celebrate(win: JackpotWinEvent): void {
    this.celebration?.remove();
    const el = document.createElement("div");
    el.className = `jackpot-celebration${prefersReducedMotion() ? " still" : ""}`;
    el.dataset.role = "jackpot-celebration";
    el.dataset.winId = String(win.id);
    el.setAttribute("role", "alertdialog");
    el.setAttribute("aria-modal", "true");
    el.setAttribute("aria-label", "You won a jackpot");
    el.innerHTML = `<div class="jackpot-celebration-card">
        <p class="jackpot-celebration-title">JACKPOT!</p>
        <p class="jackpot-celebration-pool">${escapeHtml(this.where(win))}</p>
        <p class="jackpot-celebration-amount" data-role="jackpot-celebration-amount">${escapeHtml(formatMoney(win.amount, win.currency))}</p>
        <p class="jackpot-celebration-note">Added to your balance with the round's win.</p>
        <button class="btn" data-role="jackpot-celebration-close">Collect</button>
      </div>`;
    const close = () => {
      el.remove();
      if (this.celebration === el) this.celebration = null;
    };
    el.querySelector("button")?.addEventListener("click", close);
    el.addEventListener("keydown", (e) => {
      if ((e as KeyboardEvent).key === "Escape") close();
    });
    this.celebration = el;
    this.root.append(el);
    (el.querySelector("button") as HTMLButtonElement | null)?.focus();
    setTimeout(close, CELEBRATION_MS);
  }

  destroy(): void {
    this.unsubscribe();
    this.toasts.remove();
    this.celebration?.remove();
  }
}
