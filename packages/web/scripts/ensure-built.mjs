#!/usr/bin/env node
/**
 * Builds the browser client (vite build -> packages/web/dist) when dist is missing or
 * older than any source file, so `npm start` and the browser tests always serve the
 * current client without rebuilding on every run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = join(webRoot, "dist", "index.html");
const sources = [
  join(webRoot, "src"),
  join(webRoot, "index.html"),
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

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt >= changedAt && !process.argv.includes("--force")) {
  process.stdout.write("web: client build is up to date (packages/web/dist)\n");
  process.exit(0);
}
process.stdout.write("web: building the client (vite build)…\n");
const vite = join(webRoot, "node_modules", ".bin", "vite");
const bin = existsSync(vite) ? vite : resolve(webRoot, "..", "..", "node_modules", ".bin", "vite");
const result = spawnSync(bin, ["build", "--logLevel", "warn"], { cwd: webRoot, stdio: "inherit" });
if (result.status !== 0) {
  process.stderr.write("web: vite build failed\n");
  process.exit(result.status ?? 1);
}
process.stdout.write("web: client built into packages/web/dist\n");
