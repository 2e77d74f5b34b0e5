/**
 * RTP by dimensions on real worker threads: each variant of a run reports exactly what a
 * separate run of that variant reports (same seed, same streams), labels name them, and
 * every variant is validated before any worker starts.
 */
import { describe, expect, it } from "vitest";
import { type SimReport, TIMING_FIELDS } from "./report.js";
import { simulate } from "./runner.js";
import { crossVariants, simulateVariants, variantLabel } from "./variants.js";

const GAME = "mermaid-treasure";

function withoutTiming(report: SimReport): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...report };
  for (const field of TIMING_FIELDS) delete copy[field];
  delete copy.label;
  return copy;
}

describe("simulateVariants", () => {
  it("reports each variant exactly as a separate run of it with the same seed and threads", async () => {
    const bets = [
      { coinValue: 1, coinsPerLine: 1, lines: 15 },
      { coinValue: 2, coinsPerLine: 3, lines: 4 },
    ];
    const options = { game: GAME, rounds: 20_000, seed: 41, threads: 2 };
    const report = await simulateVariants({ ...options, variants: [{ bet: bets[0] }, { label: "four lines", bet: bets[1] }] });
    expect(report).toMatchObject({ game: GAME, seed: 41, threads: 2, rounds: 20_000 });
    expect(report.variants.map((v) => v.label)).toEqual(['bet={"coinValue":1,"coinsPerLine":1,"lines":15}', "four lines"]);
    for (const [i, bet] of bets.entries()) {
      const alone = await simulate({ ...options, bet });
      expect(withoutTiming(report.variants[i] as SimReport)).toEqual(withoutTiming(alone));
      // Each bet is compared with its exact RTP, as a single run is.
      expect(report.variants[i]?.exact?.rtp).toBeCloseTo(0.9656, 4);
    }
    // Common random numbers: the same draws, so the 4-line variant's wins differ only by the lines it plays.
    expect(report.variants[1]?.totalBet).toBe(24);
    expect(report.variants[0]?.winTotal).not.toBe(report.variants[1]?.winTotal);
  });

  it("makes no exact comparison for a variant whose context differs from what the exact maths computes", async () => {
    const report = await simulateVariants({
      game: GAME,
      rounds: 1000,
      seed: 3,
      threads: 1,
      variants: [{}, { context: { autoplay: true } }],
    });
    expect(report.variants[0]?.exact?.rtp).toBeCloseTo(0.9656, 4);
    expect(report.variants[1]?.exact).toBeUndefined();
  });

  it("validates every variant before starting, and refuses an empty list", async () => {
    await expect(simulateVariants({ game: GAME, rounds: 10, variants: [] })).rejects.toThrow(/variants must not be empty/);
    await expect(simulateVariants({ game: GAME, rounds: 10, variants: [{}, { policy: "greedy" }] })).rejects.toThrow(
      /no policy 'greedy'/,
    );
    await expect(
      simulateVariants({ game: GAME, rounds: 10, variants: [{ bet: { coinValue: 1, coinsPerLine: 1, lines: 99 } }] }),
    ).rejects.toThrow(/lines must be one of/);
    await expect(simulateVariants({ game: GAME, rounds: 10, variants: [{ config: { rtp: 90 } }] })).rejects.toThrow(
      /no operator configuration/,
    );
  });
});

describe("crossVariants and labels", () => {
  it("crosses bets, policies and configurations; absent dimensions keep the defaults", () => {
    expect(crossVariants({ bets: [1, 2], policies: ["a", "b"] })).toEqual([
      { bet: 1, policy: "a" },
      { bet: 1, policy: "b" },
      { bet: 2, policy: "a" },
      { bet: 2, policy: "b" },
    ]);
    expect(crossVariants({ configs: [{ level: 70 }] })).toEqual([{ config: { level: 70 } }]);
    expect(crossVariants({})).toEqual([{}]);
    expect(variantLabel({})).toBe("default");
    expect(variantLabel({ policy: "optimal", config: { level: 95 }, context: { autoplay: true } })).toBe(
      'policy=optimal config={"level":95} context={"autoplay":true}',
    );
  });
});
