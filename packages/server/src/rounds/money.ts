/**
 * A request's money, in the ledger, in the same transaction as its steps: the stake when a
 * round starts (cash from the player, or from promotions for a granted round; non-cash
 * units from the player's unit accounts) and the settlement when it ends (the round's final
 * cash `totalWin` and its `winUnits`). Wins are not credited step by step: a later step may
 * take back what an earlier one won (a lost gamble), so only the final figures move money.
 */
import type { Amounts } from "@reelhouse/engine";
import type { Sql } from "../db/database.js";
import { payGrantStake } from "../grants.js";
import { counterparties, ensureUnitAccounts, type Movement, moveAll, unitAccount } from "../ledger.js";
import { nonZero, type Wallet } from "../wallet.js";

export interface RoundMoney {
  playerId: string;
  roundId: string;
  currency: string;
  /** A demo player's round: its money moves against the demo bank, never the house or promotions. */
  demo: boolean;
  at: number;
  /** The round starts in this request: its stake. */
  stake?: { cash: number; units: Amounts | undefined; granted: boolean };
  /** The round ends in this request: its final winnings. */
  settle?: { cash: number; units: Amounts | undefined };
}

/** Balances after the moves. */
export interface Balances {
  cash: number;
  units: Readonly<Record<string, number>>;
}

/** Moves the stake and/or the settlement; returns the player's balances after them. */
export async function moveRoundMoney(sql: Sql, m: RoundMoney, wallet: Wallet): Promise<Balances> {
  const { playerId, roundId, at } = m;
  const parties = counterparties(playerId, m.demo);
  const house = parties.house;
  // Cash: bet and win in one ledger call (one update per account) when a round starts and ends at once.
  const cash: Movement[] = [];
  if (m.stake && !m.stake.granted && m.stake.cash > 0) {
    cash.push({ kind: "bet", playerId, roundId, amount: -m.stake.cash, counterparty: house, at });
  }
  if (m.stake?.granted && !m.demo) await payGrantStake(sql, playerId, roundId, m.stake.cash, at);
  if (m.settle && m.settle.cash > 0)
    cash.push({ kind: "win", playerId, roundId, amount: m.settle.cash, counterparty: house, at });
  const moved = await moveAll(sql, cash);
  const balances: Balances = { cash: moved.at(-1)?.balanceAfter ?? wallet.cash, units: wallet.units };
  if (!m.stake?.units && !m.settle?.units) return balances;
  // Non-cash units: each against the house's account of that unit.
  const byUnit = new Map<string, Movement[]>();
  const add = (unit: string, kind: Movement["kind"], amount: number) => {
    const list = byUnit.get(unit) ?? [];
    list.push({ kind, playerId, roundId, amount, counterparty: unitAccount(parties.houseSystem, unit), unit, at });
    byUnit.set(unit, list);
  };
  if (m.stake && !m.stake.granted) for (const [unit, amount] of nonZero(m.stake.units)) add(unit, "bet", -amount);
  if (m.settle) for (const [unit, amount] of nonZero(m.settle.units)) if (amount > 0) add(unit, "win", amount);
  if (byUnit.size === 0) return balances;
  const units = { ...wallet.units };
  for (const [unit, list] of byUnit) {
    await ensureUnitAccounts(sql, playerId, unit, parties.houseSystem, m.currency);
    const after = await moveAll(sql, list);
    units[unit] = after.at(-1)?.balanceAfter ?? units[unit] ?? 0;
  }
  return { cash: balances.cash, units };
}
