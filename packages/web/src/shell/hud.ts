/**
 * The game screen's markup: top bar, stage area and HUD. Layouts (desktop, phone portrait,
 * phone landscape) are CSS only; every control keeps its `data-test` name in all of them.
 */
import { escapeHtml } from "./html.js";

const icon = (body: string) =>
  `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
const SPEAKER = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
export const ICON_SOUND_ON = icon(`${SPEAKER}<path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/>`);
export const ICON_SOUND_OFF = icon(`${SPEAKER}<path d="M16 9l5 6M21 9l-5 6"/>`);
const ICON_FULLSCREEN = icon('<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>');
const ICON_SETTINGS = icon(
  '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
);
const ICON_MENU = icon('<path d="M4 6h16M4 12h16M4 18h16"/>');
const ICON_BACK = icon('<path d="M15 5l-7 7 7 7"/>');

/** The screen for a game called `name`. */
export const TEMPLATE = (name: string) => `
  <header class="topbar" data-test="topbar">
    <button class="icon-btn" data-test="lobby" aria-label="Back to the lobby">${ICON_BACK}<span class="wide-only">Lobby</span></button>
    <h1 class="game-title">${escapeHtml(name)}</h1>
    <nav class="top-actions" aria-label="Game information and settings">
      <button class="icon-btn" data-test="paytable">Paytable</button>
      <button class="icon-btn" data-test="lines-info">Lines</button>
      <button class="icon-btn" data-test="rules">Rules</button>
      <button class="icon-btn" data-test="history">History</button>
      <button class="icon-btn" data-test="sound" aria-label="Sound on/off">${ICON_SOUND_ON}</button>
      <input class="volume" type="range" min="0" max="100" data-test="volume" aria-label="Volume">
      <button class="icon-btn" data-test="settings" aria-label="Settings">${ICON_SETTINGS}</button>
      <button class="icon-btn" data-test="fullscreen" aria-label="Full screen">${ICON_FULLSCREEN}</button>
    </nav>
    <button class="icon-btn menu-btn" data-test="menu" aria-label="Menu">${ICON_MENU}</button>
  </header>
  <main class="stage-area" data-test="stage-area">
    <div class="replay-ribbon" data-test="replay-ribbon">REPLAY</div>
    <div class="message hidden" data-test="message" role="status"></div>
    <div class="autoplay-notice hidden" data-test="autoplay-notice">
      <span data-test="autoplay-notice-text" role="status"></span>
      <button class="btn small" data-test="autoplay-notice-stop">Stop autoplay</button>
    </div>
  </main>
  <footer class="hud">
    <div class="hud-meters">
      <div class="meter" data-meter="balance"><label>BALANCE</label><b data-test="balance">–</b><small data-test="balance-coins"></small></div>
      <div class="meter" data-meter="bet"><label data-test="bet-label">BET</label><b data-test="bet">–</b><small data-test="bet-coins"></small></div>
      <div class="meter win" data-meter="win"><label>WIN</label><b data-test="win">–</b><small data-test="win-coins"></small></div>
      <div class="hud-info" data-test="hud-info">
        <span class="hud-game-number">GAME <span class="sr-only">number</span> <span class="hud-value" data-test="game-number"></span></span>
        <span class="hud-clock"><span class="sr-only">Clock</span> <time class="hud-value" data-test="clock"></time></span>
      </div>
    </div>
    <div class="hud-controls">
      <div class="bet-controls" data-test="bet-controls"></div>
      <div class="actions">
        <button class="pill" data-test="autoplay">AUTO</button>
        <button class="pill" data-test="quick" aria-pressed="false">QUICK</button>
        <button class="pill gold" data-test="bet-max">BET MAX</button>
        <button class="spin-btn" data-test="spin">SPIN</button>
      </div>
    </div>
    <div class="replay-bar">
      <span class="replay-tag">REPLAY</span>
      <span data-test="replay-info"></span>
      <span data-test="replay-step"></span>
      <button class="btn primary" data-test="replay-next">Next step ▶</button>
      <button class="btn" data-test="replay-exit">Exit replay</button>
    </div>
  </footer>`;

/** "09:05:07": a local time as hours, minutes and seconds (24-hour). */
export function clockText(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/**
 * The line at the bottom of every game screen (the sheets: "the game number and the clock"):
 * the number of the round on the stage or last played (the server's round id, as history
 * lists it; empty before the first) and the player's local time, ticking every second while
 * the screen is shown. The shell fills it for every game; no game code takes part.
 */
export class HudInfo {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly number: HTMLElement;
  private readonly clock: HTMLTimeElement;

  constructor(root: HTMLElement) {
    const number = root.querySelector<HTMLElement>('[data-test="game-number"]');
    const clock = root.querySelector<HTMLTimeElement>('[data-test="clock"]');
    if (!number || !clock) throw new Error("the HUD has no game number or clock");
    this.number = number;
    this.clock = clock;
  }

  /** The round now on the stage (or just played): its id is the game number. */
  round(roundId: string): void {
    this.number.textContent = roundId;
    this.number.title = roundId;
  }

  /** Starts the clock: shown now, then on each turn of the second. */
  start(now: () => Date = () => new Date()): void {
    this.stop();
    const tick = () => {
      const at = now();
      this.clock.textContent = clockText(at);
      this.clock.dateTime = this.clock.textContent;
      // The next turn of the second (a fixed 1000 ms interval drifts and skips seconds).
      this.timer = setTimeout(tick, 1000 - (at.getTime() % 1000) + 5);
    };
    tick();
  }

  /** Stops the clock (the screen was left). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
