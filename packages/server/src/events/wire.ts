/**
 * What the push channel writes: the SSE framing, and a win as players see it (read from
 * `jackpot_wins` with the winner's name, masked).
 */
import type { JackpotWinEvent } from "@reelhouse/protocol";

/** A win as read for the push channel. */
export interface WinRow {
  seq: number;
  game_id: string;
  pool_id: string;
  pool_key: string;
  currency: string;
  paid_minor: number;
  player_id: string;
  round_id: string;
  /** When the win was announced (a held win: when its round showed it, not when it was claimed). */
  at: number;
  name: string | null;
}

/** The columns (and FROM) of {@link WinRow}; only announced wins have a `seq`. */
export const WIN_COLUMNS =
  "w.seq, w.game_id, w.pool_id, w.pool_key, w.currency, w.paid_minor, w.player_id, w.round_id, w.announced_at AS at, p.name FROM jackpot_wins w LEFT JOIN players p ON p.id = w.player_id";

/** A player's name as other players see it: first and last character, the rest hidden ("D***r"). */
export function maskName(name: string | null): string {
  const chars = [...(name ?? "").trim()];
  if (chars.length === 0) return "***";
  if (chars.length < 4) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** One SSE message. */
export function sse(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A win as every stream sees it; the winner's own streams add `mine: true` and the round id. */
export type WinNotice = Omit<JackpotWinEvent, "mine" | "roundId">;

/** Builds the notice of a win row; `gameName` and `poolName` name what the row holds ids of. */
export function winNotice(
  row: WinRow,
  gameName: (gameId: string) => string,
  poolName: (gameId: string, pool: string) => string,
): WinNotice {
  return {
    id: Number(row.seq),
    gameId: row.game_id,
    gameName: gameName(row.game_id),
    pool: row.pool_id,
    poolName: poolName(row.game_id, row.pool_id),
    key: row.pool_key,
    currency: row.currency,
    amount: Number(row.paid_minor),
    player: maskName(row.name),
    at: new Date(Number(row.at)).toISOString(),
  };
}
