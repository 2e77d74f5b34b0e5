import type { JackpotWinEvent, PoolEvent } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { JackpotFeed } from "./feed.js";
import { SseParser } from "./sse.js";

describe("SseParser", () => {
  it("parses events split anywhere, with ids, comments, CRLF and several data lines", () => {
    const p = new SseParser();
    const text = 'retry: 2000\n\n: hb\n\nid: 7\nevent: jackpotWin\ndata: {"a":1}\n\r\nevent: pool\ndata: x\ndata: y\n\n';
    const out = [];
    for (const ch of text) out.push(...p.push(ch));
    expect(out).toEqual([
      { event: "jackpotWin", data: '{"a":1}', id: "7" },
      { event: "pool", data: "x\ny" },
    ]);
  });
});

/** A fake server: each stream request gets the next script; PUTs are recorded. */
function fakeServer(scripts: { status?: number; chunks: string[]; end?: boolean }[]) {
  const requests: { url: string; headers: Record<string, string>; body?: unknown }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({ url, headers, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (init?.method === "PUT") return new Response(null, { status: 204 });
    const script = scripts.shift() ?? { chunks: [], end: false };
    if (script.status && script.status !== 200) return new Response("{}", { status: script.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of script.chunks) controller.enqueue(new TextEncoder().encode(c));
        if (script.end !== false) controller.close();
        init?.signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  }) as typeof fetch;
  return { fetcher, requests };
}

const sse = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("JackpotFeed", () => {
  it("sends the view after ready, passes pool values of the viewed game and wins, reconnects with Last-Event-ID", async () => {
    const pool: PoolEvent = { gameId: "g", currency: "EUR", pools: [{ pool: "p", key: "", name: "P", amount: 123 }] };
    const other: PoolEvent = { ...pool, gameId: "other" };
    const win = { id: 5, gameId: "g", amount: 9, mine: false } as JackpotWinEvent;
    const { fetcher, requests } = fakeServer([
      {
        chunks: [
          sse("ready", { streamId: "s1", poolEverySeconds: 3 }, 4),
          sse("pool", other),
          sse("pool", pool),
          sse("jackpotWin", win, 5),
        ],
      },
      { chunks: [sse("ready", { streamId: "s2", poolEverySeconds: 3 })], end: false },
    ]);
    const feed = new JackpotFeed({ token: () => "tok", fetch: fetcher, retryMs: 10 });
    const pools: PoolEvent[] = [];
    const wins: JackpotWinEvent[] = [];
    feed.subscribe({ pool: (e) => pools.push(e), win: (e) => wins.push(e) });
    feed.setView("g", { coinValue: 1 });
    feed.start();
    await wait(100);
    expect(pools).toEqual([pool]);
    expect(wins).toEqual([win]);
    const streams = requests.filter((r) => r.url.endsWith("/events"));
    expect(streams).toHaveLength(2);
    expect(streams[0]?.headers.authorization).toBe("Bearer tok");
    expect(streams[0]?.headers["last-event-id"]).toBeUndefined();
    // The first stream ended: the second asks for the wins after the last one seen.
    expect(streams[1]?.headers["last-event-id"]).toBe("5");
    const views = requests.filter((r) => r.url.endsWith("/events/view"));
    expect(views.map((v) => v.body)).toEqual([
      { streamId: "s1", gameId: "g", bet: { coinValue: 1 } },
      { streamId: "s2", gameId: "g", bet: { coinValue: 1 } },
    ]);
    // The same view again sends nothing; a new bet does.
    feed.setView("g", { coinValue: 1 });
    feed.setView("g", { coinValue: 2 });
    await wait(20);
    expect(requests.filter((r) => r.url.endsWith("/events/view")).map((v) => v.body)).toHaveLength(3);
    feed.stop();
    expect(feed.status).toBe("closed");
  });

  it("stops on 401 (the session is gone) and waits while there is no token", async () => {
    const { fetcher, requests } = fakeServer([{ status: 401, chunks: [] }]);
    let token: string | null = null;
    const feed = new JackpotFeed({ token: () => token, fetch: fetcher, retryMs: 10 });
    feed.start();
    await wait(30);
    expect(requests).toHaveLength(0);
    token = "t";
    await wait(60);
    expect(requests).toHaveLength(1);
    expect(feed.status).toBe("closed");
    await wait(50);
    expect(requests).toHaveLength(1);
  });
});
