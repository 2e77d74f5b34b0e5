/**
 * RTP by several dimensions: one run over a list of variants (bets, bought modes — which
 * are bets of their game —, player policies, operator configurations, contexts), each
 * played for the same number of rounds on the same seeded streams (common random numbers:
 * differences between variants are not blurred by different draws). Worker k plays shard
 * k of every variant in turn, so T workers start once for the whole list.
 */
import type { ParReport } from "@reelhouse/engine";
import { buildReport, type SimReport } from "./report.js";
import { defaultBet, exactRtpAt, runJobs, runParameters, type SimOptions, shardRounds, shardTask } from "./runner.js";
import { type ContextOverrides, loadGameModule, resolveTask, type ShardTask } from "./shard.js";

/** One variant: what differs from the run's defaults (absent fields take them). */
export interface SimVariant {
  /** A name for the report; default the fields that were given, as JSON. */
  readonly label?: string;
  readonly bet?: unknown;
  readonly policy?: string;
  readonly config?: unknown;
  readonly context?: ContextOverrides;
}

/** A run over variants: the shared options, defaults for every variant, and the variants. */
export interface VariantsOptions extends Omit<SimOptions, "exact"> {
  readonly variants: readonly SimVariant[];
}

/** One report per variant, in the order given, plus the run's identity and timing. */
export interface VariantsReport {
  game: string;
  version: string;
  seed: number;
  threads: number;
  /** Rounds played per variant. */
  rounds: number;
  variants: (SimReport & { label: string })[];
  seconds: number;
}

/** The variant's label: its own, else the fields it sets. */
export function variantLabel(v: SimVariant): string {
  if (v.label !== undefined) return v.label;
  const parts: string[] = [];
  if (v.bet !== undefined) parts.push(`bet=${JSON.stringify(v.bet)}`);
  if (v.policy !== undefined) parts.push(`policy=${v.policy}`);
  if (v.config !== undefined) parts.push(`config=${JSON.stringify(v.config)}`);
  if (v.context !== undefined) parts.push(`context=${JSON.stringify(v.context)}`);
  return parts.length > 0 ? parts.join(" ") : "default";
}

/** The cross product of lists of bets, policies and configurations as variants (absent lists: the defaults). */
export function crossVariants(dimensions: {
  readonly bets?: readonly unknown[];
  readonly policies?: readonly string[];
  readonly configs?: readonly unknown[];
}): SimVariant[] {
  const bets = dimensions.bets ?? [undefined];
  const policies = dimensions.policies ?? [undefined];
  const configs = dimensions.configs ?? [undefined];
  return bets.flatMap((bet) =>
    policies.flatMap((policy) =>
      configs.map(
        (config): SimVariant => ({
          ...(bet === undefined ? {} : { bet }),
          ...(policy === undefined ? {} : { policy }),
          ...(config === undefined ? {} : { config }),
        }),
      ),
    ),
  );
}

/**
 * Simulates every variant for `rounds` rounds and reports each (RTP, band, breakdown, …),
 * with the exact RTP of its bet where the game's maths computes it (no configuration, context
 * or session: the game's sheet lists its bets as variants). Every variant is validated
 * (bet, policy, configuration) before any worker starts.
 */
export async function simulateVariants(options: VariantsOptions): Promise<VariantsReport> {
  if (options.gameModule) await loadGameModule(options.gameModule);
  if (options.variants.length === 0) throw new RangeError("variants must not be empty");
  const { rounds, threads, seed } = runParameters(options);
  const resolved = options.variants.map((v) => {
    const policy = v.policy ?? options.policy ?? "default";
    const { game } = resolveTask({ game: options.game, policy });
    const bet = game.parseBet(v.bet ?? options.bet ?? defaultBet(options.game));
    const config = v.config ?? options.config;
    game.parseConfig(config);
    const context = v.context ?? options.context;
    return { game, policy, bet, config, context, label: variantLabel(v) };
  });
  const game = (resolved[0] as (typeof resolved)[number]).game;
  const started = performance.now();
  const jobs = Array.from({ length: threads }, (_, k) =>
    resolved.map(
      (v): ShardTask =>
        shardTask(
          {
            ...options,
            ...(v.config === undefined ? {} : { config: v.config }),
            ...(v.context === undefined ? {} : { context: v.context }),
          },
          game.id,
          v.bet,
          v.policy,
          seed,
          k,
          shardRounds(rounds, threads, k),
        ),
    ),
  );
  const pending = runJobs(jobs, rounds * resolved.length, options.onProgress);
  // The exact maths runs on this thread while the workers play (as for a single run).
  let exact: Pick<ParReport, "rtp" | "variants"> | undefined;
  if (resolved.some((v) => v.config === undefined && v.context === undefined) && options.session === undefined) {
    try {
      exact = game.exact({ fullCycle: false });
    } catch {
      exact = undefined;
    }
  }
  const results = await pending;
  const seconds = (performance.now() - started) / 1000;
  return {
    game: game.id,
    version: game.version,
    seed,
    threads,
    rounds,
    variants: resolved.map((v, i) => {
      const report = buildReport({
        game,
        policy: v.policy,
        bet: v.bet,
        seed,
        threads,
        options: {
          ...(v.config === undefined ? {} : { config: v.config }),
          ...(v.context === undefined ? {} : { context: v.context }),
          ...(options.unitValues === undefined ? {} : { unitValues: options.unitValues }),
          ...(options.session === undefined ? {} : { session: options.session }),
        },
        results: results.map((r) => r[i] as (typeof r)[number]),
        seconds,
        label: v.label,
        exactRtp: exact && v.config === undefined && v.context === undefined ? exactRtpAt(exact, v.bet) : undefined,
      });
      return { ...report, label: v.label };
    }),
    seconds,
  };
}
