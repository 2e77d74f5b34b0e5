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
import type { ParReport } from "@reelhouse/engine";
import type { UnitValues } from "./ratio.js";
import { buildReport, type SimReport } from "./report.js";
import type { SessionOptions } from "./session.js";
import { type ContextOverrides, loadGameModule, resolveTask, type ShardResult, type ShardTask } from "./shard.js";
import type { WorkerJob, WorkerMessage } from "./worker.js";

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
  /** Compare with the game's exact RTP when it can compute one (default true; never with a session, config or context). */
  exact?: boolean;
  /** Called with the rounds played so far (all threads), at most once per chunk per worker. */
  onProgress?: (done: number, total: number) => void;
  /** The operator's configuration of the game (parsed by the game); default its default configuration. */
  config?: unknown;
  /** Context overrides: autoplay, a granted round, the jurisdiction's feature flags. */
  context?: ContextOverrides;
  /** Cash minor units per non-cash unit (e.g. `{bonus: 80}`): also report RTP counting units at these values. */
  unitValues?: UnitValues;
  /** Play as one player per thread carrying non-cash balances from round to round. */
  session?: SessionOptions;
  /** File URL of a module exporting `game`, for a game not in `@reelhouse/games` (tests, external games). */
  gameModule?: string;
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

/** Runs one worker over its tasks; resolves with their results in task order. */
function runWorker(job: WorkerJob, bootstrap: string, onProgress: (done: number) => void): Promise<ShardResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    const stream = job.tasks[0]?.stream ?? 0;
    let settled = false;
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.done);
      else if (message.type === "done") {
        settled = true;
        resolve(message.results);
      } else {
        settled = true;
        reject(new Error(`simulation worker ${stream} failed: ${message.message}`));
      }
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`simulation worker ${stream} exited with code ${code} before finishing`));
    });
  });
}

/** Checks the options every run shares; returns rounds, threads and seed. */
export function runParameters(options: Pick<SimOptions, "rounds" | "threads" | "seed">): {
  rounds: number;
  threads: number;
  seed: number;
} {
  const rounds = positiveInteger("rounds", options.rounds, Number.MAX_SAFE_INTEGER);
  const threads = positiveInteger("threads", options.threads ?? availableParallelism(), MAX_THREADS);
  const seed = options.seed ?? randomInt(0, 2 ** 48 - 1);
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  }
  return { rounds, threads, seed };
}

/**
 * Plays `jobs[k]` on worker k (all workers at once) and returns each worker's results,
 * in worker order, with the longest play time. `total` is the rounds of all jobs, for progress.
 */
export async function runJobs(
  jobs: readonly ShardTask[][],
  total: number,
  onProgress?: (done: number, total: number) => void,
): Promise<ShardResult[][]> {
  const bootstrap = workerBootstrap();
  const progress = new Array<number>(jobs.length).fill(0);
  let reported = 0;
  const report = (k: number, done: number) => {
    progress[k] = done;
    const sum = progress.reduce((a, b) => a + b, 0);
    if (sum !== reported) {
      reported = sum;
      onProgress?.(sum, total);
    }
  };
  return Promise.all(jobs.map((tasks, k) => runWorker({ tasks }, bootstrap, (done) => report(k, done))));
}

/** The shard task of worker `k` for one run (plain data; absent options stay absent). */
export function shardTask(
  base: Pick<SimOptions, "config" | "context" | "unitValues" | "session" | "gameModule">,
  game: string,
  bet: unknown,
  policy: string,
  seed: number,
  stream: number,
  rounds: number,
): ShardTask {
  return {
    game,
    bet,
    policy,
    ...(base.config === undefined ? {} : { config: base.config }),
    ...(base.context === undefined ? {} : { context: base.context }),
    ...(base.unitValues === undefined ? {} : { unitValues: base.unitValues }),
    ...(base.session === undefined ? {} : { session: base.session }),
    ...(base.gameModule === undefined ? {} : { gameModule: base.gameModule }),
    seed,
    stream,
    rounds,
  };
}

/**
 * The exact RTP of the bet simulated: the most specific of the report's variants whose `bet` fields
 * all equal the bet's (a game whose RTP differs by bet lists them: Mona Lisa Jewels' max bet),
 * else the report's headline RTP (the default bet).
 */
export function exactRtpAt(report: Pick<ParReport, "rtp" | "variants">, bet: unknown): number {
  if (typeof bet !== "object" || bet === null) return report.rtp;
  const fields = bet as Record<string, unknown>;
  // The most specific variant whose every field the bet has: a bought mode's variant
  // ({stake, mode}) wins over its stake's plain one ({stake}).
  let match: (typeof report.variants)[number] | undefined;
  for (const v of report.variants) {
    if (v.bet === null || v.config !== null || !Object.entries(v.bet).every(([k, value]) => fields[k] === value)) continue;
    if (!match || Object.keys(v.bet).length > Object.keys(match.bet ?? {}).length) match = v;
  }
  return match ? match.rtp : report.rtp;
}

/**
 * Simulates `rounds` full rounds of the production round code on worker threads and
 * reports RTP, its 99% band, stdev, frequencies, breakdown and win distribution.
 * Bad options throw before any worker starts.
 */
export async function simulate(options: SimOptions): Promise<SimReport> {
  if (options.gameModule) await loadGameModule(options.gameModule);
  const policyName = options.policy ?? "default";
  const { game } = resolveTask({ game: options.game, policy: policyName });
  const { rounds, threads, seed } = runParameters(options);
  const bet = game.parseBet(options.bet ?? defaultBet(options.game));
  game.parseConfig(options.config);
  for (const b of options.session?.bets ?? []) game.parseBet(b);

  const started = performance.now();
  const jobs = Array.from({ length: threads }, (_, k) => [
    shardTask(options, game.id, bet, policyName, seed, k, shardRounds(rounds, threads, k)),
  ]);
  const pending = runJobs(jobs, rounds, options.onProgress);
  // The exact maths runs on this thread while the workers play. It is the game's default
  // configuration and context, one bet per round: a session, a configuration or a context
  // given here is not what it computes, so no comparison is made then.
  const comparable = options.session === undefined && options.config === undefined && options.context === undefined;
  let exactRtp: number | undefined;
  if (options.exact !== false && comparable) {
    try {
      exactRtp = exactRtpAt(game.exact({ fullCycle: false }), bet);
    } catch {
      exactRtp = undefined;
    }
  }
  const results = (await pending).map((r) => r[0] as ShardResult);
  const seconds = (performance.now() - started) / 1000;
  return buildReport({ game, policy: policyName, bet, seed, threads, options, results, seconds, exactRtp });
}
