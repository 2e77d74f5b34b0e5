/**
 * The page's one jackpot feed: a single event stream (`GET /api/v1/events`) shared by every
 * screen of the page. It reconnects by itself (1 s, doubling up to 15 s) and sends the last
 * win id it saw as `Last-Event-ID`, so wins missed while away are replayed; it tells the
 * server what the screen shows (`PUT /api/v1/events/view`) when the game or bet changes and
 * after every reconnect. The server computes every value shown: no game maths here. The same
 * stream carries the player's own `account` events (balance, Bonuses, grants changed by any tab,
 * process or the operator), which the shell shows at once.
 */
import type { AccountEvent, EventsReady, JackpotWinEvent, PoolEvent } from "@reelhouse/protocol";
import { SseParser } from "./sse.js";

export type FeedStatus = "connecting" | "open" | "closed";

export interface FeedListener {
  pool?(event: PoolEvent): void;
  win?(event: JackpotWinEvent): void;
  /** The player's own account changed (the latest event is the current state). */
  account?(event: AccountEvent): void;
  status?(status: FeedStatus): void;
}

export interface FeedOptions {
  base?: string;
  /** The session's bearer token (null: no session, the feed waits). */
  token(): string | null;
  fetch?: typeof fetch;
  /** First reconnect delay, ms (then doubling up to 15 s). */
  retryMs?: number;
}

const MAX_RETRY_MS = 15_000;

export class JackpotFeed {
  private readonly listeners = new Set<FeedListener>();
  private readonly base: string;
  private readonly fetcher: typeof fetch;
  private controller: AbortController | null = null;
  private streamId: string | null = null;
  private lastEventId: string | null = null;
  private view: { gameId: string; bet: unknown } | null = null;
  private retryMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private current: FeedStatus = "closed";
  /** The last pool values, so a screen that subscribes late shows them at once. */
  private lastPool: PoolEvent | null = null;

  constructor(private readonly options: FeedOptions) {
    this.base = options.base ?? "/api/v1";
    this.fetcher = options.fetch ?? ((...args) => fetch(...args));
    this.retryMs = options.retryMs ?? 1000;
  }

  get status(): FeedStatus {
    return this.current;
  }

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    if (this.lastPool && this.view?.gameId === this.lastPool.gameId) listener.pool?.(this.lastPool);
    return () => this.listeners.delete(listener);
  }

  /** Opens the stream (no-op when already running). */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Closes the stream for good (the session ended, the page leaves). */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
    this.streamId = null;
    this.setStatus("closed");
  }

  /** What the screen shows now: a game and its bet as the server takes it (null: no jackpot screen). */
  setView(gameId: string | null, bet?: unknown): void {
    const next = gameId ? { gameId, bet } : null;
    if (JSON.stringify(next) === JSON.stringify(this.view)) return;
    this.view = next;
    if (!this.view) this.lastPool = null;
    void this.sendView();
  }

  private setStatus(status: FeedStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const l of this.listeners) l.status?.(status);
  }

  private async sendView(): Promise<void> {
    const token = this.options.token();
    if (!this.streamId || !token) return;
    const streamId = this.streamId;
    const body = this.view ? { streamId, gameId: this.view.gameId, bet: this.view.bet } : { streamId, gameId: null };
    try {
      await this.fetcher(`${this.base}/events/view`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    } catch {
      // The stream's reconnect sends the view again.
    }
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const token = this.options.token();
    if (!token) return this.retry();
    this.setStatus("connecting");
    const controller = new AbortController();
    this.controller = controller;
    try {
      const response = await this.fetcher(`${this.base}/events`, {
        headers: {
          accept: "text/event-stream",
          authorization: `Bearer ${token}`,
          ...(this.lastEventId !== null ? { "last-event-id": this.lastEventId } : {}),
        },
        signal: controller.signal,
      });
      if (response.status === 401) {
        // The session is gone: the app notices on its next request; nothing to reconnect to.
        this.stop();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const message of parser.push(value)) this.dispatch(message.event, message.data, message.id);
      }
    } catch {
      // Dropped, refused or aborted: retried below unless stopped.
    }
    if (this.controller === controller) this.controller = null;
    this.streamId = null;
    this.retry();
  }

  private retry(): void {
    if (!this.running || this.timer) return;
    this.setStatus("connecting");
    const wait = this.retryMs;
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
  }

  private dispatch(event: string, data: string, id: string | undefined): void {
    let body: unknown;
    try {
      body = JSON.parse(data);
    } catch {
      return;
    }
    if (id !== undefined && /^\d+$/.test(id)) this.lastEventId = id;
    if (event === "ready") {
      this.streamId = (body as EventsReady).streamId;
      this.retryMs = this.options.retryMs ?? 1000;
      this.setStatus("open");
      if (this.view) void this.sendView();
    } else if (event === "pool") {
      const pool = body as PoolEvent;
      if (this.view?.gameId !== pool.gameId) return;
      this.lastPool = pool;
      for (const l of this.listeners) l.pool?.(pool);
    } else if (event === "jackpotWin") {
      for (const l of this.listeners) l.win?.(body as JackpotWinEvent);
    } else if (event === "account") {
      for (const l of this.listeners) l.account?.(body as AccountEvent);
    }
  }
}
