import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

describe("npm run bench:server", () => {
  it("measures hello-world and durable steps (SQLite, and PostgreSQL when it answers) and prints the summary table", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", resolve(ROOT, "bench/server.bench.ts")], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SECONDS: "1", BENCH_CONNECTIONS: "4", BENCH_MAX_REQUESTS: "400" },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^machine: \d+ CPUs/m);
    expect(out).toMatch(/^fastify hello-world \(GET \/\)\s+\d+/m);
    // Every step answered (none failed), with the group commit's figures.
    expect(out).toMatch(/^durable steps, SQLite\s+\d+\s+[\d.]+\s+[\d.]+\s+\d+\s+\d+\s+0\s+\d+ paid spins; \d+ commits/m);
    expect(out).toMatch(/^durable steps, PostgreSQL\s+\d+.*\s0\s+\d+ paid spins|^PostgreSQL run SKIPPED/m);
  }, 120_000);
});
