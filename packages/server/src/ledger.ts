import type { Sql } from "./db/database.js";
import { ApiProblem } from "./errors.js";
import { newId } from "./ids.js";

/**
 * The double-entry ledger. Every money movement is one `transactions` row and two
 * `ledger_entries` rows of opposite sign, so the sum over all accounts is always zero.
 * Accounts: one per player (never negative), `house` (the game's counterparty: takes
 * bets, pays wins) and `operator` (funding: demo balances, credits, debits, refunds of
 * granted rounds). Jackpot pools and their seed funding will be accounts of their own.
 */
export const HOUSE = "house";
export const OPERATOR = "operator";

export const playerAccount = (playerId: string) => `player:${playerId}`;

/** Movement kinds, from the player's point of view. */
export type TransactionKind = "bet" | "win" | "refund" | "credit" | "debit" | "demo-funding" | "jackpot";

export interface Movement {
  kind: TransactionKind;
  /** The player concerned, or null for house-operator movements. */
  playerId: string;
  roundId?: string | null;
  /** Positive: money flows to the player; negative: from the player. */
  amount: number;
  /** The other side of the entry: house for game money, operator for adjustments. */
  counterparty: string;
  note?: string | null;
  at: number;
}

/** Creates the house and operator accounts if missing. */
export async function ensureSystemAccounts(sql: Sql, currency: string): Promise<void> {
  for (const id of [HOUSE, OPERATOR]) {
    await sql.run(
      "INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, $2, NULL, $3, 0) ON CONFLICT (id) DO NOTHING",
      [id, id, currency],
    );
  }
}

/** Locks the player's account row for this transaction and returns its balance. */
export async function lockBalance(sql: Sql, playerId: string, lockSuffix: string): Promise<number> {
  const row = await sql.one<{ balance: number }>(`SELECT balance FROM accounts WHERE id = $1${lockSuffix}`, [
    playerAccount(playerId),
  ]);
  if (!row) throw new ApiProblem(401, "UNKNOWN_PLAYER", "the player of this session does not exist");
  return row.balance;
}

/**
 * Moves `amount` between the player and a counterparty and returns the player's balance
 * after it. Refuses (409 INSUFFICIENT_FUNDS) to take a player's balance below zero.
 */
export async function move(sql: Sql, m: Movement): Promise<{ txId: string; balanceAfter: number }> {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0)
    throw new Error(`ledger amount must be a non-zero integer, got ${m.amount}`);
  const account = playerAccount(m.playerId);
  const player = await sql.one<{ balance: number }>(
    "UPDATE accounts SET balance = balance + $1 WHERE id = $2 AND balance + $1 >= 0 RETURNING balance",
    [m.amount, account],
  );
  if (!player) throw new ApiProblem(402, "INSUFFICIENT_FUNDS", "the balance is too low for this movement");
  const other = await sql.one<{ balance: number }>("UPDATE accounts SET balance = balance - $1 WHERE id = $2 RETURNING balance", [
    m.amount,
    m.counterparty,
  ]);
  if (!other) throw new Error(`ledger account '${m.counterparty}' does not exist`);
  const txId = newId("tx");
  await sql.run(
    "INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    [txId, m.kind, m.playerId, m.roundId ?? null, m.amount, player.balance, m.at, m.note ?? null],
  );
  await sql.run(
    "INSERT INTO ledger_entries (tx_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)",
    [txId, account, m.amount, player.balance, m.counterparty, -m.amount, other.balance],
  );
  return { txId, balanceAfter: player.balance };
}
