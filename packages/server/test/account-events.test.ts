/**
 * The push channel's `account` event (docs/jackpots.md §7), over a real HTTP server and real
 * SSE, on SQLite and PostgreSQL: a player's own balance changes reach every tab of that
 * player (two sessions = two tabs) with the server's balance — rounds, operator credits,
 * Bonuses, grants made and used, a cancelled round — and never another player's stream; a
 * burst of rounds is coalesced; on PostgreSQL a change made through one server reaches a
 * stream held by another (NOTIFY at commit, LISTEN in each), and a change committed while the
 * LISTEN connection was down is still sent after it reconnects.
 */
import { mermaidTreasure } from "@reelhouse/games";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type AppOptions, buildApp } from "../src/app.js";
import { UNITS_GAMBLE, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, BACKENDS, httpCaller, PG_BASE, rid, type TestServer, testServer } from "./helpers.js";
import { openEvents, type SseEvent, type SseStream } from "./sse.js";

const ROUNDS = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
const GAMES = [mermaidTreasure, unitsGambleV2];

/** A real HTTP server over `url`; with `events`, its push channel's options. */
async function serve(url: string, events?: AppOptions["events"]) {
  const t = await testServer(url, {}, { games: GAMES });
  return listen(t, events);
}

async function listen(t: TestServer, events?: AppOptions["events"]) {
  const app = events ? await buildApp(t.server, { events }) : t.app;
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const call = httpCaller(base);
  /** An operator call (moving money: with an idempotency key). */
  const admin = (path: string, body: unknown) =>
    call("POST", `/api/v1/admin${path}`, undefined, body, { "x-admin-key": ADMIN_KEY, "idempotency-key": rid("op") });
  /** A real-money player with `balance`, as the operator makes one. */
  const player = async (balance: number) => {
    const created = await admin("/players", { name: "Tabitha" });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    if (balance > 0) expect((await admin(`/players/${id}/adjustments`, { amount: balance, reason: "deposit" })).status).toBe(201);
    return id;
  };
  /** A session of the player (a browser tab). */
  const tab = async (playerId: string) => {
    const launch = await admin(`/players/${playerId}/launch-tokens`, {});
    const session = await call("POST", "/api/v1/sessions", undefined, { launchToken: launch.body.launchToken });
    expect(session.status).toBe(201);
    return session.body.token as string;
  };
  const close = async () => {
    if (events) await app.close();
    await t.close();
  };
  return { t, base, call, admin, player, tab, close };
}

const ready = (s: SseStream) => s.next((e) => e.event === "ready");
const isAccount = (e: SseEvent) => e.event === "account";
const accounts = (s: SseStream) => s.events.filter(isAccount);
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`account events on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a player's second tab gets every change of their account with the server's balance; another player's stream none of it", async () => {
      const { base, call, admin, player, tab, close } = await serve(backend.freshUrl());
      const tabita = await player(100_000);
      const [a, b] = [await tab(tabita), await tab(tabita)];
      const other = await player(5_000);
      const q = await tab(other);
      const streamA = await openEvents(base, a);
      const streamB = await openEvents(base, b);
      const streamQ = await openEvents(base, q);
      try {
        for (const s of [streamA, streamB, streamQ]) {
          expect(s.status).toBe(200);
          await ready(s);
        }
        /** The next `account` event on B after index `from` that matches. */
        const onB = (pred: (d: any) => boolean, from: number) => streamB.next((e) => isAccount(e) && pred(e.data), 5000, from);

        // Three spins in tab A (each loses its stake): tab B shows the server's balance.
        let from = streamB.events.length;
        let balance = 0;
        for (let i = 0; i < 3; i++) {
          const spin = await call("POST", ROUNDS, a, { bet: { stake: 100 }, requestId: rid(), force: { draws: [0] } });
          expect(spin.status).toBe(201);
          balance = spin.body.balance;
        }
        expect(balance).toBe(99_700);
        const seen = await onB((d) => d.balance === balance, from);
        expect(seen.data).toEqual({ balance: 99_700, currency: "EUR", cause: "round" });
        expect((await call("GET", "/api/v1/session", b)).body.balance).toBe(99_700);
        // Every event B got was a balance the account really had, in order (a burst may be coalesced).
        const shown = accounts(streamB).map((e) => e.data.balance as number);
        for (const b of shown) expect([99_900, 99_800, 99_700]).toContain(b);
        expect(shown).toEqual([...shown].sort((x, y) => y - x));
        // Tab A's own stream has it too (every tab of the player).
        await streamA.next((e) => isAccount(e) && e.data.balance === 99_700);

        // An operator credit, and a credit of Bonuses (a non-cash unit).
        from = streamB.events.length;
        expect((await admin(`/players/${tabita}/adjustments`, { amount: 500, reason: "goodwill" })).status).toBe(201);
        expect((await onB((d) => d.balance === 100_200, from)).data).toEqual({
          balance: 100_200,
          currency: "EUR",
          cause: "adjustment",
        });
        from = streamB.events.length;
        expect((await admin(`/players/${tabita}/adjustments`, { amount: 3, unit: "bonus", reason: "bonuses" })).status).toBe(201);
        expect((await onB((d) => d.unitBalances?.bonus === 3, from)).data).toEqual({
          balance: 100_200,
          currency: "EUR",
          unitBalances: { bonus: 3 },
          cause: "adjustment",
        });

        // A grant made, then its spin played in tab A: B re-reads its grants (cause "grant").
        from = streamB.events.length;
        const grant = await admin(`/players/${tabita}/bonus-grants`, { gameId: UNITS_GAMBLE, bet: { stake: 50 }, spins: 1 });
        expect(grant.status).toBe(201);
        expect((await onB((d) => d.cause === "grant", from)).data).toMatchObject({ balance: 100_200, cause: "grant" });
        from = streamB.events.length;
        const granted = await call("POST", ROUNDS, a, { grantId: grant.body.id, requestId: rid(), force: { draws: [0] } });
        expect(granted.status).toBe(201);
        expect((await onB((d) => d.cause === "grant", from)).data).toMatchObject({ balance: 100_200, cause: "grant" });

        // A round left open (won its stake, a double-up awaited), then cancelled by the operator.
        from = streamB.events.length;
        const open = await call("POST", ROUNDS, a, { bet: { stake: 100 }, requestId: rid(), force: { draws: [1] } });
        expect(open.body).toMatchObject({ status: "open", balance: 100_100 });
        await onB((d) => d.balance === 100_100 && d.cause === "round", from);
        from = streamB.events.length;
        const cancelled = await admin(`/rounds/${open.body.roundId}/cancel`, { reason: "test" });
        expect(cancelled.status).toBe(200);
        expect((await onB((d) => d.cause === "cancel", from)).data).toMatchObject({ balance: 100_200, cause: "cancel" });

        // The other player's stream heard none of it; its own change reaches it, and not B.
        await settle();
        expect(accounts(streamQ)).toEqual([]);
        const fromB = streamB.events.length;
        const spinQ = await call("POST", ROUNDS, q, { bet: { stake: 100 }, requestId: rid(), force: { draws: [0] } });
        expect(spinQ.body.balance).toBe(4_900);
        expect((await streamQ.next(isAccount)).data).toEqual({ balance: 4_900, currency: "EUR", cause: "round" });
        await settle();
        expect(accounts(streamQ)).toHaveLength(1);
        expect(streamB.events.slice(fromB).filter(isAccount)).toEqual([]);
      } finally {
        for (const s of [streamA, streamB, streamQ]) s.close();
        await close();
      }
    });

    it("a burst of rounds is coalesced: one read at once, the rest in one read later, the last event the final balance", async () => {
      const everyMs = 3000;
      const { base, call, player, tab, close } = await serve(backend.freshUrl(), { accountEveryMs: everyMs });
      const id = await player(10_000);
      const [a, b] = [await tab(id), await tab(id)];
      const streamB = await openEvents(base, b);
      try {
        await ready(streamB);
        let balance = 0;
        const t0 = Date.now();
        for (let i = 0; i < 6; i++) {
          const spin = await call("POST", ROUNDS, a, { bet: { stake: 10 }, requestId: rid(), force: { draws: [0] } });
          expect(spin.status).toBe(201);
          balance = spin.body.balance;
        }
        const burstMs = Date.now() - t0;
        expect(balance).toBe(9_940);
        await streamB.next((e) => isAccount(e) && e.data.balance === balance, everyMs + 3000);
        await settle(300);
        const got = accounts(streamB);
        // At most one read at once and one per interval the burst lasted: fewer events than rounds.
        expect(got.length).toBeLessThanOrEqual(Math.min(5, 2 + Math.floor(burstMs / everyMs)));
        expect(got.at(-1)?.data.balance).toBe(9_940);
      } finally {
        streamB.close();
        await close();
      }
    });

    it.skipIf(backend.name !== "postgres")(
      "the LISTEN connection is cut: a round committed meanwhile still reaches the other tab after the reconnect",
      async () => {
        const { t, base, call, player, tab, close } = await serve(backend.freshUrl());
        const id = await player(3_000);
        const [a, b] = [await tab(id), await tab(id)];
        const streamB = await openEvents(base, b);
        try {
          await ready(streamB);
          const admin = new pg.Client({ connectionString: PG_BASE });
          await admin.connect();
          try {
            const channel = t.server.jackpots.signals.channel;
            const killed = await admin.query("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = $1", [
              `LISTEN "${channel}"`,
            ]);
            expect(killed.rows).toHaveLength(1);
          } finally {
            await admin.end();
          }
          // Committed while no LISTEN is open (the reconnect waits 0.5 s): its NOTIFY is lost, the reread is not.
          const t0 = Date.now();
          const spin = await call("POST", ROUNDS, a, { bet: { stake: 100 }, requestId: rid(), force: { draws: [0] } });
          const spinMs = Date.now() - t0;
          expect(spin.body.balance).toBe(2_900);
          const seen = await streamB.next((e) => isAccount(e) && e.data.balance === 2_900, 8000);
          expect(seen.data).toMatchObject({ balance: 2_900, currency: "EUR" });
          // The reread after a reconnect says `grant` (the client rereads everything); a spin slow
          // enough to commit after the reconnect would have been heard as `round`.
          if (spinMs < 400) expect(seen.data.cause).toBe("grant");
        } finally {
          streamB.close();
          await close();
        }
      },
    );

    it.skipIf(backend.name !== "postgres")(
      "a change made through one server reaches the player's stream held by another server on the same database",
      async () => {
        const url = backend.freshUrl();
        const one = await serve(url);
        // A second, independent server (own pool, own LISTEN connection, own hub) on the same database.
        const two = await listen(await testServer(url, {}, { games: GAMES }));
        const id = await one.player(20_000);
        const onTwo = await openEvents(two.base, await two.tab(id));
        const other = await openEvents(two.base, await two.tab(await one.player(1_000)));
        try {
          await ready(onTwo);
          await ready(other);
          const spin = await one.call("POST", ROUNDS, await one.tab(id), {
            bet: { stake: 100 },
            requestId: rid(),
            force: { draws: [0] },
          });
          expect(spin.body.balance).toBe(19_900);
          expect((await onTwo.next((e) => isAccount(e) && e.data.balance === 19_900)).data.cause).toBe("round");
          expect((await one.admin(`/players/${id}/adjustments`, { amount: 100, reason: "x" })).status).toBe(201);
          expect((await onTwo.next((e) => isAccount(e) && e.data.balance === 20_000)).data.cause).toBe("adjustment");
          await settle();
          expect(accounts(other)).toEqual([]);
        } finally {
          onTwo.close();
          other.close();
          await two.close();
          await one.close();
        }
      },
    );
  });
}
