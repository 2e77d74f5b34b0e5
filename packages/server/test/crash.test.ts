import { afterAll, describe, expect, it } from "vitest";
import { BACKENDS, BET, drawsFor, MERMAID, rid, TOTAL_BET, type Wanted } from "./helpers.js";
import { call, dies, expectBalanced, type Proc, serve } from "./process.js";

async function playOut(p: Proc, token: string, step: any) {
  let s = step;
  while (s.awaiting) {
    const a = s.awaiting;
    const action =
      a.type === "pick"
        ? { type: "pick", object: [...Array(12).keys()].find((o) => !a.opened.includes(o)) }
        : { type: "freeSpin" };
    const r = await call(p, "POST", `/api/v1/rounds/${s.roundId}/actions`, token, {
      action,
      step: s.stepIndex,
      requestId: rid(),
    });
    expect(r.status).toBe(200);
    s = r.body;
  }
  return s;
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`crash matrix (kill -9, restart) on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());
    const running: Proc[] = [];
    afterAll(() => {
      for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
    });
    const start = async (url: string, crashAt?: string) => {
      const p = await serve(url, crashAt);
      running.push(p);
      return p;
    };

    it("before the debit: nothing was taken, the retry plays a fresh round", async () => {
      const url = backend.freshUrl();
      const a = await start(url, "before-debit");
      const token = (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string;
      const request = { bet: BET, requestId: rid(), force: { draws: drawsFor("win") } };
      await dies(a, `/api/v1/games/${MERMAID}/rounds`, token, request);
      const b = await start(url);
      expect((await call(b, "GET", "/api/v1/session", token)).body.balance).toBe(100_000);
      expect((await call(b, "GET", "/api/v1/history", token)).body.rounds).toEqual([]);
      const retry = await call(b, "POST", `/api/v1/games/${MERMAID}/rounds`, token, request);
      expect(retry.status).toBe(201);
      expect(retry.body.balance).toBe(100_000 - TOTAL_BET + retry.body.totalWin);
      await expectBalanced(b);
      b.child.kill("SIGTERM");
      await b.exited;
    });

    it("before-step: the action's step was never committed, its retry plays it once", async () => {
      const url = backend.freshUrl();
      const a = await start(url, "before-step");
      const token = (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string;
      const first = await call(a, "POST", `/api/v1/games/${MERMAID}/rounds`, token, {
        bet: BET,
        requestId: rid(),
        force: { draws: drawsFor("freeSpins") },
      });
      expect(first.status).toBe(201);
      const action = { action: { type: "freeSpin" }, step: 0, requestId: rid() };
      await dies(a, `/api/v1/rounds/${first.body.roundId}/actions`, token, action);
      const b = await start(url);
      const open = (await call(b, "GET", "/api/v1/rounds/open", token)).body.rounds;
      expect(open[0]).toMatchObject({ roundId: first.body.roundId, stepIndex: 0 });
      const retry = await call(b, "POST", `/api/v1/rounds/${first.body.roundId}/actions`, token, action);
      expect(retry.status).toBe(200);
      expect(retry.body.stepIndex).toBe(1);
      const again = await call(b, "POST", `/api/v1/rounds/${first.body.roundId}/actions`, token, action);
      expect(again.body).toEqual(retry.body);
      const last = await playOut(b, token, retry.body);
      expect(last.balance).toBe(100_000 - TOTAL_BET + last.totalWin);
      await expectBalanced(b);
      b.child.kill("SIGTERM");
      await b.exited;
    });

    for (const [point, wanted] of [
      ["after-debit", "freeSpins"],
      ["after-step", "freeSpins"],
      ["after-step", "pick"],
    ] as [string, Wanted][]) {
      it(`${point} (${wanted}): the round resumes at its last committed step with the same outcome, the ledger balances`, async () => {
        const url = backend.freshUrl();
        const a = await start(url, point);
        const token = (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string;
        const startRequest = { bet: BET, requestId: rid(), force: { draws: drawsFor(wanted) } };
        let lost: { path: string; body: unknown };
        let first: any = null;
        if (point === "after-debit") {
          lost = { path: `/api/v1/games/${MERMAID}/rounds`, body: startRequest };
        } else {
          const r = await call(a, "POST", `/api/v1/games/${MERMAID}/rounds`, token, startRequest);
          expect(r.status).toBe(201);
          first = r.body;
          const action = wanted === "pick" ? { type: "pick", object: 3 } : { type: "freeSpin" };
          lost = { path: `/api/v1/rounds/${first.roundId}/actions`, body: { action, step: first.stepIndex, requestId: rid() } };
        }
        await dies(a, lost.path, token, lost.body);

        const b = await start(url);
        const open = (await call(b, "GET", "/api/v1/rounds/open", token)).body.rounds;
        expect(open).toHaveLength(1);
        const committed = open[0];
        const lastIndex = point === "after-debit" ? 0 : 1;
        expect(committed.stepIndex).toBe(lastIndex);
        expect((await call(b, "GET", "/api/v1/session", token)).body.balance).toBe(100_000 - TOTAL_BET);
        // The lost answer's retry returns what was committed: the outcome is never redrawn.
        const retry = await call(b, "POST", lost.path, token, lost.body);
        expect(retry.status).toBeLessThan(300);
        expect(retry.body.events).toEqual(committed.steps[lastIndex].events);
        expect(retry.body.stepIndex).toBe(lastIndex);
        if (first) expect(committed.steps[0].events).toEqual(first.events);
        const last = await playOut(b, token, retry.body);
        expect(last.balance).toBe(100_000 - TOTAL_BET + last.totalWin);
        await expectBalanced(b);
        const replay = await call(b, "GET", `/api/v1/admin/rounds/${retry.body.roundId}`);
        expect(replay.body.status).toBe("completed");
        b.child.kill("SIGTERM");
        await b.exited;
      });
    }

    it("kill -9 under concurrent load (mid group commit): every answered step survives, retries get their committed answer", async () => {
      const url = backend.freshUrl();
      const a = await start(url);
      const players = await Promise.all(
        Array.from({ length: 12 }, async () => ({
          token: (await call(a, "POST", "/api/v1/sessions", undefined, { demo: true })).body.token as string,
          answered: [] as any[],
          inFlight: null as { path: string; body: unknown } | null,
        })),
      );
      let killed = false;
      let answers = 0;
      // Each player spins and plays its features until the server dies under it.
      const loops = players.map(async (p) => {
        let step: any = null;
        while (!killed) {
          const request: { path: string; body: unknown } = step?.awaiting
            ? {
                path: `/api/v1/rounds/${step.roundId}/actions`,
                body: {
                  action:
                    step.awaiting.type === "pick"
                      ? { type: "pick", object: [...Array(12).keys()].find((o) => !step.awaiting.opened.includes(o)) }
                      : { type: step.awaiting.type },
                  step: step.stepIndex,
                  requestId: rid(),
                },
              }
            : { path: `/api/v1/games/${MERMAID}/rounds`, body: { bet: BET, requestId: rid() } };
          p.inFlight = request;
          let r: Awaited<ReturnType<typeof call>>;
          try {
            r = await call(a, "POST", request.path, p.token, request.body);
          } catch {
            return; // the connection died with the server
          }
          expect(r.status).toBeLessThan(300);
          p.answered.push(r.body);
          p.inFlight = null;
          answers++;
          step = r.body;
        }
      });
      while (answers < 150) await new Promise((r) => setTimeout(r, 5));
      a.child.kill("SIGKILL");
      killed = true;
      await a.exited;
      await Promise.all(loops);

      const b = await start(url);
      for (const p of players) {
        expect(p.answered.length).toBeGreaterThan(0);
        // Every answered step is stored exactly as it was answered.
        const rounds = new Map<string, any>();
        for (const answer of p.answered) {
          if (!rounds.has(answer.roundId)) {
            rounds.set(answer.roundId, (await call(b, "GET", `/api/v1/history/${answer.roundId}`, p.token)).body);
          }
          const stored = rounds.get(answer.roundId).steps[answer.stepIndex];
          expect(stored?.events).toEqual(answer.events);
          expect(stored?.win).toBe(answer.win);
        }
        // The request lost in the crash: a retry returns its committed answer or plays it now, once.
        if (p.inFlight) {
          const first = await call(b, "POST", p.inFlight.path, p.token, p.inFlight.body);
          const again = await call(b, "POST", p.inFlight.path, p.token, p.inFlight.body);
          expect(first.status).toBeLessThan(300);
          expect(again.body).toEqual(first.body);
        }
      }
      await expectBalanced(b);
      b.child.kill("SIGTERM");
      await b.exited;
    });
  });
}
