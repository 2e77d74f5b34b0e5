/**
 * Exact maths of Bewitched, the game module's `exact()`: every figure is computed from
 * model.ts by the engine's exact kit, without simulation. rtp.ts holds the RTP at any bet,
 * cycle.ts the full cycle, distribution.ts whole rounds, par.ts the sheet.
 */
import type { ExactOptions, ParReport } from "@reelhouse/engine";
import { buildPar } from "./par.js";

export { rtpAt, setMaths } from "./rtp.js";

/** The exact PAR report (`reelhouse.par/2`) at 15 lines x 10 coins per line, with all 150 bets as variants. */
export function computeExact(options: ExactOptions = {}): ParReport {
  return buildPar(options);
}
