import { mermaidTreasure } from "@reelhouse/games";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { Admin } from "../src/admin.js";
import { UNITS_GAMBLE, unitsGambleV2 } from "./games/units-gamble.js";
import { ADMIN_KEY, api, BACKENDS, playerSession, rid, type TestServer, testServer } from "./helpers.js";

const ROUNDS = `/api/v1/games/${UNITS_GAMBLE}/rounds`;
const admin = { "x-admin-key": ADMIN_KEY };
const GAMES = [mermaidTreasure, unitsGambleV2];

type Op =
  | { kind: "start"; stake: 1 | 10 | 100; bonus: 0 | 1 | 2; roll: number | null }
  | { kind: "granted"; roll: number | null }
  | { kind: "gamble"; won: number | null }
  | { kind: "collect" }
  | { kind: "credit"; amount: number }
  | { kind: "retry"; times: number }
  | { kind: "crash" }
  | { kind: "cancel" };

const maybe = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: null });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("start" as const),
    stake: fc.constantFrom(1, 10, 100),
    bonus: fc.constantFrom(0, 1, 2),
    roll: maybe(3),
  }),
  fc.record({ kind: fc.constant("granted" as const), roll: maybe(3) }),
  fc.record({ kind: fc.constant("gamble" as const), won: maybe(1) }),
  fc.record({ kind: fc.constant("gamble" as const), won: maybe(1) }),
  fc.constant({ kind: "collect" as const }),
  fc.record({ kind: fc.constant("credit" as const), amount: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("retry" as const), times: fc.integer({ min: 1, max: 4 }) }),
  fc.constant({ kind: "crash" as const }),
  fc.constant({ kind: "cancel" as const }),
);

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(
    `money and units are conserved with signed wins, units and grants on ${backend.name}`,
    () => {
      afterAll(() => backend.cleanup());

      it("over random rounds, gambles, collects, unit credits, granted rounds, retries, restarts and cancellations", async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 14 }), async (ops) => {
            const url = backend.freshUrl();
            let t: TestServer = await testServer(url, {}, { games: GAMES });
            // A real-money player (credited by the operator): promotions pays their granted rounds' stakes.
            const { auth, playerId } = await playerSession(t.app, 100_000);
            let open: any = null;
            // The last request and whether it was answered 2xx (a refused one stored nothing: its retry is judged afresh).
            let last: { url: string; payload: Record<string, unknown>; ok: boolean } | null = null;
            const send = async (path: string, payload: Record<string, unknown>) => {
              const r = await api(t.app, "POST", path, auth, payload);
              last = { url: path, payload, ok: r.status < 300 };
              if (r.status < 300) open = r.body.status === "open" ? r.body : null;
              return r;
            };
            try {
              for (const o of ops) {
                if (o.kind === "start") {
                  const r = await send(ROUNDS, {
                    bet: { stake: o.stake, bonus: o.bonus },
                    requestId: rid(),
                    ...(o.roll === null ? {} : { force: { draws: [o.roll] } }),
                  });
                  expect([201, 402, 409]).toContain(r.status);
                } else if (o.kind === "granted") {
                  const grant = (
                    await api(t.app, "POST", `/api/v1/admin/players/${playerId}/bonus-grants`, admin, {
                      requestId: rid("op"),
                      gameId: UNITS_GAMBLE,
                      bet: { stake: 10 },
                      spins: 1,
                    })
                  ).body;
                  const r = await send(ROUNDS, {
                    grantId: grant.id,
                    requestId: rid(),
                    ...(o.roll === null ? {} : { force: { draws: [o.roll] } }),
                  });
                  expect([201, 409]).toContain(r.status);
                } else if ((o.kind === "gamble" || o.kind === "collect") && open) {
                  const r = await send(`/api/v1/rounds/${open.roundId}/actions`, {
                    action: { type: o.kind },
                    step: open.stepIndex,
                    requestId: rid(),
                    ...(o.kind === "gamble" && o.won !== null ? { force: { draws: [o.won] } } : {}),
                  });
                  // A granted round may not gamble (403); everything else plays.
                  expect([200, 403]).toContain(r.status);
                } else if (o.kind === "credit") {
                  await api(t.app, "POST", `/api/v1/admin/players/${playerId}/adjustments`, admin, {
                    requestId: rid("op"),
                    amount: o.amount,
                    unit: "bonus",
                    reason: "p",
                  });
                } else if (o.kind === "retry" && last) {
                  const target: { url: string; payload: Record<string, unknown>; ok: boolean } = last;
                  const answers = await Promise.all(
                    Array.from({ length: o.times }, () => api(t.app, "POST", target.url, auth, target.payload)),
                  );
                  expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
                  // Refused before (e.g. 402 before a unit credit), played now: track what it opened.
                  const answer = answers[0];
                  if (!target.ok && answer && answer.status < 300) {
                    target.ok = true;
                    open = answer.body.status === "open" ? answer.body : null;
                  }
                } else if (o.kind === "crash") {
                  await t.close();
                  t = await testServer(url, {}, { games: GAMES });
                } else if (o.kind === "cancel" && open) {
                  await new Admin(t.server).cancelRound(open.roundId, {}, rid("op"));
                  open = null;
                }
              }
              const rec = await new Admin(t.server).reconciliation({});
              expect(rec).toMatchObject({
                balanced: true,
                accountSum: 0,
                negativePlayerBalances: 0,
                accountsNotMatchingEntries: 0,
                crossUnitEntries: 0,
              });
              // Every balance follows from the rounds alone: cash from paid bets and settled wins; bonus from credits, stakes and won units.
              const rounds = await t.db.read((sql) =>
                sql.query<{ bet: string; state: string; status: string; paid: number; total_bet: number; settled: number }>(
                  "SELECT bet, state, status, paid, total_bet, settled FROM rounds WHERE player_id = $1",
                  [playerId],
                ),
              );
              const credits = await t.db.read((sql) =>
                sql.one<{ s: number }>(
                  "SELECT COALESCE(SUM(amount), 0) AS s FROM transactions WHERE player_id = $1 AND unit = 'bonus' AND kind = 'credit'",
                  [playerId],
                ),
              );
              let cash = 100_000;
              let bonus = Number(credits?.s ?? 0);
              let promotions = 0;
              for (const r of rounds) {
                const stake = (JSON.parse(r.bet) as { bonus: number }).bonus;
                const won = (JSON.parse(r.state) as { winUnits?: { bonus?: number } }).winUnits?.bonus ?? 0;
                cash += r.settled - (r.paid === 1 ? r.total_bet : 0);
                if (r.paid === 1) bonus += (r.status === "cancelled" ? 0 : -stake) + (r.status === "completed" ? won : 0);
                const voided = r.paid === 0 && r.status === "cancelled" && r.settled === 0;
                if (r.paid === 0 && !voided) promotions -= r.total_bet;
              }
              const player = (await api(t.app, "GET", `/api/v1/admin/players/${playerId}`, admin)).body;
              expect(player.balance).toBe(cash);
              expect(player.units.bonus ?? 0).toBe(bonus);
              expect(rec.accounts.promotions?.balance).toBe(promotions);
              const stillOpen = rounds.filter((r) => r.status === "open");
              expect(stillOpen.length).toBe(open ? 1 : 0);
            } finally {
              await t.close();
            }
          }),
          { numRuns: backend.name === "sqlite" ? 25 : 12 },
        );
      });
    },
  );
}
