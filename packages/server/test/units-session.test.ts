/**
 * Issue 20: the player's non-cash balances (Bonuses) wherever a client reads balances, on
 * SQLite and PostgreSQL: the session's answers (`POST /sessions`, `GET /session`: `units`,
 * `{}` when none), every round answer after its steps (`unitBalances`), and the push
 * channel's `account` event (`unitBalances`), each equal to the ledger's balance.
 */
import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { UNITS_GAMBLE, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, api, BACKENDS, demoSession, httpCaller, playerSession, rid, testServer } from "./helpers.js";
import { openEvents } from "./sse.js";

const ROUNDS = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };
const GAMES = [mermaidTreasure, unitsGambleV2];

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`unit balances in sessions, answers and events on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a demo player's session has units {}; a cash-only round answer has no unitBalances", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const created = await t.app.inject({ method: "POST", url: "/api/v1/sessions", payload: { demo: true } });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({ balance: 100_000, units: {} });
        const auth = { authorization: `Bearer ${created.json().token}` };
        const session = await api(t.app, "GET", "/api/v1/session", auth);
        expect(session.status).toBe(200);
        expect(session.body).toMatchObject({ balance: 100_000, units: {}, currency: "EUR" });
        const spin = await api(t.app, "POST", ROUNDS, auth, { bet: { stake: 100 }, requestId: rid(), force: { draws: [0] } });
        expect(spin.status).toBe(201);
        expect(spin.body.unitBalances).toBeUndefined();
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.units).toEqual({});
      } finally {
        await t.close();
      }
    });

    it("the session, the round answers and GET /session carry the ledger's Bonuses, 0 included", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const { playerId, auth } = await playerSession(t.app, 100_000);
        // Before any Bonus: {}.
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.units).toEqual({});
        const credit = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/adjustments`, admin, {
          requestId: rid("op"),
          amount: 5,
          unit: "bonus",
          reason: "welcome Bonuses",
        });
        expect(credit.status).toBe(201);
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body).toMatchObject({ balance: 100_000, units: { bonus: 5 } });

        // A new session (a launch token) answers the Bonuses at once.
        const launch = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/launch-tokens`, admin, {});
        const second = await t.app.inject({
          method: "POST",
          url: "/api/v1/sessions",
          payload: { launchToken: launch.body.launchToken },
        });
        expect(second.statusCode).toBe(201);
        expect(second.json()).toMatchObject({ balance: 100_000, units: { bonus: 5 } });

        // A round staking 2 Bonuses and winning 3: the answer has the balance after the stake and the win.
        const first = await api(t.app, "POST", ROUNDS, auth, {
          bet: { stake: 10, bonus: 2 },
          requestId: rid(),
          force: { draws: [3] },
        });
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({ status: "open", unitBalances: { bonus: 3 }, totalWinUnits: { bonus: 3 } });
        // Winnings are credited at the end: the session shows the balance after the stake.
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.units).toEqual({ bonus: 3 });
        const done = await api(t.app, "POST", `/api/v1/rounds/${first.body.roundId}/actions`, auth, {
          action: { type: "collect" },
          step: 0,
          requestId: rid(),
        });
        expect(done.body).toMatchObject({ status: "completed", unitBalances: { bonus: 6 } });
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.units).toEqual({ bonus: 6 });

        // Spending every Bonus: the unit stays, at 0.
        const all = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/adjustments`, admin, {
          requestId: rid("op"),
          amount: -1,
          unit: "bonus",
          reason: "to five",
        });
        expect(all.body).toMatchObject({ balance: 5 });
        const lose = await api(t.app, "POST", ROUNDS, auth, {
          bet: { stake: 10, bonus: 5 },
          requestId: rid(),
          force: { draws: [0] },
        });
        expect(lose.body).toMatchObject({ status: "completed", unitBalances: { bonus: 0 } });
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.units).toEqual({ bonus: 0 });
        // The operator's view agrees.
        expect((await api(t.app, "GET", `/api/v1/admin/players/${playerId}`, admin)).body.units).toEqual({ bonus: 0 });
      } finally {
        await t.close();
      }
    });

    it("the account event after a Bonus round carries the same unit balances as the answer and the session", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const call = httpCaller(base);
      try {
        const { playerId, token, auth } = await playerSession(t.app, 100_000);
        const credit = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/adjustments`, admin, {
          requestId: rid("op"),
          amount: 4,
          unit: "bonus",
          reason: "Bonuses",
        });
        expect(credit.status).toBe(201);
        const stream = await openEvents(base, token);
        try {
          expect(stream.status).toBe(200);
          await stream.next((e) => e.event === "ready");
          const from = stream.events.length;
          const spin = await call("POST", ROUNDS, token, {
            bet: { stake: 10, bonus: 4 },
            requestId: rid(),
            force: { draws: [2] },
          });
          expect(spin.status).toBe(201);
          // The stake left at once; the 2 Bonuses won arrive when the round ends.
          expect(spin.body.unitBalances).toEqual({ bonus: 0 });
          const collect = await call("POST", `/api/v1/rounds/${spin.body.roundId}/actions`, token, {
            action: { type: "collect" },
            step: 0,
            requestId: rid(),
          });
          expect(collect.body).toMatchObject({ status: "completed", unitBalances: { bonus: 2 } });
          const seen = await stream.next(
            (e) => e.event === "account" && e.data.unitBalances?.bonus === 2 && e.data.balance === collect.body.balance,
            5000,
            from,
          );
          expect(seen.data).toEqual({
            balance: collect.body.balance,
            currency: "EUR",
            unitBalances: { bonus: 2 },
            cause: "round",
          });
          const session = await api(t.app, "GET", "/api/v1/session", auth);
          expect(session.body).toMatchObject({ balance: seen.data.balance, units: seen.data.unitBalances });
        } finally {
          stream.close();
        }
      } finally {
        await t.close();
      }
    });

    it("an unauthenticated GET /session is refused (no balances leak)", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        await demoSession(t.app);
        const refused = await api(t.app, "GET", "/api/v1/session", {});
        expect(refused.status).toBe(401);
        expect(refused.body.units).toBeUndefined();
      } finally {
        await t.close();
      }
    });
  });
}
