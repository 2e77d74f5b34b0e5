/**
 * The storage seam: one small SQL interface with two implementations (SQLite embedded,
 * PostgreSQL for several server processes). Everything above it is written once, in the
 * portable SQL subset both understand (`$1` placeholders, `ON CONFLICT`, `RETURNING`,
 * partial unique indexes, BIGINT epoch-millisecond times, JSON kept as TEXT).
 */

/** A connection inside a transaction (or a read). */
export interface Sql {
  /** Rows of a query. Integers come back as JS numbers in both dialects. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement; returns the number of rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /**
   * A write (INSERT/UPDATE/DELETE without RETURNING) whose result is not needed. It may be
   * held and sent together with the next writes — on PostgreSQL in one statement, one
   * round trip — before the next query or the commit, in order. Writes sent together see
   * one snapshot: never `write` twice to the same row without a query in between. Its
   * errors surface at the latest at the commit, which then fails.
   */
  write(text: string, params?: readonly unknown[]): Promise<void>;
}

export type Dialect = "sqlite" | "postgres";

export interface Database {
  readonly dialect: Dialect;
  /** Where the data lives, for logs (a path or a URL without password). */
  readonly location: string;
  /**
   * Runs `fn` in one transaction that is durable (fsync'd) before the promise resolves.
   * Throwing inside `fn` rolls back everything `fn` wrote.
   */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs read-only queries (no durability needed). */
  read<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Builds the row-locking suffix: PostgreSQL locks the row; SQLite already holds the database write lock. */
export function forUpdate(db: Database): string {
  return db.dialect === "postgres" ? " FOR UPDATE" : "";
}
