/**
 * CI certification of Bewitched: millions of rounds of the production round code on two
 * worker threads, at full bet (15 lines x 10 coins) and at 1 line x 1 coin (the progressive
 * of the bet's coin value answered at its seed by the game's platform model), must put each
 * bet's exact RTP inside the 99% band; each RTP source, the hit frequency, the feature
 * frequencies and the jackpot rate must agree with the exact maths too.
 */
import type { ParVariant } from "@reelhouse/engine";
import { getGame } from "@reelhouse/games";
import { describe, expect, it } from "vitest";
import { inBand, Z99 } from "./report.js";
import { simulate } from "./runner.js";

const GAME = "bewitched";
/** Per bet: a band of about ±0.85 points at full bet, ±2.4 at 1 x 1 (stdev 5.2 and 14.4 x bet); seconds per thread. */
const ROUNDS = 2_500_000;
const SEED = 20261128;
const FULL = { coinValue: 2, coinsPerLine: 10, lines: 15 };
const ONE = { coinValue: 2, coinsPerLine: 1, lines: 1 };

/** The two-sided 99% band of a binomial frequency around its exact probability. */
function frequencyBand(p: number, n: number): [number, number] {
  const half = Z99 * Math.sqrt((p * (1 - p)) / n);
  return [p - half, p + half];
}

describe(`certification: ${GAME}, ${ROUNDS.toLocaleString("en")} rounds per bet`, () => {
  it("at full bet and at 1 line x 1 coin, the exact RTP lies inside the simulated 99% band, and every part and frequency agrees", async () => {
    const game = getGame(GAME);
    if (!game) throw new Error(`${GAME} is not registered`);
    const full = simulate({ game: GAME, rounds: ROUNDS, seed: SEED, threads: 2, bet: FULL });
    // The exact sheet (full cycle) is computed on this thread while the workers play.
    const exact = game.exact();
    const fullSim = await full;
    const oneSim = await simulate({ game: GAME, rounds: ROUNDS, seed: SEED + 1, threads: 2, bet: ONE });
    const variant = (lines: number, coinsPerLine: number) =>
      exact.variants.find((v) => v.bet?.lines === lines && v.bet?.coinsPerLine === coinsPerLine) as ParVariant;

    for (const [sim, v, maxHalfWidth] of [
      [fullSim, variant(15, 10), 0.01],
      [oneSim, variant(1, 1), 0.03],
    ] as const) {
      const figures = v.figures ?? {};
      expect(sim.rounds).toBe(ROUNDS);
      expect(sim.exact?.rtp).toBe(v.rtp);
      const halfWidth = (sim.ci99[1] - sim.ci99[0]) / 2;
      expect(halfWidth).toBeLessThan(maxHalfWidth);
      expect(inBand(v.rtp, sim.ci99), `exact ${v.rtp} outside [${sim.ci99[0]}, ${sim.ci99[1]}] (sim ${sim.rtp})`).toBe(true);
      // Each source of the RTP (the round's winBy and the sheet's breakdown split alike), within the band of the whole.
      for (const part of ["baseLines", "baseScatter", "merlin", "jackpot", "freeSpins"]) {
        expect(Math.abs((sim.breakdown[part] ?? 0) - (v.breakdown[part] ?? Number.NaN)), part).toBeLessThan(halfWidth);
      }
      // Per paid round: the hit frequency, the battle's free spins and Merlin in the paid spin are binomial.
      expect(inBand(sim.hitFrequency, frequencyBand(figures.hitFrequency ?? Number.NaN, ROUNDS)), "hit").toBe(true);
      for (const id of ["freeSpins", "merlin"]) {
        const p = exact.features.find((f) => f.id === id)?.probability ?? Number.NaN;
        expect(
          inBand(sim.features[id]?.probability ?? -1, frequencyBand(p, ROUNDS)),
          `${id}: ${sim.features[id]?.probability} vs ${p} ± ${frequencyBand(p, ROUNDS)[1] - p}`,
        ).toBe(true);
      }
      // Progressive wins per round: rare, nearly independent events (Poisson), 99% band.
      const claims = figures.jackpotsPerRound ?? Number.NaN;
      const simClaims = sim.features.jackpot?.triggersPerRound ?? 0;
      expect(Math.abs(simClaims - claims), "jackpot rate").toBeLessThan(Z99 * Math.sqrt((claims * 1.2) / ROUNDS) + 1 / ROUNDS);
    }
    // Full bet: about 370 jackpots expected; the simulated standard deviation agrees with the exact one.
    expect((fullSim.features.jackpot?.triggersPerRound ?? 0) * ROUNDS).toBeGreaterThan(250);
    expect(Math.abs(fullSim.stdev / exact.stdev - 1)).toBeLessThan(0.1);
  }, 600_000);
});
