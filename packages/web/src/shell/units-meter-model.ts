/**
 * The non-cash balance meter's state ("BONUSES 12"), without the DOM: which units it shows
 * and their balances, from every place the server tells them — the session's `units`
 * (`POST /sessions`, `GET /session`), a round answer's `unitBalances` (the balances after
 * that request's money moved) and the push channel's `account` event (`unitBalances`).
 * Generic: no game's names; a game names its units (or they come from its bet schema).
 *
 * An `account` event read while a round plays is held and shown when the round is over
 * (the meter never runs ahead of the reels, as the cash balance does not); answers and the
 * session are shown at once.
 */
import type { AccountEvent, BetSchema, CreateSessionResponse, StepResponse } from "@reelhouse/protocol";
import { groupDigits } from "../format.js";

/** Unit balances by unit, as the wire carries them. */
export type UnitBalances = Readonly<Record<string, number>>;

/** What a round answer, a session answer or an account event tells the meter. */
export type UnitsSource =
  | Pick<CreateSessionResponse, "units">
  | Pick<StepResponse, "unitBalances">
  | Pick<AccountEvent, "unitBalances">;

/** Labels of the units the platform knows; another unit shows in capitals. */
const LABELS: Readonly<Record<string, string>> = { bonus: "BONUSES" };

/** The meter's label for a unit ("bonus" → "BONUSES"). */
export function unitLabel(unit: string, labels: Readonly<Record<string, string>> = {}): string {
  return labels[unit] ?? LABELS[unit] ?? unit.toUpperCase();
}

/**
 * The balances a source carries. The session's `units` is always there; an answer's or an
 * event's `unitBalances` is absent when the player holds no non-cash account: every unit is 0.
 */
export function unitsOf(source: UnitsSource): UnitBalances {
  if ("units" in source && source.units) return source.units;
  if ("unitBalances" in source && source.unitBalances) return source.unitBalances;
  return {};
}

/** The non-cash units a bet schema stakes (a fixed stake's `extra`, "0.20 EUR + 1 Bonus"), in order, once each. */
export function unitsOfSchema(schema: BetSchema | null | undefined): string[] {
  if (schema?.kind !== "fixed") return [];
  const out: string[] = [];
  for (const stake of schema.stakes) if (stake.extra && !out.includes(stake.extra.unit)) out.push(stake.extra.unit);
  return out;
}

export interface UnitsMeterModelOptions {
  /**
   * The units the game shows, in order (0 when the player holds none). Absent: every unit
   * the latest balances name, in key order.
   */
  units?: readonly string[];
  /** Labels by unit (default: "BONUSES" for `bonus`, else the unit in capitals). */
  labels?: Readonly<Record<string, string>>;
}

/** One line of the meter. */
export interface UnitLine {
  unit: string;
  label: string;
  amount: number;
  /** The amount as shown ("1,250"). */
  text: string;
}

export class UnitsMeterModel {
  private balances: UnitBalances = {};
  /** An account event held while a round plays. */
  private pending: UnitBalances | null = null;
  private playing = false;
  /** Whether the server has told any balance yet (before: the meter shows "–"). */
  known = false;

  constructor(private readonly o: UnitsMeterModelOptions = {}) {}

  /** The session's answer (after a login or a reload): shown at once. */
  fromSession(session: Pick<CreateSessionResponse, "units">): void {
    this.show(unitsOf(session));
  }

  /** A round answer: the balances after its steps, shown at once (the newest the server told). */
  fromAnswer(answer: Pick<StepResponse, "unitBalances">): void {
    // An answer is newer than any event read before it.
    this.pending = null;
    this.show(unitsOf(answer));
  }

  /** A push-channel `account` event: shown at once at rest, held while a round plays. */
  fromAccount(event: Pick<AccountEvent, "unitBalances">): void {
    const units = unitsOf(event);
    if (this.playing) this.pending = units;
    else this.show(units);
  }

  /** A round starts playing (true) or is over and shown (false): an event held meanwhile is shown then. */
  setPlaying(playing: boolean): void {
    this.playing = playing;
    if (!playing && this.pending) {
      const units = this.pending;
      this.pending = null;
      this.show(units);
    }
  }

  private show(units: UnitBalances): void {
    this.balances = units;
    this.known = true;
  }

  /** The balance of one unit (0 when the player holds none). */
  amount(unit: string): number {
    return this.balances[unit] ?? 0;
  }

  /** What the meter shows, one line per unit (none: the meter is hidden). */
  lines(): UnitLine[] {
    const units = this.o.units ?? Object.keys(this.balances).sort();
    return units.map((unit) => {
      const amount = this.amount(unit);
      // The ledger keeps a unit balance ≥ 0; anything else is not shown as a number.
      const valid = this.known && Number.isSafeInteger(amount) && amount >= 0;
      return { unit, label: unitLabel(unit, this.o.labels), amount, text: valid ? groupDigits(amount) : "–" };
    });
  }
}
