import type { Database } from "./database.js";
import { PostgresDatabase } from "./postgres.js";
import { SqliteDatabase } from "./sqlite.js";

/**
 * Schema migrations, in order; each runs once and is recorded in `schema_migrations`.
 * The DDL is the portable subset of SQLite and PostgreSQL. Times are epoch milliseconds;
 * amounts are integer minor units; JSON documents are TEXT.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "core: players, sessions, ledger, rounds, steps, idempotency, autoplay, grants, audit",
    sql: `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  demo INTEGER NOT NULL,
  jurisdiction TEXT NOT NULL,
  external_id TEXT,
  created_at BIGINT NOT NULL
);
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  player_id TEXT REFERENCES players(id),
  currency TEXT NOT NULL,
  balance BIGINT NOT NULL DEFAULT 0,
  CHECK (kind <> 'player' OR balance >= 0)
);
CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  player_id TEXT,
  round_id TEXT,
  amount BIGINT NOT NULL,
  balance_after BIGINT,
  created_at BIGINT NOT NULL,
  note TEXT
);
CREATE INDEX transactions_player_time ON transactions(player_id, created_at);
CREATE TABLE ledger_entries (
  tx_id TEXT NOT NULL REFERENCES transactions(id),
  account_id TEXT NOT NULL REFERENCES accounts(id),
  amount BIGINT NOT NULL,
  balance_after BIGINT NOT NULL,
  PRIMARY KEY (tx_id, account_id)
);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players(id),
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  ended_at BIGINT,
  ended_reason TEXT
);
CREATE INDEX sessions_player ON sessions(player_id, last_seen_at);
CREATE TABLE launch_tokens (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players(id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE TABLE rounds (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players(id),
  game_id TEXT NOT NULL,
  game_version TEXT NOT NULL,
  bet TEXT NOT NULL,
  total_bet BIGINT NOT NULL,
  paid INTEGER NOT NULL,
  total_win BIGINT NOT NULL,
  settled BIGINT NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  state TEXT NOT NULL,
  awaiting TEXT,
  step_count INTEGER NOT NULL,
  autoplay_id TEXT,
  grant_id TEXT,
  started_at BIGINT NOT NULL,
  ended_at BIGINT
);
CREATE UNIQUE INDEX rounds_one_open ON rounds(player_id, game_id) WHERE status = 'open';
CREATE INDEX rounds_player_time ON rounds(player_id, started_at);
CREATE TABLE steps (
  round_id TEXT NOT NULL REFERENCES rounds(id),
  idx INTEGER NOT NULL,
  action TEXT,
  events TEXT NOT NULL,
  win BIGINT NOT NULL,
  awaiting TEXT,
  state TEXT NOT NULL,
  draws TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (round_id, idx)
);
CREATE TABLE idempotency (
  player_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (player_id, request_id)
);
CREATE TABLE autoplays (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players(id),
  game_id TEXT NOT NULL,
  bet TEXT NOT NULL,
  spins_total INTEGER NOT NULL,
  spins_done INTEGER NOT NULL,
  loss_limit BIGINT NOT NULL,
  single_win_limit BIGINT,
  stop_on_jackpot INTEGER NOT NULL,
  net BIGINT NOT NULL,
  status TEXT NOT NULL,
  stop_reason TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE bonus_grants (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players(id),
  game_id TEXT NOT NULL,
  bet TEXT NOT NULL,
  spins_total INTEGER NOT NULL,
  spins_used INTEGER NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE admin_audit (
  id TEXT PRIMARY KEY,
  at BIGINT NOT NULL,
  action TEXT NOT NULL,
  details TEXT NOT NULL
);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: "platform v2: round context and config, units, game configuration, preferences, autoplay pause",
    sql: `
ALTER TABLE rounds ADD COLUMN config TEXT;
ALTER TABLE steps ADD COLUMN context_id TEXT;
CREATE TABLE contexts (
  id TEXT PRIMARY KEY,
  context TEXT NOT NULL
);
ALTER TABLE transactions ADD COLUMN unit TEXT NOT NULL DEFAULT 'cash';
ALTER TABLE accounts ADD COLUMN unit TEXT NOT NULL DEFAULT 'cash';
ALTER TABLE autoplays ADD COLUMN paused_round_id TEXT;
CREATE INDEX accounts_player ON accounts(player_id);
CREATE TABLE game_configs (
  game_id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  updated_by TEXT NOT NULL
);
CREATE TABLE game_config_audit (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL,
  at BIGINT NOT NULL,
  who TEXT NOT NULL,
  old_config TEXT,
  new_config TEXT NOT NULL
);
CREATE INDEX game_config_audit_game ON game_config_audit(game_id, at);
CREATE TABLE preferences (
  player_id TEXT NOT NULL REFERENCES players(id),
  game_id TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (player_id, game_id)
);
`,
  },
  {
    version: 3,
    name: "hardening: transactions by round, demo and forced rounds",
    sql: `
CREATE INDEX transactions_round ON transactions(round_id);
ALTER TABLE rounds ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN forced INTEGER NOT NULL DEFAULT 0;
ALTER TABLE steps ADD COLUMN forced INTEGER NOT NULL DEFAULT 0;
UPDATE rounds SET demo = 1 WHERE player_id IN (SELECT id FROM players WHERE demo = 1);
`,
  },
  {
    version: 4,
    name: "jackpots: shared pools (micro-units, shard accounts in the ledger), wins, adjustments",
    sql: `
CREATE TABLE jackpot_pools (
  game_id TEXT NOT NULL,
  pool_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  pool_key TEXT NOT NULL,
  name TEXT NOT NULL,
  funding TEXT NOT NULL,
  rate_bps INTEGER NOT NULL,
  seed_micro BIGINT NOT NULL,
  hits BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, pool_id, currency, pool_key)
);
CREATE TABLE jackpot_wins (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL,
  pool_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  pool_key TEXT NOT NULL,
  round_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  numerator BIGINT NOT NULL,
  denominator BIGINT NOT NULL,
  paid_minor BIGINT NOT NULL,
  pool_before_micro BIGINT NOT NULL,
  seed_funding_micro BIGINT NOT NULL,
  pool_after_micro BIGINT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX jackpot_wins_time ON jackpot_wins(at);
CREATE INDEX jackpot_wins_pool ON jackpot_wins(game_id, pool_id, currency, pool_key, at);
`,
  },
  {
    version: 5,
    name: "jackpot wins numbered in commit order (the push channel's event ids)",
    sql: `
CREATE TABLE jackpot_win_seq (
  id INTEGER PRIMARY KEY,
  last BIGINT NOT NULL
);
ALTER TABLE jackpot_wins ADD COLUMN seq BIGINT;
UPDATE jackpot_wins SET seq = (SELECT COUNT(*) FROM jackpot_wins w WHERE w.at < jackpot_wins.at OR (w.at = jackpot_wins.at AND w.id <= jackpot_wins.id));
INSERT INTO jackpot_win_seq (id, last) SELECT 1, COALESCE(MAX(seq), 0) FROM jackpot_wins;
CREATE UNIQUE INDEX jackpot_wins_seq ON jackpot_wins(seq);
`,
  },
  {
    version: 6,
    name: "rounds the platform opens beside another (Jackpot Cards) name it",
    sql: `
ALTER TABLE rounds ADD COLUMN parent_round_id TEXT;
CREATE INDEX rounds_parent ON rounds(parent_round_id);
`,
  },
  {
    version: 7,
    name: "one player per external id (unique; later duplicates of an older database renamed)",
    // A database from before this version may hold the same external id on several players.
    // Merging them is not possible (each may hold money and rounds): the oldest keeps the id
    // and each later one becomes `<id>#duplicate:<player id>` (kept, with its money, and found
    // by that suffix for the operator to settle by hand).
    sql: `
UPDATE players SET external_id = external_id || '#duplicate:' || id
WHERE external_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM players o
  WHERE o.external_id = players.external_id
    AND (o.created_at < players.created_at OR (o.created_at = players.created_at AND o.id < players.id))
);
CREATE UNIQUE INDEX players_external_id ON players(external_id) WHERE external_id IS NOT NULL;
`,
  },
  {
    version: 8,
    name: "jackpot wins held until their round shows them (announced_at; seq NULL while held)",
    // A claim the round has not shown its player yet (GameModule.hidesClaim) is recorded at
    // once (the pool is paid) but numbered and announced later: seq and announced_at stay NULL
    // until then. Wins before this version were announced when claimed. step_index orders the
    // held claims of one round (the step that asked).
    sql: `
ALTER TABLE jackpot_wins ADD COLUMN announced_at BIGINT;
UPDATE jackpot_wins SET announced_at = at;
ALTER TABLE jackpot_wins ADD COLUMN step_index INTEGER;
`,
  },
];

/** Applies every migration not yet applied. Safe to call from several processes at once. */
export async function migrate(db: Database): Promise<number[]> {
  const applied: number[] = [];
  const apply = async () => {
    for (const m of MIGRATIONS) {
      const done = await db.tx(async (sql) => {
        await sql.run(
          "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        );
        const row = await sql.one("SELECT version FROM schema_migrations WHERE version = $1", [m.version]);
        if (row) return true;
        return false;
      });
      if (done) continue;
      if (db instanceof SqliteDatabase) {
        db.execScript(
          `BEGIN IMMEDIATE;\n${m.sql}\nINSERT INTO schema_migrations VALUES (${m.version}, '${m.name.replace(/'/g, "''")}', ${Date.now()});\nCOMMIT;`,
        );
      } else {
        await db.tx(async (sql) => {
          await sql.run(m.sql);
          await sql.run("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [m.version, m.name, Date.now()]);
        });
      }
      applied.push(m.version);
    }
  };
  if (db instanceof PostgresDatabase) {
    // Several processes may start at once: the advisory lock serialises schema creation too.
    await db.withAdvisoryLock(0x7265656c, async () => {
      await db.ensureSchema();
      await apply();
    });
  } else {
    await apply();
  }
  return applied;
}
