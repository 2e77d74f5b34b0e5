/** Real server processes for kill -9 tests: spawn, call over HTTP, die at a crash point. */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { ADMIN_KEY } from "./helpers.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CLI = resolve(ROOT, "packages/cli/bin/reelhouse.js");
/** The test-games server (asks-platform, units-gamble and the test answerer). */
export const TEST_GAMES_SERVER = resolve(ROOT, "packages/server/test/games/serve.ts");

export interface Proc {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `reelhouse serve` (or, with `script`, a test server script run through tsx) as a
 * real process on a free port and waits until it listens.
 */
export async function serve(
  databaseUrl: string,
  crashAt?: string,
  script?: string,
  extraEnv: Record<string, string> = {},
): Promise<Proc> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REELHOUSE_MODE: "test",
    REELHOUSE_ADMIN_KEY: ADMIN_KEY,
    REELHOUSE_RATE_LIMIT: "0",
    ...extraEnv,
  };
  if (crashAt) env.REELHOUSE_CRASH_AT = crashAt;
  else delete env.REELHOUSE_CRASH_AT;
  const args = script ? ["--import", "tsx", script] : [CLI, "serve", "--port", "0"];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  let output = "";
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serving on (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    void exited.then(() => fail(new Error(`server exited before listening:\n${output}`)));
  });
  return { child, url, exited };
}

export async function call(p: Proc, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(p.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "x-admin-key": ADMIN_KEY,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** Sends a request that must die with the process (kill -9 at the crash point). */
export async function dies(p: Proc, path: string, token: string, body: unknown) {
  await expect(call(p, "POST", path, token, body)).rejects.toThrow();
  expect((await p.exited).signal).toBe("SIGKILL");
}

export async function expectBalanced(p: Proc) {
  const rec = await call(p, "GET", "/api/v1/admin/reconciliation");
  expect(rec.body).toMatchObject({ balanced: true, accountSum: 0, negativePlayerBalances: 0 });
}
