/**
 * Server-side autoplay: a resource the server counts and stops (at most 100 spins, a
 * mandatory loss limit, optional single-win limit and stop on jackpot). The transitions
 * are in `autoplay-rules.ts`; this file validates requests and stores the rows.
 */
import type { AutoplayState } from "@reelhouse/protocol";
import { checkAutoplayAllowed } from "./admission.js";
import {
  type AutoplayChange,
  afterRoundCancelled,
  afterSettle,
  afterSpin,
  type SpinOutcome,
  stopByPlayer,
} from "./autoplay-rules.js";
import { MAX_AMOUNT } from "./config.js";
import type { Database, Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import type { GameRegistry } from "./games.js";
import type { Idempotency } from "./idempotency.js";
import { canonicalJson, fingerprint, newId } from "./ids.js";
import { allowOnly, bodyOf, parsedWhole, requestIdOf } from "./input.js";
import type { AutoplayRow, Caller, Stored } from "./rows.js";
import { lockWallet } from "./wallet.js";

/** The wire form of an autoplay row. */
export function autoplayState(row: AutoplayRow): AutoplayState {
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
    pausedRoundId: row.paused_round_id ?? null,
  };
}

const notFound = (id: string) => new ApiProblem(404, "AUTOPLAY_NOT_FOUND", `no autoplay '${id}' of yours`);

export class Autoplays {
  constructor(
    private readonly db: Database,
    private readonly idempotency: Idempotency,
    private readonly games: GameRegistry,
    private readonly lock: string,
    private readonly now: () => number,
  ) {}

  /** POST /autoplay: a server-side autoplay with a mandatory loss limit; replaces the game's unfinished one. */
  async create(caller: Caller, input: unknown): Promise<Stored<AutoplayState>> {
    const body = bodyOf(input);
    allowOnly(body, ["gameId", "bet", "spins", "lossLimit", "singleWinLimit", "stopOnJackpot", "requestId"]);
    const requestId = requestIdOf(body);
    checkAutoplayAllowed(caller.profile);
    if (typeof body.gameId !== "string") throw badRequest("BAD_AUTOPLAY", "gameId is required");
    const game = this.games.offered(body.gameId);
    const bet = parsedWhole("bet", body.bet, () => game.parseBet(body.bet));
    const spins = body.spins;
    if (typeof spins !== "number" || !Number.isInteger(spins) || spins < 1 || spins > 100)
      throw badRequest("BAD_AUTOPLAY", "spins must be an integer in 1..100");
    const lossLimit = body.lossLimit;
    if (typeof lossLimit !== "number" || !Number.isSafeInteger(lossLimit) || lossLimit <= 0 || lossLimit > MAX_AMOUNT) {
      throw badRequest("BAD_AUTOPLAY", `lossLimit is mandatory: an integer amount in minor units, 1..${MAX_AMOUNT}`);
    }
    const singleWinLimit = body.singleWinLimit ?? null;
    if (
      singleWinLimit !== null &&
      (typeof singleWinLimit !== "number" ||
        !Number.isSafeInteger(singleWinLimit) ||
        singleWinLimit <= 0 ||
        singleWinLimit > MAX_AMOUNT)
    ) {
      throw badRequest("BAD_AUTOPLAY", `singleWinLimit must be an integer amount in 1..${MAX_AMOUNT}, or null`);
    }
    if (body.stopOnJackpot !== undefined && typeof body.stopOnJackpot !== "boolean")
      throw badRequest("BAD_AUTOPLAY", "stopOnJackpot must be a boolean");
    const print = fingerprint("autoplay", body);
    const { result } = await this.idempotency.once<AutoplayState>(caller, requestId, print, async (sql) => {
      // After a retry's stored answer: a bet disabled since still answers its retries.
      this.games.bets.check(game, bet);
      const at = this.now();
      // One autoplay per player and game: a new one replaces the unfinished one.
      await sql.run(
        "UPDATE autoplays SET status = 'stopped', stop_reason = 'replaced', paused_round_id = NULL, updated_at = $1 WHERE player_id = $2 AND game_id = $3 AND status IN ('running', 'paused')",
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
        paused_round_id: null,
        created_at: at,
        updated_at: at,
      };
      await sql.run(
        "INSERT INTO autoplays (id, player_id, game_id, bet, spins_total, spins_done, loss_limit, single_win_limit, stop_on_jackpot, net, status, stop_reason, paused_round_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
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
          row.paused_round_id,
          row.created_at,
          row.updated_at,
        ],
      );
      return { status: 201, body: autoplayState(row) };
    });
    return result;
  }

  /** GET /autoplay/:id */
  async get(caller: Caller, id: string): Promise<AutoplayState> {
    const row = await this.db.read((sql) =>
      sql.one<AutoplayRow>("SELECT * FROM autoplays WHERE id = $1 AND player_id = $2", [id, caller.player.id]),
    );
    if (!row) throw notFound(id);
    return autoplayState(row);
  }

  /**
   * DELETE /autoplay/:id: the player stops it, running or paused (idempotent by nature).
   * It takes the player's lock first, as every spin does, so a stop and a racing autoplay
   * spin serialise: the spin either ran before (and is counted) or sees the stop (409).
   */
  async stop(caller: Caller, id: string): Promise<AutoplayState> {
    return this.db.tx(async (sql) => {
      await lockWallet(sql, caller.player.id, this.lock);
      const row = await sql.one<AutoplayRow>(`SELECT * FROM autoplays WHERE id = $1 AND player_id = $2${this.lock}`, [
        id,
        caller.player.id,
      ]);
      if (!row) throw notFound(id);
      return autoplayState(await this.apply(sql, row, stopByPlayer(row), this.now(), false));
    });
  }

  /**
   * The autoplay an autoplay spin belongs to, checked: allowed in the jurisdiction, the
   * caller's, this game, running (409 AUTOPLAY_STOPPED / AUTOPLAY_PAUSED otherwise), its bet.
   */
  async checkSpin(sql: Sql, caller: Caller, id: string, gameId: string, bet: unknown): Promise<AutoplayRow> {
    checkAutoplayAllowed(caller.profile);
    // Read under the player's lock (held by the caller) and the row's own: the status this
    // spin writes back is derived from it, so it must be the latest committed one.
    const row = await sql.one<AutoplayRow>(`SELECT * FROM autoplays WHERE id = $1 AND player_id = $2${this.lock}`, [
      id,
      caller.player.id,
    ]);
    if (!row) throw notFound(id);
    if (row.game_id !== gameId) throw badRequest("AUTOPLAY_GAME", `autoplay ${id} plays ${row.game_id}`);
    if (row.status === "paused") {
      throw new ApiProblem(409, "AUTOPLAY_PAUSED", `autoplay ${id} waits for round ${row.paused_round_id} to end`, {
        autoplay: autoplayState(row),
      });
    }
    if (row.status !== "running") {
      throw new ApiProblem(409, "AUTOPLAY_STOPPED", `autoplay ${id} is ${row.status} (${row.stop_reason ?? ""})`, {
        autoplay: autoplayState(row),
      });
    }
    if (canonicalJson(bet) !== canonicalJson(JSON.parse(row.bet)))
      throw badRequest("AUTOPLAY_BET", "an autoplay spin plays the autoplay's bet");
    return row;
  }

  /** Counts an autoplay spin's first step (see `afterSpin`). */
  async countSpin(sql: Sql, row: AutoplayRow, spin: SpinOutcome, at: number): Promise<AutoplayState> {
    return autoplayState(await this.apply(sql, row, afterSpin(row, spin), at, true));
  }

  /** A round of autoplay `id` settled in a later step: the autoplay counts its win and may resume (see `afterSettle`). */
  async settle(sql: Sql, id: string, roundWin: number, jackpot: boolean, at: number): Promise<AutoplayState | null> {
    const row = await sql.one<AutoplayRow>(`SELECT * FROM autoplays WHERE id = $1${this.lock}`, [id]);
    if (!row) return null;
    return autoplayState(await this.apply(sql, row, afterSettle(row, roundWin, jackpot), at, true));
  }

  /**
   * A platform round (Jackpot Cards) opened beside this autoplay's round: a running autoplay
   * pauses until it ends (its settle resumes it). Works from the state just written, without
   * reading the row again (that write is held).
   */
  async pauseFor(sql: Sql, state: AutoplayState, roundId: string, at: number): Promise<AutoplayState> {
    if (state.status !== "running") return state;
    await sql.write("UPDATE autoplays SET status = 'paused', paused_round_id = $1, updated_at = $2 WHERE id = $3", [
      roundId,
      at,
      state.id,
    ]);
    return { ...state, status: "paused", pausedRoundId: roundId };
  }

  /** The operator cancelled a round: an autoplay paused for it stops. */
  async roundCancelled(sql: Sql, id: string, roundId: string, at: number): Promise<void> {
    const row = await sql.one<AutoplayRow>(`SELECT * FROM autoplays WHERE id = $1${this.lock}`, [id]);
    if (row) await this.apply(sql, row, afterRoundCancelled(row, roundId), at, false);
  }

  /** Writes a transition (held write when `held`: nothing reads the row again in this transaction). */
  private async apply(sql: Sql, row: AutoplayRow, change: AutoplayChange, at: number, held: boolean): Promise<AutoplayRow> {
    const next: AutoplayRow = { ...row, ...change, updated_at: at };
    const text =
      "UPDATE autoplays SET spins_done = $1, net = $2, status = $3, stop_reason = $4, paused_round_id = $5, updated_at = $6 WHERE id = $7";
    const params = [next.spins_done, next.net, next.status, next.stop_reason, next.paused_round_id, at, row.id];
    if (held) await sql.write(text, params);
    else await sql.run(text, params);
    return next;
  }
}
