import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, BACKENDS, BET, demoSession, drawsFor, MERMAID, rid, rowCounts, type TestServer, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${MERMAID}/rounds`;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`stale actions on ${backend.name}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await testServer(backend.freshUrl());
    });
    afterAll(async () => {
      await t?.close();
      await backend.cleanup();
    });

    const openFreeSpins = async (auth: Record<string, string>) => {
      const res = await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("freeSpins") } });
      expect(res.body).toMatchObject({ status: "open", stepIndex: 0, awaiting: { type: "freeSpin" } });
      return res.body;
    };

    it("a double click (two requestIds for the same step, concurrently) plays once; the others get 409 STALE_STEP", async () => {
      const { auth, playerId } = await demoSession(t.app);
      const first = await openFreeSpins(auth);
      const url = `/api/v1/rounds/${first.roundId}/actions`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(t.app, "POST", url, auth, { action: { type: "freeSpin" }, step: 0, requestId: rid() }),
        ),
      );
      const played = answers.filter((a) => a.status === 200);
      expect(played).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(
        Array.from({ length: 9 }, () =>
          expect.objectContaining({ code: "STALE_STEP", details: { roundId: first.roundId, step: 1 } }),
        ),
      );
      const steps = await t.db.read((sql) => sql.query("SELECT idx FROM steps WHERE round_id = $1", [first.roundId]));
      expect(steps).toHaveLength(2);
      const open = (await api(t.app, "GET", "/api/v1/rounds/open", auth)).body.rounds;
      expect(open[0]).toMatchObject({ stepIndex: 1 });
      const idempotency = await t.db.read((sql) =>
        sql.query("SELECT request_id FROM idempotency WHERE player_id = $1", [playerId]),
      );
      expect(idempotency).toHaveLength(2); // the start and the one action that played
    });

    it("a stale action changes nothing; its own retry (same requestId) still gets its committed answer", async () => {
      const { auth } = await demoSession(t.app);
      const first = await openFreeSpins(auth);
      const url = `/api/v1/rounds/${first.roundId}/actions`;
      const action = { action: { type: "freeSpin" }, step: 0, requestId: rid() };
      const played = await api(t.app, "POST", url, auth, action);
      expect(played.status).toBe(200);
      const before = await rowCounts(t.db);
      const stale = await api(t.app, "POST", url, auth, { ...action, requestId: rid() });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe("STALE_STEP");
      const ahead = await api(t.app, "POST", url, auth, { ...action, step: 5, requestId: rid() });
      expect(ahead.body.error).toMatchObject({ code: "STALE_STEP", details: { step: 1 } });
      expect(await rowCounts(t.db)).toEqual(before);
      expect((await api(t.app, "POST", url, auth, action)).body).toEqual(played.body);
      const next = await api(t.app, "POST", url, auth, { action: { type: "freeSpin" }, step: 1, requestId: rid() });
      expect(next.body.stepIndex).toBe(2);
    });

    it("requires the step: an action without it is 400 BAD_STEP and writes nothing", async () => {
      const { auth } = await demoSession(t.app);
      const first = await openFreeSpins(auth);
      const before = await rowCounts(t.db);
      for (const step of [undefined, -1, 0.5, "0", null]) {
        const res = await api(t.app, "POST", `/api/v1/rounds/${first.roundId}/actions`, auth, {
          action: { type: "freeSpin" },
          ...(step === undefined ? {} : { step }),
          requestId: rid(),
        });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("BAD_STEP");
      }
      expect(await rowCounts(t.db)).toEqual(before);
    });
  });
}

const postgres = BACKENDS.find((b) => b.name === "postgres");
describe.skipIf(!postgres?.available)("stale actions across server nodes on one PostgreSQL", () => {
  afterAll(() => postgres?.cleanup());

  it("a double click sent to three nodes plays once", async () => {
    const url = (postgres as NonNullable<typeof postgres>).freshUrl();
    const nodes = await Promise.all([testServer(url), testServer(url), testServer(url)]);
    try {
      const [a] = nodes as [TestServer, TestServer, TestServer];
      const { auth } = await demoSession(a.app);
      const first = (await api(a.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("pick") } }))
        .body;
      const answers = await Promise.all(
        nodes.flatMap((n) =>
          Array.from({ length: 3 }, (_, i) =>
            api(n.app, "POST", `/api/v1/rounds/${first.roundId}/actions`, auth, {
              action: { type: "pick", object: i },
              step: 0,
              requestId: rid(),
            }),
          ),
        ),
      );
      expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
      expect(answers.filter((x) => x.status === 409 && x.body.error.code === "STALE_STEP")).toHaveLength(8);
      const steps = await a.db.read((sql) => sql.query("SELECT idx FROM steps WHERE round_id = $1", [first.roundId]));
      expect(steps).toHaveLength(2);
    } finally {
      for (const n of nodes) await n.close();
    }
  });
});
