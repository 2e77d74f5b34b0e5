/**
 * `npm run bench:server`: durable spins per second on loopback, next to a Fastify
 * hello-world measured by the same client in the same run.
 *
 * Each server runs in its own child process (so the client and the server do not share one
 * event loop): first a Fastify hello-world, then the real game server in production mode on
 * a temporary SQLite file (WAL, every step fsync'd before its answer, group commit), then —
 * when DATABASE_URL names PostgreSQL or the local test PostgreSQL answers — the same server
 * on a fresh PostgreSQL schema. The client is one process with a minimal keep-alive HTTP/1.1
 * client (one request in flight per connection): each connection has its own demo player,
 * spins, and plays the free spins and picks a round opens, as a real client must.
 *
 * Then, on each database, the history flood of issue 8 (finding 1): one of those players' steps
 * (the attack run's victim; BENCH_VICTIMS sets how many) timed alone and beside 8
 * connections asking for the largest history page from the
 * beginning over and over, in alternating one-second slices (so the machine's other load
 * weighs on both alike); the summary shows the victims' p99 both ways.
 *
 * Env: BENCH_SECONDS (default 8, per run), BENCH_FLOOD_SECONDS (default half of it, per flood
 * phase), BENCH_FLOOD_PATH (what the flood asks for; e.g. /api/v1/session as a control), BENCH_MAX_REQUESTS (default 200000, per run),
 * BENCH_CONNECTIONS (default 64), DATABASE_URL (a postgres:// URL adds or replaces the
 * PostgreSQL run; a path replaces the SQLite file), BENCH_PG (default
 * postgres://postgres@127.0.0.1:5432/test; "off" skips), BENCH_CPU_PROF=<dir> (writes
 * V8 CPU profiles of the server processes there), BENCH_DEBUG=1 (prints failed answers).
 * Each database is measured twice: as is, then with jackpot contributions on (Mermaid
 * Treasure declaring a wager-funded progressive pool, 0.5% of every paid spin).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Each history-flood phase (victims alone, then victims beside the flood). */
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? Math.max(1, seconds / 2));
/** Players whose spins are timed during the flood phases, and connections flooding history. */
const VICTIMS = Number(process.env.BENCH_VICTIMS ?? 1);
const FLOODERS = 8;
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const role = process.env.BENCH_ROLE;
/** The largest history page (`limit`) the server serves (packages/server/src/history.ts HISTORY_PAGE.max). */
const HISTORY_MAX = 100;
/** What the flood asks for (BENCH_FLOOD_PATH: a control, e.g. /api/v1/session, the cheapest authenticated read). */
const FLOOD_PATH = process.env.BENCH_FLOOD_PATH ?? `/api/v1/history?limit=${HISTORY_MAX}&from=0`;
/** The bench server's admin key (/metrics needs it in production). */
const BENCH_ADMIN_KEY = "bench-admin-key-0123456789";

// ---------------------------------------------------------------------------------------
// Server roles (child processes): print "listening <url>" and serve until SIGTERM.

async function serveRole(): Promise<void> {
  // SIGUSR2: print the CPU time this process has used (the client measures its window with it).
  process.on("SIGUSR2", () => {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`cpu ${user + system}\n`);
  });
  const stopOn = (close: () => Promise<void>) => {
    process.once("SIGTERM", () => {
      void close().finally(() => process.exit(0));
    });
  };
  if (role === "hello") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    app.get("/", async () => ({ hello: "world" }));
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    stopOn(() => app.close());
    process.stdout.write(`listening ${url}\n`);
    return;
  }
  const { configFromEnv, startServer } = await import("@reelhouse/server");
  const config = configFromEnv({
    REELHOUSE_MODE: "production",
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    REELHOUSE_RATE_LIMIT: "0",
    // Production has no demo players unless the operator configures a demo: the bench does.
    REELHOUSE_DEMO: "on",
    REELHOUSE_DEMO_BALANCE: String(1_000_000_000),
    REELHOUSE_ADMIN_KEY: BENCH_ADMIN_KEY,
    // The node's history budget (pages a second in all), as an operator would set it.
    ...(process.env.BENCH_HISTORY_RATE ? { REELHOUSE_HISTORY_RATE: process.env.BENCH_HISTORY_RATE } : {}),
  });
  if (process.env.BENCH_JACKPOTS === "1") {
    // Contributions on: Mermaid Treasure declares a wager-funded progressive (0.5% of every paid bet).
    const { openDatabase, GameServer, buildApp } = await import("@reelhouse/server");
    const { GAMES } = await import("@reelhouse/games");
    const games = new Map(GAMES);
    const mermaid = games.get("mermaid-treasure") as object;
    const pool = {
      id: "progressive",
      name: "Bench progressive",
      funding: "wager" as const,
      rateBps: 50,
      seeds: { EUR: { "": 500_000 * 1_000_000 } },
      contributesTo: () => "",
    };
    games.set("mermaid-treasure", { ...mermaid, jackpots: [pool] } as never);
    const db = await openDatabase(config.databaseUrl);
    const server = new GameServer(db, config, games as never);
    await server.init();
    const app = await buildApp(server);
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    stopOn(async () => {
      await app.close();
      await db.close();
    });
    process.stdout.write(`listening ${url}\n`);
    return;
  }
  const running = await startServer({ config, port: 0 });
  stopOn(() => running.close());
  process.stdout.write(`listening ${running.url}\n`);
}

interface Child {
  child: ChildProcess;
  url: URL;
  /** CPU microseconds the server process has used so far. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts this file as a server child process in `childRole` and waits for its URL. */
async function startChild(childRole: "hello" | "server", env: Record<string, string> = {}): Promise<Child> {
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...process.execArgv, ...profile, process.argv[1] as string], {
    env: { ...process.env, ...env, BENCH_ROLE: childRole },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  let cpuWaiter: ((us: number) => void) | null = null;
  const url = await new Promise<URL>((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`${childRole} server did not start`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      let nl = out.indexOf("\n");
      while (nl >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        nl = out.indexOf("\n");
        const listening = /^listening (\S+)/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          done(new URL(listening[1]));
        }
        const cpu = /^cpu (\d+)/.exec(line);
        if (cpu?.[1] && cpuWaiter) cpuWaiter(Number(cpu[1]));
      }
    });
    void exited.then(() => fail(new Error(`${childRole} server exited before listening`)));
  });
  return {
    child,
    url,
    cpu() {
      return new Promise<number>((done) => {
        cpuWaiter = done;
        child.kill("SIGUSR2");
      });
    },
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------
// A minimal keep-alive HTTP/1.1 client: one request in flight per connection, bodies
// framed by content-length (Fastify always sends it for these answers).

interface Answer {
  status: number;
  body: string;
}

class Connection {
  private readonly socket: Socket;
  private buffer = "";
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  private constructor(
    socket: Socket,
    private readonly host: string,
  ) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      this.parse();
    });
    socket.on("error", (error) => this.fail(error));
    socket.on("close", () => this.fail(new Error("connection closed")));
  }

  static open(url: URL): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) }, () => resolve(new Connection(socket, url.host)));
      socket.once("error", reject);
    });
  }

  private fail(error: Error): void {
    const p = this.pending;
    this.pending = null;
    p?.reject(error);
  }

  private parse(): void {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0 || !this.pending) return;
    const head = this.buffer.slice(0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length?.[1]) {
      this.fail(new Error(`answer without content-length:\n${head}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = Buffer.from(this.buffer.slice(end + 4, total), "latin1").toString("utf8");
    this.buffer = this.buffer.slice(total);
    const p = this.pending;
    this.pending = null;
    p.resolve({ status: Number(head.slice(9, 12)), body });
  }

  request(method: string, path: string, headers: string, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      const payload = body === undefined ? "" : body;
      const framing =
        body === undefined ? "" : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
      this.socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n${headers}${framing}\r\n${payload}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

// ---------------------------------------------------------------------------------------
// The load: `connections` loops until the deadline or the request budget.

interface Result {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  seconds: number;
  /** Server CPU time (user + system) per answered request, microseconds. */
  cpuPerRequest: number;
}

async function drive(
  conns: Connection[],
  next: (c: number) => Promise<number>,
  runSeconds = seconds,
): Promise<Result & { latencies: number[] }> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + runSeconds * 1000;
  await Promise.all(
    conns.map(async (_, c) => {
      while (performance.now() < deadline && issued < maxRequests) {
        issued++;
        const t0 = performance.now();
        const status = await next(c);
        latencies.push(performance.now() - t0);
        if (status < 300) ok++;
        else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { ...summary(latencies, ok, failed, elapsed), latencies };
}

/** A run's figures from its latencies (sorted here). */
function summary(latencies: number[], ok: number, failed: number, elapsed: number): Result {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: ok / elapsed, p50: at(0.5), p99: at(0.99), ok, failed, seconds: elapsed, cpuPerRequest: 0 };
}

async function openAll(url: URL): Promise<Connection[]> {
  return Promise.all(Array.from({ length: connections }, () => Connection.open(url)));
}

async function helloWorld(): Promise<Result> {
  const server = await startChild("hello");
  const conns = await openAll(server.url);
  try {
    const cpu0 = await server.cpu();
    const result = await drive(conns, async (c) => (await (conns[c] as Connection).request("GET", "/", "")).status);
    result.cpuPerRequest = ((await server.cpu()) - cpu0) / Math.max(1, result.ok);
    return result;
  } finally {
    for (const c of conns) c.close();
    await server.stop();
  }
}

type Awaiting = { type: string; opened?: number[] };

interface SpinRun {
  result: Result;
  spins: number;
  commits: number;
  transactions: number;
  /** Another player's spins alone, then beside a flood of full history pages (finding 1 of issue 8). */
  flood: { alone: Result; flooded: Result; history: Result; refused: number };
}

/** Reads a counter from the server's Prometheus /metrics. */
async function metric(conn: Connection, name: string): Promise<number> {
  const res = await conn.request("GET", "/metrics", `x-admin-key: ${BENCH_ADMIN_KEY}\r\n`);
  const m = new RegExp(`^${name} (\\d+)$`, "m").exec(res.body);
  return m?.[1] ? Number(m[1]) : 0;
}

async function spins(databaseUrl: string, jackpots = false): Promise<SpinRun> {
  const server = await startChild("server", { BENCH_DATABASE_URL: databaseUrl, BENCH_JACKPOTS: jackpots ? "1" : "0" });
  const conns = await openAll(server.url);
  try {
    const players: { headers: string; round: { id: string; step: number; awaiting: Awaiting } | null }[] = [];
    for (const conn of conns) {
      const res = await conn.request("POST", "/api/v1/sessions", "", '{"demo":true}');
      if (res.status !== 201) throw new Error(`session: ${res.status} ${res.body}`);
      players.push({ headers: `authorization: Bearer ${(JSON.parse(res.body) as { token: string }).token}\r\n`, round: null });
    }
    const admin = conns[0] as Connection;
    const before = {
      commits: await metric(admin, "reelhouse_sqlite_commits_total"),
      transactions: await metric(admin, "reelhouse_sqlite_transactions_total"),
    };
    const bet = JSON.stringify({ coinValue: 1, coinsPerLine: 1, lines: 15 });
    let n = 0;
    let spinCount = 0;
    const cpu0 = await server.cpu();
    /** One request of player `c` on connection `conn`: the next action of its open round, or a new spin. */
    const step = async (c: number, conn: Connection) => {
      const p = players[c] as (typeof players)[number];
      const requestId = `b${++n}`;
      let res: Answer;
      if (p.round) {
        const a = p.round.awaiting;
        const action =
          a.type === "pick"
            ? { type: "pick", object: [...Array(12).keys()].find((o) => !a.opened?.includes(o)) }
            : { type: a.type };
        res = await conn.request(
          "POST",
          `/api/v1/rounds/${p.round.id}/actions`,
          p.headers,
          JSON.stringify({ action, step: p.round.step, requestId }),
        );
      } else {
        res = await conn.request(
          "POST",
          "/api/v1/games/mermaid-treasure/rounds",
          p.headers,
          `{"bet":${bet},"requestId":"${requestId}"}`,
        );
        spinCount++;
      }
      if (res.status < 300) {
        const step = JSON.parse(res.body) as { roundId: string; stepIndex: number; awaiting: Awaiting | null };
        p.round = step.awaiting ? { id: step.roundId, step: step.stepIndex, awaiting: step.awaiting } : null;
      } else if (process.env.BENCH_DEBUG) process.stderr.write(`${res.status} ${res.body}\n`);
      return res.status;
    };
    const result = await drive(conns, (c) => step(c, conns[c] as Connection));
    result.cpuPerRequest = ((await server.cpu()) - cpu0) / Math.max(1, result.ok);
    const commits = (await metric(admin, "reelhouse_sqlite_commits_total")) - before.commits;
    const transactions = (await metric(admin, "reelhouse_sqlite_transactions_total")) - before.transactions;
    // History flood: a few players' spins timed alone, then beside FLOODERS connections that
    // each ask for the longest history page (`limit` at its maximum, from the beginning) of
    // the players with the most rounds, over and over.
    const victims = conns.slice(0, Math.min(VICTIMS, conns.length));
    const flooders = await Promise.all(Array.from({ length: FLOODERS }, () => Connection.open(server.url)));
    try {
      // Alternating slices (alone, flooded, alone, flooded…): the machine's other load weighs on both alike.
      const slices = Math.max(1, Math.round(floodSeconds));
      const sliceSeconds = floodSeconds / slices;
      const aloneRuns: (Result & { latencies: number[] })[] = [];
      const floodedRuns: (Result & { latencies: number[] })[] = [];
      const historyLatencies: number[] = [];
      let historyOk = 0;
      let historyFailed = 0;
      let historyRefused = 0;
      let floodTime = 0;
      for (let slice = 0; slice < slices; slice++) {
        aloneRuns.push(await drive(victims, (c) => step(c, victims[c] as Connection), sliceSeconds));
        let flooding = true;
        const floodStarted = performance.now();
        const flood = Promise.all(
          flooders.map(async (conn, i) => {
            const p = players[victims.length + (i % Math.max(1, players.length - victims.length))] ?? players[0];
            while (flooding) {
              const t0 = performance.now();
              const res = await conn.request("GET", FLOOD_PATH, p?.headers ?? "");
              historyLatencies.push(performance.now() - t0);
              if (res.status === 200) historyOk++;
              else if (res.status === 429) {
                // Over the node's history budget: wait as told (a client that does not is a plain flood for the proxy).
                historyRefused++;
                const wait = (JSON.parse(res.body) as { error: { details?: { retryAfterMs?: number } } }).error.details
                  ?.retryAfterMs;
                await new Promise((r) => setTimeout(r, Math.min(1000, wait ?? 100)));
              } else historyFailed++;
            }
          }),
        );
        floodedRuns.push(await drive(victims, (c) => step(c, victims[c] as Connection), sliceSeconds));
        flooding = false;
        await flood;
        floodTime += (performance.now() - floodStarted) / 1000;
      }
      const merge = (runs: (Result & { latencies: number[] })[]) =>
        summary(
          runs.flatMap((r) => r.latencies),
          runs.reduce((n, r) => n + r.ok, 0),
          runs.reduce((n, r) => n + r.failed, 0),
          runs.reduce((n, r) => n + r.seconds, 0),
        );
      const history = summary(historyLatencies, historyOk, historyFailed, floodTime);
      return {
        result,
        spins: spinCount,
        commits,
        transactions,
        flood: { alone: merge(aloneRuns), flooded: merge(floodedRuns), history, refused: historyRefused },
      };
    } finally {
      for (const c of flooders) c.close();
    }
  } finally {
    for (const c of conns) c.close();
    await server.stop();
  }
}

/** The PostgreSQL to measure: DATABASE_URL when it names one, else the local test server if it answers. */
async function postgresTarget(): Promise<{ url: string; drop: () => Promise<void> } | string> {
  const configured = process.env.DATABASE_URL;
  const base =
    configured && /^postgres(ql)?:\/\//.test(configured)
      ? configured
      : (process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/test");
  if (base === "off") return "BENCH_PG=off";
  const { default: pg } = await import("pg");
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    await client.end().catch(() => {});
    return `no PostgreSQL answers at ${base.replace(/:[^:@/]*@/, ":***@")} (${(error as Error).message})`;
  }
  await client.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  // 16 server connections (the default pool is 10): more only adds context switches on a small machine.
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", String(Math.min(16, connections)));
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------------------------------

const fmt = (x: number, digits = 1) => x.toFixed(digits);

async function main(): Promise<void> {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(
    `bench:server — ${connections} connections (one player each), at most ${seconds} s and ${maxRequests} requests per run, loopback; servers in their own processes, one client process`,
  );
  out(
    `machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), load average before the runs ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const rows: { name: string; r: Result; note: string }[] = [];
  const floodRows = (db: string, run: SpinRun) => {
    const { alone, flooded, history, refused } = run.flood;
    rows.push({
      name: `${VICTIMS === 1 ? "a player's" : `${VICTIMS} players'`} steps alone, ${db}`,
      r: alone,
      note: "victims' p99 without the flood",
    });
    rows.push({
      name: `same beside history flood, ${db}`,
      r: flooded,
      note: `victims' p99 +${fmt(flooded.p99 - alone.p99)} ms beside ${FLOODERS} connections of GET ${FLOOD_PATH}`,
    });
    rows.push({
      name: `history pages (the flood), ${db}`,
      r: history,
      note: `${HISTORY_MAX} rounds and transactions a page; ${refused} answered 429 (the node's history budget), then waited`,
    });
    out(`${db} history flood: victims' p99 ${fmt(alone.p99)} ms alone, ${fmt(flooded.p99)} ms flooded`);
  };
  const hello = await helloWorld();
  rows.push({ name: "fastify hello-world (GET /)", r: hello, note: "" });
  out(`hello-world: ${fmt(hello.rps, 0)} req/s`);

  const configured = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), "reelhouse-bench-"));
  try {
    const sqliteUrl = configured && !/^postgres(ql)?:\/\//.test(configured) ? configured : join(dir, "bench.sqlite");
    const sqlite = await spins(sqliteUrl);
    const perCommit = sqlite.commits > 0 ? sqlite.transactions / sqlite.commits : 0;
    rows.push({
      name: "durable steps, SQLite",
      r: sqlite.result,
      note: `${sqlite.spins} paid spins; ${sqlite.commits} commits, ${fmt(perCommit)} tx per fsync`,
    });
    out(`sqlite: ${fmt(sqlite.result.rps, 0)} steps/s`);
    floodRows("SQLite", sqlite);
    // The same, with jackpot contributions on (every paid spin feeds a wager-funded pool).
    const withPool = await spins(join(dir, "bench-jackpots.sqlite"), true);
    rows.push({
      name: "durable steps, SQLite, contributions",
      r: withPool.result,
      note: `${withPool.spins} paid spins; ${fmt((100 * withPool.result.rps) / Math.max(1, sqlite.result.rps), 0)}% of without`,
    });
    out(`sqlite with jackpot contributions: ${fmt(withPool.result.rps, 0)} steps/s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const target = await postgresTarget();
  if (typeof target === "string") {
    out(`PostgreSQL run SKIPPED: ${target}`);
  } else {
    try {
      const pgRun = await spins(target.url);
      rows.push({ name: "durable steps, PostgreSQL", r: pgRun.result, note: `${pgRun.spins} paid spins` });
      out(`postgres: ${fmt(pgRun.result.rps, 0)} steps/s`);
      floodRows("PostgreSQL", pgRun);
    } finally {
      await target.drop();
    }
    const again = await postgresTarget();
    if (typeof again !== "string") {
      try {
        const pgPool = await spins(again.url, true);
        const base = rows.find((r) => r.name === "durable steps, PostgreSQL")?.r.rps ?? 1;
        rows.push({
          name: "durable steps, PostgreSQL, contributions",
          r: pgPool.result,
          note: `${pgPool.spins} paid spins; ${fmt((100 * pgPool.result.rps) / Math.max(1, base), 0)}% of without`,
        });
        out(`postgres with jackpot contributions: ${fmt(pgPool.result.rps, 0)} steps/s`);
      } finally {
        await again.drop();
      }
    }
  }

  out("");
  out(
    `${"run".padEnd(36)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"cpu µs/req".padStart(10)} ${"ok".padStart(8)} ${"failed".padStart(7)}  notes`,
  );
  for (const { name, r, note } of rows) {
    out(
      `${name.padEnd(36)} ${fmt(r.rps, 0).padStart(8)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.cpuPerRequest, 0).padStart(10)} ${String(r.ok).padStart(8)} ${String(r.failed).padStart(7)}  ${note}`,
    );
  }
  out(
    "Every step (spin, free spin, pick) is committed durably, with its draws, ledger entries and idempotency record, before its answer.",
  );
  out(
    `load average after the runs ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; cpu µs/req = server process CPU (all threads) per answer`,
  );
  const failed = rows.some((row) => row.r.failed > 0);
  if (failed) {
    out("some requests FAILED (BENCH_DEBUG=1 prints them)");
    process.exitCode = 1;
  }
}

if (role) await serveRole();
else await main();
