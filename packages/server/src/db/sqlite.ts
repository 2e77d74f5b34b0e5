import { closeSync, fdatasync, fdatasyncSync, mkdirSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import type { Database, Sql } from "./database.js";

interface Job {
  fn: (sql: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Prepared {
  stmt: BetterSqlite3.Statement;
  /** Parameter index for each `?`, from the `$n` placeholders. */
  order: number[];
  reader: boolean;
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

function args(order: number[], params: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(order.length);
  for (let i = 0; i < order.length; i++) out[i] = bind(params[order[i] as number]);
  return out;
}

/** Syncs a file descriptor on the libuv thread pool, so the event loop keeps serving meanwhile. */
export type SyncFile = (fd: number, done: (error: Error | null) => void) => void;

export interface SqliteOptions {
  /** Most transactions committed together (group commit). */
  maxBatch?: number;
  /** Time between checkpoint cycles while commits happen (default 500 ms). */
  checkpointIntervalMs?: number;
  /** How the WAL is made durable after a commit (tests replace it to hold syncs back). */
  syncFile?: SyncFile;
}

/**
 * Checkpoints run on a worker thread with its own connection, so copying WAL pages into the
 * database file (and fsyncing it) never blocks the event loop. Plain JS evaluated in the
 * worker: it needs no TypeScript loader in any runner.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("busy_timeout = 10000");
db.pragma("synchronous = NORMAL");
db.pragma("wal_autocheckpoint = 0");
parentPort.on("message", (mode) => {
  if (mode === "close") { db.close(); parentPort.close(); return; }
  try {
    const [result] = db.pragma("wal_checkpoint(" + mode + ")");
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

/**
 * SQLite through better-sqlite3 with durable group commit that never blocks the event loop
 * on the disk:
 *
 * - Transactions queued while a batch runs are executed together in one
 *   `BEGIN IMMEDIATE … COMMIT`, each inside its own SAVEPOINT so a failing one rolls back
 *   alone.
 * - The commit writes the WAL (`synchronous = NORMAL`: no fsync inside SQLite); then one
 *   `fdatasync` of the WAL file runs on the libuv thread pool. Every transaction of the
 *   batch is answered only after an fdatasync that *started after its commit* has finished,
 *   which is exactly the durability of `synchronous = FULL` (the WAL holding the commit is
 *   on disk before the answer), while the event loop parses requests and runs the next
 *   batch during the sync. Later batches that read a not-yet-durable commit wait for a sync
 *   that covers both (the WAL is written and replayed in order, so a later commit can never
 *   survive a crash without an earlier one).
 * - Checkpoints (WAL → database file, which SQLite fsyncs in NORMAL mode) run on a worker
 *   thread with its own connection, in cycles: a first pass copies the bulk while batches
 *   keep committing; then batches pause (the event loop does not) while a second pass
 *   copies the short tail, so the WAL is fully checkpointed and the next commit restarts it
 *   from the beginning instead of letting it grow.
 *
 * - Reads (`read`) run on a second, read-only connection: in WAL mode a reader sees the last
 *   commit without taking the write lock, so a history page never queues behind the write
 *   batches, nor a batch behind it. A read is answered only once every commit it could have
 *   seen is on disk (an outcome is never shown before it is durable).
 *
 * A failed fsync is fatal for the connection: its batch is rejected and every later
 * transaction too (the process must restart and recover from the WAL).
 */
export class SqliteDatabase implements Database {
  readonly dialect = "sqlite" as const;
  readonly location: string;
  private readonly db: BetterSqlite3.Database;
  private readonly statements = new Map<string, Prepared>();
  private readonly queue: Job[] = [];
  private draining = false;
  private readonly maxBatch: number;
  /** Commits, transactions in them, and WAL syncs (for metrics and benchmarks). */
  readonly stats = { commits: 0, transactions: 0, syncs: 0, checkpoints: 0 };
  private readonly sql: Sql;
  private readonly control: {
    begin: BetterSqlite3.Statement;
    commit: BetterSqlite3.Statement;
    rollback: BetterSqlite3.Statement;
    savepoint: BetterSqlite3.Statement;
    release: BetterSqlite3.Statement;
    rollbackTo: BetterSqlite3.Statement;
  };
  private readonly memory: boolean;
  private readonly syncFile: SyncFile;
  private readonly checkpointIntervalMs: number;
  private walFd: number | null = null;
  /** Commits so far, and the highest of them known to be on disk. */
  private commitSeq = 0;
  private durableSeq = 0;
  private syncing = false;
  private readonly waiting: { seq: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private failure: Error | null = null;
  private checkpointer: Worker | null = null;
  /** "bulk": the first pass runs beside the batches; "tail": the second pass is due or running (batches wait). */
  private checkpoint: "idle" | "bulk" | "tail" = "idle";
  private checkpointDone: (() => void) | null = null;
  private lastCheckpointAt = Date.now();
  private tailRun: Promise<void> | null = null;
  private closed = false;
  /** The read-only connection (none for `:memory:`, where reads run as transactions). */
  private readonly reader: BetterSqlite3.Database | null = null;
  private readonly readerStatements = new Map<string, Prepared>();
  private readonly readerSql: Sql | null = null;
  private readonly readerControl: { begin: BetterSqlite3.Statement; commit: BetterSqlite3.Statement } | null = null;
  /** Reads run one after another on the reader (each in its own read transaction: one snapshot). */
  private readTail: Promise<unknown> = Promise.resolve();

  constructor(path: string, options: SqliteOptions = {}) {
    this.memory = path === ":memory:";
    if (!this.memory) mkdirSync(dirname(path), { recursive: true });
    this.location = path;
    this.maxBatch = options.maxBatch ?? 512;
    this.checkpointIntervalMs = options.checkpointIntervalMs ?? 500;
    this.syncFile = options.syncFile ?? fdatasync;
    this.db = new BetterSqlite3(path);
    this.db.pragma("journal_mode = WAL");
    // The WAL is fsync'd by this class before any answer (see above): SQLite itself need not.
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("wal_autocheckpoint = 0");
    this.db.pragma("journal_size_limit = 67108864");
    this.db.pragma("cache_size = -65536");
    // Savepoint journals (one per transaction in a batch) stay in memory, not in temp files.
    this.db.pragma("temp_store = MEMORY");
    this.db.pragma("busy_timeout = 10000");
    this.db.pragma("foreign_keys = ON");
    const prepare = (text: string) => this.db.prepare(text);
    this.control = {
      begin: prepare("BEGIN IMMEDIATE"),
      commit: prepare("COMMIT"),
      rollback: prepare("ROLLBACK"),
      savepoint: prepare("SAVEPOINT job"),
      release: prepare("RELEASE job"),
      rollbackTo: prepare("ROLLBACK TO job"),
    };
    if (!this.memory) {
      const reader = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
      reader.pragma("cache_size = -32768");
      reader.pragma("busy_timeout = 10000");
      this.reader = reader;
      this.readerControl = { begin: reader.prepare("BEGIN"), commit: reader.prepare("COMMIT") };
      const all = <T>(text: string, params: readonly unknown[]): T[] => {
        const { stmt, order, reader: returnsRows } = this.prepareOn(reader, this.readerStatements, text);
        if (!returnsRows) throw new Error("a read may not write");
        return stmt.all(...args(order, params)) as T[];
      };
      this.readerSql = {
        query: async <T>(text: string, params: readonly unknown[] = []) => all<T>(text, params),
        one: async <T>(text: string, params: readonly unknown[] = []) => all<T>(text, params)[0],
        run: async () => {
          throw new Error("a read may not write");
        },
        write: async () => {
          throw new Error("a read may not write");
        },
      };
    }
    this.sql = {
      query: async <T>(text: string, params: readonly unknown[] = []) => this.all<T>(text, params),
      one: async <T>(text: string, params: readonly unknown[] = []) => this.all<T>(text, params)[0],
      run: async (text: string, params: readonly unknown[] = []) => this.exec(text, params),
      // In-process: nothing to save by holding writes back.
      write: async (text: string, params: readonly unknown[] = []) => {
        this.exec(text, params);
      },
    };
  }

  private prepare(text: string): Prepared {
    return this.prepareOn(this.db, this.statements, text);
  }

  private prepareOn(db: BetterSqlite3.Database, cache: Map<string, Prepared>, text: string): Prepared {
    let entry = cache.get(text);
    if (!entry) {
      const { sql, order } = translate(text);
      const stmt = db.prepare(sql);
      entry = { stmt, order, reader: stmt.reader };
      cache.set(text, entry);
    }
    return entry;
  }

  private all<T>(text: string, params: readonly unknown[]): T[] {
    const { stmt, order, reader } = this.prepare(text);
    if (reader) return stmt.all(...args(order, params)) as T[];
    stmt.run(...args(order, params));
    return [];
  }

  private exec(text: string, params: readonly unknown[]): number {
    const { stmt, order, reader } = this.prepare(text);
    if (reader) {
      stmt.all(...args(order, params));
      return 0;
    }
    return stmt.run(...args(order, params)).changes;
  }

  /** Runs raw multi-statement SQL (migrations), durably. */
  execScript(script: string): void {
    this.db.exec(script);
    if (!this.memory) fdatasyncSync(this.wal());
  }

  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      if (this.closed) return reject(new Error("the database is closed"));
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // Let requests that arrive in the same turn of the event loop join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Runs read-only queries on the reader connection, in one read transaction (one snapshot),
   * without waiting for the write batches; answered once the commits it could see are durable.
   */
  read<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const { reader, readerSql, readerControl } = this;
    if (reader === null || readerSql === null || readerControl === null) return this.tx(fn);
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    const run = async (): Promise<{ value: T; seq: number }> => {
      readerControl.begin.run();
      try {
        const value = await fn(readerSql);
        // Every commit this read could have seen happened by now (commits are synchronous).
        return { value, seq: this.commitSeq };
      } finally {
        readerControl.commit.run();
      }
    };
    const done = this.readTail.then(run, run);
    this.readTail = done.catch(() => {});
    // The next read starts at once; this one is answered when what it saw is on disk.
    return done.then(async ({ value, seq }) => {
      await this.durable(seq);
      return value;
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) {
        if (this.checkpoint === "tail") await this.checkpointTail();
        const batch = this.queue.splice(0, this.maxBatch);
        const outcomes: { ok: boolean; value: unknown }[] = [];
        try {
          this.control.begin.run();
        } catch (error) {
          for (const job of batch) job.reject(error);
          continue;
        }
        for (const job of batch) {
          this.control.savepoint.run();
          try {
            const value = await job.fn(this.sql);
            this.control.release.run();
            outcomes.push({ ok: true, value });
          } catch (error) {
            this.control.rollbackTo.run();
            this.control.release.run();
            outcomes.push({ ok: false, value: error });
          }
        }
        try {
          this.control.commit.run();
        } catch (error) {
          if (this.db.inTransaction) this.control.rollback.run();
          for (const job of batch) job.reject(error);
          continue;
        }
        this.stats.commits++;
        this.stats.transactions += batch.length;
        this.commitSeq++;
        // Answer each job only once the WAL holding this commit (and every earlier one) is on disk.
        this.durable(this.commitSeq).then(
          () => {
            batch.forEach((job, i) => {
              const outcome = outcomes[i] as { ok: boolean; value: unknown };
              if (outcome.ok) job.resolve(outcome.value);
              else job.reject(outcome.value);
            });
          },
          (error: unknown) => {
            for (const job of batch) job.reject(error);
          },
        );
        this.maybeCheckpoint();
      }
    } finally {
      this.draining = false;
      if (this.checkpoint === "tail" && this.queue.length === 0) void this.checkpointTail();
      for (const job of this.failure ? this.queue.splice(0) : []) job.reject(this.failure);
      if (this.queue.length > 0) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    }
  }

  /** The WAL file, opened once (SQLite keeps it, same inode, while a connection is open). */
  private wal(): number {
    if (this.walFd === null) {
      // Opened for writing: some platforms refuse to flush a read-only descriptor.
      this.walFd = openSync(`${this.location}-wal`, "r+");
      // Make the WAL's directory entry durable too (SQLite created the file). Best effort:
      // not every platform can open a directory.
      try {
        const dir = openSync(dirname(this.location), "r");
        try {
          fdatasyncSync(dir);
        } finally {
          closeSync(dir);
        }
      } catch {
        // The WAL file itself is still synced before every answer.
      }
    }
    return this.walFd;
  }

  /** Resolves once every commit up to `seq` is on disk (one fdatasync serves every commit before it). */
  private durable(seq: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.memory || seq <= this.durableSeq) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ seq, resolve, reject });
      if (!this.syncing) this.startSync();
    });
  }

  private startSync(): void {
    this.syncing = true;
    const target = this.commitSeq;
    let fd: number;
    try {
      fd = this.wal();
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    this.syncFile(fd, (error) => {
      this.syncing = false;
      if (error) return this.fail(error);
      this.stats.syncs++;
      this.durableSeq = target;
      let kept = 0;
      for (const w of this.waiting) {
        if (w.seq <= target) w.resolve();
        else this.waiting[kept++] = w;
      }
      this.waiting.length = kept;
      if (kept > 0) this.startSync();
    });
  }

  private fail(error: Error): void {
    this.syncing = false;
    this.failure = new Error(`SQLite WAL sync failed; restart the server to recover: ${error.message}`);
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }

  /** Starts a checkpoint cycle's first pass on the worker when one is due. */
  private maybeCheckpoint(): void {
    if (this.memory || this.closed || this.checkpoint !== "idle") return;
    if (Date.now() - this.lastCheckpointAt < this.checkpointIntervalMs) return;
    this.lastCheckpointAt = Date.now();
    this.checkpoint = "bulk";
    this.runCheckpoint(() => {
      // The tail pass runs before the next batch (at once if no batch is running).
      this.checkpoint = "tail";
      if (!this.draining) void this.checkpointTail();
    });
  }

  /** The second pass: with no batch running, the worker copies the rest of the WAL. */
  private checkpointTail(): Promise<void> {
    this.tailRun ??= new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        if (this.tailRun === null) return;
        this.checkpoint = "idle";
        this.tailRun = null;
        resolve();
      };
      // Batches never wait long for a checkpoint: a slow one is left for the next cycle.
      const timer = setTimeout(finish, 2000);
      this.runCheckpoint(finish);
    });
    return this.tailRun;
  }

  private runCheckpoint(done: () => void): void {
    if (this.closed) {
      done();
      return;
    }
    if (!this.checkpointer) {
      const worker = new Worker(CHECKPOINTER, {
        eval: true,
        workerData: { path: this.location, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
      });
      worker.unref();
      worker.on("message", () => {
        this.stats.checkpoints++;
        const next = this.checkpointDone;
        this.checkpointDone = null;
        next?.();
      });
      const lost = () => {
        // A broken checkpointer only lets the WAL grow; commits stay durable. A later cycle starts a new one.
        if (this.checkpointer !== worker) return;
        this.checkpointer = null;
        const next = this.checkpointDone;
        this.checkpointDone = null;
        this.checkpoint = "idle";
        next?.();
      };
      worker.on("error", lost);
      worker.on("exit", lost);
      this.checkpointer = worker;
    }
    this.checkpointDone = done;
    this.checkpointer.postMessage("PASSIVE");
  }

  async close(): Promise<void> {
    while (this.draining || this.syncing || this.waiting.length > 0) await new Promise((r) => setTimeout(r, 5));
    this.closed = true;
    // A pass in progress finishes first: the worker handles "close" after it.
    await this.tailRun;
    if (this.checkpointer) {
      const worker = this.checkpointer;
      this.checkpointer = null;
      await new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        // Held (it is unref'd while idle) so the process waits for the worker to close its connection.
        worker.ref();
        worker.postMessage("close");
      });
    }
    if (this.walFd !== null) {
      closeSync(this.walFd);
      this.walFd = null;
    }
    await this.readTail;
    this.reader?.close();
    this.db.close();
  }
}
