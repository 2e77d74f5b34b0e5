import { lstatSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** The allow-list of the build: the only files `reelhouse serve` serves (packages/server/src/static-files.ts reads it). */
export const SERVED_FILES = "served-files.json";

/**
 * Every regular file the build wrote, as `/`-separated paths under the output folder: no
 * dotfile or dot-folder, no source map, no symbolic link, not the list itself.
 */
function builtFiles(root: string, under = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, under)).sort()) {
    const path = under ? `${under}/${name}` : name;
    const stat = lstatSync(join(root, path));
    if (name.startsWith(".") || stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) out.push(...builtFiles(root, path));
    else if (stat.isFile() && !name.endsWith(".map") && path !== SERVED_FILES) out.push(path);
  }
  return out;
}

/** Writes {@link SERVED_FILES} once the build's files are written, so nothing put in the folder later is served. */
function servedFiles(): Plugin {
  let outDir = "";
  return {
    name: "reelhouse-served-files",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const files = builtFiles(outDir);
      writeFileSync(join(outDir, SERVED_FILES), `${JSON.stringify({ version: 1, files }, null, 1)}\n`);
    },
  };
}

// The client builds to packages/web/dist, which `reelhouse serve` serves at `/` (only the files
// listed in dist/served-files.json); the kit gallery (kit.html: the shell's kits with sample
// data, no server) is built beside it. No source maps: a production build does not hand out
// its sources. `npm run dev -w @reelhouse/web` proxies /api to a server on :8080.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [servedFiles()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    rollupOptions: { input: { main: page("index.html"), kit: page("kit.html") } },
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
