/**
 * GET /api/v1/gamble-cards/:gameId on SQLite and PostgreSQL: the double-up cards the player
 * turned over in a game during the current login session, latest first, read from the
 * committed steps (40 Mystic Gem's "last five cards of the player's session"). Bewitched's
 * double with forced cards: a heart, then spades; the round still in play is named; another
 * login session of the same player starts empty; another player and another game see none.
 */
import { bewitched } from "@reelhouse/games";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchStops } from "../../games/src/bewitched/test-kit.js";
import { ADMIN_KEY, api, BACKENDS, MERMAID, playerSession, rid, type TestServer, testServer } from "./helpers.js";

const GAME = bewitched.id;
const ROUNDS = `/api/v1/games/${GAME}/rounds`;
const BET = { coinValue: 1, coinsPerLine: 1, lines: 15 };
type Outcome = Parameters<Parameters<typeof searchStops>[0]>[1];
/** One line win and nothing else: the double is offered. */
const LINE_WIN = searchStops(
  (_, o: Outcome) => o.lineWins.length === 1 && o.witches.length < 2 && o.merlins.length < 3,
  15,
  "a single line win",
);
/** Bewitched's double deals from hearts then spades, ace to king: the draw of a card. */
const card = (suit: "hearts" | "spades", rank: number) => (suit === "hearts" ? 0 : 13) + rank - 1;

type Auth = { authorization: string };
type Guess = { draw: number; guess: "gambleRed" | "gambleBlack" };
type Json = Record<string, any>;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`double-up cards of the session on ${backend.name}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await testServer(backend.freshUrl());
    });
    afterAll(async () => {
      await t?.close();
      await backend.cleanup();
    });

    const read = async (auth: Auth, query = "", game = GAME) => api(t.app, "GET", `/api/v1/gamble-cards/${game}${query}`, auth);
    const shown = (body: Json) => body.cards.map((c: Json) => `${c.rank}${c.suit[0]}`);

    /** A round with a line win, doubled with `guesses` (each a forced card and a colour), then collected if still open. */
    async function double(auth: Auth, cards: Guess[], collect = true) {
      const started = await api(t.app, "POST", ROUNDS, auth, { bet: BET, requestId: rid(), force: { draws: LINE_WIN } });
      expect(started.status).toBe(201);
      expect(started.body.awaiting?.type).toBe("gamble");
      return play(auth, started.body, cards, collect);
    }

    /** Plays `cards` from `step` on (then collects, if asked and still open). */
    async function play(auth: Auth, from: Json, cards: Guess[], collect: boolean) {
      let step = from;
      for (const c of cards) {
        const res = await api(t.app, "POST", `/api/v1/rounds/${step.roundId}/actions`, auth, {
          action: { type: c.guess },
          step: step.stepIndex,
          requestId: rid(),
          force: { draws: [c.draw] },
        });
        expect(res.status).toBe(200);
        step = res.body;
      }
      if (collect && step.awaiting) {
        const res = await api(t.app, "POST", `/api/v1/rounds/${step.roundId}/actions`, auth, {
          action: { type: "collect" },
          step: step.stepIndex,
          requestId: rid(),
        });
        expect(res.status).toBe(200);
        step = res.body;
      }
      return step;
    }

    /** A second login session of the same player (another device). */
    async function secondSession(playerId: string): Promise<Auth> {
      const headers = { "x-admin-key": ADMIN_KEY };
      const launch = await t.app.inject({
        method: "POST",
        url: `/api/v1/admin/players/${playerId}/launch-tokens`,
        headers,
        payload: {},
      });
      const session = await t.app.inject({
        method: "POST",
        url: "/api/v1/sessions",
        payload: { launchToken: (launch.json() as { launchToken: string }).launchToken },
      });
      return { authorization: `Bearer ${(session.json() as { token: string }).token}` };
    }

    it("lists the session's revealed cards latest first, at most `limit`, naming the round still in play", async () => {
      const a = await playerSession(t.app);
      expect((await read(a.auth)).body).toEqual({ gameId: GAME, cards: [], openRoundId: null });

      // Round 1: red on a heart (won), red on the 5 of spades (lost: the round ends).
      const r1 = await double(a.auth, [
        { draw: card("hearts", 1), guess: "gambleRed" },
        { draw: card("spades", 5), guess: "gambleRed" },
      ]);
      expect(r1.status).toBe("completed");
      let body = (await read(a.auth)).body;
      expect(shown(body)).toEqual(["5s", "1h"]);
      expect(body.cards.every((c: Json) => c.roundId === r1.roundId)).toBe(true);
      expect(body.openRoundId).toBeNull();

      // Round 2: black on the king of spades, black on the 2 of spades, then collected.
      const r2 = await double(a.auth, [
        { draw: card("spades", 13), guess: "gambleBlack" },
        { draw: card("spades", 2), guess: "gambleBlack" },
      ]);
      expect(r2.status).toBe("completed");
      expect(shown((await read(a.auth)).body)).toEqual(["2s", "13s", "5s", "1h"]);

      // Round 3, still in play after one card: its card is first and its round named.
      const r3 = await double(a.auth, [{ draw: card("hearts", 7), guess: "gambleRed" }], false);
      expect(r3.status).toBe("open");
      body = (await read(a.auth)).body;
      expect(shown(body)).toEqual(["7h", "2s", "13s", "5s", "1h"]);
      expect(body.openRoundId).toBe(r3.roundId);
      expect(body.cards[0].roundId).toBe(r3.roundId);
      // Five by default; `limit` asks for fewer or more (up to 20).
      const r3end = await play(a.auth, r3, [{ draw: card("hearts", 9), guess: "gambleRed" }], true);
      expect(r3end.status).toBe("completed");
      expect(shown((await read(a.auth)).body)).toEqual(["9h", "7h", "2s", "13s", "5s"]);
      expect(shown((await read(a.auth, "?limit=2")).body)).toEqual(["9h", "7h"]);
      expect(shown((await read(a.auth, "?limit=20")).body)).toEqual(["9h", "7h", "2s", "13s", "5s", "1h"]);
      expect((await read(a.auth)).body.openRoundId).toBeNull();

      // Another login session of the same player starts empty; its own cards are its own.
      const other = await secondSession(a.playerId);
      expect((await read(other)).body.cards).toEqual([]);
      await double(other, [{ draw: card("spades", 4), guess: "gambleBlack" }]);
      expect(shown((await read(other)).body)).toEqual(["4s"]);
      // The first session's strip holds its player's cards since it began (rounds do not name their session).
      expect(shown((await read(a.auth)).body)[0]).toBe("4s");

      // Another player, another game: none.
      const b = await playerSession(t.app);
      expect((await read(b.auth)).body.cards).toEqual([]);
      expect((await read(a.auth, "", MERMAID)).body).toEqual({ gameId: MERMAID, cards: [], openRoundId: null });
    });

    it("refuses a bad limit, an unknown game and a missing session", async () => {
      const a = await playerSession(t.app);
      for (const q of ["?limit=0", "?limit=21", "?limit=x", "?limit=5&other=1"]) {
        const res = await read(a.auth, q);
        expect(res.status, q).toBe(400);
        expect(res.body.error.code).toBe("BAD_QUERY");
      }
      expect((await read(a.auth, "", "no-such-game")).status).toBe(404);
      expect((await api(t.app, "GET", `/api/v1/gamble-cards/${GAME}`, {})).status).toBe(401);
    });
  });
}
