import {
  type AwaitingBase,
  CryptoRng,
  type Draw,
  ForcedRng,
  GameInputError,
  type GameModule,
  RecordingRng,
  type Rng,
  type StateBase,
  type Step,
} from "@reelhouse/engine";
import { GAMES } from "@reelhouse/games";
import type {
  AutoplayState,
  CreateSessionResponse,
  HistoryResponse,
  HistoryRound,
  OpenRound,
  PlayerInfo,
  RoundDetail,
  RoundStatus,
  StepResponse,
  Transaction,
} from "@reelhouse/protocol";
import type { JurisdictionProfile, ServerConfig } from "./config.js";
import { roundContext } from "./context.js";
import { crashPoint } from "./crash.js";
import { type Database, forUpdate, type Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import { canonicalJson, fingerprint, hashToken, newId, newToken } from "./ids.js";
import {
  ensureSystemAccounts,
  houseAccount,
  lockBalance,
  type Movement,
  move,
  moveAll,
  OPERATOR,
  playerAccount,
} from "./ledger.js";

type AnyGame = GameModule<any, StateBase, any, unknown, AwaitingBase, any>;

export interface PlayerRow {
  id: string;
  name: string;
  currency: string;
  demo: number;
  jurisdiction: string;
}

/** The caller of an authenticated request. */
export interface Caller {
  player: PlayerRow;
  profile: JurisdictionProfile;
}

interface RoundRow {
  id: string;
  player_id: string;
  game_id: string;
  game_version: string;
  bet: string;
  total_bet: number;
  paid: number;
  total_win: number;
  settled: number;
  status: RoundStatus;
  state: string;
  awaiting: string | null;
  step_count: number;
  autoplay_id: string | null;
  grant_id: string | null;
  started_at: number;
  ended_at: number | null;
}

interface StepRow {
  round_id: string;
  idx: number;
  action: string | null;
  events: string;
  win: number;
  awaiting: string | null;
  state: string;
  draws: string;
  created_at: number;
}

interface AutoplayRow {
  id: string;
  player_id: string;
  game_id: string;
  bet: string;
  spins_total: number;
  spins_done: number;
  loss_limit: number;
  single_win_limit: number | null;
  stop_on_jackpot: number;
  net: number;
  status: AutoplayState["status"];
  stop_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** What a mutating request answers; stored under its requestId so a retry gets it verbatim. */
interface Stored<T> {
  status: number;
  body: T;
  /** The body as JSON, exactly as stored for retries (set by the idempotency layer). */
  json?: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Validates the requestId every mutating request carries. */
function requestIdOf(body: Record<string, unknown>): string {
  const id = body.requestId;
  if (typeof id !== "string" || id.length < 1 || id.length > 128 || !/^[\w.:-]+$/.test(id)) {
    throw badRequest("BAD_REQUEST_ID", "requestId must be a string of 1-128 characters [A-Za-z0-9_.:-] (e.g. a UUID)");
  }
  return id;
}

function bodyOf(input: unknown): Record<string, unknown> {
  if (!isRecord(input)) throw badRequest("BAD_BODY", "the request body must be a JSON object");
  return input;
}

function allowOnly(body: Record<string, unknown>, keys: readonly string[]): void {
  const extra = Object.keys(body).filter((k) => !keys.includes(k));
  if (extra.length > 0) throw badRequest("UNKNOWN_FIELD", `unknown field(s): ${extra.join(", ")}; allowed: ${keys.join(", ")}`);
}

/** Turns a game's input error into a 400 with the game's code. */
function gameInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof GameInputError) throw badRequest(error.code, error.message);
    throw error;
  }
}

/**
 * The game server's authority loop, independent of HTTP: sessions, rounds, the ledger,
 * autoplay, history and operator actions. Every mutating call authenticates, checks its
 * idempotency key, loads the open round, runs the pure step of the game module with a
 * recording CSPRNG, and writes the step, its ledger entries and the stored answer in one
 * durable transaction before answering.
 */
export class GameServer {
  private readonly lock: string;
  private readonly sessionCache = new Map<string, { caller: Caller; checkedAt: number }>();
  readonly counters = { rounds: 0, steps: 0, retries: 0, betAmount: 0, winAmount: 0 };
  /** One CSPRNG for every step: it reads the OS generator in blocks, so a draw costs no system call. */
  private readonly csprng = new CryptoRng(4096);
  /** Settings the admin API changed (jurisdiction profiles, disabled games), mirrored from the database. */
  private disabledGames = new Set<string>();

  constructor(
    readonly db: Database,
    readonly config: ServerConfig,
    readonly games: ReadonlyMap<string, AnyGame> = GAMES as ReadonlyMap<string, AnyGame>,
    private readonly now: () => number = Date.now,
  ) {
    this.lock = forUpdate(db);
  }

  /** Creates the system accounts and the first demo player, and loads stored settings. */
  async init(): Promise<void> {
    await this.db.tx(async (sql) => {
      await ensureSystemAccounts(sql, this.config.currency);
      const demo = await sql.one("SELECT id FROM players WHERE id = 'demo'");
      if (!demo) await this.createPlayer(sql, { id: "demo", name: "Demo player", demo: true, fund: this.config.demoBalance });
    });
    await this.loadSettings();
  }

  async loadSettings(): Promise<void> {
    const rows = await this.db.read((sql) => sql.query<{ key: string; value: string }>("SELECT key, value FROM settings"));
    for (const row of rows) {
      if (row.key.startsWith("jurisdiction:")) {
        const profile = JSON.parse(row.value) as JurisdictionProfile;
        this.config.jurisdictions[profile.id] = profile;
      }
      if (row.key === "games:disabled") this.disabledGames = new Set(JSON.parse(row.value) as string[]);
    }
  }

  profileOf(jurisdiction: string): JurisdictionProfile {
    const profile = this.config.jurisdictions[jurisdiction] ?? this.config.jurisdictions.default;
    if (!profile) throw new Error("no default jurisdiction profile");
    return profile;
  }

  game(gameId: string): AnyGame {
    const game = this.games.get(gameId);
    if (!game || this.disabledGames.has(gameId)) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${gameId}'`);
    return game;
  }

  listGames() {
    return [...this.games.values()]
      .filter((g) => !this.disabledGames.has(g.id))
      .map((g) => {
        const describe = g.describe() as {
          rtp?: number;
          bet?: { coinValues?: number[]; coinsPerLine?: number[]; lines?: number[] };
        };
        const bet = describe.bet;
        const maxBet =
          bet?.coinValues && bet.coinsPerLine && bet.lines
            ? Math.max(...bet.coinValues) * Math.max(...bet.coinsPerLine) * Math.max(...bet.lines)
            : g.totalBet(g.minBet());
        return { id: g.id, name: g.name, minBet: g.totalBet(g.minBet()), maxBet, rtp: describe.rtp ?? 0 };
      });
  }

  // -------------------------------------------------------------------------------
  // Players and sessions.

  async createPlayer(
    sql: Sql,
    p: { id?: string; name: string; demo: boolean; jurisdiction?: string; externalId?: string | null; fund?: number },
  ): Promise<PlayerRow> {
    const at = this.now();
    const player: PlayerRow = {
      id: p.id ?? newId("pl"),
      name: p.name,
      currency: this.config.currency,
      demo: p.demo ? 1 : 0,
      jurisdiction: p.jurisdiction ?? this.config.defaultJurisdiction,
    };
    await sql.run(
      "INSERT INTO players (id, name, currency, demo, jurisdiction, external_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [player.id, player.name, player.currency, player.demo, player.jurisdiction, p.externalId ?? null, at],
    );
    await sql.run("INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, 'player', $2, $3, 0)", [
      playerAccount(player.id),
      player.id,
      player.currency,
    ]);
    if (p.fund && p.fund > 0) {
      await move(sql, {
        kind: "demo-funding",
        playerId: player.id,
        amount: p.fund,
        counterparty: OPERATOR,
        at,
        note: "demo balance",
      });
    }
    return player;
  }

  private playerInfo(p: PlayerRow): PlayerInfo {
    return { id: p.id, name: p.name, currency: p.currency, demo: p.demo === 1 };
  }

  /** POST /sessions: `{demo:true}` creates a fresh demo player; `{launchToken}` opens the operator's player. */
  async createSession(input: unknown): Promise<CreateSessionResponse> {
    const body = bodyOf(input);
    const at = this.now();
    const token = newToken();
    if (body.demo === true) {
      allowOnly(body, ["demo"]);
      return this.db.tx(async (sql) => {
        const player = await this.createPlayer(sql, { name: "Demo player", demo: true, fund: this.config.demoBalance });
        await sql.run("INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [
          hashToken(token),
          player.id,
          at,
        ]);
        return this.sessionResponse(token, player, this.config.demoBalance);
      });
    }
    allowOnly(body, ["launchToken"]);
    if (typeof body.launchToken !== "string" || body.launchToken.length < 10 || body.launchToken.length > 200) {
      throw badRequest("BAD_SESSION_REQUEST", 'send {"demo": true} or {"launchToken": "<token from the operator>"}');
    }
    const launchHash = hashToken(body.launchToken);
    return this.db.tx(async (sql) => {
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
          {
            retryAfterMs,
          },
        );
      }
      await sql.run("UPDATE launch_tokens SET used_at = $1 WHERE token_hash = $2", [at, launchHash]);
      await sql.run("INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [
        hashToken(token),
        player.id,
        at,
      ]);
      const balance = await lockBalance(sql, player.id, "");
      return this.sessionResponse(token, player, balance);
    });
  }

  private sessionResponse(token: string, player: PlayerRow, balance: number): CreateSessionResponse {
    const { idleTimeoutMs: _i, reconnectLockoutMs: _r, ...jurisdiction } = this.profileOf(player.jurisdiction);
    return { token, player: this.playerInfo(player), balance, currency: player.currency, jurisdiction };
  }

  /**
   * Resolves a bearer token to its player. A session idle longer than its profile's idle
   * timeout is ended as `dropped` (which starts the reconnect lock-out) and refused.
   */
  async authenticate(authorization: string | undefined): Promise<Caller> {
    const token = /^Bearer ([\w-]{20,100})$/.exec(authorization ?? "")?.[1];
    if (!token) throw new ApiProblem(401, "UNAUTHENTICATED", "send Authorization: Bearer <token> from POST /api/v1/sessions");
    const at = this.now();
    // Keyed by the token itself: a cached session costs no hashing.
    const cached = this.sessionCache.get(token);
    if (cached && at - cached.checkedAt < 5000) return cached.caller;
    const tokenHash = hashToken(token);
    const row = await this.db.read((sql) =>
      sql.one<PlayerRow & { last_seen_at: number; ended_at: number | null }>(
        "SELECT p.id, p.name, p.currency, p.demo, p.jurisdiction, s.last_seen_at, s.ended_at FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1",
        [tokenHash],
      ),
    );
    if (!row || row.ended_at !== null)
      throw new ApiProblem(401, "SESSION_ENDED", "the session is unknown or has ended; start a new one");
    const profile = this.profileOf(row.jurisdiction);
    if (at - row.last_seen_at > profile.idleTimeoutMs) {
      const endedAt = row.last_seen_at + profile.idleTimeoutMs;
      await this.db.tx((sql) =>
        sql.run("UPDATE sessions SET ended_at = $1, ended_reason = 'dropped' WHERE token_hash = $2 AND ended_at IS NULL", [
          endedAt,
          tokenHash,
        ]),
      );
      this.sessionCache.delete(token);
      throw new ApiProblem(401, "SESSION_EXPIRED", `the session was idle for more than ${profile.idleTimeoutMs / 60000} minutes`);
    }
    await this.db.tx((sql) => sql.run("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2", [at, tokenHash]));
    const caller: Caller = {
      player: { id: row.id, name: row.name, currency: row.currency, demo: row.demo, jurisdiction: row.jurisdiction },
      profile,
    };
    if (this.sessionCache.size > 50_000) this.sessionCache.clear();
    this.sessionCache.set(token, { caller, checkedAt: at });
    return caller;
  }

  async balance(caller: Caller): Promise<number> {
    return this.db.read((sql) => lockBalance(sql, caller.player.id, ""));
  }

  // -------------------------------------------------------------------------------
  // Idempotency.

  /**
   * Runs a mutating request exactly once per (player, requestId): inside the player's row
   * lock, a stored answer is returned verbatim; otherwise `work` runs and its answer is
   * stored in the same transaction. A requestId reused for a different request is refused.
   */
  private async once<T>(
    caller: Caller,
    requestId: string,
    print: string,
    work: (sql: Sql, balance: number) => Promise<Stored<T>>,
    after?: (result: Stored<T>, replayed: boolean) => void,
  ): Promise<Stored<T>> {
    let replayed = false;
    const result = await this.db.tx(async (sql) => {
      const balance = await lockBalance(sql, caller.player.id, this.lock);
      const stored = await sql.one<{ fingerprint: string; status: number; response: string }>(
        "SELECT fingerprint, status, response FROM idempotency WHERE player_id = $1 AND request_id = $2",
        [caller.player.id, requestId],
      );
      if (stored) {
        if (stored.fingerprint !== print) {
          throw new ApiProblem(409, "REQUEST_ID_REUSED", "this requestId was already used for a different request");
        }
        replayed = true;
        return { status: stored.status, body: JSON.parse(stored.response) as T, json: stored.response };
      }
      const answer = await work(sql, balance);
      // Serialised once: the stored record and the answer are the same bytes.
      const json = JSON.stringify(answer.body);
      await sql.write(
        "INSERT INTO idempotency (player_id, request_id, fingerprint, status, response, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [caller.player.id, requestId, print, answer.status, json, this.now()],
      );
      return { ...answer, json };
    });
    if (replayed) this.counters.retries++;
    after?.(result, replayed);
    return result;
  }

  // -------------------------------------------------------------------------------
  // Rounds.

  private rngFor(force: number[] | null): { rng: RecordingRng } {
    const base: Rng = this.csprng;
    return { rng: new RecordingRng(force ? new ForcedRng(force, base) : base) };
  }

  /** Validates `force` (dev/test only). */
  private forceOf(body: Record<string, unknown>): number[] | null {
    if (body.force === undefined) return null;
    if (this.config.mode === "production") {
      throw new ApiProblem(403, "FORCE_REFUSED", "forced outcomes exist only in dev and test mode");
    }
    const force = body.force;
    if (!isRecord(force) || !Array.isArray(force.draws) || force.draws.length > 1000) {
      throw badRequest("BAD_FORCE", "force must be {draws: number[]} (at most 1000 values)");
    }
    const draws = force.draws as unknown[];
    if (!draws.every((d): d is number => typeof d === "number" && Number.isSafeInteger(d) && d >= 0)) {
      throw badRequest("BAD_FORCE", "force.draws must be non-negative integers");
    }
    return draws;
  }

  /** Runs a pure step with the recording RNG; a forced value out of range is the caller's error. */
  private runStep(fn: (rng: Rng) => Step<StateBase, unknown, AwaitingBase>, force: number[] | null) {
    const { rng } = this.rngFor(force);
    try {
      const step = gameInput(() => fn(rng));
      return { step, draws: rng.draws as Draw[] };
    } catch (error) {
      if (error instanceof RangeError && force) throw badRequest("BAD_FORCE", error.message);
      throw error;
    }
  }

  /** POST /games/:gameId/rounds: debits the bet and plays the first step, durably, once. */
  async startRound(caller: Caller, gameId: string, input: unknown): Promise<Stored<StepResponse>> {
    const body = bodyOf(input);
    allowOnly(body, ["bet", "requestId", "autoplayId", "grantId", "force"]);
    const requestId = requestIdOf(body);
    const game = this.game(gameId);
    const force = this.forceOf(body);
    const grantId = body.grantId === undefined ? null : String(body.grantId);
    const autoplayId = body.autoplayId === undefined ? null : String(body.autoplayId);
    if (grantId && autoplayId) throw badRequest("BAD_REQUEST", "a granted round cannot be part of an autoplay");
    const bet = grantId && body.bet === undefined ? null : gameInput(() => game.parseBet(body.bet));
    const print = fingerprint(`start:${gameId}`, body);
    const result = await this.once<StepResponse>(
      caller,
      requestId,
      print,
      async (sql, balanceBefore) => {
        const at = this.now();
        const profile = caller.profile;
        // A granted round plays the grant's fixed bet and debits nothing.
        let roundBet = bet;
        if (grantId) {
          const grant = await sql.one<{ bet: string; spins_total: number; spins_used: number; game_id: string }>(
            "SELECT bet, spins_total, spins_used, game_id FROM bonus_grants WHERE id = $1 AND player_id = $2",
            [grantId, caller.player.id],
          );
          if (!grant || grant.game_id !== gameId)
            throw new ApiProblem(404, "GRANT_NOT_FOUND", `no bonus-spin grant '${grantId}' for ${gameId}`);
          if (grant.spins_used >= grant.spins_total) throw new ApiProblem(409, "GRANT_USED_UP", "every granted spin was played");
          const grantBet = game.parseBet(JSON.parse(grant.bet));
          if (bet && canonicalJson(bet) !== canonicalJson(grantBet))
            throw badRequest("GRANT_BET", "a granted spin plays the grant's bet");
          roundBet = grantBet;
          await sql.run("UPDATE bonus_grants SET spins_used = spins_used + 1 WHERE id = $1", [grantId]);
        }
        const totalBet = game.totalBet(roundBet);
        const paid = grantId ? 0 : 1;
        if (profile.maxStake !== null && totalBet > profile.maxStake && paid) {
          throw badRequest("STAKE_CAP", `the stake cap in jurisdiction ${profile.id} is ${profile.maxStake} per spin`, {
            maxStake: profile.maxStake,
          });
        }
        if (profile.minSpinIntervalMs > 0) {
          const last = await sql.one<{ at: number | null }>("SELECT MAX(started_at) AS at FROM rounds WHERE player_id = $1", [
            caller.player.id,
          ]);
          const since = last?.at == null ? Number.POSITIVE_INFINITY : at - last.at;
          if (since < profile.minSpinIntervalMs) {
            const retryAfterMs = profile.minSpinIntervalMs - since;
            throw new ApiProblem(429, "SPIN_TOO_SOON", `spins must be at least ${profile.minSpinIntervalMs} ms apart`, {
              retryAfterMs,
            });
          }
        }
        const open = await sql.one<{ id: string }>(
          "SELECT id FROM rounds WHERE player_id = $1 AND game_id = $2 AND status = 'open'",
          [caller.player.id, gameId],
        );
        if (open)
          throw new ApiProblem(409, "ROUND_OPEN", "finish the open round of this game first (GET /api/v1/rounds/open)", {
            roundId: open.id,
          });
        let autoplay: AutoplayRow | null = null;
        if (autoplayId) {
          autoplay = await this.checkAutoplay(sql, caller, autoplayId, gameId, roundBet);
        }
        if (paid && balanceBefore < totalBet) {
          throw new ApiProblem(402, "INSUFFICIENT_FUNDS", `the balance ${balanceBefore} is below the bet ${totalBet}`, {
            balance: balanceBefore,
            totalBet,
            minBet: game.minBet(),
            minTotalBet: game.totalBet(game.minBet()),
          });
        }
        const context = roundContext(game, caller.player.currency, profile, {
          autoplay: autoplayId !== null,
          granted: grantId !== null,
        });
        const { step, draws } = this.runStep((rng) => game.start(roundBet, rng, context), force);
        crashPoint(this.config.crashAt, "before-debit");
        const roundId = newId("rd");
        const over = step.awaiting === null;
        const totalWin = step.state.totalWin;
        const stateJson = JSON.stringify(step.state);
        const awaitingJson = step.awaiting === null ? null : JSON.stringify(step.awaiting);
        // Money first (it needs the updated balances), then the held writes: the round, its step
        // and (in once) the stored answer go out together.
        const movements: Movement[] = [];
        if (paid)
          movements.push({
            kind: "bet",
            playerId: caller.player.id,
            roundId,
            amount: -totalBet,
            counterparty: houseAccount(caller.player.id),
            at,
          });
        if (over && totalWin > 0)
          movements.push({
            kind: "win",
            playerId: caller.player.id,
            roundId,
            amount: totalWin,
            counterparty: houseAccount(caller.player.id),
            at,
          });
        const moved = await moveAll(sql, movements);
        const balance = moved.at(-1)?.balanceAfter ?? balanceBefore;
        await sql.write(
          `INSERT INTO rounds (id, player_id, game_id, game_version, bet, total_bet, paid, total_win, settled, status, state, awaiting, step_count, autoplay_id, grant_id, started_at, ended_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $16, $9, $10, $11, 1, $12, $13, $14, $15)`,
          [
            roundId,
            caller.player.id,
            gameId,
            game.version,
            JSON.stringify(roundBet),
            totalBet,
            paid,
            step.state.totalWin,
            over ? "completed" : "open",
            stateJson,
            awaitingJson,
            autoplayId,
            grantId,
            at,
            over ? at : null,
            // A round that ends in its first step is settled now (its win was credited above).
            over ? totalWin : 0,
          ],
        );
        await this.insertStep(sql, roundId, 0, null, step, draws, at, stateJson, awaitingJson);
        const autoplayState = autoplay ? await this.countAutoplaySpin(sql, autoplay, step, totalBet, paid === 1, at) : undefined;
        const response: StepResponse = {
          roundId,
          gameId,
          status: over ? "completed" : "open",
          stepIndex: 0,
          events: step.events,
          win: step.win,
          totalWin: step.state.totalWin,
          awaiting: step.awaiting,
          balance,
          bet: roundBet,
          totalBet,
          ...(autoplayState ? { autoplay: autoplayState } : {}),
        };
        return { status: 201, body: response };
      },
      (r, replayed) => {
        if (!replayed) {
          this.counters.rounds++;
          this.counters.steps++;
          this.counters.betAmount += r.body.totalBet;
          if (r.body.status !== "open") this.counters.winAmount += r.body.totalWin;
        }
      },
    );
    crashPoint(this.config.crashAt, "after-debit");
    return result;
  }

  /** Writes a step; `stateJson` and `awaitingJson` are the strings the round row got too (serialised once). */
  private async insertStep(
    sql: Sql,
    roundId: string,
    idx: number,
    action: unknown,
    step: Step<StateBase, unknown, AwaitingBase>,
    draws: Draw[],
    at: number,
    stateJson: string,
    awaitingJson: string | null,
  ) {
    await sql.write(
      "INSERT INTO steps (round_id, idx, action, events, win, awaiting, state, draws, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
      [
        roundId,
        idx,
        action === null ? null : JSON.stringify(action),
        JSON.stringify(step.events),
        step.win,
        awaitingJson,
        stateJson,
        JSON.stringify(draws),
        at,
      ],
    );
  }

  /** POST /rounds/:roundId/actions: plays the next step of the caller's open round, durably, once. */
  async act(caller: Caller, roundId: string, input: unknown): Promise<Stored<StepResponse>> {
    const body = bodyOf(input);
    allowOnly(body, ["action", "requestId", "force"]);
    const requestId = requestIdOf(body);
    const force = this.forceOf(body);
    if (body.action === undefined) throw badRequest("BAD_ACTION", 'action is required, e.g. {"type": "freeSpin"}');
    const print = fingerprint(`act:${roundId}`, body);
    let actionType = "";
    const result = await this.once<StepResponse>(
      caller,
      requestId,
      print,
      async (sql, balanceBefore) => {
        const at = this.now();
        const round = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1 AND player_id = $2", [
          roundId,
          caller.player.id,
        ]);
        if (!round) throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}' of yours`);
        if (round.status !== "open") throw new ApiProblem(409, "ROUND_NOT_OPEN", `round ${roundId} is ${round.status}`);
        const game = this.game(round.game_id);
        const state = JSON.parse(round.state) as StateBase;
        const action = gameInput(() => game.parseAction(state, body.action));
        actionType = isRecord(action) && typeof action.type === "string" ? action.type : "";
        const context = roundContext(game, caller.player.currency, caller.profile, {
          autoplay: round.autoplay_id !== null,
          granted: round.grant_id !== null,
        });
        const { step, draws } = this.runStep((rng) => game.act(state, action, rng, context), force);
        crashPoint(this.config.crashAt, "before-step");
        const over = step.awaiting === null;
        const idx = round.step_count;
        const totalWin = step.state.totalWin;
        const stateJson = JSON.stringify(step.state);
        const awaitingJson = step.awaiting === null ? null : JSON.stringify(step.awaiting);
        let balance = balanceBefore;
        if (over && totalWin > 0) {
          const [win] = await moveAll(sql, [
            {
              kind: "win",
              playerId: caller.player.id,
              roundId,
              amount: totalWin,
              counterparty: houseAccount(caller.player.id),
              at,
            },
          ]);
          balance = win?.balanceAfter ?? balance;
          // A round of an autoplay that stopped on its feature settles here: its win joins the autoplay's result.
          if (round.autoplay_id !== null) {
            await sql.write("UPDATE autoplays SET net = net + $1, updated_at = $2 WHERE id = $3", [
              totalWin,
              at,
              round.autoplay_id,
            ]);
          }
        }
        await sql.write(
          "UPDATE rounds SET total_win = $1, status = $2, state = $3, awaiting = $4, step_count = $5, ended_at = $6, settled = $8 WHERE id = $7",
          [
            totalWin,
            over ? "completed" : "open",
            stateJson,
            over ? null : awaitingJson,
            idx + 1,
            over ? at : null,
            roundId,
            // Settled when the round ends: its total win is credited now.
            over ? totalWin : round.settled,
          ],
        );
        await this.insertStep(sql, roundId, idx, action, step, draws, at, stateJson, awaitingJson);
        const response: StepResponse = {
          roundId,
          gameId: round.game_id,
          status: over ? "completed" : "open",
          stepIndex: idx,
          events: step.events,
          win: step.win,
          totalWin: step.state.totalWin,
          awaiting: step.awaiting,
          balance,
          bet: JSON.parse(round.bet),
          totalBet: round.total_bet,
        };
        return { status: 200, body: response };
      },
      (r, replayed) => {
        if (!replayed) {
          this.counters.steps++;
          if (r.body.status !== "open") this.counters.winAmount += r.body.totalWin;
        }
      },
    );
    if (actionType === "freeSpin") crashPoint(this.config.crashAt, "mid-free-spins");
    if (actionType === "pick") crashPoint(this.config.crashAt, "mid-pick");
    return result;
  }

  /** GET /rounds/open: unfinished rounds at their last committed step, with every step's events. */
  async openRounds(caller: Caller): Promise<OpenRound[]> {
    return this.db.read(async (sql) => {
      const rounds = await sql.query<RoundRow>(
        "SELECT * FROM rounds WHERE player_id = $1 AND status = 'open' ORDER BY started_at",
        [caller.player.id],
      );
      const out: OpenRound[] = [];
      for (const r of rounds) {
        const steps = await sql.query<StepRow>("SELECT idx, events, win FROM steps WHERE round_id = $1 ORDER BY idx", [r.id]);
        out.push({
          roundId: r.id,
          gameId: r.game_id,
          bet: JSON.parse(r.bet),
          totalBet: r.total_bet,
          totalWin: r.total_win,
          stepIndex: r.step_count - 1,
          awaiting: r.awaiting === null ? null : JSON.parse(r.awaiting),
          steps: steps.map((s) => ({ index: s.idx, events: JSON.parse(s.events) as unknown[], win: s.win })),
        });
      }
      return out;
    });
  }

  // -------------------------------------------------------------------------------
  // Autoplay.

  private autoplayState(row: AutoplayRow): AutoplayState {
    return {
      id: row.id,
      gameId: row.game_id,
      spinsTotal: row.spins_total,
      spinsDone: row.spins_done,
      lossLimit: row.loss_limit,
      singleWinLimit: row.single_win_limit,
      stopOnJackpot: row.stop_on_jackpot === 1,
      net: row.net,
      status: row.status,
      stopReason: row.stop_reason,
    };
  }

  /** POST /autoplay: a server-side autoplay with a mandatory loss limit. */
  async createAutoplay(caller: Caller, input: unknown): Promise<Stored<AutoplayState>> {
    const body = bodyOf(input);
    allowOnly(body, ["gameId", "bet", "spins", "lossLimit", "singleWinLimit", "stopOnJackpot", "requestId"]);
    const requestId = requestIdOf(body);
    if (!caller.profile.autoplay)
      throw new ApiProblem(403, "AUTOPLAY_NOT_ALLOWED", `autoplay is not allowed in jurisdiction ${caller.profile.id}`);
    if (typeof body.gameId !== "string") throw badRequest("BAD_AUTOPLAY", "gameId is required");
    const game = this.game(body.gameId);
    const bet = gameInput(() => game.parseBet(body.bet));
    const spins = body.spins;
    if (typeof spins !== "number" || !Number.isInteger(spins) || spins < 1 || spins > 100)
      throw badRequest("BAD_AUTOPLAY", "spins must be an integer in 1..100");
    const lossLimit = body.lossLimit;
    if (typeof lossLimit !== "number" || !Number.isSafeInteger(lossLimit) || lossLimit <= 0) {
      throw badRequest("BAD_AUTOPLAY", "lossLimit is mandatory: a positive integer amount in minor units");
    }
    const singleWinLimit = body.singleWinLimit ?? null;
    if (
      singleWinLimit !== null &&
      (typeof singleWinLimit !== "number" || !Number.isSafeInteger(singleWinLimit) || singleWinLimit <= 0)
    ) {
      throw badRequest("BAD_AUTOPLAY", "singleWinLimit must be a positive integer amount or null");
    }
    if (body.stopOnJackpot !== undefined && typeof body.stopOnJackpot !== "boolean")
      throw badRequest("BAD_AUTOPLAY", "stopOnJackpot must be a boolean");
    const print = fingerprint("autoplay", body);
    return this.once<AutoplayState>(caller, requestId, print, async (sql) => {
      const at = this.now();
      // One autoplay per player and game: a new one replaces the running one.
      await sql.run(
        "UPDATE autoplays SET status = 'stopped', stop_reason = 'replaced', updated_at = $1 WHERE player_id = $2 AND game_id = $3 AND status = 'running'",
        [at, caller.player.id, game.id],
      );
      const row: AutoplayRow = {
        id: newId("ap"),
        player_id: caller.player.id,
        game_id: game.id,
        bet: JSON.stringify(bet),
        spins_total: spins,
        spins_done: 0,
        loss_limit: lossLimit,
        single_win_limit: singleWinLimit as number | null,
        stop_on_jackpot: body.stopOnJackpot === true ? 1 : 0,
        net: 0,
        status: "running",
        stop_reason: null,
        created_at: at,
        updated_at: at,
      };
      await sql.run(
        "INSERT INTO autoplays (id, player_id, game_id, bet, spins_total, spins_done, loss_limit, single_win_limit, stop_on_jackpot, net, status, stop_reason, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        [
          row.id,
          row.player_id,
          row.game_id,
          row.bet,
          row.spins_total,
          row.spins_done,
          row.loss_limit,
          row.single_win_limit,
          row.stop_on_jackpot,
          row.net,
          row.status,
          row.stop_reason,
          row.created_at,
          row.updated_at,
        ],
      );
      return { status: 201, body: this.autoplayState(row) };
    });
  }

  async getAutoplay(caller: Caller, id: string): Promise<AutoplayState> {
    const row = await this.db.read((sql) =>
      sql.one<AutoplayRow>("SELECT * FROM autoplays WHERE id = $1 AND player_id = $2", [id, caller.player.id]),
    );
    if (!row) throw new ApiProblem(404, "AUTOPLAY_NOT_FOUND", `no autoplay '${id}' of yours`);
    return this.autoplayState(row);
  }

  /** DELETE /autoplay/:id: the player stops it (idempotent by nature). */
  async stopAutoplay(caller: Caller, id: string): Promise<AutoplayState> {
    return this.db.tx(async (sql) => {
      const row = await sql.one<AutoplayRow>(`SELECT * FROM autoplays WHERE id = $1 AND player_id = $2${this.lock}`, [
        id,
        caller.player.id,
      ]);
      if (!row) throw new ApiProblem(404, "AUTOPLAY_NOT_FOUND", `no autoplay '${id}' of yours`);
      if (row.status === "running") {
        await sql.run("UPDATE autoplays SET status = 'stopped', stop_reason = 'player', updated_at = $1 WHERE id = $2", [
          this.now(),
          id,
        ]);
        return this.autoplayState({ ...row, status: "stopped", stop_reason: "player" });
      }
      return this.autoplayState(row);
    });
  }

  private async checkAutoplay(sql: Sql, caller: Caller, id: string, gameId: string, bet: unknown): Promise<AutoplayRow> {
    if (!caller.profile.autoplay)
      throw new ApiProblem(403, "AUTOPLAY_NOT_ALLOWED", `autoplay is not allowed in jurisdiction ${caller.profile.id}`);
    const row = await sql.one<AutoplayRow>("SELECT * FROM autoplays WHERE id = $1 AND player_id = $2", [id, caller.player.id]);
    if (!row) throw new ApiProblem(404, "AUTOPLAY_NOT_FOUND", `no autoplay '${id}' of yours`);
    if (row.game_id !== gameId) throw badRequest("AUTOPLAY_GAME", `autoplay ${id} plays ${row.game_id}`);
    if (row.status !== "running") {
      throw new ApiProblem(409, "AUTOPLAY_STOPPED", `autoplay ${id} is ${row.status} (${row.stop_reason ?? ""})`, {
        autoplay: this.autoplayState(row),
      });
    }
    if (canonicalJson(bet) !== canonicalJson(JSON.parse(row.bet)))
      throw badRequest("AUTOPLAY_BET", "an autoplay spin plays the autoplay's bet");
    return row;
  }

  /**
   * Counts one autoplay spin and stops the autoplay on the exact spin a limit is reached:
   * a feature awaiting the player, the single-win limit, the loss limit (net loss reaches
   * it), a jackpot, or the last spin.
   */
  private async countAutoplaySpin(
    sql: Sql,
    row: AutoplayRow,
    step: Step<StateBase, unknown, AwaitingBase>,
    totalBet: number,
    paid: boolean,
    at: number,
  ): Promise<AutoplayState> {
    const spinsDone = row.spins_done + 1;
    const over = step.awaiting === null;
    const net = row.net - (paid ? totalBet : 0) + (over ? step.state.totalWin : 0);
    const jackpot = (step.state.triggered.jackpot ?? 0) > 0;
    let stopReason: string | null = null;
    if (row.stop_on_jackpot && jackpot) stopReason = "jackpot";
    else if (!over && step.awaiting?.feature) stopReason = "feature";
    else if (row.single_win_limit !== null && step.state.totalWin >= row.single_win_limit) stopReason = "singleWinLimit";
    else if (-net >= row.loss_limit) stopReason = "lossLimit";
    else if (spinsDone >= row.spins_total) stopReason = "spins";
    const status: AutoplayState["status"] = stopReason === null ? "running" : stopReason === "spins" ? "finished" : "stopped";
    await sql.write(
      "UPDATE autoplays SET spins_done = $1, net = $2, status = $3, stop_reason = $4, updated_at = $5 WHERE id = $6",
      [spinsDone, net, status, stopReason, at, row.id],
    );
    return this.autoplayState({ ...row, spins_done: spinsDone, net, status, stop_reason: stopReason, updated_at: at });
  }

  // -------------------------------------------------------------------------------
  // History.

  private static timeParam(value: unknown, name: string, fallback: number): number {
    if (value === undefined || value === "") return fallback;
    const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Date.parse(String(value));
    if (!Number.isFinite(n)) throw badRequest("BAD_QUERY", `${name} must be epoch milliseconds or an ISO date`);
    return n;
  }

  /** GET /history: the player's rounds and every money movement with the balance after it. */
  async history(caller: Caller, query: Record<string, unknown>): Promise<HistoryResponse> {
    const to = GameServer.timeParam(query.to, "to", this.now() + 1);
    const from = GameServer.timeParam(query.from, "from", to - 30 * 86_400_000);
    const limitRaw = query.limit === undefined ? 100 : Number(query.limit);
    if (!Number.isInteger(limitRaw) || limitRaw < 1 || limitRaw > 1000)
      throw badRequest("BAD_QUERY", "limit must be an integer in 1..1000");
    return this.db.read(async (sql) => {
      const rounds = await sql.query<RoundRow & { balance_after: number | null }>(
        `SELECT r.*, (SELECT t.balance_after FROM transactions t WHERE t.round_id = r.id ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS balance_after
         FROM rounds r WHERE r.player_id = $1 AND r.started_at >= $2 AND r.started_at < $3 ORDER BY r.started_at DESC, r.id DESC LIMIT $4`,
        [caller.player.id, from, to, limitRaw],
      );
      const transactions = await sql.query<{
        id: string;
        kind: string;
        amount: number;
        balance_after: number;
        round_id: string | null;
        created_at: number;
      }>(
        "SELECT id, kind, amount, balance_after, round_id, created_at FROM transactions WHERE player_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT $4",
        [caller.player.id, from, to, limitRaw],
      );
      return {
        rounds: rounds.map((r) => this.historyRound(r, r.balance_after)),
        transactions: transactions.map(
          (t): Transaction => ({
            id: t.id,
            at: new Date(t.created_at).toISOString(),
            kind: t.kind,
            amount: t.amount,
            balanceAfter: t.balance_after,
            roundId: t.round_id,
          }),
        ),
      };
    });
  }

  private historyRound(r: RoundRow, balanceAfter: number | null): HistoryRound {
    return {
      roundId: r.id,
      gameId: r.game_id,
      startedAt: new Date(r.started_at).toISOString(),
      endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
      status: r.status,
      totalBet: r.total_bet,
      totalWin: r.total_win,
      balanceAfter: balanceAfter ?? 0,
    };
  }

  /** GET /history/:roundId: every step and event of one of the player's rounds. */
  async roundDetail(
    caller: Caller | null,
    roundId: string,
  ): Promise<RoundDetail & { playerId: string; settled: number; paid: boolean }> {
    return this.db.read(async (sql) => {
      const round = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId]);
      if (!round || (caller && round.player_id !== caller.player.id))
        throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}' of yours`);
      const last = await sql.one<{ balance_after: number }>(
        "SELECT balance_after FROM transactions WHERE round_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
        [roundId],
      );
      const steps = await sql.query<StepRow>("SELECT * FROM steps WHERE round_id = $1 ORDER BY idx", [roundId]);
      return {
        ...this.historyRound(round, last?.balance_after ?? null),
        playerId: round.player_id,
        settled: round.settled,
        paid: round.paid === 1,
        bet: JSON.parse(round.bet),
        steps: steps.map((s) => ({
          index: s.idx,
          action: s.action === null ? null : JSON.parse(s.action),
          events: JSON.parse(s.events) as unknown[],
          win: s.win,
          at: new Date(s.created_at).toISOString(),
        })),
      };
    });
  }

  /** Stored steps of a round with their draws and states (replay and audit). */
  /** The context a stored round's steps were played in (the player's currency and profile, the round's flags). */
  async replayContext(round: RoundRow) {
    const player = await this.db.read((sql) =>
      sql.one<{ currency: string; jurisdiction: string }>("SELECT currency, jurisdiction FROM players WHERE id = $1", [
        round.player_id,
      ]),
    );
    const game = this.games.get(round.game_id);
    if (!player || !game) throw new Error(`round ${round.id}: no player or game to rebuild its context`);
    return roundContext(game, player.currency, this.profileOf(player.jurisdiction), {
      autoplay: round.autoplay_id !== null,
      granted: round.grant_id !== null,
    });
  }

  async storedRound(roundId: string): Promise<{ round: RoundRow; steps: StepRow[] } | null> {
    return this.db.read(async (sql) => {
      const round = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId]);
      if (!round) return null;
      const steps = await sql.query<StepRow>("SELECT * FROM steps WHERE round_id = $1 ORDER BY idx", [roundId]);
      return { round, steps };
    });
  }

  /** Bonus-spin grants the player still has. */
  async grants(caller: Caller) {
    const rows = await this.db.read((sql) =>
      sql.query<{ id: string; game_id: string; bet: string; spins_total: number; spins_used: number }>(
        "SELECT id, game_id, bet, spins_total, spins_used FROM bonus_grants WHERE player_id = $1 AND spins_used < spins_total ORDER BY created_at",
        [caller.player.id],
      ),
    );
    return rows.map((r) => ({
      id: r.id,
      gameId: r.game_id,
      bet: JSON.parse(r.bet),
      spinsTotal: r.spins_total,
      spinsLeft: r.spins_total - r.spins_used,
    }));
  }
}

export type { AutoplayRow, RoundRow, StepRow, Stored };
