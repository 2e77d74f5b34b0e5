/**
 * Bewitched's double (sheet 4) on the shell's double-up kit: after the round's features, when
 * the server offers it (the paid spin's line win; never in autoplay, in granted rounds or where
 * the jurisdiction forbids it), an offer to DOUBLE or COLLECT; then red heart or black spade,
 * up to five times, COLLECT before any card; the strip of previous cards of the session.
 */
import type { BewitchedAction } from "@reelhouse/games";
import { DoubleTable } from "../../shell/kit/double-table.js";

/** The double's offer and table. */
export function createDouble(
  money: (minor: number) => string,
  pause: (ms: number) => Promise<void>,
  stripLength: number,
): DoubleTable<BewitchedAction> {
  return new DoubleTable<BewitchedAction>(
    money,
    pause,
    stripLength,
    {
      game: "bewitched",
      screen: {
        title: "DOUBLE",
        red: "RED ♥",
        black: "BLACK ♠",
        redName: "Red heart",
        blackName: "Black spade",
        question: "Red heart or black spade?",
        stripName: "Previous cards, latest first",
      },
      tableClass: "bw-double",
      offer: {
        className: "bw-double-offer",
        textClass: "bw-offer-text",
        testPrefix: "double",
        label: "Double your line win",
        text: (amount) => `Line win ${amount}: double it?`,
        start: "DOUBLE",
        startClass: "bw-double-btn",
      },
      ended: {
        attempts: (amount, of) => `${of} doubles, the most in one round: ${amount} collected.`,
        cap: (amount) => `The double's limit is reached: ${amount} collected.`,
      },
    },
    { red: { type: "gambleRed" }, black: { type: "gambleBlack" }, collect: { type: "collect" } },
  );
}
