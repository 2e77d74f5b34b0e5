/**
 * The ticker of a player whose jackpot win is held (claimed by a round that has not shown it
 * yet: `GameModule.hidesClaim`). The pool really was paid and reset at the claim, and every
 * other screen shows that (the pool's value is public; only the winner's name and the win
 * wait). The winner's own streams keep showing the pool as if it had not been won yet — its
 * value before the claim plus what came in since — until the round shows the win, or the
 * drop would tell them what their vials hold.
 */
import type { Sql } from "../db/database.js";
import type { PoolId } from "../jackpots/accounts.js";

/** A held win's pool: its value just before the claim and just after it (seed top-up included), micro-units. */
export interface HeldPool {
  before: number;
  after: number;
}

/** The name of a player's held pool in {@link heldPools}' answer. */
export const heldName = (playerId: string, p: PoolId): string => JSON.stringify([playerId, p.gameId, p.pool, p.currency, p.key]);

/** The held wins of these players (by {@link heldName}; the first claim of a pool when several). */
export async function heldPools(sql: Sql, players: ReadonlySet<string>): Promise<Map<string, HeldPool>> {
  const out = new Map<string, HeldPool>();
  if (players.size === 0) return out;
  // Held wins are few (rare wins, shown within minutes): read them all, keep the watched players'.
  const rows = await sql.query<{
    player_id: string;
    game_id: string;
    pool_id: string;
    currency: string;
    pool_key: string;
    pool_before_micro: number;
    pool_after_micro: number;
  }>(
    "SELECT player_id, game_id, pool_id, currency, pool_key, pool_before_micro, pool_after_micro FROM jackpot_wins WHERE seq IS NULL ORDER BY at, id",
  );
  for (const r of rows) {
    if (!players.has(r.player_id)) continue;
    const name = heldName(r.player_id, { gameId: r.game_id, pool: r.pool_id, currency: r.currency, key: r.pool_key });
    if (!out.has(name)) out.set(name, { before: Number(r.pool_before_micro), after: Number(r.pool_after_micro) });
  }
  return out;
}

/** What the winner's ticker shows of a pool they hold a win of: its value before the claim, plus what came in since. */
export function shownToWinner(current: number, held: HeldPool): number {
  return held.before + Math.max(0, current - held.after);
}
