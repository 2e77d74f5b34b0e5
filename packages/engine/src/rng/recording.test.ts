/** Recording and replay of draws, and forced draws: the audit and QA tools of the RNG layer. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CryptoRng } from "./crypto.js";
import { type Draw, ForcedRng, RecordingRng, ReplayMismatchError, ReplayRng } from "./recording.js";
import { Xoshiro128 } from "./xoshiro.js";

const TWO_32 = 4294967296;
const rangeArb = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: TWO_32 }), fc.constant(TWO_32));

describe("RecordingRng and ReplayRng", () => {
  it("a replay serves exactly the recorded values for the same ranges", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(rangeArb, { maxLength: 40 }), (seed, ranges) => {
        const recorder = new RecordingRng(new Xoshiro128(seed));
        const values = ranges.map((n) => (n === TWO_32 ? recorder.nextU32() : recorder.int(n)));
        expect(recorder.draws.map((d) => d[0])).toEqual(ranges);
        // The recording is plain JSON: it survives storage.
        const replay = new ReplayRng(JSON.parse(JSON.stringify(recorder.draws)) as Draw[]);
        expect(ranges.map((n) => (n === TWO_32 ? replay.nextU32() : replay.int(n)))).toEqual(values);
        expect(replay.exhausted).toBe(true);
      }),
    );
  });

  it("records values identical to the wrapped source and keeps its kind", () => {
    const recorder = new RecordingRng(new Xoshiro128(3));
    const plain = new Xoshiro128(3);
    for (const n of [6, 100, 2 ** 31 + 5]) expect(recorder.int(n)).toBe(plain.int(n));
    expect(recorder.kind).toBe("seeded");
  });

  it("a replay asked for a different range fails with the draw number and both ranges", () => {
    const replay = new ReplayRng([
      [10, 3],
      [20, 7],
    ]);
    expect(replay.int(10)).toBe(3);
    expect(() => replay.int(21)).toThrow(ReplayMismatchError);
    expect(() => replay.int(21)).toThrow(/draw #2: recorded range 20, asked for 21/);
    expect(replay.exhausted).toBe(false);
  });

  it("a replay asked for more draws than recorded fails", () => {
    const replay = new ReplayRng([[6, 5]]);
    expect(replay.int(6)).toBe(5);
    expect(replay.exhausted).toBe(true);
    expect(() => replay.int(6)).toThrow(/draw #2 but only 1 were recorded/);
    expect(() => new ReplayRng([]).nextU32()).toThrow(ReplayMismatchError);
  });

  it("nextU32 and int(2^32) are distinct calls only by value, recorded as range 2^32", () => {
    const recorder = new RecordingRng(new Xoshiro128(1));
    recorder.nextU32();
    expect(recorder.draws[0]?.[0]).toBe(TWO_32);
    const replay = new ReplayRng(recorder.draws);
    expect(() => replay.int(TWO_32 - 1)).toThrow(ReplayMismatchError);
  });
});

describe("ForcedRng", () => {
  it("serves the forced values in order, then the fallback's draws", () => {
    const forced = new ForcedRng([4, 0, 9], new Xoshiro128(5));
    const fallback = new Xoshiro128(5);
    expect(forced.remaining).toBe(3);
    expect([forced.int(5), forced.int(1), forced.int(10)]).toEqual([4, 0, 9]);
    expect(forced.remaining).toBe(0);
    expect(forced.int(1000)).toBe(fallback.int(1000));
    expect(forced.nextU32()).toBe(fallback.nextU32());
    // Chosen values are never a CSPRNG's, even when the fallback is one.
    expect(forced.kind).toBe("forced");
    expect(new ForcedRng([], new CryptoRng()).kind).toBe("forced");
  });

  it("refuses a forced value outside the range asked for, and consumes nothing", () => {
    for (const [value, range] of [
      [5, 5],
      [-1, 5],
      [1.5, 5],
      [Number.NaN, 5],
      [TWO_32, TWO_32],
    ] as const) {
      const forced = new ForcedRng([value], new Xoshiro128(1));
      const call = () => (range === TWO_32 ? forced.nextU32() : forced.int(range));
      expect(call).toThrow(RangeError);
      expect(call).toThrow(/forced draw #1/);
      expect(forced.remaining).toBe(1);
    }
  });

  it("accepts the largest value of each range", () => {
    fc.assert(
      fc.property(rangeArb, (n) => {
        const forced = new ForcedRng([n - 1], new Xoshiro128(1));
        expect(n === TWO_32 ? forced.nextU32() : forced.int(n)).toBe(n - 1);
      }),
    );
  });
});
