import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { replayRound } from "../src/replay.js";
import { UNITS_GAMBLE, unitsGambleV1, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, api, BACKENDS, demoSession, rid, rowCounts, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`maths versions and operator configuration on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("an open round finishes on the version it started with while that version is kept; new rounds play the current one", async () => {
      const url = backend.freshUrl();
      let t = await testServer(url, {}, { games: [mermaidTreasure, unitsGambleV1] });
      const { auth } = await demoSession(t.app);
      const open = (await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 10 }, requestId: rid(), force: { draws: [1] } })).body;
      expect(open.status).toBe("open");
      await t.close();
      // Version 2 is current; version 1 is kept for its open rounds.
      t = await testServer(url, {}, { games: [mermaidTreasure, unitsGambleV2], keptVersions: [unitsGambleV1] });
      try {
        const config = (await api(t.app, "GET", "/api/v1/admin/config", admin)).body;
        expect(config.games.find((g: { id: string }) => g.id === UNITS_GAMBLE)).toMatchObject({
          version: "2",
          versions: ["2", "1"],
        });
        const done = (
          await api(t.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
            action: { type: "collect" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        // Version 1 collects nothing extra; version 2 would have paid 1 more.
        expect(done).toMatchObject({ status: "completed", totalWin: 10 });
        expect(await replayRound(t.server, open.roundId)).toMatchObject({ ok: true });
        const fresh = (await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 10 }, requestId: rid(), force: { draws: [1] } }))
          .body;
        const collected = (
          await api(t.app, "POST", `/api/v1/rounds/${fresh.roundId}/actions`, auth, {
            action: { type: "collect" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(collected.totalWin).toBe(11);
        const versions = await t.db.read((sql) =>
          sql.query<{ game_version: string }>("SELECT game_version FROM rounds WHERE game_id = $1 ORDER BY started_at", [
            UNITS_GAMBLE,
          ]),
        );
        expect(versions.map((v) => v.game_version)).toEqual(["1", "2"]);
      } finally {
        await t.close();
      }
    });

    it("a round whose version is gone is refused with 409 VERSION_RETIRED (nothing written); the operator can cancel it", async () => {
      const url = backend.freshUrl();
      let t = await testServer(url, {}, { games: [mermaidTreasure, unitsGambleV1] });
      const { auth } = await demoSession(t.app);
      const open = (await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 10 }, requestId: rid(), force: { draws: [1] } })).body;
      await t.close();
      t = await testServer(url, {}, { games: [mermaidTreasure, unitsGambleV2] });
      try {
        const before = await rowCounts(t.db);
        const res = await api(t.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
          action: { type: "collect" },
          step: 0,
          requestId: rid(),
        });
        expect(res.status).toBe(409);
        expect(res.body.error).toMatchObject({
          code: "VERSION_RETIRED",
          details: { gameId: UNITS_GAMBLE, version: "1", current: "2" },
        });
        expect(await rowCounts(t.db)).toEqual(before);
        const report = await replayRound(t.server, open.roundId);
        expect(report.ok).toBe(false);
        expect(report.problems[0]).toContain("units-gamble@1");
        const cancel = (await api(t.app, "POST", `/api/v1/admin/rounds/${open.roundId}/cancel`, admin, { requestId: rid("op") }))
          .body;
        expect(cancel).toMatchObject({ status: "cancelled", paid: 10 });
      } finally {
        await t.close();
      }
    });

    it("the operator's configuration: validated by the game, audited (who, when, old, new), stored on each round and kept to its end", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: [mermaidTreasure, unitsGambleV2] });
      try {
        const { auth } = await demoSession(t.app);
        const url = `/api/v1/admin/games/${UNITS_GAMBLE}/config`;
        expect((await api(t.app, "GET", url, admin)).body).toMatchObject({ config: { multiplier: 1 }, default: true, audit: [] });
        const before = await rowCounts(t.db);
        const bad = await api(t.app, "PUT", url, admin, { config: { multiplier: 7 } });
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe("BAD_CONFIG");
        expect((await api(t.app, "PUT", url, admin, { multiplier: 2 })).status).toBe(400);
        expect((await api(t.app, "PUT", `/api/v1/admin/games/nope/config`, admin, { config: {} })).status).toBe(404);
        expect(
          (await api(t.app, "PUT", `/api/v1/admin/games/${mermaidTreasure.id}/config`, admin, { config: { rtp: 1 } })).status,
        ).toBe(400);
        expect(await rowCounts(t.db)).toEqual(before);
        const set = await api(t.app, "PUT", url, { ...admin, "x-admin-user": "alice" }, { config: { multiplier: 2 } });
        expect(set.body).toMatchObject({ config: { multiplier: 2 }, default: false, updatedBy: "alice" });
        expect(set.body.audit).toEqual([{ at: expect.any(String), who: "alice", old: null, new: { multiplier: 2 } }]);
        // The game's description shows the configuration new rounds get.
        expect((await api(t.app, "GET", `/api/v1/games/${UNITS_GAMBLE}`, auth)).body.config).toEqual({ multiplier: 2 });

        const open = (
          await api(t.app, "POST", "/api/v1/games/units-gamble/rounds", auth, {
            bet: { stake: 10 },
            requestId: rid(),
            force: { draws: [1] },
          })
        ).body;
        expect(open.win).toBe(20);
        await api(t.app, "PUT", url, { ...admin, "x-admin-user": "bob" }, { config: { multiplier: 3 } });
        const audit = (await api(t.app, "GET", url, admin)).body.audit;
        expect(audit.map((a: { who: string; old: unknown; new: unknown }) => [a.who, a.old, a.new])).toEqual([
          ["bob", { multiplier: 2 }, { multiplier: 3 }],
          ["alice", null, { multiplier: 2 }],
        ]);
        // The open round keeps the configuration it started with: collecting pays 2 extra, not 3.
        const done = (
          await api(t.app, "POST", `/api/v1/rounds/${open.roundId}/actions`, auth, {
            action: { type: "collect" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(done.totalWin).toBe(22);
        const stored = await t.server.storedRound(open.roundId);
        expect(JSON.parse(stored?.round.config ?? "null")).toEqual({ multiplier: 2 });
        expect(stored?.steps.map((s) => JSON.parse(s.context ?? "{}").config)).toEqual([{ multiplier: 2 }, { multiplier: 2 }]);
        expect(await replayRound(t.server, open.roundId)).toMatchObject({ ok: true });
        const next = (
          await api(t.app, "POST", "/api/v1/games/units-gamble/rounds", auth, {
            bet: { stake: 10 },
            requestId: rid(),
            force: { draws: [1] },
          })
        ).body;
        expect(next.win).toBe(30);
      } finally {
        await t.close();
      }
    });

    it("listGames takes each game's bet range from the game (minBet/maxBet), not from a line-bet shape", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: [mermaidTreasure, unitsGambleV2] });
      try {
        const games = (await api(t.app, "GET", "/api/v1/games", {})).body.games;
        expect(games.find((g: { id: string }) => g.id === UNITS_GAMBLE)).toMatchObject({ minBet: 1, maxBet: 1000 });
        expect(games.find((g: { id: string }) => g.id === mermaidTreasure.id)).toMatchObject({
          minBet: 1,
          maxBet: mermaidTreasure.totalBet(mermaidTreasure.maxBet()),
        });
      } finally {
        await t.close();
      }
    });
  });
}

const postgres = BACKENDS.find((b) => b.name === "postgres");
describe.skipIf(!postgres?.available)("operator settings across nodes on one PostgreSQL", () => {
  afterAll(() => postgres?.cleanup());

  it("a configuration set on one node reaches the others within seconds (they reread settings)", async () => {
    const url = (postgres as NonNullable<typeof postgres>).freshUrl();
    let now = 1_700_000_000_000;
    const games = [mermaidTreasure, unitsGambleV2];
    const a = await testServer(url, {}, { games });
    const b = await testServer(url, {}, { games, now: () => now });
    try {
      const { auth } = await demoSession(b.app);
      await api(a.app, "PUT", `/api/v1/admin/games/${UNITS_GAMBLE}/config`, admin, { config: { multiplier: 3 } });
      const shown = async () => (await api(b.app, "GET", `/api/v1/games/${UNITS_GAMBLE}`, auth)).body.config;
      expect(await shown()).toEqual({ multiplier: 1 });
      now += 6000;
      // An authenticated request past the refresh interval starts the reread; it lands shortly after.
      await api(b.app, "GET", "/api/v1/session", auth);
      await expect.poll(shown, { timeout: 5000 }).toEqual({ multiplier: 3 });
      const spin = (await api(b.app, "POST", ROUNDS, auth, { bet: { stake: 10 }, requestId: rid(), force: { draws: [1] } })).body;
      expect(spin.win).toBe(30);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
