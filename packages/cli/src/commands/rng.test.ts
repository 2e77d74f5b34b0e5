/** `reelhouse rng`, run as the real CLI process: raw bytes and scaled values for external batteries. */
import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/reelhouse.js", import.meta.url));
const run = promisify(execFile);

/** Runs the CLI; resolves with stdout as bytes, stderr and the exit code (never rejects on a non-zero exit). */
async function reelhouse(args: string[]): Promise<{ stdout: Buffer; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { encoding: "buffer", maxBuffer: 64 << 20 });
    return { stdout, stderr: stderr.toString(), code: 0 };
  } catch (error) {
    const e = error as { stdout: Buffer; stderr: Buffer; code: number };
    return { stdout: e.stdout, stderr: e.stderr.toString(), code: e.code };
  }
}

/** The first `n` bytes of a seeded stream, as the generator's words in little-endian order. */
function expectedBytes(seed: number, stream: number, n: number): Buffer {
  const rng = new Xoshiro128(seed, stream);
  const out = Buffer.alloc(Math.ceil(n / 4) * 4);
  for (let i = 0; i < out.length; i += 4) out.writeUInt32LE(rng.nextU32(), i);
  return out.subarray(0, n);
}

describe("reelhouse rng", () => {
  it("--bytes N --seed S writes exactly the seeded generator's raw words (over several blocks)", async () => {
    const n = 200_003;
    const { stdout, code } = await reelhouse(["rng", "--bytes", String(n), "--seed", "9", "--stream", "2"]);
    expect(code).toBe(0);
    expect(stdout.length).toBe(n);
    expect(stdout.equals(expectedBytes(9, 2, n))).toBe(true);
  });

  it("--bytes N without a seed writes N bytes of the CSPRNG, different each run", async () => {
    const [a, b] = await Promise.all([reelhouse(["rng", "--bytes", "1M"]), reelhouse(["rng", "--bytes", "1M"])]);
    expect(a.stdout.length).toBe(1_000_000);
    expect(b.stdout.length).toBe(1_000_000);
    expect(a.stdout.equals(b.stdout)).toBe(false);
    // Every byte value appears about equally often (chi-square, 255 df, far tail).
    const counts = new Array<number>(256).fill(0);
    for (const byte of a.stdout) counts[byte] = (counts[byte] as number) + 1;
    const expected = a.stdout.length / 256;
    const x2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(x2).toBeLessThan(380);
  });

  it("--range R --count K prints the unbiased scaled draws, one per line", async () => {
    const { stdout, code } = await reelhouse(["rng", "--range", "3221225472", "--count", "20000", "--seed", "4"]);
    expect(code).toBe(0);
    const rng = new Xoshiro128(4);
    const expected = Array.from({ length: 20000 }, () => rng.int(3 * 2 ** 30));
    expect(stdout.toString().trimEnd().split("\n").map(Number)).toEqual(expected);
  });

  it("stops cleanly when the reader closes the pipe (--bytes all, as for dieharder)", async () => {
    const child = spawn(process.execPath, [BIN, "rng", "--bytes", "all"], { stdio: ["ignore", "pipe", "pipe"] });
    let received = 0;
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received >= 4 << 20) {
          child.stdout.destroy();
          resolve();
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(received).toBeGreaterThanOrEqual(4 << 20);
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/error/i);
  });

  it("bad arguments get a clear error and exit code 1, with nothing on stdout", async () => {
    for (const [args, message] of [
      [["--range", "0", "--count", "5"], /--range must be a whole number >= 1/],
      [["--range", "4294967297", "--count", "5"], /at most 2\^32/],
      [["--bytes", "12abc"], /--bytes must be a whole number/],
      [["--bytes", "10", "--stream", "1"], /--stream needs --seed/],
      [["--range", "6"], /give --bytes N, or --range R and --count K/],
    ] as const) {
      const { stdout, stderr, code } = await reelhouse(["rng", ...args]);
      expect(code, args.join(" ")).toBe(1);
      expect(stderr).toMatch(message);
      expect(stdout.length).toBe(0);
    }
  });
});
