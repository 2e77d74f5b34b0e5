/**
 * The balance on a game screen follows the server's latest state: the push channel's
 * `account` events (another tab's rounds, the operator's credits, grants) and re-reads (the
 * tab shown again, the connection back). Never in the middle of a round on this screen: a
 * balance read after that round committed holds its win, which the reels have not shown yet;
 * what arrives meanwhile is settled when the screen comes to rest.
 */
import type { AccountChange } from "@reelhouse/protocol";

export interface BalanceSyncHost {
  /** The screen is at rest with nothing unanswered: a balance from the server may show now. */
  atRest(): boolean;
  /** The balance the screen shows now. */
  shown(): number;
  /** Shows the server's balance. */
  show(balance: number): void;
  /** Reads the session's balance from the server (null when it cannot be read now). */
  read(): Promise<number | null>;
  /** Reads the player's grants again (the operator granted or withdrew free rounds). */
  readGrants(): Promise<void>;
}

export class BalanceSync {
  /** The last balance sent while the screen was busy (null: none since the last rest). */
  private arrived: number | null = null;
  private grantsChanged = false;

  constructor(private readonly host: BalanceSyncHost) {}

  /** A balance the server sent (the latest is current); `cause` "grant" means the grants changed too. */
  offer(balance: number, cause?: AccountChange): void {
    if (cause === "grant") this.grantsChanged = true;
    if (!this.host.atRest()) {
      this.arrived = balance;
      return;
    }
    this.host.show(balance);
    void this.flushGrants();
  }

  /** Reads the balance and the grants again (the tab is shown again, the connection came back: events may have been missed). */
  async reread(): Promise<void> {
    this.grantsChanged = true;
    if (!this.host.atRest()) {
      // Settled at rest: a read now could hold a win not shown yet.
      this.arrived = Number.NaN;
      return;
    }
    const balance = await this.host.read();
    if (balance !== null && this.host.atRest()) this.host.show(balance);
    await this.flushGrants();
  }

  /**
   * The screen came to rest (it shows the round's last answer): a balance that arrived during
   * the round and differs from it may be older or newer than that answer, so it is read again.
   */
  async rested(): Promise<void> {
    const arrived = this.arrived;
    this.arrived = null;
    if (arrived !== null && arrived !== this.host.shown()) await this.reread();
    else await this.flushGrants();
  }

  private async flushGrants(): Promise<void> {
    if (!this.grantsChanged || !this.host.atRest()) return;
    this.grantsChanged = false;
    await this.host.readGrants();
  }
}
