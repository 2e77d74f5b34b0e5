/**
 * Exactly-once mutating requests. Inside one transaction: lock the player's wallet (which
 * serialises the player's requests, across processes on PostgreSQL), look the
 * `(player, requestId)` up — a stored answer is returned verbatim, a requestId reused for
 * a different request is 409 — else do the work and store its answer in the same
 * transaction. A refused request (4xx) stores nothing: its retry is judged afresh.
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
      const stored = await sql.one<{ fingerprint: string; status: number; response: string }>(
        "SELECT fingerprint, status, response FROM idempotency WHERE player_id = $1 AND request_id = $2",
        [playerId, requestId],
      );
      if (stored) {
        if (stored.fingerprint !== print) {
          throw new ApiProblem(409, "REQUEST_ID_REUSED", "this requestId was already used for a different request");
        }
        replayed = true;
        if (touch) await sql.write(TOUCH_SESSION, [touch.at, touch.tokenHash]);
        return { status: stored.status, body: JSON.parse(stored.response) as T, json: stored.response };
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
