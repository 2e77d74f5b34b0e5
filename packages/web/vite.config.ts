import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

// The client builds to packages/web/dist, which `reelhouse serve` serves at `/`; the kit
// gallery (kit.html: the shell's kits with sample data, no server) is built beside it.
// `npm run dev -w @reelhouse/web` proxies /api to a server on :8080.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    rollupOptions: { input: { main: page("index.html"), kit: page("kit.html") } },
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
