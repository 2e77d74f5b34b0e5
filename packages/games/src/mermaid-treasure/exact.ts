/**
 * Exact maths of Mermaid Treasure, the game module's `exact()`: every figure is computed
 * from model.ts by the engine's exact kit, without simulation. rtp.ts holds the RTP at any
 * bet, cycle.ts the full cycle, distribution.ts whole rounds, par.ts the sheet.
 */
import type { ExactOptions, ParReport } from "@reelhouse/engine";
import { buildPar, type MermaidParOptions } from "./par.js";

export { exactRtp, expectedFreeSpins, type MermaidMaths, MODEL_MATHS } from "./rtp.js";
export type { MermaidParOptions };

/** The exact PAR report (`reelhouse.par/2`) at the default bet, with every variant; `cap` overrides the free-spin cap. */
export function computeExact(options: ExactOptions & MermaidParOptions = {}): ParReport {
  return buildPar(options);
}
