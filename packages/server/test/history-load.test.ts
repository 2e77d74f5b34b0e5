/**
 * Issue 8, finding 1: one player's history must not stall everyone. A page's balance
 * lookups use the index on transactions(round_id) (checked in the query plan on both
 * databases, PostgreSQL with enough rows and statistics that its planner chooses freely),
 * pages are bounded, and SQLite serves reads from its own connection (see
 * src/db/sqlite.test.ts). `npm run bench:server` measures another player's p99 with and
 * without a history flood.
 */
import { afterAll, describe, expect, it } from "vitest";
import { HISTORY_PAGE, HISTORY_ROUNDS_SQL } from "../src/history.js";
import { api, BACKENDS, BET, demoSession, drawsFor, MERMAID, rid, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${MERMAID}/rounds`;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`history under load on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("the history page's balance lookups use the transactions(round_id) index, not a scan", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth, playerId } = await demoSession(t.app);
        const lose = drawsFor("lose");
        for (let i = 0; i < 5; i++) {
          expect((await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: lose } })).status).toBe(
            201,
          );
        }
        const params = [playerId, 0, Date.now() + 1, HISTORY_PAGE.max];
        let plan: string;
        if (backend.name === "sqlite") {
          const rows = await t.db.read((sql) =>
            sql.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${HISTORY_ROUNDS_SQL}`, params),
          );
          plan = rows.map((r) => r.detail).join("\n");
          expect(plan).not.toMatch(/SCAN t\b/);
        } else {
          // 40,000 other players' transactions and fresh statistics: a planner that could scan would.
          await t.db.tx(async (sql) => {
            await sql.run(
              "INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, unit) SELECT 'txf' || g, 'bet', 'pl_other' || (g % 500), 'rd_other' || (g / 4), -1, 0, g, 'cash' FROM generate_series(1, 40000) g",
            );
            await sql.run("ANALYZE transactions");
            await sql.run("ANALYZE rounds");
          });
          const rows = await t.db.read((sql) =>
            sql.query<{ "QUERY PLAN": string }>(
              `EXPLAIN ${HISTORY_ROUNDS_SQL.replace("$1", `'${playerId}'`)
                .replace("$2", "0")
                .replace("$3", String(Date.now() + 1))
                .replace("$4", String(HISTORY_PAGE.max))}`,
            ),
          );
          plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
          expect(plan).not.toMatch(/Seq Scan on transactions/);
        }
        expect(plan).toContain("transactions_round");
        // And the page is right.
        const history = (await api(t.app, "GET", "/api/v1/history?limit=3", auth)).body;
        expect(history.rounds).toHaveLength(3);
        expect(history.rounds[0].balanceAfter).toBe(100_000 - 5 * 150);
      } finally {
        await t.close();
      }
    });

    it("a node serves at most REELHOUSE_HISTORY_RATE history pages a second in all; spins go on", async () => {
      const t = await testServer(backend.freshUrl(), { REELHOUSE_HISTORY_RATE: "5" });
      try {
        const players = await Promise.all(Array.from({ length: 4 }, () => demoSession(t.app)));
        const codes: number[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await api(
            t.app,
            "GET",
            "/api/v1/history?from=0",
            (players[i % 4] as { auth: Record<string, string> }).auth,
          );
          codes.push(res.status);
          if (res.status === 429)
            expect(res.body.error).toMatchObject({ code: "RATE_LIMITED", details: { retryAfterMs: expect.any(Number) } });
        }
        expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(6);
        expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(6);
        const spin = await api(t.app, "POST", ROUNDS, players[0]!.auth, { bet: BET, requestId: rid() });
        expect(spin.status).toBe(201);
      } finally {
        await t.close();
      }
    });

    it("serves history pages one at a time on a node: a burst of them holds one database connection", async () => {
      const t = await testServer(backend.freshUrl(), { REELHOUSE_HISTORY_RATE: "1000" });
      try {
        const players = await Promise.all(Array.from({ length: 8 }, () => demoSession(t.app)));
        for (const p of players)
          expect(
            (await api(t.app, "POST", ROUNDS, p.auth, { bet: BET, requestId: rid(), force: { draws: drawsFor("lose") } })).status,
          ).toBe(201);
        // Count the reads in flight while eight players ask for their history at once.
        const read = t.db.read.bind(t.db);
        let inFlight = 0;
        let most = 0;
        t.db.read = async (fn) => {
          most = Math.max(most, ++inFlight);
          try {
            return await read(fn);
          } finally {
            inFlight--;
          }
        };
        const pages = await Promise.all(
          players.map((p) => api(t.app, "GET", `/api/v1/history?limit=${HISTORY_PAGE.max}&from=0`, p.auth)),
        );
        expect(pages.map((r) => r.status)).toEqual(Array(8).fill(200));
        for (const page of pages) expect(page.body.rounds).toHaveLength(1);
        expect(most).toBe(1);
      } finally {
        await t.close();
      }
    });

    it("bounds the page size: at most 100 rounds and transactions a request", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const { auth } = await demoSession(t.app);
        expect((await api(t.app, "GET", `/api/v1/history?limit=${HISTORY_PAGE.max}&from=0`, auth)).status).toBe(200);
        for (const limit of [HISTORY_PAGE.max + 1, 1000, 0, -1, "1.5", "x"]) {
          const res = await api(t.app, "GET", `/api/v1/history?limit=${limit}&from=0`, auth);
          expect(res.status).toBe(400);
          expect(res.body.error.code).toBe("BAD_QUERY");
        }
      } finally {
        await t.close();
      }
    });
  });
}
