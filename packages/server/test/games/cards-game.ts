/** TEST-ONLY: the jackpot test game without pools of its own, including Jackpot Cards. */
import { jackpotGame } from "./jackpot-game.js";

export const CARDS_GAME = "cards-test";
const { jackpots: _ownPools, ...withoutPools } = jackpotGame;
export const cardsGame = { ...withoutPools, id: CARDS_GAME, name: "Cards (test)", jackpotCards: true };
