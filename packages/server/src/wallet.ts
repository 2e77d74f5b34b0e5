/**
 * A player's wallet: cash and non-cash units (Gnomos Mix's `bonus`), each its own ledger
 * account. Every mutating request locks the whole wallet first (one statement over the
 * player's accounts, by the `accounts_player` index), which also serialises the player's
 * requests.
 */
import type { Amounts } from "@reelhouse/engine";
import type { Sql } from "./db/database.js";
import { ApiProblem } from "./errors.js";
import { playerAccount } from "./ledger.js";

/** The player's balances at the start of a request, after the lock. */
export interface Wallet {
  /** Cash, minor units. */
  readonly cash: number;
  /** Non-cash balances by unit; units the player never held are absent (0). */
  readonly units: Readonly<Record<string, number>>;
}

const NO_UNITS: Readonly<Record<string, number>> = Object.freeze({});

/**
 * Locks the player's accounts for this transaction (`FOR UPDATE` on PostgreSQL; SQLite
 * holds the write lock) and returns the balances. 401 when the player has no account.
 */
export async function lockWallet(sql: Sql, playerId: string, lockSuffix: string): Promise<Wallet> {
  const cashId = playerAccount(playerId);
  const rows = await sql.query<{ id: string; balance: number }>(
    `SELECT id, balance FROM accounts WHERE player_id = $1${lockSuffix}`,
    [playerId],
  );
  let cash: number | null = null;
  let units: Record<string, number> | null = null;
  for (const row of rows) {
    if (row.id === cashId) cash = row.balance;
    else {
      units ??= {};
      units[row.id.slice(cashId.length + 1)] = row.balance;
    }
  }
  if (cash === null) throw new ApiProblem(401, "UNKNOWN_PLAYER", "the player of this session does not exist");
  return { cash, units: units ?? NO_UNITS };
}

/** Non-zero entries of an amounts record, in key order (a stable order for ledger writes). */
export function nonZero(amounts: Amounts | undefined): [string, number][] {
  if (!amounts) return [];
  return Object.keys(amounts)
    .sort()
    .map((unit): [string, number] => [unit, amounts[unit] ?? 0])
    .filter(([, amount]) => amount !== 0);
}

/** The unit balances after taking a stake (what later steps of the same request see). */
export function afterStake(
  units: Readonly<Record<string, number>>,
  stake: Amounts | undefined,
): Readonly<Record<string, number>> {
  const entries = nonZero(stake);
  if (entries.length === 0) return units;
  const out = { ...units };
  for (const [unit, amount] of entries) out[unit] = (out[unit] ?? 0) - amount;
  return out;
}
