/**
 * Issue 20: bets the operator disabled (`PUT /admin/games/:id/bets`), on SQLite and
 * PostgreSQL. Generic over `GameModule.bets()`: 40 Mystic Gem's stake indices and Mermaid
 * Treasure's line bets. Validated (nothing written when refused), audited, stored (a restart
 * keeps them); a round (paid, bought mode, autoplay spin, granted), an autoplay or a grant at
 * a disabled bet is 400 BET_DISABLED and writes nothing; the lobby's ranges and a game's
 * description leave them out; INSUFFICIENT_FUNDS offers the smallest enabled bet.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import {
  ADMIN_KEY,
  api,
  BACKENDS,
  BET,
  demoSession,
  MERMAID,
  playerSession,
  rid,
  rowCounts,
  type TestServer,
  testServer,
} from "./helpers.js";

const GEM = "40-mystic-gem";
const admin = { "x-admin-key": ADMIN_KEY };
const as = (who: string) => ({ ...admin, "x-admin-user": who });

/** Every table's rows and the settings, to show a refusal wrote nothing. */
async function written(db: Database) {
  const settings = await db.read((sql) =>
    sql.query<{ key: string; value: string }>("SELECT key, value FROM settings ORDER BY key"),
  );
  return { rows: await rowCounts(db), settings };
}

const lobby = async (t: TestServer, id: string) =>
  ((await api(t.app, "GET", "/api/v1/games", {})).body.games as { id: string; minBet: number; maxBet: number }[]).find(
    (g) => g.id === id,
  );

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`operator-disabled bets on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a bad setting is refused with a clear code and writes nothing", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const before = await written(t.db);
        const url = `/api/v1/admin/games/${GEM}/bets`;
        const cases: [unknown, string][] = [
          [{}, "BAD_BET_SETTING"],
          [{ disabled: [{ stake: 1 }], enabled: [{ stake: 2 }] }, "BAD_BET_SETTING"],
          [{ disabled: { stake: 1 } }, "BAD_BET_SETTING"],
          [{ other: [] }, "BAD_BET_SETTING"],
          [{ disabled: [{ stake: 99 }] }, "BAD_BET"],
          // The game's parser refuses fields it does not know.
          [{ disabled: [{ stake: 1, coins: 2 }] }, "BAD_BET"],
          // A bought mode is not a bet level.
          [{ disabled: [{ stake: 1, mode: "wild1" }] }, "BAD_BET_SETTING"],
          // No bet left.
          [{ enabled: [] }, "BAD_BET_SETTING"],
          [{ disabled: Array.from({ length: 10 }, (_, stake) => ({ stake })) }, "BAD_BET_SETTING"],
        ];
        for (const [body, code] of cases) {
          const refused = await api(t.app, "PUT", url, admin, body);
          expect(refused.status, JSON.stringify(body)).toBe(400);
          expect(refused.body.error.code, JSON.stringify(body)).toBe(code);
        }
        expect((await api(t.app, "PUT", "/api/v1/admin/games/no-such-game/bets", admin, { disabled: [] })).status).toBe(404);
        expect((await api(t.app, "PUT", url, {}, { disabled: [] })).status).toBe(401);
        expect(await written(t.db)).toEqual(before);
        // Nothing set: every bet enabled.
        const view = (await api(t.app, "GET", url, admin)).body;
        expect(view).toMatchObject({ gameId: GEM, setting: null, minBet: 40, maxBet: 5000, updatedBy: null });
        expect(view.bets).toHaveLength(10);
        expect(view.bets.every((b: { enabled: boolean }) => b.enabled)).toBe(true);
      } finally {
        await t.close();
      }
    });

    it("fixed stakes: disabled stakes are refused everywhere, left out of the lobby, marked in the schema; audited and kept", async () => {
      const url = backend.freshUrl();
      let t = await testServer(url);
      try {
        const { auth, playerId } = await playerSession(t.app, 100_000);
        const rounds = `/api/v1/games/${GEM}/rounds`;
        // A start answered before the change: its retry keeps its stored answer afterwards.
        const earlyId = rid();
        const early = await api(t.app, "POST", rounds, auth, { bet: { stake: 9 }, requestId: earlyId });
        expect(early.status).toBe(201);
        if (early.body.status === "open") {
          // It awaits a decision (the Fold's offer): the operator ends it, so the game has no open round.
          const cancel = await api(t.app, "POST", `/api/v1/admin/rounds/${early.body.roundId}/cancel`, admin, {
            requestId: rid("op"),
          });
          expect(cancel.status).toBe(200);
        }
        const grantBefore = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/bonus-grants`, admin, {
          requestId: rid("op"),
          gameId: GEM,
          bet: { stake: 3 },
          spins: 2,
        });
        expect(grantBefore.status).toBe(201);

        const set = await api(t.app, "PUT", `/api/v1/admin/games/${GEM}/bets`, as("alice"), {
          disabled: [{ stake: 9 }, { stake: 0 }, { stake: 9 }],
        });
        expect(set.status).toBe(200);
        expect(set.body).toMatchObject({
          gameId: GEM,
          setting: { disabled: [{ stake: 0 }, { stake: 9 }] },
          updatedBy: "alice",
          minBet: 80,
          maxBet: 4000,
        });
        expect(set.body.bets.filter((b: { enabled: boolean }) => !b.enabled).map((b: { bet: unknown }) => b.bet)).toEqual([
          { stake: 0 },
          { stake: 9 },
        ]);
        const audit = await t.db.read((sql) =>
          sql.query<{ details: string }>("SELECT details FROM admin_audit WHERE action = 'setGameBets'"),
        );
        expect(audit.map((a) => JSON.parse(a.details))).toEqual([
          { gameId: GEM, who: "alice", old: null, new: { disabled: [{ stake: 0 }, { stake: 9 }] } },
        ]);

        // The lobby and the description.
        expect(await lobby(t, GEM)).toMatchObject({ minBet: 80, maxBet: 4000 });
        const described = (await api(t.app, "GET", `/api/v1/games/${GEM}`, {})).body;
        expect(described).toMatchObject({ minBet: 80, maxBet: 4000, disabledBets: [{ stake: 0 }, { stake: 9 }] });
        const stakes = described.betSchema.stakes as { cash: number; disabled?: true }[];
        expect(stakes).toHaveLength(10);
        expect(stakes.filter((s) => s.disabled).map((s) => s.cash)).toEqual([40, 5000]);
        expect(described.betSchema.default).toBe(3);

        // Refused everywhere, nothing written.
        const before = await written(t.db);
        const refusals: [string, string, unknown][] = [
          ["POST", rounds, { bet: { stake: 9 }, requestId: rid() }],
          ["POST", rounds, { bet: { stake: 0, mode: "wild1" }, requestId: rid() }],
          ["POST", "/api/v1/autoplay", { gameId: GEM, bet: { stake: 0 }, spins: 5, lossLimit: 1000, requestId: rid() }],
        ];
        for (const [method, path, body] of refusals) {
          const refused = await api(t.app, method as "POST", path, auth, body);
          expect(refused.status, JSON.stringify(body)).toBe(400);
          expect(refused.body.error).toMatchObject({ code: "BET_DISABLED", details: { minBet: 80, maxBet: 4000 } });
        }
        const grant = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/bonus-grants`, admin, {
          requestId: rid("op"),
          gameId: GEM,
          bet: { stake: 9 },
          spins: 1,
        });
        expect(grant.status).toBe(400);
        expect(grant.body.error.code).toBe("BET_DISABLED");
        expect(await written(t.db)).toEqual(before);

        // The retry of the start answered before the change: its stored answer.
        const retry = await t.app.inject({
          method: "POST",
          url: rounds,
          headers: auth,
          payload: { bet: { stake: 9 }, requestId: earlyId },
        });
        expect(retry.statusCode).toBe(201);
        expect(retry.json().roundId).toBe(early.body.roundId);

        // An enabled stake plays; an autoplay at it starts.
        const auto = await api(t.app, "POST", "/api/v1/autoplay", auth, {
          gameId: GEM,
          bet: { stake: 1 },
          spins: 2,
          lossLimit: 1000,
          requestId: rid(),
        });
        expect(auto.status).toBe(201);

        // A grant made before its bet was disabled: its rounds are refused while it is, and play again after.
        await api(t.app, "PUT", `/api/v1/admin/games/${GEM}/bets`, as("bob"), { disabled: [{ stake: 3 }] });
        const grantId = grantBefore.body.id as string;
        const demo = await demoSession(t.app);
        const other = await api(t.app, "POST", rounds, demo.auth, { bet: { stake: 3 }, requestId: rid() });
        expect(other.body.error.code).toBe("BET_DISABLED");
        const beforeGranted = await written(t.db);
        const granted = await api(t.app, "POST", rounds, auth, { grantId, requestId: rid() });
        expect(granted.status).toBe(400);
        expect(granted.body.error.code).toBe("BET_DISABLED");
        expect(await written(t.db)).toEqual(beforeGranted);
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants[0]).toMatchObject({ id: grantId, spinsLeft: 2 });
        // The second change replaced the first (stake 9 is back) and its audit names the old setting.
        expect(await lobby(t, GEM)).toMatchObject({ minBet: 40, maxBet: 5000 });
        const audits = await t.db.read((sql) =>
          sql.query<{ details: string }>("SELECT details FROM admin_audit WHERE action = 'setGameBets' ORDER BY at, id"),
        );
        expect(JSON.parse(audits.at(-1)?.details ?? "null")).toEqual({
          gameId: GEM,
          who: "bob",
          old: { disabled: [{ stake: 0 }, { stake: 9 }] },
          new: { disabled: [{ stake: 3 }] },
        });

        // Kept in the database: a restarted server refuses it too.
        await t.close();
        t = await testServer(url);
        const described2 = (await api(t.app, "GET", `/api/v1/games/${GEM}`, {})).body;
        expect(described2.disabledBets).toEqual([{ stake: 3 }]);
        // Stake 3 was the default: the description's default moves to the nearest enabled stake below.
        expect(described2.betSchema.default).toBe(2);
        expect(described2.betSchema.stakes[3]).toEqual({ cash: 200, disabled: true });

        // Enabled again: the grant plays.
        const cleared = await api(t.app, "PUT", `/api/v1/admin/games/${GEM}/bets`, admin, { disabled: [] });
        expect(cleared.status).toBe(200);
        expect(cleared.body).toMatchObject({ setting: { disabled: [] }, updatedBy: "operator", minBet: 40, maxBet: 5000 });
        const described3 = (await api(t.app, "GET", `/api/v1/games/${GEM}`, {})).body;
        expect(described3.disabledBets).toBeUndefined();
        expect(described3.betSchema.stakes.some((s: { disabled?: true }) => s.disabled)).toBe(false);
        const playAgain = await playerSessionFor(t, playerId);
        const grantedNow = await api(t.app, "POST", rounds, playAgain, { grantId, requestId: rid() });
        expect(grantedNow.status).toBe(201);
      } finally {
        await t.close();
      }
    });

    it("line bets: an enabled list narrows the lobby's range and the bet schema; INSUFFICIENT_FUNDS offers the smallest enabled bet", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const enabled = [
          { coinValue: 10, coinsPerLine: 1, lines: 15 },
          { coinValue: 20, coinsPerLine: 1, lines: 15 },
          { coinValue: 20, coinsPerLine: 2, lines: 15 },
        ];
        const set = await api(t.app, "PUT", `/api/v1/admin/games/${MERMAID}/bets`, admin, { enabled: [...enabled].reverse() });
        expect(set.status).toBe(200);
        expect(set.body).toMatchObject({ setting: { enabled }, minBet: 150, maxBet: 600 });
        expect(set.body.bets.filter((b: { enabled: boolean }) => b.enabled)).toHaveLength(3);
        expect(await lobby(t, MERMAID)).toMatchObject({ minBet: 150, maxBet: 600 });
        const described = (await api(t.app, "GET", `/api/v1/games/${MERMAID}`, {})).body;
        expect(described).toMatchObject({ minBet: 150, maxBet: 600 });
        expect(described.bet).toEqual({
          coinValues: [10, 20],
          coinsPerLine: [1, 2],
          lines: [15],
          default: { coinValue: 10, coinsPerLine: 1, lines: 15 },
        });
        // Every other bet is listed as disabled (a combination of kept values included: 10 x 2 x 15).
        expect(described.disabledBets).toHaveLength(600 - 3);
        expect(described.disabledBets).toContainEqual({ coinValue: 10, coinsPerLine: 2, lines: 15 });

        const { auth } = await demoSession(t.app);
        const rounds = `/api/v1/games/${MERMAID}/rounds`;
        const off = await api(t.app, "POST", rounds, auth, {
          bet: { coinValue: 10, coinsPerLine: 2, lines: 15 },
          requestId: rid(),
        });
        expect(off.status).toBe(400);
        expect(off.body.error.code).toBe("BET_DISABLED");
        const on = await api(t.app, "POST", rounds, auth, { bet: BET, requestId: rid() });
        expect(on.status).toBe(201);

        // Too poor for the smallest enabled bet (150): 402 offers it, not the game's 1-cent bet.
        const poor = await playerSession(t.app, 100);
        const refused = await api(t.app, "POST", rounds, poor.auth, { bet: BET, requestId: rid() });
        expect(refused.status).toBe(402);
        expect(refused.body.error.details).toMatchObject({ minBet: enabled[0], minTotalBet: 150 });
        // Another game is untouched.
        expect(await lobby(t, GEM)).toMatchObject({ minBet: 40, maxBet: 5000 });
      } finally {
        await t.close();
      }
    });
  });
}

/** A fresh session of an existing player (after a restart the old token still works, but a new one is what a casino opens). */
async function playerSessionFor(t: TestServer, playerId: string): Promise<Record<string, string>> {
  const launch = await api(t.app, "POST", `/api/v1/admin/players/${playerId}/launch-tokens`, admin, {});
  const session = await t.app.inject({
    method: "POST",
    url: "/api/v1/sessions",
    payload: { launchToken: launch.body.launchToken },
  });
  return { authorization: `Bearer ${session.json().token}` };
}
