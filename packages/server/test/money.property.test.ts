import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { Admin } from "../src/admin.js";
import {
  ADMIN_KEY,
  BACKENDS,
  BET,
  demoSession,
  drawsFor,
  MERMAID,
  rid,
  type TestServer,
  testServer,
  type Wanted,
} from "./helpers.js";

const ROUNDS = `/api/v1/games/${MERMAID}/rounds`;
const DRAWS: Record<Wanted | "random", number[] | null> = {
  lose: drawsFor("lose"),
  win: drawsFor("win"),
  freeSpins: drawsFor("freeSpins"),
  pick: drawsFor("pick"),
  random: null,
};

type Op =
  | { kind: "start"; outcome: keyof typeof DRAWS; coinValue: 1 | 10 | 100 }
  | { kind: "act" }
  | { kind: "retry"; times: number }
  | { kind: "crash" }
  | { kind: "cancel" };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("start" as const),
    outcome: fc.constantFrom("lose", "win", "freeSpins", "pick", "random"),
    coinValue: fc.constantFrom(1, 10, 100),
  }),
  fc.constant({ kind: "act" as const }),
  fc.constant({ kind: "act" as const }),
  fc.record({ kind: fc.constant("retry" as const), times: fc.integer({ min: 1, max: 5 }) }),
  fc.constant({ kind: "crash" as const }),
  fc.constant({ kind: "cancel" as const }),
);

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`money is conserved on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("over random sequences of rounds, actions, concurrent retries, restarts and cancellations", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 14 }), async (ops) => {
          const url = backend.freshUrl();
          let t: TestServer = await testServer(url);
          const { auth, playerId } = await demoSession(t.app);
          // The last request, and whether it was answered 2xx (a refused one stored nothing, so its retry plays it).
          let last: { url: string; payload: Record<string, unknown>; ok: boolean } | null = null;
          let openRound: any = null;
          try {
            for (const o of ops) {
              if (o.kind === "start") {
                const draws = DRAWS[o.outcome];
                const payload = {
                  bet: { ...BET, coinValue: o.coinValue },
                  requestId: rid(),
                  ...(draws ? { force: { draws } } : {}),
                };
                const r = await t.app.inject({ method: "POST", url: ROUNDS, headers: auth, payload });
                last = { url: ROUNDS, payload, ok: r.statusCode < 300 };
                expect([201, 402, 409]).toContain(r.statusCode);
                if (r.statusCode === 201 && r.json().status === "open") openRound = r.json();
              } else if (o.kind === "act" && openRound) {
                const a = openRound.awaiting;
                const action =
                  a.type === "pick"
                    ? { type: "pick", object: [...Array(12).keys()].find((x) => !a.opened.includes(x)) }
                    : { type: "freeSpin" };
                const path = `/api/v1/rounds/${openRound.roundId}/actions`;
                const payload = { action, step: openRound.stepIndex, requestId: rid() };
                const r = await t.app.inject({ method: "POST", url: path, headers: auth, payload });
                last = { url: path, payload, ok: r.statusCode < 300 };
                expect(r.statusCode, r.body).toBe(200);
                openRound = r.json().status === "open" ? r.json() : null;
              } else if (o.kind === "retry" && last) {
                const target = last;
                const answers = await Promise.all(
                  Array.from({ length: o.times }, () =>
                    t.app.inject({ method: "POST", url: target.url, headers: auth, payload: target.payload }),
                  ),
                );
                expect(new Set(answers.map((x) => `${x.statusCode} ${x.statusCode < 300 ? x.body : ""}`)).size).toBe(1);
                const answer = answers[0];
                if (!target.ok && answer && answer.statusCode < 300) {
                  // Refused before (e.g. 409 ROUND_OPEN), played now: it may have opened a round.
                  target.ok = true;
                  if (answer.json().status === "open") openRound = answer.json();
                }
              } else if (o.kind === "crash") {
                await t.close();
                t = await testServer(url);
              } else if (o.kind === "cancel" && openRound) {
                await new Admin(t.server).cancelRound(openRound.roundId, { reason: "property" }, rid("op"));
                openRound = null;
              }
            }
            const rec = await new Admin(t.server).reconciliation({});
            expect(rec).toMatchObject({
              balanced: true,
              accountSum: 0,
              negativePlayerBalances: 0,
              accountsNotMatchingEntries: 0,
            });
            // The player's balance is the demo funding minus paid bets plus settled wins and refunds.
            const sums = await t.db.read((sql) =>
              sql.one<{ bets: number; settled: number }>(
                "SELECT COALESCE(SUM(CASE WHEN paid = 1 THEN total_bet ELSE 0 END), 0) AS bets, COALESCE(SUM(settled), 0) AS settled FROM rounds WHERE player_id = $1",
                [playerId],
              ),
            );
            const balance = (await t.app.inject({ method: "GET", url: "/api/v1/session", headers: auth })).json().balance;
            expect(balance).toBe(100_000 - Number(sums?.bets) + Number(sums?.settled));
            const open = await t.db.read((sql) =>
              sql.query("SELECT id FROM rounds WHERE player_id = $1 AND status = 'open'", [playerId]),
            );
            expect(open.length).toBe(openRound ? 1 : 0);
          } finally {
            await t.close();
          }
        }),
        { numRuns: backend.name === "sqlite" ? 25 : 15 },
      );
    });

    it("`reelhouse replay` rebuilds a stored round from its draws (exit 0) and detects tampering (exit 1)", async () => {
      const url = backend.freshUrl();
      const t = await testServer(url);
      let roundId = "";
      try {
        const { auth } = await demoSession(t.app);
        const first = (
          await t.app.inject({
            method: "POST",
            url: ROUNDS,
            headers: auth,
            payload: { bet: BET, requestId: rid(), force: { draws: DRAWS.pick } },
          })
        ).json();
        roundId = first.roundId;
        let step = first;
        while (step.awaiting) {
          const object = [...Array(12).keys()].find((x) => !step.awaiting.opened.includes(x));
          step = (
            await t.app.inject({
              method: "POST",
              url: `/api/v1/rounds/${roundId}/actions`,
              headers: auth,
              payload: { action: { type: "pick", object }, step: step.stepIndex, requestId: rid() },
            })
          ).json();
        }
      } finally {
        await t.close();
      }
      const run = () =>
        spawnSync(process.execPath, [resolve(ROOT, "packages/cli/bin/reelhouse.js"), "replay", roundId], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url, REELHOUSE_ADMIN_KEY: ADMIN_KEY },
          encoding: "utf8",
        });
      const ok = run();
      expect(ok.stdout, ok.stderr).toContain("identical");
      expect(ok.status).toBe(0);
      const t2 = await testServer(url);
      await t2.db.tx((sql) => sql.run("UPDATE steps SET win = win + 1 WHERE round_id = $1 AND idx = 1", [roundId]));
      await t2.close();
      const bad = run();
      expect(bad.stdout).toContain("DIFFERENT");
      expect(bad.status).toBe(1);
    });
  });
}
