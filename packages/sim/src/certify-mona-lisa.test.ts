/**
 * CI certification of Mona Lisa Jewels: millions of rounds of the production round code on
 * two worker threads, below max bet (25 lines x 1 coin) and at max bet (25 lines x 10 coins,
 * the progressive answered at its seed by the game's platform model), must put each bet's
 * exact RTP inside the 99% band; each RTP source, the hit frequency and the feature
 * frequencies must agree with the exact maths too.
 */
import { getGame } from "@reelhouse/games";
import { describe, expect, it } from "vitest";
import { inBand, Z99 } from "./report.js";
import { simulate } from "./runner.js";

const GAME = "mona-lisa-jewels";
/** Per bet: a band of about ±0.75 points; a few seconds per thread on an idle core. */
const ROUNDS = 2_500_000;
const SEED = 20260422;
const BELOW = { coinValue: 5, coinsPerLine: 1, lines: 25 };
const MAX = { coinValue: 5, coinsPerLine: 10, lines: 25 };

/** The two-sided 99% band of a binomial frequency around its exact probability. */
function frequencyBand(p: number, n: number): [number, number] {
  const half = Z99 * Math.sqrt((p * (1 - p)) / n);
  return [p - half, p + half];
}

describe(`certification: ${GAME}, ${ROUNDS.toLocaleString("en")} rounds per bet`, () => {
  it("below and at max bet, the exact RTP lies inside the simulated 99% band, and frequencies agree", async () => {
    const game = getGame(GAME);
    if (!game) throw new Error(`${GAME} is not registered`);
    const below = await simulate({ game: GAME, rounds: ROUNDS, seed: SEED, threads: 2, bet: BELOW });
    const max = await simulate({ game: GAME, rounds: ROUNDS, seed: SEED + 1, threads: 2, bet: MAX });
    const exact = game.exact();
    const maxVariant = exact.variants.find((v) => v.figures?.maxBet === 1);
    expect(maxVariant?.bet).toEqual({ lines: 25, coinsPerLine: 10 });

    for (const [sim, rtp, breakdown] of [
      [below, exact.rtp, exact.breakdown as Record<string, number>],
      [max, maxVariant?.rtp ?? Number.NaN, (maxVariant?.breakdown ?? {}) as Record<string, number>],
    ] as const) {
      expect(sim.rounds).toBe(ROUNDS);
      expect(sim.exact?.rtp).toBe(rtp);
      const halfWidth = (sim.ci99[1] - sim.ci99[0]) / 2;
      expect(halfWidth).toBeLessThan(0.01);
      expect(inBand(rtp, sim.ci99), `exact ${rtp} outside [${sim.ci99[0]}, ${sim.ci99[1]}] (sim ${sim.rtp})`).toBe(true);
      // Each source of the RTP, within the band of the whole (each part varies less than the sum).
      for (const part of ["baseLines", "baseScatter", "freeSpins", "jewelSpins", "jackpot"]) {
        expect(Math.abs((sim.breakdown[part] ?? 0) - (breakdown[part] ?? Number.NaN)), part).toBeLessThan(halfWidth);
      }
      // Per paid round: a Jewel trigger and a free-spin award by the paid spin are binomial frequencies.
      for (const id of ["jewelSpins", "freeSpins"]) {
        const p = exact.features.find((f) => f.id === id)?.probability ?? Number.NaN;
        expect(inBand(sim.features[id]?.probability ?? -1, frequencyBand(p, ROUNDS)), id).toBe(true);
      }
    }
    // The hit frequency (exact at 25 lines below max bet; the jackpot only adds wins to rounds that already pay).
    expect(inBand(below.hitFrequency, frequencyBand(exact.hitFrequency, ROUNDS))).toBe(true);
    expect(below.breakdown.jackpot ?? 0).toBe(0);
    // Progressive claims at max bet: rare, nearly independent events (Poisson), 99% band.
    const claims = exact.figures.jackpotClaimsPerMaxBetRound ?? Number.NaN;
    const simClaims = max.features.jackpot?.triggersPerRound ?? 0;
    expect(Math.abs(simClaims - claims)).toBeLessThan(Z99 * Math.sqrt((claims * 1.2) / ROUNDS));
    // The simulated standard deviation agrees with the exact one (a loose check: the fourth moment is heavy).
    expect(Math.abs(below.stdev / exact.stdev - 1)).toBeLessThan(0.1);
  });
});
