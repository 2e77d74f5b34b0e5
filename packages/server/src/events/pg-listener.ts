/**
 * LISTEN on PostgreSQL for the push channel: one dedicated connection per process (outside
 * the query pool, which it must not hold), reconnected with a growing delay (0.5 s up to
 * 10 s) whenever it errors or ends; after a reconnect the hub rereads what it may have
 * missed (notifications are not queued for a session that was not listening).
 */
import pg from "pg";
import type { PostgresDatabase } from "../db/postgres.js";
import type { PushSignal } from "./signals.js";

export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private delayMs = 500;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly channel: string,
    private readonly onSignal: (signal: PushSignal) => void,
    private readonly onReconnect: () => void,
  ) {}

  /** Connects and listens (throws if the first connection fails: the server should not start deaf). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.db.pool.options);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.schedule();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        this.onSignal(JSON.parse(message.payload) as PushSignal);
      } catch {
        // Not ours: ignored.
      }
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delayMs = 500;
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => this.onReconnect(),
        () => {
          this.delayMs = Math.min(10_000, this.delayMs * 2);
          this.schedule();
        },
      );
    }, this.delayMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
