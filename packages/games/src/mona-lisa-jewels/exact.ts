/**
 * Exact maths of Mona Lisa Jewels, the game module's `exact()`: every figure is computed
 * from model.ts by the engine's exact kit, without simulation. rtp.ts holds the RTP at any
 * bet, jewel-chain.ts the Jewel spins' Markov chains, par.ts the sheet.
 */
import type { ExactOptions, ParReport } from "@reelhouse/engine";
import { buildPar } from "./par.js";

export { gameMaths, MODEL_MATHS, type MonaMaths, rtpAt, rtpByLines } from "./rtp.js";

/** The exact PAR report (`reelhouse.par/2`) at the default bet, with every variant. */
export function computeExact(options: ExactOptions = {}): ParReport {
  return buildPar(options);
}
