import { parseArgs } from "node:util";
import { createRng, type Rng } from "@reelhouse/engine";
import type { Command } from "../main.js";
import { parseCount } from "./sim.js";

/** Words per output block: 64 KiB of raw output per write. */
const BLOCK_WORDS = 16384;

/**
 * Fills `out` with the next words of `rng`, as little-endian bytes: the raw stream an
 * external battery (dieharder -g 200, PractRand, TestU01) reads.
 */
export function fillRaw(rng: Rng, out: Uint32Array): void {
  for (let i = 0; i < out.length; i++) out[i] = rng.nextU32();
}

/** The next `count` scaled draws `rng.int(range)`, one decimal per line. */
export function scaledLines(rng: Rng, range: number, count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += `${rng.int(range)}\n`;
  return text;
}

/**
 * Resolves when stdout drains, closes or fails (a closed pipe, EPIPE, simply ends the
 * output), and removes all three listeners whichever comes first, so that a long dump
 * does not pile up listeners on the stream.
 */
function drainedOrClosed(): Promise<void> {
  const out = process.stdout;
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      out.off("error", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
    out.on("error", done);
  });
}

/** Writes one chunk, waiting for the pipe to drain; false when the reader went away (EPIPE). */
async function write(chunk: Uint8Array | string, closed: { value: boolean }): Promise<boolean> {
  if (closed.value) return false;
  if (!process.stdout.write(chunk)) await drainedOrClosed();
  return !closed.value;
}

/**
 * `reelhouse rng`: the platform's RNG for external test batteries. `--bytes N` streams
 * N raw bytes (`--bytes all` streams until the reader closes); `--range R --count K`
 * prints K unbiased scaled values. CryptoRng by default; xoshiro128** when seeded.
 */
export const rngCommand: Command = {
  summary: "dump the RNG: raw bytes for dieharder, or scaled values rng.int(R)",
  usage: "rng --bytes N|all [--seed S] [--stream K]  |  rng --range R --count K [--seed S] [--stream K]",
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        bytes: { type: "string" },
        range: { type: "string" },
        count: { type: "string" },
        seed: { type: "string" },
        stream: { type: "string" },
      },
    });
    if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}'`);
    const seed = parseCount("seed", values.seed);
    const stream = parseCount("stream", values.stream) ?? 0;
    if (stream > 0 && seed === undefined) throw new Error("--stream needs --seed (streams belong to the seeded generator)");
    // Seeded streams are only ever simulation; production mode would refuse them.
    const rng = seed === undefined ? createRng("production") : createRng("simulation", seed, stream);
    const closed = { value: false };
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      closed.value = true;
    });

    if (values.bytes !== undefined) {
      if (values.range !== undefined || values.count !== undefined) throw new Error("use either --bytes or --range/--count");
      const total = values.bytes === "all" ? Number.POSITIVE_INFINITY : (parseCount("bytes", values.bytes, 1) as number);
      const words = new Uint32Array(BLOCK_WORDS);
      const bytes = new Uint8Array(words.buffer);
      let left = total;
      while (left > 0) {
        fillRaw(rng, words);
        const n = Math.min(left, bytes.length);
        // Each block is a fresh copy: the stream may still hold the previous one.
        if (!(await write(bytes.slice(0, n), closed))) break;
        left -= n;
      }
      return 0;
    }

    if (values.range === undefined || values.count === undefined) {
      throw new Error("give --bytes N, or --range R and --count K");
    }
    const range = parseCount("range", values.range, 1) as number;
    if (range > 2 ** 32) throw new Error(`--range must be at most 2^32 (4294967296), got ${range}`);
    let left = parseCount("count", values.count, 1) as number;
    while (left > 0) {
      const n = Math.min(left, BLOCK_WORDS);
      if (!(await write(scaledLines(rng, range, n), closed))) break;
      left -= n;
    }
    return 0;
  },
};
