/**
 * A real-money player for the browser tests, as a casino opens one: the operator creates the
 * player, deposits and hands over a launch token (the page opens `/?launch=<token>`). Tests
 * of the real jackpot pools, their winner notices and celebrations play as such players: a
 * demo player's rounds reach demo play's own pools only, and nobody is told of their wins.
 */
import type { RunningServer } from "./harness.js";

/** A new real player holding `balance` minor units; returns a launch token for them. */
export async function realLaunchToken(server: RunningServer, balance = 1_000_000, name = "Player"): Promise<string> {
  const player = await server.api("POST", "/api/v1/admin/players", { admin: true, body: { name } });
  await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
    admin: true,
    body: { amount: balance, reason: "deposit" },
  });
  const { launchToken } = await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, { admin: true, body: {} });
  return launchToken as string;
}
