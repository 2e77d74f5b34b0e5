/**
 * The platform's jackpots on a game screen: the ticker under the top bar for a game that
 * declares jackpots (the pools at the bet on screen), and Jackpot Cards, the card round the
 * server opens beside a game round, played on the card screen over the stage.
 */
import type { OpenRound, StepResponse } from "@reelhouse/protocol";
import { playJackpotCards } from "../jackpot-cards/play.js";
import { JackpotCardsScreen } from "../jackpot-cards/screen.js";
import { JackpotTicker } from "../jackpots/index.js";
import type { ScreenContext } from "./context.js";

export interface JackpotHost {
  /** Sends a pick until it is answered (a lost answer: again when the connection is back). */
  deliver<T>(send: () => Promise<T>): Promise<T>;
  /** A card round is on view (the screen waits for the player's picks). */
  enter(): void;
  /** The card round's last answer: its balance and the autoplay's state. */
  ended(end: StepResponse): void;
  failed(error: unknown): Promise<void>;
}

export class JackpotWiring {
  /** The platform's Jackpot Cards, shown over any game's stage when the server opens a card round. */
  readonly cards: JackpotCardsScreen;
  private ticker: JackpotTicker | null = null;
  /** Stops feeding the card screen the levels' values. */
  private cardsValues: (() => void) | null = null;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly host: JackpotHost,
  ) {
    this.cards = new JackpotCardsScreen((minor) => ctx.money(minor));
  }

  /** The card screen lies over the game's view. */
  mountCards(view: HTMLElement): void {
    view.append(this.cards.element);
  }

  /** A game that declares jackpots gets the ticker under the top bar; the feed learns the view. */
  showTicker(wireBet: unknown): void {
    const { ctx } = this;
    const feed = ctx.host.jackpots;
    if (!feed || !ctx.description.jackpots?.length) return;
    this.ticker = new JackpotTicker(feed, ctx.money);
    ctx.$("topbar").after(this.ticker.element);
    // Jackpot Cards' levels, when the game includes them, are in the same pool events.
    this.cardsValues = feed.subscribe({ pool: (event) => this.cards.values(event.pools) });
    feed.setView(ctx.description.id, wireBet);
  }

  /** The ticker shows the pools at the bet on screen (the feed sends a view only when it changed). */
  betShown(wireBet: unknown): void {
    if (this.ticker) this.ctx.host.jackpots?.setView(this.ctx.description.id, wireBet);
  }

  /** Plays an open Jackpot Cards round; its last answer updates the balance and the autoplay. */
  async play(roundId: string, known?: OpenRound): Promise<void> {
    const { ctx, host } = this;
    host.enter();
    try {
      const end = await playJackpotCards(
        {
          api: ctx.api,
          screen: this.cards,
          pause: (ms) => ctx.skipper.wait(ms),
          celebrate: () => ctx.sound.play("bigWin"),
          deliver: (send) => host.deliver(send),
        },
        roundId,
        known,
      );
      if (end) host.ended(end);
    } catch (error) {
      await host.failed(error);
    }
  }

  destroy(): void {
    this.cardsValues?.();
    if (this.ticker) {
      this.ticker.destroy();
      this.ctx.host.jackpots?.setView(null);
    }
  }
}
