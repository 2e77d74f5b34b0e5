/**
 * 40 Mystic Gem on the real server, SQLite and PostgreSQL: a bought mode debits its exact
 * price and plays its own reels; Buy Bonus off (the GB profile) and a price above the stake
 * cap are refused with nothing changed; Jackpot Cards are fed in proportion to the amount
 * debited (the price for a bought spin, nothing for a granted one); a grant with a bought mode
 * is refused; the player's active mode is kept in the preferences; the Fold plays through the API.
 */
import { mysticGem } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { WILD_INDEX } from "../../games/src/40-mystic-gem/rules.js";
import { spinDraws, stopShowing } from "../../games/src/40-mystic-gem/test-kit.js";
import { ADMIN_KEY, api, BACKENDS, playerSession, rid, rowCounts, type TestServer, testServer } from "./helpers.js";

const GAME = mysticGem.id;
const ROUNDS = `/api/v1/games/${GAME}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };

/** The Jackpot Cards contributions received so far, micro-units, summed over the four levels. */
async function cardsContributions(t: TestServer): Promise<number> {
  const { pools } = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body as {
    pools: { gameId: string; contributionsMicro: number }[];
  };
  return pools.filter((m) => m.gameId === "jackpot-cards").reduce((a, m) => a + m.contributionsMicro, 0);
}

/** Plays a round at `bet` and collects a Fold if one is offered; answers the first and the last step. */
async function play(t: TestServer, auth: Record<string, string>, bet: unknown, extra: Record<string, unknown> = {}) {
  const first = await api(t.app, "POST", ROUNDS, auth, { bet, requestId: rid(), ...extra });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  let last = first.body;
  if (last.awaiting) {
    const r = await api(t.app, "POST", `/api/v1/rounds/${last.roundId}/actions`, auth, {
      action: { type: "collect" },
      step: last.stepIndex,
      requestId: rid(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    last = r.body;
  }
  expect(last.awaiting).toBeNull();
  return { first: first.body, last };
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`40 Mystic Gem on the server (${backend.name})`, () => {
    let t: TestServer;
    afterAll(async () => {
      await t?.close();
      await backend.cleanup();
    });

    it("a bought mode debits exactly its price and plays its bought WILDs; the Fold plays through the API", async () => {
      // No Jackpot Cards round may open in the middle (test mode may set the trigger's odds).
      t = await testServer(backend.freshUrl(), { REELHOUSE_JACKPOT_CARDS_TRIGGER: "0/1" });
      const p = await playerSession(t.app, 1_000_000);
      let balance = 1_000_000;
      for (const [mode, price] of [
        ["wild1", 900],
        ["wild2", 3000],
        ["wild3", 14300],
        ["wild1-guaranteed", 2400],
        ["wild2-guaranteed", 5000],
      ] as const) {
        const { first, last } = await play(t, p.auth, { stake: 3, mode });
        expect(first.totalBet).toBe(price);
        const spin = first.events.find((e: { type: string }) => e.type === "spin");
        expect(spin.bought.length).toBe(mode.startsWith("wild1") ? 1 : mode.startsWith("wild2") ? 2 : 3);
        expect(last.balance - balance, mode).toBe(last.totalWin - price);
        balance = last.balance;
      }
      // A landed WILD forced on reel 3 (test mode), then the Fold collected.
      const stops = [0, 0, stopShowing("base", 2, WILD_INDEX, 0), 0, 0];
      const { first } = await play(t, p.auth, { stake: 0 }, { force: { draws: spinDraws("base", stops).map((d) => d[1]) } });
      expect(first.events.some((e: { type: string }) => e.type === "wildsExpanded")).toBe(true);
    });

    it("refuses Buy Bonus where the jurisdiction turns it off, and a price above the stake cap, changing nothing", async () => {
      const gb = await playerSession(t.app, 100_000, "GB");
      const rows = await rowCounts(t.db);
      const off = await api(t.app, "POST", ROUNDS, gb.auth, { bet: { stake: 0, mode: "wild1" }, requestId: rid() });
      expect(off.status).toBe(403);
      expect(off.body.error.code).toBe("FEATURE_NOT_ALLOWED");
      // A profile with Buy Bonus on and a 10.00 EUR cap: wild1 at 2.00 EUR (9.00) plays, wild2 (30.00) is refused.
      expect((await api(t.app, "PUT", "/api/v1/admin/config/jurisdictions/default", admin, { maxStake: 1000 })).status).toBe(200);
      const p = await playerSession(t.app, 100_000);
      const rowsBefore = await rowCounts(t.db);
      const capped = await api(t.app, "POST", ROUNDS, p.auth, { bet: { stake: 3, mode: "wild2" }, requestId: rid() });
      expect(capped.status).toBe(400);
      expect(capped.body.error.code).toBe("STAKE_CAP");
      expect(await rowCounts(t.db)).toEqual(rowsBefore);
      expect((await api(t.app, "POST", ROUNDS, p.auth, { bet: { stake: 3, mode: "wild1" }, requestId: rid() })).status).toBe(201);
      expect((await api(t.app, "PUT", "/api/v1/admin/config/jurisdictions/default", admin, { maxStake: null })).status).toBe(200);
      expect(rows.rounds ?? 0).toBeLessThanOrEqual(rowsBefore.rounds ?? 0);
    });

    it("feeds Jackpot Cards in proportion to the amount debited: the price of a bought spin, nothing for a granted spin", async () => {
      const p = await playerSession(t.app, 1_000_000);
      const c0 = await cardsContributions(t);
      await play(t, p.auth, { stake: 3 });
      const c1 = await cardsContributions(t);
      await play(t, p.auth, { stake: 3, mode: "wild3" });
      const c2 = await cardsContributions(t);
      expect(c1 - c0).toBeGreaterThan(0);
      // 14,300 debited against 200: 71.5 times the contribution, to the micro-unit rounding of four levels.
      expect(Math.abs((c2 - c1) / (c1 - c0) - 71.5)).toBeLessThan(0.5);

      // Bonus Spin Mode: a grant with a bought mode is refused; a plain grant debits and feeds nothing.
      const refused = await api(
        t.app,
        "POST",
        `/api/v1/admin/players/${p.playerId}/bonus-grants`,
        { ...admin, "idempotency-key": rid("op") },
        {
          gameId: GAME,
          bet: { stake: 3, mode: "wild1" },
          spins: 3,
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("GRANT_BET");
      const grant = await api(
        t.app,
        "POST",
        `/api/v1/admin/players/${p.playerId}/bonus-grants`,
        { ...admin, "idempotency-key": rid("op") },
        {
          gameId: GAME,
          bet: { stake: 3 },
          spins: 1,
        },
      );
      expect(grant.status).toBe(201);
      const free = await api(t.app, "POST", ROUNDS, p.auth, { grantId: grant.body.id, requestId: rid() });
      expect(free.status, JSON.stringify(free.body)).toBe(201);
      expect(free.body.awaiting).toBeNull();
      expect(free.body.totalBet).toBe(200);
      expect(await cardsContributions(t)).toBe(c2);
    });

    it("keeps the player's active mode in the server's preferences, across sessions", async () => {
      const p = await playerSession(t.app, 1000);
      expect(
        (await api(t.app, "PUT", `/api/v1/preferences/${GAME}`, p.auth, { preferences: { buyMode: "wild2-guaranteed" } })).status,
      ).toBe(200);
      const read = await api(t.app, "GET", `/api/v1/preferences/${GAME}`, p.auth);
      expect(read.body.preferences).toEqual({ buyMode: "wild2-guaranteed" });
    });
  });
}
