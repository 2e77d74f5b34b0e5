import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { replayRound } from "../src/replay.js";
import { UNITS_GAMBLE, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, api, BACKENDS, demoSession, rid, rowCounts, type TestServer, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };
const GAMES = [mermaidTreasure, unitsGambleV2];

async function reconciliation(t: TestServer) {
  return (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`signed wins, non-cash units and feature flags on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a lost gamble is a negative step win; settlement credits the round's final total once", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await demoSession(t.app);
        const first = (await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 100 }, requestId: rid(), force: { draws: [2] } }))
          .body;
        expect(first).toMatchObject({
          status: "open",
          win: 200,
          totalWin: 200,
          balance: 100_000 - 100,
          awaiting: { type: "gamble" },
        });
        const url = `/api/v1/rounds/${first.roundId}/actions`;
        const won = (
          await api(t.app, "POST", url, auth, { action: { type: "gamble" }, step: 0, requestId: rid(), force: { draws: [1] } })
        ).body;
        expect(won).toMatchObject({ win: 200, totalWin: 400, balance: 100_000 - 100 });
        const lost = (
          await api(t.app, "POST", url, auth, { action: { type: "gamble" }, step: 1, requestId: rid(), force: { draws: [0] } })
        ).body;
        expect(lost).toMatchObject({ status: "completed", win: -400, totalWin: 0, balance: 100_000 - 100 });
        const detail = (await api(t.app, "GET", `/api/v1/history/${first.roundId}`, auth)).body;
        expect(detail.steps.map((s: { win: number }) => s.win)).toEqual([200, 200, -400]);
        const history = (await api(t.app, "GET", "/api/v1/history", auth)).body;
        expect(
          history.transactions
            .filter((x: { roundId: string }) => x.roundId === first.roundId)
            .map((x: { kind: string }) => x.kind),
        ).toEqual(["bet"]);
        expect(await replayRound(t.server, first.roundId)).toMatchObject({ ok: true, steps: 3 });

        // Won, doubled, collected: the final total is credited once, at the end.
        const second = (await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 100 }, requestId: rid(), force: { draws: [1] } }))
          .body;
        const u2 = `/api/v1/rounds/${second.roundId}/actions`;
        await api(t.app, "POST", u2, auth, { action: { type: "gamble" }, step: 0, requestId: rid(), force: { draws: [1] } });
        const collected = (await api(t.app, "POST", u2, auth, { action: { type: "collect" }, step: 1, requestId: rid() })).body;
        expect(collected).toMatchObject({ status: "completed", totalWin: 201, balance: 100_000 - 200 + 201 });
        expect(await reconciliation(t)).toMatchObject({ balanced: true, wins: 0, demo: { wins: 201 } });
      } finally {
        await t.close();
      }
    });

    it("non-cash units: the stake leaves the unit account at the start, winnings arrive at the end; each unit's ledger sums to zero", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth, playerId } = await demoSession(t.app);
        const credit = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/adjustments`, admin, {
          requestId: rid("op"),
          amount: 5,
          unit: "bonus",
          reason: "test",
        });
        expect(credit.body).toMatchObject({ unit: "bonus", balance: 5 });
        const first = (
          await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 10, bonus: 2 }, requestId: rid(), force: { draws: [3] } })
        ).body;
        expect(first).toMatchObject({
          status: "open",
          totalWinUnits: { bonus: 3 },
          unitBalances: { bonus: 3 },
          balance: 100_000 - 10,
        });
        const done = (
          await api(t.app, "POST", `/api/v1/rounds/${first.roundId}/actions`, auth, {
            action: { type: "collect" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(done).toMatchObject({ status: "completed", unitBalances: { bonus: 6 }, balance: 100_000 - 10 + 31 });
        // Each step saw the unit balances before it.
        const stored = await t.server.storedRound(first.roundId);
        expect(stored?.steps.map((s) => JSON.parse(s.context ?? "{}").balances)).toEqual([{ bonus: 5 }, { bonus: 3 }]);
        const moves = (await api(t.app, "GET", "/api/v1/history", auth)).body.transactions.filter(
          (x: { unit: string }) => x.unit === "bonus",
        );
        expect(
          moves.map((x: { kind: string; amount: number; balanceAfter: number }) => [x.kind, x.amount, x.balanceAfter]),
        ).toEqual([
          ["win", 3, 6],
          ["bet", -2, 3],
          ["credit", 5, 5],
        ]);
        const rec = await reconciliation(t);
        expect(rec).toMatchObject({ balanced: true, crossUnitEntries: 0, units: { bonus: { sum: 0 }, cash: { sum: 0 } } });
        expect((await api(t.app, "GET", `/api/v1/admin/players/${playerId}`, admin)).body.units).toEqual({ bonus: 6 });
        expect(await replayRound(t.server, first.roundId)).toMatchObject({ ok: true });

        // Not enough units: 402 naming the unit, nothing written.
        const poor = await demoSession(t.app);
        const before = await rowCounts(t.db);
        const refused = await api(t.app, "POST", ROUNDS, poor.auth, { bet: { stake: 10, bonus: 1 }, requestId: rid() });
        expect(refused.status).toBe(402);
        expect(refused.body.error).toMatchObject({
          code: "INSUFFICIENT_FUNDS",
          details: { unit: "bonus", balance: 0, stake: 1 },
        });
        expect(await rowCounts(t.db)).toEqual(before);

        // A cancelled round gives its unit stake back.
        const open = (
          await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 10, bonus: 4 }, requestId: rid(), force: { draws: [1] } })
        ).body;
        expect(open.unitBalances).toEqual({ bonus: 2 });
        const cancel = (await api(t.app, "POST", `/api/v1/admin/rounds/${open.roundId}/cancel`, admin, { requestId: rid("op") }))
          .body;
        expect(cancel).toMatchObject({ unitsRefunded: { bonus: 4 } });
        expect((await api(t.app, "GET", `/api/v1/admin/players/${playerId}`, admin)).body.units).toEqual({ bonus: 6 });
        expect(await reconciliation(t)).toMatchObject({ balanced: true });
      } finally {
        await t.close();
      }
    });

    it("jurisdiction flags: what the profile forbids is 403 FEATURE_NOT_ALLOWED naming the feature, and writes nothing", async () => {
      let now = 1_700_000_000_000;
      const gb = await testServer(backend.freshUrl(), { REELHOUSE_JURISDICTION: "GB" }, { games: GAMES, now: () => now });
      const std = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await demoSession(gb.app);
        const before = await rowCounts(gb.db);
        const buy = await api(gb.app, "POST", ROUNDS, auth, { bet: { stake: 10, buy: true }, requestId: rid() });
        expect(buy.status).toBe(403);
        expect(buy.body.error).toMatchObject({ code: "FEATURE_NOT_ALLOWED", details: { feature: "buyBonus" } });
        expect(await rowCounts(gb.db)).toEqual(before);
        const won = (await api(gb.app, "POST", ROUNDS, auth, { bet: { stake: 10 }, requestId: rid(), force: { draws: [1] } }))
          .body;
        expect(JSON.parse((await gb.server.storedRound(won.roundId))?.steps[0]?.context ?? "{}").features).toEqual({
          gamble: false,
          buyBonus: false,
          autoplay: false,
        });
        const mid = await rowCounts(gb.db);
        const url = `/api/v1/rounds/${won.roundId}/actions`;
        const gamble = await api(gb.app, "POST", url, auth, { action: { type: "gamble" }, step: 0, requestId: rid() });
        expect(gamble.status).toBe(403);
        expect(gamble.body.error).toMatchObject({ code: "FEATURE_NOT_ALLOWED", details: { feature: "gamble" } });
        expect(await rowCounts(gb.db)).toEqual(mid);
        expect((await api(gb.app, "POST", url, auth, { action: { type: "collect" }, step: 0, requestId: rid() })).status).toBe(
          200,
        );
        now += 3000;
        expect((await api(gb.app, "POST", ROUNDS, auth, { bet: { stake: 10, buy: false }, requestId: rid() })).status).toBe(201);

        // Where gamble is allowed, an autoplay round still may not gamble (the context says autoplay).
        const s = await demoSession(std.app);
        const ap = (
          await api(std.app, "POST", "/api/v1/autoplay", s.auth, {
            gameId: UNITS_GAMBLE,
            bet: { stake: 10 },
            spins: 5,
            lossLimit: 1000,
            requestId: rid(),
          })
        ).body;
        const spin = (
          await api(std.app, "POST", ROUNDS, s.auth, {
            bet: { stake: 10 },
            autoplayId: ap.id,
            requestId: rid(),
            force: { draws: [1] },
          })
        ).body;
        const refused = await api(std.app, "POST", `/api/v1/rounds/${spin.roundId}/actions`, s.auth, {
          action: { type: "gamble" },
          step: 0,
          requestId: rid(),
        });
        expect(refused.body.error).toMatchObject({ code: "FEATURE_NOT_ALLOWED", details: { feature: "gamble" } });
      } finally {
        await gb.close();
        await std.close();
      }
    });
  });
}
