/**
 * "Player P's account changed": the signal behind the push channel's `account` event
 * (docs/jackpots.md §7). Whatever moves a player's money or grants notes it on the
 * transaction doing so ({@link accountChanged}; the ledger does it for every movement of a
 * player's balance), and the transaction signals once, for every player it changed:
 *
 * - PostgreSQL: one `pg_notify` on the push channel's channel, held with the transaction's
 *   last writes (sent with them in one statement: no round trip of its own), delivered by
 *   PostgreSQL at the commit to every listening process, dropped at a rollback.
 * - SQLite (one process): emitted in process once the transaction is committed and durable.
 *
 * The payload carries ids and causes only; each process reads the balances itself, and only
 * for players holding a stream there.
 */
import { EventEmitter } from "node:events";
import type { AccountChange } from "@reelhouse/protocol";
import type { Database, Sql } from "../db/database.js";
import { channelOf, MAX_SIGNAL_BYTES } from "./signals.js";

/** The signal: players whose account changed, each with the cause that asks the most of a client. */
export interface AccountSignal {
  t: "acct";
  a: [playerId: string, cause: AccountChange][];
}

/**
 * When changes coalesce (one transaction, or several before one read), the cause kept is the
 * one that asks the most of a client: `grant` (re-read the grants) before `cancel`,
 * `adjustment` and `round`.
 */
const WEIGHT: Record<AccountChange, number> = { round: 0, adjustment: 1, cancel: 2, grant: 3 };

/** The weightier of two causes (see {@link WEIGHT}). */
export function weightier(a: AccountChange, b: AccountChange): AccountChange {
  return WEIGHT[b] > WEIGHT[a] ? b : a;
}

/** Changes noted by the transactions in flight, by their `Sql` (SQLite's one `Sql` runs one transaction at a time). */
const notes = new WeakMap<Sql, Map<string, AccountChange>>();
const installed = new WeakMap<Database, AccountSignals>();

/**
 * Notes, in the transaction `sql` belongs to, that the player's account changed: their
 * balances, or their grants. Sent once, when that transaction commits (see the file's
 * comment). A no-op outside a transaction of a database with {@link AccountSignals}
 * installed (a tool using the ledger alone).
 */
export function accountChanged(sql: Sql, playerId: string, cause: AccountChange): void {
  const note = notes.get(sql);
  if (!note) return;
  const before = note.get(playerId);
  note.set(playerId, before ? weightier(before, cause) : cause);
}

/** The payloads of a transaction's changes, each under PostgreSQL's NOTIFY limit. */
export function accountPayloads(changes: ReadonlyMap<string, AccountChange>): string[] {
  const out: string[] = [];
  let batch: AccountSignal["a"] = [];
  const flush = () => {
    if (batch.length > 0) out.push(JSON.stringify({ t: "acct", a: batch } satisfies AccountSignal));
    batch = [];
  };
  let bytes = 0;
  for (const [playerId, cause] of changes) {
    const entry: [string, AccountChange] = [playerId, cause];
    const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (bytes + size > MAX_SIGNAL_BYTES - 32) {
      flush();
      bytes = 0;
    }
    batch.push(entry);
    bytes += size;
  }
  flush();
  return out;
}

/** `SELECT pg_notify($1, $2), pg_notify($1, $3) …` for `n` payloads. */
function notifySql(n: number): string {
  return `SELECT ${Array.from({ length: n }, (_, i) => `pg_notify($1, $${i + 2})`).join(", ")}`;
}

/**
 * The account signals of one database, installed once per {@link Database} object by the
 * composition root (`GameServer`): it wraps the database's `tx` so that every transaction
 * can note changes and signals them once. {@link local} is the in-process side (SQLite).
 */
export class AccountSignals {
  /** Emits `signal` with an {@link AccountSignal}: every one on SQLite, none on PostgreSQL (those come by LISTEN). */
  readonly local = new EventEmitter();

  /** The signals of `db`, installed on its first call. */
  static of(db: Database): AccountSignals {
    let signals = installed.get(db);
    if (!signals) {
      signals = new AccountSignals(db);
      installed.set(db, signals);
    }
    return signals;
  }

  private constructor(db: Database) {
    this.local.setMaxListeners(0);
    const postgres = db.dialect === "postgres";
    const channel = channelOf((db as { schema?: string | null }).schema ?? null);
    const tx = db.tx.bind(db);
    // The one place every transaction passes: a note per transaction, signalled at its end.
    db.tx = async <T>(fn: (sql: Sql) => Promise<T>): Promise<T> => {
      let committed: Map<string, AccountChange> | null = null;
      const value = await tx(async (sql) => {
        const note = new Map<string, AccountChange>();
        notes.set(sql, note);
        try {
          const result = await fn(sql);
          if (note.size > 0 && postgres) {
            // Held as the transaction's last write: it goes out as the primary statement of the
            // commit's one combined statement (held writes before it run as its WITH parts).
            const payloads = accountPayloads(note);
            await sql.write(notifySql(payloads.length), [channel, ...payloads]);
          }
          committed = note;
          return result;
        } finally {
          notes.delete(sql);
        }
      });
      const changes = committed as Map<string, AccountChange> | null;
      if (!postgres && changes && changes.size > 0) {
        const signal: AccountSignal = { t: "acct", a: [...changes] };
        setImmediate(() => this.local.emit("signal", signal));
      }
      return value;
    };
  }
}
