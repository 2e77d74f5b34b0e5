import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { Database, Sql } from "./database.js";

interface Job {
  fn: (sql: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Converts `$1`-style placeholders to SQLite's positional `?`, reordering parameters. */
function translate(text: string): { sql: string; order: number[] } {
  const order: number[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(Number(n) - 1);
    return "?";
  });
  return { sql, order };
}

function bind(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === undefined) return null;
  return value;
}

export interface SqliteOptions {
  /** Most transactions committed together (group commit). */
  maxBatch?: number;
}

/**
 * SQLite through better-sqlite3: WAL journal, `synchronous=FULL` (every commit is on disk
 * before it returns), and group commit: transactions queued while one commit is in
 * flight run together in one BEGIN IMMEDIATE … COMMIT, each inside its own SAVEPOINT so a
 * failing one rolls back alone; all of them are answered only after the shared commit.
 */
export class SqliteDatabase implements Database {
  readonly dialect = "sqlite" as const;
  readonly location: string;
  private readonly db: BetterSqlite3.Database;
  private readonly statements = new Map<string, { stmt: BetterSqlite3.Statement; order: number[]; reader: boolean }>();
  private readonly queue: Job[] = [];
  private draining = false;
  private readonly maxBatch: number;
  /** Commits performed, and transactions committed in them (for metrics and benchmarks). */
  readonly stats = { commits: 0, transactions: 0 };
  private readonly sql: Sql;

  constructor(path: string, options: SqliteOptions = {}) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.location = path;
    this.maxBatch = options.maxBatch ?? 256;
    this.db = new BetterSqlite3(path);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("busy_timeout = 10000");
    this.db.pragma("foreign_keys = ON");
    this.sql = {
      query: async <T>(text: string, params: readonly unknown[] = []) => this.all<T>(text, params),
      one: async <T>(text: string, params: readonly unknown[] = []) => this.all<T>(text, params)[0],
      run: async (text: string, params: readonly unknown[] = []) => this.exec(text, params),
    };
  }

  private prepare(text: string) {
    let entry = this.statements.get(text);
    if (!entry) {
      const { sql, order } = translate(text);
      const stmt = this.db.prepare(sql);
      entry = { stmt, order, reader: stmt.reader };
      this.statements.set(text, entry);
    }
    return entry;
  }

  private all<T>(text: string, params: readonly unknown[]): T[] {
    const { stmt, order, reader } = this.prepare(text);
    const args = order.map((i) => bind(params[i]));
    if (reader) return stmt.all(...args) as T[];
    stmt.run(...args);
    return [];
  }

  private exec(text: string, params: readonly unknown[]): number {
    const { stmt, order, reader } = this.prepare(text);
    const args = order.map((i) => bind(params[i]));
    if (reader) {
      stmt.all(...args);
      return 0;
    }
    return stmt.run(...args).changes;
  }

  /** Runs raw multi-statement SQL (migrations). */
  execScript(script: string): void {
    this.db.exec(script);
  }

  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // Let requests that arrive in the same tick join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  read<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return this.tx(fn);
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        const outcomes: { ok: boolean; value: unknown }[] = [];
        try {
          this.db.exec("BEGIN IMMEDIATE");
        } catch (error) {
          for (const job of batch) job.reject(error);
          continue;
        }
        for (const job of batch) {
          this.db.exec("SAVEPOINT job");
          try {
            const value = await job.fn(this.sql);
            this.db.exec("RELEASE job");
            outcomes.push({ ok: true, value });
          } catch (error) {
            this.db.exec("ROLLBACK TO job");
            this.db.exec("RELEASE job");
            outcomes.push({ ok: false, value: error });
          }
        }
        try {
          this.db.exec("COMMIT");
        } catch (error) {
          if (this.db.inTransaction) this.db.exec("ROLLBACK");
          for (const job of batch) job.reject(error);
          continue;
        }
        this.stats.commits++;
        this.stats.transactions += batch.length;
        batch.forEach((job, i) => {
          const outcome = outcomes[i] as { ok: boolean; value: unknown };
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.value);
        });
      }
    } finally {
      this.draining = false;
      if (this.queue.length > 0) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    }
  }

  async close(): Promise<void> {
    while (this.draining) await new Promise((r) => setTimeout(r, 5));
    this.db.close();
  }
}
