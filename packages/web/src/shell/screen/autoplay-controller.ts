/**
 * Autoplay on the game screen: the form, the loop that spins while the server says the
 * autoplay runs (waiting while it is paused), STOP, and the closing summary. The server
 * counts and stops autoplay; this only follows its state (autoplay-loop.ts).
 */
import type { AutoplayState, StepResponse } from "@reelhouse/protocol";
import { newRequestId } from "../../api.js";
import { askAutoplay, showAutoplayStopped } from "../autoplay.js";
import { autoplayNext } from "../autoplay-loop.js";
import { isConnectionLost } from "../connection.js";
import { autoplayEnd } from "./autoplay-rules.js";
import { type ScreenContext, sleep } from "./context.js";

export interface AutoplayHost {
  /** The player may change the bet (and so start an autoplay). */
  editable(): boolean;
  /** The bet's debit, and its wire form. */
  debit(): number;
  wireBet(): unknown;
  /** Plays one round of the autoplay; null when it failed. */
  playRound(autoplayId: string): Promise<StepResponse | null>;
  /** Sends a request whose answer was lost again when the connection is back. */
  retryWhenBack(send: () => Promise<unknown>): void;
  failed(error: unknown): Promise<void>;
  refreshGrants(): Promise<void>;
  renderButtons(): void;
}

export class AutoplayController {
  /** The server's latest state of the autoplay on this screen (null: none). */
  state: AutoplayState | null = null;
  private stopRequested = false;
  /** A loop in this screen spins the autoplay (false: none, or one adopted after a reload). */
  private driving = false;
  /** The code of the last failure said to the player (why an autoplay loop ended). */
  lastErrorCode: string | null = null;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly host: AutoplayHost,
  ) {}

  get running(): boolean {
    return this.state?.status === "running";
  }

  /** A step's autoplay state, when it carries one. */
  adopt(state: AutoplayState | null | undefined): void {
    if (state !== undefined) this.state = state;
  }

  /** An autoplay no loop here spins (its round was resumed after a reload) resumes or closes now. */
  resumeAdopted(): void {
    if (this.state && !this.driving) void this.drive();
  }

  async show(): Promise<void> {
    const { ctx, host } = this;
    if (!host.editable() || !ctx.jurisdiction.autoplay) return;
    const settings = await askAutoplay(host.debit(), ctx.currency, ctx.money);
    if (settings) await this.run(settings);
  }

  private async run(settings: Awaited<ReturnType<typeof askAutoplay>> & object): Promise<void> {
    const { api } = this.ctx;
    let state: AutoplayState;
    const request = { gameId: this.ctx.description.id, bet: this.host.wireBet(), ...settings, requestId: newRequestId() };
    try {
      state = await api.startAutoplay(request);
    } catch (error) {
      // Its answer lost: sent again when back and, if the server made it, stopped (the player was told it did not start).
      if (isConnectionLost(error)) this.host.retryWhenBack(() => api.startAutoplay(request).then((a) => api.stopAutoplay(a.id)));
      await this.host.failed(error);
      return;
    }
    this.state = state;
    this.stopRequested = false;
    await this.drive();
  }

  /**
   * Spins while the server says the autoplay runs. Paused (a round that pauses autoplay
   * waits for the player), the loop waits: the answer that ends that round says `running`
   * again and the loop goes on; when the round was resumed after a reload, the end of
   * the round starts this loop ({@link resumeAdopted}). Stopped or finished, it closes with the summary.
   */
  private async drive(): Promise<void> {
    if (this.driving || !this.state) return;
    this.driving = true;
    this.host.renderButtons();
    let failed = false;
    this.lastErrorCode = null;
    while (this.state && autoplayNext(this.state, this.stopRequested) === "spin") {
      const step = await this.host.playRound(this.state.id);
      if (!step) {
        failed = true;
        break;
      }
      this.host.renderButtons();
      if (autoplayNext(this.state, this.stopRequested) === "spin") await sleep(this.ctx.opts().quick ? 150 : 400);
    }
    this.driving = false;
    // Paused with its round still open (an action failed; resume picks the round up): the round's end resumes the loop.
    if (autoplayNext(this.state, this.stopRequested) === "wait") {
      this.host.renderButtons();
      return;
    }
    await this.close(failed);
  }

  /** The autoplay is over for this screen: says why and the result (the server's net: wins less bets). */
  private async close(failed: boolean): Promise<void> {
    const { api } = this.ctx;
    let final = this.state;
    // None: the session ended (the app takes over) or it was never started.
    if (!final) return;
    const end = autoplayEnd(final, this.stopRequested, failed, this.lastErrorCode);
    if (end.stopOnServer) {
      // A spin failed: stop it on the server too, so it does not stay running with nobody spinning it.
      try {
        final = await api.stopAutoplay(final.id);
      } catch (error) {
        const id = final.id;
        if (isConnectionLost(error)) this.host.retryWhenBack(() => api.stopAutoplay(id));
        // the summary still says it stopped here; the server stops it on its own limits
      }
    }
    this.state = null;
    this.host.renderButtons();
    await showAutoplayStopped(end.reason, final.spinsDone, final.spinsTotal, this.ctx.money(final.net));
    await this.host.refreshGrants();
  }

  async stop(): Promise<void> {
    const { api } = this.ctx;
    if (!this.state) return;
    this.stopRequested = true;
    try {
      this.state = await api.stopAutoplay(this.state.id);
    } catch (error) {
      const id = this.state?.id;
      // The stop's answer lost: it goes again when the connection is back (this screen spins no more meanwhile).
      if (id && isConnectionLost(error)) this.host.retryWhenBack(() => api.stopAutoplay(id));
      await this.host.failed(error);
    }
    this.host.renderButtons();
  }
}
