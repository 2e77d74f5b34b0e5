import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { replayRound } from "../src/replay.js";
import { testPlatform } from "./games/answerers.js";
import { ASKS_PLATFORM, asksPlatform } from "./games/asks-platform.js";
import { api, BACKENDS, demoSession, rid, rowCounts, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${ASKS_PLATFORM}/rounds`;
const GAMES = [mermaidTreasure, asksPlatform];
const bet = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ stake: 100, asks: 2, ...extra });

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`rounds that ask the platform, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("answers each platform request in the same request and transaction, one step each, recorded as that step's action", async () => {
      const { platform, calls } = testPlatform();
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES, platform });
      try {
        const { auth } = await demoSession(t.app);
        const res = await api(t.app, "POST", ROUNDS, auth, { bet: bet(), requestId: rid() });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const step = res.body;
        expect(step).toMatchObject({ status: "completed", stepIndex: 2, awaiting: null });
        expect(step.events.map((e: { type: string }) => e.type)).toEqual([
          "started",
          "platformAnswered",
          "platformAnswered",
          "ended",
        ]);
        expect(step.events[1].micro).toBe(7_100_000);
        expect(step.win).toBe(step.totalWin);
        expect(step.balance).toBe(100_000 - 100 + step.totalWin);
        // The answerer ran inside the request, once per request, for the step that asked.
        expect(calls.map((c) => [c.roundId, c.stepIndex])).toEqual([
          [step.roundId, 0],
          [step.roundId, 1],
        ]);
        const detail = (await api(t.app, "GET", `/api/v1/history/${step.roundId}`, auth)).body;
        expect(detail.steps.map((s: { index: number }) => s.index)).toEqual([0, 1, 2]);
        expect(detail.steps[0].action).toBeNull();
        expect(detail.steps[1].action).toEqual({
          type: "platform",
          answer: { kind: "jackpotValue", ref: { pool: "test", key: "100" }, micro: 7_100_000 },
        });
        // The answerer's own write committed with the steps.
        const answers = await t.db.read((sql) => sql.query("SELECT key FROM settings WHERE key LIKE 'test-answer:%'"));
        expect(answers).toHaveLength(2);
        // Each step stored its context; the replay needs nothing else.
        const stored = await t.server.storedRound(step.roundId);
        expect(JSON.parse(stored?.steps[2]?.context ?? "null")).toMatchObject({
          currency: "EUR",
          granted: false,
          autoplay: false,
        });
        expect(await replayRound(t.server, step.roundId)).toMatchObject({ ok: true, steps: 3 });
        // Contexts are stored once each and referenced by id: three steps, one context row.
        const ids = new Set(stored?.steps.map((s) => s.context_id));
        expect(ids.size).toBe(1);
        expect(await t.db.read((sql) => sql.query("SELECT id FROM contexts"))).toEqual([{ id: [...ids][0] }]);
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", { "x-admin-key": t.config.adminKey as string }))
          .body;
        expect(rec.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("a round that waits for the player after platform steps: the action names the last step; more platform steps follow it", async () => {
      const { platform, calls } = testPlatform();
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES, platform });
      try {
        const { auth } = await demoSession(t.app);
        const first = (await api(t.app, "POST", ROUNDS, auth, { bet: bet({ asks: 1, pick: true, after: 2 }), requestId: rid() }))
          .body;
        expect(first).toMatchObject({ status: "open", stepIndex: 1, awaiting: { type: "pick" } });
        const url = `/api/v1/rounds/${first.roundId}/actions`;
        const stale = await api(t.app, "POST", url, auth, { action: { type: "pick" }, step: 0, requestId: rid() });
        expect(stale.status).toBe(409);
        expect(stale.body.error).toMatchObject({ code: "STALE_STEP", details: { step: 1 } });
        const last = await api(t.app, "POST", url, auth, { action: { type: "pick" }, step: 1, requestId: rid() });
        expect(last.status).toBe(200);
        expect(last.body).toMatchObject({ status: "completed", stepIndex: 4 });
        expect(last.body.events.map((e: { type: string }) => e.type)).toEqual([
          "picked",
          "platformAnswered",
          "platformAnswered",
          "ended",
        ]);
        expect(calls.map((c) => c.stepIndex)).toEqual([0, 2, 3]);
        expect(last.body.balance).toBe(100_000 - 100 + last.body.totalWin);
        expect(await replayRound(t.server, first.roundId)).toMatchObject({ ok: true, steps: 5 });
      } finally {
        await t.close();
      }
    });

    it("fails closed: a request kind with no answerer refuses the whole request (501) and writes nothing", async () => {
      const { platform } = testPlatform();
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES, platform });
      const bare = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        for (const [server, payload] of [
          [t, bet({ kind: "jackpotClaim" })],
          [bare, bet()],
        ] as const) {
          const { auth } = await demoSession(server.app);
          const before = await rowCounts(server.db);
          const res = await api(server.app, "POST", ROUNDS, auth, { bet: payload, requestId: rid() });
          expect(res.status).toBe(501);
          expect(res.body.error).toMatchObject({
            code: "PLATFORM_REQUEST_UNANSWERED",
            details: { kind: payload.kind ?? "jackpotValue" },
          });
          expect(await rowCounts(server.db)).toEqual(before);
          expect((await api(server.app, "GET", "/api/v1/session", auth)).body.balance).toBe(100_000);
        }
        // The same after a player's action: the pick is refused with its platform step, the round stays where it was.
        const { auth } = await demoSession(bare.app);
        const open = (
          await api(bare.app, "POST", ROUNDS, auth, { bet: bet({ asks: 0, pick: true, after: 1 }), requestId: rid() })
        ).body;
        const before = await rowCounts(bare.db);
        const pick = await api(bare.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
          action: { type: "pick" },
          step: 0,
          requestId: rid(),
        });
        expect(pick.status).toBe(501);
        expect(await rowCounts(bare.db)).toEqual(before);
        expect((await api(bare.app, "GET", "/api/v1/rounds/open", auth)).body.rounds[0]).toMatchObject({ stepIndex: 0 });
      } finally {
        await t.close();
        await bare.close();
      }
    });

    it("cuts off a round that never stops asking (64 answers): nothing is written, the answerer's writes roll back", async () => {
      const { platform, calls } = testPlatform();
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES, platform });
      try {
        const { auth } = await demoSession(t.app);
        const before = await rowCounts(t.db);
        const res = await api(t.app, "POST", ROUNDS, auth, { bet: bet({ asks: 100 }), requestId: rid() });
        expect(res.status).toBe(500);
        expect(calls.length).toBe(64);
        expect(await rowCounts(t.db)).toEqual(before);
        const answers = await t.db.read((sql) => sql.query("SELECT key FROM settings WHERE key LIKE 'test-answer:%'"));
        expect(answers).toHaveLength(0);
      } finally {
        await t.close();
      }
    });

    it("recovers a round that waits for the player after platform steps across a restart; the lost answer's retry is the committed one", async () => {
      const url = backend.freshUrl();
      let t = await testServer(url, {}, { games: GAMES, platform: testPlatform().platform });
      try {
        const { auth } = await demoSession(t.app);
        const request = { bet: bet({ asks: 2, pick: true }), requestId: rid() };
        const first = (await api(t.app, "POST", ROUNDS, auth, request)).body;
        await t.close();
        t = await testServer(url, {}, { games: GAMES, platform: testPlatform().platform });
        const open = (await api(t.app, "GET", "/api/v1/rounds/open", auth)).body.rounds;
        expect(open).toHaveLength(1);
        expect(open[0]).toMatchObject({ roundId: first.roundId, stepIndex: 2, awaiting: { type: "pick" } });
        expect(open[0].steps.flatMap((s: { events: unknown[] }) => s.events)).toEqual(first.events);
        const retry = await api(t.app, "POST", ROUNDS, auth, request);
        expect(retry.body).toEqual(first);
        const done = await api(t.app, "POST", `/api/v1/rounds/${first.roundId}/actions`, auth, {
          action: { type: "pick" },
          step: 2,
          requestId: rid(),
        });
        expect(done.body.status).toBe("completed");
        expect(await replayRound(t.server, first.roundId)).toMatchObject({ ok: true, steps: 4 });
      } finally {
        await t.close();
      }
    });

    it("replay detects a tampered platform answer", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES, platform: testPlatform().platform });
      try {
        const { auth } = await demoSession(t.app);
        const step = (await api(t.app, "POST", ROUNDS, auth, { bet: bet({ asks: 1 }), requestId: rid() })).body;
        await t.db.tx((sql) =>
          sql.run("UPDATE steps SET action = $1 WHERE round_id = $2 AND idx = 1", [
            JSON.stringify({
              type: "platform",
              answer: { kind: "jackpotValue", ref: { pool: "test", key: "100" }, micro: 9_000_000 },
            }),
            step.roundId,
          ]),
        );
        const report = await replayRound(t.server, step.roundId);
        expect(report.ok).toBe(false);
        expect(report.problems.join("\n")).toMatch(/step 1: (events|state) differs/);
      } finally {
        await t.close();
      }
    });
  });
}
