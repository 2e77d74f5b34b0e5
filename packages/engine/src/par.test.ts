import { describe, expect, it } from "vitest";
import { PAR_SCHEMA, parReport, rtpBands } from "./par.js";

describe("PAR report helpers", () => {
  it("rtpBands: rtp ± 2.576·σ/√N for N = 10^4 … 10^8", () => {
    const bands = rtpBands(0.96, 6);
    expect(bands.map((b) => b.rounds)).toEqual([1e4, 1e5, 1e6, 1e7, 1e8]);
    expect(bands[0]?.halfWidth).toBeCloseTo((2.576 * 6) / 100, 15);
    expect(bands[4]?.low).toBeCloseTo(0.96 - (2.576 * 6) / 1e4, 15);
  });

  it("parReport fills every field of the schema around the core figures", () => {
    const r = parReport({ game: "g", version: "1", rtp: 0.5, breakdown: { baseLines: 0.5, baseScatter: 0 }, hitFrequency: 0.4 });
    expect(r.schema).toBe(PAR_SCHEMA);
    expect(r.hitFrequency).toBe(0.4);
    expect(Number.isNaN(r.stdev)).toBe(true);
    expect(r.variants).toEqual([]);
  });
});
