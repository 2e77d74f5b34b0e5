import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayRound } from "../src/replay.js";
import { GameServer } from "../src/service.js";
import {
  ADMIN_KEY,
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

async function reconciliation(app: FastifyInstance) {
  const res = await app.inject({ method: "GET", url: "/api/v1/admin/reconciliation", headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json() as { balanced: boolean; accountSum: number; bets: number; wins: number };
}

/** Plays every awaited step of an open round (free spins; picks open the lowest closed object). */
async function playOut(app: FastifyInstance, auth: Record<string, string>, first: any) {
  let step = first;
  while (step.awaiting) {
    const a = step.awaiting;
    const action = a.type === "pick" ? { type: "pick", object: firstClosed(a.opened) } : { type: a.type };
    const res = await app.inject({
      method: "POST",
      url: `/api/v1/rounds/${step.roundId}/actions`,
      headers: auth,
      payload: { action, step: step.stepIndex, requestId: rid() },
    });
    expect(res.statusCode, res.body).toBe(200);
    step = res.json();
  }
  return step;
}
const firstClosed = (opened: number[]) => {
  let o = 0;
  while (opened.includes(o)) o++;
  return o;
};

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`game server API on ${backend.name}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await testServer(backend.freshUrl());
    });
    afterAll(async () => {
      await t?.close();
      await backend.cleanup();
    });

    it("serves a demo session, a paid spin, history and an exact replay", async () => {
      const { auth } = await demoSession(t.app);
      const games = (await t.app.inject({ method: "GET", url: "/api/v1/games" })).json();
      expect(games.games.map((g: { id: string }) => g.id)).toContain(MERMAID);
      const describeRes = await t.app.inject({ method: "GET", url: `/api/v1/games/${MERMAID}` });
      expect(describeRes.json().bet.coinValues).toContain(10);
      const res = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: auth,
        payload: { bet: BET, requestId: rid(), force: { draws: drawsFor("win") } },
      });
      expect(res.statusCode, res.body).toBe(201);
      const step = res.json();
      expect(step.status).toBe("completed");
      expect(step.win).toBeGreaterThan(0);
      expect(step.balance).toBe(100_000 - TOTAL_BET + step.totalWin);
      const history = (await t.app.inject({ method: "GET", url: "/api/v1/history", headers: auth })).json();
      expect(history.rounds[0].roundId).toBe(step.roundId);
      expect(history.rounds[0].balanceAfter).toBe(step.balance);
      expect(history.transactions.map((x: { kind: string }) => x.kind)).toEqual(["win", "bet", "demo-funding"]);
      expect(history.transactions[0].balanceAfter).toBe(step.balance);
      const detail = (await t.app.inject({ method: "GET", url: `/api/v1/history/${step.roundId}`, headers: auth })).json();
      expect(detail.steps[0].events).toEqual(step.events);
      const replay = await replayRound(t.server, step.roundId);
      expect(replay).toMatchObject({ ok: true, steps: 1 });
      expect((await reconciliation(t.app)).balanced).toBe(true);
    });

    it("plays free spins and a pick bonus as steps, credits the win at the end, and recovers the open round", async () => {
      const { auth } = await demoSession(t.app);
      for (const wanted of ["freeSpins", "pick"] as const) {
        const before = (await t.app.inject({ method: "GET", url: "/api/v1/session", headers: auth })).json().balance;
        const res = await t.app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: drawsFor(wanted) } },
        });
        expect(res.statusCode, res.body).toBe(201);
        const first = res.json();
        expect(first.status).toBe("open");
        expect(first.awaiting.feature).toBe(true);
        expect(first.balance).toBe(before - TOTAL_BET); // the win waits for the round's end
        const open = (await t.app.inject({ method: "GET", url: "/api/v1/rounds/open", headers: auth })).json();
        expect(open.rounds).toHaveLength(1);
        expect(open.rounds[0]).toMatchObject({ roundId: first.roundId, stepIndex: 0, awaiting: first.awaiting });
        expect(open.rounds[0].steps[0].events).toEqual(first.events);
        const again = await t.app.inject({ method: "POST", url: ROUNDS, headers: auth, payload: { bet: BET, requestId: rid() } });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toMatchObject({ code: "ROUND_OPEN", details: { roundId: first.roundId } });
        const last = await playOut(t.app, auth, first);
        expect(last.status).toBe("completed");
        expect(last.balance).toBe(before - TOTAL_BET + last.totalWin);
        expect((await replayRound(t.server, first.roundId)).ok).toBe(true);
      }
      expect((await reconciliation(t.app)).balanced).toBe(true);
    });

    it("answers 50 identical concurrent requests once: same answer, money moved once", async () => {
      const { auth } = await demoSession(t.app);
      const payload = { bet: BET, requestId: rid("same") };
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: "POST", url: ROUNDS, headers: auth, payload })),
      );
      const bodies = new Set(answers.map((a) => a.body));
      expect(answers.every((a) => a.statusCode === 201)).toBe(true);
      expect(bodies.size).toBe(1);
      const history = (await t.app.inject({ method: "GET", url: "/api/v1/history", headers: auth })).json();
      expect(history.rounds).toHaveLength(1);
      expect(history.transactions.filter((x: { kind: string }) => x.kind === "bet")).toHaveLength(1);
      const reuse = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: auth,
        payload: { ...payload, bet: { ...BET, lines: 1 } },
      });
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json().error.code).toBe("REQUEST_ID_REUSED");
    });

    it("keeps one open round per player and game under concurrent starts", async () => {
      const { auth, playerId } = await demoSession(t.app);
      const draws = drawsFor("freeSpins");
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({ method: "POST", url: ROUNDS, headers: auth, payload: { bet: BET, requestId: rid(), force: { draws } } }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(11);
      const open = await t.db.read((sql) =>
        sql.query("SELECT id FROM rounds WHERE player_id = $1 AND status = 'open'", [playerId]),
      );
      expect(open).toHaveLength(1);
      const bal = (await t.app.inject({ method: "GET", url: "/api/v1/session", headers: auth })).json().balance;
      expect(bal).toBe(100_000 - TOTAL_BET);
    });

    it("answers malformed and foreign requests with 4xx and writes nothing", async () => {
      const a = await demoSession(t.app);
      const b = await demoSession(t.app);
      const open = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: b.auth,
        payload: { bet: BET, requestId: rid(), force: { draws: drawsFor("pick") } },
      });
      const foreignRound = open.json().roundId as string;
      const poor = await demoSession(t.app);
      await t.app.inject({
        method: "POST",
        url: `/api/v1/admin/players/${poor.playerId}/adjustments`,
        headers: admin,
        payload: { requestId: rid("op"), amount: -99_990, reason: "test" },
      });
      const before = await rowCounts(t.db);
      const bad: {
        method: "POST" | "GET" | "DELETE";
        url: string;
        headers?: Record<string, string>;
        payload?: unknown;
        body?: string;
      }[] = [
        { method: "POST", url: ROUNDS, payload: { bet: BET, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: { authorization: "Bearer nope" }, payload: { bet: BET, requestId: rid() } },
        {
          method: "POST",
          url: ROUNDS,
          headers: { authorization: `Bearer ${"x".repeat(43)}` },
          payload: { bet: BET, requestId: rid() },
        },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: "" } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: "has spaces!" } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: { ...BET, coinValue: 3 }, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: { ...BET, lines: 16 }, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: { ...BET, coinsPerLine: 1.5 }, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: { ...BET, extra: 1 }, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: "150", requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: rid(), surprise: true } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: rid(), force: { draws: [-1] } } },
        {
          method: "POST",
          url: ROUNDS,
          headers: a.auth,
          payload: { bet: BET, requestId: rid(), force: { draws: [1e9, 0, 0, 0, 0] } },
        },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: rid(), force: "stops" } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { bet: BET, requestId: rid(), autoplayId: "ap_nope" } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: { requestId: rid(), grantId: "gr_nope" } },
        { method: "POST", url: ROUNDS, headers: a.auth, payload: [1, 2] },
        { method: "POST", url: ROUNDS, headers: { ...a.auth, "content-type": "application/json" }, body: "{not json" },
        { method: "POST", url: ROUNDS, headers: { ...a.auth, "content-type": "text/plain" }, body: "hello" },
        { method: "POST", url: "/api/v1/games/no-such-game/rounds", headers: a.auth, payload: { bet: BET, requestId: rid() } },
        { method: "POST", url: ROUNDS, headers: poor.auth, payload: { bet: BET, requestId: rid() } },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: a.auth,
          payload: { action: { type: "pick", object: 0 }, step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "freeSpin" }, step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "pick", object: 12 }, step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "pick", object: -1 }, step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: "pick", step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "pick", object: 0 }, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "pick", object: 0 }, step: 1, requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "pick", object: 0 }, step: "0", requestId: rid() },
        },
        {
          method: "POST",
          url: `/api/v1/rounds/${foreignRound}/actions`,
          headers: b.auth,
          payload: { action: { type: "platform", answer: { kind: "jackpotValue" } }, step: 0, requestId: rid() },
        },
        {
          method: "POST",
          url: "/api/v1/rounds/rd_nope/actions",
          headers: b.auth,
          payload: { action: { type: "pick", object: 0 }, step: 0, requestId: rid() },
        },
        { method: "GET", url: `/api/v1/history/${foreignRound}`, headers: a.auth },
        { method: "GET", url: "/api/v1/history?limit=0", headers: a.auth },
        { method: "GET", url: "/api/v1/history?from=yesterday", headers: a.auth },
        {
          method: "POST",
          url: "/api/v1/autoplay",
          headers: a.auth,
          payload: { gameId: MERMAID, bet: BET, spins: 10, requestId: rid() },
        },
        {
          method: "POST",
          url: "/api/v1/autoplay",
          headers: a.auth,
          payload: { gameId: MERMAID, bet: BET, spins: 101, lossLimit: 100, requestId: rid() },
        },
        {
          method: "POST",
          url: "/api/v1/autoplay",
          headers: a.auth,
          payload: { gameId: MERMAID, bet: BET, spins: 5, lossLimit: 0, requestId: rid() },
        },
        { method: "DELETE", url: "/api/v1/autoplay/ap_nope", headers: a.auth },
        { method: "POST", url: "/api/v1/sessions", payload: { demo: "yes" } },
        { method: "POST", url: "/api/v1/sessions", payload: { launchToken: "0123456789abcdef" } },
        { method: "POST", url: "/api/v1/admin/players", payload: { name: "x" } },
        { method: "POST", url: "/api/v1/admin/players", headers: { "x-admin-key": "wrong" }, payload: { name: "x" } },
        {
          method: "POST",
          url: `/api/v1/admin/players/${a.playerId}/adjustments`,
          headers: admin,
          payload: { requestId: rid("op"), amount: 1.5, reason: "x" },
        },
        {
          method: "POST",
          url: `/api/v1/admin/players/${a.playerId}/adjustments`,
          headers: admin,
          payload: { requestId: rid("op"), amount: -1e9, reason: "x" },
        },
        { method: "POST", url: "/api/v1/admin/rounds/rd_nope/cancel", headers: admin, payload: { requestId: rid("op") } },
        { method: "GET", url: "/api/v1/nothing-here", headers: a.auth },
      ];
      for (const r of bad) {
        const res = await t.app.inject(r as import("fastify").InjectOptions);
        expect(
          res.statusCode,
          `${r.method} ${r.url} ${JSON.stringify(r.payload ?? r.body)} -> ${res.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
      }
      const insufficient = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: poor.auth,
        payload: { bet: BET, requestId: rid() },
      });
      expect(insufficient.json().error).toMatchObject({
        code: "INSUFFICIENT_FUNDS",
        details: { minBet: { coinValue: 1, coinsPerLine: 1, lines: 1 } },
      });
      const after = await rowCounts(t.db);
      // Authentication refreshes nothing the counts see; every table is unchanged.
      expect(after).toEqual(before);
    });

    it("stops autoplay on the exact spin a limit is reached and never plays a feature", async () => {
      const { auth } = await demoSession(t.app);
      const lose = drawsFor("lose");
      const create = async (extra: object) => {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/v1/autoplay",
          headers: auth,
          payload: { gameId: MERMAID, bet: BET, spins: 10, requestId: rid(), ...extra },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };
      const spin = (autoplayId: string, draws: number[]) =>
        t.app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), autoplayId, force: { draws } },
        });

      // Loss limit 3 bets: losing spins 1, 2 run on, spin 3 reaches it.
      const byLoss = await create({ lossLimit: 3 * TOTAL_BET });
      for (let i = 1; i <= 3; i++) {
        const s = (await spin(byLoss, lose)).json();
        expect(s.autoplay).toMatchObject({
          spinsDone: i,
          net: -i * TOTAL_BET,
          status: i < 3 ? "running" : "stopped",
          stopReason: i < 3 ? null : "lossLimit",
        });
      }
      const refused = await spin(byLoss, lose);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe("AUTOPLAY_STOPPED");

      // Single-win limit: the first winning spin stops it.
      const winDraws = drawsFor("win");
      const byWin = await create({ lossLimit: 100_000, singleWinLimit: 1 });
      expect((await spin(byWin, lose)).json().autoplay.status).toBe("running");
      expect((await spin(byWin, winDraws)).json().autoplay).toMatchObject({
        spinsDone: 2,
        status: "stopped",
        stopReason: "singleWinLimit",
      });

      // A feature stops it: the free spins wait for the player.
      const byFeature = await create({ lossLimit: 100_000 });
      const feature = (await spin(byFeature, drawsFor("freeSpins"))).json();
      expect(feature.autoplay).toMatchObject({ status: "stopped", stopReason: "feature" });
      expect(feature.awaiting.feature).toBe(true);
      const settled = await playOut(t.app, auth, feature);
      // The stopped autoplay's result counts the feature round's win once the round settles.
      expect(settled.totalWin).toBeGreaterThan(0);
      const after = await t.app.inject({ method: "GET", url: `/api/v1/autoplay/${byFeature}`, headers: auth });
      expect(after.json()).toMatchObject({ status: "stopped", net: settled.totalWin - TOTAL_BET });

      // Spin count: finished after exactly N.
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/autoplay",
        headers: auth,
        payload: { gameId: MERMAID, bet: BET, spins: 2, lossLimit: 100_000, requestId: rid() },
      });
      const bySpins = res.json().id;
      expect((await spin(bySpins, lose)).json().autoplay.status).toBe("running");
      expect((await spin(bySpins, lose)).json().autoplay).toMatchObject({
        spinsDone: 2,
        status: "finished",
        stopReason: "spins",
      });

      // The player stops one.
      const byPlayer = await create({ lossLimit: 1000 });
      const stopped = await t.app.inject({ method: "DELETE", url: `/api/v1/autoplay/${byPlayer}`, headers: auth });
      expect(stopped.json()).toMatchObject({ status: "stopped", stopReason: "player" });
    });

    it("lets the operator create players, launch sessions, adjust, grant bonus spins and cancel a round", async () => {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/v1/admin/players",
        headers: admin,
        payload: { name: "Alice" },
      });
      expect(created.statusCode).toBe(201);
      const player = created.json().id as string;
      const launch = (
        await t.app.inject({ method: "POST", url: `/api/v1/admin/players/${player}/launch-tokens`, headers: admin, payload: {} })
      ).json();
      const session = await t.app.inject({
        method: "POST",
        url: "/api/v1/sessions",
        payload: { launchToken: launch.launchToken },
      });
      expect(session.statusCode).toBe(201);
      expect(session.json().balance).toBe(0);
      const reuse = await t.app.inject({ method: "POST", url: "/api/v1/sessions", payload: { launchToken: launch.launchToken } });
      expect(reuse.statusCode).toBe(401);
      const auth = { authorization: `Bearer ${session.json().token}` };
      const credit = await t.app.inject({
        method: "POST",
        url: `/api/v1/admin/players/${player}/adjustments`,
        headers: admin,
        payload: { requestId: rid("op"), amount: 1000, reason: "deposit" },
      });
      expect(credit.json().balance).toBe(1000);

      // Bonus spins: the grant's bet, nothing debited.
      const grant = (
        await t.app.inject({
          method: "POST",
          url: `/api/v1/admin/players/${player}/bonus-grants`,
          headers: admin,
          payload: { requestId: rid("op"), gameId: MERMAID, bet: BET, spins: 1 },
        })
      ).json();
      const granted = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: auth,
        payload: { grantId: grant.id, requestId: rid(), force: { draws: drawsFor("lose") } },
      });
      expect(granted.statusCode, granted.body).toBe(201);
      expect(granted.json()).toMatchObject({ balance: 1000, totalBet: TOTAL_BET, win: 0 });
      const usedUp = await t.app.inject({
        method: "POST",
        url: ROUNDS,
        headers: auth,
        payload: { grantId: grant.id, requestId: rid() },
      });
      expect(usedUp.json().error.code).toBe("GRANT_USED_UP");

      // Cancel an open round: the better of won-so-far and the refund.
      const open = (
        await t.app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: drawsFor("pick") } },
        })
      ).json();
      expect(open.balance).toBe(1000 - TOTAL_BET);
      const cancel = await t.app.inject({
        method: "POST",
        url: `/api/v1/admin/rounds/${open.roundId}/cancel`,
        headers: admin,
        payload: { requestId: rid("op"), reason: "malfunction" },
      });
      expect(cancel.json()).toMatchObject({
        status: "cancelled",
        paid: Math.max(open.totalWin, TOTAL_BET),
        balance: 1000 - TOTAL_BET + Math.max(open.totalWin, TOTAL_BET),
      });
      const act = await t.app.inject({
        method: "POST",
        url: `/api/v1/rounds/${open.roundId}/actions`,
        headers: auth,
        payload: { action: { type: "pick", object: 0 }, step: 0, requestId: rid() },
      });
      expect(act.json().error.code).toBe("ROUND_NOT_OPEN");
      const rec = await reconciliation(t.app);
      expect(rec).toMatchObject({ balanced: true, accountSum: 0 });
    });

    it("refuses forced outcomes in production and writes nothing", async () => {
      const prod = await testServer(backend.freshUrl(), { REELHOUSE_MODE: "production" });
      try {
        const { auth } = await playerSession(prod.app);
        const before = await rowCounts(prod.db);
        const res = await prod.app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: [0, 0, 0, 0, 0] } },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe("FORCE_REFUSED");
        expect(await rowCounts(prod.db)).toEqual(before);
        const ok = await prod.app.inject({ method: "POST", url: ROUNDS, headers: auth, payload: { bet: BET, requestId: rid() } });
        expect(ok.statusCode).toBe(201);
      } finally {
        await prod.close();
      }
    });

    it("enforces the GB profile: no autoplay, a stake cap, 2.5 s between spins", async () => {
      let now = 1_700_000_000_000;
      const gb = await testServer(backend.freshUrl(), { REELHOUSE_JURISDICTION: "GB" });
      const server = new GameServer(gb.db, gb.config, gb.server.games, () => now);
      const { buildApp } = await import("../src/app.js");
      const app = await buildApp(server);
      try {
        const { auth } = await demoSession(app);
        const session = (await app.inject({ method: "GET", url: "/api/v1/session", headers: auth })).json();
        expect(session.jurisdiction).toMatchObject({ id: "GB", autoplay: false, minSpinIntervalMs: 2500, maxStake: 500 });
        const auto = await app.inject({
          method: "POST",
          url: "/api/v1/autoplay",
          headers: auth,
          payload: { gameId: MERMAID, bet: BET, spins: 5, lossLimit: 500, requestId: rid() },
        });
        expect(auto.json().error.code).toBe("AUTOPLAY_NOT_ALLOWED");
        const big = await app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: { ...BET, coinValue: 100 }, requestId: rid() },
        });
        expect(big.json().error).toMatchObject({ code: "STAKE_CAP", details: { maxStake: 500 } });
        const lose = drawsFor("lose");
        const first = await app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: lose } },
        });
        expect(first.statusCode).toBe(201);
        now += 2499;
        const soon = await app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: lose } },
        });
        expect(soon.statusCode).toBe(429);
        expect(soon.json().error).toMatchObject({ code: "SPIN_TOO_SOON", details: { retryAfterMs: 1 } });
        now += 1;
        const later = await app.inject({
          method: "POST",
          url: ROUNDS,
          headers: auth,
          payload: { bet: BET, requestId: rid(), force: { draws: lose } },
        });
        expect(later.statusCode).toBe(201);
      } finally {
        await app.close();
        await gb.close();
      }
    });
  });
}

describe("rate limits", () => {
  const sqlite = BACKENDS[0];
  it("answers 429 RATE_LIMITED with retry-after once a session's burst is spent, and serves it again after the refill", async () => {
    if (!sqlite) throw new Error("no sqlite backend");
    const t = await testServer(sqlite.freshUrl(), { REELHOUSE_RATE_LIMIT: "1" });
    try {
      const { auth } = await demoSession(t.app);
      // 1 request per second, burst 2: two pass at once, the third is refused.
      const session = () => t.app.inject({ method: "GET", url: "/api/v1/session", headers: auth });
      expect((await session()).statusCode).toBe(200);
      expect((await session()).statusCode).toBe(200);
      const refused = await session();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      // Outside /api the limiter does not apply.
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await session()).statusCode).toBe(200);
    } finally {
      await t.close();
      await sqlite.cleanup();
    }
  });
});
