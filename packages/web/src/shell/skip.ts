/**
 * Skippable presentation: banners, pauses between wins and count-ups register here, and
 * one SKIP from the player ends all of them at once.
 */
export class Skipper {
  private readonly pending = new Set<() => void>();

  /** Called when the set of skippable things goes from empty to non-empty or back. */
  constructor(private readonly onChange: () => void = () => {}) {}

  /** True while something can be skipped. */
  get active(): boolean {
    return this.pending.size > 0;
  }

  /** Registers `finish` to run on the next skip; returns the function that unregisters it. */
  hold(finish: () => void): () => void {
    const entry = () => finish();
    this.pending.add(entry);
    if (this.pending.size === 1) this.onChange();
    return () => {
      if (this.pending.delete(entry) && this.pending.size === 0) this.onChange();
    };
  }

  /** Waits `ms`, or less if the player skips. */
  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const release = this.hold(() => done());
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        release();
        resolve();
      };
    });
  }

  /** Ends everything under way; true when there was something to skip. */
  skip(): boolean {
    const all = [...this.pending];
    for (const finish of all) finish();
    return all.length > 0;
  }
}
