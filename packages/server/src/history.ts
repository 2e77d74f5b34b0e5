/**
 * What a player (and the operator) can read back: unfinished rounds to resume, the history
 * of rounds and money movements with the balance after each, and every step of a round.
 */
import type { HistoryResponse, HistoryRound, OpenRound, RoundDetail, Transaction } from "@reelhouse/protocol";
import type { Database } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import { checkQuery, MAX_TIME, timeParam } from "./input.js";
import { actionShown } from "./rounds/held-claims.js";
import type { Caller, RoundRow, StepRow } from "./rows.js";

const DAY_MS = 86_400_000;

/** Page sizes of GET /history: rounds and transactions per page (`limit`), default and most. */
export const HISTORY_PAGE = { default: 50, max: 100 } as const;

/** The columns a history line shows (never the round's state, awaiting, bet or configuration: a page stays small). */
type HistoryRow = Pick<
  RoundRow,
  "id" | "game_id" | "started_at" | "ended_at" | "status" | "total_bet" | "total_win" | "demo" | "forced" | "grant_id"
>;

function historyRound(r: HistoryRow, balanceAfter: number | null): HistoryRound {
  return {
    roundId: r.id,
    gameId: r.game_id,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
    status: r.status,
    totalBet: r.total_bet,
    totalWin: r.total_win,
    balanceAfter: balanceAfter ?? 0,
    granted: r.grant_id !== null,
    demo: r.demo === 1,
    forced: r.forced === 1,
  };
}

/**
 * The player's cash balance after a round's last cash movement (grant stakes and unit moves
 * have none of the player's cash): an index lookup (`transactions_round`) per round.
 */
// (Every transaction of a round is its player's: no player condition, which would let SQLite's
// planner pick the per-player index and read all the player's transactions for each round.)
const ROUND_BALANCE_AFTER =
  "SELECT t.balance_after FROM transactions t WHERE t.round_id = r.id AND t.unit = 'cash' AND t.balance_after IS NOT NULL ORDER BY t.created_at DESC, t.id DESC LIMIT 1";

/** A page of the player's rounds, each with its balance after (params: player, from, to, limit). */
export const HISTORY_ROUNDS_SQL = `SELECT r.id, r.game_id, r.started_at, r.ended_at, r.status, r.total_bet, r.total_win, r.demo, r.forced, r.grant_id, (${ROUND_BALANCE_AFTER}) AS balance_after
         FROM rounds r WHERE r.player_id = $1 AND r.started_at >= $2 AND r.started_at < $3 ORDER BY r.started_at DESC, r.id DESC LIMIT $4`;

/** A page of the player's money movements (params: player, from, to, limit). */
export const HISTORY_TRANSACTIONS_SQL =
  "SELECT id, kind, unit, amount, balance_after, round_id, created_at FROM transactions WHERE player_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT $4";

/**
 * Runs one task at a time, in arrival order: history pages are served one after the other, so
 * a burst of them holds at most one database connection and never crowds the money path.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task handed in before it has settled; its result or error is the caller's. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => {});
    return result;
  }
}

/** A checked GET /history query: rounds started in [from, to), epoch milliseconds, at most `limit` of them. */
export interface HistoryQuery {
  from: number;
  to: number;
  limit: number;
}

export class History {
  /** History pages, one at a time on this node (the money path keeps the rest of the pool). */
  private readonly pages = new OneAtATime();

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

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
          steps: steps.map((s) => ({ index: s.idx, events: JSON.parse(s.events), win: s.win })),
          grantId: r.grant_id,
        } as OpenRound);
      }
      return out;
    });
  }

  /** The page GET /history asks for (default: the last 30 days, 50 rounds); 400 BAD_QUERY when malformed. */
  historyQuery(query: Record<string, unknown>): HistoryQuery {
    const q = checkQuery(query, ["from", "to", "limit"]);
    const to = timeParam(q.to, "to", Math.min(this.now() + 1, MAX_TIME));
    const from = timeParam(q.from, "from", Math.max(0, to - 30 * DAY_MS));
    const limit = q.limit === undefined ? HISTORY_PAGE.default : /^\d{1,4}$/.test(q.limit) ? Number(q.limit) : 0;
    if (limit < 1 || limit > HISTORY_PAGE.max)
      throw badRequest("BAD_QUERY", `limit must be an integer in 1..${HISTORY_PAGE.max} (page with from/to)`, {
        max: HISTORY_PAGE.max,
      });
    return { from, to, limit };
  }

  /** GET /history: the player's rounds and every money movement with the balance after it, pages one at a time. */
  history(caller: Caller, { from, to, limit }: HistoryQuery): Promise<HistoryResponse> {
    return this.pages.run(() => this.page(caller.player.id, from, to, limit));
  }

  /** One page of GET /history (see HISTORY_ROUNDS_SQL and HISTORY_TRANSACTIONS_SQL). */
  private page(playerId: string, from: number, to: number, limit: number): Promise<HistoryResponse> {
    return this.db.read(async (sql) => {
      const rounds = await sql.query<HistoryRow & { balance_after: number | null }>(HISTORY_ROUNDS_SQL, [
        playerId,
        from,
        to,
        limit,
      ]);
      const transactions = await sql.query<{
        id: string;
        kind: string;
        unit: string;
        amount: number;
        balance_after: number;
        round_id: string | null;
        created_at: number;
      }>(HISTORY_TRANSACTIONS_SQL, [playerId, from, to, limit]);
      return {
        rounds: rounds.map((r) => historyRound(r, r.balance_after)),
        transactions: transactions.map(
          (t): Transaction => ({
            id: t.id,
            at: new Date(t.created_at).toISOString(),
            kind: t.kind,
            unit: t.unit,
            amount: t.amount,
            balanceAfter: t.balance_after,
            roundId: t.round_id,
          }),
        ),
      };
    });
  }

  /** GET /history/:roundId (the caller's round) or the admin's view of any round (caller null). */
  async roundDetail(
    caller: Caller | null,
    roundId: string,
  ): Promise<RoundDetail & { playerId: string; settled: number; paid: boolean }> {
    return this.db.read(async (sql) => {
      const round = await sql.one<RoundRow & { balance_after: number | null }>(
        `SELECT r.*, (${ROUND_BALANCE_AFTER}) AS balance_after FROM rounds r WHERE r.id = $1`,
        [roundId],
      );
      if (!round || (caller && round.player_id !== caller.player.id))
        throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}' of yours`);
      const steps = await sql.query<StepRow>("SELECT * FROM steps WHERE round_id = $1 ORDER BY idx", [roundId]);
      return {
        ...historyRound(round, round.balance_after),
        playerId: round.player_id,
        settled: round.settled,
        paid: round.paid === 1,
        bet: JSON.parse(round.bet),
        steps: steps.map((s) => ({
          index: s.idx,
          // The player's view of an open round holds back platform answers (rounds/held-claims.ts).
          action: s.action === null ? null : actionShown(JSON.parse(s.action), caller !== null && round.status === "open"),
          events: JSON.parse(s.events),
          win: s.win,
          at: new Date(s.created_at).toISOString(),
          forced: s.forced === 1,
        })),
      } as RoundDetail & { playerId: string; settled: number; paid: boolean };
    });
  }

  /** A stored round with every step, draws, states and contexts (replay and audit). */
  async storedRound(roundId: string): Promise<{ round: RoundRow; steps: StepRow[] } | null> {
    return this.db.read(async (sql) => {
      const round = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1", [roundId]);
      if (!round) return null;
      const steps = await sql.query<StepRow>(
        "SELECT s.*, c.context FROM steps s LEFT JOIN contexts c ON c.id = s.context_id WHERE s.round_id = $1 ORDER BY s.idx",
        [roundId],
      );
      return { round, steps };
    });
  }
}
