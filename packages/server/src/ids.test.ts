import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprint, newId } from "./ids.js";

/** The definition: JSON.stringify with every object's keys sorted. */
function reference(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

describe("ids", () => {
  it("prints canonical JSON exactly as JSON.stringify with sorted keys (property over JSON values)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
        // Key order does not matter.
        const reparsed = JSON.parse(JSON.stringify(value)) as unknown;
        expect(canonicalJson(reparsed)).toBe(canonicalJson(value));
      }),
      { numRuns: 500 },
    );
    expect(canonicalJson({ b: 1, a: [1, { d: undefined, c: "x" }], e: undefined })).toBe('{"a":[1,{"c":"x"}],"b":1}');
  });

  it("fingerprints a request as SHA-256 of its route and canonical body (stable across versions)", () => {
    const body = { requestId: "r1", bet: { lines: 15, coinValue: 1 } };
    const expected = createHash("sha256").update("start:g").update("\n").update(reference(body)).digest("hex");
    expect(fingerprint("start:g", body)).toBe(expected);
    expect(fingerprint("start:g", { bet: { coinValue: 1, lines: 15 }, requestId: "r1" })).toBe(expected);
  });

  it("makes unique ids that sort in creation order", () => {
    const ids = Array.from({ length: 5000 }, () => newId("tx"));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toMatch(/^tx_[0-9a-z]{12}[0-9a-f]{12}$/);
  });
});
