/**
 * The free-spin counter as the player reads it: "FREE SPIN 4 OF 10 · ×2 · +15 QUEUED". The
 * sheet (3.4): "Retriggered Free Spins will be played after the original Free Spins are
 * completed", so each award is a batch played after those before it; the counter shows the
 * batch in play and what waits behind it. It only counts what the events and the awaiting
 * values said (the server keeps one total).
 */
export class FreeSpinSeries {
  /** The awards in order (spins each); their sum is the round's spins awarded. */
  private batches: number[] = [];
  /** Free spins started so far (the one on screen included). */
  private played = 0;
  /** Everything won since the first free spin began (lines x2, battles, Merlin). */
  private win = 0;

  /** True while spins are awarded or being played. */
  get active(): boolean {
    return this.awarded > 0;
  }

  /** True once a free spin has started. */
  get started(): boolean {
    return this.played > 0;
  }

  get awarded(): number {
    return this.batches.reduce((a, b) => a + b, 0);
  }

  /** `awarded` spins were won; the round now has `total` in all. */
  award(awarded: number, total: number): void {
    this.batches.push(awarded);
    this.reconcile(total);
  }

  /** Free spin `spin` of `of` started. */
  spinStarted(spin: number, of: number): void {
    this.played = spin;
    this.reconcile(of);
  }

  /** What the round awaits next, as the server said it. */
  awaiting(played: number, awarded: number): void {
    this.played = played;
    this.reconcile(awarded);
  }

  /** A win inside the series (counted once free spins have started). */
  won(amount: number): void {
    if (this.played > 0) this.win += amount;
  }

  /** The batch in play (or the first, before any spin): its spin number, its size, and what waits after it. */
  position(): { spin: number; of: number; queued: number; retrigger: boolean } {
    let before = 0;
    for (let i = 0; i < this.batches.length; i++) {
      const size = this.batches[i] as number;
      if (this.played <= before + size || i === this.batches.length - 1) {
        const queued = this.batches.slice(i + 1).reduce((a, b) => a + b, 0);
        return { spin: Math.max(0, this.played - before), of: size, queued, retrigger: i > 0 };
      }
      before += size;
    }
    return { spin: 0, of: 0, queued: 0, retrigger: false };
  }

  /** The counter's HTML, or null when no free spins are awarded. */
  html(money: (minor: number) => string): string | null {
    if (!this.active) return null;
    const p = this.position();
    const queued = p.queued > 0 ? ` <span class="bw-queued" data-test="fs-queued">+${p.queued} QUEUED</span>` : "";
    const win = this.played > 0 ? ` <span class="fs-win" data-test="fs-win">${money(this.win)}</span>` : "";
    return `<span class="fs-label">FREE SPIN</span> <b data-test="fs-spin">${p.spin}</b> OF <b data-test="fs-of">${p.of}</b> <span class="fs-mult" title="Line wins doubled">×2</span>${queued}${win}`;
  }

  /** The counter as a sentence (screen readers, tests). */
  plain(money: (minor: number) => string): string | null {
    return this.html(money)?.replace(/<[^>]+>/g, "") ?? null;
  }

  /** A total that disagrees with the batches (a round resumed from its awaiting alone): one batch of what is left. */
  private reconcile(total: number): void {
    const sum = this.awarded;
    if (total > sum) this.batches.push(total - sum);
    else if (total < sum) this.batches = [total];
  }
}
