import type { JurisdictionInfo } from "@reelhouse/protocol";

/** The rules a jurisdiction imposes on play, as the server enforces them. */
export interface JurisdictionProfile extends JurisdictionInfo {
  /** A session idle this long is ended (the player must start a new one). */
  idleTimeoutMs: number;
  /** After a session was dropped, a new session for the player is refused this long. */
  reconnectLockoutMs: number;
}

/** The profiles the sheets describe: the default, and the GB profile. */
export const JURISDICTIONS: Readonly<Record<string, JurisdictionProfile>> = {
  default: {
    id: "default",
    autoplay: true,
    turbo: true,
    slamStop: true,
    gamble: true,
    buyBonus: true,
    minSpinIntervalMs: 0,
    maxStake: null,
    idleTimeoutMs: 30 * 60_000,
    reconnectLockoutMs: 30_000,
  },
  GB: {
    id: "GB",
    autoplay: false,
    turbo: false,
    slamStop: false,
    gamble: false,
    buyBonus: false,
    minSpinIntervalMs: 2500,
    maxStake: 500,
    idleTimeoutMs: 20 * 60_000,
    reconnectLockoutMs: 30_000,
  },
};

export type ServerMode = "production" | "dev" | "test";

export interface ServerConfig {
  mode: ServerMode;
  /** SQLite path or postgres:// URL. */
  databaseUrl: string;
  /** Jurisdiction of new players (demo players included). */
  defaultJurisdiction: string;
  /** Profiles by id (defaults above; overridable by the admin API). */
  jurisdictions: Record<string, JurisdictionProfile>;
  /** Admin API key; null disables the admin API. */
  adminKey: string | null;
  /** Demo balance of a new demo player, minor units. */
  demoBalance: number;
  currency: string;
  /** Requests per second per session (token bucket, burst = 2x); 0 disables. */
  rateLimitPerSecond: number;
  /** Folder of the browser client's build, served at `/` when it exists. */
  staticDir: string | null;
  /** Test-only: a named point where the process kills itself (crash matrix). Ignored in production. */
  crashAt: string | null;
}

/** Reads the server configuration from environment variables (see docs/server.md). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, defaults: Partial<ServerConfig> = {}): ServerConfig {
  const mode = (env.REELHOUSE_MODE ?? defaults.mode ?? "production") as ServerMode;
  if (!["production", "dev", "test"].includes(mode))
    throw new Error(`REELHOUSE_MODE must be production, dev or test; got '${mode}'`);
  const jurisdictions = structuredClone(JURISDICTIONS) as Record<string, JurisdictionProfile>;
  const defaultJurisdiction = env.REELHOUSE_JURISDICTION ?? defaults.defaultJurisdiction ?? "default";
  if (!jurisdictions[defaultJurisdiction]) throw new Error(`unknown jurisdiction '${defaultJurisdiction}'`);
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number; got '${raw}'`);
    return n;
  };
  return {
    mode,
    databaseUrl: env.DATABASE_URL ?? defaults.databaseUrl ?? "./data/reelhouse.sqlite",
    defaultJurisdiction,
    jurisdictions,
    adminKey: env.REELHOUSE_ADMIN_KEY ?? defaults.adminKey ?? null,
    demoBalance: number("REELHOUSE_DEMO_BALANCE", defaults.demoBalance ?? 100_000),
    currency: env.REELHOUSE_CURRENCY ?? defaults.currency ?? "EUR",
    rateLimitPerSecond: number("REELHOUSE_RATE_LIMIT", defaults.rateLimitPerSecond ?? 50),
    staticDir: env.REELHOUSE_STATIC_DIR ?? defaults.staticDir ?? null,
    crashAt: mode === "production" ? null : (env.REELHOUSE_CRASH_AT ?? defaults.crashAt ?? null),
  };
}
