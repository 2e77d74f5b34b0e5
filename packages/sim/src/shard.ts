/**
 * One shard of a simulation: plays full rounds of the production game code on one
 * seeded stream. Workers run this; tests and benchmarks may call it directly.
 */
import { defaultContext, type FeatureFlags, type GameModule, type Rng, type RoundContext, Xoshiro128 } from "@reelhouse/engine";
import { getGame } from "@reelhouse/games";
import { platformAction } from "./platform.js";
import type { UnitValues } from "./ratio.js";
import { type SessionData, type SessionOptions, SessionPlayer } from "./session.js";
import { Tally, type TallyData } from "./tally.js";

/** Simulated steps build no client events: the same round code, minus presentation. */
const LEAN = { events: false } as const;

/** What a simulated round's context changes from the default (every feature allowed, no autoplay, not granted). */
export interface ContextOverrides {
  readonly autoplay?: boolean;
  readonly granted?: boolean;
  readonly features?: Partial<FeatureFlags>;
  readonly currency?: string;
}

/** What a shard is asked to do (plain data, so it can cross into a worker). */
export interface ShardTask {
  game: string;
  /** The bet as the game's own (untrusted, re-validated) bet object. */
  bet: unknown;
  policy: string;
  /** The operator's configuration of the game (untrusted, parsed by the game); absent = default. */
  config?: unknown;
  /** Context overrides (autoplay, granted round, jurisdiction flags); absent = the default context. */
  context?: ContextOverrides;
  /** Cash minor units per non-cash unit: also tally the valued RTP (cash + units at these values). */
  unitValues?: UnitValues;
  /** Play as one player carrying non-cash balances from round to round. */
  session?: SessionOptions;
  /** File URL of a module exporting `game` (a GameModule) not in the registry (tests, external games). */
  gameModule?: string;
  seed: number;
  /** Stream index: the shard draws from `new Xoshiro128(seed, stream)`. */
  stream: number;
  rounds: number;
}

/** A shard's counts and how long its play loop took. */
export interface ShardResult {
  tally: TallyData;
  seconds: number;
  /** Present in session mode. */
  session?: SessionData;
}

/** Rounds between progress reports: large enough to cost nothing, small enough for a live bar. */
export const PROGRESS_EVERY = 1 << 16;

/** Games simulated that are not in `@reelhouse/games` (loaded from `gameModule`), by id. */
const extraGames = new Map<string, GameModule<any, any, any, any, any, any>>();

/** Makes a game known to the simulator in this thread (a worker registers what its task's `gameModule` exports). */
export function registerSimGame(game: GameModule<any, any, any, any, any, any>): void {
  extraGames.set(game.id, game);
}

/** Imports a `gameModule` (its `game` export) and registers it; returns the game. */
export async function loadGameModule(url: string): Promise<GameModule<any, any, any, any, any, any>> {
  const mod = (await import(url)) as { game?: GameModule<any, any, any, any, any, any> };
  if (!mod.game || typeof mod.game.start !== "function") throw new Error(`${url} exports no 'game'`);
  registerSimGame(mod.game);
  return mod.game;
}

/** Looks up the game and policy of a task, failing with a clear message. */
export function resolveTask(task: Pick<ShardTask, "game" | "policy">): {
  game: GameModule<any, any, any, any, any, any>;
  policy: (state: any, awaiting: any) => unknown;
} {
  const game = getGame(task.game) ?? extraGames.get(task.game);
  if (!game) throw new Error(`unknown game '${task.game}'`);
  const policy = game.policies[task.policy];
  if (!policy)
    throw new Error(`game '${task.game}' has no policy '${task.policy}'; policies: ${Object.keys(game.policies).join(", ")}`);
  return { game, policy };
}

/**
 * The context simulated rounds run in: the operator's configuration and, unless
 * overridden, every feature allowed, cash only, no autoplay, not granted.
 */
export function simContext(
  game: GameModule<any, any, any, any, any, any>,
  config: unknown,
  overrides: ContextOverrides = {},
): RoundContext<unknown> {
  const base = defaultContext(game.parseConfig(config));
  return defaultContext(base.config, {
    ...(overrides.autoplay === undefined ? {} : { autoplay: overrides.autoplay }),
    ...(overrides.granted === undefined ? {} : { granted: overrides.granted }),
    ...(overrides.currency === undefined ? {} : { currency: overrides.currency }),
    features: Object.freeze({ ...base.features, ...overrides.features }),
  });
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
  const context = simContext(game, task.config, task.context);
  const rng = new Xoshiro128(task.seed, task.stream);
  // A session's bets vary from round to round: value units (at 0 when no values are given)
  // so that the tally keeps per-round ratio sums for the band.
  const unitValues = task.unitValues ?? (task.session ? {} : undefined);
  const tally = new Tally(unitValues ? { unitValues } : {});
  const player = task.session
    ? new SessionPlayer(
        game,
        (task.session.bets ?? [task.bet]).map((b) => game.parseBet(b)),
        policy,
        context,
        task.session,
      )
    : null;
  const started = performance.now();
  let done = 0;
  while (done < task.rounds) {
    const chunk = Math.min(PROGRESS_EVERY, task.rounds - done);
    if (player) player.play(rng, chunk, tally);
    else playRounds(game, bet, policy, rng, chunk, tally, context);
    done += chunk;
    onProgress?.(done);
  }
  const seconds = (performance.now() - started) / 1000;
  return { tally: tally.data(), seconds, ...(player ? { session: player.finish() } : {}) };
}
