import pg from "pg";
import type { Database, Sql } from "./database.js";

// BIGINT (int8) and COUNT come back as strings by default; our amounts fit in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Statement names by text: a parameterised statement is parsed and planned once per connection. */
const names = new Map<string, string>();

function config(text: string, params: readonly unknown[]): pg.QueryConfig | string {
  // Without parameters: the simple protocol (it also runs multi-statement scripts such as migrations).
  if (params.length === 0) return text;
  let name = names.get(text);
  if (!name) {
    name = `rh${names.size}`;
    names.set(text, name);
  }
  return { name, text, values: params as unknown[] };
}

/**
 * Held writes as one statement: `WITH w0 AS (write0), w1 AS (write1) write2`, each write's
 * `$n` renumbered after the previous ones' parameters.
 */
export function combineWrites(writes: readonly { text: string; params: readonly unknown[] }[]): {
  text: string;
  params: unknown[];
} {
  const params: unknown[] = [];
  const parts = writes.map((w) => {
    const offset = params.length;
    params.push(...w.params);
    return offset === 0 ? w.text : w.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop() as string;
  return { text: parts.length === 0 ? last : `WITH ${parts.map((p, i) => `w${i} AS (${p})`).join(", ")} ${last}`, params };
}

interface PgSql extends Sql {
  /** Sends the held writes (before a query, and before COMMIT). */
  flush(): Promise<void>;
}

function wrap(client: pg.PoolClient | pg.Pool): PgSql {
  const send = (text: string, params: readonly unknown[]) => client.query(config(text, params) as pg.QueryConfig);
  let held: { text: string; params: readonly unknown[] }[] = [];
  const flush = async () => {
    if (held.length === 0) return;
    const writes = held;
    held = [];
    const { text, params } = combineWrites(writes);
    await send(text, params);
  };
  const run = async (text: string, params: readonly unknown[]) => {
    await flush();
    return send(text, params);
  };
  return {
    query: async <T>(text: string, params: readonly unknown[] = []) => (await run(text, params)).rows as T[],
    one: async <T>(text: string, params: readonly unknown[] = []) => (await run(text, params)).rows[0] as T | undefined,
    run: async (text: string, params: readonly unknown[] = []) => (await run(text, params)).rowCount ?? 0,
    write: async (text: string, params: readonly unknown[] = []) => {
      held.push({ text, params });
    },
    flush,
  };
}

/**
 * PostgreSQL through `pg`. Commits are durable by PostgreSQL's own WAL fsync
 * (synchronous_commit on). Several server processes share one database: per-player row
 * locks (`SELECT … FOR UPDATE`) serialise a player's requests across processes.
 * A `schema` query parameter in the URL selects a schema (created if missing), so test
 * files can use one database without colliding; `pool` sets the most connections (10).
 * Parameterised statements are named, so each connection parses and plans them once.
 */
export class PostgresDatabase implements Database {
  readonly dialect = "postgres" as const;
  readonly location: string;
  readonly pool: pg.Pool;
  readonly schema: string | null;

  constructor(url: string, options: { max?: number } = {}) {
    const parsed = new URL(url);
    this.schema = parsed.searchParams.get("schema");
    const pool = parsed.searchParams.get("pool");
    parsed.searchParams.delete("schema");
    parsed.searchParams.delete("pool");
    const max = pool === null ? (options.max ?? 10) : Number(pool);
    if (!Number.isInteger(max) || max < 1 || max > 1000) throw new Error(`pool must be an integer in 1..1000, got '${pool}'`);
    if (this.schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(this.schema)) {
      throw new Error(`schema name '${this.schema}' must match [a-z_][a-z0-9_]*`);
    }
    parsed.password = parsed.password ? "***" : "";
    this.location = parsed.toString() + (this.schema ? ` (schema ${this.schema})` : "");
    const connection = new URL(url);
    connection.searchParams.delete("schema");
    connection.searchParams.delete("pool");
    this.pool = new pg.Pool({
      connectionString: connection.toString(),
      max,
      ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}),
    });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    this.pool.on("error", () => {});
  }

  /** Creates the schema named in the URL (before migrations). */
  async ensureSchema(): Promise<void> {
    if (!this.schema) return;
    const client = await this.pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
    } finally {
      client.release();
    }
  }

  async tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const sql = wrap(client);
      const value = await fn(sql);
      await sql.flush();
      await client.query("COMMIT");
      return value;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async read<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const sql = wrap(this.pool);
    const value = await fn(sql);
    await sql.flush();
    return value;
  }

  /** Runs `fn` holding a cluster-wide advisory lock (migrations from several processes). */
  async withAdvisoryLock<T>(key: number, fn: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [key]);
      try {
        const sql = wrap(client);
        const value = await fn(sql);
        await sql.flush();
        return value;
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [key]);
      }
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
