import { describe, expect, it } from "vitest";
import { accountPayloads, weightier } from "./account-signals.js";
import { MAX_SIGNAL_BYTES } from "./signals.js";

describe("account signals", () => {
  it("keep the cause that asks the most of a client: grant, cancel, adjustment, round", () => {
    expect(weightier("round", "grant")).toBe("grant");
    expect(weightier("grant", "round")).toBe("grant");
    expect(weightier("adjustment", "cancel")).toBe("cancel");
    expect(weightier("round", "adjustment")).toBe("adjustment");
    expect(weightier("round", "round")).toBe("round");
  });

  it("split many players into payloads under the NOTIFY limit, each player once", () => {
    const changes = new Map(Array.from({ length: 500 }, (_, i) => [`pl_${String(i).padStart(24, "0")}`, "round" as const]));
    const payloads = accountPayloads(changes);
    expect(payloads.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const p of payloads) {
      expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_SIGNAL_BYTES);
      const signal = JSON.parse(p) as { t: string; a: [string, string][] };
      expect(signal.t).toBe("acct");
      seen.push(...signal.a.map(([id]) => id));
    }
    expect(seen).toEqual([...changes.keys()]);
    expect(accountPayloads(new Map())).toEqual([]);
  });
});
