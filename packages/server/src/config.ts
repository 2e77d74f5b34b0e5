import type { JurisdictionInfo } from "@reelhouse/protocol";

/** The rules a jurisdiction imposes on play, as the server enforces them. */
export interface JurisdictionProfile extends JurisdictionInfo {
  /** A session idle this long is ended (the player must start a new one). */
  idleTimeoutMs: number;
  /** After a session was dropped, a new session for the player is refused this long. */
  reconnectLockoutMs: number;
}

/** The profiles the sheets describe: the default, and the GB profile. */
export const JURISDICTIONS: Readonly<Record<"default" | "GB", JurisdictionProfile>> = {
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

/**
 * The largest amount, in minor units, any single amount the API accepts may have (an
 * adjustment, a loss or win limit, a stake cap, the demo balance): 10^12 (ten billion EUR).
 * Every account balance is also kept within ±{@link MAX_BALANCE}, so each one reads back
 * exactly as a JavaScript number; sums over many accounts are computed exactly (BigInt).
 */
export const MAX_AMOUNT = 1_000_000_000_000;
/** The largest absolute balance any ledger account may reach: 2^53 - 1 (exact as a number). */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

/** A jurisdiction id (its profile's key): letters first, then letters, digits, `_` or `-`; at most 32. */
export const JURISDICTION_ID = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** The built-in profiles as a fresh Map (profiles are looked up by Map, never by object key). */
export function defaultJurisdictions(): Map<string, JurisdictionProfile> {
  return new Map(Object.entries(structuredClone(JURISDICTIONS)));
}

export interface ServerConfig {
  mode: ServerMode;
  /** SQLite path or postgres:// URL. */
  databaseUrl: string;
  /** Jurisdiction of new players (demo players included). */
  defaultJurisdiction: string;
  /** Profiles by id (defaults above; overridable by the admin API). A Map: no prototype keys. */
  jurisdictions: Map<string, JurisdictionProfile>;
  /** Admin API key; null disables the admin API. */
  adminKey: string | null;
  /**
   * Demo play (`POST /sessions {"demo": true}`): on by default in dev and test mode, off in
   * production unless the operator turns it on (REELHOUSE_DEMO=on). Demo players' money
   * only ever moves against the demo bank (`demo` accounts), never the operator's.
   */
  demo: boolean;
  /** Demo balance of a new demo player, minor units. */
  demoBalance: number;
  currency: string;
  /** Requests per second per verified player (token bucket, burst = 2x); 0 disables every rate limit. */
  rateLimitPerSecond: number;
  /** Requests per second per client address for anonymous requests and failed authentications (burst 2x). */
  addressRateLimitPerSecond: number;
  /** New sessions per minute per client address (burst = the same number). */
  sessionsPerMinute: number;
  /** History pages (GET /history) per second this node serves in all (burst = the same); 0 = no budget. */
  historyPagesPerSecond: number;
  /**
   * Whether X-Forwarded-For / X-Forwarded-Proto are believed: false (default), true, or the
   * proxies' addresses (comma-separated IPs or CIDRs). Only behind a proxy that sets them.
   */
  trustProxy: boolean | string;
  /** Strict-Transport-Security on answers to requests that came over TLS (directly or via a trusted proxy). */
  hsts: boolean;
  /** Time to receive a whole request (headers and body), ms; slower requests get 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Time to receive a request's headers, ms. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this, ms. */
  keepAliveTimeoutMs: number;
  /** Most open connections to a listener (further ones are closed at once). */
  maxConnections: number;
  /** Most open connections from one client address (0 = no per-address cap). */
  maxConnectionsPerAddress: number;
  /** A separate listener for the admin API, /metrics and /docs (REELHOUSE_ADMIN_PORT); null = on the public listener, key required. */
  adminPort: number | null;
  adminHost: string;
  /** Folder of the browser client's build, served at `/` when it exists. */
  staticDir: string | null;
  /** Test-only: a named point where the process kills itself (crash matrix). Ignored in production. */
  crashAt: string | null;
  /**
   * Dev/test only: Jackpot Cards' trigger odds instead of the certified ones (e.g. 1/1: every
   * qualifying round opens a card round). Refused in production (fail closed).
   */
  jackpotCardsTrigger: { numerator: number; denominator: number } | null;
  /**
   * Games the operator adds Jackpot Cards to (`REELHOUSE_JACKPOT_CARDS_GAMES`, comma-separated
   * ids), besides those that include it themselves (40 Mystic Gem). Its return is published
   * apart from the game's RTP, so adding it changes no certified game maths.
   */
  jackpotCardsGames: string[];
  /**
   * A round left waiting for its player this long after its last step is completed by the
   * server, ms (default 24 h), when its game declares how (`GameModule.deadlineAction`:
   * Bewitched's vials, Jackpot Cards' cards). `REELHOUSE_ROUND_DEADLINE_MS`; its old name
   * `REELHOUSE_JACKPOT_CARDS_DEADLINE_MS` still works.
   */
  roundDeadlineMs: number;
  /** @deprecated The same as {@link roundDeadlineMs} (its old name), read-only. */
  jackpotCardsDeadlineMs: number;
  /**
   * The operator's Jackpot Cards levels: seed (micro-units) and contribution rate (bps) per
   * level (`REELHOUSE_JACKPOT_CARDS_LEVELS`, JSON such as `{"spades":{"seedMicro":2000000000,"rateBps":5}}`).
   * A pool's seed is fixed once the pool exists; rates may change.
   */
  jackpotCardsLevels: Record<string, { seedMicro?: number; rateBps?: number }>;
}

/** `REELHOUSE_JACKPOT_CARDS_LEVELS`: a JSON object of levels, each with optional integer `seedMicro` and `rateBps`. */
function cardsLevels(raw: string | undefined): ServerConfig["jackpotCardsLevels"] | null {
  if (raw === undefined || raw === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("REELHOUSE_JACKPOT_CARDS_LEVELS must be JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("REELHOUSE_JACKPOT_CARDS_LEVELS must be a JSON object of levels");
  const out: ServerConfig["jackpotCardsLevels"] = {};
  for (const [level, value] of Object.entries(parsed)) {
    if (!["clubs", "diamonds", "hearts", "spades"].includes(level))
      throw new Error(`REELHOUSE_JACKPOT_CARDS_LEVELS: no level '${level}' (clubs, diamonds, hearts, spades)`);
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new Error(`REELHOUSE_JACKPOT_CARDS_LEVELS.${level} must be an object`);
    const extra = Object.keys(value).filter((k) => k !== "seedMicro" && k !== "rateBps");
    if (extra.length > 0) throw new Error(`REELHOUSE_JACKPOT_CARDS_LEVELS.${level}: unknown field(s) ${extra.join(", ")}`);
    out[level] = value as { seedMicro?: number; rateBps?: number };
  }
  return out;
}

/** `REELHOUSE_JACKPOT_CARDS_TRIGGER=n/d` (dev and test modes only). */
function cardsTrigger(mode: ServerMode, raw: string | undefined): ServerConfig["jackpotCardsTrigger"] {
  if (raw === undefined || raw === "") return null;
  if (mode === "production")
    throw new Error("REELHOUSE_JACKPOT_CARDS_TRIGGER is refused in production: the trigger odds are certified");
  const match = /^(\d{1,9})\/(\d{1,12})$/.exec(raw);
  const numerator = Number(match?.[1]);
  const denominator = Number(match?.[2]);
  if (!match || denominator < 1 || numerator > denominator)
    throw new Error(`REELHOUSE_JACKPOT_CARDS_TRIGGER must be n/d with 0 <= n <= d; got '${raw}'`);
  return { numerator, denominator };
}

/** Reads the server configuration from environment variables (see docs/server.md). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, defaults: Partial<ServerConfig> = {}): ServerConfig {
  const mode = (env.REELHOUSE_MODE || defaults.mode || "production") as ServerMode;
  if (!["production", "dev", "test"].includes(mode))
    throw new Error(`REELHOUSE_MODE must be production, dev or test; got '${mode}'`);
  const jurisdictions = defaults.jurisdictions ?? defaultJurisdictions();
  const defaultJurisdiction = env.REELHOUSE_JURISDICTION ?? defaults.defaultJurisdiction ?? "default";
  if (!jurisdictions.has(defaultJurisdiction)) throw new Error(`unknown jurisdiction '${defaultJurisdiction}'`);
  const number = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`${name} must be a number in 0..${max}; got '${raw}'`);
    return n;
  };
  const integer = (name: string, fallback: number, max: number) => {
    const n = number(name, fallback, max);
    if (!Number.isInteger(n)) throw new Error(`${name} must be an integer; got '${env[name]}'`);
    return n;
  };
  const flag = (name: string, fallback: boolean) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (/^(1|on|true|yes)$/i.test(raw)) return true;
    if (/^(0|off|false|no)$/i.test(raw)) return false;
    throw new Error(`${name} must be on or off; got '${raw}'`);
  };
  const trust = env.REELHOUSE_TRUST_PROXY;
  const trustProxy =
    trust === undefined || trust === "" || /^(0|off|false|no)$/i.test(trust)
      ? (defaults.trustProxy ?? false)
      : /^(1|on|true|yes)$/i.test(trust)
        ? true
        : trust;
  const adminKey = env.REELHOUSE_ADMIN_KEY || defaults.adminKey || null;
  if (adminKey !== null && adminKey.length < 16) throw new Error("REELHOUSE_ADMIN_KEY must be at least 16 characters");
  const deadlineEnv = env.REELHOUSE_ROUND_DEADLINE_MS ? "REELHOUSE_ROUND_DEADLINE_MS" : "REELHOUSE_JACKPOT_CARDS_DEADLINE_MS";
  const deadline = integer(
    deadlineEnv,
    defaults.roundDeadlineMs ?? defaults.jackpotCardsDeadlineMs ?? 24 * 3_600_000,
    366 * 24 * 3_600_000,
  );
  const adminPort = env.REELHOUSE_ADMIN_PORT ? integer("REELHOUSE_ADMIN_PORT", 0, 65535) : (defaults.adminPort ?? null);
  return {
    mode,
    databaseUrl: env.DATABASE_URL ?? defaults.databaseUrl ?? "./data/reelhouse.sqlite",
    defaultJurisdiction,
    jurisdictions,
    adminKey,
    demo: flag("REELHOUSE_DEMO", defaults.demo ?? mode !== "production"),
    demoBalance: integer("REELHOUSE_DEMO_BALANCE", defaults.demoBalance ?? 100_000, MAX_AMOUNT),
    currency: env.REELHOUSE_CURRENCY ?? defaults.currency ?? "EUR",
    rateLimitPerSecond: number("REELHOUSE_RATE_LIMIT", defaults.rateLimitPerSecond ?? 50, 1e6),
    addressRateLimitPerSecond: number("REELHOUSE_ADDRESS_RATE_LIMIT", defaults.addressRateLimitPerSecond ?? 20, 1e6),
    sessionsPerMinute: number("REELHOUSE_SESSION_RATE_LIMIT", defaults.sessionsPerMinute ?? 30, 1e6),
    historyPagesPerSecond: number("REELHOUSE_HISTORY_RATE", defaults.historyPagesPerSecond ?? 20, 1e6),
    trustProxy,
    hsts: flag("REELHOUSE_HSTS", defaults.hsts ?? true),
    requestTimeoutMs: integer("REELHOUSE_REQUEST_TIMEOUT_MS", defaults.requestTimeoutMs ?? 10_000, 3_600_000),
    headersTimeoutMs: integer("REELHOUSE_HEADERS_TIMEOUT_MS", defaults.headersTimeoutMs ?? 5_000, 3_600_000),
    keepAliveTimeoutMs: integer("REELHOUSE_KEEP_ALIVE_TIMEOUT_MS", defaults.keepAliveTimeoutMs ?? 5_000, 3_600_000),
    maxConnections: integer("REELHOUSE_MAX_CONNECTIONS", defaults.maxConnections ?? 900, 1_000_000),
    maxConnectionsPerAddress: integer(
      "REELHOUSE_MAX_CONNECTIONS_PER_ADDRESS",
      defaults.maxConnectionsPerAddress ?? 256,
      1_000_000,
    ),
    adminPort,
    adminHost: env.REELHOUSE_ADMIN_HOST ?? defaults.adminHost ?? "127.0.0.1",
    staticDir: env.REELHOUSE_STATIC_DIR ?? defaults.staticDir ?? null,
    crashAt: mode === "production" ? null : (env.REELHOUSE_CRASH_AT ?? defaults.crashAt ?? null),
    jackpotCardsTrigger: cardsTrigger(mode, env.REELHOUSE_JACKPOT_CARDS_TRIGGER) ?? defaults.jackpotCardsTrigger ?? null,
    jackpotCardsGames: env.REELHOUSE_JACKPOT_CARDS_GAMES
      ? env.REELHOUSE_JACKPOT_CARDS_GAMES.split(",")
          .map((id) => id.trim())
          .filter((id) => id !== "")
      : (defaults.jackpotCardsGames ?? []),
    roundDeadlineMs: deadline,
    jackpotCardsDeadlineMs: deadline,
    jackpotCardsLevels: cardsLevels(env.REELHOUSE_JACKPOT_CARDS_LEVELS) ?? defaults.jackpotCardsLevels ?? {},
  };
}
