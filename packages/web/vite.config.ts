import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The client builds to packages/web/dist, which `reelhouse serve` serves at `/`.
// `npm run dev -w @reelhouse/web` proxies /api to a server on :8080.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
