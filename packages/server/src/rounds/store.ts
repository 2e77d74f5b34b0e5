/**
 * The round's rows: `rounds` (one per round: bet, configuration, current state, what it
 * awaits, totals) and `steps` (one per step: action, events, win, state, draws, context).
 * States and awaitings are serialised once per step and shared by both rows.
 */
import type { ContextCache } from "../context.js";
import type { Sql } from "../db/database.js";
import { ApiProblem } from "../errors.js";
import type { RoundRow } from "../rows.js";
import type { PlayedStep } from "./play.js";

/** A step with its JSON, serialised once. */
export interface StepJson {
  state: string;
  awaiting: string | null;
}

export function stepJson(p: PlayedStep): StepJson {
  return { state: JSON.stringify(p.step.state), awaiting: p.step.awaiting === null ? null : JSON.stringify(p.step.awaiting) };
}

/** The caller's round, for an action: 404 when not theirs. */
export async function loadRound(sql: Sql, roundId: string, playerId: string): Promise<RoundRow> {
  const round = await sql.one<RoundRow>("SELECT * FROM rounds WHERE id = $1 AND player_id = $2", [roundId, playerId]);
  if (!round) throw new ApiProblem(404, "ROUND_NOT_FOUND", `no round '${roundId}' of yours`);
  return round;
}

export interface NewRound {
  id: string;
  playerId: string;
  gameId: string;
  version: string;
  bet: unknown;
  totalBet: number;
  paid: boolean;
  config: string;
  autoplayId: string | null;
  grantId: string | null;
  /** A demo player's round (demo money). */
  demo: boolean;
  at: number;
}

/** Inserts a round whose first request played `played` (its last step decides totals and status). */
export async function insertRound(sql: Sql, r: NewRound, played: readonly PlayedStep[], json: StepJson): Promise<void> {
  const last = played.at(-1) as PlayedStep;
  const stepCount = played.length;
  const over = last.step.awaiting === null;
  const totalWin = last.step.state.totalWin;
  await sql.write(
    `INSERT INTO rounds (id, player_id, game_id, game_version, bet, total_bet, paid, total_win, settled, status, state, awaiting, step_count, autoplay_id, grant_id, started_at, ended_at, config, demo, forced)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
    [
      r.id,
      r.playerId,
      r.gameId,
      r.version,
      JSON.stringify(r.bet),
      r.totalBet,
      r.paid ? 1 : 0,
      totalWin,
      // A round that ends in its first request is settled now (its win is credited in the same transaction).
      over ? totalWin : 0,
      over ? "completed" : "open",
      json.state,
      json.awaiting,
      stepCount,
      r.autoplayId,
      r.grantId,
      r.at,
      over ? r.at : null,
      r.config,
      r.demo ? 1 : 0,
      forcedIn(played) ? 1 : 0,
    ],
  );
}

/** True when a step of the request had forced draws. */
export const forcedIn = (played: readonly PlayedStep[]) => played.some((p) => p.forced);

/** Moves an open round to its last played step (a forced step marks the round forced for good). */
export async function updateRound(
  sql: Sql,
  round: RoundRow,
  played: readonly PlayedStep[],
  json: StepJson,
  at: number,
): Promise<void> {
  const last = played.at(-1) as PlayedStep;
  const over = last.step.awaiting === null;
  const totalWin = last.step.state.totalWin;
  await sql.write(
    "UPDATE rounds SET total_win = $1, status = $2, state = $3, awaiting = $4, step_count = $5, ended_at = $6, settled = $8, forced = $9 WHERE id = $7",
    [
      totalWin,
      over ? "completed" : "open",
      json.state,
      json.awaiting,
      last.index + 1,
      over ? at : null,
      round.id,
      // Settled when the round ends: its total win is credited now.
      over ? totalWin : round.settled,
      round.forced === 1 || forcedIn(played) ? 1 : 0,
    ],
  );
}

/**
 * Inserts the steps a request played (`jsons[i]` belongs to `played[i]`), each with its
 * context's id; a context not yet known committed is inserted too (if absent). Returns the
 * context ids used.
 */
export async function insertSteps(
  sql: Sql,
  roundId: string,
  played: PlayedStep[],
  jsons: StepJson[],
  at: number,
  contexts: ContextCache,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < played.length; i++) {
    const p = played[i] as PlayedStep;
    const json = jsons[i] as StepJson;
    const context = contexts.toStored(p.context);
    if (!contexts.isCommitted(context.id) && !ids.includes(context.id)) {
      await sql.write("INSERT INTO contexts (id, context) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [
        context.id,
        context.json,
      ]);
    }
    ids.push(context.id);
    await sql.write(
      "INSERT INTO steps (round_id, idx, action, events, win, awaiting, state, draws, created_at, context_id, forced) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
      [
        roundId,
        p.index,
        p.action === null ? null : JSON.stringify(p.action),
        JSON.stringify(p.step.events),
        p.step.win,
        json.awaiting,
        json.state,
        JSON.stringify(p.draws),
        at,
        context.id,
        p.forced ? 1 : 0,
      ],
    );
  }
  return ids;
}
