/**
 * Non-cash units, valued RTP, sessions, gamble net results and context overrides through
 * the real worker threads, on a fixture game loaded from its module (not registered with
 * the platform). Exact identities hold to the unit; RTPs lie in their 99% bands around
 * values derived by hand from the fixture's rules.
 */
import { describe, expect, it } from "vitest";
import { inBand } from "./report.js";
import { simulate } from "./runner.js";
import { loadGameModule, runShard } from "./shard.js";
import { mergeTallies } from "./tally.js";
import { simulateVariants } from "./variants.js";

const MODULE = new URL("./fixtures/units-game.ts", import.meta.url).href;
const GAME = "units-demo";
const PREFER_UPPER = [{ game: "upper" }, { game: "lower" }];
/**
 * Long-run share of upper rounds p: Bonuses in = out, 0.9 (1 − p) = p, p = 9/19. Valued RTP
 * at 80 per Bonus: [(10/19)(6 + 0.9·80) + (9/19)·25] / [(10/19)·20 + (9/19)·100] = 1005/1100.
 */
const VALUED_RTP = 1005 / 1100;

describe("units through workers", () => {
  it("a session carries Bonuses between rounds: exact unit accounting, valued RTP in its band", async () => {
    const session = { balances: { bonus: 0 }, bets: PREFER_UPPER };
    const r = await simulate({
      game: GAME,
      gameModule: MODULE,
      rounds: 200_000,
      seed: 5,
      threads: 2,
      unitValues: { bonus: 80 },
      session,
    });
    const won = BigInt(r.units?.bonus?.won ?? "x");
    const staked = BigInt(r.units?.bonus?.staked ?? "x");
    // Every Bonus won was spent or is still held at the end: one session per thread.
    expect(r.session?.sessions).toBe(2);
    const held = BigInt(Math.round((r.session?.meanEndBalances.bonus ?? 0) * 2));
    expect(won - staked).toBe(held);
    expect(r.session?.roundsByBet.reduce((a, b) => a + b, 0)).toBe(200_000);
    // Each upper round staked one Bonus.
    expect(BigInt(r.session?.roundsByBet[0] ?? -1)).toBe(staked);
    // Valued RTP: (cash won + 80 x Bonuses won) / (cash bet + 80 x Bonuses staked), exactly from the totals.
    const valuedWin = BigInt(r.winTotal) + 80n * won;
    const valuedBet = BigInt(r.betTotal) + 80n * staked;
    expect(r.valued?.winTotal).toBe(valuedWin.toString());
    expect(r.valued?.betTotal).toBe(valuedBet.toString());
    expect(inBand(VALUED_RTP, r.valued?.ci99 ?? [0, 0])).toBe(true);
    // No exact comparison in a session: the exact maths knows one bet.
    expect(r.exact).toBeUndefined();
    // The workers played what in-process shards play.
    await loadGameModule(MODULE);
    const shards = [0, 1].map(
      (stream) =>
        runShard({
          game: GAME,
          bet: { game: "lower" },
          policy: "default",
          unitValues: { bonus: 80 },
          session,
          seed: 5,
          stream,
          rounds: 100_000,
        }).tally,
    );
    const merged = mergeTallies(shards);
    expect(merged.unitsWon.bonus).toBe(won);
    expect(merged.winTotal.toString()).toBe(r.winTotal);
  });

  it("gamble net results, negative or positive, are tallied exactly; autoplay and granted contexts refuse the gamble", async () => {
    const report = await simulateVariants({
      game: GAME,
      gameModule: MODULE,
      rounds: 100_000,
      seed: 8,
      threads: 2,
      variants: [
        { label: "collect", policy: "default" },
        { label: "always double", policy: "gamble" },
        { label: "autoplay", policy: "gamble", context: { autoplay: true } },
        { label: "granted", policy: "gamble", context: { granted: true } },
        { label: "no gamble here", policy: "gamble", context: { features: { gamble: false } } },
      ],
    });
    const [collect, gamble, ...refused] = report.variants;
    expect(collect?.unattributed).toBe(0);
    expect(gamble?.unattributed).toBe(0);
    expect(collect?.breakdown.gamble).toBeUndefined();
    // Doubling to the end loses most wins: most winning rounds end at 0 with parts {lines: +x, gamble: −x},
    // and still nothing is unattributed. The gamble's net is fair: 0 on average, inside the run's band.
    expect(gamble?.hitFrequency).toBeLessThan((collect?.hitFrequency ?? 0) / 4);
    expect(gamble?.breakdown.gamble).not.toBe(0);
    const half = ((gamble?.ci99[1] ?? 0) - (gamble?.ci99[0] ?? 0)) / 2;
    expect(Math.abs(gamble?.breakdown.gamble ?? 1)).toBeLessThan(half);
    expect((gamble?.breakdown.lines ?? 0) + (gamble?.breakdown.gamble ?? 0)).toBeCloseTo(gamble?.rtp ?? -1, 12);
    expect(gamble?.features.gamble?.probability).toBeGreaterThan(0);
    // The gamble is fair: the lower game's cash RTP 0.3 lies in both policies' bands.
    expect(inBand(0.3, collect?.ci99 ?? [0, 0])).toBe(true);
    expect(inBand(0.3, gamble?.ci99 ?? [0, 0])).toBe(true);
    // Where the context forbids it, no gamble is ever offered: the same draws, the collect policy's result.
    for (const v of refused) {
      expect(v.features.gamble).toBeUndefined();
      expect(v.winTotal).toBe(collect?.winTotal);
    }
    expect(refused[0]?.context).toEqual({ autoplay: true });
  });
});
