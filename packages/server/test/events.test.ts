/**
 * The push channel (docs/jackpots.md §7) over a real HTTP server, on SQLite and PostgreSQL:
 * authentication, the view and its pool values, winner notices to everyone (the round id to
 * the winner only), the ticker reset, replay after reconnect, limits and headers.
 */
import { mermaidTreasure } from "@reelhouse/games";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type AppOptions, buildApp } from "../src/app.js";
import { JACKPOT_GAME, jackpotGame, MYSTERY_SEEDS, PROGRESSIVE_SEED } from "./games/jackpot-game.js";
import { ADMIN_KEY, BACKENDS, httpCaller, PG_BASE, rid, testServer } from "./helpers.js";
import { openEvents, type SseEvent, type SseStream } from "./sse.js";

const ROUNDS = `/api/v1/games/${JACKPOT_GAME}/rounds`;

/** A real HTTP server; with `events`, its push channel's options (e.g. no snapshot in the test's time). */
async function serveHttp(url: string, events?: AppOptions["events"]) {
  const server = await testServer(url, {}, { games: [mermaidTreasure, jackpotGame] });
  const app = events ? await buildApp(server.server, { events }) : server.app;
  const t = {
    ...server,
    app,
    close: async () => {
      if (events) await app.close();
      await server.close();
    },
  };
  const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const call = httpCaller(base);
  // A real-money player: a demo player's jackpot wins reach neither the real pools nor anyone's feed.
  const session = async () => {
    const admin = { "x-admin-key": ADMIN_KEY };
    const id = (await call("POST", "/api/v1/admin/players", undefined, { name: "Player" }, admin)).body.id as string;
    const deposit = { amount: 100_000, reason: "deposit", requestId: rid("deposit") };
    await call("POST", `/api/v1/admin/players/${id}/adjustments`, undefined, deposit, admin);
    const launch = (await call("POST", `/api/v1/admin/players/${id}/launch-tokens`, undefined, {}, admin)).body;
    return (await call("POST", "/api/v1/sessions", undefined, { launchToken: launch.launchToken })).body.token as string;
  };
  return { t, base, call, session };
}

const ready = (s: SseStream) => s.next((e) => e.event === "ready");
const isPool = (e: SseEvent) => e.event === "pool";
const isWin = (e: SseEvent) => e.event === "jackpotWin";

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`push channel, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("refuses a stream without a valid session (401), and a malformed Last-Event-ID (400)", async () => {
      const { t, base, session } = await serveHttp(backend.freshUrl());
      try {
        const none = await openEvents(base, null);
        expect(none.status).toBe(401);
        const wrong = await openEvents(base, "not-a-token");
        expect(wrong.status).toBe(401);
        const token = await session();
        const bad = await openEvents(base, token, "abc");
        expect(bad.status).toBe(400);
        const view = await fetch(`${base}/api/v1/events/view`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ streamId: "00000000.0000000000000000", gameId: null }),
        });
        expect(view.status).toBe(401);
      } finally {
        await t.close();
      }
    });

    it("streams pool values at the view's bet; a malformed view is 400 and changes nothing; headers", async () => {
      const { t, base, call, session } = await serveHttp(backend.freshUrl());
      const token = await session();
      const s = await openEvents(base, token);
      try {
        expect(s.status).toBe(200);
        expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
        expect(s.headers.get("cache-control")).toBe("no-store");
        expect(s.headers.get("content-security-policy")).toContain("default-src 'self'");
        const { streamId } = (await ready(s)).data;
        // At a bet of 1/10 of the pool (Mona Lisa Jewels: coin value / 10 EUR): the shown share, cents rounded down.
        const put = await call("PUT", "/api/v1/events/view", token, {
          streamId,
          gameId: JACKPOT_GAME,
          bet: { stake: 100, num: 1, den: 10 },
        });
        expect(put.status).toBe(204);
        const pool = await s.next(isPool);
        expect(pool.data).toEqual({
          gameId: JACKPOT_GAME,
          currency: "EUR",
          pools: [
            { pool: "progressive", key: "", name: "Progressive", amount: PROGRESSIVE_SEED / 10 / 10_000 },
            { pool: "mystery", key: "low", name: "Mystery", amount: MYSTERY_SEEDS.low / 10_000 },
            { pool: "mystery", key: "high", name: "Mystery", amount: MYSTERY_SEEDS.high / 10_000 },
          ],
        });
        const bad = [
          { streamId, gameId: JACKPOT_GAME, bet: { stake: 100, num: 1, den: 10 }, extra: 1 },
          { streamId, gameId: JACKPOT_GAME, bet: { stake: -1 } },
          { streamId, gameId: JACKPOT_GAME, bet: { stake: 100, num: 1, den: 10, nope: true } },
          { streamId, gameId: JACKPOT_GAME },
          { streamId: "nope", gameId: JACKPOT_GAME, bet: { stake: 100 } },
          { streamId, gameId: 7, bet: { stake: 100 } },
          { streamId, gameId: null, bet: { stake: 100 } },
          { streamId, gameId: "mermaid-treasure", bet: { coinValue: 10, coinsPerLine: 1, lines: 15 } },
          [],
        ];
        for (const body of bad) {
          const r = await call("PUT", "/api/v1/events/view", token, body);
          expect(r.status, JSON.stringify(body)).toBe(400);
          expect(r.body.error.code).toMatch(/^[A-Z_]+$/);
        }
        expect((await call("PUT", "/api/v1/events/view", token, { streamId, gameId: "no-such", bet: {} })).status).toBe(404);
        // Another player cannot steer this stream.
        const other = await session();
        expect(
          (await call("PUT", "/api/v1/events/view", other, { streamId, gameId: JACKPOT_GAME, bet: { stake: 100 } })).status,
        ).toBe(404);
        // Nothing changed: the next snapshot still shows the 1/10 share.
        const from = s.events.length;
        const again = await s.next(isPool, 5000, from);
        expect(again.data.pools[0].amount).toBe(PROGRESSIVE_SEED / 10 / 10_000);
      } finally {
        s.close();
        await t.close();
      }
    });

    it("tells every stream of a win (round id to the winner only), resets the ticker at once, replays missed wins on reconnect", async () => {
      const { t, base, call, session } = await serveHttp(backend.freshUrl(), { poolEveryMs: 60_000 });
      const watcher = await session();
      const winner = await session();
      const w = await openEvents(base, watcher);
      const v = await openEvents(base, winner);
      try {
        const { streamId } = (await ready(w)).data;
        await ready(v);
        await call("PUT", "/api/v1/events/view", watcher, { streamId, gameId: JACKPOT_GAME, bet: { stake: 100 } });
        await w.next(isPool);
        // The pool grows by a paid bet; then the winner takes it in full.
        expect((await call("POST", ROUNDS, winner, { bet: { stake: 10_000 }, requestId: rid() })).status).toBe(201);
        const grown = PROGRESSIVE_SEED + 10_000 * 50;
        const won = await call("POST", ROUNDS, winner, { bet: { stake: 100, claim: "progressive" }, requestId: rid() });
        expect(won.status).toBe(201);
        expect(won.body.totalWin).toBe(grown / 10_000);
        const seen = await w.next(isWin);
        expect(seen.data).toMatchObject({
          gameId: JACKPOT_GAME,
          gameName: "Jackpot (test)",
          pool: "progressive",
          poolName: "Progressive",
          key: "",
          currency: "EUR",
          amount: grown / 10_000,
          player: "P***r",
          mine: false,
        });
        expect(seen.data.roundId).toBeUndefined();
        expect(seen.id).toBe(String(seen.data.id));
        const own = await v.next(isWin);
        expect(own.data).toMatchObject({ mine: true, roundId: won.body.roundId, id: seen.data.id });
        // The ticker resets at once (there is no snapshot in this test's time): the seed plus the winning round's own contribution.
        const reset = await w.next((e) => isPool(e) && e.data.pools[0].amount < grown / 10_000, 10_000);
        expect(reset.data.pools[0].amount).toBe(Math.floor((PROGRESSIVE_SEED + 100 * 50) / 10_000));

        // The watcher goes away; two wins happen; it comes back with the last id it saw.
        w.close();
        await new Promise((r) => setTimeout(r, 200));
        for (const claim of ["progressive", "mystery"])
          expect((await call("POST", ROUNDS, winner, { bet: { stake: 100, claim }, requestId: rid() })).status).toBe(201);
        const back = await openEvents(base, watcher, seen.id);
        try {
          const first = await back.next(isWin);
          const second = await back.next((e) => isWin(e) && e !== first);
          expect([first.data.pool, second.data.pool]).toEqual(["progressive", "mystery"]);
          expect(Number(first.id)).toBe(Number(seen.id) + 1);
          expect(Number(second.id)).toBe(Number(seen.id) + 2);
          // Nothing replayed twice, nothing before the id.
          await new Promise((r) => setTimeout(r, 300));
          expect(back.events.filter(isWin)).toHaveLength(2);
        } finally {
          back.close();
        }
        // An adjustment moves the ticker at once too.
        const v2 = (await v.next((e) => e.event === "ready")).data.streamId;
        await call("PUT", "/api/v1/events/view", winner, { streamId: v2, gameId: JACKPOT_GAME, bet: { stake: 100 } });
        const before = await v.next(isPool);
        const from = v.events.length;
        const adj = await call(
          "POST",
          "/api/v1/admin/jackpots/adjustments",
          undefined,
          { gameId: JACKPOT_GAME, pool: "progressive", currency: "EUR", key: "", amountMicro: 1_000_000, reason: "test top-up" },
          { "x-admin-key": ADMIN_KEY, "idempotency-key": "events-top-up-1" },
        );
        expect(adj.status).toBe(201);
        const moved = await v.next(isPool, 2500, from);
        expect(moved.data.pools[0].amount).toBe(before.data.pools[0].amount + 100);
      } finally {
        w.close();
        v.close();
        await t.close();
      }
    });

    it.skipIf(backend.name !== "postgres")(
      "the LISTEN connection is cut: it reconnects and a win committed meanwhile still arrives",
      async () => {
        const { t, base, call, session } = await serveHttp(backend.freshUrl());
        const watcher = await session();
        const s = await openEvents(base, watcher);
        try {
          await ready(s);
          const admin = new pg.Client({ connectionString: PG_BASE });
          await admin.connect();
          try {
            const channel = (t.server.jackpots.signals.channel as string).replace(/'/g, "");
            const killed = await admin.query("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = $1", [
              `LISTEN "${channel}"`,
            ]);
            expect(killed.rows).toHaveLength(1);
          } finally {
            await admin.end();
          }
          // Committed while no LISTEN is open (the reconnect waits 0.5 s): read after the reconnect.
          const winner = await session();
          const won = await call("POST", ROUNDS, winner, { bet: { stake: 100, claim: "progressive" }, requestId: rid() });
          expect(won.status).toBe(201);
          const seen = await s.next(isWin, 8000);
          expect(seen.data).toMatchObject({ pool: "progressive", amount: won.body.totalWin, mine: false });
        } finally {
          s.close();
          await t.close();
        }
      },
    );

    it("ends a stream after its maximum age (the client reconnects with Last-Event-ID); /metrics counts open streams", async () => {
      const { t, session } = await serveHttp(backend.freshUrl());
      const short = await buildApp(t.server, { events: { maxAgeMs: 300 } });
      const base = await short.listen({ port: 0, host: "127.0.0.1" });
      const token = await session();
      const s = await openEvents(base, token);
      try {
        await ready(s);
        const metrics = await fetch(`${base}/metrics`, { headers: { "x-admin-key": ADMIN_KEY } });
        expect(await metrics.text()).toMatch(/^reelhouse_event_streams 1$/m);
        const t0 = Date.now();
        await s.ended;
        expect(Date.now() - t0).toBeLessThan(2000);
        await new Promise((r) => setTimeout(r, 100));
        expect((short as unknown as { events: { size: number } }).events.size).toBe(0);
      } finally {
        s.close();
        await short.close();
        await t.close();
      }
    });

    it("a stream outlives the request timeouts and carries heartbeats; HEAD is not a stream", async () => {
      const t = await testServer(
        backend.freshUrl(),
        { REELHOUSE_REQUEST_TIMEOUT_MS: "1000", REELHOUSE_HEADERS_TIMEOUT_MS: "1000", REELHOUSE_KEEP_ALIVE_TIMEOUT_MS: "1000" },
        { games: [mermaidTreasure, jackpotGame] },
      );
      const app = await buildApp(t.server, { events: { heartbeatMs: 300, poolEveryMs: 500 } });
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const demo = (
        (await (
          await fetch(`${base}/api/v1/sessions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ demo: true }),
          })
        ).json()) as { token: string }
      ).token;
      const s = await openEvents(base, demo);
      try {
        const { streamId } = (await ready(s)).data;
        await fetch(`${base}/api/v1/events/view`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${demo}` },
          body: JSON.stringify({ streamId, gameId: JACKPOT_GAME, bet: { stake: 100 } }),
        });
        await new Promise((r) => setTimeout(r, 3000));
        // Three times the request timeout later: still open, snapshots and heartbeats still coming.
        const from = s.events.length;
        await s.next(isPool, 2000, from);
        expect(s.comments()).toBeGreaterThanOrEqual(5);
        const head = await fetch(`${base}/api/v1/events`, { method: "HEAD", headers: { authorization: `Bearer ${demo}` } });
        expect(head.status).toBe(404);
      } finally {
        s.close();
        await app.close();
        await t.close();
      }
    });

    it("Mona Lisa Jewels: the value shown is the pool x coin value / 10 EUR, as its claim would pay; a bet it refuses is 400", async () => {
      const t = await testServer(backend.freshUrl());
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { token } = (await (
        await fetch(`${base}/api/v1/sessions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ demo: true }),
        })
      ).json()) as { token: string };
      const put = (body: unknown) =>
        fetch(`${base}/api/v1/events/view`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      const s = await openEvents(base, token);
      try {
        const { streamId } = (await ready(s)).data;
        const seedMicro = 500_000 * 1_000_000;
        for (const coinValue of [1, 20, 100]) {
          const from = s.events.length;
          expect(
            (await put({ streamId, gameId: "mona-lisa-jewels", bet: { coinValue, coinsPerLine: 1, lines: 25 } })).status,
          ).toBe(204);
          const shown = await s.next(isPool, 5000, from);
          expect(shown.data.pools).toEqual([
            {
              pool: "progressive",
              key: "",
              name: "Mona Lisa Jewels progressive",
              amount: Math.floor((seedMicro * coinValue) / 1000 / 10_000),
            },
          ]);
        }
        expect(
          (await put({ streamId, gameId: "mona-lisa-jewels", bet: { coinValue: 3, coinsPerLine: 1, lines: 25 } })).status,
        ).toBe(400);
        // The description lists the pools, so the client shows the ticker without knowing the game.
        const description = await (await fetch(`${base}/api/v1/games/mona-lisa-jewels`)).json();
        expect(description.jackpots).toEqual([{ id: "progressive", name: "Mona Lisa Jewels progressive" }]);
        expect((await (await fetch(`${base}/api/v1/games/mermaid-treasure`)).json()).jackpots).toBeUndefined();
      } finally {
        s.close();
        await t.close();
      }
    });

    it("limits streams per session (429) and frees a slot when a stream closes", async () => {
      const { t, base, session } = await serveHttp(backend.freshUrl());
      const token = await session();
      const open: SseStream[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          const s = await openEvents(base, token);
          expect(s.status).toBe(200);
          await ready(s);
          open.push(s);
        }
        const refused = await openEvents(base, token);
        expect(refused.status).toBe(429);
        open.shift()?.close();
        await new Promise((r) => setTimeout(r, 300));
        const again = await openEvents(base, token);
        expect(again.status).toBe(200);
        open.push(again);
      } finally {
        for (const s of open) s.close();
        await t.close();
      }
    });

    it("limits streams per player over all their sessions (429); another player still connects", async () => {
      const { t, base, call, session } = await serveHttp(backend.freshUrl());
      const admin = { "x-admin-key": ADMIN_KEY };
      const player = (await call("POST", "/api/v1/admin/players", undefined, { name: "Many tabs" }, admin)).body.id as string;
      /** A session of the player (a tab, a device). */
      const tab = async () => {
        const launch = (await call("POST", `/api/v1/admin/players/${player}/launch-tokens`, undefined, {}, admin)).body;
        return (await call("POST", "/api/v1/sessions", undefined, { launchToken: launch.launchToken })).body.token as string;
      };
      const open: SseStream[] = [];
      try {
        // Six streams (the default cap), three in each of two sessions.
        const tabs = [await tab(), await tab(), await tab()];
        for (const token of [tabs[0], tabs[0], tabs[0], tabs[1], tabs[1], tabs[1]]) {
          const s = await openEvents(base, token as string);
          expect(s.status).toBe(200);
          await ready(s);
          open.push(s);
        }
        // A third session of the same player is under its own cap, not under the player's.
        const refused = await openEvents(base, tabs[2] as string);
        expect(refused.status).toBe(429);
        expect(refused.refusal.error).toMatchObject({ code: "TOO_MANY_STREAMS", message: expect.stringContaining("player") });
        // Another player still connects.
        const other = await openEvents(base, await session());
        expect(other.status).toBe(200);
        await ready(other);
        open.push(other);
        // A stream of the player closes: the player may open one again.
        open.shift()?.close();
        await new Promise((r) => setTimeout(r, 300));
        const again = await openEvents(base, tabs[2] as string);
        expect(again.status).toBe(200);
        open.push(again);
      } finally {
        for (const s of open) s.close();
        await t.close();
      }
    });
  });
}
