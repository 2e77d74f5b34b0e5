import { claimPool, contributionMicro } from "@reelhouse/engine";
import { mermaidTreasure } from "@reelhouse/games";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { jackpotMeters } from "../src/jackpots/report.js";
import { JACKPOT_GAME, jackpotGame, MYSTERY_SEEDS, PROGRESSIVE_SEED } from "./games/jackpot-game.js";
import { api, BACKENDS, playerSession, rid, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${JACKPOT_GAME}/rounds`;
const GAMES = [mermaidTreasure, jackpotGame];
const ADMIN = { "x-admin-key": "test-admin-key-0123456789" };

type T = Awaited<ReturnType<typeof testServer>>;

const meters = (t: T) => t.db.read((sql) => jackpotMeters(sql));
const pool = async (t: T, id: string, key = "") => {
  const m = (await meters(t)).pools.find((p) => p.pool === id && p.key === key);
  if (!m) throw new Error(`no pool ${id}/${key}`);
  return m;
};
const spin = (t: T, auth: Record<string, string>, bet: Record<string, unknown>) =>
  api(t.app, "POST", ROUNDS, auth, { bet, requestId: rid() });

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`jackpot pools, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("creates the declared pools funded to their seeds, once, from the operator's seed account", async () => {
      const url = backend.freshUrl();
      const t = await testServer(url, {}, { games: GAMES });
      try {
        const m = await meters(t);
        expect(m.ok).toBe(true);
        expect(m.pools.map((p) => [p.pool, p.key, p.currentMicro, p.seedFundingMicro])).toEqual([
          ["mystery", "high", MYSTERY_SEEDS.high, MYSTERY_SEEDS.high],
          ["mystery", "low", MYSTERY_SEEDS.low, MYSTERY_SEEDS.low],
          ["progressive", "", PROGRESSIVE_SEED, PROGRESSIVE_SEED],
        ]);
      } finally {
        await t.close();
      }
      // A second start (another process, a restart) funds nothing more.
      const again = await testServer(url, {}, { games: GAMES });
      try {
        expect((await pool(again, "progressive")).seedFundingMicro).toBe(PROGRESSIVE_SEED);
      } finally {
        await again.close();
      }
    });

    it("paid rounds contribute in their own transaction (wager: from the house; operator: from the funding account); non-qualifying bets do not", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await playerSession(t.app);
        for (const stake of [25, 150, 2000]) expect((await spin(t, auth, { stake })).status).toBe(201);
        const progressive = await pool(t, "progressive");
        expect(progressive.contributionsMicro).toBe(contributionMicro(25 + 150 + 2000, 50));
        expect(progressive.contributionsMicro).toBe(108_750);
        expect(progressive.currentMicro).toBe(PROGRESSIVE_SEED + 108_750);
        expect((await pool(t, "mystery", "low")).contributionsMicro).toBe(contributionMicro(150, 100));
        expect((await pool(t, "mystery", "high")).contributionsMicro).toBe(contributionMicro(2000, 100));
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", ADMIN)).body;
        expect(rec.balanced).toBe(true);
        expect(rec.jackpots.ok).toBe(true);
        // Ledger: each unit sums to zero; wager contributions came out of the house's jpmicro shards.
        expect(rec.units.jpmicro.sum).toBe(0);
        const houseJp = await t.db.read((sql) =>
          sql.one<{ total: number }>(
            "SELECT SUM(balance) AS total FROM accounts WHERE unit = 'jpmicro' AND kind = 'house' AND id <> 'house-jackpot@jpmicro'",
          ),
        );
        expect(Number(houseJp?.total)).toBe(-progressive.contributionsMicro);
        const funding = await t.db.read((sql) =>
          sql.one<{ balance: number }>("SELECT SUM(balance) AS balance FROM accounts WHERE kind = 'jackpot-funding'"),
        );
        expect(Number(funding?.balance)).toBe(-(contributionMicro(150, 100) + contributionMicro(2000, 100)));
        // The player's statement shows cash only: pool movements carry no player.
        const statement = (await api(t.app, "GET", "/api/v1/transactions", auth)).body;
        if (statement?.transactions)
          expect(statement.transactions.every((x: { unit: string }) => x.unit !== "jpmicro")).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("a claim pays pool x num/den rounded down to the cent in the round's win; the remainder stays; the pool is topped up to its seed", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await playerSession(t.app);
        await spin(t, auth, { stake: 33 }); // pool = seed + 1,650 micro
        const before = (await pool(t, "progressive")).currentMicro;
        expect(before).toBe(PROGRESSIVE_SEED + 1650);
        const res = await spin(t, auth, { stake: 100, claim: "progressive", num: 3, den: 10 });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const expected = claimPool(before, PROGRESSIVE_SEED, 3, 10);
        expect(res.body).toMatchObject({ status: "completed", totalWin: expected.paidMinor });
        expect(res.body.balance).toBe(100_000 - 33 - 100 + expected.paidMinor);
        const after = await pool(t, "progressive");
        // The round's own contribution goes in after its claim.
        expect(after.currentMicro).toBe(expected.poolAfterMicro + contributionMicro(100, 50));
        expect(after).toMatchObject({ hits: 1, paidMicro: expected.paidMinor * 10_000, ok: true });
        const wins = await t.db.read((sql) => sql.query<{ round_id: string; paid_minor: number }>("SELECT * FROM jackpot_wins"));
        expect(wins.map((w) => [w.round_id, Number(w.paid_minor)])).toEqual([[res.body.roundId, expected.paidMinor]]);
        // A full win empties the pool to below its seed: topped up from the seed account.
        const full = await spin(t, auth, { stake: 100, claim: "progressive" });
        const fullBefore = after.currentMicro;
        expect(full.body.totalWin).toBe(Math.floor(fullBefore / 10_000));
        const reset = await pool(t, "progressive");
        expect(reset.currentMicro).toBe(PROGRESSIVE_SEED + contributionMicro(100, 50));
        expect(reset.ok).toBe(true);
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", ADMIN)).body;
        expect(rec.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("two claims in one round: the first pays the pool, the second the reset value; jackpotValue reads the pool", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await playerSession(t.app);
        await spin(t, auth, { stake: 10_000 });
        const grown = (await pool(t, "progressive")).currentMicro;
        const res = await spin(t, auth, { stake: 100, claim: "progressive", twice: true });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const won = res.body.events
          .filter((e: { type: string }) => e.type === "jackpotWon")
          .map((e: { amount: number }) => e.amount);
        expect(won).toEqual([Math.floor(grown / 10_000), PROGRESSIVE_SEED / 10_000]);
        expect(res.body.totalWin).toBe(won[0] + won[1]);
        const m = await pool(t, "progressive");
        expect(m).toMatchObject({ hits: 2, ok: true, currentMicro: PROGRESSIVE_SEED + contributionMicro(100, 50) });
        // jackpotValue: the real answerer reads base + shards.
        const value = await t.db.read((sql) =>
          t.server.platform.answer(
            { kind: "jackpotValue", ref: { pool: "progressive", key: "" } },
            {
              sql,
              playerId: "demo",
              roundId: "rd-x",
              gameId: JACKPOT_GAME,
              gameVersion: "test-1",
              demo: false,
              context: { currency: "EUR" } as never,
              stepIndex: 0,
              at: 0,
            },
          ),
        );
        expect(value).toEqual({ kind: "jackpotValue", ref: { pool: "progressive", key: "" }, micro: m.currentMicro });
      } finally {
        await t.close();
      }
    });

    it("race: many players claim the same pool at once: the first committed claim takes it in full, the next get the seed plus increments since", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const players = await Promise.all(Array.from({ length: 12 }, () => playerSession(t.app)));
        // Grow the pool above its seed first.
        await Promise.all(players.map((p) => spin(t, p.auth, { stake: 5000 })));
        const grown = (await pool(t, "progressive")).currentMicro;
        expect(grown).toBe(PROGRESSIVE_SEED + 12 * contributionMicro(5000, 50));
        const results = await Promise.all(players.map((p) => spin(t, p.auth, { stake: 100, claim: "progressive" })));
        for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
        const wins = await t.db.read((sql) =>
          sql.query<{ round_id: string; paid_minor: number; pool_before_micro: number }>(
            "SELECT round_id, paid_minor, pool_before_micro FROM jackpot_wins ORDER BY pool_before_micro DESC",
          ),
        );
        expect(wins).toHaveLength(12);
        // Exactly one took the grown pool; each other saw what the pool held when it claimed.
        expect(wins.filter((w) => Number(w.pool_before_micro) === grown)).toHaveLength(1);
        expect(Number(wins[0]?.paid_minor)).toBe(Math.floor(grown / 10_000));
        for (const w of wins.slice(1)) {
          expect(Number(w.pool_before_micro)).toBeGreaterThanOrEqual(PROGRESSIVE_SEED);
          expect(Number(w.pool_before_micro)).toBeLessThan(grown);
        }
        const paid = results.reduce((s, r) => s + r.body.totalWin, 0);
        expect(paid).toBe(wins.reduce((s, w) => s + Number(w.paid_minor), 0));
        const m = await pool(t, "progressive");
        expect(m).toMatchObject({ hits: 12, ok: true });
        expect(m.currentMicro).toBeGreaterThanOrEqual(PROGRESSIVE_SEED);
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", ADMIN)).body;
        expect(rec.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("granted rounds contribute nothing; a claim in one is paid from the pool like any other", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth, playerId } = await playerSession(t.app);
        const grant = (
          await api(t.app, "POST", `/api/v1/admin/players/${playerId}/bonus-grants`, ADMIN, {
            requestId: rid("op"),
            gameId: JACKPOT_GAME,
            bet: { stake: 500 },
            spins: 2,
          })
        ).body;
        expect(grant.id).toBeTruthy();
        const res = await api(t.app, "POST", ROUNDS, auth, { grantId: grant.id, requestId: rid() });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const m = await meters(t);
        for (const p of m.pools) expect(p.contributionsMicro).toBe(0);
        expect(m.ok).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("admin: pools with seeds and meters; adjustments need a reason, are audited and never go below seed; win list; /metrics", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { auth } = await playerSession(t.app);
        await spin(t, auth, { stake: 1000 });
        const won = (await spin(t, auth, { stake: 100, claim: "progressive", num: 1, den: 2 })).body;
        const list = (await api(t.app, "GET", "/api/v1/admin/jackpots", ADMIN)).body;
        expect(list.ok).toBe(true);
        const prog = list.pools.find((p: { pool: string }) => p.pool === "progressive");
        expect(prog).toMatchObject({
          gameId: JACKPOT_GAME,
          currency: "EUR",
          key: "",
          funding: "wager",
          rateBps: 50,
          seedMicro: PROGRESSIVE_SEED,
          hits: 1,
          paidMicro: won.totalWin * 10_000,
          contributionsMicro: contributionMicro(1100, 50),
        });
        const wins = (await api(t.app, "GET", "/api/v1/admin/jackpots/wins", ADMIN)).body.wins;
        expect(wins).toHaveLength(1);
        expect(wins[0]).toMatchObject({ roundId: won.roundId, pool: "progressive", paid: won.totalWin, share: [1, 2] });
        const ref = { gameId: JACKPOT_GAME, pool: "progressive", currency: "EUR", key: "" };
        const noReason = await api(t.app, "POST", "/api/v1/admin/jackpots/adjustments", ADMIN, {
          requestId: rid("op"),
          ...ref,
          amountMicro: 5,
        });
        expect(noReason.status).toBe(400);
        const below = await api(t.app, "POST", "/api/v1/admin/jackpots/adjustments", ADMIN, {
          requestId: rid("op"),
          ...ref,
          amountMicro: -(prog.currentMicro - PROGRESSIVE_SEED + 1),
          reason: "take too much",
        });
        expect(below.status).toBe(409);
        expect(below.body.error.code).toBe("BELOW_SEED");
        const up = await api(t.app, "POST", "/api/v1/admin/jackpots/adjustments", ADMIN, {
          requestId: rid("op"),
          ...ref,
          amountMicro: 2_000_000,
          reason: "marketing boost",
        });
        expect(up.status).toBe(201);
        expect(up.body).toEqual({ beforeMicro: prog.currentMicro, afterMicro: prog.currentMicro + 2_000_000 });
        const down = await api(t.app, "POST", "/api/v1/admin/jackpots/adjustments", ADMIN, {
          requestId: rid("op"),
          ...ref,
          amountMicro: -(prog.currentMicro + 2_000_000 - PROGRESSIVE_SEED),
          reason: "back to seed",
        });
        expect(down.status).toBe(201);
        expect(down.body.afterMicro).toBe(PROGRESSIVE_SEED);
        const after = await pool(t, "progressive");
        expect(after).toMatchObject({
          currentMicro: PROGRESSIVE_SEED,
          adjustmentsMicro: PROGRESSIVE_SEED - prog.currentMicro,
          ok: true,
        });
        const audits = await t.db.read((sql) =>
          sql.query<{ details: string }>("SELECT details FROM admin_audit WHERE action = 'jackpot-adjust'"),
        );
        expect(audits.map((a) => JSON.parse(a.details).reason)).toEqual(["marketing boost", "back to seed"]);
        const metrics = (await t.app.inject({ method: "GET", url: "/metrics", headers: ADMIN })).body;
        expect(metrics).toContain(
          `reelhouse_jackpot_pool_micro{game="${JACKPOT_GAME}",pool="progressive",currency="EUR",key=""} ${PROGRESSIVE_SEED}`,
        );
        expect(metrics).toContain(
          `reelhouse_jackpot_hits_total{game="${JACKPOT_GAME}",pool="progressive",currency="EUR",key=""} 1`,
        );
        expect((await api(t.app, "GET", "/api/v1/admin/reconciliation", ADMIN)).body.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("property: random interleavings of contributions and claims from many players keep the invariant to the micro-unit", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const players = await Promise.all(Array.from({ length: 6 }, () => playerSession(t.app)));
        const op = fc.record({
          player: fc.integer({ min: 0, max: players.length - 1 }),
          stake: fc.integer({ min: 1, max: 400 }),
          claim: fc.constantFrom(null, null, null, "progressive", "mystery"),
          num: fc.integer({ min: 0, max: 10 }),
          den: fc.integer({ min: 1, max: 10 }),
        });
        let expectedPaid = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
            async (batches) => {
              for (const batch of batches) {
                // Each batch runs concurrently (distinct players' requests interleave).
                const seen = new Set<number>();
                const results = await Promise.all(
                  batch
                    .filter((o) => !seen.has(o.player) && seen.add(o.player))
                    .map((o) => {
                      const stake = o.claim === "mystery" ? Math.max(100, o.stake) : o.stake;
                      return spin(t, (players[o.player] as { auth: Record<string, string> }).auth, {
                        stake,
                        claim: o.claim,
                        num: Math.min(o.num, o.den),
                        den: o.den,
                      });
                    }),
                );
                for (const r of results) {
                  if (r.status === 402) continue; // that player ran out of money: nothing happened
                  expect(r.status, JSON.stringify(r.body)).toBe(201);
                  expectedPaid += r.body.totalWin;
                }
              }
              const m = await meters(t);
              expect(m.ok, JSON.stringify(m)).toBe(true);
              for (const p of m.pools) expect(p.currentMicro).toBeGreaterThanOrEqual(p.seedMicro);
              // Every win credited exactly once, as the win of the round that claimed it.
              const credits = await t.db.read((sql) =>
                sql.query<{ round_id: string; paid_minor: number; total_win: number; settled: number; n: number }>(
                  "SELECT w.round_id, w.paid_minor, r.total_win, r.settled, (SELECT COUNT(*) FROM jackpot_wins x WHERE x.round_id = w.round_id) AS n FROM jackpot_wins w JOIN rounds r ON r.id = w.round_id",
                ),
              );
              for (const c of credits) {
                expect(Number(c.n), JSON.stringify(c)).toBe(1);
                expect(Number(c.total_win), JSON.stringify(c)).toBe(Number(c.paid_minor));
              }
              expect(m.pools.reduce((s, p) => s + p.paidMicro, 0)).toBe(expectedPaid * 10_000);
            },
          ),
          { numRuns: backend.name === "sqlite" ? 15 : 8 },
        );
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", ADMIN)).body;
        expect(rec.balanced).toBe(true);
        // The balances after each contribution are exact: a shard only grows (the house and
        // funding jpmicro shards only shrink by contributions), so its entries' balances after
        // are distinct and the last one is the balance.
        const shards = await t.db.read((sql) =>
          sql.query<{ id: string; balance: number; n: number; distinct_after: number; top: number; bottom: number }>(
            "SELECT a.id, a.balance, COUNT(*) AS n, COUNT(DISTINCT e.balance_after) AS distinct_after, MAX(e.balance_after) AS top, MIN(e.balance_after) AS bottom FROM accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN transactions t ON t.id = e.tx_id WHERE t.kind = 'jackpot-contribution' AND a.id NOT LIKE '%#base%' GROUP BY a.id, a.balance",
          ),
        );
        expect(shards.length).toBeGreaterThan(0);
        for (const s of shards) {
          expect(Number(s.distinct_after), s.id).toBe(Number(s.n));
          if (s.id.startsWith("jp:")) expect(Number(s.top), s.id).toBe(Number(s.balance));
          else expect(Number(s.bottom), s.id).toBe(Number(s.balance));
        }
      } finally {
        await t.close();
      }
    }, 120_000);
  });
}
