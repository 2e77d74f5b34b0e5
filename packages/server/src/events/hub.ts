/**
 * The push channel's hub, one per server process: the open event streams, what each one's
 * screen shows (its view: a game and a bet), and what goes out on them.
 *
 * - `pool`: every {@link HubOptions.poolEveryMs} (3 s) the values the viewers' screens show,
 *   read from the database (so meters moved by other processes are in it), and at once to a
 *   game's viewers when one of its pools is won or adjusted (the ticker resets).
 * - `jackpotWin`: every win of every pool, to every stream, in commit order, with the win's
 *   number as event id; a stream that reconnects with `Last-Event-ID: n` gets the wins after
 *   n again (at most {@link HubOptions.replayLimit}, none older than `replayWindowMs`). A win
 *   its round has not shown yet is held: numbered and sent only when the round shows it
 *   (rounds/held-claims.ts); meanwhile its winner's ticker shows the pool as it was.
 * - `account`: the player's own balances, to that player's streams only, after a change of
 *   their account committed (read at send time, coalesced: see account-feed.ts).
 * - heartbeat comments, so proxies and clients see the stream alive.
 *
 * Changes arrive as {@link PushSignal}s: by LISTEN on PostgreSQL (every process, this one
 * included, hears every commit), from the in-process emitters on SQLite. There is no polling
 * for wins or balances: the hub reads `jackpot_wins` or the accounts after a signal (and after
 * the listener reconnects).
 */
import { randomBytes } from "node:crypto";
import { claimPool } from "@reelhouse/engine";
import type { AccountChange, AccountEvent, JackpotWinEvent, PoolEvent } from "@reelhouse/protocol";
import type { Sql } from "../db/database.js";
import { PostgresDatabase } from "../db/postgres.js";
import { ApiProblem } from "../errors.js";
import type { PoolScope } from "../jackpots/accounts.js";
import type { GameServer } from "../service.js";
import { type AccountBalances, AccountFeed } from "./account-feed.js";
import { AccountSignals } from "./account-signals.js";
import { heldName, heldPools, shownToWinner } from "./held-pools.js";
import { PgListener } from "./pg-listener.js";
import type { PushSignal } from "./signals.js";
import { sse, WIN_COLUMNS, type WinNotice, type WinRow, winNotice } from "./wire.js";

export interface HubOptions {
  poolEveryMs: number;
  heartbeatMs: number;
  /** Streams this process serves at most (each holds a socket: kept well under the connection cap). */
  maxStreams: number;
  /** Streams one session may hold at once (a page holds one; a few for reloads and tabs). */
  maxPerSession: number;
  /**
   * Streams one player may hold at once on this process, over all their sessions (each
   * process on PostgreSQL applies its own): a few tabs and devices, with room for reconnects,
   * but never the whole process.
   */
  maxPerPlayer: number;
  /** `account` reads start at most this often; the changes signalled in between wait for one read. */
  accountEveryMs: number;
  replayLimit: number;
  replayWindowMs: number;
  /** A stream whose unsent output passes this many bytes (a client not reading) is closed. */
  maxBufferedBytes: number;
  /**
   * A stream is ended after this long (plus up to 10% at random, so reconnects spread): the
   * client reconnects at once with Last-Event-ID (nothing is lost) and its session is checked
   * again, so a stream outlives an ended session by at most this long.
   */
  maxAgeMs: number;
}

export const DEFAULT_HUB_OPTIONS: Omit<HubOptions, "maxStreams"> = {
  poolEveryMs: 3000,
  heartbeatMs: 15_000,
  maxPerSession: 3,
  maxPerPlayer: 6,
  accountEveryMs: 100,
  replayLimit: 100,
  replayWindowMs: 10 * 60_000,
  maxBufferedBytes: 256 * 1024,
  maxAgeMs: 5 * 60_000,
};

/** Where a stream writes (the HTTP response, or a test's sink). */
export interface StreamSink {
  write(chunk: string): void;
  /** Bytes written but not yet sent. */
  readonly buffered: number;
  end(): void;
}

interface Stream {
  id: string;
  playerId: string;
  session: string;
  currency: string;
  /** A demo player's stream shows the demo twins of the pools (what a demo round wins), never the real ones. */
  scope: PoolScope;
  sink: StreamSink;
  view: { gameId: string; bet: unknown } | null;
  expiry: NodeJS.Timeout;
  /** Its `ready` event is written (what comes before waits on the hub's chain, behind it). */
  ready: boolean;
}

export class EventHub {
  private readonly streams = new Map<string, Stream>();
  private readonly perSession = new Map<string, number>();
  /** Each player's open streams on this process (the per-player cap; where `account` goes). */
  private readonly byPlayer = new Map<string, Set<Stream>>();
  private readonly accountSignals: AccountSignals;
  private readonly accounts: AccountFeed;
  /** This process's prefix of stream ids (a view change for another prefix goes by NOTIFY). */
  readonly tag = randomBytes(4).toString("hex");
  /** The last win number sent to every stream. */
  private delivered = 0;
  /** Win reads and stream openings run one after the other, so no stream misses or doubles a win. */
  private chain: Promise<void> = Promise.resolve();
  private winsWanted = false;
  private winsRunning = false;
  private ticking = false;
  private timers: NodeJS.Timeout[] = [];
  private listener: PgListener | null = null;
  private readonly onLocal = (signal: PushSignal) => this.signal(signal);
  private closed = false;

  constructor(
    private readonly server: GameServer,
    readonly options: HubOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.accountSignals = AccountSignals.of(server.db);
    this.accounts = new AccountFeed({
      db: server.db,
      everyMs: options.accountEveryMs,
      watched: (playerId) => this.byPlayer.has(playerId),
      deliver: (playerId, balances, cause) => this.sendAccount(playerId, balances, cause),
      now,
    });
  }

  /** Open streams (for tests and metrics). */
  get size(): number {
    return this.streams.size;
  }

  /** Reads where the wins stand, subscribes to the signals and starts the timers. */
  async start(): Promise<void> {
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.options.heartbeatMs, () => this.broadcast(": hb\n\n"));
    const jackpots = this.server.jackpots;
    if (jackpots.any) this.delivered = await this.lastSeq();
    const db = this.server.db;
    // Account signals come with or without jackpots.
    if (db instanceof PostgresDatabase) {
      this.listener = new PgListener(
        db,
        jackpots.signals.channel,
        (s) => this.signal(s),
        () => this.afterReconnect(),
      );
      await this.listener.start();
      // A win committed between the read above and LISTEN: read now.
      if (jackpots.any) this.readWins();
    } else {
      this.accountSignals.local.on("signal", this.onLocal);
      if (jackpots.any) jackpots.signals.local.on("signal", this.onLocal);
    }
    if (jackpots.any) every(this.options.poolEveryMs, () => void this.tick());
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.server.jackpots.signals.local.off("signal", this.onLocal);
    this.accountSignals.local.off("signal", this.onLocal);
    this.accounts.close();
    for (const s of [...this.streams.values()]) this.drop(s, true);
    await this.listener?.close();
  }

  private async lastSeq(): Promise<number> {
    const row = await this.server.db.read((sql) => sql.one<{ last: number }>("SELECT last FROM jackpot_win_seq WHERE id = 1"));
    return Number(row?.last ?? 0);
  }

  /** Refuses a new stream over the limits (429), before the response starts: this process's, the session's, the player's. */
  admit(session: string, playerId: string): void {
    if (this.closed) throw new ApiProblem(503, "SHUTTING_DOWN", "the server is shutting down");
    if (this.streams.size >= this.options.maxStreams)
      throw new ApiProblem(429, "TOO_MANY_STREAMS", "this server holds as many event streams as it serves; retry later");
    if ((this.perSession.get(session) ?? 0) >= this.options.maxPerSession)
      throw new ApiProblem(429, "TOO_MANY_STREAMS", `a session holds at most ${this.options.maxPerSession} event streams`);
    if ((this.byPlayer.get(playerId)?.size ?? 0) >= this.options.maxPerPlayer)
      throw new ApiProblem(
        429,
        "TOO_MANY_STREAMS",
        `a player holds at most ${this.options.maxPerPlayer} event streams here; close a tab or retry later`,
      );
  }

  /**
   * Opens a stream: `ready` (its id; and, when the client gave no Last-Event-ID, the last
   * win's number as the event id, so its next reconnect replays from here), then the wins
   * after `lastEventId` (bounded), then everything live. Returns the stream's id.
   */
  open(
    s: { playerId: string; session: string; currency: string; scope: PoolScope; sink: StreamSink },
    lastEventId: number | null,
  ): string {
    const id = `${this.tag}.${randomBytes(8).toString("hex")}`;
    const age = this.options.maxAgeMs * (1 + Math.random() / 10);
    const expiry = setTimeout(() => this.remove(id, true), age);
    expiry.unref();
    const stream: Stream = { ...s, id, view: null, expiry, ready: false };
    this.streams.set(stream.id, stream);
    this.perSession.set(s.session, (this.perSession.get(s.session) ?? 0) + 1);
    const mine = this.byPlayer.get(s.playerId);
    if (mine) mine.add(stream);
    else this.byPlayer.set(s.playerId, new Set([stream]));
    this.chain = this.chain.then(async () => {
      if (!this.streams.has(stream.id)) return;
      const ready = { streamId: stream.id, poolEverySeconds: this.options.poolEveryMs / 1000 };
      stream.ready = true;
      if (lastEventId === null || lastEventId > this.delivered) {
        stream.sink.write(sse("ready", ready, this.delivered));
        return;
      }
      stream.sink.write(sse("ready", ready));
      const rows = await this.server.db.read((sql) =>
        sql.query<WinRow>(
          `SELECT ${WIN_COLUMNS} WHERE w.seq > $1 AND w.seq <= $2 AND w.announced_at >= $3 ORDER BY w.seq DESC LIMIT $4`,
          [lastEventId, this.delivered, this.now() - this.options.replayWindowMs, this.options.replayLimit],
        ),
      );
      for (const row of rows.reverse()) this.send(stream, row);
    });
    this.chain = this.chain.catch(() => this.drop(stream, true));
    return stream.id;
  }

  /** The stream's response closed (or, with `end`, the server ends it). */
  remove(streamId: string, end = false): void {
    const s = this.streams.get(streamId);
    if (s) this.drop(s, end);
  }

  private drop(s: Stream, end: boolean): void {
    if (!this.streams.delete(s.id)) return;
    clearTimeout(s.expiry);
    const left = (this.perSession.get(s.session) ?? 1) - 1;
    if (left <= 0) this.perSession.delete(s.session);
    else this.perSession.set(s.session, left);
    const mine = this.byPlayer.get(s.playerId);
    mine?.delete(s);
    if (mine?.size === 0) this.byPlayer.delete(s.playerId);
    if (end) s.sink.end();
  }

  /**
   * Sets what a stream's screen shows (the bet already parsed by the game), and sends its
   * pool values at once. A stream of another process: forwarded by NOTIFY on PostgreSQL.
   * 404 STREAM_NOT_FOUND when it is this process's and not open, or not the player's.
   */
  async setView(streamId: string, playerId: string, view: { gameId: string; bet: unknown } | null): Promise<void> {
    if (!streamId.startsWith(`${this.tag}.`) && this.listener) {
      await this.server.jackpots.signals.send(null, {
        t: "view",
        s: streamId,
        pl: playerId,
        g: view?.gameId ?? "",
        b: view?.bet ?? null,
      });
      return;
    }
    const s = this.streams.get(streamId);
    if (!s || s.playerId !== playerId)
      throw new ApiProblem(404, "STREAM_NOT_FOUND", "no such event stream of this session is open");
    s.view = view;
    if (view) await this.pushPools([s]);
  }

  /** A change reached this process. */
  private signal(signal: PushSignal): void {
    if (this.closed) return;
    if (signal.t === "acct") {
      for (const [playerId, cause] of signal.a) this.accounts.changed(playerId, cause);
    } else if (signal.t === "win") {
      if (signal.seq > this.delivered) this.readWins();
    } else if (signal.t === "pool") {
      void this.pushPools([...this.streams.values()].filter((s) => s.view?.gameId === signal.g)).catch(() => {});
    } else if (signal.t === "view") {
      const s = this.streams.get(signal.s);
      if (!s || s.playerId !== signal.pl) return;
      s.view = signal.g ? { gameId: signal.g, bet: signal.b } : null;
      void this.pushPools([s]).catch(() => {});
    }
  }

  /**
   * The listener lost LISTEN for a while: read what it may have missed. Every player with a
   * stream here gets their balances again, as `grant` (the cause that has a client re-read
   * everything: which change was missed is unknown).
   */
  private afterReconnect(): void {
    for (const playerId of this.byPlayer.keys()) this.accounts.changed(playerId, "grant");
    if (!this.server.jackpots.any) return;
    this.readWins();
    void this.tick();
  }

  /** The player's balances, to each of their streams here (in its currency: the player's). */
  private sendAccount(playerId: string, balances: AccountBalances, cause: AccountChange): void {
    for (const s of [...(this.byPlayer.get(playerId) ?? [])]) {
      const event: AccountEvent = {
        balance: balances.cash,
        currency: s.currency,
        ...(balances.units ? { unitBalances: balances.units } : {}),
        cause,
      };
      const chunk = sse("account", event);
      if (s.ready) this.write(s, chunk);
      else
        this.chain = this.chain.then(() => {
          if (this.streams.has(s.id)) this.write(s, chunk);
        });
    }
  }

  /** Reads and sends the wins after the last one sent (one read at a time; a signal during one asks for another). */
  private readWins(): void {
    this.winsWanted = true;
    if (this.winsRunning) return;
    this.winsRunning = true;
    this.chain = this.chain
      .then(async () => {
        while (this.winsWanted && !this.closed) {
          this.winsWanted = false;
          const games = new Set<string>();
          for (;;) {
            // SQLite: a write transaction runs after the signalling one committed (single writer).
            const read = (sql: Sql) =>
              sql.query<WinRow>(`SELECT ${WIN_COLUMNS} WHERE w.seq > $1 ORDER BY w.seq LIMIT 500`, [this.delivered]);
            const db = this.server.db;
            const rows = db.dialect === "sqlite" ? await db.tx(read) : await db.read(read);
            for (const row of rows) {
              this.delivered = Math.max(this.delivered, Number(row.seq));
              games.add(row.game_id);
              const base = this.winEvent(row);
              for (const s of [...this.streams.values()]) this.sendWin(s, base, row);
            }
            if (rows.length < 500) break;
          }
          if (games.size > 0) await this.pushPools([...this.streams.values()].filter((s) => s.view && games.has(s.view.gameId)));
        }
      })
      .catch(() => {
        // The database did not answer: try again shortly (the wins stay in the table).
        const again = setTimeout(() => {
          if (!this.closed) this.readWins();
        }, 1000);
        again.unref();
      })
      .finally(() => {
        this.winsRunning = false;
      });
  }

  private send(s: Stream, row: WinRow): void {
    this.sendWin(s, this.winEvent(row), row);
  }

  /** A win as every stream sees it (the winner's own streams add `mine` and the round id). */
  private winEvent(row: WinRow): WinNotice {
    return winNotice(
      row,
      (gameId) => {
        try {
          return this.server.games.known(gameId).name;
        } catch {
          return gameId; // a game no longer registered: its id
        }
      },
      (gameId, pool) => this.server.jackpots.poolsOf(gameId).get(pool)?.name ?? pool,
    );
  }

  private sendWin(s: Stream, base: WinNotice, row: WinRow): void {
    const mine = row.player_id === s.playerId;
    const win: JackpotWinEvent = { ...base, mine, ...(mine ? { roundId: row.round_id } : {}) };
    this.write(s, sse("jackpotWin", win, win.id));
  }

  private write(s: Stream, chunk: string): void {
    if (s.sink.buffered > this.options.maxBufferedBytes) this.drop(s, true);
    else s.sink.write(chunk);
  }

  private broadcast(chunk: string): void {
    for (const s of [...this.streams.values()]) this.write(s, chunk);
  }

  /** The 3-second snapshot. */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      await this.pushPools([...this.streams.values()].filter((s) => s.view));
    } catch {
      // The next tick tries again (a database restart, a listener reconnecting).
    } finally {
      this.ticking = false;
    }
  }

  /** Reads the pools the streams' views show, in one read, and sends each stream its values. */
  private async pushPools(streams: Stream[]): Promise<void> {
    const jackpots = this.server.jackpots;
    const wanted = streams.flatMap((s) => {
      if (!s.view) return [];
      const shown = jackpots.shown(s.view.gameId, s.view.bet, s.currency);
      return shown.length > 0 ? [{ s, view: s.view, shown }] : [];
    });
    if (wanted.length === 0) return;
    type Wanted = { pool: (typeof wanted)[number]["shown"][number]["pool"]; scope: PoolScope };
    const nameOf = (w: Wanted) => `${w.scope}:${JSON.stringify(w.pool)}`;
    const names = new Map<string, Wanted>();
    for (const w of wanted)
      for (const x of w.shown) names.set(nameOf({ pool: x.pool, scope: w.s.scope }), { pool: x.pool, scope: w.s.scope });
    // A winner whose win is held sees the pool as it was (held-pools.ts); demo wins are never held.
    const winners = new Set(wanted.filter((w) => w.s.scope === "real").map((w) => w.s.playerId));
    const { values, held } = await this.server.db.read(async (sql) => {
      const out = new Map<string, number>();
      for (const [name, { pool, scope }] of names) out.set(name, await jackpots.value(sql, { pool }, scope));
      return { values: out, held: await heldPools(sql, winners) };
    });
    const valueFor = (s: Stream, pool: Wanted["pool"], seed: number) => {
      const current = values.get(nameOf({ pool, scope: s.scope })) ?? seed;
      const mine = s.scope === "real" ? held.get(heldName(s.playerId, pool)) : undefined;
      return mine ? shownToWinner(current, mine) : current;
    };
    for (const { s, view, shown } of wanted) {
      if (!this.streams.has(s.id)) continue;
      const event: PoolEvent = {
        gameId: view.gameId,
        currency: s.currency,
        pools: shown.map((x) => ({
          pool: x.pool.pool,
          key: x.pool.key,
          name: x.name,
          amount: claimPool(valueFor(s, x.pool, x.seed), x.seed, x.numerator, x.denominator).paidMinor,
        })),
      };
      this.write(s, sse("pool", event));
    }
  }
}
