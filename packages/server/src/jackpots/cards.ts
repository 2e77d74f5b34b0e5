/**
 * Jackpot Cards on the server (docs/jackpots.md, "Jackpot Cards"): when a qualifying paid
 * round of a game that includes it ends, one draw of the production RNG decides whether a
 * card round opens, with a chance exactly proportional to the minor units debited
 * (`stake x numerator / denominator`). The card round itself is the `jackpot-cards` platform
 * module, played through the same runner as every round (recoverable, in history,
 * replayable); its level and reveal sequence are drawn when it opens.
 */
import type { AwaitingBase, Rng, StateBase } from "@reelhouse/engine";
import type { ServerConfig } from "../config.js";
import type { Sql } from "../db/database.js";
import { ApiProblem } from "../errors.js";
import type { AnyGame, GameRegistry } from "../games.js";
import { JACKPOT_CARDS_ID } from "./pools.js";

export interface TriggerOdds {
  numerator: number;
  denominator: number;
}

export class JackpotCardsTrigger {
  private constructor(
    /** The card round module. */
    readonly module: AnyGame,
    private readonly odds: TriggerOdds,
    private readonly rng: Rng,
  ) {}

  /** The trigger when some game includes Jackpot Cards and its module is registered; null otherwise. */
  static of(games: GameRegistry, config: ServerConfig, certified: TriggerOdds, rng: Rng): JackpotCardsTrigger | null {
    const module = games.platformRound(JACKPOT_CARDS_ID);
    if (!module || ![...games.values()].some((g) => g.jackpotCards)) return null;
    return new JackpotCardsTrigger(module, config.jackpotCardsTrigger ?? certified, rng);
  }

  /** A finished round that may open Jackpot Cards: a paid round (never granted) with a stake, of a game that includes it. */
  qualifies(game: AnyGame, paid: boolean, totalBet: number): boolean {
    return game.jackpotCards === true && paid && totalBet > 0;
  }

  /** One draw: hit with probability min(stake x numerator, denominator) / denominator. */
  drawn(totalBet: number): boolean {
    const hits = Math.min(totalBet * this.odds.numerator, this.odds.denominator);
    return this.rng.int(this.odds.denominator) < hits;
  }

  /** While a card round is open the player starts no other round (409 JACKPOT_CARDS_OPEN names it). */
  async refuseWhileOpen(sql: Sql, playerId: string): Promise<void> {
    const open = await sql.one<{ id: string }>(
      "SELECT id FROM rounds WHERE player_id = $1 AND game_id = $2 AND status = 'open'",
      [playerId, JACKPOT_CARDS_ID],
    );
    if (open)
      throw new ApiProblem(409, "JACKPOT_CARDS_OPEN", "play your Jackpot Cards first (GET /api/v1/rounds/open)", {
        roundId: open.id,
      });
  }
}

/**
 * What the server plays in a card round left past the operator's deadline (rounds/deadline.ts):
 * the first face-down card, every time (the sequence drawn at the start decides each suit, so
 * the drawn level is won whatever is turned).
 */
export function cardsDeadlineAction(_state: StateBase, awaiting: AwaitingBase): { type: "pick"; position: number } {
  const revealed = (awaiting as { revealed?: readonly { position: number }[] }).revealed ?? [];
  const taken = new Set(revealed.map((c) => c.position));
  let position = 0;
  while (taken.has(position)) position++;
  return { type: "pick", position };
}
