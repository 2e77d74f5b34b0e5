/**
 * Jackpot Cards as data (40 Mystic Gem's sheet, "Jackpot Cards"; DESIGN.md §2): four levels,
 * clubs < diamonds < hearts < spades, each an operator-funded pool with a seed and a
 * contribution rate; the trigger odds per minor unit debited; the level weights. These are
 * the defaults the platform certifies; docs/jackpots.md derives the operator's cost from them.
 */
import { SUITS, type Suit } from "@reelhouse/engine";

export const GAME_ID = "jackpot-cards";
export const GAME_NAME = "Jackpot Cards";
export const MATHS_VERSION = "1.0.0";

/** The levels, lowest first (the sheet's 1st to 4th level). */
export const LEVELS: readonly Suit[] = SUITS;

/** Cards on the table: 3 of each suit. */
export const CARDS = 12;
/** Cards of one suit that win its level. */
export const NEED = 3;

/** One level: seed (micro-units of EUR), operator-funded contribution (bps of the debited stake), weight when triggered. */
export interface LevelRule {
  readonly seedMicro: number;
  readonly rateBps: number;
  readonly weight: number;
}
export type LevelRules = Readonly<Record<Suit, LevelRule>>;

/** The operator's settings of a level (seed and contribution rate); the weights and the trigger are certified. */
export type LevelSettings = Partial<Record<Suit, { seedMicro?: number; rateBps?: number }>>;

/** The defaults: each level's seed, contribution and weight. */
export const LEVEL_RULES: LevelRules = {
  clubs: { seedMicro: 10_000_000, rateBps: 10, weight: 600 },
  diamonds: { seedMicro: 50_000_000, rateBps: 8, weight: 250 },
  hearts: { seedMicro: 250_000_000, rateBps: 6, weight: 100 },
  spades: { seedMicro: 1_000_000_000, rateBps: 4, weight: 50 },
};

/**
 * The trigger: one draw per finished qualifying paid game, hit when `draw < stake x
 * numerator` out of `denominator`, so the chance is exactly proportional to the minor units
 * debited (a 2 EUR bet has twice the chance of a 1 EUR bet: 1 in 20,000 EUR on average).
 */
export const TRIGGER = { numerator: 1, denominator: 2_000_000 } as const;

/** Currencies the pools exist in. */
export const CURRENCIES = ["EUR"] as const;

/** The level rules with the operator's seeds and rates (validated: integers, seed up to 10^15 micro-units, rate up to 10%). */
export function levelRules(settings: LevelSettings = {}): LevelRules {
  const out = { ...LEVEL_RULES } as Record<Suit, LevelRule>;
  for (const [level, s] of Object.entries(settings)) {
    const base = LEVEL_RULES[level as Suit];
    if (!base) throw new Error(`Jackpot Cards: no level '${level}' (clubs, diamonds, hearts, spades)`);
    const seedMicro = s?.seedMicro ?? base.seedMicro;
    const rateBps = s?.rateBps ?? base.rateBps;
    if (!Number.isSafeInteger(seedMicro) || seedMicro < 0 || seedMicro > 1e15)
      throw new Error(`Jackpot Cards ${level}: seedMicro must be an integer from 0 to 10^15`);
    if (!Number.isSafeInteger(rateBps) || rateBps < 0 || rateBps > 1000)
      throw new Error(`Jackpot Cards ${level}: rateBps must be an integer from 0 to 1000`);
    out[level as Suit] = { ...base, seedMicro, rateBps };
  }
  return out;
}
