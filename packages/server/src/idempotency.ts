/**
 * Exactly-once mutating requests, for players and for the operator. Inside one
 * transaction the request's key is looked up — a stored answer is returned verbatim, a key
 * reused for a different request is 409 — else the work is done and its answer stored in
 * the same transaction. A refused request (4xx) stores nothing: its retry is judged afresh.
 *
 * - A player's `(player, requestId)`: the player's wallet is locked first, which serialises
 *   the player's requests (across processes on PostgreSQL).
 * - The operator's `Idempotency-Key` (admin API): kept in the same table under
 *   {@link OPERATOR_SCOPE}, which no player id can equal. Admin calls lock no one wallet, so
 *   the key itself is claimed first (an insert of the record): a twin sent at the same time
 *   waits on that row until the first commits (then gets its answer) or rolls back (then
 *   does the work itself).
 */
import type { Database, Sql } from "./db/database.js";
import { ApiProblem } from "./errors.js";
import type { Caller, Stored } from "./rows.js";
import { TOUCH_SESSION } from "./sessions.js";
import { lockWallet, type Wallet } from "./wallet.js";

/** Counted by the server's metrics. */
export interface RequestCounters {
  rounds: number;
  steps: number;
  retries: number;
  betAmount: number;
  winAmount: number;
}

export interface OnceResult<T> {
  result: Stored<T>;
  /** True when the answer came from the store (a retry). */
  replayed: boolean;
}

export class Idempotency {
  constructor(
    private readonly db: Database,
    private readonly lock: string,
    private readonly now: () => number,
    private readonly counters: RequestCounters,
  ) {}

  /**
   * Runs `work` once per (player, requestId); `print` is the request's fingerprint. The
   * stored record and the answer sent are the same bytes (serialised once). The caller's
   * session last-seen time (`caller.touch`) is written in the same transaction (when it
   * rolls back, the route writes it on its own: see GameServer.asCaller).
   */
  async once<T>(
    caller: Pick<Caller, "player" | "touch">,
    requestId: string,
    print: string,
    work: (sql: Sql, wallet: Wallet) => Promise<Stored<T>>,
  ): Promise<OnceResult<T>> {
    let replayed = false;
    const playerId = caller.player.id;
    const touch = caller.touch;
    const result = await this.db.tx(async (sql) => {
      const wallet = await lockWallet(sql, playerId, this.lock);
      // A statement of its own after the lock: joined into the locking SELECT it would read the
      // snapshot taken before the wait, and a concurrent duplicate would miss its twin's answer.
      const stored = await storedAnswer<T>(sql, playerId, requestId, print, PLAYER_REUSE);
      if (stored) {
        replayed = true;
        if (touch) await sql.write(TOUCH_SESSION, [touch.at, touch.tokenHash]);
        return stored;
      }
      const answer = await work(sql, wallet);
      const json = JSON.stringify(answer.body);
      // Held with the request's last writes (on PostgreSQL one statement: no round trip of its own).
      if (touch) await sql.write(TOUCH_SESSION, [touch.at, touch.tokenHash]);
      await sql.write(
        "INSERT INTO idempotency (player_id, request_id, fingerprint, status, response, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [playerId, requestId, print, answer.status, json, this.now()],
      );
      return { ...answer, json };
    });
    if (touch) touch.done = true;
    if (replayed) this.counters.retries++;
    return { result, replayed };
  }
}

/** The `player_id` of the operator's records: never a player's id (those are `pl_…` or `demo`, never with `@`). */
export const OPERATOR_SCOPE = "@operator";

const PLAYER_REUSE = () => new ApiProblem(409, "REQUEST_ID_REUSED", "this requestId was already used for a different request");
const OPERATOR_REUSE = () =>
  new ApiProblem(409, "IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was already used for a different request");

/** The stored answer of `(scope, key)`, or undefined; 409 when it was stored for a different request. */
async function storedAnswer<T>(
  sql: Sql,
  scope: string,
  key: string,
  print: string,
  reused: () => ApiProblem,
): Promise<Stored<T> | undefined> {
  const stored = await sql.one<{ fingerprint: string; status: number; response: string }>(
    "SELECT fingerprint, status, response FROM idempotency WHERE player_id = $1 AND request_id = $2",
    [scope, key],
  );
  if (!stored) return undefined;
  if (stored.fingerprint !== print) throw reused();
  return { status: stored.status, body: JSON.parse(stored.response) as T, json: stored.response };
}

/**
 * Runs an operator call once per `Idempotency-Key` (`print`: the call's fingerprint, its
 * route, path and body). The key is claimed by inserting its record before the work (on
 * PostgreSQL a concurrent insert of the same key waits for this transaction to end), and
 * the record is completed with the answer in the same transaction as the work's effect.
 */
export async function operatorOnce<T>(
  db: Database,
  key: string,
  print: string,
  now: () => number,
  work: (sql: Sql) => Promise<Stored<T>>,
  counters?: Pick<RequestCounters, "retries">,
): Promise<OnceResult<T>> {
  let replayed = false;
  const result = await db.tx(async (sql) => {
    const claimed = await sql.run(
      "INSERT INTO idempotency (player_id, request_id, fingerprint, status, response, created_at) VALUES ($1, $2, $3, 0, '', $4) ON CONFLICT (player_id, request_id) DO NOTHING",
      [OPERATOR_SCOPE, key, print, now()],
    );
    if (claimed === 0) {
      // A statement of its own after the wait: it reads the twin's committed record.
      const stored = await storedAnswer<T>(sql, OPERATOR_SCOPE, key, print, OPERATOR_REUSE);
      if (!stored) throw new Error(`idempotency record of ${key} vanished`);
      replayed = true;
      return stored;
    }
    const answer = await work(sql);
    const json = JSON.stringify(answer.body);
    await sql.write("UPDATE idempotency SET status = $1, response = $2 WHERE player_id = $3 AND request_id = $4", [
      answer.status,
      json,
      OPERATOR_SCOPE,
      key,
    ]);
    return { ...answer, json };
  });
  if (replayed && counters) counters.retries++;
  return { result, replayed };
}
