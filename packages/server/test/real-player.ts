/**
 * A real-money player's session on a server process, as a casino opens one (the operator
 * creates the player, deposits, hands over a launch token). Tests of the real jackpot pools
 * play as such players: a demo player's rounds reach demo play's own pools only.
 */
import { rid } from "./helpers.js";
import { call, type Proc } from "./process.js";

/** A new real player with `balance` minor units; returns their session token. */
export async function realPlayerToken(p: Proc, balance = 100_000): Promise<string> {
  const created = await call(p, "POST", "/api/v1/admin/players", undefined, { name: "Player" });
  if (created.status !== 201) throw new Error(`player: ${created.status} ${JSON.stringify(created.body)}`);
  const playerId = created.body.id as string;
  const deposit = await call(p, "POST", `/api/v1/admin/players/${playerId}/adjustments`, undefined, {
    amount: balance,
    reason: "deposit",
    requestId: rid("deposit"),
  });
  if (deposit.status !== 201) throw new Error(`deposit: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const launch = await call(p, "POST", `/api/v1/admin/players/${playerId}/launch-tokens`, undefined, {});
  const session = await call(p, "POST", "/api/v1/sessions", undefined, { launchToken: launch.body.launchToken });
  if (session.status !== 201) throw new Error(`session: ${session.status} ${JSON.stringify(session.body)}`);
  return session.body.token as string;
}
