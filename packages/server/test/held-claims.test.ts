/**
 * Jackpot claims a round has not shown its player yet (docs/jackpots.md §7, "Held wins";
 * GameModule.hidesClaim), and rounds completed by the server past the operator's deadline
 * (GameModule.deadlineAction), on SQLite and PostgreSQL, through the real HTTP API and SSE.
 * Bewitched draws Merlin's progressive when he comes and claims the pool in that step's
 * transaction; the three vials only show it. Until the third vial nobody's stream gets the
 * win, the winner's ticker does not drop, and nothing the winner can read tells it.
 */
import { bewitched } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { prizeDraw, searchStops } from "../../games/src/bewitched/test-kit.js";
import { buildApp } from "../src/app.js";
import { configFromEnv } from "../src/config.js";
import { completeExpiredRounds } from "../src/rounds/deadline.js";
import { ADMIN_KEY, BACKENDS, httpCaller, rid, type TestServer, testServer } from "./helpers.js";
import { openEvents, type SseEvent, type SseStream } from "./sse.js";

const GAME = bewitched.id;
const ROUNDS = `/api/v1/games/${GAME}/rounds`;
/** 1 cent a coin, 15 lines: the pool of coin value 1 (seed 2,000 coins = 20.00 EUR). */
const BET = { coinValue: 1, coinsPerLine: 1, lines: 15 };
const TOTAL_BET = 15;
const SEED_MICRO = 20_000_000;
/** The operator grows the pool to 30.00 EUR first, so a reset shows on a ticker. */
const GROWN_MICRO = 30_000_000;
const JACKPOT_CENTS = GROWN_MICRO / 10_000;

type Outcome = Parameters<Parameters<typeof searchStops>[0]>[1];
/** Three Merlins and one line win (the double is offered after the vials), no battle. */
const MERLINS_AND_LINE = searchStops(
  (_, o: Outcome) => o.merlins.length === 3 && o.witches.length < 2 && o.lineWins.length > 0,
  15,
  "three Merlins beside a line win",
);
const JACKPOT = prizeDraw(BET, (p) => p.kind === "jackpot");
const JACKPOT_TRIGGER = [...MERLINS_AND_LINE, JACKPOT];

const isWin = (e: SseEvent) => e.event === "jackpotWin";
const isPool = (e: SseEvent) => e.event === "pool";
const wins = (s: SseStream) => s.events.filter(isWin);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Json = Record<string, any>;

/** A real HTTP server over `url` with a fast ticker; players as the operator makes them. */
async function serve(url: string, env: Record<string, string> = {}) {
  // The server's clock, which a test may set back (a claim made long before its reveal).
  const clock = { skewMs: 0 };
  const t = await testServer(url, env, { now: () => Date.now() + clock.skewMs });
  const app = await buildApp(t.server, { events: { poolEveryMs: 150 } });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const call = httpCaller(base);
  const admin = (method: string, path: string, body?: unknown) =>
    call(method, `/api/v1/admin${path}`, undefined, body, { "x-admin-key": ADMIN_KEY, "idempotency-key": rid("op") });
  const player = async (name: string) => {
    const id = (await admin("POST", "/players", { name })).body.id as string;
    expect((await admin("POST", `/players/${id}/adjustments`, { amount: 100_000, reason: "deposit" })).status).toBe(201);
    const launch = (await admin("POST", `/players/${id}/launch-tokens`, {})).body.launchToken;
    const token = (await call("POST", "/api/v1/sessions", undefined, { launchToken: launch })).body.token as string;
    return { id, token };
  };
  const grow = async () =>
    expect(
      (
        await admin("POST", "/jackpots/adjustments", {
          gameId: GAME,
          pool: "progressive",
          currency: "EUR",
          key: String(BET.coinValue),
          amountMicro: GROWN_MICRO - SEED_MICRO,
          reason: "grow the pool for the test",
        })
      ).status,
    ).toBe(201);
  /** A stream whose screen shows Bewitched at BET. */
  const watch = async (token: string, lastEventId?: string) => {
    const s = await openEvents(base, token, lastEventId);
    expect(s.status).toBe(200);
    const { streamId } = (await s.next((e) => e.event === "ready")).data;
    expect((await call("PUT", "/api/v1/events/view", token, { streamId, gameId: GAME, bet: BET })).status).toBe(204);
    return s;
  };
  const act = (token: string, roundId: string, step: number, action: unknown) =>
    call("POST", `/api/v1/rounds/${roundId}/actions`, token, { action, step, requestId: rid() });
  const close = async () => {
    await app.close();
    await t.close();
  };
  return { t, clock, call, admin, player, grow, watch, act, close };
}

/** The amount the last pool event on `s` (after index `from`) shows for BET's pool, in cents. */
async function shown(s: SseStream, from: number): Promise<number> {
  // Two ticks: the second was read after everything before `from` committed.
  await s.next(isPool, 3000, from);
  const e = await s.next(isPool, 3000, s.events.length);
  return (e.data.pools as Json[]).find((p) => p.pool === "progressive")?.amount as number;
}

/** Nothing in a player's answers names the jackpot before the third vial. */
function secret(body: Json): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/jackpot/i);
  expect(text).not.toMatch(new RegExp(`[:,[]${JACKPOT_CENTS}[,\\]}]`));
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`held jackpot wins on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("Merlin's progressive is claimed at the trigger but announced only by the third vial: no notice, no ticker drop, nothing readable before; then one notice, replayed once", async () => {
      const { clock, call, admin, player, grow, watch, act, close } = await serve(backend.freshUrl());
      try {
        await grow();
        const winner = await player("Morgana");
        const other = await player("Oswin");
        const mine = await watch(winner.token);
        const theirs = await watch(other.token);
        expect(await shown(mine, 0)).toBe(JACKPOT_CENTS);

        // The trigger, a quarter of an hour ago (longer than the 10-minute replay window): the
        // pool is paid and reset in this step's transaction...
        clock.skewMs = -15 * 60_000;
        const trigger = await call("POST", ROUNDS, winner.token, {
          bet: BET,
          requestId: rid(),
          force: { draws: JACKPOT_TRIGGER },
        });
        expect(trigger.status).toBe(201);
        const roundId = trigger.body.roundId as string;
        const lineWin = trigger.body.totalWin as number;
        expect(lineWin).toBeGreaterThan(0);
        expect(trigger.body).toMatchObject({ status: "open", awaiting: { type: "vial", opened: [] } });
        expect(trigger.body.balance).toBe(100_000 - TOTAL_BET);
        secret(trigger.body);
        const held = ((await admin("GET", "/jackpots/wins")).body.wins as Json[]).filter((w) => w.roundId === roundId);
        expect(held).toMatchObject([{ paid: JACKPOT_CENTS, poolBeforeMicro: GROWN_MICRO, seq: null, announcedAt: null }]);

        // ...but nobody hears of it: the other player's ticker drops (the pool is public), the winner's does not.
        expect(await shown(theirs, theirs.events.length)).toBe(SEED_MICRO / 10_000);
        expect(await shown(mine, mine.events.length)).toBe(JACKPOT_CENTS);
        // Nothing the winner can read names it: the open round, its history, its steps' platform answers.
        secret((await call("GET", "/api/v1/rounds/open", winner.token)).body);
        const detail = (await call("GET", `/api/v1/history/${roundId}`, winner.token)).body;
        secret(detail);
        expect(detail.steps.map((s: Json) => s.action)).toEqual([null, { type: "platform" }]);
        secret((await call("GET", "/api/v1/history", winner.token)).body);

        let step = trigger.body.stepIndex as number;
        for (const vial of [3, 7]) {
          const opened = await act(winner.token, roundId, step, { type: "vial", vial });
          expect(opened.status).toBe(200);
          secret(opened.body);
          step = opened.body.stepIndex;
        }
        expect(await shown(mine, mine.events.length)).toBe(JACKPOT_CENTS);
        expect([...wins(mine), ...wins(theirs)]).toEqual([]);

        // The third vial, now, shows it: the win is announced at this step's commit, once, to
        // everyone, dated now (a replay within the window still has it; the winner's celebration is not stale).
        clock.skewMs = 0;
        const third = await act(winner.token, roundId, step, { type: "vial", vial: 0 });
        expect(third.status).toBe(200);
        expect(third.body.events.filter((e: Json) => e.type === "jackpotWon")).toMatchObject([{ amount: JACKPOT_CENTS }]);
        expect(third.body).toMatchObject({ status: "open", awaiting: { type: "gamble" } });
        const toWinner = await mine.next(isWin);
        const toOther = await theirs.next(isWin);
        expect(toWinner.data).toMatchObject({ gameId: GAME, pool: "progressive", amount: JACKPOT_CENTS, mine: true, roundId });
        expect(toOther.data).toMatchObject({ gameId: GAME, amount: JACKPOT_CENTS, mine: false, player: "M***a" });
        expect(toOther.data.roundId).toBeUndefined();
        expect(Date.now() - Date.parse(toWinner.data.at)).toBeLessThan(60_000);
        expect(await shown(mine, mine.events.length)).toBe(SEED_MICRO / 10_000);

        // Collect: the round ends and pays the line win and the jackpot once; no second notice.
        const collected = await act(winner.token, roundId, third.body.stepIndex, { type: "collect" });
        expect(collected.body).toMatchObject({ status: "completed", totalWin: lineWin + JACKPOT_CENTS });
        expect(collected.body.balance).toBe(100_000 - TOTAL_BET + lineWin + JACKPOT_CENTS);
        await sleep(400);
        expect(wins(mine)).toHaveLength(1);
        expect(wins(theirs)).toHaveLength(1);
        const announced = ((await admin("GET", "/jackpots/wins")).body.wins as Json[]).filter((w) => w.roundId === roundId);
        expect(announced).toMatchObject([{ seq: Number(toWinner.id), paid: JACKPOT_CENTS }]);
        expect(announced[0]?.announcedAt).not.toBeNull();

        // A reconnect replays it exactly once; one from its own id replays nothing.
        const again = await watch(winner.token, String(Number(toWinner.id) - 1));
        expect((await again.next(isWin)).data).toEqual(toWinner.data);
        const current = await watch(winner.token, toWinner.id);
        await sleep(400);
        expect(wins(again)).toHaveLength(1);
        expect(wins(current)).toHaveLength(0);
        for (const s of [mine, theirs, again, current]) s.close();

        // Money: the ledger balances and every pool keeps its invariant.
        const rec = (await admin("GET", "/reconciliation")).body;
        expect(rec.balanced).toBe(true);
        expect(rec.jackpots.ok).toBe(true);
      } finally {
        await close();
      }
    });

    it("a Merlin trigger does not tell the jackpot by its shape: jackpot, cash and free spins answer with the same stepIndex sequence, awaiting kinds and events up to the third vial, and the open round and history hold the same steps", async () => {
      const { call, player, grow, act, close } = await serve(backend.freshUrl());
      try {
        await grow();
        const prizes = {
          jackpot: JACKPOT,
          cash: prizeDraw(BET, (p) => p.kind === "cash" && p.times === 15),
          freeSpins: prizeDraw(BET, (p) => p.kind === "freeSpins" && p.spins === 15),
        };
        /** What the player can see of a trigger and its vials: every answer, the open round and its history before the third vial. */
        const look = async (name: string, prizeDraw: number) => {
          const p = await player(name);
          const trigger = await call("POST", ROUNDS, p.token, {
            bet: BET,
            requestId: rid(),
            force: { draws: [...MERLINS_AND_LINE, prizeDraw] },
          });
          expect(trigger.status).toBe(201);
          const roundId = trigger.body.roundId as string;
          const answers: Json[] = [trigger.body];
          for (const vial of [3, 7]) {
            const opened = await act(p.token, roundId, answers.at(-1)?.stepIndex, { type: "vial", vial });
            expect(opened.status).toBe(200);
            answers.push(opened.body);
          }
          const open = (await call("GET", "/api/v1/rounds/open", p.token)).body;
          const detail = (await call("GET", `/api/v1/history/${roundId}`, p.token)).body;
          for (const body of [...answers, open, detail]) secret(body);
          const third = await act(p.token, roundId, answers.at(-1)?.stepIndex, { type: "vial", vial: 0 });
          expect(third.status).toBe(200);
          const types = (events: Json[]) => events.map((e) => e.type);
          return {
            stepIndexes: [...answers, third.body].map((b) => b.stepIndex),
            answers: answers.map((b) => ({
              status: b.status,
              awaiting: b.awaiting?.type,
              opened: b.awaiting?.opened?.map((o: Json) => o.vial),
              events: types(b.events),
              win: b.win,
              totalWin: b.totalWin,
            })),
            open: (open.rounds as Json[]).map((r) => ({
              stepIndex: r.stepIndex,
              awaiting: r.awaiting?.type,
              steps: (r.steps as Json[]).map((x) => ({ index: x.index, events: types(x.events), win: x.win })),
            })),
            history: (detail.steps as Json[]).map((x) => ({ index: x.index, action: x.action, events: types(x.events) })),
          };
        };
        const jackpot = await look("Morgana", prizes.jackpot);
        // One platform step after the paid spin, whatever the prize: the vials are steps 2, 3, 4.
        expect(jackpot.stepIndexes).toEqual([1, 2, 3, 4]);
        expect(jackpot.answers.map((a) => a.awaiting)).toEqual(["vial", "vial", "vial"]);
        expect(jackpot.history.map((x) => x.action)).toEqual([
          null,
          { type: "platform" },
          { type: "vial", vial: 3 },
          { type: "vial", vial: 7 },
        ]);
        expect(await look("Oswin", prizes.cash)).toEqual(jackpot);
        expect(await look("Nimue", prizes.freeSpins)).toEqual(jackpot);
      } finally {
        await close();
      }
    });

    it("an autoplay set to stop on a jackpot stops on the feature when Merlin brings a hidden progressive", async () => {
      const { call, player, grow, close } = await serve(backend.freshUrl());
      try {
        await grow();
        const winner = await player("Morgana");
        const autoplay = await call("POST", "/api/v1/autoplay", winner.token, {
          gameId: GAME,
          bet: BET,
          spins: 10,
          lossLimit: 10_000,
          stopOnJackpot: true,
          requestId: rid(),
        });
        expect(autoplay.status).toBe(201);
        const spun = await call("POST", ROUNDS, winner.token, {
          bet: BET,
          autoplayId: autoplay.body.id,
          requestId: rid(),
          force: { draws: JACKPOT_TRIGGER },
        });
        expect(spun.status).toBe(201);
        expect(spun.body.autoplay).toMatchObject({ status: "stopped", stopReason: "feature" });
        secret({ ...spun.body, autoplay: null });
      } finally {
        await close();
      }
    });
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`rounds completed past the deadline on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a Bewitched round left at its vials is completed by the server (vials, then COLLECT, never a double), paid and announced once, even with two servers sweeping", async () => {
      const url = backend.freshUrl();
      const env = { REELHOUSE_ROUND_DEADLINE_MS: "60000" };
      const { t, call, admin, player, grow, watch, act, close } = await serve(url, env);
      // On PostgreSQL a second server over the same database sweeps at the same moment.
      const second: TestServer | null = backend.name === "postgres" ? await testServer(url, env) : null;
      try {
        expect(t.config.roundDeadlineMs).toBe(60_000);
        await grow();
        const winner = await player("Morgana");
        const other = await player("Oswin");
        const theirs = await watch(other.token);
        const trigger = await call("POST", ROUNDS, winner.token, {
          bet: BET,
          requestId: rid(),
          force: { draws: JACKPOT_TRIGGER },
        });
        const roundId = trigger.body.roundId as string;
        const lineWin = trigger.body.totalWin as number;
        const first = await act(winner.token, roundId, trigger.body.stepIndex, { type: "vial", vial: 4 });
        expect(first.status).toBe(200);

        // Within the deadline (counted from the last step) nothing is touched.
        expect(await completeExpiredRounds(t.server, Date.now() + 30_000)).toBe(0);
        const later = Date.now() + 60_000 + 1000;
        const sweeps = await Promise.all([
          completeExpiredRounds(t.server, later),
          completeExpiredRounds((second ?? t).server, later),
        ]);
        expect(sweeps[0] + sweeps[1]).toBeGreaterThanOrEqual(1);

        // In the winner's history: the two vials left, then COLLECT (the line win kept, no card drawn).
        const detail = (await call("GET", `/api/v1/history/${roundId}`, winner.token)).body;
        expect(detail.status).toBe("completed");
        expect(detail.steps.slice(2).map((s: Json) => s.action)).toEqual([
          { type: "vial", vial: 4 },
          { type: "vial", vial: 0 },
          { type: "vial", vial: 1 },
          { type: "collect" },
        ]);
        expect(detail.steps.flatMap((s: Json) => s.events).filter((e: Json) => e.type === "jackpotWon")).toHaveLength(1);
        expect(detail.totalWin).toBe(lineWin + JACKPOT_CENTS);
        // Paid once, announced once.
        const history = (await call("GET", "/api/v1/history", winner.token)).body;
        const credits = (history.transactions as Json[]).filter((x) => x.roundId === roundId && x.kind === "win");
        expect(credits.map((x) => x.amount)).toEqual([lineWin + JACKPOT_CENTS]);
        expect((await call("GET", "/api/v1/session", winner.token)).body.balance).toBe(
          100_000 - TOTAL_BET + lineWin + JACKPOT_CENTS,
        );
        const announced = ((await admin("GET", "/jackpots/wins")).body.wins as Json[]).filter((w) => w.roundId === roundId);
        expect(announced).toHaveLength(1);
        expect(announced[0]?.seq).toBeGreaterThan(0);
        expect((await theirs.next(isWin)).data).toMatchObject({ amount: JACKPOT_CENTS, mine: false });
        await sleep(400);
        expect(wins(theirs)).toHaveLength(1);
        theirs.close();
        // A second sweep finds nothing left.
        expect(await completeExpiredRounds(t.server, later)).toBe(0);
        const rec = (await admin("GET", "/reconciliation")).body;
        expect(rec.balanced).toBe(true);
        expect(rec.jackpots.ok).toBe(true);
      } finally {
        await second?.close();
        await close();
      }
    });
  });
}

describe("the deadline setting", () => {
  it("is REELHOUSE_ROUND_DEADLINE_MS (default 24 h); its old name REELHOUSE_JACKPOT_CARDS_DEADLINE_MS still works", () => {
    expect(configFromEnv({}).roundDeadlineMs).toBe(24 * 3_600_000);
    expect(configFromEnv({ REELHOUSE_ROUND_DEADLINE_MS: "5000" }).roundDeadlineMs).toBe(5000);
    expect(configFromEnv({ REELHOUSE_JACKPOT_CARDS_DEADLINE_MS: "7000" }).roundDeadlineMs).toBe(7000);
    expect(() => configFromEnv({ REELHOUSE_ROUND_DEADLINE_MS: "soon" })).toThrow(/REELHOUSE_ROUND_DEADLINE_MS/);
  });
});
