import type { JurisdictionProfile } from "./config.js";
import { ApiProblem, badRequest } from "./errors.js";
import { hashToken, newId, newToken } from "./ids.js";
import { houseAccount, lockBalance, move, OPERATOR, playerAccount } from "./ledger.js";
import type { GameServer, PlayerRow, RoundRow } from "./service.js";

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function body(input: unknown): Record<string, unknown> {
  if (!isRecord(input)) throw badRequest("BAD_BODY", "the request body must be a JSON object");
  return input;
}

/**
 * Operator actions (the admin API): players and launch tokens, balance adjustments,
 * bonus-spin grants, cancelling unfinished rounds, reconciliation and configuration.
 * Every action is written to `admin_audit` in the same transaction as its effect.
 */
export class Admin {
  constructor(private readonly server: GameServer) {}

  private get db() {
    return this.server.db;
  }

  private async audit(sql: import("./db/database.js").Sql, action: string, details: unknown): Promise<void> {
    await sql.run("INSERT INTO admin_audit (id, at, action, details) VALUES ($1, $2, $3, $4)", [
      newId("au"),
      Date.now(),
      action,
      JSON.stringify(details),
    ]);
  }

  private async player(sql: import("./db/database.js").Sql, id: string): Promise<PlayerRow> {
    const p = await sql.one<PlayerRow>("SELECT id, name, currency, demo, jurisdiction FROM players WHERE id = $1", [id]);
    if (!p) throw new ApiProblem(404, "PLAYER_NOT_FOUND", `no player '${id}'`);
    return p;
  }

  async createPlayer(input: unknown) {
    const b = body(input);
    const name = b.name;
    if (typeof name !== "string" || name.length < 1 || name.length > 100)
      throw badRequest("BAD_PLAYER", "name must be a string of 1-100 characters");
    const jurisdiction = b.jurisdiction === undefined ? this.server.config.defaultJurisdiction : b.jurisdiction;
    if (typeof jurisdiction !== "string" || !this.server.config.jurisdictions[jurisdiction]) {
      throw badRequest("BAD_PLAYER", `jurisdiction must be one of ${Object.keys(this.server.config.jurisdictions).join(", ")}`);
    }
    const externalId = typeof b.externalId === "string" ? b.externalId : null;
    return this.db.tx(async (sql) => {
      const player = await this.server.createPlayer(sql, { name, demo: false, jurisdiction, externalId });
      await this.audit(sql, "createPlayer", player);
      return { id: player.id, name: player.name, currency: player.currency, jurisdiction: player.jurisdiction, balance: 0 };
    });
  }

  async getPlayer(id: string) {
    return this.db.read(async (sql) => {
      const p = await this.player(sql, id);
      return { ...p, demo: p.demo === 1, balance: await lockBalance(sql, id, "") };
    });
  }

  async createLaunchToken(playerId: string, input: unknown) {
    const b = input === undefined || input === null ? {} : body(input);
    const ttl = b.ttlSeconds === undefined ? 600 : b.ttlSeconds;
    if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 1 || ttl > 86_400)
      throw badRequest("BAD_TTL", "ttlSeconds must be an integer in 1..86400");
    const token = newToken();
    const at = Date.now();
    return this.db.tx(async (sql) => {
      await this.player(sql, playerId);
      await sql.run("INSERT INTO launch_tokens (token_hash, player_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
        hashToken(token),
        playerId,
        at,
        at + ttl * 1000,
      ]);
      await this.audit(sql, "createLaunchToken", { playerId, ttl });
      return { launchToken: token, expiresAt: new Date(at + ttl * 1000).toISOString() };
    });
  }

  /** Credit (amount > 0) or debit (amount < 0) a player's balance from/to the operator account. */
  async adjust(playerId: string, input: unknown) {
    const b = body(input);
    const amount = b.amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount === 0)
      throw badRequest("BAD_AMOUNT", "amount must be a non-zero integer in minor units");
    if (typeof b.reason !== "string" || b.reason.length < 1) throw badRequest("BAD_REASON", "reason is required");
    const reason = b.reason;
    return this.db.tx(async (sql) => {
      await this.player(sql, playerId);
      await lockBalance(sql, playerId, this.server.db.dialect === "postgres" ? " FOR UPDATE" : "");
      const { txId, balanceAfter } = await move(sql, {
        kind: amount > 0 ? "credit" : "debit",
        playerId,
        amount,
        counterparty: OPERATOR,
        at: Date.now(),
        note: reason,
      });
      await this.audit(sql, "adjust", { playerId, amount, reason, txId });
      return { transactionId: txId, balance: balanceAfter };
    });
  }

  /** Grants bonus spins: rounds at a fixed bet that debit nothing. */
  async grantBonusSpins(playerId: string, input: unknown) {
    const b = body(input);
    if (typeof b.gameId !== "string") throw badRequest("BAD_GRANT", "gameId is required");
    const game = this.server.game(b.gameId);
    let bet: unknown;
    try {
      bet = game.parseBet(b.bet);
    } catch (error) {
      throw badRequest("BAD_BET", error instanceof Error ? error.message : String(error));
    }
    const spins = b.spins;
    if (typeof spins !== "number" || !Number.isInteger(spins) || spins < 1 || spins > 1000)
      throw badRequest("BAD_GRANT", "spins must be an integer in 1..1000");
    return this.db.tx(async (sql) => {
      await this.player(sql, playerId);
      const id = newId("gr");
      await sql.run(
        "INSERT INTO bonus_grants (id, player_id, game_id, bet, spins_total, spins_used, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)",
        [id, playerId, game.id, JSON.stringify(bet), spins, Date.now()],
      );
      await this.audit(sql, "grantBonusSpins", { id, playerId, gameId: game.id, bet, spins });
      return { id, playerId, gameId: game.id, bet, spinsTotal: spins, spinsLeft: spins };
    });
  }

  /**
   * Cancels an unfinished round (malfunction voids plays): pays the better for the player
   * of what the round has won so far and a refund of its bet (nothing to refund for a
   * granted round), and closes it.
   */
  async cancelRound(roundId: string, input: unknown) {
    const b = input === undefined || input === null ? {} : body(input);
    const reason = typeof b.reason === "string" ? b.reason : "operator";
    return this.db.tx(async (sql) => {
      const first = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId]);
      if (!first) throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}'`);
      await lockBalance(sql, first.player_id, this.server.db.dialect === "postgres" ? " FOR UPDATE" : "");
      const round = (await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId])) as RoundRow;
      if (round.status !== "open") throw new ApiProblem(409, "ROUND_NOT_OPEN", `round ${roundId} is ${round.status}`);
      const refund = round.paid === 1 ? round.total_bet : 0;
      const pay = Math.max(round.total_win, refund);
      const at = Date.now();
      let balance = await lockBalance(sql, round.player_id, "");
      if (pay > 0) {
        balance = (
          await move(sql, {
            kind: pay === round.total_win && round.total_win >= refund ? "win" : "refund",
            playerId: round.player_id,
            roundId,
            amount: pay,
            counterparty: houseAccount(round.player_id),
            at,
            note: `round cancelled: ${reason}`,
          })
        ).balanceAfter;
      }
      await sql.run("UPDATE rounds SET status = 'cancelled', settled = $1, ended_at = $2 WHERE id = $3", [pay, at, roundId]);
      await this.audit(sql, "cancelRound", { roundId, reason, paid: pay, totalWin: round.total_win, refund });
      return { roundId, status: "cancelled", paid: pay, balance };
    });
  }

  /** Σ bets, wins, refunds and adjustments over a period, and the ledger's zero-sum check. */
  async reconciliation(query: Record<string, unknown>) {
    const to = query.to === undefined ? Date.now() + 1 : Number(query.to);
    const from = query.from === undefined ? 0 : Number(query.from);
    if (!Number.isFinite(to) || !Number.isFinite(from)) throw badRequest("BAD_QUERY", "from and to are epoch milliseconds");
    return this.db.read(async (sql) => {
      const byKind = await sql.query<{ kind: string; n: number; total: number }>(
        "SELECT kind, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM transactions WHERE created_at >= $1 AND created_at < $2 GROUP BY kind ORDER BY kind",
        [from, to],
      );
      const accounts = await sql.query<{ kind: string; n: number; total: number }>(
        "SELECT kind, COUNT(*) AS n, COALESCE(SUM(balance), 0) AS total FROM accounts GROUP BY kind ORDER BY kind",
      );
      const entries = await sql.one<{ total: number; n: number }>(
        "SELECT COALESCE(SUM(amount), 0) AS total, COUNT(*) AS n FROM ledger_entries",
      );
      const negative = await sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'player' AND balance < 0");
      const mismatch = await sql.one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM accounts a WHERE a.balance <> (SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)",
      );
      const rounds = await sql.query<{ status: string; n: number; bets: number; wins: number }>(
        "SELECT status, COUNT(*) AS n, COALESCE(SUM(CASE WHEN paid = 1 THEN total_bet ELSE 0 END), 0) AS bets, COALESCE(SUM(settled), 0) AS wins FROM rounds WHERE started_at >= $1 AND started_at < $2 GROUP BY status ORDER BY status",
        [from, to],
      );
      const accountSum = accounts.reduce((a, r) => a + Number(r.total), 0);
      const kinds = Object.fromEntries(byKind.map((r) => [r.kind, { count: Number(r.n), amount: Number(r.total) }]));
      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        transactions: kinds,
        bets: -(kinds.bet?.amount ?? 0),
        wins: kinds.win?.amount ?? 0,
        refunds: kinds.refund?.amount ?? 0,
        adjustments: (kinds.credit?.amount ?? 0) + (kinds.debit?.amount ?? 0) + (kinds["demo-funding"]?.amount ?? 0),
        rounds: Object.fromEntries(
          rounds.map((r) => [r.status, { count: Number(r.n), bets: Number(r.bets), settled: Number(r.wins) }]),
        ),
        accounts: Object.fromEntries(accounts.map((r) => [r.kind, { count: Number(r.n), balance: Number(r.total) }])),
        accountSum,
        entrySum: Number(entries?.total ?? 0),
        negativePlayerBalances: Number(negative?.n ?? 0),
        accountsNotMatchingEntries: Number(mismatch?.n ?? 0),
        balanced:
          accountSum === 0 &&
          Number(entries?.total ?? 0) === 0 &&
          Number(negative?.n ?? 0) === 0 &&
          Number(mismatch?.n ?? 0) === 0,
      };
    });
  }

  async config() {
    return {
      mode: this.server.config.mode,
      defaultJurisdiction: this.server.config.defaultJurisdiction,
      jurisdictions: this.server.config.jurisdictions,
      games: [...this.server.games.values()].map((g) => ({
        id: g.id,
        name: g.name,
        version: g.version,
        enabled: this.server.listGames().some((l) => l.id === g.id),
      })),
    };
  }

  /** Changes a jurisdiction profile (stored, so it survives restarts). */
  async setJurisdiction(id: string, input: unknown) {
    const b = body(input);
    const current = this.server.config.jurisdictions[id] ?? {
      ...(this.server.config.jurisdictions.default as JurisdictionProfile),
      id,
    };
    const next: JurisdictionProfile = { ...current, id };
    const bools = ["autoplay", "turbo", "slamStop", "gamble", "buyBonus"] as const;
    const nums = ["minSpinIntervalMs", "idleTimeoutMs", "reconnectLockoutMs"] as const;
    for (const [k, v] of Object.entries(b)) {
      if ((bools as readonly string[]).includes(k)) {
        if (typeof v !== "boolean") throw badRequest("BAD_CONFIG", `${k} must be a boolean`);
        next[k as (typeof bools)[number]] = v;
      } else if ((nums as readonly string[]).includes(k)) {
        if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
          throw badRequest("BAD_CONFIG", `${k} must be a non-negative integer`);
        next[k as (typeof nums)[number]] = v;
      } else if (k === "maxStake") {
        if (v !== null && (typeof v !== "number" || !Number.isInteger(v) || v <= 0))
          throw badRequest("BAD_CONFIG", "maxStake must be a positive integer or null");
        next.maxStake = v as number | null;
      } else throw badRequest("BAD_CONFIG", `unknown jurisdiction setting '${k}'`);
    }
    await this.db.tx(async (sql) => {
      await sql.run("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
        `jurisdiction:${id}`,
        JSON.stringify(next),
      ]);
      await this.audit(sql, "setJurisdiction", next);
    });
    this.server.config.jurisdictions[id] = next;
    return next;
  }

  /** Enables or disables a game (disabled games are hidden and refuse new rounds). */
  async setGameEnabled(gameId: string, input: unknown) {
    const b = body(input);
    if (!this.server.games.has(gameId)) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${gameId}'`);
    if (typeof b.enabled !== "boolean") throw badRequest("BAD_CONFIG", "enabled must be a boolean");
    const current = new Set([...this.server.games.keys()].filter((id) => !this.server.listGames().some((g) => g.id === id)));
    if (b.enabled) current.delete(gameId);
    else current.add(gameId);
    await this.db.tx(async (sql) => {
      await sql.run("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
        "games:disabled",
        JSON.stringify([...current]),
      ]);
      await this.audit(sql, "setGameEnabled", { gameId, enabled: b.enabled });
    });
    await this.server.loadSettings();
    return { gameId, enabled: b.enabled };
  }
}

export { playerAccount };
