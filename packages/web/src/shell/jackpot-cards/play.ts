/**
 * Plays a Jackpot Cards round the server opened beside a game round: the player turns cards
 * on the screen, each pick is sent to the server (which answers the card's suit), until the
 * third card of a suit wins its level. Works the same for a round resumed after a reload. A
 * pick whose answer is lost waits on screen and goes again (same requestId) when the connection is back.
 */
import type { ActionRequest, OpenRound, StepResponse } from "@reelhouse/protocol";
import { type Api, newRequestId } from "../../api.js";
import { takeForce } from "../../qa.js";
import type { JackpotCardsScreen, Suit } from "./screen.js";

/** The platform round's game id (never a game of the lobby). */
export const JACKPOT_CARDS_GAME = "jackpot-cards";

type CardsAwaiting = { type: "pick"; cards: number; revealed: { position: number; suit: Suit }[] };
type CardsEvent =
  | { type: "cardRevealed"; position: number; suit: Suit; count: number }
  | { type: "jackpotCardsWon"; level: Suit; amount: number }
  | { type: "cardsShown"; cards: { position: number; suit: Suit }[] }
  | { type: string };

export interface CardsDeps {
  api: Api;
  screen: JackpotCardsScreen;
  /** Waits for the player to read the result (SKIP ends it). */
  pause(ms: number): Promise<void>;
  /** The prize sound. */
  celebrate(): void;
  /** Sends a pick until it is answered (a lost answer: the same pick again when the connection is back). */
  deliver<T>(send: () => Promise<T>): Promise<T>;
}

const isPick = (a: unknown): a is CardsAwaiting =>
  typeof a === "object" && a !== null && (a as { type?: unknown }).type === "pick";

/** Plays the open card round `roundId` to its end; returns its last answer (null when it was not open). */
export async function playJackpotCards(d: CardsDeps, roundId: string, known?: OpenRound): Promise<StepResponse | null> {
  const open = known ?? (await d.api.openRounds()).find((r) => r.roundId === roundId);
  if (!open || !isPick(open.awaiting)) return null;
  let awaiting: unknown = open.awaiting;
  let stepIndex = open.stepIndex;
  d.screen.open(open.awaiting.cards, open.awaiting.revealed);
  let last: StepResponse | null = null;
  let won: { level: Suit; amount: number } | null = null;
  let rest: { position: number; suit: Suit }[] = [];
  try {
    while (isPick(awaiting)) {
      const position = await d.screen.pick();
      const request: ActionRequest = {
        action: { type: "pick", position } as unknown as ActionRequest["action"],
        step: stepIndex,
        requestId: newRequestId(),
        ...takeForce(),
      };
      const step = await d.deliver(() => d.api.act(roundId, request));
      for (const event of step.events as CardsEvent[]) {
        if (event.type === "cardRevealed") {
          const e = event as Extract<CardsEvent, { type: "cardRevealed" }>;
          d.screen.reveal(e.position, e.suit, e.count);
        } else if (event.type === "jackpotCardsWon") won = event as Extract<CardsEvent, { type: "jackpotCardsWon" }>;
        else if (event.type === "cardsShown") rest = (event as Extract<CardsEvent, { type: "cardsShown" }>).cards;
      }
      stepIndex = step.stepIndex;
      awaiting = step.awaiting;
      last = step;
    }
    if (won) {
      d.screen.finish(won.level, won.amount, rest);
      d.celebrate();
      await d.pause(3000);
    }
  } finally {
    d.screen.close();
  }
  return last;
}
