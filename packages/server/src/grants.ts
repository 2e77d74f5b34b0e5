/**
 * Operator free rounds (Bonus Spin Mode): the operator grants a player spins of a game at
 * a fixed bet. A granted round debits the player nothing; its stake is paid to the house
 * by the `promotions` account (`grant-stake`), so the house pays the wins of a stake that
 * somebody paid and the cost of promotions is visible on its own account. The round knows
 * it is granted (`context.granted`: no gamble, no jackpot contribution).
 */

import type { Database, Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import { accountChanged } from "./events/account-signals.js";
import type { AnyGame } from "./games.js";
import { canonicalJson } from "./ids.js";
import { gameInput } from "./input.js";
import { houseAccount, PROMOTIONS, transfer } from "./ledger.js";
import { nonZero } from "./wallet.js";

/** A grant as the player sees it (GET /api/v1/grants). */
export interface GrantView {
  id: string;
  gameId: string;
  bet: unknown;
  spinsTotal: number;
  spinsLeft: number;
}

/**
 * Takes one spin of grant `grantId` for a round of `game`: the grant's bet (a bet sent
 * along must equal it). 404 when not the player's grant for this game, 409 when used up.
 */
export async function takeGrantedSpin(
  sql: Sql,
  playerId: string,
  grantId: string,
  game: AnyGame,
  sentBet: unknown,
): Promise<unknown> {
  const grant = await sql.one<{ bet: string; spins_total: number; spins_used: number; game_id: string }>(
    "SELECT bet, spins_total, spins_used, game_id FROM bonus_grants WHERE id = $1 AND player_id = $2",
    [grantId, playerId],
  );
  if (!grant || grant.game_id !== game.id)
    throw new ApiProblem(404, "GRANT_NOT_FOUND", `no bonus-spin grant '${grantId}' for ${game.id}`);
  if (grant.spins_used >= grant.spins_total) throw new ApiProblem(409, "GRANT_USED_UP", "every granted spin was played");
  const bet = gameInput(() => game.parseBet(JSON.parse(grant.bet) as unknown));
  if (sentBet !== null && canonicalJson(sentBet) !== canonicalJson(bet))
    throw badRequest("GRANT_BET", "a granted spin plays the grant's bet");
  await sql.run("UPDATE bonus_grants SET spins_used = spins_used + 1 WHERE id = $1", [grantId]);
  accountChanged(sql, playerId, "grant");
  return bet;
}

/** The granted round's stake, from promotions to the house shard of the player. */
export async function payGrantStake(sql: Sql, playerId: string, roundId: string, totalBet: number, at: number): Promise<void> {
  if (totalBet <= 0) return;
  await transfer(sql, { kind: "grant-stake", from: PROMOTIONS, to: houseAccount(playerId), amount: totalBet, roundId, at });
}

/**
 * A cancelled granted round that won nothing is void: the spin goes back to the grant and
 * its stake back to promotions (a round that won something pays that instead; see admin).
 */
export async function voidGrantedRound(
  sql: Sql,
  grantId: string,
  playerId: string,
  roundId: string,
  totalBet: number,
  at: number,
) {
  await sql.run("UPDATE bonus_grants SET spins_used = spins_used - 1 WHERE id = $1 AND spins_used > 0", [grantId]);
  accountChanged(sql, playerId, "grant");
  if (totalBet > 0) {
    await transfer(sql, {
      kind: "grant-stake-refund",
      from: houseAccount(playerId),
      to: PROMOTIONS,
      amount: totalBet,
      roundId,
      at,
    });
  }
}

/** A granted bet stakes cash only (the promotions account pays cash; units are the player's own). */
export function checkGrantableBet(game: AnyGame, bet: unknown): void {
  if (nonZero(game.stakeUnits?.(bet)).length > 0) throw badRequest("GRANT_BET", "a granted round stakes cash only");
  // Bonus Spin Mode plays the game at a fixed bet: a bought mode (a bet's `mode`) is not a grant.
  const mode = typeof bet === "object" && bet !== null ? (bet as { mode?: unknown }).mode : undefined;
  if (mode !== undefined && mode !== null) throw badRequest("GRANT_BET", "a granted round plays a plain spin: no bought mode");
}

/** Grants the player can still play, oldest first. */
export async function listGrants(db: Database, playerId: string): Promise<GrantView[]> {
  const rows = await db.read((sql) =>
    sql.query<{ id: string; game_id: string; bet: string; spins_total: number; spins_used: number }>(
      "SELECT id, game_id, bet, spins_total, spins_used FROM bonus_grants WHERE player_id = $1 AND spins_used < spins_total ORDER BY created_at, id",
      [playerId],
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    bet: JSON.parse(r.bet),
    spinsTotal: r.spins_total,
    spinsLeft: r.spins_total - r.spins_used,
  }));
}
