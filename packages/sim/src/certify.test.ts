/**
 * CI certification: millions of Mermaid Treasure rounds of the production round code
 * on two worker threads must put the exact RTP inside the 99% band
 * |rtp − exact| <= 2.576 · stdev / sqrt(N); each RTP source, the hit frequency and the
 * feature frequencies must agree with the exact maths too.
 */
import { getGame } from "@reelhouse/games";
import { describe, expect, it } from "vitest";
import { inBand, Z99 } from "./report.js";
import { simulate } from "./runner.js";

const GAME = "mermaid-treasure";
/** Enough for a band of about ±0.7 points; a few seconds per thread on an idle core. */
const ROUNDS = 4_000_000;
const SEED = 20261122;

/** The two-sided 99% band of a binomial frequency around its exact probability. */
function frequencyBand(p: number, n: number): [number, number] {
  const half = Z99 * Math.sqrt((p * (1 - p)) / n);
  return [p - half, p + half];
}

describe(`certification: ${GAME}, ${ROUNDS.toLocaleString("en")} rounds`, () => {
  it("the exact RTP lies inside the simulated 99% band, and frequencies agree", async () => {
    const game = getGame(GAME);
    if (!game) throw new Error(`${GAME} is not registered`);
    // The workers play while this thread computes the exact maths (full cycle included).
    const pending = simulate({ game: GAME, rounds: ROUNDS, seed: SEED, threads: 2, exact: false });
    const exact = game.exact();
    const sim = await pending;

    expect(sim.rounds).toBe(ROUNDS);
    const halfWidth = (sim.ci99[1] - sim.ci99[0]) / 2;
    expect(halfWidth).toBeCloseTo((Z99 * sim.stdev) / Math.sqrt(ROUNDS), 12);
    expect(halfWidth).toBeLessThan(0.01);
    expect(inBand(exact.rtp, sim.ci99), `exact ${exact.rtp} outside [${sim.ci99[0]}, ${sim.ci99[1]}] (sim ${sim.rtp})`).toBe(
      true,
    );

    // Each source of the RTP, within the band of the whole (each part varies less than the sum).
    for (const part of ["baseLines", "baseScatter", "freeSpins", "bonus"] as const) {
      expect(Math.abs(sim.breakdown[part] - (exact.breakdown[part] ?? Number.NaN)), part).toBeLessThan(halfWidth);
    }

    // Hit frequency: a round wins exactly when its paid spin pays (line, scatter or bonus).
    expect(inBand(sim.hitFrequency, frequencyBand(exact.hitFrequency, ROUNDS))).toBe(true);
    // Free spins are triggered by the paid spin only (retriggers count apart): a binomial frequency.
    const freeSpins = exact.features.find((f) => f.id === "freeSpins");
    expect(freeSpins).toBeDefined();
    expect(inBand(sim.features.freeSpins?.probability ?? -1, frequencyBand(freeSpins?.probability ?? 0, ROUNDS))).toBe(true);

    // The Treasure bonus triggers on the paid spin and on each free spin alike, so its
    // triggers per round average p · (1 + expected free spins per round). Triggers are
    // (nearly) independent rare events: variance ≈ mean, with 5% allowance for clustering.
    const bonus = exact.features.find((f) => f.id === "bonus");
    const freeSpinsPerTrigger = exact.figures.expectedFreeSpinsPerTrigger;
    expect(bonus).toBeDefined();
    expect(freeSpinsPerTrigger).toBeGreaterThan(0);
    const meanBonus = (bonus?.probability ?? 0) * (1 + (freeSpins?.probability ?? 0) * (freeSpinsPerTrigger ?? 0));
    const bonusHalf = Z99 * Math.sqrt((meanBonus * 1.05) / ROUNDS);
    expect(Math.abs((sim.features.bonus?.triggersPerRound ?? -1) - meanBonus)).toBeLessThan(bonusHalf);
  });
});
