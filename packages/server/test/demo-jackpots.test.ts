/**
 * Issue 17 point 9: demo play beside real money never reaches a real jackpot. On SQLite and
 * PostgreSQL, through a real HTTP server, with demo play on and Jackpot Cards added to Mona
 * Lisa Jewels (trigger forced to 1/1 in test mode): demo players spin at max bet, win the
 * progressive (forced JACKPOT line) and play out every card round. Then no ledger entry of a
 * demo round or a demo pool touches a real account, every real account (pools, house, seed and
 * funding accounts) holds what it held, no real win is recorded, a real player's event stream
 * saw no win, and the real-money counters (/metrics, reconciliation) count no demo money —
 * while demo play did contribute to, open and win from demo play's own pools, as the real
 * game does.
 */
import { claimPool, contributionMicro, MICRO_PER_MINOR } from "@reelhouse/engine";
import { monaLisaJewels } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { BASE, type Cell, grid, mustStops } from "../../games/src/mona-lisa-jewels/test-kit.js";
import type { TestServer } from "./helpers.js";
import { ADMIN_KEY, api, BACKENDS, demoSession, playerSession, rid, testServer } from "./helpers.js";
import { openEvents, type SseEvent } from "./sse.js";

type Json = Record<string, any>;
const MONA = "mona-lisa-jewels";
const ROUNDS = `/api/v1/games/${MONA}/rounds`;
const MAX_BET = monaLisaJewels.maxBet() as unknown as { coinValue: number; coinsPerLine: number; lines: number };
const MAX_TOTAL = MAX_BET.coinValue * MAX_BET.coinsPerLine * MAX_BET.lines;
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
/** 5 JACKPOT along the top row at max bet: the progressive. */
const JACKPOT = mustStops(
  BASE,
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, "JACKPOT"] as const), [2, 1, CALM]),
  "5 JACKPOT on the top row",
);
const LOSE = mustStops(BASE, grid(PLAIN), "a losing spin");
const ENV = { REELHOUSE_DEMO: "on", REELHOUSE_JACKPOT_CARDS_GAMES: MONA, REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1" };
const admin = { "x-admin-key": ADMIN_KEY };

/** Every real account (not the demo bank's, not a demo player's) with its balance. */
const realAccounts = (t: TestServer) =>
  t.db.read((sql) =>
    sql.query<{ id: string; balance: number }>(
      "SELECT a.id, a.balance FROM accounts a LEFT JOIN players p ON p.id = a.player_id WHERE a.kind <> 'demo' AND COALESCE(p.demo, 0) = 0 ORDER BY a.id",
    ),
  );

/** What records real jackpot wins: the win rows, the pools' hit counters, the win counter. */
const realWinRecords = (t: TestServer) =>
  t.db.read(async (sql) => ({
    wins: await sql.query("SELECT * FROM jackpot_wins ORDER BY seq"),
    hits: await sql.query("SELECT game_id, pool_id, pool_key, hits FROM jackpot_pools ORDER BY game_id, pool_id, pool_key"),
    seq: await sql.one("SELECT last FROM jackpot_win_seq"),
  }));

/** Plays a card round out, turning the first face-down card each time; returns its last answer. */
async function playCards(t: TestServer, auth: { authorization: string }, roundId: string): Promise<Json> {
  const open = (await api(t.app, "GET", "/api/v1/rounds/open", auth)).body.rounds as Json[];
  let last = open.find((r) => r.roundId === roundId) as Json;
  let step = last.stepIndex as number;
  const taken = new Set<number>();
  while (last.status !== "completed") {
    let position = 0;
    while (taken.has(position)) position++;
    taken.add(position);
    const res = await api(t.app, "POST", `/api/v1/rounds/${roundId}/actions`, auth, {
      action: { type: "pick", position },
      step,
      requestId: rid(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    last = res.body;
    step = last.stepIndex;
  }
  return last;
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`demo play and the real jackpots (issue 17 point 9) on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("demo max-bet rounds contribute to, open and win only demo play's own pools; no entry of a demo round touches a real account", async () => {
      const t = await testServer(backend.freshUrl(), ENV);
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const real = await playerSession(t.app);
      const stream = await openEvents(base, real.token);
      try {
        // A real player watches Mona Lisa Jewels' pools (the progressive and the four card levels) at max bet.
        expect(stream.status).toBe(200);
        const { streamId } = (await stream.next((e) => e.event === "ready")).data;
        const view = { streamId, gameId: MONA, bet: MAX_BET };
        expect((await api(t.app, "PUT", "/api/v1/events/view", real.auth, view)).status).toBe(204);
        const shownBefore = (await stream.next((e) => e.event === "pool")).data.pools as Json[];
        expect(shownBefore.map((p) => p.pool).sort()).toEqual(["clubs", "diamonds", "hearts", "progressive", "spades"]);
        const accountsBefore = await realAccounts(t);
        const recordsBefore = await realWinRecords(t);
        const metersBefore = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];

        // Demo play: three demo players, each a jackpot spin, a losing spin and a jackpot spin at max bet; every spin opens cards.
        const seed = t.server.jackpots.poolsOf(MONA).get("progressive")?.seeds.EUR?.[""] as number;
        const jackpotWins: number[] = [];
        const cardWins: Json[] = [];
        let demoRounds = 0;
        for (let player = 0; player < 3; player++) {
          const demo = await demoSession(t.app);
          for (const draws of [JACKPOT, LOSE, JACKPOT]) {
            const spun = await api(t.app, "POST", ROUNDS, demo.auth, { bet: MAX_BET, requestId: rid(), force: { draws } });
            expect(spun.status, JSON.stringify(spun.body)).toBe(201);
            demoRounds++;
            for (const e of spun.body.events as Json[]) if (e.type === "jackpotWon") jackpotWins.push(e.amount);
            const cards = spun.body.jackpotCards?.roundId as string | undefined;
            expect(cards, "every demo round opens Jackpot Cards (trigger 1/1)").toMatch(/^rd_/);
            const done = await playCards(t, demo.auth, cards as string);
            const won = (done.events as Json[]).find((e) => e.type === "jackpotCardsWon");
            expect(won?.amount).toBeGreaterThan(0);
            cardWins.push(won as Json);
            demoRounds++;
          }
        }
        // Demo play played the real game: the first demo jackpot paid the demo pool at its seed, as a real one would.
        expect(jackpotWins).toHaveLength(6);
        expect(jackpotWins[0]).toBe(claimPool(seed, seed, MAX_BET.coinValue, 1000).paidMinor);
        expect(cardWins).toHaveLength(9);

        // 1. No ledger entry of a demo round, a demo player or a demo pool is on a real account.
        const demoEntries = await t.db.read((sql) =>
          sql.query<{ account_id: string; kind: string; real: number; tx_kind: string }>(
            `SELECT e.account_id, a.kind, t.kind AS tx_kind,
                    CASE WHEN a.kind = 'demo' OR (a.kind = 'player' AND p.demo = 1) THEN 0 ELSE 1 END AS real
             FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id JOIN accounts a ON a.id = e.account_id
             LEFT JOIN players p ON p.id = a.player_id
             WHERE t.round_id IN (SELECT id FROM rounds WHERE demo = 1)
                OR t.player_id IN (SELECT id FROM players WHERE demo = 1)
                OR t.id IN (SELECT tx_id FROM ledger_entries WHERE account_id LIKE 'jpdemo:%')`,
          ),
        );
        expect(demoEntries.filter((e) => Number(e.real) === 1).map((e) => `${e.tx_kind} ${e.account_id}`)).toEqual([]);
        const kinds = new Set(demoEntries.map((e) => e.tx_kind));
        for (const kind of ["bet", "win", "jackpot-contribution", "jackpot-payout", "jackpot-seed"])
          expect(kinds).toContain(kind);
        const rounds = await t.db.read((sql) => sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM rounds WHERE demo = 1"));
        expect(Number(rounds?.n)).toBe(demoRounds);

        // 2. Every real account holds what it held: pools, house, seed, funding and payout accounts, the real player.
        expect(await realAccounts(t)).toEqual(accountsBefore);
        // 3. No real win recorded, no hit counted, no win number taken.
        expect(await realWinRecords(t)).toEqual(recordsBefore);
        const metersAfter = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];
        expect(metersAfter).toEqual(metersBefore);
        expect((await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin)).body.wins).toEqual([]);

        // 4. The real player's stream saw no win, and shows the pools as before.
        expect((await api(t.app, "PUT", "/api/v1/events/view", real.auth, view)).status).toBe(204);
        const from = stream.events.length;
        const shownAfter = (await stream.next((e) => e.event === "pool", 5000, from)).data.pools as Json[];
        expect(shownAfter).toEqual(shownBefore);
        expect(stream.events.filter((e: SseEvent) => e.event === "jackpotWin")).toEqual([]);

        // 4b. A demo player's ticker shows the demo twins (what a demo round would win), not the real pools.
        const watcher = await demoSession(t.app);
        const demoStream = await openEvents(base, watcher.token);
        try {
          const demoReady = (await demoStream.next((e) => e.event === "ready")).data;
          const demoView = { streamId: demoReady.streamId, gameId: MONA, bet: MAX_BET };
          expect((await api(t.app, "PUT", "/api/v1/events/view", watcher.auth, demoView)).status).toBe(204);
          const demoShown = (await demoStream.next((e) => e.event === "pool")).data.pools as Json[];
          const expected = await t.db.read(async (sql) => {
            const out: Json[] = [];
            for (const shown of t.server.jackpots.shown(MONA, MAX_BET, "EUR")) {
              const micro = await t.server.jackpots.value(sql, { pool: shown.pool }, "demo");
              out.push({
                pool: shown.pool.pool,
                key: shown.pool.key,
                name: shown.name,
                amount: claimPool(micro, shown.seed, shown.numerator, shown.denominator).paidMinor,
              });
            }
            return out;
          });
          expect(demoShown).toEqual(expected);
          expect(demoShown, "demo play moved its own pools away from the real ones").not.toEqual(shownBefore);
        } finally {
          demoStream.close();
        }

        // 5. The demo pools kept their own books: per pool, seed funding + contributions = paid + value, never below the seed.
        const demoFlows = await t.db.read((sql) =>
          sql.query<{ account_id: string; kind: string; total: number }>(
            "SELECT e.account_id, t.kind, SUM(e.amount) AS total FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id WHERE e.account_id LIKE 'jpdemo:%' GROUP BY e.account_id, t.kind",
          ),
        );
        const byPool = new Map<string, Record<string, number>>();
        for (const f of demoFlows) {
          const pool = f.account_id.slice("jpdemo:".length, f.account_id.lastIndexOf("#"));
          const sums = byPool.get(pool) ?? {};
          sums[f.kind] = (sums[f.kind] ?? 0) + Number(f.total);
          byPool.set(pool, sums);
        }
        const progressive = byPool.get(`${MONA}/progressive/EUR/`) as Record<string, number>;
        expect(progressive["jackpot-contribution"]).toBe(9 * contributionMicro(MAX_TOTAL, 50));
        expect(-(progressive["jackpot-payout"] ?? 0)).toBe(jackpotWins.reduce((a, b) => a + b, 0) * MICRO_PER_MINOR);
        const cardsPaid = [...byPool].filter(([name]) => name.startsWith("jackpot-cards/"));
        expect(cardsPaid).toHaveLength(4);
        expect(cardsPaid.reduce((a, [, s]) => a - (s["jackpot-payout"] ?? 0), 0)).toBe(
          cardWins.reduce((a, w) => a + w.amount, 0) * MICRO_PER_MINOR,
        );
        for (const [name, s] of byPool) {
          const value = Object.values(s).reduce((a, b) => a + b, 0);
          const [gameId, pool, currency, key] = name.split("/") as [string, string, string, string];
          expect(value, name).toBeGreaterThanOrEqual(
            t.server.jackpots.poolsOf(gameId).get(pool)?.seeds[currency]?.[key] as number,
          );
        }

        // 6. The real-money figures count no demo money; demo play's are reported apart; the books balance.
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec).toMatchObject({ balanced: true, bets: 0, wins: 0, rounds: {}, jackpots: { ok: true } });
        expect(rec.demo.bets).toBe(9 * MAX_TOTAL);
        expect(rec.demo.wins).toBeGreaterThan(0);
        // Real pool money moved only to seed the real pools at start.
        expect(Object.keys(rec.units.jpmicro.transactions)).toEqual(["jackpot-seed"]);
        expect(rec.units.jpmicro.demoTransactions["jackpot-contribution"].count).toBe(9 * 5);
        const metrics = await (await fetch(`${base}/metrics`, { headers: admin })).text();
        expect(metrics).toMatch(/^reelhouse_bets_minor_total 0$/m);
        expect(metrics).toMatch(/^reelhouse_wins_minor_total 0$/m);
      } finally {
        stream.close();
        await t.close();
      }
    }, 120_000);

    it("a real player beside demo play still feeds, opens and wins the real pools, recorded and announced", async () => {
      const t = await testServer(backend.freshUrl(), ENV);
      try {
        const demo = await demoSession(t.app);
        const real = await playerSession(t.app, 1_000_000);
        const demoSpin = await api(t.app, "POST", ROUNDS, demo.auth, {
          bet: MAX_BET,
          requestId: rid(),
          force: { draws: JACKPOT },
        });
        await playCards(t, demo.auth, demoSpin.body.jackpotCards.roundId);
        const spun = await api(t.app, "POST", ROUNDS, real.auth, { bet: MAX_BET, requestId: rid(), force: { draws: JACKPOT } });
        expect(spun.status).toBe(201);
        const won = (spun.body.events as Json[]).find((e) => e.type === "jackpotWon");
        // The real pool was at its seed (the demo round fed only the demo pool): the real win is the seed's share.
        const seed = t.server.jackpots.poolsOf(MONA).get("progressive")?.seeds.EUR?.[""] as number;
        expect(won?.amount).toBe(claimPool(seed, seed, MAX_BET.coinValue, 1000).paidMinor);
        const cards = await playCards(t, real.auth, spun.body.jackpotCards.roundId);
        const wins = (await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin)).body.wins as Json[];
        expect(wins.map((w) => w.playerId)).toEqual([real.playerId, real.playerId]);
        expect(wins.map((w) => w.paid).sort()).toEqual(
          [won?.amount, (cards.events as Json[]).find((e) => e.type === "jackpotCardsWon")?.amount].sort(),
        );
        const meter = ((await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[]).find(
          (p) => p.gameId === MONA,
        ) as Json;
        expect(meter).toMatchObject({ hits: 1, contributionsMicro: contributionMicro(MAX_TOTAL, 50), ok: true });
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec).toMatchObject({ balanced: true, bets: MAX_TOTAL, demo: { bets: MAX_TOTAL } });
      } finally {
        await t.close();
      }
    });

    it("without demo play there are no demo pools; the demo bank funds a demo pool once, whatever restarts", async () => {
      const url = backend.freshUrl();
      const off = await testServer(url, { REELHOUSE_MODE: "production" });
      const demoPools = (t: TestServer) =>
        t.db.read((sql) =>
          sql.query<{ n: number; total: number }>(
            "SELECT COUNT(*) AS n, COALESCE(SUM(balance), 0) AS total FROM accounts WHERE id LIKE 'jpdemo:%'",
          ),
        );
      try {
        expect(Number((await demoPools(off))[0]?.n)).toBe(0);
      } finally {
        await off.close();
      }
      for (let start = 0; start < 2; start++) {
        const on = await testServer(url, { REELHOUSE_MODE: "production", REELHOUSE_DEMO: "on" });
        try {
          const [row] = await demoPools(on);
          expect(Number(row?.n)).toBeGreaterThan(0);
          // Funded to the seeds once, from the demo bank's seed account.
          const seeds = [...on.server.jackpots.declared()].reduce((a, d) => a + d.seed, 0);
          expect(Number(row?.total)).toBe(seeds);
          const bank = await on.db.read((sql) =>
            sql.one<{ balance: number }>("SELECT balance FROM accounts WHERE id = 'demo-jackpot-seed@jpmicro'"),
          );
          expect(Number(bank?.balance)).toBe(-seeds);
        } finally {
          await on.close();
        }
      }
    });
  });
}
