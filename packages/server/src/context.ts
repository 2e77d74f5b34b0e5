/**
 * The round context the server gives a game: what the round does not own (currency,
 * non-cash balances, the operator's configuration, the jurisdiction's feature flags,
 * autoplay, granted). It is built from the stored round and the player's profile, so
 * replay and recovery rebuild the same context the live step saw.
 */
import type { AwaitingBase, GameModule, RoundContext, StateBase } from "@reelhouse/engine";
import type { JurisdictionProfile } from "./config.js";

type AnyGame = GameModule<any, StateBase, any, unknown, AwaitingBase, any>;

/** Builds a round's context; `config` is the operator's stored configuration of the game (undefined = default). */
export function roundContext(
  game: AnyGame,
  currency: string,
  profile: Pick<JurisdictionProfile, "gamble" | "buyBonus" | "autoplay">,
  round: { autoplay: boolean; granted: boolean; config?: unknown; balances?: Readonly<Record<string, number>> },
): RoundContext<unknown> {
  return {
    currency,
    balances: round.balances ?? {},
    config: game.parseConfig(round.config),
    features: { gamble: profile.gamble, buyBonus: profile.buyBonus, autoplay: profile.autoplay },
    autoplay: round.autoplay,
    granted: round.granted,
  };
}
