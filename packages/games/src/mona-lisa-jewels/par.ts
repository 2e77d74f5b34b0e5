/** Mona Lisa Jewels' PAR sheet (`reelhouse.par/2`) — first cut: RTP, breakdown and variants. */
import { type ExactOptions, mathsHash, type ParReport, type ParVariant, parReport } from "@reelhouse/engine";
import { DEFAULT_BET, modelJson } from "./describe.js";
import { BET_OPTIONS, GAME_ID, JACKPOT_RULES, MATHS_VERSION } from "./model.js";
import { gameMaths, rtpAt } from "./rtp.js";

/** The exact PAR report of Mona Lisa Jewels. */
export function buildPar(_options: ExactOptions = {}): ParReport {
  const g = gameMaths();
  const head = rtpAt(g, { lines: DEFAULT_BET.lines, maxBet: false });
  const variants: ParVariant[] = [];
  for (const coinsPerLine of BET_OPTIONS.coinsPerLine)
    for (const lines of BET_OPTIONS.lines) {
      const maxBet = lines === JACKPOT_RULES.lines && coinsPerLine === JACKPOT_RULES.coinsPerLine;
      const v = rtpAt(g, { lines, maxBet });
      variants.push({
        bet: { lines, coinsPerLine },
        mode: "base",
        policy: "any",
        config: null,
        rtp: v.rtp,
        breakdown: v.breakdown,
      });
    }
  return parReport({
    game: GAME_ID,
    version: MATHS_VERSION,
    mathsHash: mathsHash(modelJson()),
    defaultBet: { ...DEFAULT_BET },
    rtp: head.rtp,
    breakdown: head.breakdown,
    variants,
  });
}
