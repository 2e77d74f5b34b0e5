/** The RNG policy: production is always the CSPRNG and refuses seeds. */
import { describe, expect, it } from "vitest";
import { CryptoRng } from "./crypto.js";
import { createRng, type RunMode, SeededRngRefusedError } from "./policy.js";
import { Xoshiro128 } from "./xoshiro.js";

describe("createRng", () => {
  it("refuses a seed in production, whatever the seed or stream", () => {
    for (const seed of [0, 1, 2 ** 40]) {
      expect(() => createRng("production", seed)).toThrow(SeededRngRefusedError);
      expect(() => createRng("production", seed, 3)).toThrow(/refused in production/);
    }
  });

  it("production without a seed is the CSPRNG", () => {
    const rng = createRng("production");
    expect(rng).toBeInstanceOf(CryptoRng);
    expect(rng.kind).toBe("csprng");
  });

  it.each(["dev", "test", "simulation"] as RunMode[])("%s with a seed is the seeded stream of that seed", (mode) => {
    const rng = createRng(mode, 1234, 2);
    expect(rng.kind).toBe("seeded");
    const reference = new Xoshiro128(1234, 2);
    for (let i = 0; i < 20; i++) expect(rng.int(1000)).toBe(reference.int(1000));
  });

  it.each(["dev", "test", "simulation"] as RunMode[])("%s without a seed is the CSPRNG", (mode) => {
    expect(createRng(mode).kind).toBe("csprng");
  });
});
