/**
 * The arithmetic of shared jackpot pools, pure and exact. Pools are kept in micro-units
 * (1 EUR = 1,000,000; one cent = 10,000), so a contribution of 0.5% of any cent amount is
 * an integer; payouts to players are rounded down to the cent and the remainder stays in
 * the pool. The server's pool service, the simulator's platform model and the PAR sheet
 * all use these functions, so the money they move is the same to the micro-unit.
 */
import type { Rng } from "../rng/rng.js";

/** Micro-units in one minor unit (cent): 1 EUR = 100 cents = 1,000,000 micro-units. */
export const MICRO_PER_MINOR = 10_000;

/** Basis points in one whole (100% = 10,000 bps). */
export const BPS = 10_000;

function safeInteger(name: string, n: number, min = 0): number {
  if (!Number.isSafeInteger(n) || n < min) throw new RangeError(`${name} must be a safe integer >= ${min}, got ${n}`);
  return n;
}

/**
 * The contribution of a stake to a pool, micro-units: `stake x rate`. With the stake in
 * minor units and the rate in basis points the product is exact: 1 cent x 1 bps = 1 micro-unit
 * (0.5% = 50 bps of 0.25 EUR = 25 cents is 1,250 micro-units).
 */
export function contributionMicro(stakeMinor: number, rateBps: number): number {
  safeInteger("stake", stakeMinor);
  safeInteger("rate", rateBps);
  if (rateBps > BPS) throw new RangeError(`a contribution rate above 100% (${rateBps} bps) is not a rate`);
  return safeInteger("contribution", stakeMinor * rateBps);
}

/** What a claim takes from a pool. */
export interface Claim {
  /** Paid to the player, minor units: `floor(pool x numerator / denominator)` in whole cents. */
  readonly paidMinor: number;
  /** What the pool holds after the payout, before any seed funding (includes the sub-cent remainder). */
  readonly remainingMicro: number;
  /** Operator seed funding that tops the pool back up to its seed (0 when it is still at or above it). */
  readonly seedFundingMicro: number;
  /** The pool after the payout and the top-up: `max(remaining, seed)`. */
  readonly poolAfterMicro: number;
}

/**
 * Wins `numerator/denominator` of a pool (Mona Lisa Jewels: coin value / 10; a full win:
 * 1/1): the payout is rounded down to the cent, the pool drops by exactly what was paid,
 * and operator seed funding tops it up to its seed. So conservation holds to the micro-unit:
 * `pool + seedFunding = paid x 10,000 + poolAfter`.
 */
export function claimPool(poolMicro: number, seedMicro: number, numerator: number, denominator: number): Claim {
  safeInteger("pool", poolMicro);
  safeInteger("seed", seedMicro);
  safeInteger("numerator", numerator);
  safeInteger("denominator", denominator, 1);
  if (numerator > denominator) throw new RangeError(`a claim cannot take more than the pool (${numerator}/${denominator})`);
  // BigInt: pool x numerator can pass 2^53 (a 9 billion EUR pool is 9e15 micro-units).
  const shareMicro = (BigInt(poolMicro) * BigInt(numerator)) / BigInt(denominator);
  const paidMinor = Number(shareMicro / BigInt(MICRO_PER_MINOR));
  const remainingMicro = poolMicro - paidMinor * MICRO_PER_MINOR;
  const seedFundingMicro = Math.max(0, seedMicro - remainingMicro);
  return { paidMinor, remainingMicro, seedFundingMicro, poolAfterMicro: remainingMicro + seedFundingMicro };
}

/**
 * A chance proportional to the stake: `stake x numerator / denominator`, drawn with one
 * `rng.int(denominator)`, so a 2 EUR bet has exactly the chance of two 1 EUR bets (to first
 * order: the chance of one draw at twice the stake is twice the chance). The product must
 * not exceed 1 at any stake the game offers.
 */
export function stakeProportionalHit(rng: Rng, stakeMinor: number, numerator: number, denominator: number): boolean {
  safeInteger("stake", stakeMinor);
  safeInteger("numerator", numerator);
  safeInteger("denominator", denominator, 1);
  const hits = stakeMinor * numerator;
  if (hits > denominator) throw new RangeError(`a chance of ${hits}/${denominator} exceeds 1 at stake ${stakeMinor}`);
  return rng.int(denominator) < hits;
}

/** A pool's value shown to a player at their bet: `pool x numerator / denominator`, rounded down to the cent. */
export function displayedMinor(poolMicro: number, numerator: number, denominator: number): number {
  return claimPool(poolMicro, 0, numerator, denominator).paidMinor;
}
