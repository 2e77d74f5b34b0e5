import type { AccountEvent } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { JackpotFeed } from "./feed.js";

describe("JackpotFeed: the player's own account events", () => {
  it("passes `account` events to the listeners, in order (the last is the current state)", async () => {
    const events: AccountEvent[] = [
      { balance: 99_850, currency: "EUR", cause: "round" },
      { balance: 99_700, currency: "EUR", unitBalances: { bonus: 2 }, cause: "grant" },
    ];
    const text = [
      `event: ready\ndata: ${JSON.stringify({ streamId: "s1", poolEverySeconds: 3 })}\n\n`,
      ...events.map((e) => `event: account\ndata: ${JSON.stringify(e)}\n\n`),
    ].join("");
    const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text));
            init?.signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      )) as typeof fetch;
    const feed = new JackpotFeed({ token: () => "tok", fetch: fetcher, retryMs: 10 });
    const seen: AccountEvent[] = [];
    feed.subscribe({ account: (e) => seen.push(e) });
    feed.start();
    await new Promise((r) => setTimeout(r, 50));
    feed.stop();
    expect(seen).toEqual(events);
  });
});
