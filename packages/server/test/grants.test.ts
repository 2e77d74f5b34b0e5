import { mermaidTreasure } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { ASKS_PLATFORM, asksPlatform } from "./games/asks-platform.js";
import { UNITS_GAMBLE, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, api, BACKENDS, rid, testServer } from "./helpers.js";

const admin = { "x-admin-key": ADMIN_KEY };
const GAMES = [mermaidTreasure, unitsGambleV2, asksPlatform];

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`operator free rounds (Bonus Spin Mode) on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("promotions pays a granted round's stake to the house; the round knows it is granted; the player is paid its win", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const player = (await api(t.app, "POST", "/api/v1/admin/players", admin, { name: "Grace" })).body.id as string;
        const launch = (await api(t.app, "POST", `/api/v1/admin/players/${player}/launch-tokens`, admin, {})).body;
        const auth = {
          authorization: `Bearer ${(await api(t.app, "POST", "/api/v1/sessions", {}, { launchToken: launch.launchToken })).body.token}`,
        };
        const grant = (
          await api(t.app, "POST", `/api/v1/admin/players/${player}/bonus-grants`, admin, {
            requestId: rid("op"),
            gameId: UNITS_GAMBLE,
            bet: { stake: 50 },
            spins: 2,
          })
        ).body;
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants).toEqual([
          { id: grant.id, gameId: UNITS_GAMBLE, bet: { stake: 50, bonus: 0, buy: false }, spinsTotal: 2, spinsLeft: 2 },
        ]);
        const rounds = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
        const first = (await api(t.app, "POST", rounds, auth, { grantId: grant.id, requestId: rid(), force: { draws: [1] } }))
          .body;
        expect(first).toMatchObject({ status: "open", balance: 0, totalBet: 50, win: 50 });
        const context = JSON.parse((await t.server.storedRound(first.roundId))?.steps[0]?.context ?? "{}");
        expect(context).toMatchObject({ granted: true, autoplay: false });
        // The open round names its grant (a client resuming it knows it is free).
        expect((await api(t.app, "GET", "/api/v1/rounds/open", auth)).body.rounds).toMatchObject([
          { roundId: first.roundId, grantId: grant.id },
        ]);
        // No double-up in a granted round (the game reads context.granted).
        const url = `/api/v1/rounds/${first.roundId}/actions`;
        const gamble = await api(t.app, "POST", url, auth, { action: { type: "gamble" }, step: 0, requestId: rid() });
        expect(gamble.body.error).toMatchObject({ code: "FEATURE_NOT_ALLOWED", details: { feature: "gamble" } });
        const done = (await api(t.app, "POST", url, auth, { action: { type: "collect" }, step: 0, requestId: rid() })).body;
        expect(done).toMatchObject({ status: "completed", balance: 51 });
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec).toMatchObject({
          balanced: true,
          grantStakes: 50,
          bets: 0,
          wins: 51,
          accounts: { promotions: { balance: -50 } },
        });
        expect(rec.rounds.completed).toMatchObject({ bets: 0, granted: 50, settled: 51 });
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants[0].spinsLeft).toBe(1);
        // History flags the granted round; a paid round is not flagged.
        const paid = (await api(t.app, "POST", rounds, auth, { bet: { stake: 5 }, requestId: rid(), force: { draws: [0] } }))
          .body;
        const history = (await api(t.app, "GET", "/api/v1/history", auth)).body.rounds as { roundId: string; granted: boolean }[];
        expect(history.find((r) => r.roundId === first.roundId)?.granted).toBe(true);
        expect(history.find((r) => r.roundId === paid.roundId)?.granted).toBe(false);
        // A granted bet stakes cash only.
        const units = await api(t.app, "POST", `/api/v1/admin/players/${player}/bonus-grants`, admin, {
          requestId: rid("op"),
          gameId: UNITS_GAMBLE,
          bet: { stake: 5, bonus: 1 },
          spins: 1,
        });
        expect(units.body.error.code).toBe("GRANT_BET");
      } finally {
        await t.close();
      }
    });

    it("cancelling a granted round that won nothing voids it: the spin returns to the grant, the stake to promotions", async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: GAMES });
      try {
        const player = (await api(t.app, "POST", "/api/v1/admin/players", admin, { name: "Vic" })).body.id as string;
        const launch = (await api(t.app, "POST", `/api/v1/admin/players/${player}/launch-tokens`, admin, {})).body;
        const auth = {
          authorization: `Bearer ${(await api(t.app, "POST", "/api/v1/sessions", {}, { launchToken: launch.launchToken })).body.token}`,
        };
        const bet = { stake: 40, asks: 0, pick: true };
        const grant = (
          await api(t.app, "POST", `/api/v1/admin/players/${player}/bonus-grants`, admin, {
            requestId: rid("op"),
            gameId: ASKS_PLATFORM,
            bet,
            spins: 1,
          })
        ).body;
        const open = (
          await api(t.app, "POST", `/api/v1/games/${ASKS_PLATFORM}/rounds`, auth, { grantId: grant.id, requestId: rid() })
        ).body;
        expect(open).toMatchObject({ status: "open", totalWin: 0 });
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants).toEqual([]);
        const cancel = (
          await api(t.app, "POST", `/api/v1/admin/rounds/${open.roundId}/cancel`, admin, { requestId: rid("op"), reason: "test" })
        ).body;
        expect(cancel).toMatchObject({ status: "cancelled", paid: 0, voided: true });
        expect((await api(t.app, "GET", "/api/v1/grants", auth)).body.grants[0]).toMatchObject({ id: grant.id, spinsLeft: 1 });
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec).toMatchObject({ balanced: true, grantStakes: 0, accounts: { promotions: { balance: 0 } } });
      } finally {
        await t.close();
      }
    });
  });
}
