/**
 * Players and sessions: demo players, operator launch tokens, bearer tokens (256-bit
 * random, stored as SHA-256), idle timeout (the session ends as `dropped`) and the
 * reconnect lock-out after a drop.
 */
import type { CreateSessionResponse, PlayerInfo } from "@reelhouse/protocol";
import type { JurisdictionProfile, ServerConfig } from "./config.js";
import type { Database, Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import { hashToken, newId, newToken } from "./ids.js";
import { allowOnly, bodyOf } from "./input.js";
import { counterparties, move, playerAccount } from "./ledger.js";
import type { Caller, PlayerRow, SessionTouch } from "./rows.js";
import { lockWallet, type Wallet } from "./wallet.js";

/** How long a resolved token is trusted without reading the database again (to notice a session ended elsewhere). */
const SESSION_CACHE_MS = 5000;

/** The SQL that stores a session's last-seen time (never moving it back). */
export const TOUCH_SESSION = "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2 AND last_seen_at < $1";

interface PendingTouch {
  at: number;
  /** The transaction has begun: a later request needs a write of its own. */
  started: boolean;
  written: Promise<void>;
}

interface CachedSession {
  caller: Caller;
  tokenHash: string;
  /** The latest request of this session this node knows of (its own, or the stored last-seen time). */
  lastSeenAt: number;
  /** When the stored row was last read. */
  checkedAt: number;
}

export interface NewPlayer {
  id?: string;
  name: string;
  demo: boolean;
  jurisdiction?: string;
  externalId?: string | null;
  /** Opening balance of a demo player, from the demo bank (demo funding). */
  fund?: number;
}

export class Sessions {
  private readonly cache = new Map<string, CachedSession>();
  /** Last-seen writes queued and not yet run, by token hash (see `touch`). */
  private readonly touches = new Map<string, PendingTouch>();

  constructor(
    private readonly db: Database,
    private readonly config: ServerConfig,
    private readonly profileOf: (jurisdiction: string) => JurisdictionProfile,
    private readonly now: () => number,
    private readonly lock: string,
  ) {}

  /**
   * Creates a player, their cash account and (for demo players) the opening balance.
   * 409 EXTERNAL_ID_TAKEN when the external id is another player's (see `insertPlayer`).
   */
  async createPlayer(sql: Sql, p: NewPlayer): Promise<PlayerRow> {
    const player = await this.insertPlayer(sql, p);
    if (!player) throw new ApiProblem(409, "EXTERNAL_ID_TAKEN", "this externalId already names another player");
    return player;
  }

  /**
   * Creates a player as `createPlayer` does, or — when the external id (NFC, validated by
   * the caller: see external-id.ts) is already another player's — writes nothing and
   * returns null. The unique index `players_external_id` decides: on PostgreSQL a
   * concurrent create of the same id waits for the first to commit, then finds it taken.
   */
  async insertPlayer(sql: Sql, p: NewPlayer): Promise<PlayerRow | null> {
    const externalId = p.externalId ?? null;
    if (externalId !== null && externalId !== externalId.normalize("NFC")) throw new Error("external ids are stored as NFC");
    const at = this.now();
    const player: PlayerRow = {
      id: p.id ?? newId("pl"),
      name: p.name,
      currency: this.config.currency,
      demo: p.demo ? 1 : 0,
      jurisdiction: p.jurisdiction ?? this.config.defaultJurisdiction,
    };
    const inserted = await sql.run(
      `INSERT INTO players (id, name, currency, demo, jurisdiction, external_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)${
        externalId === null ? "" : " ON CONFLICT (external_id) WHERE external_id IS NOT NULL DO NOTHING"
      }`,
      [player.id, player.name, player.currency, player.demo, player.jurisdiction, externalId, at],
    );
    if (inserted === 0) return null;
    await sql.run("INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, 'player', $2, $3, 0)", [
      playerAccount(player.id),
      player.id,
      player.currency,
    ]);
    if (p.fund && p.fund > 0) {
      if (!p.demo) throw new Error("only demo players are funded at creation");
      await move(sql, {
        kind: "demo-funding",
        playerId: player.id,
        amount: p.fund,
        counterparty: counterparties(player.id, true).operator,
        at,
        note: "demo balance",
      });
    }
    return player;
  }

  /** POST /sessions: `{demo:true}` creates a fresh demo player; `{launchToken}` opens the operator's player. */
  async create(input: unknown): Promise<CreateSessionResponse> {
    const body = bodyOf(input);
    const at = this.now();
    const token = newToken();
    if (body.demo === true) {
      allowOnly(body, ["demo"]);
      if (!this.config.demo) {
        throw new ApiProblem(403, "DEMO_DISABLED", "demo play is off on this server; open the game from the casino");
      }
      const player = await this.db.tx(async (sql) => {
        const created = await this.createPlayer(sql, { name: "Demo player", demo: true, fund: this.config.demoBalance });
        await this.insertSession(sql, token, created.id, at);
        return created;
      });
      this.remember(token, player, at);
      // A fresh demo player holds no non-cash unit.
      return this.response(token, player, { cash: this.config.demoBalance, units: {} });
    }
    allowOnly(body, ["launchToken"]);
    if (typeof body.launchToken !== "string" || body.launchToken.length < 10 || body.launchToken.length > 200) {
      throw badRequest("BAD_SESSION_REQUEST", 'send {"demo": true} or {"launchToken": "<token from the operator>"}');
    }
    const launchHash = hashToken(body.launchToken);
    const { player, wallet } = await this.db.tx(async (sql) => {
      const launch = await sql.one<{ player_id: string; expires_at: number; used_at: number | null }>(
        `SELECT player_id, expires_at, used_at FROM launch_tokens WHERE token_hash = $1${this.lock}`,
        [launchHash],
      );
      if (!launch || launch.used_at !== null || launch.expires_at < at) {
        throw new ApiProblem(401, "BAD_LAUNCH_TOKEN", "the launch token is unknown, used or expired");
      }
      const player = await sql.one<PlayerRow>("SELECT id, name, currency, demo, jurisdiction FROM players WHERE id = $1", [
        launch.player_id,
      ]);
      if (!player) throw new ApiProblem(401, "BAD_LAUNCH_TOKEN", "the launch token's player does not exist");
      const profile = this.profileOf(player.jurisdiction);
      const dropped = await sql.one<{ ended_at: number }>(
        "SELECT ended_at FROM sessions WHERE player_id = $1 AND ended_reason = 'dropped' ORDER BY ended_at DESC LIMIT 1",
        [player.id],
      );
      if (dropped && at - dropped.ended_at < profile.reconnectLockoutMs) {
        const retryAfterMs = profile.reconnectLockoutMs - (at - dropped.ended_at);
        throw new ApiProblem(
          423,
          "RECONNECT_LOCKED",
          `reconnecting is possible ${Math.ceil(retryAfterMs / 1000)} s after a dropped connection`,
          { retryAfterMs },
        );
      }
      await sql.run("UPDATE launch_tokens SET used_at = $1 WHERE token_hash = $2", [at, launchHash]);
      await this.insertSession(sql, token, player.id, at);
      return { player, wallet: await lockWallet(sql, player.id, "") };
    });
    this.remember(token, player, at);
    return this.response(token, player, wallet);
  }

  /** A session just created is known to this node (its first request needs no lookup). */
  private remember(token: string, player: PlayerRow, at: number): void {
    if (this.cache.size > 50_000) this.cache.clear();
    const caller: Caller = { player, profile: this.profileOf(player.jurisdiction) };
    this.cache.set(token, { caller, tokenHash: hashToken(token), lastSeenAt: at, checkedAt: at });
  }

  private async insertSession(sql: Sql, token: string, playerId: string, at: number): Promise<void> {
    await sql.run("INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [
      hashToken(token),
      playerId,
      at,
    ]);
  }

  private response(token: string, player: PlayerRow, wallet: Wallet): CreateSessionResponse {
    const { idleTimeoutMs: _i, reconnectLockoutMs: _r, ...jurisdiction } = this.profileOf(player.jurisdiction);
    return {
      token,
      player: playerInfo(player),
      balance: wallet.cash,
      units: { ...wallet.units },
      currency: player.currency,
      jurisdiction,
    };
  }

  /**
   * Resolves a bearer token to its player. A session idle longer than its profile's idle
   * timeout — measured exactly from its last request, on this node or another — is ended
   * as `dropped` (which starts the reconnect lock-out) and refused: a request at exactly
   * `last + idleTimeoutMs` is served, one a millisecond later is not.
   *
   * Every request stores the session's last-seen time. With `deferTouch` the caller carries
   * it (`caller.touch`) and the request's own transaction writes it (see Idempotency);
   * otherwise it is written here before the request goes on.
   */
  async authenticate(authorization: string | undefined, deferTouch = false): Promise<Caller> {
    const token = /^Bearer ([\w-]{20,100})$/.exec(authorization ?? "")?.[1];
    if (!token) throw new ApiProblem(401, "UNAUTHENTICATED", "send Authorization: Bearer <token> from POST /api/v1/sessions");
    const at = this.now();
    // Keyed by the token itself: a cached session costs no hashing.
    let entry = this.cache.get(token);
    if (!entry || at - entry.checkedAt >= SESSION_CACHE_MS || at - entry.lastSeenAt > entry.caller.profile.idleTimeoutMs) {
      entry = await this.load(token, at, entry);
    }
    entry.lastSeenAt = Math.max(entry.lastSeenAt, at);
    const touch: SessionTouch = { tokenHash: entry.tokenHash, at, done: false };
    if (deferTouch) return { ...entry.caller, touch };
    await this.touch(touch);
    return entry.caller;
  }

  /** True when the token of `authorization` is a session this node verified recently (no lookup needed). */
  isCached(authorization: string | undefined): boolean {
    const token = /^Bearer ([\w-]{20,100})$/.exec(authorization ?? "")?.[1];
    return token !== undefined && this.cache.has(token);
  }

  /**
   * Stores a session's last-seen time in a transaction of its own. Requests of one session
   * that arrive while its write is still queued share that write (it stores the latest of
   * their times when it runs): a burst of reads costs one transaction, not one each.
   */
  async touch(touch: SessionTouch): Promise<void> {
    let pending = this.touches.get(touch.tokenHash);
    if (pending && !pending.started) pending.at = Math.max(pending.at, touch.at);
    else {
      const entry: PendingTouch = { at: touch.at, started: false, written: Promise.resolve() };
      entry.written = this.db
        .tx((sql) => {
          entry.started = true;
          return sql.run(TOUCH_SESSION, [entry.at, touch.tokenHash]);
        })
        .then(
          () => {},
          (error: unknown) => {
            throw error;
          },
        )
        .finally(() => {
          if (this.touches.get(touch.tokenHash) === entry) this.touches.delete(touch.tokenHash);
        });
      this.touches.set(touch.tokenHash, entry);
      pending = entry;
    }
    await pending.written;
    touch.done = true;
  }

  /** Reads the session's row: refused when unknown or ended, ended (and refused) when idle too long. */
  private async load(token: string, at: number, cached: CachedSession | undefined): Promise<CachedSession> {
    const tokenHash = cached?.tokenHash ?? hashToken(token);
    const row = await this.db.read((sql) =>
      sql.one<PlayerRow & { last_seen_at: number; ended_at: number | null }>(
        "SELECT p.id, p.name, p.currency, p.demo, p.jurisdiction, s.last_seen_at, s.ended_at FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1",
        [tokenHash],
      ),
    );
    if (!row || row.ended_at !== null) {
      this.cache.delete(token);
      throw new ApiProblem(401, "SESSION_ENDED", "the session is unknown or has ended; start a new one");
    }
    const profile = this.profileOf(row.jurisdiction);
    const lastSeenAt = Math.max(row.last_seen_at, cached?.lastSeenAt ?? 0);
    if (at - lastSeenAt > profile.idleTimeoutMs) {
      const endedAt = lastSeenAt + profile.idleTimeoutMs;
      await this.db.tx((sql) =>
        sql.run("UPDATE sessions SET ended_at = $1, ended_reason = 'dropped' WHERE token_hash = $2 AND ended_at IS NULL", [
          endedAt,
          tokenHash,
        ]),
      );
      this.cache.delete(token);
      throw new ApiProblem(401, "SESSION_EXPIRED", `the session was idle for more than ${profile.idleTimeoutMs / 60000} minutes`);
    }
    const caller: Caller = {
      player: { id: row.id, name: row.name, currency: row.currency, demo: row.demo, jurisdiction: row.jurisdiction },
      profile,
    };
    if (this.cache.size > 50_000) this.cache.clear();
    const entry: CachedSession = { caller, tokenHash, lastSeenAt, checkedAt: at };
    this.cache.set(token, entry);
    return entry;
  }
}

/** The player as the wire shows them. */
export function playerInfo(p: PlayerRow): PlayerInfo {
  return { id: p.id, name: p.name, currency: p.currency, demo: p.demo === 1 };
}
