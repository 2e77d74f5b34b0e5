/**
 * Issue 8 (hardening): one test (or a few) per finding of the attack run, each reproducing
 * the attack on a real server over real SQLite and PostgreSQL. Bad input is a 4xx in the
 * documented format and changes nothing (row counts and balances compared).
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_AMOUNT } from "../src/config.js";
import { replayRound } from "../src/replay.js";
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
  TOTAL_BET,
  testServer,
} from "./helpers.js";

const ROUNDS = `/api/v1/games/${MERMAID}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };

/** The documented error format, and nothing else in the body. */
function expectProblem(res: { statusCode: number; body: string }, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toMatch(/^[A-Z_]+$/);
  expect(typeof body.error.message).toBe("string");
  if (code) expect(body.error.code).toBe(code);
}

/** Every table's row count and every account's balance: what "nothing written" compares. */
async function snapshot(t: TestServer) {
  const counts = await rowCounts(t.db);
  const balances = await t.db.read((sql) =>
    sql.query<{ id: string; balance: number }>("SELECT id, balance FROM accounts ORDER BY id"),
  );
  return { counts, balances };
}

async function balanceOf(t: TestServer, account: string): Promise<number> {
  const row = await t.db.read((sql) => sql.one<{ balance: number }>("SELECT balance FROM accounts WHERE id = $1", [account]));
  return Number(row?.balance ?? Number.NaN);
}

const inject = (app: FastifyInstance, options: InjectOptions) => app.inject(options);

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`hardening (issue 8) on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    // --- Fail closed ----------------------------------------------------------------------

    it("fail closed: production has no demo sessions, no seeded demo player and no forced outcomes", async () => {
      const t = await testServer(backend.freshUrl(), { REELHOUSE_MODE: "production" });
      try {
        expect(await t.db.read((sql) => sql.one("SELECT id FROM players WHERE id = 'demo'"))).toBeUndefined();
        const before = await snapshot(t);
        const demo = await inject(t.app, { method: "POST", url: "/api/v1/sessions", payload: { demo: true } });
        expectProblem(demo, 403, "DEMO_DISABLED");
        expect(await snapshot(t)).toEqual(before);
        const { auth } = await playerSession(t.app);
        const forced = await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: [0, 0, 0, 0, 0] } });
        expect(forced.body.error.code).toBe("FORCE_REFUSED");
      } finally {
        await t.close();
      }
    });

    it("fail closed: a demo the operator configures in production draws on the demo bank, never on real money, and its rounds are marked demo", async () => {
      const t = await testServer(backend.freshUrl(), { REELHOUSE_MODE: "production", REELHOUSE_DEMO: "on" });
      try {
        const real = ["operator", "promotions", "house", ...Array.from({ length: 15 }, (_, i) => `house:${i + 1}`)];
        const realBefore = await Promise.all(real.map((id) => balanceOf(t, id)));
        const players = await Promise.all(Array.from({ length: 6 }, () => demoSession(t.app)));
        for (const p of players) {
          for (let i = 0; i < 3; i++) {
            const spin = await api(t.app, "POST", ROUNDS, p.auth, { bet: BET, requestId: rid() });
            expect(spin.status, JSON.stringify(spin.body)).toBe(201);
            if (spin.body.status === "open") {
              await api(t.app, "POST", `/api/v1/admin/rounds/${spin.body.roundId}/cancel`, admin, { requestId: rid("op") });
            }
          }
          // An operator adjustment of a demo player moves demo money too.
          await api(t.app, "POST", `/api/v1/admin/players/${p.playerId}/adjustments`, admin, {
            requestId: rid("op"),
            amount: 5,
            reason: "test",
          });
        }
        expect(await Promise.all(real.map((id) => balanceOf(t, id)))).toEqual(realBefore);
        const history = (await api(t.app, "GET", "/api/v1/history", players[0]!.auth)).body;
        expect(history.rounds.length).toBeGreaterThan(0);
        expect(history.rounds.every((r: { demo: boolean; forced: boolean }) => r.demo && !r.forced)).toBe(true);
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec).toMatchObject({ balanced: true, accountSum: 0, rounds: {} });
        expect(Object.keys(rec.demoRounds).length).toBeGreaterThan(0);
        expect(rec.accounts.demo.balance).toBeLessThan(0);
      } finally {
        await t.close();
      }
    });

    it("fail closed: a forced round is marked forced in the round record, in history and in replay", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        const random = (await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid() })).body;
        if (random.status === "open")
          await api(t.app, "POST", `/api/v1/admin/rounds/${random.roundId}/cancel`, admin, { requestId: rid("op") });
        // Started at random, forced in a later step: the round is forced from then on.
        const open = (
          await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("freeSpins") } })
        ).body;
        const next = (
          await api(t.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
            action: { type: "freeSpin" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(next.stepIndex).toBe(1);
        const forcedLater = await api(t.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
          action: { type: "freeSpin" },
          step: 1,
          requestId: rid(),
          force: { draws: [0, 0, 0, 0, 0] },
        });
        expect(forcedLater.status).toBe(200);
        const rows = await t.db.read((sql) =>
          sql.query<{ id: string; forced: number }>("SELECT id, forced FROM rounds WHERE id IN ($1, $2)", [
            random.roundId,
            open.roundId,
          ]),
        );
        expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.forced)]))).toEqual({ [random.roundId]: 0, [open.roundId]: 1 });
        const history = (await api(t.app, "GET", "/api/v1/history", auth)).body;
        const byId = Object.fromEntries(history.rounds.map((r: { roundId: string }) => [r.roundId, r]));
        expect(byId[random.roundId]).toMatchObject({ forced: false, demo: true });
        expect(byId[open.roundId]).toMatchObject({ forced: true });
        const detail = (await api(t.app, "GET", `/api/v1/history/${open.roundId}`, auth)).body;
        expect(detail.forced).toBe(true);
        expect(detail.steps.slice(0, 3).map((s: { forced: boolean }) => s.forced)).toEqual([true, false, true]);
        const adminView = (await api(t.app, "GET", `/api/v1/admin/rounds/${open.roundId}`, admin)).body;
        expect(adminView.forced).toBe(true);
        expect(await replayRound(t.server, open.roundId)).toMatchObject({ ok: true, forced: true, forcedSteps: [0, 2] });
        expect(await replayRound(t.server, random.roundId)).toMatchObject({ ok: true, forced: false, forcedSteps: [] });
      } finally {
        await t.close();
      }
    });

    // --- Finding 2 ------------------------------------------------------------------------

    it("finding 2: an autoplay stop racing an autoplay spin is never undone; the next spin is refused (40 trials)", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        const lose = drawsFor("lose");
        let undone = 0;
        for (let trial = 0; trial < 40; trial++) {
          const ap = (
            await api(t.app, "POST", "/api/v1/autoplay", auth, {
              gameId: MERMAID,
              bet: BET,
              spins: 100,
              lossLimit: 100_000,
              requestId: rid(),
            })
          ).body;
          const spin = api(t.app, "POST", ROUNDS, auth, {
            bet: BET,
            autoplayId: ap.id,
            requestId: rid(),
            force: { draws: lose },
          });
          const stop = api(t.app, "DELETE", `/api/v1/autoplay/${ap.id}`, auth);
          const [spun, stopped] = await Promise.all([spin, stop]);
          expect([201, 409]).toContain(spun.status);
          expect(stopped.body).toMatchObject({ status: "stopped", stopReason: "player" });
          const state = (await api(t.app, "GET", `/api/v1/autoplay/${ap.id}`, auth)).body;
          const after = await api(t.app, "POST", ROUNDS, auth, {
            bet: BET,
            autoplayId: ap.id,
            requestId: rid(),
            force: { draws: lose },
          });
          if (state.status !== "stopped" || after.status !== 409) undone++;
        }
        expect(undone).toBe(0);
      } finally {
        await t.close();
      }
    });

    // --- Finding 3 ------------------------------------------------------------------------

    it("finding 3: random Authorization headers share their address's bucket; another address and verified players are unaffected", async () => {
      const t = await testServer(backend.freshUrl(), {
        REELHOUSE_RATE_LIMIT: "50",
        REELHOUSE_ADDRESS_RATE_LIMIT: "5",
        REELHOUSE_SESSION_RATE_LIMIT: "1000",
      });
      try {
        const attacker = "203.0.113.7";
        const victim = await demoSession(t.app);
        const codes: number[] = [];
        for (let i = 0; i < 60; i++) {
          const forged = `Bearer ${rid("forged")
            .replace(/[^\w-]/g, "")
            .padEnd(43, "x")}`;
          const res = await inject(t.app, {
            method: "GET",
            url: "/api/v1/session",
            headers: { authorization: forged },
            remoteAddress: attacker,
          });
          codes.push(res.statusCode);
          if (res.statusCode === 429) expectProblem(res, 429, "RATE_LIMITED");
        }
        // Burst 10 at 5/s: a handful of 401s, then 429 without a lookup.
        expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(12);
        expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(45);
        // An IPv6 attacker rotating addresses inside its /64 is one bucket too.
        const v6: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await inject(t.app, {
            method: "GET",
            url: "/api/v1/games",
            remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}`,
          });
          v6.push(res.statusCode);
        }
        expect(v6.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
        // Another address, and a verified player at the attacker's address, still get through.
        expect((await inject(t.app, { method: "GET", url: "/api/v1/games", remoteAddress: "198.51.100.1" })).statusCode).toBe(
          200,
        );
        const ok = await inject(t.app, { method: "GET", url: "/api/v1/session", headers: victim.auth, remoteAddress: attacker });
        expect(ok.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });

    it("finding 3: session creation is limited per address; nothing is written for a refused one", async () => {
      const t = await testServer(backend.freshUrl(), {
        REELHOUSE_RATE_LIMIT: "50",
        REELHOUSE_ADDRESS_RATE_LIMIT: "1000",
        REELHOUSE_SESSION_RATE_LIMIT: "10",
      });
      try {
        const before = await rowCounts(t.db);
        const codes: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await inject(t.app, {
            method: "POST",
            url: "/api/v1/sessions",
            payload: { demo: true },
            remoteAddress: "203.0.113.9",
          });
          codes.push(res.statusCode);
          if (res.statusCode !== 201) expectProblem(res, 429, "RATE_LIMITED");
        }
        expect(codes.filter((c) => c === 201)).toHaveLength(10);
        const after = await rowCounts(t.db);
        expect(Number(after.players) - Number(before.players)).toBe(10);
        expect(Number(after.sessions) - Number(before.sessions)).toBe(10);
      } finally {
        await t.close();
      }
    });

    // --- Finding 5 ------------------------------------------------------------------------

    it("finding 5: a malformed autoplayId or grantId is 400 BAD_ID, never a paid spin", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        const before = await snapshot(t);
        for (const field of ["autoplayId", "grantId"]) {
          for (const value of [null, [], "", [[]], 0, {}, true, "ap", "ap_", "ap_X!", `ap_${"a".repeat(80)}`, "rd_abc"]) {
            const res = await inject(t.app, {
              method: "POST",
              url: ROUNDS,
              headers: auth,
              payload: { bet: BET, requestId: rid(), [field]: value },
            });
            expectProblem(res, 400, "BAD_ID");
          }
        }
        expect(await snapshot(t)).toEqual(before);
      } finally {
        await t.close();
      }
    });

    // --- Finding 6 ------------------------------------------------------------------------

    it("finding 6: deep JSON, NUL bytes, lone surrogates and out-of-range numbers are 4xx, never 500, and write nothing", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth, playerId } = await demoSession(t.app);
        const open = (await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("pick") } }))
          .body;
        const ap = (
          await api(t.app, "POST", "/api/v1/autoplay", auth, {
            gameId: MERMAID,
            bet: BET,
            spins: 5,
            lossLimit: 1000,
            requestId: rid(),
          })
        ).body;
        const before = await snapshot(t);
        let deep = "1";
        for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
        const json = () => ({ "content-type": "application/json", ...auth, ...admin });
        const cases: InjectOptions[] = [
          {
            method: "POST",
            url: `/api/v1/rounds/${open.roundId}/actions`,
            headers: json(),
            body: `{"action":${deep},"step":0,"requestId":"r1"}`,
          },
          { method: "POST", url: ROUNDS, headers: json(), body: `{"bet":${deep},"requestId":"r2"}` },
          {
            method: "POST",
            url: ROUNDS,
            headers: json(),
            body: `{"bet":{"coinValue":10,"coinsPerLine":1,"lines":15},"requestId":"r3","force":${deep}}`,
          },
          {
            method: "POST",
            url: "/api/v1/autoplay",
            headers: json(),
            body: `{"gameId":"${MERMAID}","bet":${deep},"spins":1,"lossLimit":1,"requestId":"r4"}`,
          },
          { method: "PUT", url: `/api/v1/preferences/${MERMAID}`, headers: json(), body: `{"preferences":${deep}}` },
          { method: "POST", url: "/api/v1/sessions", headers: json(), body: `{"launchToken":${deep}}` },
          {
            method: "POST",
            url: `/api/v1/admin/players/${playerId}/adjustments`,
            headers: json(),
            body: `{"amount":${deep},"reason":"x"}`,
          },
          { method: "PUT", url: `/api/v1/admin/games/${MERMAID}/config`, headers: json(), body: `{"config":${deep}}` },
          { method: "POST", url: ROUNDS, headers: auth, payload: { bet: BET, requestId: rid(), grantId: "gr_a\u0000b" } },
          { method: "POST", url: "/api/v1/admin/players", headers: admin, payload: { name: "nul\u0000name" } },
          { method: "POST", url: "/api/v1/admin/players", headers: admin, payload: { name: "ok", externalId: "x\u0000" } },
          { method: "POST", url: "/api/v1/admin/players", headers: admin, payload: { name: "lone \ud800 surrogate" } },
          {
            method: "POST",
            url: `/api/v1/admin/players/${playerId}/adjustments`,
            headers: admin,
            payload: { requestId: rid("op"), amount: 5, reason: "a\u0000b" },
          },
          { method: "PUT", url: `/api/v1/preferences/${MERMAID}`, headers: auth, payload: { preferences: { k: "\u0000" } } },
          { method: "POST", url: "/api/v1/sessions", payload: { launchToken: `${"a".repeat(20)}\u0000` } },
          { method: "GET", url: "/api/v1/history/rd_a%00b", headers: auth },
          { method: "GET", url: "/api/v1/autoplay/ap_a%00b", headers: auth },
          { method: "DELETE", url: "/api/v1/autoplay/a%00b", headers: auth },
          { method: "GET", url: "/api/v1/games/mermaid%00", headers: auth },
          { method: "GET", url: "/api/v1/admin/players/pl%00x", headers: admin },
          { method: "POST", url: "/api/v1/admin/rounds/rd%00x/cancel", headers: admin, payload: { requestId: rid("op") } },
          { method: "GET", url: "/api/v1/history?to=99999999999999999999", headers: auth },
          { method: "GET", url: "/api/v1/history?from=-5", headers: auth },
          { method: "GET", url: "/api/v1/history?to=1e300", headers: auth },
          { method: "GET", url: "/api/v1/history?from=%00", headers: auth },
          { method: "GET", url: "/api/v1/history?limit=1e3&limit=2", headers: auth },
          { method: "GET", url: "/api/v1/admin/reconciliation?to=1e300", headers: admin },
          { method: "GET", url: "/api/v1/admin/reconciliation?from=99999999999999999999", headers: admin },
          { method: "GET", url: "/api/v1/admin/reconciliation?to=+275760-09-13", headers: admin },
          {
            method: "POST",
            url: "/api/v1/autoplay",
            headers: auth,
            payload: { gameId: MERMAID, bet: BET, spins: 1, lossLimit: 1e300, requestId: rid() },
          },
          {
            method: "POST",
            url: "/api/v1/autoplay",
            headers: auth,
            payload: { gameId: MERMAID, bet: BET, spins: 1, lossLimit: 10, singleWinLimit: 2 ** 60, requestId: rid() },
          },
          {
            method: "POST",
            url: `/api/v1/rounds/${open.roundId}/actions`,
            headers: auth,
            payload: { action: { type: "pick", object: 1e300 }, step: 0, requestId: rid() },
          },
          { method: "PUT", url: "/api/v1/admin/config/jurisdictions/default", headers: admin, payload: { idleTimeoutMs: 1e300 } },
          { method: "PUT", url: "/api/v1/admin/config/jurisdictions/default", headers: admin, payload: { maxStake: 2 ** 62 } },
          {
            method: "POST",
            url: `/api/v1/admin/players/${playerId}/launch-tokens`,
            headers: admin,
            payload: { ttlSeconds: 1e300 },
          },
          { method: "DELETE", url: `/api/v1/autoplay/${ap.id}x!`, headers: auth },
        ];
        for (const c of cases) {
          const res = await inject(t.app, c);
          expect(res.statusCode, `${c.method} ${c.url} -> ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${c.method} ${c.url} -> ${res.body}`).toBeLessThan(500);
          expectProblem(res, res.statusCode);
        }
        expect(await snapshot(t)).toEqual(before);
      } finally {
        await t.close();
      }
    });

    // --- Finding 8 ------------------------------------------------------------------------

    it("finding 8: disabling a game stops new rounds only: open rounds finish and answered starts replay", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        const start = { bet: BET, requestId: rid(), force: { draws: drawsFor("freeSpins") } };
        const first = await api(t.app, "POST", ROUNDS, auth, start);
        expect(first.status).toBe(201);
        const off = await api(t.app, "PUT", `/api/v1/admin/config/games/${MERMAID}`, admin, { enabled: false });
        expect(off.status).toBe(200);
        // A retry of the answered start gets its stored answer, byte for byte.
        const retry = await inject(t.app, { method: "POST", url: ROUNDS, headers: auth, payload: start });
        expect(retry.statusCode).toBe(201);
        expect(retry.json()).toEqual(first.body);
        // A new round is refused.
        const fresh = await inject(t.app, {
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid() },
        });
        expectProblem(fresh, 404, "GAME_NOT_FOUND");
        // The open round plays to its end.
        let step = first.body;
        while (step.awaiting) {
          const a = step.awaiting as { type: string; opened?: number[] };
          const action =
            a.type === "pick"
              ? { type: "pick", object: [...Array(12).keys()].find((o) => !a.opened?.includes(o)) }
              : { type: a.type };
          const res = await api(t.app, "POST", `/api/v1/rounds/${step.roundId}/actions`, auth, {
            action,
            step: step.stepIndex,
            requestId: rid(),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          step = res.body;
        }
        expect(step.status).toBe("completed");
        expect((await api(t.app, "GET", `/api/v1/history/${step.roundId}`, auth)).status).toBe(200);
      } finally {
        await t.close();
      }
    });

    // --- Finding 9 ------------------------------------------------------------------------

    it("finding 9: idle expiry is exact both ways (no cache slack)", async () => {
      let now = 1_800_000_000_000;
      const t = await testServer(backend.freshUrl(), {}, { now: () => now });
      try {
        const set = await api(t.app, "PUT", "/api/v1/admin/config/jurisdictions/default", admin, { idleTimeoutMs: 2000 });
        expect(set.status).toBe(200);
        const session = (await demoSession(t.app)).auth;
        const get = () => inject(t.app, { method: "GET", url: "/api/v1/session", headers: session });
        // Late side: 2001 ms idle (inside the old 5 s cache) is expired.
        expect((await get()).statusCode).toBe(200);
        now += 2001;
        expectProblem(await get(), 401, "SESSION_EXPIRED");
        expectProblem(await get(), 401, "SESSION_ENDED");

        // Early side: activity seen only through the cache still counts, on this node and another.
        await api(t.app, "PUT", "/api/v1/admin/config/jurisdictions/default", admin, { idleTimeoutMs: 10_000 });
        const s2 = (await demoSession(t.app)).auth;
        const get2 = () => inject(t.app, { method: "GET", url: "/api/v1/session", headers: s2 });
        expect((await get2()).statusCode).toBe(200);
        now += 4000;
        // A spin (the request's own transaction stores the time).
        expect(
          (await api(t.app, "POST", ROUNDS, s2, { bet: BET, requestId: rid(), force: { draws: drawsFor("lose") } })).status,
        ).toBe(201);
        now += 10_000;
        expect((await get2()).statusCode).toBe(200);
        // Another node (no cache) judges from the stored time.
        const other = await testServer(t.config.databaseUrl, {}, { now: () => now });
        try {
          now += 10_000;
          expect((await inject(other.app, { method: "GET", url: "/api/v1/session", headers: s2 })).statusCode).toBe(200);
          now += 10_001;
          expectProblem(await inject(other.app, { method: "GET", url: "/api/v1/session", headers: s2 }), 401, "SESSION_EXPIRED");
        } finally {
          await other.close();
        }
      } finally {
        await t.close();
      }
    });

    // --- Finding 10 -----------------------------------------------------------------------

    it("finding 10: security headers on every answer; /metrics and /docs need the admin key outside dev mode", async () => {
      const t = await testServer(backend.freshUrl(), { REELHOUSE_TRUST_PROXY: "1" });
      try {
        for (const url of ["/api/v1/games", "/api/v1/session", "/api/v1/nothing", "/healthz"]) {
          const res = await inject(t.app, { method: "GET", url });
          expect(res.headers["x-content-type-options"]).toBe("nosniff");
          expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
          expect(res.headers["x-frame-options"]).toBe("DENY");
          expect(res.headers["cache-control"]).toBe("no-store");
          expect(res.headers["strict-transport-security"]).toBeUndefined();
        }
        const tls = await inject(t.app, { method: "GET", url: "/api/v1/games", headers: { "x-forwarded-proto": "https" } });
        expect(tls.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
        for (const url of ["/metrics", "/docs", "/docs/json"]) {
          expectProblem(await inject(t.app, { method: "GET", url }), 401, "BAD_ADMIN_KEY");
          expectProblem(await inject(t.app, { method: "GET", url, headers: { "x-admin-key": "wrong-key-0123456789" } }), 401);
          const ok = await inject(t.app, { method: "GET", url, headers: admin });
          expect(ok.statusCode, url).toBeLessThan(400);
        }
        const scrape = await inject(t.app, { method: "GET", url: "/metrics", headers: { authorization: `Bearer ${ADMIN_KEY}` } });
        expect(scrape.statusCode).toBe(200);
        expect(scrape.body).toContain("reelhouse_bets_minor_total");
      } finally {
        await t.close();
      }
      const dev = await testServer(backend.freshUrl(), { REELHOUSE_MODE: "dev" });
      try {
        expect((await inject(dev.app, { method: "GET", url: "/metrics" })).statusCode).toBe(200);
      } finally {
        await dev.close();
      }
    });

    // --- Finding 11 -----------------------------------------------------------------------

    it("finding 11: jurisdiction names are looked up safely: constructor, __proto__, toString", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const before = await snapshot(t);
        for (const jurisdiction of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
          const res = await inject(t.app, {
            method: "POST",
            url: "/api/v1/admin/players",
            headers: admin,
            payload: { name: "x", jurisdiction },
          });
          expectProblem(res, 400, "BAD_PLAYER");
        }
        for (const id of ["__proto__", "a%00", "-x", "x".repeat(40)]) {
          const res = await inject(t.app, {
            method: "PUT",
            url: `/api/v1/admin/config/jurisdictions/${id}`,
            headers: admin,
            payload: { autoplay: false },
          });
          expect(res.statusCode).toBe(400);
        }
        expect(await snapshot(t)).toEqual(before);
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).autoplay).toBeUndefined();
        // A stored player with such a jurisdiction (written before this check) gets the default profile, idle timeout included.
        const { playerId, auth } = await demoSession(t.app);
        await t.db.tx((sql) => sql.run("UPDATE players SET jurisdiction = 'constructor' WHERE id = $1", [playerId]));
        expect(t.server.profileOf("constructor").idleTimeoutMs).toBe(30 * 60_000);
        expect(t.server.profileOf("__proto__").id).toBe("default");
        expect((await api(t.app, "GET", "/api/v1/session", auth)).status).toBe(200);
        const config = (await api(t.app, "GET", "/api/v1/admin/config", admin)).body;
        expect(Object.keys(config.jurisdictions).sort()).toEqual(["GB", "default"]);
      } finally {
        await t.close();
      }
    });

    it("finding 11: amounts are capped, balances stay within 2^53 and every sum is exact", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { playerId } = await playerSession(t.app, 0);
        const adjust = (amount: number) =>
          inject(t.app, {
            method: "POST",
            url: `/api/v1/admin/players/${playerId}/adjustments`,
            headers: admin,
            payload: { requestId: rid("op"), amount, reason: "t" },
          });
        const before = await snapshot(t);
        for (const amount of [Number.MAX_SAFE_INTEGER, MAX_AMOUNT + 1, -(MAX_AMOUNT + 1), 2 ** 53, 1e300]) {
          expectProblem(await adjust(amount), 400, "BAD_AMOUNT");
        }
        expect(await snapshot(t)).toEqual(before);
        expect((await adjust(MAX_AMOUNT)).statusCode).toBe(201);
        // Seed demo players near the limit through the ledger itself (each funded by its own demo shard).
        const seeded: string[] = [];
        for (let i = 0; seeded.length < 3 && i < 200; i++) {
          const { playerId: p } = await demoSession(t.app);
          const shard = (
            await t.db.read((sql) =>
              sql.one<{ account_id: string }>(
                "SELECT e.account_id FROM ledger_entries e JOIN transactions x ON x.id = e.tx_id WHERE x.player_id = $1 AND e.account_id <> $2",
                [p, `player:${p}`],
              ),
            )
          )?.account_id as string;
          if (seeded.some((s) => s.endsWith(`|${shard}`))) continue;
          seeded.push(`${p}|${shard}`);
        }
        // The first close to the limit, the others at 4e15 + 1: their sum is beyond 2^53.
        const seedOf = (i: number) => (i === 0 ? Number.MAX_SAFE_INTEGER - 2 * MAX_AMOUNT - 200_000 : 4_000_000_000_000_001);
        for (const [i, s] of seeded.entries()) {
          const big = seedOf(i);
          const [p, shard] = s.split("|") as [string, string];
          await t.db.tx(async (sql) => {
            const tx = `tx_seed${p.slice(3)}`;
            await sql.run(
              "INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, note, unit) VALUES ($1, 'demo-funding', $2, NULL, $3, 0, 1, 'seed', 'cash')",
              [tx, p, big],
            );
            await sql.run("UPDATE accounts SET balance = balance + $1 WHERE id = $2", [big, `player:${p}`]);
            await sql.run("UPDATE accounts SET balance = balance - $1 WHERE id = $2", [big, shard]);
            const after = await sql.one<{ a: number; b: number }>(
              "SELECT (SELECT balance FROM accounts WHERE id = $1) AS a, (SELECT balance FROM accounts WHERE id = $2) AS b",
              [`player:${p}`, shard],
            );
            await sql.run(
              "INSERT INTO ledger_entries (tx_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)",
              [tx, `player:${p}`, big, after?.a, shard, -big, after?.b],
            );
          });
        }
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec.balanced).toBe(true);
        expect(rec.accountSum).toBe(0);
        // Three players at 4e15+1 and more: beyond 2^53, reported exactly as a decimal string.
        const players = BigInt(rec.accounts.player.balance);
        expect(players).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
        expect(typeof rec.accounts.player.balance).toBe("string");
        expect(players + BigInt(rec.accounts.demo.balance) + BigInt(rec.accounts.operator.balance)).toBe(0n);
        // A movement that would take an account past 2^53 - 1 is refused and writes nothing.
        const [p0] = seeded[0]!.split("|") as [string];
        let credited = 0;
        let refused = 0;
        for (let i = 0; i < 5 && refused === 0; i++) {
          const state = await snapshot(t);
          const res = await inject(t.app, {
            method: "POST",
            url: `/api/v1/admin/players/${p0}/adjustments`,
            headers: admin,
            payload: { requestId: rid("op"), amount: MAX_AMOUNT, reason: "t" },
          });
          if (res.statusCode === 201) credited++;
          else {
            expectProblem(res, 409, "BALANCE_LIMIT");
            expect(await snapshot(t)).toEqual(state);
            refused++;
          }
        }
        expect(credited).toBeGreaterThanOrEqual(1);
        expect(refused).toBe(1);
        const final = (await api(t.app, "GET", `/api/v1/admin/players/${p0}`, admin)).body;
        expect(Number.isSafeInteger(final.balance)).toBe(true);
        expect((await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });

    // --- Finding 12 -----------------------------------------------------------------------

    it("finding 12: unknown fields inside an action, a bet or a force are refused like top-level ones", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        const open = (
          await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("freeSpins") } })
        ).body;
        const before = await snapshot(t);
        const act = (action: unknown) =>
          inject(t.app, {
            method: "POST",
            url: `/api/v1/rounds/${open.roundId}/actions`,
            headers: auth,
            payload: { action, step: 0, requestId: rid() },
          });
        expectProblem(await act({ type: "freeSpin", win: 999_999 }), 400, "UNKNOWN_FIELD");
        expectProblem(await act({ type: "freeSpin", object: 3 }), 400, "UNKNOWN_FIELD");
        const bad = [
          { bet: { ...BET, extra: 1 }, requestId: rid() },
          { bet: BET, requestId: rid(), force: { draws: [0], extra: true } },
        ];
        for (const payload of bad)
          expect((await inject(t.app, { method: "POST", url: ROUNDS, headers: auth, payload })).statusCode).toBe(400);
        const auto = await inject(t.app, {
          method: "POST",
          url: "/api/v1/autoplay",
          headers: auth,
          payload: { gameId: MERMAID, bet: { ...BET, turbo: true }, spins: 1, lossLimit: 10, requestId: rid() },
        });
        expect(auto.statusCode).toBe(400);
        expect(await snapshot(t)).toEqual(before);
        expect((await act({ type: "freeSpin" })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
}

// Balances in a real-money production round go to the house (the demo bank is untouched).
describe("real money stays real", () => {
  const sqlite = BACKENDS[0]!;
  afterAll(() => sqlite.cleanup());
  it("a real player's spin moves money against the house, never the demo bank", async () => {
    const t = await testServer(sqlite.freshUrl(), { REELHOUSE_MODE: "production" });
    try {
      const { auth } = await playerSession(t.app, 10_000);
      const spin = await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid() });
      expect(spin.status).toBe(201);
      const demo = await t.db.read((sql) =>
        sql.one<{ s: number }>("SELECT COALESCE(SUM(balance), 0) AS s FROM accounts WHERE kind = 'demo'"),
      );
      expect(Number(demo?.s)).toBe(0);
      expect(spin.body.balance).toBe(10_000 - TOTAL_BET + spin.body.totalWin);
    } finally {
      await t.close();
    }
  });
});
