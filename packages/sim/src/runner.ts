/**
 * The Monte Carlo runner: splits N rounds deterministically over T worker threads,
 * worker k drawing from `new Xoshiro128(seed, k)` (independent jump streams), and
 * merges their exact counts in worker order. Same seed and threads, same result.
 */
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { inBand, type SimReport, summarise } from "./report.js";
import { resolveTask, type ShardResult, type ShardTask } from "./shard.js";
import { mergeTallies } from "./tally.js";
import type { WorkerMessage } from "./worker.js";

/** What to simulate. */
export interface SimOptions {
  game: string;
  rounds: number;
  /** Seed of the streams; a random one is drawn (and reported) when absent. */
  seed?: number;
  /** Worker threads; defaults to the machine's available parallelism. */
  threads?: number;
  /** Player policy answering every decision (the game's `policies`); default `default`. */
  policy?: string;
  /** The game's bet object; default the game's default bet (max lines), else its minimum bet. */
  bet?: unknown;
  /** Compare with the game's exact RTP when it can compute one (default true). */
  exact?: boolean;
  /** Called with the rounds played so far (all threads), at most once per chunk per worker. */
  onProgress?: (done: number, total: number) => void;
}

/** Largest seed accepted: seeds are integers that a double holds exactly. */
const MAX_SEED = Number.MAX_SAFE_INTEGER;
const MAX_THREADS = 256;

/**
 * The worker bootstrap: registers tsx's loader (by absolute URL, so it works from
 * `npx reelhouse`, `tsx` and vitest alike), then imports the TypeScript worker module.
 * Node 20 does not apply `--import` hooks to a worker's own entry file, hence this step.
 */
function workerBootstrap(): string {
  const api =
    typeof import.meta.resolve === "function"
      ? import.meta.resolve("tsx/esm/api")
      : pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

/** Rounds of shard `k` of `threads`: an even split, the first `rounds % threads` shards one more. */
export function shardRounds(rounds: number, threads: number, k: number): number {
  return Math.floor(rounds / threads) + (k < rounds % threads ? 1 : 0);
}

/**
 * The bet simulated when none is given: the game's described default (its max-lines
 * bet) when the game describes one, else its minimum bet.
 */
export function defaultBet(gameId: string): unknown {
  const { game } = resolveTask({ game: gameId, policy: "default" });
  const described = (game.describe() as { bet?: { default?: unknown } } | null)?.bet?.default;
  return described !== undefined ? game.parseBet(described) : game.minBet();
}

function positiveInteger(name: string, value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer in [1, ${max}], got ${value}`);
  }
  return value;
}

function runWorker(task: ShardTask, bootstrap: string, onProgress: (done: number) => void): Promise<ShardResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: task });
    let settled = false;
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.done);
      else if (message.type === "done") {
        settled = true;
        resolve(message.result);
      } else {
        settled = true;
        reject(new Error(`simulation worker ${task.stream} failed: ${message.message}`));
      }
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`simulation worker ${task.stream} exited with code ${code} before finishing`));
    });
  });
}

/**
 * Simulates `rounds` full rounds of the production round code on worker threads and
 * reports RTP, its 99% band, stdev, frequencies, breakdown and win distribution.
 * Bad options throw before any worker starts.
 */
export async function simulate(options: SimOptions): Promise<SimReport> {
  const policyName = options.policy ?? "default";
  const { game } = resolveTask({ game: options.game, policy: policyName });
  const rounds = positiveInteger("rounds", options.rounds, Number.MAX_SAFE_INTEGER);
  const threads = positiveInteger("threads", options.threads ?? availableParallelism(), MAX_THREADS);
  const seed = options.seed ?? randomInt(0, 2 ** 48 - 1);
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  }
  const bet = game.parseBet(options.bet ?? defaultBet(options.game));
  const totalBet = game.totalBet(bet);

  const bootstrap = workerBootstrap();
  const progress = new Array<number>(threads).fill(0);
  let reported = 0;
  const report = (k: number, done: number) => {
    progress[k] = done;
    const sum = progress.reduce((a, b) => a + b, 0);
    if (sum !== reported) {
      reported = sum;
      options.onProgress?.(sum, rounds);
    }
  };
  const started = performance.now();
  const shards = Array.from({ length: threads }, (_, k) =>
    runWorker(
      { game: game.id, bet, policy: policyName, seed, stream: k, rounds: shardRounds(rounds, threads, k) },
      bootstrap,
      (done) => report(k, done),
    ),
  );
  // The exact maths runs on this thread while the workers play.
  let exactRtp: number | undefined;
  if (options.exact !== false) {
    try {
      exactRtp = game.exact({ fullCycle: false }).rtp;
    } catch {
      exactRtp = undefined;
    }
  }
  const results = await Promise.all(shards);
  const seconds = (performance.now() - started) / 1000;

  const stats = summarise(mergeTallies(results.map((r) => r.tally)));
  const loopSeconds = Math.max(...results.map((r) => r.seconds));
  const out: SimReport = {
    game: game.id,
    version: game.version,
    policy: policyName,
    bet,
    totalBet,
    seed,
    threads,
    ...stats,
    ...(exactRtp === undefined
      ? {}
      : { exact: { rtp: exactRtp, inBand: inBand(exactRtp, stats.ci99), deviation: stats.rtp - exactRtp } }),
    seconds,
    roundsPerSecond: loopSeconds > 0 ? rounds / loopSeconds : 0,
    roundsPerSecondPerThread: results.map((r, k) => (r.seconds > 0 ? shardRounds(rounds, threads, k) / r.seconds : 0)),
  };
  return out;
}
