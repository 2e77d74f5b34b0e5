/**
 * The runner on real worker threads with the real game: deterministic for a seed and
 * thread count, identical to running the shards in-process, and strict about options.
 */
import { getGame } from "@reelhouse/games";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SimReport, TIMING_FIELDS } from "./report.js";
import { defaultBet, exactRtpAt, shardRounds, simulate } from "./runner.js";
import { runShard } from "./shard.js";
import { mergeTallies } from "./tally.js";

const GAME = "mermaid-treasure";

/** A report without its timing fields: what must be bit-for-bit reproducible. */
function withoutTiming(report: SimReport): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...report };
  for (const field of TIMING_FIELDS) delete copy[field];
  return copy;
}

describe("shardRounds", () => {
  it("splits N rounds over T shards exactly, differing by at most one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 1, max: 256 }), (rounds, threads) => {
        const parts = Array.from({ length: threads }, (_, k) => shardRounds(rounds, threads, k));
        expect(parts.reduce((a, b) => a + b, 0)).toBe(rounds);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("simulate", () => {
  it("same seed and threads give the same report, bit for bit apart from timing", async () => {
    const options = { game: GAME, rounds: 60_000, seed: 12345, threads: 2, exact: false };
    const [a, b] = await Promise.all([simulate(options), simulate(options)]);
    expect(JSON.stringify(withoutTiming(a))).toBe(JSON.stringify(withoutTiming(b)));
    const other = await simulate({ ...options, seed: 54321 });
    expect(other.winTotal).not.toBe(a.winTotal);
  });

  it("workers play exactly what the in-process shards play (same production code, streams 0..T-1)", async () => {
    const threads = 3;
    const rounds = 30_001;
    const bet = defaultBet(GAME);
    const report = await simulate({ game: GAME, rounds, seed: 7, threads, exact: false });
    const inProcess = mergeTallies(
      Array.from(
        { length: threads },
        (_, k) =>
          runShard({ game: GAME, bet, policy: "default", seed: 7, stream: k, rounds: shardRounds(rounds, threads, k) }).tally,
      ),
    );
    expect(report.rounds).toBe(rounds);
    expect(report.winTotal).toBe(inProcess.winTotal.toString());
    expect(report.betTotal).toBe((BigInt(rounds) * 150n).toString());
    expect(report.winDistribution.map((w) => w.count)).toEqual(inProcess.buckets);
  });

  it("reports every field, attributes every win to a source, and reaches the total in progress", async () => {
    const seen: number[] = [];
    const r = await simulate({
      game: GAME,
      rounds: 140_000,
      seed: 3,
      threads: 2,
      exact: false,
      onProgress: (done) => seen.push(done),
    });
    expect(seen.at(-1)).toBe(140_000);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(r).toMatchObject({ game: GAME, policy: "default", threads: 2, seed: 3, totalBet: 150 });
    expect(r.ci99[0]).toBeLessThan(r.rtp);
    expect(r.ci99[1]).toBeGreaterThan(r.rtp);
    expect(r.stdev).toBeGreaterThan(0);
    expect(Object.keys(r.breakdown)).toEqual(expect.arrayContaining(["baseLines", "baseScatter", "freeSpins", "bonus"]));
    for (const part of ["baseLines", "baseScatter", "freeSpins", "bonus"]) expect(r.breakdown[part]).toBeGreaterThan(0);
    // The game's winBy must split every win: nothing left unattributed.
    expect(r.unattributed).toBe(0);
    const parts = Object.values(r.breakdown).reduce((a, b) => a + b, 0);
    expect(parts).toBeCloseTo(r.rtp, 12);
    expect(Object.keys(r.features)).toEqual(expect.arrayContaining(["freeSpins", "bonus"]));
    expect(r.winDistribution.reduce((a, w) => a + w.count, 0)).toBe(140_000);
    expect(r.hitFrequency).toBeCloseTo(1 - (r.winDistribution[0]?.probability ?? 0), 12);
    expect(r.roundsPerSecond).toBeGreaterThan(0);
    expect(r.roundsPerSecondPerThread).toHaveLength(2);
  });

  it("plays the bet it is given (per bet level)", async () => {
    const r = await simulate({
      game: GAME,
      rounds: 5_000,
      seed: 1,
      threads: 1,
      exact: false,
      bet: { coinValue: 2, coinsPerLine: 3, lines: 1 },
    });
    expect(r.totalBet).toBe(6);
    expect(r.betTotal).toBe("30000");
  });

  it("refuses bad options with a clear error before starting workers", async () => {
    await expect(simulate({ game: "no-such-game", rounds: 10 })).rejects.toThrow(/unknown game 'no-such-game'/);
    await expect(simulate({ game: GAME, rounds: 10, policy: "greedy" })).rejects.toThrow(/no policy 'greedy'; policies: default/);
    await expect(simulate({ game: GAME, rounds: 0 })).rejects.toThrow(/rounds must be an integer/);
    await expect(simulate({ game: GAME, rounds: 1.5 })).rejects.toThrow(/rounds must be an integer/);
    await expect(simulate({ game: GAME, rounds: 10, threads: 0 })).rejects.toThrow(/threads must be an integer/);
    await expect(simulate({ game: GAME, rounds: 10, seed: -1 })).rejects.toThrow(/seed must be an integer/);
    await expect(simulate({ game: GAME, rounds: 10, bet: { coinValue: 1, coinsPerLine: 1, lines: 16 } })).rejects.toThrow(
      /lines must be one of/,
    );
  });
});

describe("exactRtpAt", () => {
  const report = {
    rtp: 0.943,
    variants: [
      {
        bet: { lines: 25, coinsPerLine: 9 },
        mode: "base",
        policy: "any",
        config: null,
        rtp: 0.943,
        breakdown: { baseLines: 0, baseScatter: 0 },
      },
      {
        bet: { lines: 25, coinsPerLine: 10 },
        mode: "base",
        policy: "any",
        config: null,
        rtp: 0.946,
        breakdown: { baseLines: 0, baseScatter: 0 },
      },
    ],
  };
  it("takes the variant whose bet fields all match the simulated bet, else the headline RTP", () => {
    expect(exactRtpAt(report, { coinValue: 5, coinsPerLine: 10, lines: 25 })).toBe(0.946);
    expect(exactRtpAt(report, { coinValue: 5, coinsPerLine: 9, lines: 25 })).toBe(0.943);
    expect(exactRtpAt({ ...report, rtp: 0.9 }, { coinValue: 5, coinsPerLine: 1, lines: 1 })).toBe(0.9);
    expect(exactRtpAt(report, null)).toBe(0.943);
  });

  it("compares a Mona Lisa Jewels max-bet simulation with the max-bet RTP", async () => {
    const bet = { coinValue: 1, coinsPerLine: 10, lines: 25 };
    const report = await simulate({ game: "mona-lisa-jewels", rounds: 20_000, seed: 3, threads: 1, bet });
    const exact = getGame("mona-lisa-jewels")?.exact({ fullCycle: false });
    expect(report.exact?.rtp).toBe(exact?.variants.find((v) => v.figures?.maxBet === 1)?.rtp);
    expect(report.exact?.rtp).not.toBe(exact?.rtp);
  });
});
