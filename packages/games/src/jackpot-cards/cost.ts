/**
 * What Jackpot Cards costs the operator, per unit of qualifying stake, exactly: the
 * contributions it funds (the four rates) plus the seed funding after every win (a won
 * pool is paid down to under a cent and topped up to its seed), at the trigger's chance per
 * minor unit debited and the level weights. In the long run the pools pay out exactly what
 * went in, so this is also the players' expected return from Jackpot Cards per unit bet,
 * published apart from the game's own RTP.
 */
import { BPS, MICRO_PER_MINOR } from "@reelhouse/engine";
import { LEVEL_RULES, LEVELS, type LevelRules, TRIGGER } from "./model.js";

export interface JackpotCardsCost {
  /** Σ contribution rates: what the operator pays into the pools per unit bet. */
  contributions: number;
  /** Expected seed funding per unit bet: P(trigger per minor unit) x E[seed of the drawn level] (minor units). */
  seedFunding: number;
  /** contributions + seedFunding: `jackpotCardsCost` of the PAR sheet. */
  total: number;
  /** P(a card round opens) per minor unit debited. */
  triggerPerMinor: number;
  /** Per level: its probability once triggered and its expected wins per unit (minor) bet. */
  levels: { level: string; probability: number; winsPerMinor: number; seedMinor: number; rateBps: number }[];
}

/** The exact cost of the level rules (default: the certified defaults of model.ts). */
export function jackpotCardsCost(rules: LevelRules = LEVEL_RULES): JackpotCardsCost {
  const weights = LEVELS.map((l) => rules[l].weight);
  const total = weights.reduce((a, b) => a + b, 0);
  const triggerPerMinor = TRIGGER.numerator / TRIGGER.denominator;
  let contributions = 0;
  let expectedSeedMinor = 0;
  const levels = LEVELS.map((level) => {
    const rule = rules[level];
    const probability = rule.weight / total;
    const seedMinor = rule.seedMicro / MICRO_PER_MINOR;
    contributions += rule.rateBps / BPS;
    expectedSeedMinor += probability * seedMinor;
    return { level, probability, winsPerMinor: triggerPerMinor * probability, seedMinor, rateBps: rule.rateBps };
  });
  const seedFunding = triggerPerMinor * expectedSeedMinor;
  return { contributions, seedFunding, total: contributions + seedFunding, triggerPerMinor, levels };
}
