/**
 * Jackpot Cards left unrevealed: past the operator's deadline (REELHOUSE_JACKPOT_CARDS_DEADLINE_MS,
 * default 24 h) the server completes the card round itself, turning the first face-down card
 * again and again through the same runner as the player would (the sequence decides the
 * suits, so the level drawn at the start is won and paid). Each pick's request id is derived
 * from the round and step, so several nodes sweeping at once play each pick once.
 */
import type { Sql } from "../db/database.js";
import type { PlayerRow } from "../rows.js";
import type { GameServer } from "../service.js";
import { JACKPOT_CARDS_ID } from "./pools.js";

interface OpenCards {
  id: string;
  player_id: string;
  step_count: number;
  awaiting: string | null;
}

/** Completes every card round opened before `now - deadline`; returns how many it completed. */
export async function completeExpiredCards(server: GameServer, now: number): Promise<number> {
  const deadline = server.config.jackpotCardsDeadlineMs;
  const rows = await server.db.read((sql: Sql) =>
    sql.query<OpenCards>(
      "SELECT id, player_id, step_count, awaiting FROM rounds WHERE game_id = $1 AND status = 'open' AND started_at < $2 ORDER BY started_at LIMIT 100",
      [JACKPOT_CARDS_ID, now - deadline],
    ),
  );
  let completed = 0;
  for (const row of rows) {
    const player = await server.db.read((sql: Sql) => sql.one<PlayerRow>("SELECT * FROM players WHERE id = $1", [row.player_id]));
    if (!player) continue;
    const caller = { player, profile: server.profileOf(player.jurisdiction) };
    let step = row.step_count - 1;
    let awaiting = row.awaiting ? (JSON.parse(row.awaiting) as { type: string; revealed?: { position: number }[] }) : null;
    for (let guard = 0; awaiting?.type === "pick" && guard < 12; guard++) {
      const taken = new Set((awaiting.revealed ?? []).map((c) => c.position));
      let position = 0;
      while (taken.has(position)) position++;
      const answer = await server.rounds.act(caller, row.id, {
        action: { type: "pick", position },
        step,
        requestId: `expired:${row.id}:${step}`,
      });
      step = answer.body.stepIndex;
      awaiting = answer.body.awaiting as typeof awaiting;
    }
    if (awaiting === null) completed++;
  }
  return completed;
}
