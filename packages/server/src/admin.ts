/**
 * Operator actions on players and rounds (the admin API): players and launch tokens,
 * balance adjustments (cash or a non-cash unit), bonus-spin grants, cancelling unfinished
 * rounds. Every action is written to `admin_audit` in the same transaction as its effect.
 * A call that moves money or creates a grant applies once per idempotency key (its answer
 * stored in that transaction: see idempotency.ts); creating a player takes a key too, and
 * one external id is one player. Reconciliation and settings are in `reconciliation.ts` and
 * `admin-settings.ts`.
 */
import { AdminSettings } from "./admin-settings.js";
import { audit } from "./audit.js";
import { MAX_AMOUNT } from "./config.js";
import type { Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import { accountChanged } from "./events/account-signals.js";
import { externalIdOf } from "./external-id.js";
import { checkGrantableBet, voidGrantedRound } from "./grants.js";
import { type OnceResult, operatorOnce } from "./idempotency.js";
import { fingerprint, hashToken, newId, newToken } from "./ids.js";
import { allowOnly, bodyOf, isCleanString, optionalBodyOf, parsedWhole } from "./input.js";
import { CASH, counterparties, ensureUnitAccounts, lockBalance, move, playerAccount, UNIT_NAME, unitAccount } from "./ledger.js";
import { reconciliation } from "./reconciliation.js";
import type { PlayerRow, RoundRow, Stored } from "./rows.js";
import type { GameServer } from "./service.js";
import { lockWallet } from "./wallet.js";

const body = bodyOf;

/** A required text field: 1..max characters of clean text (no control characters, well-formed). */
function text(value: unknown, max: number, code: string, name: string): string {
  if (typeof value !== "string" || value.length < 1 || !isCleanString(value, max))
    throw badRequest(code, `${name} must be a string of 1-${max} characters`);
  return value;
}

/** A created (or found) player as the create call answers it. */
const playerView = (p: PlayerRow, balance: number) => ({
  id: p.id,
  name: p.name,
  currency: p.currency,
  jurisdiction: p.jurisdiction,
  balance,
});

export class Admin {
  readonly settings: AdminSettings;

  constructor(private readonly server: GameServer) {
    this.settings = new AdminSettings(server);
  }

  private get db() {
    return this.server.db;
  }

  private lockSuffix(): string {
    return this.server.db.dialect === "postgres" ? " FOR UPDATE" : "";
  }

  /**
   * Runs a call's work in one transaction: once per idempotency key when there is one (a
   * retry gets the first answer, the key reused for another call is 409).
   */
  private async once<T>(key: string | null, print: string, work: (sql: Sql) => Promise<Stored<T>>): Promise<OnceResult<T>> {
    if (key === null) return { result: await this.db.tx(work), replayed: false };
    return operatorOnce(this.db, key, print, Date.now, work, this.server.counters);
  }

  private async player(sql: Sql, id: string): Promise<PlayerRow> {
    const p = await sql.one<PlayerRow>("SELECT id, name, currency, demo, jurisdiction FROM players WHERE id = $1", [id]);
    if (!p) throw new ApiProblem(404, "PLAYER_NOT_FOUND", `no player '${id}'`);
    return p;
  }

  /**
   * Creates a player (201). An external id names one player: a create with an id already
   * taken answers that player (200, `created: false`) when name and jurisdiction match, else
   * 409 EXTERNAL_ID_TAKEN; it never makes a second account.
   */
  async createPlayer(input: unknown, key: string | null = null) {
    const b = body(input);
    allowOnly(b, ["name", "jurisdiction", "externalId"]);
    const name = text(b.name, 100, "BAD_PLAYER", "name");
    const jurisdiction = b.jurisdiction === undefined ? this.server.config.defaultJurisdiction : b.jurisdiction;
    if (typeof jurisdiction !== "string" || !this.server.config.jurisdictions.has(jurisdiction)) {
      throw badRequest("BAD_PLAYER", `jurisdiction must be one of ${[...this.server.config.jurisdictions.keys()].join(", ")}`);
    }
    const externalId = externalIdOf(b.externalId);
    const print = fingerprint("admin:createPlayer", { name, jurisdiction, externalId });
    return this.once(key, print, async (sql) => {
      const player = await this.server.sessions.insertPlayer(sql, { name, demo: false, jurisdiction, externalId });
      if (player) {
        await audit(sql, "createPlayer", { ...player, externalId });
        return { status: 201, body: { ...playerView(player, 0), externalId, created: true } };
      }
      // Taken (possibly by a create that committed while this one waited on the index).
      const existing = (await sql.one<PlayerRow>(
        "SELECT id, name, currency, demo, jurisdiction FROM players WHERE external_id = $1",
        [externalId],
      )) as PlayerRow;
      if (existing.name !== name || existing.jurisdiction !== jurisdiction)
        throw new ApiProblem(
          409,
          "EXTERNAL_ID_TAKEN",
          `externalId already names player ${existing.id}, with another name or jurisdiction`,
          { playerId: existing.id },
        );
      const { cash } = await lockWallet(sql, existing.id, "");
      return { status: 200, body: { ...playerView(existing, cash), externalId, created: false } };
    });
  }

  async getPlayer(id: string) {
    return this.db.read(async (sql) => {
      const p = await this.player(sql, id);
      const wallet = await lockWallet(sql, id, "");
      return { ...p, demo: p.demo === 1, balance: wallet.cash, units: wallet.units };
    });
  }

  async createLaunchToken(playerId: string, input: unknown) {
    const b = optionalBodyOf(input);
    allowOnly(b, ["ttlSeconds"]);
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
      await audit(sql, "createLaunchToken", { playerId, ttl });
      return { launchToken: token, expiresAt: new Date(at + ttl * 1000).toISOString() };
    });
  }

  /** Credit (amount > 0) or debit (amount < 0) a player's balance, cash or a non-cash `unit`, from/to the operator; once per `key`. */
  async adjust(playerId: string, input: unknown, key: string) {
    const b = body(input);
    allowOnly(b, ["amount", "reason", "unit"]);
    const amount = b.amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT)
      throw badRequest("BAD_AMOUNT", `amount must be a non-zero integer in minor units, at most ${MAX_AMOUNT} either way`, {
        max: MAX_AMOUNT,
      });
    const reason = text(b.reason, 500, "BAD_REASON", "reason");
    const unit = b.unit === undefined ? CASH : b.unit;
    if (typeof unit !== "string" || (unit !== CASH && !UNIT_NAME.test(unit)))
      throw badRequest("BAD_UNIT", "unit must be 'cash' or a unit name [a-z][a-z0-9_]{0,31}");
    const print = fingerprint(`admin:adjust:${playerId}`, { amount, reason, unit });
    return this.once(key, print, async (sql) => {
      const player = await this.player(sql, playerId);
      await lockWallet(sql, playerId, this.lockSuffix());
      // A demo player's adjustments move demo money (the demo bank), never the operator's.
      const parties = counterparties(playerId, player.demo === 1);
      if (unit !== CASH) await ensureUnitAccounts(sql, playerId, unit, parties.operatorSystem, player.currency);
      const { txId, balanceAfter } = await move(sql, {
        kind: amount > 0 ? "credit" : "debit",
        playerId,
        amount,
        counterparty: unit === CASH ? parties.operator : unitAccount(parties.operatorSystem, unit),
        unit,
        at: Date.now(),
        note: reason,
      });
      await audit(sql, "adjust", { playerId, amount, unit, reason, txId, idempotencyKey: key });
      return { status: 201, body: { transactionId: txId, unit, balance: balanceAfter } };
    });
  }

  /** Grants bonus spins: rounds at a fixed bet that debit the player nothing (promotions pays their stake); once per `key`. */
  async grantBonusSpins(playerId: string, input: unknown, key: string) {
    const b = body(input);
    allowOnly(b, ["gameId", "bet", "spins"]);
    if (typeof b.gameId !== "string") throw badRequest("BAD_GRANT", "gameId is required");
    // Known, on offer or not: whether it is on offer is checked after a retry's stored answer.
    const game = this.server.games.known(b.gameId);
    const bet = parsedWhole("bet", b.bet, () => game.parseBet(b.bet));
    checkGrantableBet(game, bet);
    const spins = b.spins;
    if (typeof spins !== "number" || !Number.isInteger(spins) || spins < 1 || spins > 1000)
      throw badRequest("BAD_GRANT", "spins must be an integer in 1..1000");
    const print = fingerprint(`admin:grant:${playerId}`, { gameId: game.id, bet, spins });
    return this.once(key, print, async (sql) => {
      this.server.game(game.id);
      this.server.games.bets.check(game, bet);
      await this.player(sql, playerId);
      const id = newId("gr");
      await sql.run(
        "INSERT INTO bonus_grants (id, player_id, game_id, bet, spins_total, spins_used, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)",
        [id, playerId, game.id, JSON.stringify(bet), spins, Date.now()],
      );
      accountChanged(sql, playerId, "grant");
      await audit(sql, "grantBonusSpins", { id, playerId, gameId: game.id, bet, spins, idempotencyKey: key });
      return { status: 201, body: { id, playerId, gameId: game.id, bet, spinsTotal: spins, spinsLeft: spins } };
    });
  }

  /**
   * Cancels an unfinished round (malfunction voids plays): a paid round pays the better for
   * the player of what it has won so far and a refund of its bet; a granted round pays what
   * it won, or — when it won nothing — is void: the spin returns to the grant and the stake
   * to promotions. Non-cash stakes are refunded. A paused autoplay waiting for it stops.
   * Once per `key`: a retry gets the first answer (a second cancel with a new key is 409).
   */
  async cancelRound(roundId: string, input: unknown, key: string) {
    const b = optionalBodyOf(input);
    allowOnly(b, ["reason"]);
    const reason = b.reason === undefined ? "operator" : text(b.reason, 500, "BAD_REASON", "reason");
    const print = fingerprint(`admin:cancel:${roundId}`, { reason });
    return this.once(key, print, async (sql) => {
      const first = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId]);
      if (!first) throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}'`);
      await lockWallet(sql, first.player_id, this.lockSuffix());
      const round = (await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId])) as RoundRow;
      if (round.status !== "open") throw new ApiProblem(409, "ROUND_NOT_OPEN", `round ${roundId} is ${round.status}`);
      const refund = round.paid === 1 ? round.total_bet : 0;
      const at = Date.now();
      // A jackpot the round claimed but has not shown yet was won when it was drawn: it is part
      // of what the round has won so far, and is announced now (the win counter is locked after
      // the wallet and before any house account, as every claim does).
      const held = await this.server.jackpots.heldMinor(sql, roundId);
      if (held > 0) await this.server.jackpots.announceHeld(sql, roundId, at);
      const won = round.total_win + held;
      const pay = Math.max(won, refund);
      const parties = counterparties(round.player_id, round.demo === 1);
      let balance = await lockBalance(sql, round.player_id, "");
      accountChanged(sql, round.player_id, "cancel");
      if (pay > 0) {
        balance = (
          await move(sql, {
            kind: pay === won && won >= refund ? "win" : "refund",
            playerId: round.player_id,
            roundId,
            amount: pay,
            counterparty: parties.house,
            at,
            note: `round cancelled: ${reason}`,
          })
        ).balanceAfter;
      }
      const voided = round.grant_id !== null && pay === 0;
      if (voided)
        await voidGrantedRound(
          sql,
          round.grant_id as string,
          round.player_id,
          roundId,
          round.demo === 1 ? 0 : round.total_bet,
          at,
        );
      const unitsRefunded = await this.refundStakeUnits(sql, round, at, reason, parties.houseSystem);
      await sql.run("UPDATE rounds SET status = 'cancelled', settled = $1, ended_at = $2 WHERE id = $3", [pay, at, roundId]);
      if (round.autoplay_id !== null) await this.server.autoplays.roundCancelled(sql, round.autoplay_id, roundId, at);
      await audit(sql, "cancelRound", {
        roundId,
        reason,
        paid: pay,
        totalWin: round.total_win,
        heldJackpot: held,
        refund,
        voided,
        unitsRefunded,
        idempotencyKey: key,
      });
      return { status: 200, body: { roundId, status: "cancelled", paid: pay, balance, voided, unitsRefunded } };
    });
  }

  /** A cancelled paid round's non-cash stake goes back to the player (its non-cash winnings are never credited before the end). */
  private async refundStakeUnits(
    sql: Sql,
    round: RoundRow,
    at: number,
    reason: string,
    houseSystem: string,
  ): Promise<Record<string, number>> {
    if (round.paid !== 1) return {};
    const stakes = await sql.query<{ unit: string; amount: number }>(
      "SELECT unit, amount FROM transactions WHERE round_id = $1 AND kind = 'bet' AND unit <> 'cash' AND player_id = $2",
      [round.id, round.player_id],
    );
    const refunded: Record<string, number> = {};
    for (const s of stakes) {
      await move(sql, {
        kind: "refund",
        playerId: round.player_id,
        roundId: round.id,
        amount: -s.amount,
        counterparty: unitAccount(houseSystem, s.unit),
        unit: s.unit,
        at,
        note: `round cancelled: ${reason}`,
      });
      refunded[s.unit] = -s.amount;
    }
    return refunded;
  }

  reconciliation(query: Record<string, unknown>) {
    return reconciliation(this.db, query);
  }
}

export { playerAccount };
