/**
 * Rounds a player left waiting: past the operator's deadline (`REELHOUSE_ROUND_DEADLINE_MS`,
 * default 24 h, counted from the round's last step) the server completes every open round
 * whose game declares how (`GameModule.deadlineAction`: Bewitched opens its vials, plays its
 * free spins and collects its double; Jackpot Cards turns its cards), playing that action
 * again and again through the same runner as the player would, until the round ends and is
 * paid. Each step's request id is derived from the round and the step, so nodes sweeping at
 * once play each step once (the idempotency store gives the others the stored answer).
 */
import type { AwaitingBase, StateBase } from "@reelhouse/engine";
import type { Sql } from "../db/database.js";
import type { AnyGame } from "../games.js";
import { cardsDeadlineAction } from "../jackpots/cards.js";
import { JACKPOT_CARDS_ID } from "../jackpots/pools.js";
import type { PlayerRow } from "../rows.js";
import type { GameServer } from "../service.js";

/** Rounds completed per sweep at most (the next sweep takes the rest). */
const PER_SWEEP = 100;
/** Steps the server plays in one round at most (free spins chain; none is near this). */
const MAX_STEPS = 10_000;

type DeadlineAction = (state: StateBase, awaiting: AwaitingBase) => unknown;

/** The action a game's module declares, or the platform's for its own Jackpot Cards. */
function actionOf(game: AnyGame): DeadlineAction | undefined {
  if (game.deadlineAction) return (state, awaiting) => game.deadlineAction?.(state, awaiting);
  return game.id === JACKPOT_CARDS_ID ? cardsDeadlineAction : undefined;
}

interface Expired {
  id: string;
  player_id: string;
  game_id: string;
  game_version: string;
}

interface Current {
  status: string;
  state: string;
  awaiting: string | null;
  step_count: number;
}

/**
 * Completes the open rounds whose last step is older than `now - deadline` and whose game
 * declares a deadline action; returns how many it completed. A round that fails (its version
 * retired, a database error) is left for the next sweep; the others go on.
 */
export async function completeExpiredRounds(server: GameServer, now: number): Promise<number> {
  const games = [...server.games.values(), ...server.games.platformModules()].filter((g) => actionOf(g));
  if (games.length === 0) return 0;
  const ids = [...new Set(games.map((g) => g.id))];
  const rows = await server.db.read((sql: Sql) =>
    sql.query<Expired>(
      `SELECT r.id, r.player_id, r.game_id, r.game_version FROM rounds r JOIN steps s ON s.round_id = r.id AND s.idx = r.step_count - 1
       WHERE r.status = 'open' AND r.game_id IN (${ids.map((_, i) => `$${i + 2}`).join(", ")}) AND s.created_at < $1
       ORDER BY s.created_at LIMIT ${PER_SWEEP}`,
      [now - server.config.roundDeadlineMs, ...ids],
    ),
  );
  let completed = 0;
  for (const row of rows) {
    try {
      if (await complete(server, row)) completed++;
    } catch {
      // Left open: the next sweep tries again (another node may have finished it meanwhile).
    }
  }
  return completed;
}

/** Plays the round's deadline action until it ends; true when it ended. */
async function complete(server: GameServer, row: Expired): Promise<boolean> {
  const game = server.games.forRound(row.game_id, row.game_version);
  const action = actionOf(game);
  if (!action) return false;
  const player = await server.db.read((sql: Sql) => sql.one<PlayerRow>("SELECT * FROM players WHERE id = $1", [row.player_id]));
  if (!player) return false;
  const caller = { player, profile: server.profileOf(player.jurisdiction) };
  for (let n = 0; n < MAX_STEPS; n++) {
    const now = await server.db.read((sql: Sql) =>
      sql.one<Current>("SELECT status, state, awaiting, step_count FROM rounds WHERE id = $1", [row.id]),
    );
    if (now?.status !== "open" || now.awaiting === null) return now?.status === "completed";
    const step = now.step_count - 1;
    await server.rounds.act(caller, row.id, {
      action: action(JSON.parse(now.state) as StateBase, JSON.parse(now.awaiting) as AwaitingBase),
      step,
      // The same id on every node: one plays the step, the others get its stored answer.
      requestId: `expired:${row.id}:${step}`,
    });
  }
  return false;
}
