/**
 * History on the game screen: the history dialog, and its Replay of one of this game's past
 * rounds on the stage (replay.ts), at rest and outside autoplay only.
 */
import type { RoundDetail } from "@reelhouse/protocol";
import { closeDialog } from "../dialog.js";
import { showHistory } from "../history.js";
import type { JackpotCardsScreen } from "../jackpot-cards/screen.js";
import { Replay } from "../replay.js";
import type { ScreenContext } from "./context.js";

export interface HistoryHost {
  /** At rest and outside autoplay: a replay may start. */
  canStart(): boolean;
  /** The WIN meter shows `minor` (the replayed round's wins so far). */
  win(minor: number): void;
  /** The screen enters or leaves replay mode. */
  enter(): void;
  leave(): void;
  /** Where a Jackpot Cards round replays. */
  cards(): JackpotCardsScreen;
  failed(error: unknown): Promise<void>;
}

export class HistoryWiring {
  /** History's Replay: a past round on the stage. */
  readonly replay: Replay;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly host: HistoryHost,
  ) {
    this.replay = new Replay({
      view: () => ctx.view,
      $: (test) => ctx.$(test),
      money: (minor) => ctx.money(minor),
      options: () => ctx.opts(true),
      say: (text) => ctx.live.flush(text),
      win: (minor) => host.win(minor),
      enter: () => host.enter(),
      leave: () => host.leave(),
      cards: () => host.cards(),
    });
  }

  /** The round replayed on the stage, if any (the BET meter shows its bet). */
  get replayed(): RoundDetail | null {
    return this.replay.detail;
  }

  show(): Promise<void> {
    const { ctx } = this;
    return showHistory({
      api: ctx.api,
      money: ctx.money,
      gameName: (id) => ctx.host.gameName(id),
      canReplay: (id) => id === ctx.description.id,
      replay: (roundId) => void this.start(roundId),
    });
  }

  private async start(roundId: string): Promise<void> {
    if (!this.host.canStart()) return;
    let detail: RoundDetail;
    try {
      detail = await this.ctx.api.round(roundId);
    } catch (error) {
      await this.host.failed(error);
      return;
    }
    closeDialog();
    await this.replay.start(detail);
  }
}
