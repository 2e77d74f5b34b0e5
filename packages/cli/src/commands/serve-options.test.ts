/** `reelhouse serve` fails closed: production unless dev is asked for explicitly; help and bad flags start nothing. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseServeOptions, UsageError } from "./serve-options.js";

const BIN = fileURLToPath(new URL("../../bin/reelhouse.js", import.meta.url));
const run = promisify(execFile);

describe("reelhouse serve options", () => {
  it("runs in production with no flag and no REELHOUSE_MODE, whatever NODE_ENV says", () => {
    expect(parseServeOptions([], {}).mode).toBe("production");
    expect(parseServeOptions([], { NODE_ENV: "production" }).mode).toBe("production");
    expect(parseServeOptions([], { NODE_ENV: "development" }).mode).toBe("production");
  });

  it("runs in dev only when asked: --dev or REELHOUSE_MODE=dev", () => {
    expect(parseServeOptions(["--dev"], {}).mode).toBe("dev");
    expect(parseServeOptions([], { REELHOUSE_MODE: "dev" }).mode).toBe("dev");
    expect(parseServeOptions(["--dev"], { NODE_ENV: "production" }).mode).toBe("dev");
    expect(() => parseServeOptions(["--dev"], { REELHOUSE_MODE: "production" })).toThrow(UsageError);
    expect(() => parseServeOptions([], { REELHOUSE_MODE: "staging" })).toThrow(/REELHOUSE_MODE/);
  });

  it("takes the port and host from flags, then PORT/HOST, then 8080 on 127.0.0.1", () => {
    expect(parseServeOptions([], {})).toMatchObject({ port: 8080, host: "127.0.0.1", help: false });
    expect(parseServeOptions([], { PORT: "9000", HOST: "0.0.0.0" })).toMatchObject({ port: 9000, host: "0.0.0.0" });
    expect(parseServeOptions(["--port", "9100", "--host", "::1"], { PORT: "9000" })).toMatchObject({ port: 9100, host: "::1" });
    for (const bad of ["-1", "65536", "80x", ""]) expect(() => parseServeOptions(["--port", bad], {})).toThrow(UsageError);
    expect(() => parseServeOptions(["--port"], {})).toThrow(/needs a value/);
  });

  it("refuses unknown flags and stray arguments", () => {
    expect(() => parseServeOptions(["--prot", "8080"], {})).toThrow(/unknown argument '--prot'/);
    expect(() => parseServeOptions(["now"], {})).toThrow(UsageError);
  });

  it("as a process: --help prints the usage and exits 0, an unknown flag exits 2; neither starts a server", async () => {
    // A port nothing should bind: if either call started a server it would never exit and the test would time out.
    const help = await run(process.execPath, [BIN, "serve", "--help", "--port", "1"], { timeout: 20_000 });
    expect(help.stdout).toMatch(/usage: reelhouse serve/);
    expect(help.stdout).not.toMatch(/serving on/);
    const bad = await run(process.execPath, [BIN, "serve", "--bogus"], { timeout: 20_000 }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown argument '--bogus'/);
  }, 45_000);
});
