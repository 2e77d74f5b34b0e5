/** A small Server-Sent Events client for tests: fetch with the Authorization header, parsed events, waits. */

export interface SseEvent {
  event: string;
  id?: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** A refused stream's answer (`{error: {code, message}}`); undefined for an open stream. */
  refusal?: any;
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: () => number;
  /** The first event (from the start, or after `from`) matching `pred`, waiting up to `ms`. */
  next(pred: (e: SseEvent) => boolean, ms?: number, from?: number): Promise<SseEvent>;
  close(): void;
  /** Resolves when the server ends the stream (or it fails). */
  ended: Promise<void>;
}

export async function openEvents(base: string, token: string | null, lastEventId?: string): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/events`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId !== undefined ? { "last-event-id": lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let comments = 0;
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
            const e: Partial<SseEvent> & { raw?: string } = {};
            let data = "";
            for (const line of block.split("\n")) {
              if (line.startsWith("event: ")) e.event = line.slice(7);
              else if (line.startsWith("id: ")) e.id = line.slice(4);
              else if (line.startsWith("data: ")) data += line.slice(6);
            }
            if (block.startsWith(":")) comments++;
            if (!e.event) continue;
            events.push({ event: e.event, ...(e.id !== undefined ? { id: e.id } : {}), data: JSON.parse(data) });
            for (const w of [...waiters]) w();
          }
        }
      } catch {
        // Aborted.
      }
    })();
  }
  const text = res.ok ? null : await res.text().catch(() => "");
  const parse = (t: string) => {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    ...(text ? { refusal: parse(text) } : {}),
    events,
    comments: () => comments,
    next(pred, ms = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(pred);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
    ended,
  };
}
