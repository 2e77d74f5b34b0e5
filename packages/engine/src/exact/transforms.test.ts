import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../rng/xoshiro.js";
import { convolve } from "./histogram.js";
import {
  chernoffTail,
  fft,
  foldedMassBound,
  lawFromTransform,
  lawTransform,
  logGeneratingFunction,
  tiltLaw,
} from "./transforms.js";

describe("fft", () => {
  it("equals the naive DFT and inverts itself", () => {
    const rng = new Xoshiro128(5);
    const n = 64;
    const re = Float64Array.from({ length: n }, () => rng.int(1000) / 1000 - 0.5);
    const im = Float64Array.from({ length: n }, () => rng.int(1000) / 1000 - 0.5);
    const fr = re.slice();
    const fi = im.slice();
    fft(fr, fi);
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let t = 0; t < n; t++) {
        const a = (-2 * Math.PI * k * t) / n;
        sr += (re[t] as number) * Math.cos(a) - (im[t] as number) * Math.sin(a);
        si += (re[t] as number) * Math.sin(a) + (im[t] as number) * Math.cos(a);
      }
      expect(fr[k]).toBeCloseTo(sr, 12);
      expect(fi[k]).toBeCloseTo(si, 12);
    }
    fft(fr, fi, true);
    for (let t = 0; t < n; t++) {
      expect(fr[t]).toBeCloseTo(re[t] as number, 14);
      expect(fi[t]).toBeCloseTo(im[t] as number, 14);
    }
    expect(() => fft(new Float64Array(6), new Float64Array(6))).toThrow(/power of two/);
  });
});

describe("laws through transforms", () => {
  it("a product of transforms is the direct convolution of the laws", () => {
    const rng = new Xoshiro128(6);
    const a = Float64Array.from({ length: 40 }, () => rng.int(10));
    const b = Float64Array.from({ length: 70 }, () => (rng.int(3) === 0 ? rng.int(10) : 0));
    const sa = a.reduce((x, y) => x + y, 0);
    const sb = b.reduce((x, y) => x + y, 0);
    a.forEach((v, i) => {
      a[i] = v / sa;
    });
    b.forEach((v, i) => {
      b[i] = v / sb;
    });
    const ta = lawTransform(a, 128);
    const tb = lawTransform(b, 128);
    const re = ta.re.map((x, i) => x * (tb.re[i] as number) - (ta.im[i] as number) * (tb.im[i] as number));
    const im = ta.re.map((x, i) => x * (tb.im[i] as number) + (ta.im[i] as number) * (tb.re[i] as number));
    const law = lawFromTransform(re, im);
    const direct = convolve(a, b);
    for (let v = 0; v < 128; v++) expect(law[v]).toBeCloseTo(direct[v] ?? 0, 15);
  });

  it("mass beyond the transform size folds back onto v mod size", () => {
    const t = lawTransform([0.5, 0, 0, 0, 0, 0.5], 4);
    expect([...lawFromTransform(t.re, t.im)].map((x) => Math.round(x * 1e12) / 1e12)).toEqual([0.5, 0.5, 0, 0]);
  });
});

describe("tail bounds", () => {
  it("the log generating function at real z, and a Chernoff bound above the true tail", () => {
    // Binomial(20, 0.3): P(X ≥ 15) exactly, against the bound from its generating function.
    const law = new Float64Array(21);
    let c = 1;
    for (let k = 0; k <= 20; k++) {
      law[k] = c * 0.3 ** k * 0.7 ** (20 - k);
      c = (c * (20 - k)) / (k + 1);
    }
    expect(logGeneratingFunction(law, 2)).toBeCloseTo(20 * Math.log(0.7 + 0.6), 12);
    const tail = law.slice(15).reduce((a, b) => a + b, 0);
    const { bound, theta } = chernoffTail(
      (th) => logGeneratingFunction(law, Math.exp(th)),
      15,
      Array.from({ length: 50 }, (_, i) => 0.1 * (i + 1)),
    );
    expect(bound).toBeGreaterThanOrEqual(tail);
    expect(bound).toBeLessThan(1e-3);
    expect(theta).toBeGreaterThan(0);
    expect(chernoffTail(() => Number.POSITIVE_INFINITY, 1, [1]).bound).toBe(1);
  });
});

describe("tilted transforms", () => {
  it("recover tails far below the FFT's rounding, and the folded mass stays within its bound", () => {
    // Geometric law P(v) = (1 − q) q^v, v < 4096: its tail at v ~ 1000 is ~1e-30, invisible without a tilt.
    const q = 0.93;
    const law = Float64Array.from({ length: 4096 }, (_, v) => (1 - q) * q ** v);
    const size = 2048;
    const theta = 60 / size;
    const square = (t: { re: Float64Array; im: Float64Array }) => ({
      re: t.re.map((x, i) => x * x - (t.im[i] as number) ** 2),
      im: t.re.map((x, i) => 2 * x * (t.im[i] as number)),
    });
    // Law of the sum of two draws: (1 − q)^2 (v + 1) q^v.
    const plain = square(lawTransform(law, size));
    const tilted = square(lawTransform(tiltLaw(law, theta), size));
    const noTilt = lawFromTransform(plain.re, plain.im);
    const withTilt = tiltLaw(lawFromTransform(tilted.re, tilted.im), -theta);
    const exact = (v: number) => (1 - q) ** 2 * (v + 1) * q ** v;
    // Without a tilt the rounding (~1e-19 here) swamps P(500) ~ 4e-16; with it, P(1000) ~ 1.5e-31 still shows.
    expect(Math.abs((noTilt[500] as number) / exact(500) - 1)).toBeGreaterThan(1e-6);
    for (const v of [0, 10, 300, 500]) expect((withTilt[v] as number) / exact(v)).toBeCloseTo(1, 8);
    expect((withTilt[1000] as number) / exact(1000)).toBeCloseTo(1, 1);
    // The folded mass: everything at or above `size`, weighted as the tilt weights it.
    const logMgf = (t: number) => 2 * (Math.log(1 - q) - Math.log(1 - q * Math.exp(t)));
    const { bound } = foldedMassBound(logMgf, size, theta, [0.03, 0.04, 0.05, 0.06, 0.065]);
    let folded = 0;
    for (let w = size; w < 8192; w++) folded += exact(w) * Math.exp(theta * (w - (w % size)));
    expect(folded).toBeLessThanOrEqual(bound);
    expect(bound).toBeLessThan(1e-20);
  });
});
