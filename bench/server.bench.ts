/**
 * `npm run bench:server`: durable spins per second on loopback. Starts the real server
 * (production mode, SQLite with synchronous=FULL and group commit, or DATABASE_URL) on a
 * temporary database, creates one demo player per connection, and drives them for a
 * bounded time: each player spins, and plays free spins / picks when a round opens a
 * feature, as a client would. Prints steps/s and p50/p99 next to a Fastify hello-world
 * measured with the same client in the same run.
 * Env: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 64), DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configFromEnv, startServer } from "@reelhouse/server";
import Fastify from "fastify";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

function send(agent: Agent, url: URL, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ agent, host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        data += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs `workers` loops until the deadline; each loop's `next` makes one request and returns its status. */
async function drive(workers: number, next: (worker: number) => Promise<number>): Promise<Result> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await next(w);
        latencies.push(performance.now() - t0);
        if (status < 300) ok++;
        else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: ok / elapsed, p50: at(0.5), p99: at(0.99), ok, failed };
}

async function helloWorld(): Promise<Result> {
  const app = Fastify();
  app.get("/", async () => ({ hello: "world" }));
  const url = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    return await drive(connections, async () => (await send(agent, url, "GET", "/", {})).status);
  } finally {
    agent.destroy();
    await app.close();
  }
}

type Awaiting = { type: string; opened?: number[] };

async function spins(): Promise<{ result: Result; spins: number; commits: number; transactions: number; dialect: string }> {
  const dir = mkdtempSync(join(tmpdir(), "reelhouse-bench-"));
  const config = configFromEnv({
    REELHOUSE_MODE: "production",
    DATABASE_URL: process.env.DATABASE_URL ?? join(dir, "bench.sqlite"),
    REELHOUSE_RATE_LIMIT: "0",
    REELHOUSE_DEMO_BALANCE: String(1_000_000_000),
  });
  const running = await startServer({ config, port: 0 });
  const url = new URL(running.url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    const players: { auth: string; round: { id: string; awaiting: Awaiting } | null }[] = [];
    for (let i = 0; i < connections; i++) {
      const res = await send(agent, url, "POST", "/api/v1/sessions", { "content-type": "application/json" }, '{"demo":true}');
      players.push({ auth: `Bearer ${(JSON.parse(res.body) as { token: string }).token}`, round: null });
    }
    const stats =
      "stats" in running.db ? (running.db as unknown as { stats: { commits: number; transactions: number } }).stats : null;
    const before = { commits: stats?.commits ?? 0, transactions: stats?.transactions ?? 0 };
    const bet = JSON.stringify({ coinValue: 1, coinsPerLine: 1, lines: 15 });
    let n = 0;
    let spinCount = 0;
    const result = await drive(connections, async (w) => {
      const p = players[w] as (typeof players)[number];
      const headers = { "content-type": "application/json", authorization: p.auth };
      const requestId = `b${++n}`;
      let res: { status: number; body: string };
      if (p.round) {
        const a = p.round.awaiting;
        const action =
          a.type === "pick"
            ? { type: "pick", object: [...Array(12).keys()].find((o) => !a.opened?.includes(o)) }
            : { type: a.type };
        res = await send(
          agent,
          url,
          "POST",
          `/api/v1/rounds/${p.round.id}/actions`,
          headers,
          JSON.stringify({ action, requestId }),
        );
      } else {
        res = await send(
          agent,
          url,
          "POST",
          "/api/v1/games/mermaid-treasure/rounds",
          headers,
          `{"bet":${bet},"requestId":"${requestId}"}`,
        );
        spinCount++;
      }
      if (res.status < 300) {
        const step = JSON.parse(res.body) as { roundId: string; awaiting: Awaiting | null };
        p.round = step.awaiting ? { id: step.roundId, awaiting: step.awaiting } : null;
      } else if (process.env.BENCH_DEBUG) process.stderr.write(`${res.status} ${res.body}\n`);
      return res.status;
    });
    return {
      result,
      spins: spinCount,
      commits: (stats?.commits ?? 0) - before.commits,
      transactions: (stats?.transactions ?? 0) - before.transactions,
      dialect: running.db.dialect,
    };
  } finally {
    agent.destroy();
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const hello = await helloWorld();
const spin = await spins();
const line = (name: string, r: Result) =>
  `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.ok} ok, ${r.failed} failed)`;
process.stdout.write(
  `bench:server — ${connections} concurrent players/connections, ${seconds} s each, loopback, one client process\n`,
);
process.stdout.write(`${line("fastify hello-world (GET /)", hello)}\n`);
process.stdout.write(`${line(`spin + feature steps (${spin.dialect})`, spin.result)}\n`);
process.stdout.write(
  `durable steps/s: ${spin.result.rps.toFixed(0)} (${spin.spins} paid spins); every step committed (fsync) before its answer`,
);
if (spin.commits > 0)
  process.stdout.write(
    `; group commit: ${spin.commits} commits for ${spin.transactions} transactions (${(spin.transactions / spin.commits).toFixed(1)} per fsync)`,
  );
process.stdout.write("\n");
