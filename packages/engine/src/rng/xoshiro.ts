import { type Rng, scaleUnbiased } from "./rng.js";

/** splitmix32 step: expands one 32-bit seed word into well-mixed state words. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Largest range served by the fast path of {@link Xoshiro128.int}. */
const FAST_MAX = 65536;
/** Rejection limit per range (0 = not computed yet), shared: it depends on the range only. */
const FAST_LIMITS = new Float64Array(FAST_MAX + 1);

const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

/**
 * xoshiro128** (Blackman & Vigna): a fast seeded PRNG for simulation and tests only.
 * Streams are made independent by the generator's jump function (2^64 steps apart),
 * so worker `k` of a simulation draws from a sequence no other worker touches.
 */
export class Xoshiro128 implements Rng {
  readonly kind = "seeded" as const;
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /**
   * @param seed any integer (its low 32 bits and the next 21 high bits are mixed in)
   * @param stream independent stream index (jumps `stream` times)
   */
  constructor(seed: number, stream = 0) {
    const st = { s: (seed >>> 0) ^ (Math.floor(seed / 4294967296) * 0x632be5ab) };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
    for (let i = 0; i < stream; i++) this.jump();
  }

  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  int(n: number): number {
    // Fast path for ranges up to 2^16 with the same semantics as scaleUnbiased (which
    // draws no word for n = 1, so neither may this path). The rejection limit of each
    // range is computed once (a game alternates between its reels' lengths), and the
    // remainder is taken by floor division: exact for u < 2^32, cheaper than `%` on doubles.
    let limit = FAST_LIMITS[n];
    if (limit === undefined || limit === 0) {
      if (!(n > 1 && n <= FAST_MAX && Number.isInteger(n))) return scaleUnbiased(() => this.nextU32(), n);
      limit = 4294967296 - (4294967296 % n);
      FAST_LIMITS[n] = limit;
    }
    let u = this.nextU32();
    while (u >= limit) u = this.nextU32();
    // `| 0` keeps the result a small integer (not a double) for the callers' array indexing.
    return (u - Math.floor(u / n) * n) | 0;
  }

  /** Advances the state by 2^64 draws. */
  jump(): void {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (const word of JUMP) {
      for (let bit = 0; bit < 32; bit++) {
        if (word & (1 << bit)) {
          s0 ^= this.a;
          s1 ^= this.b;
          s2 ^= this.c;
          s3 ^= this.d;
        }
        this.nextU32();
      }
    }
    this.a = s0;
    this.b = s1;
    this.c = s2;
    this.d = s3;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
