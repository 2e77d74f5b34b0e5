import type { AccountChange } from "@reelhouse/protocol";
import type { Sql } from "./db/database.js";
import { ApiProblem } from "./errors.js";
import { accountChanged, weightier } from "./events/account-signals.js";
import { newId } from "./ids.js";

/**
 * The double-entry ledger, per unit. Every movement is one `transactions` row and two
 * `ledger_entries` rows of opposite sign in ONE unit, so the sum over the accounts of each
 * unit is always zero. Units: `cash` (the player's currency, minor units) and the non-cash
 * units games name (Gnomos Mix's `bonus`). Accounts: one per player and unit (never
 * negative), the house (the game's counterparty: takes bets, pays wins; cash sharded, see
 * {@link houseAccount}), `operator` (funding: demo balances, credits, debits) and
 * `promotions` (pays the stake of operator-granted rounds). Jackpot pools and their seed
 * funding will be accounts of their own.
 */
export const HOUSE = "house";
export const OPERATOR = "operator";
/** Pays the stake of every operator-granted round (Bonus Spin Mode) to the house: a marketing cost, not a house loss. */
export const PROMOTIONS = "promotions";

/**
 * The house side is split into shards (`house`, `house:1` … `house:15`, all of kind
 * `house`): a player's game money always moves against the same shard, so on PostgreSQL
 * concurrent players do not queue on one hot row lock held until each commit. Their sum is
 * the house balance.
 */
export const HOUSE_SHARDS = 16;

function shardOf(playerId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) h = Math.imul(h ^ playerId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % HOUSE_SHARDS;
}

/** The house shard a player's bets, wins and refunds move against. */
export function houseAccount(playerId: string): string {
  const shard = shardOf(playerId);
  return shard === 0 ? HOUSE : `${HOUSE}:${shard}`;
}

/**
 * The demo bank: demo players' money only ever moves against it — their opening balance,
 * bets, wins, refunds and adjustments — never against the house, the operator or
 * promotions, so demo play cannot touch real money. Sharded like the house (`demo`,
 * `demo:1` … `demo:15`, kind `demo`); non-cash units against `demo@<unit>`.
 */
export const DEMO = "demo";

/** The demo bank shard of a demo player. */
export function demoAccount(playerId: string): string {
  const shard = shardOf(playerId);
  return shard === 0 ? DEMO : `${DEMO}:${shard}`;
}

/** The accounts a player's money moves against: the house, operator and promotions, or for a demo player the demo bank. */
export interface Counterparties {
  /** Cash counterparty of game money (bets, wins, refunds). */
  house: string;
  /** System account name of game money in non-cash units (`house@bonus`, `demo@bonus`). */
  houseSystem: string;
  /** Cash counterparty of adjustments. */
  operator: string;
  /** System account name of adjustments in non-cash units. */
  operatorSystem: string;
  demo: boolean;
}

export function counterparties(playerId: string, demo: boolean): Counterparties {
  if (demo) {
    const bank = demoAccount(playerId);
    return { house: bank, houseSystem: DEMO, operator: bank, operatorSystem: DEMO, demo };
  }
  return { house: houseAccount(playerId), houseSystem: HOUSE, operator: OPERATOR, operatorSystem: OPERATOR, demo };
}

/** The unit of the player's money. */
export const CASH = "cash";

/**
 * A player's account in a unit: `player:<id>` for cash, `player:<id>@<unit>` for a
 * non-cash unit (every one carries the player's id, so one statement locks them all).
 */
export const playerAccount = (playerId: string, unit: string = CASH) =>
  unit === CASH ? `player:${playerId}` : `player:${playerId}@${unit}`;

/** A system account in a non-cash unit (`house@bonus`); cash system accounts keep their plain ids. */
export const unitAccount = (system: string, unit: string) => (unit === CASH ? system : `${system}@${unit}`);

/** A unit name games may use: short, lower-case letters first (it becomes part of account ids). */
export const UNIT_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** Movement kinds, from the player's point of view (`grant-stake` moves promotions -> house, no player side). */
export type TransactionKind =
  | "bet"
  | "win"
  | "refund"
  | "credit"
  | "debit"
  | "demo-funding"
  | "jackpot"
  | "grant-stake"
  | "grant-stake-refund"
  /** Jackpot pool movements, unit `jpmicro` (see jackpots/pools.ts). */
  | "jackpot-contribution"
  | "jackpot-seed"
  | "jackpot-payout"
  | "jackpot-adjustment";

/**
 * What a movement of the player's balance tells the push channel (`account` event's cause).
 * A cancelled round's payout is noted as `cancel` by the cancel itself (admin.ts), whatever its kind.
 */
const CAUSE: Record<TransactionKind, AccountChange> = {
  bet: "round",
  win: "round",
  jackpot: "round",
  refund: "cancel",
  credit: "adjustment",
  debit: "adjustment",
  "demo-funding": "adjustment",
  "grant-stake": "grant",
  "grant-stake-refund": "grant",
  "jackpot-contribution": "round",
  "jackpot-seed": "adjustment",
  "jackpot-payout": "round",
  "jackpot-adjustment": "adjustment",
};

export interface Movement {
  kind: TransactionKind;
  /** The player concerned. */
  playerId: string;
  roundId?: string | null;
  /** Positive: money flows to the player; negative: from the player. */
  amount: number;
  /** The other side of the entry: house for game money, operator for adjustments. */
  counterparty: string;
  /** The unit moved (default cash); the counterparty must be an account of the same unit. */
  unit?: string;
  note?: string | null;
  at: number;
}

/** Creates the house and demo bank shards, the operator and the promotions accounts if missing. */
export async function ensureSystemAccounts(sql: Sql, currency: string): Promise<void> {
  const accounts: [string, string][] = [
    [OPERATOR, OPERATOR],
    [PROMOTIONS, PROMOTIONS],
  ];
  for (let shard = 0; shard < HOUSE_SHARDS; shard++) {
    accounts.push([shard === 0 ? HOUSE : `${HOUSE}:${shard}`, HOUSE]);
    accounts.push([shard === 0 ? DEMO : `${DEMO}:${shard}`, DEMO]);
  }
  for (const [id, kind] of accounts) {
    await sql.run(
      "INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, $2, NULL, $3, 0) ON CONFLICT (id) DO NOTHING",
      [id, kind, currency],
    );
  }
}

/**
 * Creates a non-cash unit's accounts for a player and a system counterparty if missing
 * (a unit's accounts exist from the first time it moves).
 */
export async function ensureUnitAccounts(sql: Sql, playerId: string, unit: string, system: string, currency: string) {
  if (!UNIT_NAME.test(unit)) throw new Error(`bad unit name '${unit}'`);
  await sql.run(
    "INSERT INTO accounts (id, kind, player_id, currency, balance, unit) VALUES ($1, 'player', $2, $3, 0, $4), ($5, $6, NULL, $3, 0, $4) ON CONFLICT (id) DO NOTHING",
    [playerAccount(playerId, unit), playerId, currency, unit, unitAccount(system, unit), system],
  );
}

/** Locks the player's cash account row for this transaction and returns its balance. */
export async function lockBalance(sql: Sql, playerId: string, lockSuffix: string): Promise<number> {
  const row = await sql.one<{ balance: number }>(`SELECT balance FROM accounts WHERE id = $1${lockSuffix}`, [
    playerAccount(playerId),
  ]);
  if (!row) throw new ApiProblem(401, "UNKNOWN_PLAYER", "the player of this session does not exist");
  return row.balance;
}

/**
 * Every account balance stays within ±2^53 - 1, so it reads back exactly as a number (a
 * BIGINT beyond it would be rounded by the driver). A movement that would take one past it
 * is refused (409 BALANCE_LIMIT) and the transaction rolls back.
 */
function checkBalances(rows: readonly { id: string; balance: number }[]): void {
  for (const row of rows) {
    if (!Number.isSafeInteger(row.balance)) {
      throw new ApiProblem(
        409,
        "BALANCE_LIMIT",
        `the balance of ${row.id.startsWith("player:") ? "the player" : row.id} would leave ±(2^53 - 1)`,
        {
          limit: Number.MAX_SAFE_INTEGER,
        },
      );
    }
  }
}

/** SQL for `n` movements at once, built once per `n` (the statement cache keys on the text). */
const batchSql: { transactions: string; entries: string }[] = [];
function sqlFor(n: number) {
  let cached = batchSql[n];
  if (!cached) {
    const rows = (width: number, count: number) =>
      Array.from(
        { length: count },
        (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`,
      ).join(", ");
    cached = {
      transactions: `INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, note, unit) VALUES ${rows(9, n)}`,
      entries: `INSERT INTO ledger_entries (tx_id, account_id, amount, balance_after) VALUES ${rows(4, 2 * n)}`,
    };
    batchSql[n] = cached;
  }
  return cached;
}

/**
 * Moves `amount` between the player and a counterparty and returns the player's balance
 * after it. Refuses (402 INSUFFICIENT_FUNDS) to take a player's balance below zero.
 */
export async function move(sql: Sql, m: Movement): Promise<{ txId: string; balanceAfter: number }> {
  return (await moveAll(sql, [m]))[0] as { txId: string; balanceAfter: number };
}

/**
 * Applies movements between one player and one counterparty in order (e.g. a spin's bet,
 * then its win) with one update per account and one insert per table: each movement is
 * still its own transaction with its two entries and the balances after it. Refuses the
 * whole list (402 INSUFFICIENT_FUNDS) if the player's balance would go below zero at any
 * point of it. Notes the change for the push channel (sent once the transaction commits).
 */
export async function moveAll(sql: Sql, list: readonly Movement[]): Promise<{ txId: string; balanceAfter: number }[]> {
  const first = list[0];
  if (!first) return [];
  let total = 0;
  let lowest = 0;
  const prefix: number[] = [];
  for (const m of list) {
    if (!Number.isSafeInteger(m.amount) || m.amount === 0)
      throw new Error(`ledger amount must be a non-zero integer, got ${m.amount}`);
    if (m.playerId !== first.playerId || m.counterparty !== first.counterparty || (m.unit ?? CASH) !== (first.unit ?? CASH))
      throw new Error("moveAll takes movements of one unit between one player and one counterparty");
    total += m.amount;
    lowest = Math.min(lowest, total);
    prefix.push(total);
  }
  const unit = first.unit ?? CASH;
  const account = playerAccount(first.playerId, unit);
  // Both sides in one statement (one round trip on PostgreSQL); the player's side only if
  // it stays at or above zero all along. A refused player side throws, which rolls back the
  // counterparty's side with the rest of the transaction.
  const updated = await sql.query<{ id: string; balance: number }>(
    "UPDATE accounts SET balance = balance + CASE WHEN id = $2 THEN CAST($1 AS BIGINT) ELSE -CAST($1 AS BIGINT) END WHERE (id = $2 AND balance + $3 >= 0) OR id = $4 RETURNING id, balance",
    [total, account, lowest, first.counterparty],
  );
  const player = updated.find((row) => row.id === account);
  const other = updated.find((row) => row.id === first.counterparty);
  if (!player) throw new ApiProblem(402, "INSUFFICIENT_FUNDS", `the ${unit} balance is too low for this movement`, { unit });
  if (!other) throw new Error(`ledger account '${first.counterparty}' does not exist`);
  checkBalances(updated);
  const transactions: unknown[] = [];
  const entries: unknown[] = [];
  const out: { txId: string; balanceAfter: number }[] = [];
  list.forEach((m, i) => {
    // Balances after movement i, derived back from the final balances.
    const later = total - (prefix[i] as number);
    const playerAfter = player.balance - later;
    const otherAfter = other.balance + later;
    const txId = newId("tx");
    transactions.push(txId, m.kind, m.playerId, m.roundId ?? null, m.amount, playerAfter, m.at, m.note ?? null, unit);
    entries.push(txId, account, m.amount, playerAfter, txId, m.counterparty, -m.amount, otherAfter);
    out.push({ txId, balanceAfter: playerAfter });
  });
  const text = sqlFor(list.length);
  await sql.write(text.transactions, transactions);
  await sql.write(text.entries, entries);
  accountChanged(
    sql,
    first.playerId,
    list.reduce<AccountChange>((c, m) => weightier(c, CAUSE[m.kind]), "round"),
  );
  return out;
}

/** A movement between two system accounts (no player side), e.g. a granted round's stake from promotions to the house. */
export interface Transfer {
  kind: TransactionKind;
  from: string;
  to: string;
  /** Positive, moved from `from` to `to`. */
  amount: number;
  /** The player it concerns, for audit (their balance does not move). */
  playerId?: string | null;
  roundId?: string | null;
  unit?: string;
  note?: string | null;
  at: number;
}

/**
 * Moves `amount` from one system account to another: one transaction (amount as `to`
 * receives it, no balance after: no player balance moved) and two entries.
 */
export async function transfer(sql: Sql, t: Transfer): Promise<string> {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
    throw new Error(`transfer amount must be a positive integer, got ${t.amount}`);
  const updated = await sql.query<{ id: string; balance: number }>(
    "UPDATE accounts SET balance = balance + CASE WHEN id = $2 THEN CAST($1 AS BIGINT) ELSE -CAST($1 AS BIGINT) END WHERE id = $2 OR id = $3 RETURNING id, balance",
    [t.amount, t.to, t.from],
  );
  const to = updated.find((row) => row.id === t.to);
  const from = updated.find((row) => row.id === t.from);
  if (!to || !from) throw new Error(`ledger transfer between '${t.from}' and '${t.to}': an account does not exist`);
  checkBalances(updated);
  const txId = newId("tx");
  await sql.write(
    "INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, note, unit) VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8)",
    [txId, t.kind, t.playerId ?? null, t.roundId ?? null, t.amount, t.at, t.note ?? null, t.unit ?? CASH],
  );
  await sql.write(
    "INSERT INTO ledger_entries (tx_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)",
    [txId, t.to, t.amount, to.balance, t.from, -t.amount, from.balance],
  );
  return txId;
}
