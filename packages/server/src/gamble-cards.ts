/**
 * GET /api/v1/gamble-cards/:gameId?limit=5: the double-up cards the player has seen in one
 * game during the current login session, latest first (40 Mystic Gem's sheet: "The last
 * five cards of the player's session are saved in the History section"). The server is the
 * source, so every tab and device of the session, and a reload, show the same strip.
 *
 * Read from the rounds' committed steps: each `gambleCard` event (engine/gamble/double-up.ts)
 * is a card already turned over and answered to the player; a card not yet drawn is in no
 * step. Only steps written since the session began count (a new login starts an empty
 * strip). `openRoundId` names the game's round still in play, whose cards its own awaiting
 * also carries: a client adds those itself and leaves them out of the earlier rounds' strip.
 */
import type { GambleCard, GambleCardsResponse } from "@reelhouse/protocol";
import type { Database } from "./db/database.js";
import { badRequest } from "./errors.js";
import type { GameRegistry } from "./games.js";
import { checkQuery } from "./input.js";
import type { Caller } from "./rows.js";

/** Cards a read returns: 5 unless asked, at most 20. */
export const GAMBLE_CARDS = { default: 5, max: 20 } as const;

const SUITS: ReadonlySet<string> = new Set(["clubs", "diamonds", "hearts", "spades"]);

/** Steps whose events hold a card, latest first (each double-up step turns one card over). */
const CARD_STEPS_SQL = `SELECT s.round_id, s.events FROM steps s JOIN rounds r ON r.id = s.round_id
  WHERE r.player_id = $1 AND r.game_id = $2
    AND s.created_at >= (SELECT created_at FROM sessions WHERE token_hash = $3)
    AND s.events LIKE $4
  ORDER BY s.created_at DESC, s.idx DESC LIMIT $5`;

/** The cards of one step's events, in the order they were turned. */
function cardsOf(events: unknown, roundId: string): GambleCard[] {
  if (!Array.isArray(events)) return [];
  const out: GambleCard[] = [];
  for (const e of events) {
    if (typeof e !== "object" || e === null || (e as { type?: unknown }).type !== "gambleCard") continue;
    const card = (e as { card?: unknown }).card;
    if (typeof card !== "object" || card === null) continue;
    const { rank, suit } = card as { rank?: unknown; suit?: unknown };
    if (typeof rank !== "number" || typeof suit !== "string" || !SUITS.has(suit)) continue;
    out.push({ rank, suit: suit as GambleCard["suit"], roundId });
  }
  return out;
}

export class GambleCards {
  constructor(
    private readonly db: Database,
    private readonly games: GameRegistry,
  ) {}

  /** The `limit` query parameter: 1..20, 5 when absent; 400 BAD_QUERY otherwise. */
  limit(query: unknown): number {
    const q = checkQuery(query, ["limit"]);
    if (q.limit === undefined) return GAMBLE_CARDS.default;
    const limit = /^\d{1,3}$/.test(q.limit) ? Number(q.limit) : 0;
    if (limit < 1 || limit > GAMBLE_CARDS.max)
      throw badRequest("BAD_QUERY", `limit must be an integer in 1..${GAMBLE_CARDS.max}`, { max: GAMBLE_CARDS.max });
    return limit;
  }

  /** The session's last `limit` cards in `gameId`, latest first. */
  async recent(caller: Caller, gameId: string, limit: number): Promise<GambleCardsResponse> {
    this.games.offered(gameId);
    const tokenHash = caller.touch?.tokenHash ?? "";
    return this.db.read(async (sql) => {
      const steps = await sql.query<{ round_id: string; events: string }>(CARD_STEPS_SQL, [
        caller.player.id,
        gameId,
        tokenHash,
        '%"gambleCard"%',
        limit,
      ]);
      const open = await sql.one<{ id: string }>(
        "SELECT id FROM rounds WHERE player_id = $1 AND game_id = $2 AND status = 'open'",
        [caller.player.id, gameId],
      );
      const cards = steps.flatMap((s) => cardsOf(JSON.parse(s.events), s.round_id).reverse()).slice(0, limit);
      return { gameId, cards, openRoundId: open?.id ?? null };
    });
  }
}
