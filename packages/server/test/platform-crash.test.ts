import { afterAll, describe, expect, it } from "vitest";
import { ASKS_PLATFORM } from "./games/asks-platform.js";
import { BACKENDS, rid } from "./helpers.js";
import { call, dies, expectBalanced, type Proc, serve, TEST_GAMES_SERVER } from "./process.js";

const ROUNDS = `/api/v1/games/${ASKS_PLATFORM}/rounds`;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`rounds that ask the platform survive kill -9, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());
    const running: Proc[] = [];
    afterAll(() => {
      for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    });
    const start = async (url: string, crashAt?: string) => {
      const p = await serve(url, crashAt, TEST_GAMES_SERVER);
      running.push(p);
      return p;
    };
    const stop = async (p: Proc) => {
      p.child.kill("SIGTERM");
      await p.exited;
    };

    it("mid-round (between the platform's answer and its step): nothing was committed; each retry plays once", async () => {
      const url = backend.freshUrl();
      const a = await start(url, "mid-round");
      const token = (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string;
      // A round start whose first step asks the platform dies in the loop.
      const first = { bet: { stake: 100, asks: 1 }, requestId: rid() };
      await dies(a, ROUNDS, token, first);
      // So does a player's action whose step asks the platform (its round was started without asking).
      const b = await start(url, "mid-round");
      const opened = await call(b, "POST", ROUNDS, token, {
        bet: { stake: 100, asks: 0, pick: true, after: 1 },
        requestId: rid(),
      });
      expect(opened.status).toBe(201);
      const pick = { action: { type: "pick" }, step: 0, requestId: rid() };
      await dies(b, `/api/v1/rounds/${opened.body.roundId}/actions`, token, pick);

      const c = await start(url);
      expect((await call(c, "GET", "/api/v1/session", token)).body.balance).toBe(100_000 - 100);
      const open = (await call(c, "GET", "/api/v1/rounds/open", token)).body.rounds;
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ roundId: opened.body.roundId, stepIndex: 0 });
      const picked = await call(c, "POST", `/api/v1/rounds/${opened.body.roundId}/actions`, token, pick);
      expect(picked.body).toMatchObject({ status: "completed", stepIndex: 2 });
      expect((await call(c, "POST", `/api/v1/rounds/${opened.body.roundId}/actions`, token, pick)).body).toEqual(picked.body);
      const retry = await call(c, "POST", ROUNDS, token, first);
      expect(retry.body).toMatchObject({ status: "completed", stepIndex: 1 });
      expect((await call(c, "POST", ROUNDS, token, first)).body).toEqual(retry.body);
      const history = (await call(c, "GET", "/api/v1/history", token)).body;
      expect(history.rounds).toHaveLength(2);
      expect((await call(c, "GET", "/api/v1/session", token)).body.balance).toBe(
        100_000 - 200 + picked.body.totalWin + retry.body.totalWin,
      );
      await expectBalanced(c);
      await stop(c);
    });

    it("after-step (a pick and the platform steps after it committed, not answered): the retry returns the committed answer", async () => {
      const url = backend.freshUrl();
      const a = await start(url, "after-step");
      const token = (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string;
      const opened = await call(a, "POST", ROUNDS, token, {
        bet: { stake: 100, asks: 1, pick: true, after: 2 },
        requestId: rid(),
      });
      expect(opened.body).toMatchObject({ status: "open", stepIndex: 1 });
      const pick = { action: { type: "pick" }, step: 1, requestId: rid() };
      await dies(a, `/api/v1/rounds/${opened.body.roundId}/actions`, token, pick);

      const b = await start(url);
      expect((await call(b, "GET", "/api/v1/rounds/open", token)).body.rounds).toEqual([]);
      const stored = (await call(b, "GET", `/api/v1/history/${opened.body.roundId}`, token)).body;
      expect(stored.steps.map((s: { index: number }) => s.index)).toEqual([0, 1, 2, 3, 4]);
      const retry = await call(b, "POST", `/api/v1/rounds/${opened.body.roundId}/actions`, token, pick);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ status: "completed", stepIndex: 4 });
      expect(retry.body.events).toEqual(stored.steps.slice(2).flatMap((s: { events: unknown[] }) => s.events));
      expect((await call(b, "GET", "/api/v1/session", token)).body.balance).toBe(100_000 - 100 + retry.body.totalWin);
      await expectBalanced(b);
      await stop(b);
    });
  });
}
