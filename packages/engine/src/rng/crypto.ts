import { randomFillSync } from "node:crypto";
import { type Rng, scaleUnbiased } from "./rng.js";

/**
 * The production RNG: the operating system's CSPRNG through node:crypto, read in
 * buffered blocks of 32-bit words so that a draw costs no system call.
 */
export class CryptoRng implements Rng {
  readonly kind = "csprng" as const;
  private readonly words: Uint32Array;
  private index: number;

  constructor(bufferWords = 1024) {
    this.words = new Uint32Array(bufferWords);
    this.index = bufferWords;
  }

  nextU32(): number {
    if (this.index >= this.words.length) {
      randomFillSync(this.words);
      this.index = 0;
    }
    return this.words[this.index++] as number;
  }

  int(n: number): number {
    return scaleUnbiased(() => this.nextU32(), n);
  }
}
