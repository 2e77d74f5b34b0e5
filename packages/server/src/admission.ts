/**
 * Admission: may this round start? Each check is one rule of the jurisdiction profile or of
 * the platform, run under the player's lock, in this order: stake cap, minimum time between
 * spins, one open round per player and game, funds (cash and non-cash units). Autoplay
 * permission is a jurisdiction flag too; the other flags (gamble, buy bonus) travel in the
 * round context and the game refuses what they forbid (403 FEATURE_NOT_ALLOWED).
 */
import type { Amounts } from "@reelhouse/engine";
import type { JurisdictionProfile } from "./config.js";
import type { Sql } from "./db/database.js";
import { ApiProblem, badRequest } from "./errors.js";
import type { AnyGame } from "./games.js";
import type { Caller } from "./rows.js";
import { nonZero, type Wallet } from "./wallet.js";

/** What a new round asks for. */
export interface Admission {
  caller: Caller;
  game: AnyGame;
  totalBet: number;
  stakeUnits: Amounts | undefined;
  /** False for an operator-granted round (the player pays nothing). */
  paid: boolean;
  wallet: Wallet;
  at: number;
  /** The smallest bet the operator left enabled (offered with INSUFFICIENT_FUNDS); the game's own when absent. */
  minBet?: unknown;
}

/** Runs every admission check; throws the first refusal (nothing is written: the transaction rolls back). */
export async function admit(sql: Sql, a: Admission): Promise<void> {
  checkStakeCap(a.caller.profile, a.totalBet, a.paid);
  if (a.caller.profile.minSpinIntervalMs > 0) await checkSpinInterval(sql, a.caller, a.at);
  await checkNoOpenRound(sql, a.caller.player.id, a.game.id);
  checkFunds(a);
}

/** The jurisdiction's stake cap per spin (granted rounds are the operator's stake: not capped). */
export function checkStakeCap(profile: JurisdictionProfile, totalBet: number, paid: boolean): void {
  if (paid && profile.maxStake !== null && totalBet > profile.maxStake) {
    throw badRequest("STAKE_CAP", `the stake cap in jurisdiction ${profile.id} is ${profile.maxStake} per spin`, {
      maxStake: profile.maxStake,
    });
  }
}

/** The jurisdiction's minimum time between round starts (429 with the wait). */
export async function checkSpinInterval(sql: Sql, caller: Caller, at: number): Promise<void> {
  const interval = caller.profile.minSpinIntervalMs;
  if (interval <= 0) return;
  const last = await sql.one<{ at: number | null }>("SELECT MAX(started_at) AS at FROM rounds WHERE player_id = $1", [
    caller.player.id,
  ]);
  const since = last?.at == null ? Number.POSITIVE_INFINITY : at - last.at;
  if (since < interval) {
    throw new ApiProblem(429, "SPIN_TOO_SOON", `spins must be at least ${interval} ms apart`, { retryAfterMs: interval - since });
  }
}

/**
 * One open round per player and game, checked under the player lock (the partial unique
 * index `rounds_one_open` guarantees it across processes too).
 */
export async function checkNoOpenRound(sql: Sql, playerId: string, gameId: string): Promise<void> {
  const open = await sql.one<{ id: string }>("SELECT id FROM rounds WHERE player_id = $1 AND game_id = $2 AND status = 'open'", [
    playerId,
    gameId,
  ]);
  if (open) {
    throw new ApiProblem(409, "ROUND_OPEN", "finish the open round of this game first (GET /api/v1/rounds/open)", {
      roundId: open.id,
    });
  }
}

/** The cash stake and every non-cash stake must be covered (402 with the smallest bet to offer). */
export function checkFunds(a: Admission): void {
  if (!a.paid) return;
  const { wallet, totalBet, game } = a;
  const minBet = a.minBet ?? game.minBet();
  if (wallet.cash < totalBet) {
    throw new ApiProblem(402, "INSUFFICIENT_FUNDS", `the balance ${wallet.cash} is below the bet ${totalBet}`, {
      balance: wallet.cash,
      totalBet,
      minBet,
      minTotalBet: game.totalBet(minBet),
    });
  }
  for (const [unit, stake] of nonZero(a.stakeUnits)) {
    const balance = wallet.units[unit] ?? 0;
    if (balance < stake) {
      throw new ApiProblem(402, "INSUFFICIENT_FUNDS", `the ${unit} balance ${balance} is below the stake ${stake}`, {
        unit,
        balance,
        stake,
        minBet,
      });
    }
  }
}

/** Autoplay is a jurisdiction flag: 403 where it is off. */
export function checkAutoplayAllowed(profile: JurisdictionProfile): void {
  if (!profile.autoplay) {
    throw new ApiProblem(403, "AUTOPLAY_NOT_ALLOWED", `autoplay is not allowed in jurisdiction ${profile.id}`);
  }
}
