/**
 * Issue 8, fail closed, as a real `reelhouse serve` process: with no flag it runs in
 * production — no demo sessions, no forced outcomes, no admin key printed, /metrics and
 * /docs closed — and dev mode (`--dev`) is the explicit, loudly announced choice that the
 * README's `npm start` makes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CLI = resolve(ROOT, "packages/cli/bin/reelhouse.js");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts `reelhouse serve <args>` on a free port with a fresh SQLite file; resolves once it listens. */
async function serve(
  args: string[],
  env: Record<string, string>,
): Promise<{ url: string; output: () => string; child: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), "reelhouse-prod-"));
  dirs.push(dir);
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(base)) if (name.startsWith("REELHOUSE_")) delete base[name];
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...base, NODE_ENV: "development", DATABASE_URL: join(dir, "db.sqlite"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serving on (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => fail(new Error(`exited:\n${output}`)));
  });
  // Let the rest of the start-up lines arrive.
  await new Promise((r) => setTimeout(r, 200));
  return { url, output: () => output, child };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const KEY = "production-admin-key-0123456789";

describe("reelhouse serve fails closed", () => {
  it("with no flag: production, no demo, no forced outcomes, no admin key printed, /metrics and /docs closed", async () => {
    const { url, output, child } = await serve([], { REELHOUSE_ADMIN_KEY: KEY });
    try {
      expect(output()).toContain("mode production");
      expect(output()).not.toContain(KEY);
      expect(output()).not.toMatch(/DEV MODE|admin key/i);
      const demo = await fetch(`${url}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"demo":true}',
      });
      expect(demo.status).toBe(403);
      expect(((await demo.json()) as { error: { code: string } }).error.code).toBe("DEMO_DISABLED");
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/docs/json`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { "x-admin-key": KEY } })).status).toBe(200);
      const health = (await (await fetch(`${url}/healthz`)).json()) as { mode: string };
      expect(health.mode).toBe("production");
    } finally {
      await stop(child);
    }
  });

  it("with no admin key in production, the admin API is off and nothing is generated or printed", async () => {
    const { url, output, child } = await serve([], {});
    try {
      expect(output()).not.toMatch(/admin key/i);
      const res = await fetch(`${url}/api/v1/admin/config`, { headers: { "x-admin-key": "anything-0123456789" } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("ADMIN_DISABLED");
    } finally {
      await stop(child);
    }
  });

  it("--dev (what npm start runs) says so loudly, prints a generated admin key and serves demo players", async () => {
    const { url, output, child } = await serve(["--dev"], {});
    try {
      expect(output()).toContain("DEV MODE");
      expect(output()).toMatch(/admin key for this run \(x-admin-key\): \S{16,}/);
      const demo = await fetch(`${url}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"demo":true}',
      });
      expect(demo.status).toBe(201);
    } finally {
      await stop(child);
    }
  });
});

describe("a separate admin listener (REELHOUSE_ADMIN_PORT)", () => {
  it("keeps the admin API, /metrics and /docs off the public listener", async () => {
    const { configFromEnv, startServer } = await import("../src/index.js");
    const dir = mkdtempSync(join(tmpdir(), "reelhouse-admin-"));
    dirs.push(dir);
    const config = configFromEnv({
      REELHOUSE_MODE: "production",
      DATABASE_URL: join(dir, "db.sqlite"),
      REELHOUSE_ADMIN_KEY: KEY,
      REELHOUSE_ADMIN_PORT: "0",
    });
    const running = await startServer({ config, port: 0 });
    try {
      const admin = running.admin?.url as string;
      expect(admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      for (const path of ["/metrics", "/docs", "/docs/json", "/api/v1/admin/config"]) {
        const res = await fetch(`${running.url}${path}`, { headers: { "x-admin-key": KEY } });
        expect(res.status, path).toBe(404);
      }
      expect((await fetch(`${running.url}/api/v1/games`)).status).toBe(200);
      expect((await fetch(`${admin}/metrics`)).status).toBe(200);
      expect((await fetch(`${admin}/docs/json`)).status).toBe(200);
      expect((await fetch(`${admin}/api/v1/admin/config`)).status).toBe(401);
      expect((await fetch(`${admin}/api/v1/admin/config`, { headers: { "x-admin-key": KEY } })).status).toBe(200);
      expect((await fetch(`${admin}/api/v1/games`)).status).toBe(404);
    } finally {
      await running.close();
    }
  });
});
