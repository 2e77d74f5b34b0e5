import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time even on a 2-core machine (Vitest's default there is one): the browser
    // and server suites spend much of their time waiting on timers, sockets and Chromium, and
    // the whole run must stay well inside CI's 25 minutes.
    maxWorkers: 2,
  },
});
