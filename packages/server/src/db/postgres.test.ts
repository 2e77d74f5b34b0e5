import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { combineWrites, PostgresDatabase } from "./postgres.js";

const BASE = process.env.REELHOUSE_TEST_PG ?? "postgres://postgres@127.0.0.1:5432/test";

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BASE, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    process.stderr.write(`\n[postgres.test] PostgreSQL at ${BASE} is not reachable: SKIPPED\n`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const up = await reachable();

describe("held writes", () => {
  it("combine into one statement, parameters renumbered in order", () => {
    expect(combineWrites([{ text: "INSERT INTO a (x) VALUES ($1)", params: [1] }])).toEqual({
      text: "INSERT INTO a (x) VALUES ($1)",
      params: [1],
    });
    expect(
      combineWrites([
        { text: "INSERT INTO a (x, y) VALUES ($1, $2)", params: [1, 2] },
        { text: "UPDATE b SET z = $2 WHERE id = $1", params: ["b1", 3] },
        { text: "INSERT INTO c (x) VALUES ($1), ($1)", params: [4] },
      ]),
    ).toEqual({
      text: "WITH w0 AS (INSERT INTO a (x, y) VALUES ($1, $2)), w1 AS (UPDATE b SET z = $4 WHERE id = $3) INSERT INTO c (x) VALUES ($5), ($5)",
      params: [1, 2, "b1", 3, 4],
    });
  });
});

describe.skipIf(!up)("PostgreSQL held writes", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const db = new PostgresDatabase(`${BASE}?schema=${schema}&pool=2`);
  afterAll(async () => {
    await db.close();
    const client = new pg.Client({ connectionString: BASE });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it("go out in one round trip before the commit, foreign keys between them hold, a failing one fails the commit", async () => {
    await db.ensureSchema();
    await db.tx(async (sql) => {
      await sql.run("CREATE TABLE parent (id TEXT PRIMARY KEY, n INTEGER NOT NULL)");
      await sql.run("CREATE TABLE child (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL REFERENCES parent(id))");
    });
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      sent.push(typeof config === "string" ? config : config.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await db.tx(async (sql) => {
        await sql.write("INSERT INTO parent (id, n) VALUES ($1, $2)", ["p1", 1]);
        await sql.write("INSERT INTO child (id, parent_id) VALUES ($1, $2)", ["c1", "p1"]);
        await sql.write("INSERT INTO child (id, parent_id) VALUES ($1, $2)", ["c2", "p1"]);
      });
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(sent).toEqual([
      "BEGIN",
      "WITH w0 AS (INSERT INTO parent (id, n) VALUES ($1, $2)), w1 AS (INSERT INTO child (id, parent_id) VALUES ($3, $4)) INSERT INTO child (id, parent_id) VALUES ($5, $6)",
      "COMMIT",
    ]);
    const rows = await db.read((sql) => sql.query<{ id: string }>("SELECT id FROM child ORDER BY id"));
    expect(rows.map((r) => r.id)).toEqual(["c1", "c2"]);

    // A query sends the held writes first, so it sees them.
    const seen = await db.tx(async (sql) => {
      await sql.write("UPDATE parent SET n = $1 WHERE id = $2", [5, "p1"]);
      return sql.one<{ n: number }>("SELECT n FROM parent WHERE id = $1", ["p1"]);
    });
    expect(seen?.n).toBe(5);

    // A held write that breaks a foreign key fails the transaction: nothing of it stays.
    await expect(
      db.tx(async (sql) => {
        await sql.write("INSERT INTO parent (id, n) VALUES ($1, $2)", ["p2", 2]);
        await sql.write("INSERT INTO child (id, parent_id) VALUES ($1, $2)", ["c3", "nope"]);
      }),
    ).rejects.toThrow(/foreign key/);
    const parents = await db.read((sql) => sql.query<{ id: string }>("SELECT id FROM parent ORDER BY id"));
    expect(parents.map((r) => r.id)).toEqual(["p1"]);
  });
});
