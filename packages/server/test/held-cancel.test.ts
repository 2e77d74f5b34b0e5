/**
 * An operator cancels a round that holds a jackpot it has not shown yet (GameModule.hidesClaim:
 * Bewitched claims the pool when Merlin comes; the vials only show it). The jackpot was won
 * when it was drawn, so it is part of "what the round has won so far" (DESIGN.md §2: a
 * cancelled round pays that or refunds the bet, whichever is better): the player is paid it,
 * the win is announced, and the books balance. On SQLite and PostgreSQL.
 */
import { bewitched } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { prizeDraw, searchStops } from "../../games/src/bewitched/test-kit.js";
import { ADMIN_KEY, api, BACKENDS, playerSession, rid, testServer } from "./helpers.js";

const GAME = bewitched.id;
/** 1 cent a coin, 15 lines: the pool of coin value 1 (seed 2,000 coins = 20.00 EUR). */
const BET = { coinValue: 1, coinsPerLine: 1, lines: 15 };
/** The pool is grown to 30.00 EUR first, so the jackpot is not the seed. */
const POOL_MICRO = 30_000_000;
const JACKPOT_CENTS = POOL_MICRO / 10_000;

type Outcome = Parameters<Parameters<typeof searchStops>[0]>[1];
const MERLINS = searchStops((_, o: Outcome) => o.merlins.length === 3 && o.witches.length < 2, 15, "three Merlins");
const JACKPOT_TRIGGER = [...MERLINS, prizeDraw(BET, (p) => p.kind === "jackpot")];

const admin = () => ({ "x-admin-key": ADMIN_KEY, "idempotency-key": rid("op") });

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`cancelling a round that holds an unshown jackpot on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("pays the held jackpot with what the round won, announces it, and the books balance", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const player = await playerSession(t.app);
        const grown = await api(t.app, "POST", "/api/v1/admin/jackpots/adjustments", admin(), {
          gameId: GAME,
          pool: "progressive",
          currency: "EUR",
          key: String(BET.coinValue),
          amountMicro: POOL_MICRO - 20_000_000,
          reason: "grow the pool for the test",
        });
        expect(grown.status).toBe(201);

        const spun = await api(t.app, "POST", `/api/v1/games/${GAME}/rounds`, player.auth, {
          bet: BET,
          requestId: rid(),
          force: { draws: JACKPOT_TRIGGER },
        });
        expect(spun.status, JSON.stringify(spun.body)).toBe(201);
        expect(spun.body.awaiting).not.toBeNull();
        const roundId = spun.body.roundId as string;
        const row = await t.db.read((sql) =>
          sql.one<{ total_win: number }>("SELECT total_win FROM rounds WHERE id = $1", [roundId]),
        );
        const shownWin = Number(row?.total_win);
        // Held: claimed, not announced.
        expect((await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin())).body.wins).toMatchObject([
          { roundId, seq: null },
        ]);

        const cancelled = await api(t.app, "POST", `/api/v1/admin/rounds/${roundId}/cancel`, admin(), {
          reason: "malfunction",
        });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        // Before the fix the round paid its shown win or the refund, and the jackpot stayed with the house.
        expect(cancelled.body.paid).toBe(shownWin + JACKPOT_CENTS);
        expect(cancelled.body.balance).toBe(spun.body.balance + shownWin + JACKPOT_CENTS);

        const wins = (await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin())).body.wins as Record<string, unknown>[];
        expect(wins).toHaveLength(1);
        expect(wins[0]?.seq).toEqual(expect.any(Number));
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin())).body;
        expect(rec).toMatchObject({ balanced: true, jackpots: { ok: true } });
      } finally {
        await t.close();
      }
    }, 60_000);
  });
}
