import { afterAll, describe, expect, it } from "vitest";
import { BACKENDS, BET, demoSession, drawsFor, MERMAID, rid, TOTAL_BET, testServer } from "./helpers.js";

const postgres = BACKENDS.find((b) => b.name === "postgres");

describe.skipIf(!postgres?.available)("several server nodes on one PostgreSQL", () => {
  afterAll(() => postgres?.cleanup());

  it("share one ledger, one open round per player and game, and idempotency across nodes", async () => {
    const url = (postgres as NonNullable<typeof postgres>).freshUrl();
    const nodes = await Promise.all([testServer(url), testServer(url), testServer(url)]);
    try {
      const [a] = nodes;
      const { auth } = await demoSession(a!.app);
      const draws = drawsFor("freeSpins");
      const starts = await Promise.all(
        nodes.flatMap((n) =>
          Array.from({ length: 4 }, () =>
            n.app.inject({
              method: "POST",
              url: `/api/v1/games/${MERMAID}/rounds`,
              headers: auth,
              payload: { bet: BET, requestId: rid(), force: { draws } },
            }),
          ),
        ),
      );
      expect(starts.filter((s) => s.statusCode === 201)).toHaveLength(1);
      expect(starts.filter((s) => s.statusCode === 409)).toHaveLength(11);
      const action = { action: { type: "freeSpin" }, step: 0, requestId: rid() };
      const roundId = starts.find((s) => s.statusCode === 201)?.json().roundId;
      const same = await Promise.all(
        nodes.map((n) =>
          n.app.inject({ method: "POST", url: `/api/v1/rounds/${roundId}/actions`, headers: auth, payload: action }),
        ),
      );
      expect(new Set(same.map((s) => s.body)).size).toBe(1);
      expect(same[0]?.statusCode).toBe(200);
      const balance = (await nodes[2]!.app.inject({ method: "GET", url: "/api/v1/session", headers: auth })).json().balance;
      expect(balance).toBe(100_000 - TOTAL_BET);
    } finally {
      for (const n of nodes) await n.close();
    }
  });
});
