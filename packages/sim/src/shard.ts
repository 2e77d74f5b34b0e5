/**
 * One shard of a simulation: plays full rounds of the production game code on one
 * seeded stream. Workers run this; tests and benchmarks may call it directly.
 */
import { defaultContext, type GameModule, type Rng, type RoundContext, Xoshiro128 } from "@reelhouse/engine";
import { getGame } from "@reelhouse/games";
import { platformAction } from "./platform.js";
import { Tally, type TallyData } from "./tally.js";

/** Simulated steps build no client events: the same round code, minus presentation. */
const LEAN = { events: false } as const;

/** What a shard is asked to do (plain data, so it can cross into a worker). */
export interface ShardTask {
  game: string;
  /** The bet as the game's own (untrusted, re-validated) bet object. */
  bet: unknown;
  policy: string;
  /** The operator's configuration of the game (untrusted, parsed by the game); absent = default. */
  config?: unknown;
  seed: number;
  /** Stream index: the shard draws from `new Xoshiro128(seed, stream)`. */
  stream: number;
  rounds: number;
}

/** A shard's counts and how long its play loop took. */
export interface ShardResult {
  tally: TallyData;
  seconds: number;
}

/** Rounds between progress reports: large enough to cost nothing, small enough for a live bar. */
export const PROGRESS_EVERY = 1 << 16;

/** Looks up the game and policy of a task, failing with a clear message. */
export function resolveTask(task: Pick<ShardTask, "game" | "policy">): {
  game: GameModule<any, any, any, any, any, any>;
  policy: (state: any, awaiting: any) => unknown;
} {
  const game = getGame(task.game);
  if (!game) throw new Error(`unknown game '${task.game}'`);
  const policy = game.policies[task.policy];
  if (!policy)
    throw new Error(`game '${task.game}' has no policy '${task.policy}'; policies: ${Object.keys(game.policies).join(", ")}`);
  return { game, policy };
}

/** The context simulated rounds run in: the operator's configuration, every feature allowed, cash only. */
export function simContext(game: GameModule<any, any, any, any, any, any>, config: unknown): RoundContext<unknown> {
  return defaultContext(game.parseConfig(config));
}

/**
 * Plays `rounds` full rounds: `start`, then the policy answers every decision awaited from
 * the player, and the game's platform model every request to the platform, through `act`
 * until the round is over; each finished round is added to `tally`.
 */
export function playRounds(
  game: GameModule<any, any, any, any, any, any>,
  bet: unknown,
  policy: (state: any, awaiting: any) => unknown,
  rng: Rng,
  rounds: number,
  tally: Tally,
  context: RoundContext<unknown> = simContext(game, undefined),
): void {
  for (let i = 0; i < rounds; i++) {
    let step = game.start(bet, rng, context, LEAN);
    while (step.awaiting !== null) {
      const action = platformAction(game, step.awaiting, context) ?? policy(step.state, step.awaiting);
      step = game.act(step.state, action, rng, context, LEAN);
    }
    tally.add(step.state);
  }
}

/**
 * Runs a whole shard, calling `onProgress(roundsDone)` every {@link PROGRESS_EVERY} rounds.
 * The result depends only on the task, never on timing.
 */
export function runShard(task: ShardTask, onProgress?: (done: number) => void): ShardResult {
  const { game, policy } = resolveTask(task);
  const bet = game.parseBet(task.bet);
  const context = simContext(game, task.config);
  const rng = new Xoshiro128(task.seed, task.stream);
  const tally = new Tally();
  const started = performance.now();
  let done = 0;
  while (done < task.rounds) {
    const chunk = Math.min(PROGRESS_EVERY, task.rounds - done);
    playRounds(game, bet, policy, rng, chunk, tally, context);
    done += chunk;
    onProgress?.(done);
  }
  return { tally: tally.data(), seconds: (performance.now() - started) / 1000 };
}
