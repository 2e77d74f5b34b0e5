/**
 * The lower game's risk ladders (sheet 2.6): Sube-Bonos (a blue prize: PLAY/ACCUMULATE wins the
 * next prize of the payout plan or pays Bonuses; above 3 Bells a seesaw, the next prize up or
 * the one below), and Sube-Nada (the yellow prize: the next prize up or nothing). Every step
 * is NEUTRAL at 0.80 EUR a Bonus (DESIGN.md §2): its expected value equals the prize risked,
 * exactly, so collecting, risking and AUTO-RISK all return the same and the ladder adds
 * nothing to the RTP whatever the player does. A step's odds are exact fractions; the round
 * draws them with integer weights.
 */
import { Fraction } from "@reelhouse/engine";
import { BONUS_VALUE, PAYOUT_PLAN, PRIZES, type PrizeId } from "./sheet.js";

/** The ladder's rungs at a bet, lowest first: the payout plan's prizes 1–9, cents. */
export function rungs(bet: number): number[] {
  return PRIZES.map((p) => {
    const v = PAYOUT_PLAN[p.id][bet];
    if (v === undefined) throw new RangeError(`no lower bet ${bet}`);
    return v;
  });
}

/** The rung of the 3 Bells: above it Sube-Bonos becomes a seesaw (0-based index into `rungs`). */
export const BELLS_RUNG = PRIZES.findIndex((p) => p.id === "bells");
/** The top rung (the Blue Diamond): reaching it ends the ladder, paid at once. */
export const TOP_RUNG = PRIZES.length - 1;

/** Prizes "highlighted in blue" (ruled): prizes 1–5 risk in Sube-Bonos. */
export const SUBE_BONOS_PRIZES: readonly PrizeId[] = ["anyDiamonds", "plums", "grapes", "oranges", "lemons"];
/** The prize "highlighted in yellow" (ruled): the 3 Bells risk in Sube-Nada. */
export const SUBE_NADA_PRIZES: readonly PrizeId[] = ["bells"];

/** What a lost Sube-Bonos step pays in Bonuses, as a share of the rung risked (ruled: half its value, at 0.80 EUR a Bonus). */
export const LOSS_SHARE = new Fraction(1n, 2n);

/** One risk step: from `from` (cents) up to `up` with probability `p`, else down to `down` (cents; Bonuses valued at 0.80 EUR). */
export interface RiskStep {
  readonly from: number;
  readonly up: number;
  /** Cents the loss is worth: a lower rung, Bonuses (`downBonuses` at 0.80 EUR) or 0 (nothing). */
  readonly down: Fraction;
  /** Bonuses a loss pays (Sube-Bonos below the seesaw), before random rounding; 0 otherwise. */
  readonly downBonuses: Fraction;
  readonly p: Fraction;
}

/** The probability that makes a step neutral: p·up + (1 − p)·down = from. */
export function neutralProbability(from: number, up: number, down: Fraction): Fraction {
  const f = new Fraction(BigInt(from));
  const u = new Fraction(BigInt(up));
  if (!(down.compare(f) < 0 && f.compare(u) < 0))
    throw new RangeError(`a neutral step needs down < from < up (${down}, ${from}, ${up})`);
  return f.sub(down).div(u.sub(down));
}

/**
 * The Sube-Bonos step from rung `k` at `bet`: at or below the 3 Bells, the next rung or Bonuses
 * worth `LOSS_SHARE` of the rung (paid with unbiased random rounding); above them, the seesaw:
 * the next rung or the one below.
 */
export function subeBonosStep(bet: number, k: number): RiskStep {
  const r = rungs(bet);
  if (k < 0 || k >= TOP_RUNG) throw new RangeError(`no step up from rung ${k}`);
  const from = r[k] as number;
  const up = r[k + 1] as number;
  if (k > BELLS_RUNG) {
    const down = new Fraction(BigInt(r[k - 1] as number));
    return { from, up, down, downBonuses: Fraction.ZERO, p: neutralProbability(from, up, down) };
  }
  const down = LOSS_SHARE.mul(new Fraction(BigInt(from)));
  const downBonuses = down.div(new Fraction(BigInt(BONUS_VALUE)));
  return { from, up, down, downBonuses, p: neutralProbability(from, up, down) };
}

/** The Sube-Nada step from rung `k` at `bet`: the next rung or nothing. */
export function subeNadaStep(bet: number, k: number): RiskStep {
  const r = rungs(bet);
  if (k < 0 || k >= TOP_RUNG) throw new RangeError(`no step up from rung ${k}`);
  const from = r[k] as number;
  const up = r[k + 1] as number;
  return { from, up, down: Fraction.ZERO, downBonuses: Fraction.ZERO, p: neutralProbability(from, up, Fraction.ZERO) };
}

/**
 * Bonuses from an amount with unbiased random rounding (DESIGN.md §2: "round up with
 * probability remainder / 0.80 EUR"): `whole` always, one more with probability `up`.
 */
export function bonusesOf(bonuses: Fraction): { whole: number; up: Fraction } {
  if (bonuses.compare(Fraction.ZERO) < 0) throw new RangeError("a negative amount of Bonuses");
  const whole = bonuses.num / bonuses.den;
  return { whole: Number(whole), up: bonuses.sub(new Fraction(whole)) };
}
