/**
 * What a jackpot change tells the push channel, and how it travels: on PostgreSQL a
 * `NOTIFY` sent **inside** the transaction that made the change (PostgreSQL delivers it only
 * if and when that transaction commits, in commit order, to every listening process, this
 * one included); on SQLite (one process) an in-process emitter. The payload carries ids
 * only (a win's sequence number, a pool's name); listeners read the rows themselves.
 */
import { EventEmitter } from "node:events";
import type { Database, Sql } from "../db/database.js";
import type { AccountSignal } from "./account-signals.js";

/** A change: a win was recorded (its sequence number), or a pool's meter moved other than by a contribution. */
export type JackpotSignal =
  | { t: "win"; seq: number }
  | { t: "pool"; g: string; p: string; c: string; k: string }
  /** A view change for a stream that another process may hold (see routes.ts). */
  | { t: "view"; s: string; pl: string; g: string; b: unknown };

/** What travels on the push channel's NOTIFY channel: the jackpot signals and the account signals (account-signals.ts). */
export type PushSignal = JackpotSignal | AccountSignal;

/** NOTIFY payloads must stay under PostgreSQL's 8,000 bytes; ours are far smaller (views are capped at this). */
export const MAX_SIGNAL_BYTES = 2000;

/** The NOTIFY channel of a database: one per schema (test files share one database, one schema each). */
export function channelOf(schema: string | null): string {
  return schema ? `rh_events_${schema}`.slice(0, 63) : "rh_events";
}

/** Sends jackpot signals after commit (see the file's comment); {@link local} is the in-process side. */
export class JackpotSignals {
  /** Emits `signal` with a {@link JackpotSignal}: every signal on SQLite, none on PostgreSQL (those come by LISTEN). */
  readonly local = new EventEmitter();

  constructor(private readonly db: Database) {
    this.local.setMaxListeners(0);
  }

  /** The channel this database's processes listen on (PostgreSQL). */
  get channel(): string {
    return channelOf((this.db as { schema?: string | null }).schema ?? null);
  }

  /**
   * Signals a change made in the transaction `sql` belongs to. PostgreSQL: NOTIFY in that
   * transaction (delivered at its commit, dropped at its rollback). SQLite: emitted in
   * process once the current batch has run; listeners read through a later transaction,
   * which the single writer runs after this one's commit (a rolled-back change shows nothing).
   */
  async send(sql: Sql | null, signal: JackpotSignal): Promise<void> {
    const payload = JSON.stringify(signal);
    if (Buffer.byteLength(payload) > MAX_SIGNAL_BYTES) throw new Error("jackpot signal too large");
    if (this.db.dialect === "postgres") {
      if (sql) await sql.run("SELECT pg_notify($1, $2)", [this.channel, payload]);
      else await this.db.tx((s) => s.run("SELECT pg_notify($1, $2)", [this.channel, payload]));
      return;
    }
    setImmediate(() => this.local.emit("signal", signal));
  }
}
