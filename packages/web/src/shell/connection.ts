/**
 * Knows when the connection to the game server comes back: the browser's `online` event, the
 * push channel opening again after a drop, or any answer from the server (the Api says so).
 * A request whose answer was lost waits here and is sent again, with the same requestId, the
 * moment it does: the server then answers what it committed (or plays it now, once).
 */
import { ApiRequestError } from "../api.js";

/** True for a failure where the server's answer never arrived (it may or may not have committed). */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 0;
}

/** Rethrows a lost connection and swallows anything else (any answer means the connection works). */
export function rethrowIfLost(error: unknown): void {
  if (isConnectionLost(error)) throw error;
}

/** What said the connection may be back: the browser, the push channel, or an answer from the server. */
export type BackSign = "online" | "stream" | "answer";

/** What tells the page that the connection is back. */
export interface ConnectionSources {
  /** The window (its `online` event). */
  window: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Registers a listener for every answer the server gives (any status: the connection works). */
  onAnswer(listener: () => void): () => void;
  /** Registers a listener for the push channel's status. */
  onStream(listener: (status: "connecting" | "open" | "closed") => void): () => void;
}

export class Connection {
  private readonly listeners = new Set<(sign: BackSign) => void>();
  private readonly stop: (() => void)[] = [];

  constructor(sources: ConnectionSources) {
    const online = () => this.back("online");
    sources.window.addEventListener("online", online);
    this.stop.push(() => sources.window.removeEventListener("online", online));
    this.stop.push(sources.onAnswer(() => this.back("answer")));
    this.stop.push(
      sources.onStream((status) => {
        if (status === "open") this.back("stream");
      }),
    );
  }

  /** Calls `listener` whenever the connection may be back; returns the unsubscribe function. */
  onBack(listener: (sign: BackSign) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves when the connection may be back, or after `probeMs` at the latest (the caller
   * then tries again: a request answered is the only proof).
   */
  whenBack(probeMs = 5000): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, probeMs);
      const off = this.onBack(done);
    });
  }

  /** Tells the listeners the connection may be back. */
  back(sign: BackSign): void {
    for (const listener of [...this.listeners]) listener(sign);
  }

  destroy(): void {
    for (const s of this.stop) s();
    this.listeners.clear();
  }
}

/**
 * Sends a request until it is answered: a lost connection makes it wait (`waiting(true)` once,
 * `waiting(false)` when answered after all) and send the very same request again when the
 * connection comes back; any answer,
 * refusals included, ends it. For a choice inside a round (a pick, a card, RED / BLACK): the
 * round waits where it stands instead of failing.
 */
export async function deliver<T>(
  send: () => Promise<T>,
  connection: Pick<Connection, "whenBack">,
  waiting: (lost: boolean) => void,
): Promise<T> {
  let told = false;
  for (;;) {
    try {
      const answer = await send();
      if (told) waiting(false);
      return answer;
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      if (!told) waiting(true);
      told = true;
      await connection.whenBack();
    }
  }
}

/**
 * The start of a round whose answer was lost, kept to be sent again unchanged: the next
 * SPIN, or the connection coming back, sends this instead of a new round, so one press
 * plays one round whatever the connection did.
 */
export class Unanswered<B> {
  private kept: B | null = null;

  /** The request waiting for its answer, if any. */
  get body(): B | null {
    return this.kept;
  }

  /** Sends `body`; keeps it when the answer is lost, forgets it on any answer. */
  async send<T>(body: B, send: (body: B) => Promise<T>): Promise<T> {
    try {
      const answer = await send(body);
      this.kept = null;
      return answer;
    } catch (error) {
      this.kept = isConnectionLost(error) ? body : null;
      throw error;
    }
  }
}
