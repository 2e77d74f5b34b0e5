import type { Rng } from "./rng.js";

/** One recorded draw: the range asked for and the value returned. */
export type Draw = [range: number, value: number];

/**
 * Wraps a source and records every scaled draw, so that the step it served can be
 * stored with its draws and replayed exactly later (audit, `reelhouse replay`).
 */
export class RecordingRng implements Rng {
  readonly draws: Draw[] = [];
  constructor(private readonly source: Rng) {}
  get kind(): Rng["kind"] {
    return this.source.kind;
  }
  nextU32(): number {
    const v = this.source.nextU32();
    this.draws.push([4294967296, v]);
    return v;
  }
  int(n: number): number {
    const v = this.source.int(n);
    this.draws.push([n, v]);
    return v;
  }
}

/** Thrown when a replay asks for a draw the recording does not hold. */
export class ReplayMismatchError extends Error {}

/**
 * Serves recorded draws back in order; any difference in the ranges asked for, or a
 * draw past the end, means the code no longer behaves as when it was recorded.
 */
export class ReplayRng implements Rng {
  readonly kind = "replay" as const;
  private index = 0;
  constructor(private readonly draws: readonly Draw[]) {}
  nextU32(): number {
    return this.take(4294967296);
  }
  int(n: number): number {
    return this.take(n);
  }
  /** True when every recorded draw was consumed. */
  get exhausted(): boolean {
    return this.index === this.draws.length;
  }
  private take(range: number): number {
    const draw = this.draws[this.index];
    if (!draw)
      throw new ReplayMismatchError(`replay asked for draw #${this.index + 1} but only ${this.draws.length} were recorded`);
    if (draw[0] !== range) {
      throw new ReplayMismatchError(`replay draw #${this.index + 1}: recorded range ${draw[0]}, asked for ${range}`);
    }
    this.index++;
    return draw[1];
  }
}

/**
 * Serves chosen values first (each must lie in the range asked for), then falls back to
 * another source. This is how tests and dev-mode QA force reel stops and pick prizes:
 * the game code runs unchanged, only its draws are chosen.
 */
export class ForcedRng implements Rng {
  private index = 0;
  constructor(
    private readonly values: readonly number[],
    private readonly fallback: Rng,
  ) {}
  /** Forced draws are chosen, not random: the source says so even when it falls back to the CSPRNG. */
  readonly kind = "forced" as const;
  /** How many forced values are still unused. */
  get remaining(): number {
    return this.values.length - this.index;
  }
  nextU32(): number {
    return this.index < this.values.length ? this.take(4294967296) : this.fallback.nextU32();
  }
  int(n: number): number {
    return this.index < this.values.length ? this.take(n) : this.fallback.int(n);
  }
  private take(range: number): number {
    const v = this.values[this.index] as number;
    if (!Number.isInteger(v) || v < 0 || v >= range) {
      throw new RangeError(`forced draw #${this.index + 1} is ${v}, outside [0, ${range})`);
    }
    this.index++;
    return v;
  }
}
