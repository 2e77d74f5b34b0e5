/**
 * Jackpot Cards left unrevealed past the operator's deadline are completed by the server's
 * deadline sweep for every game (rounds/deadline.ts), with the card round's action
 * (`cardsDeadlineAction` in cards.ts). This name stays for callers of the old sweep.
 */
export { completeExpiredRounds as completeExpiredCards } from "../rounds/deadline.js";
