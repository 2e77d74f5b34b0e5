import { resolve } from "node:path";
import type { Database } from "./database.js";
import { PostgresDatabase } from "./postgres.js";
import { migrate } from "./schema.js";
import { SqliteDatabase } from "./sqlite.js";

/**
 * Opens the database a URL names and migrates it: `postgres://…` (or `postgresql://…`)
 * selects PostgreSQL; anything else is a SQLite file path (`sqlite:` prefix optional).
 */
export async function openDatabase(url: string): Promise<Database> {
  const db: Database = /^postgres(ql)?:\/\//.test(url)
    ? new PostgresDatabase(url)
    : new SqliteDatabase(url === ":memory:" ? url : resolve(url.replace(/^sqlite:(\/\/)?/, "")));
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
