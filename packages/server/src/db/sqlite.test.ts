import { fdatasyncSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteDatabase, type SyncFile } from "./sqlite.js";

const dirs: string[] = [];
const open: SqliteDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function path(): string {
  const dir = mkdtempSync(join(tmpdir(), "reelhouse-sqlite-"));
  dirs.push(dir);
  return join(dir, "db.sqlite");
}

/** A WAL sync the test releases by hand: each call is recorded with the rows committed at that moment. */
function heldSync(file: string) {
  const calls: { committedRows: number; release: (error?: Error) => void }[] = [];
  const syncFile: SyncFile = (fd, done) => {
    const reader = new BetterSqlite3(file, { readonly: true });
    const committedRows = (reader.prepare("SELECT COUNT(*) AS n FROM t").get() as { n: number }).n;
    reader.close();
    calls.push({
      committedRows,
      release: (error) => {
        if (!error) fdatasyncSync(fd);
        done(error ?? null);
      },
    });
  };
  return { calls, syncFile };
}

async function database(file: string, options: ConstructorParameters<typeof SqliteDatabase>[1] = {}) {
  const db = new SqliteDatabase(file, options);
  open.push(db);
  db.execScript("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
  return db;
}

const settled = async <T>(p: Promise<T>) => {
  let state: "pending" | "resolved" | "rejected" = "pending";
  p.then(
    () => {
      state = "resolved";
    },
    () => {
      state = "rejected";
    },
  );
  // Several turns of the event loop: the batch runs on setImmediate.
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return state;
};

describe("SQLite group commit", () => {
  it("answers a transaction only after a WAL sync that started after its commit", async () => {
    const file = path();
    const { calls, syncFile } = heldSync(file);
    const db = await database(file, { syncFile });
    const answer = db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ('a')"));
    expect(await settled(answer)).toBe("pending");
    // The commit happened (another connection sees the row) but the answer waits for the sync.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.committedRows).toBe(1);
    calls[0]?.release();
    await expect(answer).resolves.toBe(1);
    expect(db.stats).toMatchObject({ commits: 1, transactions: 1, syncs: 1 });
  });

  it("commits concurrent transactions together and answers them after one shared sync", async () => {
    const file = path();
    const { calls, syncFile } = heldSync(file);
    const db = await database(file, { syncFile });
    const answers = Array.from({ length: 20 }, (_, i) => db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ($1)", [`v${i}`])));
    expect(await settled(Promise.all(answers))).toBe("pending");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.committedRows).toBe(20);
    calls[0]?.release();
    await Promise.all(answers);
    expect(db.stats).toMatchObject({ commits: 1, transactions: 20, syncs: 1 });
  });

  it("makes a later batch that read an earlier, not yet durable commit wait for a sync covering both", async () => {
    const file = path();
    const { calls, syncFile } = heldSync(file);
    const db = await database(file, { syncFile });
    const write = db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ('first')"));
    expect(await settled(write)).toBe("pending");
    // The second batch runs while the first sync is in flight and reads the first commit.
    const read = db.tx((sql) => sql.one<{ v: string }>("SELECT v FROM t"));
    expect(await settled(read)).toBe("pending");
    expect(calls).toHaveLength(1);
    calls[0]?.release();
    expect(await settled(write)).toBe("resolved");
    // The first sync started before the second commit: the read still waits for a second sync.
    expect(await settled(read)).toBe("pending");
    expect(calls).toHaveLength(2);
    calls[1]?.release();
    await expect(read).resolves.toEqual({ v: "first" });
  });

  it("reads on the read connection without queueing behind a write batch, answered once what they saw is durable", async () => {
    const file = path();
    const { calls, syncFile } = heldSync(file);
    const db = await database(file, { syncFile });
    const first = db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ('first')"));
    expect(await settled(first)).toBe("pending");
    expect(calls).toHaveLength(1);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // A write transaction that stays open: before, every read queued behind it in the same batch.
    const writing = db.tx(async (sql) => {
      await sql.run("INSERT INTO t (v) VALUES ('second')");
      await held;
    });
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    const read = db.read((sql) => sql.query<{ v: string }>("SELECT v FROM t ORDER BY id"));
    // The read saw the first commit, whose sync is still held: it waits for that sync only.
    expect(await settled(read)).toBe("pending");
    calls[0]?.release();
    await expect(read).resolves.toEqual([{ v: "first" }]);
    await first;
    expect(await settled(writing)).toBe("pending");
    release();
    expect(await settled(writing)).toBe("pending");
    calls[1]?.release();
    await writing;
    // A read may not write.
    await expect(db.read((sql) => sql.run("INSERT INTO t (v) VALUES ('x')"))).rejects.toThrow("a read may not write");
  });

  it("rolls back a failing transaction alone, inside a batch that commits the others", async () => {
    const db = await database(path());
    const ok1 = db.tx((sql) => sql.run("INSERT INTO t (id, v) VALUES (1, 'one')"));
    const bad = db.tx(async (sql) => {
      await sql.run("INSERT INTO t (id, v) VALUES (2, 'two')");
      throw new Error("refused");
    });
    const ok2 = db.tx((sql) => sql.run("INSERT INTO t (id, v) VALUES (3, 'three')"));
    await expect(Promise.all([ok1, ok2])).resolves.toEqual([1, 1]);
    await expect(bad).rejects.toThrow("refused");
    expect(db.stats).toMatchObject({ commits: 1, transactions: 3 });
    const rows = await db.read((sql) => sql.query<{ id: number }>("SELECT id FROM t ORDER BY id"));
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it("refuses every answer once a WAL sync fails (the data may not be on disk)", async () => {
    const file = path();
    const { calls, syncFile } = heldSync(file);
    const db = await database(file, { syncFile });
    const answer = db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ('a')"));
    expect(await settled(answer)).toBe("pending");
    calls[0]?.release(new Error("EIO"));
    await expect(answer).rejects.toThrow(/WAL sync failed.*EIO/);
    await expect(db.tx((sql) => sql.run("INSERT INTO t (v) VALUES ('b')"))).rejects.toThrow(/WAL sync failed/);
  });

  it("checkpoints on a worker thread in cycles: the WAL restarts under load and every commit is kept", async () => {
    const file = path();
    const db = await database(file, { checkpointIntervalMs: 50 });
    // The WAL header's checkpoint sequence number (bytes 12-15) grows each time the WAL restarts.
    const restarts = () => readFileSync(`${file}-wal`).readUInt32BE(12);
    const big = "x".repeat(3000);
    let rows = 0;
    const first = restarts();
    // 64 writers, each sending its next transaction as soon as the last is answered (as players do).
    const writer = async () => {
      while (rows < 20_000 && restarts() - first < 3) {
        await db.tx((sql) => {
          // About the CPU time of a real step, so batches follow each other without a gap.
          const until = performance.now() + 0.1;
          while (performance.now() < until);
          return sql.run("INSERT INTO t (v) VALUES ($1)", [big]);
        });
        rows++;
      }
    };
    await Promise.all(Array.from({ length: 64 }, writer));
    expect(restarts() - first).toBeGreaterThanOrEqual(3);
    const n = await db.read((sql) => sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM t"));
    expect(n?.n).toBe(rows);
  });
});
