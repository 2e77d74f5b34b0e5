/**
 * The free-spin queue as the player reads it: "Jewel 1/2 — then 7 free spins". Jewel spins
 * always play first, then the remaining normal free spins (the round decides the order;
 * this only keeps count of what the events and the awaiting values said).
 */
export class FreeSpinQueue {
  /** The Jewel series: spins played and in all (played 0: awarded, not started). */
  private jewel: { played: number; of: number } | null = null;
  /** Normal free spins played and awarded in the round. */
  private normal = { played: 0, awarded: 0 };
  /** The kind of the spin being played (null before the first free spin). */
  private current: "jewel" | "normal" | null = null;
  /** Everything won since the first free spin began. */
  private win = 0;

  /** True once a free spin of either kind has started. */
  get inFeature(): boolean {
    return this.current !== null;
  }

  /** True while spins are awarded or being played. */
  get active(): boolean {
    return this.jewel !== null || this.normal.awarded > 0;
  }

  /** A Jewel series was awarded (`awarded` spins, none played yet). */
  jewelAwarded(awarded: number): void {
    this.jewel = { played: 0, of: awarded };
  }

  /** Normal free spins were awarded: the round now has `total` in all. */
  normalAwarded(total: number): void {
    this.normal = { played: this.normal.played, awarded: total };
  }

  /** A free spin started: the `spin`-th of `of` of its kind. */
  started(kind: "jewel" | "normal", spin: number, of: number): void {
    this.current = kind;
    if (kind === "jewel") this.jewel = { played: spin, of };
    else {
      this.jewel = null;
      this.normal = { played: spin, awarded: of };
    }
  }

  /** What the round awaits next, as the server said it. */
  awaiting(kind: "jewel" | "normal", jewelLeft: number, played: number, awarded: number): void {
    this.normal = { played, awarded };
    if (kind === "normal") this.jewel = null;
    // A series the events did not show (a resumed round) starts counting here.
    else if (!this.jewel || this.jewel.of - this.jewel.played !== jewelLeft) this.jewel = { played: 0, of: jewelLeft };
  }

  /** A spin's win (counted once free spins have started). */
  won(amount: number): void {
    if (this.current !== null) this.win += amount;
  }

  /** The queue line (HTML), or null when no free spins are awarded or playing. */
  text(money: (minor: number) => string): string | null {
    const normalLeft = this.normal.awarded - this.normal.played;
    const win = this.current !== null ? ` <span class="fs-win">${money(this.win)}</span>` : "";
    if (this.jewel) {
      const jewel =
        this.jewel.played > 0
          ? `<span class="fs-label">JEWEL</span> <b data-test="jewel-played">${this.jewel.played}</b>/<b data-test="jewel-of">${this.jewel.of}</b>`
          : `<span class="fs-label">JEWEL SPINS</span> <b data-test="jewel-of">${this.jewel.of}</b>`;
      const then =
        normalLeft > 0 ? ` — then <b data-test="normal-left">${normalLeft}</b> free spin${normalLeft > 1 ? "s" : ""}` : "";
      return `${jewel}${then}${win}`;
    }
    if (this.normal.awarded === 0) return null;
    return `<span class="fs-label">FREE SPIN</span> <b data-test="fs-played">${this.normal.played}</b>/<b data-test="fs-awarded">${this.normal.awarded}</b> <span class="fs-mult" title="Wilds multiply line wins">×2 ×4 ×8</span>${win}`;
  }

  /** The queue line as plain text (tests, screen readers). */
  plain(money: (minor: number) => string): string | null {
    return this.text(money)?.replace(/<[^>]+>/g, "") ?? null;
  }
}
