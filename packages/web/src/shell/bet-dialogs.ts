/**
 * The dialogs about the stake: BET MAX naming the bet it set before anything is played,
 * and insufficient funds offering the largest bet the balance covers.
 */
import { openDialog } from "./dialog.js";
import { escapeHtml } from "./html.js";
import type { BetChoice, BetModel } from "./kit/bet-model.js";

/** ": 15 lines × 5 coins × €0.10" for a line bet, "" otherwise. */
export function spelledOut(bet: BetChoice, money: (minor: number) => string): string {
  if (bet.kind !== "lines") return "";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `: ${plural(bet.lines, "line")} × ${plural(bet.coinsPerLine, "coin")} × ${money(bet.coinValue)}`;
}

/** Names the maximum bet just set; resolves true when the player wants one spin at it now. */
export async function confirmBetMax(model: BetModel, max: BetChoice, money: (minor: number) => string): Promise<boolean> {
  const total = model.label(max, money, model.debit(max));
  let spin = false;
  await openDialog({
    name: "bet-max",
    title: "Bet max",
    body: `<p>Your bet is now <b data-test="bet-max-total">${escapeHtml(total)}</b>${spelledOut(max, money)}.</p>
      <p>Spin once at ${escapeHtml(total)}?</p>`,
    buttons: [
      { label: "Not now", test: "bet-max-keep" },
      {
        label: `SPIN ${total}`,
        primary: true,
        test: "bet-max-spin",
        onClick: () => {
          spin = true;
          return undefined;
        },
      },
    ],
  });
  return spin;
}

/**
 * Says the balance does not cover the bet and offers the largest bet it covers (within the
 * stake cap); resolves with that bet when the player takes it, else null.
 */
export async function offerAffordableBet(
  model: BetModel,
  bet: BetChoice,
  balance: number,
  cap: number | null,
  money: (minor: number) => string,
): Promise<BetChoice | null> {
  const offer = model.largestWithin(Math.min(balance, cap ?? Number.POSITIVE_INFINITY), bet);
  const stake = (b: BetChoice) => escapeHtml(model.label(b, money, model.debit(b)));
  let taken: BetChoice | null = null;
  await openDialog({
    name: "insufficient-funds",
    title: "Insufficient funds",
    body: `<p>Your balance <b>${money(balance)}</b> does not cover the bet of <b>${stake(bet)}</b>.</p>
      ${
        offer
          ? `<p>The largest bet it covers is <b data-test="offer-bet">${stake(offer)}</b>${spelledOut(offer, money)}.</p>`
          : "<p>Your balance is below the smallest bet.</p>"
      }`,
    buttons: [
      ...(offer
        ? [
            {
              label: `Bet ${model.label(offer, money)}`,
              primary: true,
              test: "use-offer-bet",
              onClick: () => {
                taken = offer;
                return undefined;
              },
            },
          ]
        : []),
      { label: "Close" },
    ],
  });
  return taken;
}
