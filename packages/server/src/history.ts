/**
 * What a player (and the operator) can read back: unfinished rounds to resume, the history
 * of rounds and money movements with the balance after each, and every step of a round.
 */
import type { HistoryResponse, HistoryRound, OpenRound, RoundDetail, Transaction } from "@reelhouse/protocol";
import type { Database } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import type { Caller, RoundRow, StepRow } from "./rows.js";

const DAY_MS = 86_400_000;

/** A time query parameter: epoch milliseconds or an ISO date. */
function timeParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Date.parse(String(value));
  if (!Number.isFinite(n)) throw badRequest("BAD_QUERY", `${name} must be epoch milliseconds or an ISO date`);
  return n;
}

function historyRound(r: RoundRow, balanceAfter: number | null): HistoryRound {
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
  };
}

/** The player's cash balance after a round's last cash movement (grant stakes and unit moves have none of the player's cash). */
const ROUND_BALANCE_AFTER =
  "SELECT t.balance_after FROM transactions t WHERE t.round_id = r.id AND t.unit = 'cash' AND t.balance_after IS NOT NULL AND t.player_id = r.player_id ORDER BY t.created_at DESC, t.id DESC LIMIT 1";

export class History {
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

  /** GET /history: the player's rounds and every money movement with the balance after it (default: the last 30 days). */
  async history(caller: Caller, query: Record<string, unknown>): Promise<HistoryResponse> {
    const to = timeParam(query.to, "to", this.now() + 1);
    const from = timeParam(query.from, "from", to - 30 * DAY_MS);
    const limit = query.limit === undefined ? 100 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw badRequest("BAD_QUERY", "limit must be an integer in 1..1000");
    return this.db.read(async (sql) => {
      const rounds = await sql.query<RoundRow & { balance_after: number | null }>(
        `SELECT r.*, (${ROUND_BALANCE_AFTER}) AS balance_after
         FROM rounds r WHERE r.player_id = $1 AND r.started_at >= $2 AND r.started_at < $3 ORDER BY r.started_at DESC, r.id DESC LIMIT $4`,
        [caller.player.id, from, to, limit],
      );
      const transactions = await sql.query<{
        id: string;
        kind: string;
        unit: string;
        amount: number;
        balance_after: number;
        round_id: string | null;
        created_at: number;
      }>(
        "SELECT id, kind, unit, amount, balance_after, round_id, created_at FROM transactions WHERE player_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT $4",
        [caller.player.id, from, to, limit],
      );
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
          action: s.action === null ? null : JSON.parse(s.action),
          events: JSON.parse(s.events),
          win: s.win,
          at: new Date(s.created_at).toISOString(),
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
