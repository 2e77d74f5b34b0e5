/**
 * The platform as the simulator sees it: rounds that await the platform (a jackpot claim,
 * a pool value) are answered by the game's own certified model of it, exactly as the
 * server would answer them in the step's transaction, and the answer goes back through `act`.
 */
import {
  type AwaitingBase,
  type GameModule,
  isPlatformAwaiting,
  type PlatformAction,
  type RoundContext,
} from "@reelhouse/engine";

/**
 * The action that answers a round waiting for the platform, from the game's
 * `platformModel`; a clear error when the game asks without declaring one.
 */
export function platformAction(
  game: GameModule<any, any, any, any, any, any>,
  awaiting: AwaitingBase,
  context: RoundContext<unknown>,
): PlatformAction | null {
  if (!isPlatformAwaiting(awaiting)) return null;
  if (!game.platformModel) {
    throw new Error(`game '${game.id}' asks the platform for '${awaiting.request.kind}' but declares no platformModel`);
  }
  return { type: "platform", answer: game.platformModel(awaiting.request, context) };
}
