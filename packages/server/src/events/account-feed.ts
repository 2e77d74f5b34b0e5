/**
 * The hub's side of account signals: which players' streams need an `account` event, and
 * reading their balances for it. Coalesced: the signals that arrive while a read runs, or
 * within {@link AccountFeedOptions.everyMs} of the last one, wait for one read of every
 * player they name (a burst of steps costs one read, not one per step). A player with no
 * stream on this process costs a map lookup.
 */
import type { AccountChange } from "@reelhouse/protocol";
import type { Database } from "../db/database.js";
import { CASH } from "../ledger.js";
import { weightier } from "./account-signals.js";

/** A player's balances as read for an `account` event. */
export interface AccountBalances {
  cash: number;
  /** Non-cash balances by unit; null when the player holds no non-cash account. */
  units: Record<string, number> | null;
}

export interface AccountFeedOptions {
  db: Database;
  /** Reads start at most this often (the first after a quiet spell at once). */
  everyMs: number;
  /** Whether the player holds a stream on this process. */
  watched(playerId: string): boolean;
  /** Sends the player's streams their balances (read after every change signalled before the read began). */
  deliver(playerId: string, balances: AccountBalances, cause: AccountChange): void;
  now?: () => number;
}

/** Players per query: the id list is padded to a power of two, so a handful of statement texts cover every size. */
const MAX_PER_QUERY = 256;

export class AccountFeed {
  private pending = new Map<string, AccountChange>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly o: AccountFeedOptions) {
    this.now = o.now ?? Date.now;
  }

  /** The player's account changed (a signal). */
  changed(playerId: string, cause: AccountChange): void {
    if (this.closed || !this.o.watched(playerId)) return;
    const before = this.pending.get(playerId);
    this.pending.set(playerId, before ? weightier(before, cause) : cause);
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private schedule(): void {
    if (this.timer || this.running || this.closed || this.pending.size === 0) return;
    const wait = Math.max(0, this.lastAt + this.o.everyMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, wait);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.running = true;
    this.lastAt = this.now();
    const batch = this.pending;
    this.pending = new Map();
    let retry = false;
    try {
      const players = [...batch.keys()].filter((p) => this.o.watched(p));
      for (let i = 0; i < players.length; i += MAX_PER_QUERY) {
        const ids = players.slice(i, i + MAX_PER_QUERY);
        const read = await readBalances(this.o.db, ids);
        for (const id of ids) {
          const balances = read.get(id);
          if (balances && !this.closed) this.o.deliver(id, balances, batch.get(id) as AccountChange);
        }
      }
    } catch {
      // The database did not answer: these players are read again shortly (the latest state is what is sent).
      for (const [p, c] of batch) {
        const now = this.pending.get(p);
        this.pending.set(p, now ? weightier(now, c) : c);
      }
      retry = true;
    } finally {
      this.running = false;
    }
    if (retry) this.lastAt = this.now() + 1000 - this.o.everyMs;
    this.schedule();
  }
}

/** The balances of players (at most {@link MAX_PER_QUERY}), by player; a player without a cash account is absent. */
export async function readBalances(db: Database, players: readonly string[]): Promise<Map<string, AccountBalances>> {
  const out = new Map<string, AccountBalances>();
  if (players.length === 0) return out;
  const size = 2 ** Math.ceil(Math.log2(players.length));
  const ids = Array.from({ length: size }, (_, i) => players[Math.min(i, players.length - 1)]);
  const list = ids.map((_, i) => `$${i + 1}`).join(", ");
  const rows = await db.read((sql) =>
    sql.query<{ player_id: string; balance: number; unit: string }>(
      `SELECT player_id, balance, unit FROM accounts WHERE player_id IN (${list})`,
      ids,
    ),
  );
  const units = new Map<string, Record<string, number>>();
  for (const row of rows) {
    if (row.unit === CASH) {
      out.set(row.player_id, { cash: Number(row.balance), units: null });
    } else {
      const record = units.get(row.player_id) ?? {};
      record[row.unit] = Number(row.balance);
      units.set(row.player_id, record);
    }
  }
  for (const [player, record] of units) {
    const found = out.get(player);
    if (found) found.units = record;
  }
  return out;
}
