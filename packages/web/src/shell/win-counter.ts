/**
 * The win count-up of every game: the WIN meter climbs to the step's win, and a big win
 * gets a banner over the stage whose amount climbs with the meter (the two always show the
 * same figure). One SKIP lands both on the amount at once.
 */
import type { Skipper } from "./skip.js";

/** Celebration tiers, in multiples of the total bet (presentation only). */
export const BIG_WIN_TIMES_BET = 15;
export const MEGA_WIN_TIMES_BET = 50;

export interface CountOptions {
  from: number;
  to: number;
  totalBet: number;
  quick: boolean;
  reducedMotion: boolean;
  /** Shows a value on the meter (and anywhere else the shell mirrors it). */
  show(minor: number): void;
  /** A count-up tick or the big-win fanfare. */
  sound(cue: "tick" | "bigWin"): void;
}

export class WinCounter {
  readonly banner: HTMLElement;
  private readonly title: HTMLElement;
  private readonly amount: HTMLElement;

  constructor(
    private readonly skipper: Skipper,
    private readonly money: (minor: number) => string,
  ) {
    this.banner = document.createElement("div");
    this.banner.className = "win-banner hidden";
    this.banner.dataset.test = "win-banner";
    this.banner.innerHTML = `<div class="win-banner-title"></div><div class="win-banner-amount" data-test="win-banner-amount"></div>`;
    this.title = this.banner.querySelector(".win-banner-title") as HTMLElement;
    this.amount = this.banner.querySelector(".win-banner-amount") as HTMLElement;
  }

  /** The banner's title for a win of `times` x the bet, or null below a big win. */
  static tier(times: number): string | null {
    if (times >= MEGA_WIN_TIMES_BET) return "MEGA WIN";
    if (times >= BIG_WIN_TIMES_BET) return "BIG WIN";
    return null;
  }

  /** Counts from `from` to `to`; resolves when the meter (and banner) show `to` and the banner is gone. */
  async count(o: CountOptions): Promise<void> {
    const times = (o.to - o.from) / Math.max(1, o.totalBet);
    const tier = WinCounter.tier(times);
    const show = (minor: number) => {
      o.show(minor);
      this.amount.textContent = this.money(minor);
      this.amount.dataset.minor = String(minor);
    };
    // Longer for larger wins (logarithmic), longer still for a celebration; none without motion.
    const base = Math.min(tier ? 7000 : 4500, (500 + 350 * Math.log2(1 + times)) * (tier ? 1.5 : 1));
    const duration = o.reducedMotion ? 0 : base * (o.quick ? 0.5 : 1);
    if (tier) {
      this.title.textContent = tier;
      show(o.from);
      this.banner.classList.remove("hidden");
      o.sound("bigWin");
    }
    await this.climb(o.from, o.to, duration, show, () => o.sound("tick"));
    if (tier) {
      // The whole amount stays on view a moment (skippable), then the stage is the player's again.
      await this.skipper.wait(o.quick ? 900 : 1600);
      this.banner.classList.add("hidden");
    }
  }

  /** Integer steps from `from` to `to` over `duration` ms; a skip jumps to `to`. */
  private climb(from: number, to: number, duration: number, show: (minor: number) => void, tick: () => void): Promise<void> {
    if (duration <= 0 || to <= from) {
      show(to);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const started = performance.now();
      let lastTick = 0;
      let frame = 0;
      const finish = () => {
        cancelAnimationFrame(frame);
        release();
        show(to);
        resolve();
      };
      const release = this.skipper.hold(finish);
      const step = (now: number) => {
        const t = Math.min(1, (now - started) / duration);
        // Whole minor units only: the meter never shows a fraction of a cent.
        show(from + Math.floor((to - from) * t));
        if (now - lastTick > 70) {
          tick();
          lastTick = now;
        }
        if (t >= 1) finish();
        else frame = requestAnimationFrame(step);
      };
      show(from);
      frame = requestAnimationFrame(step);
    });
  }
}
