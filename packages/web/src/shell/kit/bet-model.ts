/**
 * A game's bet as data (pure, no DOM): the choices its `BetSchema` allows, their stake in
 * cash and in any other unit, the largest one a balance covers, BET MAX, and the bet on the
 * wire. The bet panel draws what this model says; the shell asks it every money question.
 */
import type { BetSchema, FixedBetSchema, LineBetSchema, Stake, WireBet } from "@reelhouse/protocol";
import { largestBetWithin, lineTotal } from "./line-bets.js";

/** A bet as the player chose it; `mode` is a buy mode's id, null for a plain spin. */
export type BetChoice =
  | { kind: "lines"; coinValue: number; coinsPerLine: number; lines: number; mode: string | null }
  | { kind: "fixed"; stake: number; mode: string | null };

/** One control of the bet panel: a field of the choice and the values it steps through. */
export interface BetField {
  id: "coinValue" | "coinsPerLine" | "lines" | "stake";
  values: readonly number[];
}

/**
 * The schema of a game's description: its `betSchema` when it has one; otherwise a line
 * game's `bet: {coinValues, coinsPerLine, lines, default}` (the describe data of the first games).
 */
export function betSchemaOf(description: { betSchema?: BetSchema; bet?: Partial<LineBetSchema> }): BetSchema {
  if (description.betSchema) return description.betSchema;
  const bet = description.bet;
  if (bet?.coinValues && bet.coinsPerLine && bet.lines && bet.default) {
    return { kind: "lines", coinValues: bet.coinValues, coinsPerLine: bet.coinsPerLine, lines: bet.lines, default: bet.default };
  }
  throw new Error("the game describes no bet this client can offer");
}

export class BetModel {
  constructor(readonly schema: BetSchema) {}

  /** The game's default bet, a plain spin. */
  initial(): BetChoice {
    const s = this.schema;
    return s.kind === "lines" ? { kind: "lines", ...s.default, mode: null } : { kind: "fixed", stake: s.default, mode: null };
  }

  /** The controls to show, in order; a field with one value is fixed and not shown. */
  fields(): BetField[] {
    const s = this.schema;
    const all: BetField[] =
      s.kind === "lines"
        ? [
            { id: "coinValue", values: s.coinValues },
            { id: "coinsPerLine", values: s.coinsPerLine },
            { id: "lines", values: s.lines },
          ]
        : // A stake the operator disabled is not offered (its index stays: a bet names its stake by position).
          [{ id: "stake", values: s.stakes.flatMap((stake, i) => (stake.disabled ? [] : [i])) }];
    return all.filter((f) => f.values.length > 1);
  }

  /** The value of one field of a choice. */
  value(choice: BetChoice, id: BetField["id"]): number {
    if (choice.kind === "fixed") return choice.stake;
    return id === "stake" ? 0 : choice[id];
  }

  /** The choice with one field moved `delta` steps through its values (clamped at the ends). */
  step(choice: BetChoice, id: BetField["id"], delta: number): BetChoice {
    const field = this.fields().find((f) => f.id === id);
    if (!field) return choice;
    const i = field.values.indexOf(this.value(choice, id));
    const next = field.values[Math.min(field.values.length - 1, Math.max(0, i + delta))];
    if (next === undefined) return choice;
    if (choice.kind === "fixed") return { ...choice, stake: next };
    return id === "stake" ? choice : { ...choice, [id]: next };
  }

  /** The stake of a fixed choice. */
  private stakeOf(choice: Extract<BetChoice, { kind: "fixed" }>): Stake {
    const stakes = (this.schema as FixedBetSchema).stakes;
    return stakes[choice.stake] ?? (stakes[0] as Stake);
  }

  /** The total bet in cash, minor units (wins, coins and tiers are measured against it). */
  total(choice: BetChoice): number {
    return choice.kind === "lines" ? lineTotal(choice) : this.stakeOf(choice).cash;
  }

  /** What a round with this choice debits: the total, or a buy mode's price (display; the server debits). */
  debit(choice: BetChoice): number {
    const mode = this.schema.buyModes?.find((m) => m.id === choice.mode);
    return mode ? Math.round(this.total(choice) * mode.priceTimesBet) : this.total(choice);
  }

  /** The non-cash part of the stake ("1 Bonus"), or "". */
  extra(choice: BetChoice): string {
    if (choice.kind !== "fixed") return "";
    const extra = this.stakeOf(choice).extra;
    return extra ? `${extra.amount} ${extra.unit}` : "";
  }

  /** The stake as the player reads it: "€1.50", "€0.20 + 1 Bonus". */
  label(choice: BetChoice, money: (minor: number) => string, amount = this.total(choice)): string {
    const extra = this.extra(choice);
    return extra ? `${money(amount)} + ${extra}` : money(amount);
  }

  /** The coin value of a line bet (the HUD's "in coins" figures), null for fixed stakes. */
  coinValue(choice: BetChoice): number | null {
    return choice.kind === "lines" ? choice.coinValue : null;
  }

  /** The largest plain bet whose cash stake is at most `limit`, or null when none is. */
  largestWithin(limit: number, current: BetChoice): BetChoice | null {
    const s = this.schema;
    if (s.kind === "lines") {
      const best = largestBetWithin(s, limit, current.kind === "lines" ? current : undefined);
      return best ? { kind: "lines", ...best, mode: null } : null;
    }
    let best: number | null = null;
    s.stakes.forEach((stake, i) => {
      if (!stake.disabled && stake.cash <= limit && (best === null || stake.cash > (s.stakes[best] as Stake).cash)) best = i;
    });
    return best === null ? null : { kind: "fixed", stake: best, mode: null };
  }

  /**
   * BET MAX: for line games all lines and the most coins at the coin value in use (the
   * sheets' definition); for fixed stakes the largest stake. Within `cap` when there is one.
   */
  max(current: BetChoice, cap: number | null): BetChoice {
    const s = this.schema;
    if (s.kind === "lines" && current.kind === "lines") {
      const full = {
        coinValue: current.coinValue,
        coinsPerLine: Math.max(...s.coinsPerLine),
        lines: Math.max(...s.lines),
      };
      if (cap === null || lineTotal(full) <= cap) return { kind: "lines", ...full, mode: current.mode };
      const within = largestBetWithin({ ...s, coinValues: [current.coinValue] }, cap, full);
      return within ? { kind: "lines", ...within, mode: current.mode } : current;
    }
    return this.largestWithin(cap ?? Number.POSITIVE_INFINITY, current) ?? current;
  }

  /** The bet as the server receives it. */
  wire(choice: BetChoice): WireBet {
    const mode = choice.mode ? { mode: choice.mode } : {};
    return choice.kind === "lines"
      ? { coinValue: choice.coinValue, coinsPerLine: choice.coinsPerLine, lines: choice.lines, ...mode }
      : { stake: choice.stake, ...mode };
  }

  /** A bet from the wire (an open round's, a replayed round's), or null when it is not this game's. */
  fromWire(bet: unknown): BetChoice | null {
    if (typeof bet !== "object" || bet === null) return null;
    const b = bet as Record<string, unknown>;
    const mode = typeof b.mode === "string" ? b.mode : null;
    if (this.schema.kind === "lines") {
      const { coinValue, coinsPerLine, lines } = b;
      if (typeof coinValue === "number" && typeof coinsPerLine === "number" && typeof lines === "number")
        return { kind: "lines", coinValue, coinsPerLine, lines, mode };
      return null;
    }
    return typeof b.stake === "number" ? { kind: "fixed", stake: b.stake, mode } : null;
  }
}
