import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { ASKS_PLATFORM, asksPlatform } from "./games/asks-platform.js";
import { ADMIN_KEY, api, BACKENDS, demoSession, rid, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${ASKS_PLATFORM}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };
const PLAIN = { stake: 100, asks: 0, pick: false };
/** A round that waits for a pick that pauses autoplay (as a jackpot round would). */
const PAUSING = { stake: 100, asks: 0, pick: true };

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`autoplay pauses and resumes on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("running -> paused while a pausing round waits for the player -> running when it ends -> finished after the last spin", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: [mermaidTreasure, asksPlatform] });
      try {
        const { auth } = await demoSession(t.app);
        const create = async (bet: object, extra: object = {}) =>
          (
            await api(t.app, "POST", "/api/v1/autoplay", auth, {
              gameId: ASKS_PLATFORM,
              bet,
              spins: 3,
              lossLimit: 10_000,
              requestId: rid(),
              ...extra,
            })
          ).body;
        const spin = (id: string, bet: object) => api(t.app, "POST", ROUNDS, auth, { bet, autoplayId: id, requestId: rid() });

        // The autoplay's bet pauses on every spin here.
        const ap = await create(PAUSING);
        const first = (await spin(ap.id, PAUSING)).body;
        expect(first.autoplay).toMatchObject({
          status: "paused",
          spinsDone: 1,
          net: -100,
          pausedRoundId: first.roundId,
          stopReason: null,
        });
        const refused = await spin(ap.id, PAUSING);
        expect(refused.status).toBe(409);
        expect(refused.body.error).toMatchObject({ code: "AUTOPLAY_PAUSED", details: { autoplay: { status: "paused" } } });
        expect((await api(t.app, "GET", `/api/v1/autoplay/${ap.id}`, auth)).body.status).toBe("paused");
        // The player plays the pick; the round ends and the autoplay resumes.
        const picked = (
          await api(t.app, "POST", `/api/v1/rounds/${first.roundId}/actions`, auth, {
            action: { type: "pick" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(picked.autoplay).toMatchObject({ status: "running", pausedRoundId: null, net: -100 + picked.totalWin });
        const second = (await spin(ap.id, PAUSING)).body;
        expect(second.autoplay).toMatchObject({ status: "paused", spinsDone: 2 });
        await api(t.app, "POST", `/api/v1/rounds/${second.roundId}/actions`, auth, {
          action: { type: "pick" },
          step: 0,
          requestId: rid(),
        });
        const third = (await spin(ap.id, PAUSING)).body;
        const last = (
          await api(t.app, "POST", `/api/v1/rounds/${third.roundId}/actions`, auth, {
            action: { type: "pick" },
            step: 0,
            requestId: rid(),
          })
        ).body;
        expect(last.autoplay).toMatchObject({ status: "finished", stopReason: "spins", spinsDone: 3 });
      } finally {
        await t.close();
      }
    });

    it("a paused autoplay stops when the player stops it, when its round is cancelled, or on a limit its round reaches", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: [mermaidTreasure, asksPlatform] });
      try {
        const { auth } = await demoSession(t.app);
        const create = async (extra: object = {}) =>
          (
            await api(t.app, "POST", "/api/v1/autoplay", auth, {
              gameId: ASKS_PLATFORM,
              bet: PAUSING,
              spins: 10,
              lossLimit: 10_000,
              requestId: rid(),
              ...extra,
            })
          ).body;
        const spin = async (id: string) =>
          (await api(t.app, "POST", ROUNDS, auth, { bet: PAUSING, autoplayId: id, requestId: rid() })).body;
        // The pick's win is its round's roll plus a forced 5: at least 5.
        const pick = (roundId: string) =>
          api(t.app, "POST", `/api/v1/rounds/${roundId}/actions`, auth, {
            action: { type: "pick" },
            step: 0,
            requestId: rid(),
            force: { draws: [5] },
          });

        const byPlayer = await create();
        const a = await spin(byPlayer.id);
        expect((await api(t.app, "DELETE", `/api/v1/autoplay/${byPlayer.id}`, auth)).body).toMatchObject({
          status: "stopped",
          stopReason: "player",
        });
        // Its round still finishes and counts.
        expect((await pick(a.roundId)).body.autoplay).toMatchObject({ status: "stopped", stopReason: "player" });

        const byCancel = await create();
        const b = await spin(byCancel.id);
        await api(t.app, "POST", `/api/v1/admin/rounds/${b.roundId}/cancel`, admin, { requestId: rid("op") });
        expect((await api(t.app, "GET", `/api/v1/autoplay/${byCancel.id}`, auth)).body).toMatchObject({
          status: "stopped",
          stopReason: "roundCancelled",
        });

        const byWin = await create({ singleWinLimit: 1 });
        const c = await spin(byWin.id);
        expect((await pick(c.roundId)).body.autoplay).toMatchObject({ status: "stopped", stopReason: "singleWinLimit" });

        // A new autoplay replaces a paused one.
        const old = await create();
        const d = await spin(old.id);
        await create({ bet: PLAIN });
        expect((await api(t.app, "GET", `/api/v1/autoplay/${old.id}`, auth)).body).toMatchObject({
          status: "stopped",
          stopReason: "replaced",
        });
        await pick(d.roundId);
      } finally {
        await t.close();
      }
    });
  });
}
