/**
 * The game screen's link to the server beyond one request: the round start whose answer was
 * lost (sent again, unchanged, when the connection comes back or on the next SPIN), choices
 * inside a round that wait for the connection instead of failing, and the balance kept to the
 * server's latest (push channel `account` events, the tab shown again, the connection back).
 */
import type { StepResponse } from "@reelhouse/protocol";
import type { Api } from "../api.js";
import { BalanceSync } from "./balance-sync.js";
import { type Connection, deliver, isConnectionLost, rethrowIfLost, Unanswered } from "./connection.js";
import { closeDialog } from "./dialog.js";
import type { JackpotFeed } from "./jackpots/index.js";

/** What starts a round (a new one, or one whose answer was lost, sent again unchanged). */
export type StartBody = Parameters<Api["startRound"]>[1];

export interface RoundLinkHost {
  api: Api;
  connection: Connection;
  /** The page's push channel (its `account` events). */
  feed: JackpotFeed | undefined;
  /** The screen is at rest (no round on the stage). */
  idle(): boolean;
  /** The balance on screen, and showing the server's. */
  shown(): number;
  show(balance: number): void;
  readGrants(): Promise<void>;
  message(text: string, ms: number): void;
  /** Plays a round (it sends {@link RoundLink.lost} when there is one); null when it failed. */
  playRound(): Promise<StepResponse | null>;
}

export class RoundLink {
  /** A round start whose answer was lost: the next SPIN or the connection's return sends it again. */
  readonly lost = new Unanswered<StartBody>();
  private settling = false;
  /** Other requests whose answer was lost (an autoplay's start or stop), sent again when the connection is back. */
  private readonly later: (() => Promise<unknown>)[] = [];
  private retrying = false;
  /** The balance follows the server's account events and re-reads, never mid-round. */
  readonly sync: BalanceSync;

  constructor(private readonly host: RoundLinkHost) {
    this.sync = new BalanceSync({
      atRest: () => host.idle() && !this.pending,
      shown: host.shown,
      show: host.show,
      read: () =>
        host.api.session().then(
          (s) => s.balance,
          () => null,
        ),
      readGrants: host.readGrants,
    });
  }

  /** A lost start waits (or is being sent again): the bet, AUTO and the lobby wait with it. */
  get pending(): boolean {
    return this.lost.body !== null || this.settling;
  }

  /** Follows the account events, the tab shown again and the connection's return; returns the unwiring function. */
  follow(): () => void {
    const visible = () => document.visibilityState === "visible" && void this.sync.reread();
    document.addEventListener("visibilitychange", visible);
    // Back: a lost start goes again; otherwise what was missed is read (not after every answer: that one is current).
    const back = this.host.connection.onBack((sign) => {
      void this.retryLater();
      void (this.lost.body ? this.settle() : sign !== "answer" && this.sync.reread());
    });
    const account = this.host.feed?.subscribe({ account: (event) => this.sync.offer(event.balance, event.cause) });
    return () => {
      document.removeEventListener("visibilitychange", visible);
      back();
      account?.();
    };
  }

  /** Sends `send` (a choice inside a round) until answered; while the connection is lost the player reads why the round waits. */
  deliver<T>(send: () => Promise<T>): Promise<T> {
    return deliver(send, this.host.connection, (waiting) =>
      this.host.message(
        waiting ? "Connection lost: your choice is sent again as soon as it is back." : "Connection back.",
        waiting ? 600_000 : 1500,
      ),
    );
  }

  /** `send` (a request whose answer was lost, with the same requestId inside) goes again when the connection is back, until answered. */
  retryWhenBack(send: () => Promise<unknown>): void {
    this.later.push(send);
  }

  private async retryLater(): Promise<void> {
    if (this.retrying) return;
    this.retrying = true;
    try {
      for (let send = this.later[0]; send; send = this.later[0]) {
        // Any answer, a refusal too, settles it; a lost connection waits for the next sign.
        await send().catch(rethrowIfLost);
        this.later.shift();
      }
    } catch {
      // still no connection
    } finally {
      this.retrying = false;
    }
  }

  /**
   * The connection is back (or the player pressed SPIN) with a round start unanswered: sends
   * it again unchanged, so the server answers the round it committed (or plays it now, once),
   * plays that answer out, and reads the balance again.
   */
  async settle(): Promise<void> {
    const lost = this.lost.body;
    if (!lost || !this.host.idle() || this.settling) return;
    this.settling = true;
    try {
      // A cheap read first: while it fails the connection is still gone.
      await this.host.api.session();
      // An autoplay closed here after its spin was lost is stopped first: a spin it never committed is then refused.
      if (lost.autoplayId) await this.host.api.stopAutoplay(lost.autoplayId).catch(rethrowIfLost);
    } catch (error) {
      if (isConnectionLost(error)) this.host.message("Still no connection: your spin is sent again as soon as it is back.", 4000);
      return;
    } finally {
      this.settling = false;
    }
    // The error said for the lost answer is over: the round plays out now.
    if (document.querySelector('dialog[data-dialog="error"]')) closeDialog();
    if (await this.host.playRound()) await this.sync.reread();
  }
}
