/**
 * Exact rationals on BigInt, for maths that must be certified without rounding (small
 * Markov chains, optimal-play policies). Always normalised: positive denominator, gcd 1.
 */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint | number, den: bigint | number = 1n) {
    let n = typeof num === "bigint" ? num : toBigInt(num);
    let d = typeof den === "bigint" ? den : toBigInt(den);
    if (d === 0n) throw new RangeError("Fraction: zero denominator");
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    this.num = g > 1n ? n / g : n;
    this.den = g > 1n ? d / g : d;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  /** The exact value of a finite double (every double is a dyadic rational). */
  static fromNumber(x: number): Fraction {
    if (!Number.isFinite(x)) throw new RangeError(`Fraction: ${x} is not finite`);
    if (Number.isInteger(x)) return new Fraction(BigInt(x));
    let den = 1n;
    let v = x;
    while (!Number.isInteger(v)) {
      v *= 2;
      den *= 2n;
    }
    return new Fraction(BigInt(v), den);
  }

  add(o: Fraction): Fraction {
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    if (o.num === 0n) throw new RangeError("Fraction: division by zero");
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  neg(): Fraction {
    return new Fraction(-this.num, this.den);
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  /** −1, 0 or 1 as this is below, equal to or above `o`. */
  compare(o: Fraction): number {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  /** The nearest double (to within an ulp or so, also for huge numerators and denominators). */
  toNumber(): number {
    const n = this.num;
    const d = this.den;
    const bits = (x: bigint) => (x < 0n ? -x : x).toString(2).length;
    const shift = Math.max(0, Math.max(bits(n), bits(d)) - 1000);
    if (shift === 0) return Number(n) / Number(d);
    return Number(n >> BigInt(shift)) / Number(d >> BigInt(shift));
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

function toBigInt(x: number): bigint {
  if (!Number.isInteger(x)) throw new RangeError(`Fraction: ${x} is not an integer (use Fraction.fromNumber)`);
  return BigInt(x);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
