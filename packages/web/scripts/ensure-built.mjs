#!/usr/bin/env node
/**
 * Builds the browser client (vite build -> packages/web/dist) when dist is missing, older
 * than any source file, or lacks its allow-list (dist/served-files.json, the only files the
 * server serves), so `npm start` and the browser tests always serve the current client
 * without rebuilding on every run.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = join(webRoot, "dist", "index.html");
const servedFiles = join(webRoot, "dist", "served-files.json");
const sources = [
  join(webRoot, "src"),
  join(webRoot, "index.html"),
  join(webRoot, "kit.html"),
  join(webRoot, "vite.config.ts"),
  join(webRoot, "package.json"),
];

/** Newest modification time under `path` (files and folders, recursively). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const upToDate = () =>
  existsSync(distIndex) && existsSync(servedFiles) && statSync(distIndex).mtimeMs >= Math.max(...sources.map(newest));
if (upToDate() && !process.argv.includes("--force")) {
  process.stdout.write("web: client build is up to date (packages/web/dist)\n");
  process.exit(0);
}

// One build at a time (test files run in parallel and each may ask): a lock directory next
// to the system's temporary files, named after this checkout; a stale lock (> 2 min) is taken over.
const lock = join(tmpdir(), `reelhouse-web-build-${createHash("sha1").update(webRoot).digest("hex").slice(0, 12)}.lock`);
const deadline = Date.now() + 180_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
    if (age > 120_000) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) {
      process.stderr.write(`web: waited too long for the build lock ${lock}\n`);
      process.exit(1);
    } else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}
let status = 0;
try {
  if (upToDate() && !process.argv.includes("--force")) {
    process.stdout.write("web: client build is up to date (built meanwhile)\n");
  } else {
    process.stdout.write("web: building the client (vite build)…\n");
    const vite = join(webRoot, "node_modules", ".bin", "vite");
    const bin = existsSync(vite) ? vite : resolve(webRoot, "..", "..", "node_modules", ".bin", "vite");
    const result = spawnSync(bin, ["build", "--logLevel", "warn"], { cwd: webRoot, stdio: "inherit" });
    status = result.status ?? 1;
    process.stdout.write(status === 0 ? "web: client built into packages/web/dist\n" : "web: vite build failed\n");
  }
} finally {
  rmSync(lock, { recursive: true, force: true });
}
process.exit(status);
