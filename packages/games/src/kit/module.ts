/**
 * The parts of a `GameModule` every game builds the same way from its model and bet list:
 * its identity (id, name, maths version) and its bets (the smallest, the largest, all).
 */

/** What every game's model module exports about its identity. */
export interface ModelIdentity {
  readonly GAME_ID: string;
  readonly GAME_NAME: string;
  readonly MATHS_VERSION: string;
}

/** A game module's `id`, `name` and `version`, from its model. */
export function identityOf(model: ModelIdentity): { id: string; name: string; version: string } {
  return { id: model.GAME_ID, name: model.GAME_NAME, version: model.MATHS_VERSION };
}

/** A game module's `minBet`, `maxBet` and `bets` over its list of bets, smallest total first (never empty). */
export function betListOf<Bet>(bets: readonly Bet[]): { minBet(): Bet; maxBet(): Bet; bets(): readonly Bet[] } {
  if (bets.length === 0) throw new Error("betListOf: a game offers at least one bet");
  const min = bets[0] as Bet;
  const max = bets[bets.length - 1] as Bet;
  return { minBet: () => min, maxBet: () => max, bets: () => bets };
}
