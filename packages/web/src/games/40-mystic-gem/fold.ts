/**
 * 40 Mystic Gem's Fold (the sheet's double up) on the shell's double-up kit: an offer under
 * the reels, DOUBLE UP or COLLECT, when the server offers it (a spin's whole win of at most
 * the operator's cap, 42.00 EUR; never in autoplay or granted rounds); the table shows the
 * sheet's "Available Double Up Attempts", "Bet Amount" and "Bet to Win", RED / BLACK /
 * COLLECT, and the HISTORY of the last five cards of the player's session.
 */
import type { MysticAction } from "@reelhouse/games";
import { DoubleTable } from "../../shell/kit/double-table.js";

/** The Fold's offer and table. */
export function createFold(
  money: (minor: number) => string,
  pause: (ms: number) => Promise<void>,
  stripLength: number,
): DoubleTable<MysticAction> {
  return new DoubleTable<MysticAction>(
    money,
    pause,
    stripLength,
    {
      game: "40-mystic-gem",
      screen: {
        title: "DOUBLE UP",
        red: "RED",
        black: "BLACK",
        redName: "Red",
        blackName: "Black",
        question: "Red or black?",
        stripName: "History: the last five cards of your session, latest first",
      },
      tableClass: "mg-fold",
      offer: {
        className: "mg-fold-offer",
        textClass: "mg-offer-text",
        testPrefix: "fold",
        label: "Double up your win",
        text: (amount) => `Win ${amount}: double it up?`,
        start: "DOUBLE UP",
        startClass: "mg-fold-btn",
      },
      ended: {
        attempts: (amount) => `No double up attempts left: ${amount} collected.`,
        cap: (amount) => `Above the double up limit: ${amount} collected.`,
      },
      meters: { attempts: "Available Double Up Attempts", bet: "Bet Amount", toWin: "Bet to Win", history: "HISTORY" },
    },
    { red: { type: "gambleRed" }, black: { type: "gambleBlack" }, collect: { type: "collect" } },
  );
}
