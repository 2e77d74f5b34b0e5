/**
 * Issue 17 point 7: operator calls apply once. Every admin call that moves money or creates
 * a grant (adjustments, bonus grants, round cancellation, jackpot adjustments) takes an
 * idempotency key (`Idempotency-Key` or `requestId` in the body), applies once per key
 * (a retry gets the first answer, byte for byte; the key reused for another call is 409),
 * also when 20 identical calls race (on PostgreSQL across three nodes), and after a restart.
 */
import { mermaidTreasure } from "@reelhouse/games";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { jackpotMeters } from "../src/jackpots/report.js";
import { JACKPOT_GAME, jackpotGame, PROGRESSIVE_SEED } from "./games/jackpot-game.js";
import {
  ADMIN_KEY,
  api,
  BACKENDS,
  BET,
  demoSession,
  drawsFor,
  MERMAID,
  playerSession,
  rid,
  rowCounts,
  type TestServer,
  testServer,
} from "./helpers.js";

const admin = { "x-admin-key": ADMIN_KEY };

/** An admin POST with the key in the header (null: none), answering status, raw body and the replay header. */
async function op(app: FastifyInstance, url: string, key: string | null, payload: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: "POST",
    url,
    headers: { ...admin, ...(key === null ? {} : { "idempotency-key": key }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, raw: res.body, body: res.json(), replayed: res.headers["idempotent-replayed"] === "true" };
}

const balanceOf = async (t: TestServer, playerId: string) =>
  (await api(t.app, "GET", `/api/v1/admin/players/${playerId}`, admin)).body.balance as number;

const credits = (t: TestServer, playerId: string) =>
  t.db.read(async (sql) =>
    Number(
      (
        await sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM transactions WHERE player_id = $1 AND kind = 'credit'", [
          playerId,
        ])
      )?.n,
    ),
  );

/** Three nodes on one PostgreSQL (separate connection pools), or the one SQLite node. */
async function nodes(backend: (typeof BACKENDS)[number], url: string, games?: Parameters<typeof testServer>[2]) {
  const count = backend.name === "postgres" ? 3 : 1;
  return Promise.all(Array.from({ length: count }, () => testServer(url, {}, games)));
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`operator calls apply once, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a credit applies once per key: the replay is the first answer; another body with the key is 409; header and body keys are one key", async () => {
      const url = backend.freshUrl();
      let t = await testServer(url);
      try {
        const { playerId, auth } = await playerSession(t.app, 0);
        const path = `/api/v1/admin/players/${playerId}/adjustments`;
        const credit = { amount: 100, reason: "deposit" };
        const first = await op(t.app, path, "dep-1", credit);
        expect(first.status, first.raw).toBe(201);
        expect(first.replayed).toBe(false);
        expect(first.body.balance).toBe(100);
        const before = await rowCounts(t.db);
        // The case: the same credit with the same key again (it left 200).
        const again = await op(t.app, path, "dep-1", credit);
        expect(again).toEqual({ ...first, replayed: true });
        // The key in the body, as a player's requestId; the header as a quoted string (the IETF draft's form).
        expect((await op(t.app, path, null, { ...credit, requestId: "dep-1" })).raw).toBe(first.raw);
        expect((await op(t.app, path, '"dep-1"', credit)).raw).toBe(first.raw);
        expect((await op(t.app, path, "dep-1", { ...credit, requestId: "dep-1" })).raw).toBe(first.raw);
        expect(await balanceOf(t, playerId)).toBe(100);
        expect(await credits(t, playerId)).toBe(1);
        expect(await rowCounts(t.db)).toEqual(before);
        // The same key for a different credit, or another route: 409, nothing written.
        const other = await op(t.app, path, "dep-1", { amount: 101, reason: "deposit" });
        expect(other.status).toBe(409);
        expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
        const grant = await op(t.app, `/api/v1/admin/players/${playerId}/bonus-grants`, "dep-1", {
          gameId: MERMAID,
          bet: BET,
          spins: 1,
        });
        expect(grant.status).toBe(409);
        // No key, a malformed key, two different keys: 400, nothing written.
        const none = await op(t.app, path, null, credit);
        expect([none.status, none.body.error.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
        for (const [key, body] of [
          ["has space", credit],
          ["x".repeat(129), credit],
          ["dep-2", { ...credit, requestId: "dep-3" }],
          [null, { ...credit, requestId: 7 }],
        ] as const) {
          const bad = await op(t.app, path, key, body);
          expect([bad.status, bad.body.error.code], JSON.stringify(key)).toEqual([400, "BAD_IDEMPOTENCY_KEY"]);
        }
        expect(await rowCounts(t.db)).toEqual(before);
        // An operator key never meets a player's requestId: the player's "dep-1" is a round of its own.
        const spin = await api(t.app, "POST", `/api/v1/games/${MERMAID}/rounds`, auth, {
          bet: { ...BET, coinValue: 1 },
          requestId: "dep-1",
        });
        expect(spin.status, JSON.stringify(spin.body)).toBe(201);
        // A new key is a new credit.
        expect((await op(t.app, path, "dep-2", credit)).status).toBe(201);
        expect(await credits(t, playerId)).toBe(2);
        const balance = await balanceOf(t, playerId);
        // After a restart the first answer is still the answer.
        await t.close();
        t = await testServer(url);
        expect(await op(t.app, path, "dep-1", credit)).toEqual({ ...first, replayed: true });
        expect(await balanceOf(t, playerId)).toBe(balance);
        // Every call that applied is audited once, with its key.
        const audited = await t.db.read((sql) =>
          sql.query<{ details: string }>("SELECT details FROM admin_audit WHERE action = 'adjust' ORDER BY id"),
        );
        expect(audited.map((a) => JSON.parse(a.details).idempotencyKey)).toEqual(["dep-1", "dep-2"]);
      } finally {
        await t.close();
      }
    });

    it("creating a player takes an optional key: the same key is one player, a launch token is never stored for replay", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const before = await rowCounts(t.db);
        const first = await op(t.app, "/api/v1/admin/players", "signup-1", { name: "Ann" });
        expect(first.status).toBe(201);
        expect(await op(t.app, "/api/v1/admin/players", "signup-1", { name: "Ann" })).toEqual({ ...first, replayed: true });
        const other = await op(t.app, "/api/v1/admin/players", "signup-1", { name: "Bob" });
        expect([other.status, other.body.error.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
        // Without a key (and without an external id) each create is a player, as before.
        expect((await op(t.app, "/api/v1/admin/players", null, { name: "Ann" })).status).toBe(201);
        expect((await rowCounts(t.db)).players).toBe((before.players ?? 0) + 2);
        // Launch tokens are single-use bearer secrets stored hashed: no call stores one in clear.
        const launch = await op(t.app, `/api/v1/admin/players/${first.body.id}/launch-tokens`, "lt-1", {});
        expect(launch.status).toBe(201);
        const stored = await t.db.read((sql) => sql.query<{ response: string }>("SELECT response FROM idempotency"));
        expect(stored.some((r) => r.response.includes(launch.body.launchToken))).toBe(false);
      } finally {
        await t.close();
      }
    });

    it("a refused call stores nothing: its retry with the same key is judged afresh", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { playerId } = await playerSession(t.app, 0);
        const path = `/api/v1/admin/players/${playerId}/adjustments`;
        const debit = { amount: -50, reason: "chargeback" };
        const refused = await op(t.app, path, "cb-1", debit);
        expect(refused.status, refused.raw).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        expect((await op(t.app, path, "top-1", { amount: 80, reason: "deposit" })).status).toBe(201);
        const applied = await op(t.app, path, "cb-1", debit);
        expect([applied.status, applied.body.balance, applied.replayed]).toEqual([201, 30, false]);
      } finally {
        await t.close();
      }
    });

    it(`20 identical credits, grants and cancellations at once apply once${backend.name === "postgres" ? " (across three nodes)" : ""}`, async () => {
      const url = backend.freshUrl();
      const all = await nodes(backend, url);
      const [a] = all as [TestServer];
      try {
        const { playerId, auth } = await playerSession(a.app, 0);
        const race = (path: string, key: string, body: unknown) =>
          Promise.all(Array.from({ length: 20 }, (_, i) => op((all[i % all.length] as TestServer).app, path, key, body)));
        const credited = await race(`/api/v1/admin/players/${playerId}/adjustments`, "race-credit", {
          amount: 100_000,
          reason: "deposit",
        });
        expect(credited.map((c) => c.status)).toEqual(Array(20).fill(201));
        expect(new Set(credited.map((c) => c.raw)).size).toBe(1);
        expect(credited.filter((c) => !c.replayed)).toHaveLength(1);
        expect(await balanceOf(a, playerId)).toBe(100_000);
        expect(await credits(a, playerId)).toBe(1);

        const granted = await race(`/api/v1/admin/players/${playerId}/bonus-grants`, "race-grant", {
          gameId: MERMAID,
          bet: BET,
          spins: 3,
        });
        expect(granted.map((g) => g.status)).toEqual(Array(20).fill(201));
        expect(new Set(granted.map((g) => g.raw)).size).toBe(1);
        const grants = (await api(a.app, "GET", "/api/v1/grants", auth)).body.grants;
        expect(grants).toEqual([{ id: granted[0]?.body.id, gameId: MERMAID, bet: BET, spinsTotal: 3, spinsLeft: 3 }]);

        const open = (
          await api(a.app, "POST", `/api/v1/games/${MERMAID}/rounds`, auth, {
            bet: BET,
            requestId: rid(),
            force: { draws: drawsFor("pick") },
          })
        ).body;
        expect(open.status).toBe("open");
        const cancelled = await race(`/api/v1/admin/rounds/${open.roundId}/cancel`, "race-cancel", { reason: "malfunction" });
        expect(cancelled.map((c) => c.status)).toEqual(Array(20).fill(200));
        expect(new Set(cancelled.map((c) => c.raw)).size).toBe(1);
        const paid = Math.max(open.totalWin, open.totalBet);
        expect(cancelled[0]?.body).toMatchObject({ status: "cancelled", paid, balance: 100_000 - open.totalBet + paid });
        expect(await balanceOf(a, playerId)).toBe(100_000 - open.totalBet + paid);
        // A second cancellation (a new key) is refused: the round is no longer open.
        const second = await op(a.app, `/api/v1/admin/rounds/${open.roundId}/cancel`, "race-cancel-2", {});
        expect([second.status, second.body.error.code]).toEqual([409, "ROUND_NOT_OPEN"]);
        expect((await api(a.app, "GET", "/api/v1/admin/reconciliation", admin)).body.balanced).toBe(true);
      } finally {
        for (const n of all) await n.close();
      }
    });

    it("two identical grants are one grant; its retry is answered after the game was disabled", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { playerId, auth } = await demoSession(t.app);
        const path = `/api/v1/admin/players/${playerId}/bonus-grants`;
        const grant = { gameId: MERMAID, bet: BET, spins: 2 };
        const first = await op(t.app, path, "promo-7", grant);
        expect(first.status).toBe(201);
        expect((await op(t.app, path, "promo-7", grant)).raw).toBe(first.raw);
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants).toHaveLength(1);
        const more = await op(t.app, path, "promo-7", { ...grant, spins: 3 });
        expect([more.status, more.body.error.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
        expect((await api(t.app, "PUT", `/api/v1/admin/config/games/${MERMAID}`, admin, { enabled: false })).status).toBe(200);
        expect(await op(t.app, path, "promo-7", grant)).toEqual({ ...first, replayed: true });
        const fresh = await op(t.app, path, "promo-8", grant);
        expect([fresh.status, fresh.body.error.code]).toEqual([404, "GAME_NOT_FOUND"]);
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants).toHaveLength(1);
      } finally {
        await t.close();
      }
    });

    it(`a jackpot adjustment applies once per key, 20 at once too${backend.name === "postgres" ? " (across three nodes)" : ""}`, async () => {
      const url = backend.freshUrl();
      const all = await nodes(backend, url, { games: [mermaidTreasure, jackpotGame] });
      const [a] = all as [TestServer];
      try {
        const path = "/api/v1/admin/jackpots/adjustments";
        const top = {
          gameId: JACKPOT_GAME,
          pool: "progressive",
          currency: "EUR",
          key: "",
          amountMicro: 1_000_000,
          reason: "boost",
        };
        const current = async () =>
          (await a.db.read((sql) => jackpotMeters(sql))).pools.find((p) => p.pool === "progressive")?.currentMicro;
        expect(await current()).toBe(PROGRESSIVE_SEED);
        const raced = await Promise.all(
          Array.from({ length: 20 }, (_, i) => op((all[i % all.length] as TestServer).app, path, "jp-boost-1", top)),
        );
        expect(raced.map((r) => r.status)).toEqual(Array(20).fill(201));
        expect(new Set(raced.map((r) => r.raw)).size).toBe(1);
        expect(raced[0]?.body).toEqual({ beforeMicro: PROGRESSIVE_SEED, afterMicro: PROGRESSIVE_SEED + 1_000_000 });
        expect(await current()).toBe(PROGRESSIVE_SEED + 1_000_000);
        expect((await op(a.app, path, null, { ...top, requestId: "jp-boost-1" })).raw).toBe(raced[0]?.raw);
        const other = await op(a.app, path, "jp-boost-1", { ...top, amountMicro: 2_000_000 });
        expect([other.status, other.body.error.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
        const none = await op(a.app, path, null, top);
        expect([none.status, none.body.error.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
        const unknown = await op(a.app, path, "jp-boost-2", { ...top, extra: 1 });
        expect([unknown.status, unknown.body.error.code]).toEqual([400, "UNKNOWN_FIELD"]);
        expect(await current()).toBe(PROGRESSIVE_SEED + 1_000_000);
      } finally {
        for (const n of all) await n.close();
      }
    });
  });
}
