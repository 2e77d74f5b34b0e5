/**
 * Double or Bonuses (sheet 3.7): an upper-game prize is split into fractions of the stake's
 * size (4, 10, 50, 100, 200, 200 EUR); for each fraction the player collects it, or risks it
 * for double the fraction or "an equivalent amount of Bonuses". Each risk is neutral at 0.80
 * EUR a Bonus (DESIGN.md §2: a lost double pays the Bonuses the neutral-step rule sets, not
 * Bonuses worth the whole fraction, which would let always-double players pass 100%): the
 * same loss share as the lower ladders. A prize that is not a whole number of fractions pays
 * the remainder in cash; no double once the player holds 6,000 Bonuses; the stake's maximum
 * prize is paid at once.
 */
import { Fraction } from "@reelhouse/engine";
import { LOSS_SHARE, neutralProbability, type RiskStep } from "./ladder.js";
import { BONUS_CAP, BONUS_VALUE, DOUBLE_FRACTION, MINIGAME_RANGE } from "./sheet.js";

/** A prize split for the double: whole fractions to risk one by one, and the remainder paid in cash at once. */
export interface DoubleSplit {
  readonly fraction: number;
  readonly fractions: number;
  readonly remainder: number;
}

/** Splits an upper prize (cents) at stake `stake` (index into the upper stakes). */
export function splitForDouble(prize: number, stake: number): DoubleSplit {
  const fraction = DOUBLE_FRACTION[stake];
  if (fraction === undefined) throw new RangeError(`no upper stake ${stake}`);
  if (!Number.isSafeInteger(prize) || prize < 0) throw new RangeError(`a prize must be whole cents, got ${prize}`);
  return { fraction, fractions: Math.floor(prize / fraction), remainder: prize % fraction };
}

/** One double of a fraction: twice the fraction, or Bonuses worth the loss share of it, with the neutral odds. */
export function doubleStep(stake: number): RiskStep {
  const fraction = DOUBLE_FRACTION[stake];
  if (fraction === undefined) throw new RangeError(`no upper stake ${stake}`);
  const down = LOSS_SHARE.mul(new Fraction(BigInt(fraction)));
  return {
    from: fraction,
    up: 2 * fraction,
    down,
    downBonuses: down.div(new Fraction(BigInt(BONUS_VALUE))),
    p: neutralProbability(fraction, 2 * fraction, down),
  };
}

/**
 * Whether a double may be played: not when the player holds 6,000 Bonuses or more (the sheet's
 * cap), and not once the prize has reached the stake's maximum (paid at once).
 */
export function mayDouble(stake: number, prizeSoFar: number, bonusesHeld: number): boolean {
  const max = MINIGAME_RANGE[stake]?.[1];
  if (max === undefined) throw new RangeError(`no upper stake ${stake}`);
  return bonusesHeld < BONUS_CAP && prizeSoFar < max;
}
