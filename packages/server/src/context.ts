/**
 * The round context the server gives a game: what the round does not own (currency,
 * non-cash balances, the operator's configuration, the jurisdiction's feature flags,
 * autoplay, granted). Every step stores the context it was played in, so a replay is
 * draws + context + actions and needs nothing else.
 */
import type { RoundContext } from "@reelhouse/engine";
import type { JurisdictionProfile } from "./config.js";

export interface ContextParts {
  /** The operator's configuration, already parsed by the game (the round's own, stored at its start). */
  config: unknown;
  /** The player's non-cash balances before the step. */
  balances: Readonly<Record<string, number>>;
  autoplay: boolean;
  granted: boolean;
}

/** Builds a step's context from the player's currency and jurisdiction profile and the round. */
export function roundContext(
  currency: string,
  profile: Pick<JurisdictionProfile, "gamble" | "buyBonus" | "autoplay">,
  parts: ContextParts,
): RoundContext<unknown> {
  return {
    currency,
    balances: parts.balances,
    config: parts.config,
    features: { gamble: profile.gamble, buyBonus: profile.buyBonus, autoplay: profile.autoplay },
    autoplay: parts.autoplay,
    granted: parts.granted,
  };
}
