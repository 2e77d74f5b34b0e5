/**
 * A past round replayed on the game's stage step by step (from the history's Replay): the
 * REPLAY ribbon and bar, "Step n of N", the WIN meter adding each step's win; the live
 * picture is restored when the player leaves it. A Jackpot Cards round (the platform's,
 * opened beside a game round) replays on the card screen over the stage, pick by pick.
 */
import type { RoundDetail } from "@reelhouse/protocol";
import { formatDateTime } from "../format.js";
import { JACKPOT_CARDS_GAME } from "./jackpot-cards/play.js";
import { CardsReplay } from "./jackpot-cards/replay.js";
import type { JackpotCardsScreen } from "./jackpot-cards/screen.js";
import type { GameView, PlayOptions } from "./types.js";

export interface ReplayHost {
  view(): GameView;
  /** An element of the game screen by its `data-test` name. */
  $(test: string): HTMLElement;
  money(minor: number): string;
  /** Play options for a replayed step. */
  options(): PlayOptions;
  /** Says a step to the screen reader. */
  say(text: string): void;
  /** The WIN meter shows `minor`. */
  win(minor: number): void;
  /** The screen enters or leaves replay mode. */
  enter(): void;
  leave(): void;
  /** The Jackpot Cards screen, where a card round replays (absent: card rounds are not replayed here). */
  cards?(): JackpotCardsScreen;
}

/** Whether a round of `gameId` replays with the platform's card screen rather than the game's view. */
export const isCardsRound = (gameId: string) => gameId === JACKPOT_CARDS_GAME;

export class Replay {
  private state: { detail: RoundDetail; next: number; cards: CardsReplay | null } | null = null;
  private playing = false;
  private won = 0;

  constructor(private readonly host: ReplayHost) {}

  /** The round being replayed (null: none). */
  get detail(): RoundDetail | null {
    return this.state?.detail ?? null;
  }

  /** Puts `detail` on the stage and plays its first step. */
  async start(detail: RoundDetail): Promise<void> {
    const h = this.host;
    h.view().enterReplay();
    const screen = isCardsRound(detail.gameId) ? h.cards?.() : undefined;
    const cards = screen ? new CardsReplay(screen) : null;
    cards?.open();
    this.state = { detail, next: 0, cards };
    h.enter();
    h.$("replay-info").textContent =
      `Round ${detail.roundId} · ${formatDateTime(detail.startedAt)} · bet ${h.money(detail.totalBet)} · win ${h.money(detail.totalWin)}`;
    this.won = 0;
    h.win(0);
    this.render();
    await this.next();
  }

  /** Plays the next step (Next step, or Space). */
  async next(): Promise<void> {
    const state = this.state;
    if (!state || this.playing) return;
    const step = state.detail.steps[state.next];
    if (!step) return;
    const h = this.host;
    this.playing = true;
    state.next++;
    this.render();
    (h.$("replay-next") as HTMLButtonElement).disabled = true;
    let detail = "";
    if (state.cards) detail = state.cards.step(step.events as unknown[]);
    else
      await h
        .view()
        .play(
          { events: step.events, win: step.win, awaiting: null, bet: state.detail.bet, totalBet: state.detail.totalBet },
          h.options(),
        );
    this.won += step.win;
    h.win(this.won);
    const lead = step.win > 0 ? `Replay: step ${state.next} won ${h.money(step.win)}.` : `Replay: step ${state.next}.`;
    h.say(detail ? `${lead} ${detail}` : lead);
    this.playing = false;
    this.render();
  }

  /** Leaves the replay: the live picture comes back. */
  exit(): void {
    if (!this.state) return;
    this.state.cards?.close();
    this.state = null;
    this.host.view().exitReplay();
    this.host.leave();
    this.host.win(0);
  }

  private render(): void {
    const state = this.state;
    if (!state) return;
    const total = state.detail.steps.length;
    const ended = state.next >= total && !this.playing;
    this.host.$("replay-step").textContent = `Step ${state.next} of ${total}${ended ? " · end of round" : ""}`;
    (this.host.$("replay-next") as HTMLButtonElement).disabled = state.next >= total;
  }
}
