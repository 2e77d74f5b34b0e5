/**
 * The push channel across real server processes on one PostgreSQL: a win committed by one
 * process reaches an event stream held by another (NOTIFY in the claim's transaction, LISTEN
 * in every process), a view change sent to one process steers a stream another holds, and
 * the ticker on the other process resets at once after a win and moves at once after an
 * operator adjustment made on a third.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { JACKPOT_GAME, PROGRESSIVE_SEED } from "./games/jackpot-game.js";
import { BACKENDS, rid } from "./helpers.js";
import { call, type Proc, serve } from "./process.js";
import { realPlayerToken } from "./real-player.js";
import { openEvents, type SseEvent } from "./sse.js";

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), "games/serve-jackpots.ts");
const ROUNDS = `/api/v1/games/${JACKPOT_GAME}/rounds`;
const postgres = BACKENDS.find((b) => b.name === "postgres");

describe.skipIf(!postgres?.available)("push channel across three processes on one PostgreSQL", () => {
  const running: Proc[] = [];
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    await postgres?.cleanup();
  });

  it("a win at process A reaches a stream on process C within seconds; a view sent to A steers C's stream", async () => {
    const url = postgres?.freshUrl() as string;
    // No snapshot in the test's time: every pool event below is a push.
    process.env.REELHOUSE_TEST_POOL_MS = "600000";
    const [a, b, c] = [
      await serve(url, undefined, SCRIPT),
      await serve(url, undefined, SCRIPT),
      await serve(url, undefined, SCRIPT),
    ];
    running.push(a, b, c);
    // Real-money players: a demo player's jackpot wins reach neither the real pools nor anyone's feed.
    const session = (p: Proc) => realPlayerToken(p);
    const watcher = await session(c);
    const winner = await session(a);
    const stream = await openEvents(c.url, watcher);
    try {
      expect(stream.status).toBe(200);
      const { streamId } = (await stream.next((e) => e.event === "ready")).data;
      // The view goes to process A; C holds the stream (no sticky sessions needed).
      const put = await call(a, "PUT", "/api/v1/events/view", watcher, {
        streamId,
        gameId: JACKPOT_GAME,
        bet: { stake: 100, num: 1, den: 2 },
      });
      expect(put.status).toBe(204);
      const shown = await stream.next((e) => e.event === "pool", 5000);
      expect(shown.data.pools[0]).toMatchObject({ pool: "progressive", amount: PROGRESSIVE_SEED / 2 / 10_000 });
      // Contributions at B (not signalled: the snapshot reads them); a view sent again (to B) reads them at once.
      expect((await call(b, "POST", ROUNDS, winner, { bet: { stake: 20_000 }, requestId: rid() })).status).toBe(201);
      const grown = PROGRESSIVE_SEED + 20_000 * 50;
      expect(
        (
          await call(b, "PUT", "/api/v1/events/view", watcher, {
            streamId,
            gameId: JACKPOT_GAME,
            bet: { stake: 100, num: 1, den: 2 },
          })
        ).status,
      ).toBe(204);
      await stream.next((e) => e.event === "pool" && e.data.pools[0].amount === Math.floor(grown / 2 / 10_000), 5000);
      // The win at A.
      const t0 = Date.now();
      const won = await call(a, "POST", ROUNDS, winner, { bet: { stake: 100, claim: "progressive" }, requestId: rid() });
      expect(won.status).toBe(201);
      const seen = await stream.next((e) => e.event === "jackpotWin", 5000);
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(seen.data).toMatchObject({ pool: "progressive", amount: Math.floor(grown / 10_000), mine: false });
      expect(seen.data.roundId).toBeUndefined();
      const from = stream.events.indexOf(seen);
      const reset = await stream.next((e: SseEvent) => e.event === "pool", 2500, from);
      expect(reset.data.pools[0].amount).toBe(Math.floor((PROGRESSIVE_SEED + 100 * 50) / 2 / 10_000));
      // An operator adjustment at B moves C's ticker at once too (not at the next snapshot).
      const fromAdjust = stream.events.length;
      const adjusted = await call(b, "POST", "/api/v1/admin/jackpots/adjustments", undefined, {
        gameId: JACKPOT_GAME,
        pool: "progressive",
        currency: "EUR",
        key: "",
        amountMicro: 2_000_000,
        reason: "three-process test",
        requestId: "three-process-top-up",
      });
      expect(adjusted.status).toBe(201);
      const moved = await stream.next((e: SseEvent) => e.event === "pool", 2500, fromAdjust);
      expect(moved.data.pools[0].amount).toBe(Math.floor((PROGRESSIVE_SEED + 100 * 50 + 2_000_000) / 2 / 10_000));
    } finally {
      stream.close();
    }
    for (const p of [a, b, c]) {
      p.child.kill("SIGTERM");
      await p.exited;
    }
    delete process.env.REELHOUSE_TEST_POOL_MS;
  }, 120_000);
});
