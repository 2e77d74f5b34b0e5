import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CARDS_GAME } from "./games/cards-game.js";
import { JACKPOT_GAME, PROGRESSIVE_SEED } from "./games/jackpot-game.js";
import { BACKENDS, rid } from "./helpers.js";
import { call, dies, expectBalanced, type Proc, serve } from "./process.js";
import { realPlayerToken } from "./real-player.js";

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), "games/serve-jackpots.ts");
const ROUNDS = `/api/v1/games/${JACKPOT_GAME}/rounds`;

interface Meter {
  pool: string;
  key: string;
  currentMicro: number;
  paidMicro: number;
  hits: number;
  ok: boolean;
}

const progressive = async (p: Proc): Promise<Meter> => {
  const rec = (await call(p, "GET", "/api/v1/admin/reconciliation")).body;
  expect(rec.jackpots.ok).toBe(true);
  return rec.jackpots.pools.find((m: Meter) => m.pool === "progressive") as Meter;
};

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`jackpot pools in real processes, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());
    const running: Proc[] = [];
    afterAll(() => {
      for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    });
    const start = async (url: string, crashAt?: string) => {
      const p = await serve(url, crashAt, SCRIPT);
      running.push(p);
      return p;
    };
    const stop = async (p: Proc) => {
      p.child.kill("SIGTERM");
      await p.exited;
    };

    it("kill -9 between a hit and its credit: after restart the retry credits exactly once", async () => {
      const url = backend.freshUrl();
      const a = await start(url, "mid-round");
      const token = await realPlayerToken(a);
      const claim = { bet: { stake: 100, claim: "progressive" }, requestId: rid() };
      // The claim is answered inside the transaction; the process dies before it commits.
      await dies(a, ROUNDS, token, claim);
      // Committed but never answered: the retry gets the stored answer, nothing is claimed twice.
      const b = await start(url, "after-debit");
      const second = { bet: { stake: 100, claim: "progressive" }, requestId: rid() };
      await dies(b, ROUNDS, token, second);

      const c = await start(url);
      const afterCrashes = await progressive(c);
      expect(afterCrashes.hits).toBe(1);
      const won = await call(c, "POST", ROUNDS, token, second);
      expect(won.status).toBe(201);
      expect(won.body.totalWin).toBe(PROGRESSIVE_SEED / 10_000);
      const first = await call(c, "POST", ROUNDS, token, claim);
      expect(first.status).toBe(201);
      // The first request never committed: its retry plays now, on the reset pool (seed + increments since).
      expect(first.body.totalWin).toBe(Math.floor((PROGRESSIVE_SEED + 5000) / 10_000));
      expect((await call(c, "POST", ROUNDS, token, second)).body).toEqual(won.body);
      const m = await progressive(c);
      expect(m.hits).toBe(2);
      expect(m.paidMicro).toBe((won.body.totalWin + first.body.totalWin) * 10_000);
      expect((await call(c, "GET", "/api/v1/session", token)).body.balance).toBe(
        100_000 - 200 + won.body.totalWin + first.body.totalWin,
      );
      await expectBalanced(c);
      await stop(c);
    }, 120_000);

    it("kill -9 mid Jackpot Cards: the card round resumes with the same layout; kill -9 at the winning card: exactly one credit", async () => {
      const url = backend.freshUrl();
      const cardsEnv = { REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1" };
      const startCards = async (crashAt?: string) => {
        const p = await serve(url, crashAt, SCRIPT, cardsEnv);
        running.push(p);
        return p;
      };
      type Card = { position: number; suit: string };
      const openCards = async (p: Proc, token: string) =>
        (
          (await call(p, "GET", "/api/v1/rounds/open", token)).body.rounds as {
            gameId: string;
            stepIndex: number;
            awaiting: { revealed: Card[] };
          }[]
        ).find((r) => r.gameId === "jackpot-cards");
      const a = await startCards();
      const token = await realPlayerToken(a);
      const spun = await call(a, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, token, { bet: { stake: 100 }, requestId: rid() });
      const roundId = spun.body.jackpotCards.roundId as string;
      const pick = (p: Proc, position: number, step: number, requestId = rid()) =>
        call(p, "POST", `/api/v1/rounds/${roundId}/actions`, token, { action: { type: "pick", position }, step, requestId });
      await pick(a, 0, 0);
      await stop(a);

      // Killed after the second pick committed, before it was answered: the retry gets the stored answer.
      const b = await startCards("after-step");
      const second = { action: { type: "pick", position: 1 }, step: 1, requestId: rid() };
      await dies(b, `/api/v1/rounds/${roundId}/actions`, token, second);
      const c = await startCards();
      const resumed = await openCards(c, token);
      expect(resumed?.awaiting.revealed.map((r) => r.position)).toEqual([0, 1]);
      const retried = await call(c, "POST", `/api/v1/rounds/${roundId}/actions`, token, second);
      expect(retried.status).toBe(200);
      const layout = resumed?.awaiting.revealed ?? [];
      await stop(c);

      // Killed at the winning card, inside its claim (before the commit): nothing was paid; the retry pays once.
      const d = await startCards("mid-round");
      let step = 2;
      let position = 2;
      let winning: { action: unknown; step: number; requestId: string } | null = null;
      for (; position < 12; position++, step++) {
        const body = { action: { type: "pick", position }, step, requestId: rid() };
        const res = await fetch(`${d.url}/api/v1/rounds/${roundId}/actions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }).catch(() => null);
        if (res === null) {
          winning = body;
          break;
        }
        expect(res.status).toBe(200);
      }
      expect(winning).not.toBeNull();
      expect((await d.exited).signal).toBe("SIGKILL");
      const e = await startCards();
      const before = await openCards(e, token);
      // The same layout as before the crashes: every card turned so far shows the same suit.
      for (const card of layout) expect(before?.awaiting.revealed).toContainEqual(card);
      const meters = async () => (await call(e, "GET", "/api/v1/admin/reconciliation")).body.jackpots.pools as Meter[];
      expect((await meters()).reduce((n, m) => n + m.hits, 0)).toBe(0);
      const won = await call(e, "POST", `/api/v1/rounds/${roundId}/actions`, token, winning);
      expect(won.status).toBe(200);
      expect(won.body.status).toBe("completed");
      const again = await call(e, "POST", `/api/v1/rounds/${roundId}/actions`, token, winning);
      expect(again.body).toEqual(won.body);
      expect((await meters()).reduce((n, m) => n + m.hits, 0)).toBe(1);
      expect((await call(e, "GET", "/api/v1/session", token)).body.balance).toBe(100_000 - 100 + won.body.totalWin);
      await expectBalanced(e);
      await stop(e);
    }, 180_000);

    it.skipIf(backend.name !== "postgres")(
      "three processes on one database: players claim the same pool at once; one full payout, the others per the policy",
      async () => {
        const url = backend.freshUrl();
        const procs = [await start(url), await start(url), await start(url)];
        const players = await Promise.all(
          Array.from({ length: 9 }, async (_, i) => {
            const p = procs[i % 3] as Proc;
            return { p, token: await realPlayerToken(p) };
          }),
        );
        await Promise.all(
          players.map(({ p, token }) => call(p, "POST", ROUNDS, token, { bet: { stake: 10_000 }, requestId: rid() })),
        );
        const grown = (await progressive(procs[0] as Proc)).currentMicro;
        expect(grown).toBe(PROGRESSIVE_SEED + 9 * 10_000 * 50);
        const results = await Promise.all(
          players.map(({ p, token }) =>
            call(p, "POST", ROUNDS, token, { bet: { stake: 100, claim: "progressive" }, requestId: rid() }),
          ),
        );
        for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
        const wins = results.map((r) => r.body.totalWin as number).sort((x, y) => y - x);
        expect(wins[0]).toBe(Math.floor(grown / 10_000));
        for (const w of wins.slice(1)) {
          expect(w).toBeGreaterThanOrEqual(PROGRESSIVE_SEED / 10_000);
          expect(w).toBeLessThan(Math.floor(grown / 10_000));
        }
        const m = await progressive(procs[1] as Proc);
        expect(m.hits).toBe(9);
        expect(m.paidMicro).toBe(wins.reduce((s, w) => s + w, 0) * 10_000);
        expect(m.currentMicro).toBeGreaterThanOrEqual(PROGRESSIVE_SEED);
        await expectBalanced(procs[2] as Proc);
        for (const p of procs) await stop(p);
      },
      120_000,
    );
  });
}
