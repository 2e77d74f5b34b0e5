import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, BACKENDS, demoSession, MERMAID, rowCounts, type TestServer, testServer } from "./helpers.js";

const URL = `/api/v1/preferences/${MERMAID}`;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`player preferences on ${backend.name}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await testServer(backend.freshUrl());
    });
    afterAll(async () => {
      await t?.close();
      await backend.cleanup();
    });

    it("keeps a small JSON object per player and game: empty at first, replaced by PUT, private to the player, kept across restarts", async () => {
      const a = await demoSession(t.app);
      const b = await demoSession(t.app);
      expect((await api(t.app, "GET", URL, a.auth)).body).toEqual({ gameId: MERMAID, preferences: {}, updatedAt: null });
      const put = await api(t.app, "PUT", URL, a.auth, { preferences: { witch: "morgana", buyMode: { id: 2, on: true } } });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ preferences: { witch: "morgana", buyMode: { id: 2, on: true } } });
      expect((await api(t.app, "GET", URL, a.auth)).body.preferences).toEqual({ witch: "morgana", buyMode: { id: 2, on: true } });
      expect((await api(t.app, "GET", URL, b.auth)).body.preferences).toEqual({});
      await api(t.app, "PUT", URL, a.auth, { preferences: { witch: "hilda" } });
      expect((await api(t.app, "GET", URL, a.auth)).body.preferences).toEqual({ witch: "hilda" });
      expect((await api(t.app, "GET", URL, {})).status).toBe(401);
      expect((await api(t.app, "GET", "/api/v1/preferences/no-such-game", a.auth)).status).toBe(404);
    });

    it("refuses what is too big, too deep, badly keyed or not an object (400 BAD_PREFERENCES), writing nothing", async () => {
      const { auth } = await demoSession(t.app);
      const deep = { a: { b: { c: { d: 1 } } } };
      const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i]));
      const before = await rowCounts(t.db);
      for (const preferences of [deep, many, { "bad key": 1 }, { _x: 1 }, { big: "x".repeat(2100) }, [1, 2], "witch", null]) {
        const res = await api(t.app, "PUT", URL, auth, { preferences });
        expect(res.status, JSON.stringify(preferences).slice(0, 80)).toBe(400);
        expect(res.body.error.code).toBe("BAD_PREFERENCES");
      }
      expect((await api(t.app, "PUT", URL, auth, { witch: "x" })).body.error.code).toBe("BAD_PREFERENCES");
      expect(await rowCounts(t.db)).toEqual(before);
      // Three levels are fine.
      expect((await api(t.app, "PUT", URL, auth, { preferences: { a: { b: { c: 1 } }, list: [1, "two", null] } })).status).toBe(
        200,
      );
    });
  });
}
