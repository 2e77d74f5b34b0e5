/**
 * Browser-test harness: builds the client when needed, runs the REAL `reelhouse serve`
 * (test mode, temporary SQLite, a free port) and Debian's Chromium through playwright-core.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM);
const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPO_ROOT = resolve(WEB_ROOT, "..", "..");
export const SCREENSHOTS = join(REPO_ROOT, ".artifacts", "screenshots");
export const ADMIN_KEY = "web-test-admin-key";

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** Calls the API as a player (token) or as the operator (admin: true). */
  api<T = any>(method: string, path: string, options?: { token?: string; body?: unknown; admin?: boolean }): Promise<T>;
}

/** Builds the client if its sources changed, then starts `reelhouse serve` in test mode. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  execFileSync(process.execPath, [join(WEB_ROOT, "scripts", "ensure-built.mjs")], { stdio: "inherit" });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "reelhouse-web-"));
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, "packages", "cli", "bin", "reelhouse.js"), "serve"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      REELHOUSE_MODE: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: join(dataDir, "reelhouse.sqlite"),
      REELHOUSE_ADMIN_KEY: ADMIN_KEY,
      REELHOUSE_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += String(d);
  });
  child.stderr?.on("data", (d) => {
    output += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`reelhouse serve exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`reelhouse serve did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => {
          const timer = setTimeout(() => {
            child.kill("SIGKILL");
            r(null);
          }, 5000);
          child.once("exit", () => {
            clearTimeout(timer);
            r(null);
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.admin) headers["x-admin-key"] = ADMIN_KEY;
      // As an operator's integration does: every admin call that changes something carries a key of its own.
      if (options.admin && method !== "GET") headers["idempotency-key"] = randomUUID();
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(`${method} ${path} -> ${response.status} ${JSON.stringify(body)}`);
      return body;
    },
  };
}

/** Chromium with a fresh profile directory (removed on close). */
export async function startBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "reelhouse-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
    ],
    viewport: { width: 1366, height: 768 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot to `.artifacts/screenshots/<name>.png` and returns its path. */
export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
