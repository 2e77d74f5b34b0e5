/**
 * CI certification of 40 Mystic Gem: the production round code on two worker threads, for
 * the base game and each of the five bought modes (500,000 rounds each, 3 million in all),
 * must put the mode's exact RTP inside its simulated 99% band, and the hit frequency and the
 * split between line and scatter wins must agree with the exact sheet.
 */
import type { ParVariant } from "@reelhouse/engine";
import { getGame } from "@reelhouse/games";
import { describe, expect, it } from "vitest";
import { inBand, Z99 } from "./report.js";
import { simulate } from "./runner.js";

const GAME = "40-mystic-gem";
const ROUNDS = 500_000;
const SEED = 20261127;
const MODES = [undefined, "wild1", "wild2", "wild3", "wild1-guaranteed", "wild2-guaranteed"] as const;

describe(`certification: ${GAME}, ${ROUNDS.toLocaleString("en")} rounds per mode`, () => {
  it("each mode's exact RTP lies inside its simulated 99% band; hit frequency and RTP parts agree", async () => {
    const game = getGame(GAME);
    if (!game) throw new Error(`${GAME} is not registered`);
    const exact = game.exact();
    for (const [k, mode] of MODES.entries()) {
      const bet = mode ? { stake: 3, mode } : { stake: 3 };
      const sim = await simulate({ game: GAME, rounds: ROUNDS, seed: SEED + k, threads: 2, bet });
      const v = exact.variants.find((x) => x.bet?.stake === 3 && x.mode === (mode ?? "base")) as ParVariant;
      expect(sim.exact?.rtp, `${mode}: the simulator compares with the mode's own exact RTP`).toBe(v.rtp);
      expect(inBand(v.rtp, sim.ci99), `${mode ?? "base"}: exact ${v.rtp} outside [${sim.ci99[0]}, ${sim.ci99[1]}]`).toBe(true);
      const halfWidth = (sim.ci99[1] - sim.ci99[0]) / 2;
      for (const part of ["baseLines", "baseScatter"])
        expect(Math.abs((sim.breakdown[part] ?? 0) - (v.breakdown[part] ?? Number.NaN)), `${mode} ${part}`).toBeLessThan(
          halfWidth,
        );
      const p = Math.min(1, v.figures?.hitFrequency ?? Number.NaN);
      const band = Z99 * Math.sqrt((p * (1 - p)) / ROUNDS) + 1e-12;
      expect(Math.abs(sim.hitFrequency - p), `${mode} hit ${sim.hitFrequency} vs ${p}`).toBeLessThanOrEqual(band);
      expect(Math.abs(sim.stdev / (v.figures?.stdev ?? Number.NaN) - 1), `${mode} stdev`).toBeLessThan(0.15);
    }
  }, 600_000);
});
