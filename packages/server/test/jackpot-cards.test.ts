/**
 * Jackpot Cards on the real server (SQLite and PostgreSQL, real HTTP API via inject), with a
 * test-only game that includes it. The trigger odds are set to 1/1 in test mode
 * (REELHOUSE_JACKPOT_CARDS_TRIGGER, refused in production) so every qualifying round opens
 * a card round; the level and the layout are drawn by the production RNG as it opens.
 */
import { jackpotCards } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../src/config.js";
import { GameRegistry } from "../src/games.js";
import { JackpotCardsTrigger } from "../src/jackpots/cards.js";
import { completeExpiredCards } from "../src/jackpots/cards-deadline.js";
import { CARDS_GAME, cardsGame } from "./games/cards-game.js";
import { jackpotGame } from "./games/jackpot-game.js";
import { ADMIN_KEY, api, BACKENDS, playerSession, rid, testServer } from "./helpers.js";

const admin = { "x-admin-key": ADMIN_KEY };
const ALWAYS = { REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1" };
const LEVEL_SEEDS: Record<string, number> = {
  clubs: 10_000_000,
  diamonds: 50_000_000,
  hearts: 250_000_000,
  spades: 1_000_000_000,
};

type Json = Record<string, any>;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`Jackpot Cards on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a paid round opens a card round; picks reveal only picked cards; the third of a suit pays that level's pool; nothing else starts meanwhile", async () => {
      const t = await testServer(backend.freshUrl(), ALWAYS, { games: [cardsGame, jackpotCards] });
      try {
        const { auth, playerId } = await playerSession(t.app, 100_000);
        // Operator-funded contributions: 1,000 cents staked adds rate x stake to each level, nothing from the wager.
        const spun = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          bet: { stake: 1000 },
          requestId: rid(),
        });
        expect(spun.status).toBe(201);
        expect(spun.body.balance).toBe(100_000 - 1000);
        const cardsRound = spun.body.jackpotCards?.roundId as string;
        expect(cardsRound).toMatch(/^rd_/);
        const pools = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];
        const level = (suit: string) => pools.find((p) => p.gameId === "jackpot-cards" && p.pool === suit) as Json;
        for (const [suit, rate] of [
          ["clubs", 10],
          ["diamonds", 8],
          ["hearts", 6],
          ["spades", 4],
        ] as const) {
          expect(level(suit).funding).toBe("operator");
          expect(level(suit).contributionsMicro).toBe((1000 * 10_000 * rate) / 10_000);
        }
        // Nothing else starts while the cards wait.
        const refused = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          bet: { stake: 1000 },
          requestId: rid(),
        });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toMatchObject({ code: "JACKPOT_CARDS_OPEN", details: { roundId: cardsRound } });
        // A player cannot start one themselves.
        expect((await api(t.app, "POST", "/api/v1/games/jackpot-cards/rounds", auth, { bet: {}, requestId: rid() })).status).toBe(
          404,
        );

        const open = (await api(t.app, "GET", "/api/v1/rounds/open", auth)).body.rounds as Json[];
        const round = open.find((r) => r.roundId === cardsRound) as Json;
        expect(round).toMatchObject({
          gameId: "jackpot-cards",
          totalBet: 0,
          awaiting: { type: "pick", cards: 12, revealed: [] },
        });
        const wire: string[] = [JSON.stringify(open)];
        let step = round.stepIndex as number;
        let last: Json = {};
        const order = [7, 0, 11, 3, 5, 9, 1, 2, 4, 6, 8, 10];
        for (const position of order) {
          const res = await api(t.app, "POST", `/api/v1/rounds/${cardsRound}/actions`, auth, {
            action: { type: "pick", position },
            step,
            requestId: rid(),
          });
          expect(res.status).toBe(200);
          last = res.body;
          step = last.stepIndex;
          if (last.status !== "open") break;
          wire.push(JSON.stringify(last));
          // A taken card is refused and changes nothing.
          const again = await api(t.app, "POST", `/api/v1/rounds/${cardsRound}/actions`, auth, {
            action: { type: "pick", position },
            step,
            requestId: rid(),
          });
          expect(again.status).toBe(400);
        }
        // Until the third matching card, no answer named a card not yet turned, nor the level, nor the sequence.
        for (const text of wire) {
          expect(text).not.toContain("sequence");
          expect(text).not.toMatch(/"level"/);
        }
        expect(last.status).toBe("completed");
        const won = last.events.find((e: Json) => e.type === "jackpotCardsWon");
        const suit = won.level as string;
        // The level's value when the third card showed: its seed plus this round's contribution, in cents.
        const expected = Math.floor(((LEVEL_SEEDS[suit] as number) + level(suit).contributionsMicro) / 10_000);
        expect(won.amount).toBe(expected);
        expect(last.balance).toBe(100_000 - 1000 + expected);
        expect(last.events.find((e: Json) => e.type === "cardsShown").cards.length).toBeGreaterThanOrEqual(0);

        const after = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];
        const paidPool = after.find((p) => p.gameId === "jackpot-cards" && p.pool === suit) as Json;
        expect(paidPool).toMatchObject({ hits: 1 });
        expect(paidPool.currentMicro).toBeGreaterThanOrEqual(LEVEL_SEEDS[suit] as number);
        const wins = (await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin)).body.wins as Json[];
        expect(wins[0]).toMatchObject({ roundId: cardsRound, paid: expected, playerId, gameId: "jackpot-cards", pool: suit });
        const rec = (await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body;
        expect(rec.balanced).toBe(true);
        expect(rec.jackpots.ok).toBe(true);
        // History and replay carry the card round.
        const detail = (await api(t.app, "GET", `/api/v1/history/${cardsRound}`, auth)).body;
        expect(
          detail.steps.flatMap((s: Json) => s.events).filter((e: Json) => e.type === "cardRevealed").length,
        ).toBeGreaterThanOrEqual(3);
        // And the player may play again.
        expect(
          (await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, { bet: { stake: 100 }, requestId: rid() }))
            .status,
        ).toBe(201);
      } finally {
        await t.close();
      }
    });

    it("never in granted rounds (and they contribute nothing); autoplay pauses for the cards and resumes after", async () => {
      const t = await testServer(backend.freshUrl(), ALWAYS, { games: [cardsGame, jackpotCards] });
      try {
        const { auth, playerId } = await playerSession(t.app, 100_000);
        const grant = (
          await api(t.app, "POST", `/api/v1/admin/players/${playerId}/bonus-grants`, admin, {
            requestId: rid("op"),
            gameId: CARDS_GAME,
            bet: { stake: 500 },
            spins: 1,
          })
        ).body;
        const free = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          grantId: grant.id,
          requestId: rid(),
        });
        expect(free.status).toBe(201);
        expect(free.body.jackpotCards).toBeUndefined();
        const pools = (await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];
        for (const p of pools.filter((x) => x.gameId === "jackpot-cards")) expect(p.contributionsMicro).toBe(0);

        const ap = (
          await api(t.app, "POST", "/api/v1/autoplay", auth, {
            gameId: CARDS_GAME,
            bet: { stake: 100 },
            spins: 5,
            lossLimit: 10_000,
            requestId: rid(),
          })
        ).body;
        const first = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          bet: { stake: 100 },
          autoplayId: ap.id,
          requestId: rid(),
        });
        const cardsRound = first.body.jackpotCards.roundId as string;
        expect(first.body.autoplay).toMatchObject({ status: "paused", pausedRoundId: cardsRound, spinsDone: 1 });
        let step = 0;
        let body: Json = {};
        for (let position = 0; position < 12; position++) {
          body = (
            await api(t.app, "POST", `/api/v1/rounds/${cardsRound}/actions`, auth, {
              action: { type: "pick", position },
              step,
              requestId: rid(),
            })
          ).body;
          step = body.stepIndex;
          if (body.status !== "open") break;
        }
        expect(body.status).toBe("completed");
        expect(body.autoplay).toMatchObject({ status: "running", pausedRoundId: null });
        expect(body.autoplay.net).toBe(-100 + body.totalWin);

        // "Stop if a jackpot is won" stops on a Jackpot Cards win too.
        const stopping = (
          await api(t.app, "POST", "/api/v1/autoplay", auth, {
            gameId: CARDS_GAME,
            bet: { stake: 100 },
            spins: 5,
            lossLimit: 10_000,
            stopOnJackpot: true,
            requestId: rid(),
          })
        ).body;
        const next = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          bet: { stake: 100 },
          autoplayId: stopping.id,
          requestId: rid(),
        });
        const second = next.body.jackpotCards.roundId as string;
        step = 0;
        for (let position = 0; position < 12; position++) {
          body = (
            await api(t.app, "POST", `/api/v1/rounds/${second}/actions`, auth, {
              action: { type: "pick", position },
              step,
              requestId: rid(),
            })
          ).body;
          step = body.stepIndex;
          if (body.status !== "open") break;
        }
        expect(body.autoplay).toMatchObject({ status: "stopped", stopReason: "jackpot" });
      } finally {
        await t.close();
      }
    });
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`Jackpot Cards deadline on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a card round left unrevealed past the operator's deadline is completed by the server in sequence order and paid once", async () => {
      const t = await testServer(backend.freshUrl(), ALWAYS, { games: [cardsGame, jackpotCards] });
      try {
        const { auth } = await playerSession(t.app, 100_000);
        const spun = await api(t.app, "POST", `/api/v1/games/${CARDS_GAME}/rounds`, auth, {
          bet: { stake: 100 },
          requestId: rid(),
        });
        const roundId = spun.body.jackpotCards.roundId as string;
        await api(t.app, "POST", `/api/v1/rounds/${roundId}/actions`, auth, {
          action: { type: "pick", position: 4 },
          step: 0,
          requestId: rid(),
        });
        // Not yet: within the deadline nothing is touched.
        expect(await completeExpiredCards(t.server, Date.now())).toBe(0);
        const later = Date.now() + t.config.jackpotCardsDeadlineMs + 1000;
        // Two nodes sweeping at once play each pick once (request ids derived from round and step).
        const [a, b] = await Promise.all([completeExpiredCards(t.server, later), completeExpiredCards(t.server, later)]);
        expect(a + b).toBeGreaterThanOrEqual(1);
        const detail = (await api(t.app, "GET", `/api/v1/history/${roundId}`, auth)).body;
        expect(detail.status).toBe("completed");
        const won = detail.steps.flatMap((s: Json) => s.events).find((e: Json) => e.type === "jackpotCardsWon");
        expect(won.amount).toBeGreaterThanOrEqual(1_000);
        const wins = (await api(t.app, "GET", "/api/v1/admin/jackpots/wins", admin)).body.wins as Json[];
        expect(wins.filter((w) => w.roundId === roundId)).toHaveLength(1);
        expect((await api(t.app, "GET", "/api/v1/session", auth)).body.balance).toBe(100_000 - 100 + won.amount);
        expect((await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`Jackpot Cards set by the operator on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("the operator adds Jackpot Cards to a game and sets a level's seed and rate; a seed is fixed once its pool exists, a rate may change", async () => {
      const url = backend.freshUrl();
      const env = {
        REELHOUSE_JACKPOT_CARDS_GAMES: "mermaid-treasure",
        REELHOUSE_JACKPOT_CARDS_LEVELS: JSON.stringify({ spades: { seedMicro: 2_000_000_000, rateBps: 5 } }),
      };
      const t = await testServer(url, env);
      try {
        const spades = async () =>
          ((await api(t.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[]).find(
            (p) => p.gameId === "jackpot-cards" && p.pool === "spades",
          ) as Json;
        expect(await spades()).toMatchObject({ seedMicro: 2_000_000_000, rateBps: 5, currentMicro: 2_000_000_000 });
        const { auth } = await playerSession(t.app, 100_000);
        const bet = { coinValue: 10, coinsPerLine: 1, lines: 15 };
        const spun = await api(t.app, "POST", "/api/v1/games/mermaid-treasure/rounds", auth, { bet, requestId: rid() });
        expect(spun.status).toBe(201);
        // 150 cents at 5 bps: 750 micro-units into spades, from the operator's funding account.
        expect((await spades()).contributionsMicro).toBe((150 * 10_000 * 5) / 10_000);
        expect((await api(t.app, "GET", "/api/v1/games/mermaid-treasure", auth)).body.jackpots.map((j: Json) => j.id)).toEqual([
          "clubs",
          "diamonds",
          "hearts",
          "spades",
        ]);
      } finally {
        await t.close();
      }
      // Another seed for an existing pool is refused at start; another rate is taken.
      await expect(
        testServer(url, { ...env, REELHOUSE_JACKPOT_CARDS_LEVELS: JSON.stringify({ spades: { seedMicro: 3_000_000_000 } }) }),
      ).rejects.toThrow(/cannot change/);
      const again = await testServer(url, {
        ...env,
        REELHOUSE_JACKPOT_CARDS_LEVELS: JSON.stringify({ spades: { seedMicro: 2_000_000_000, rateBps: 7 } }),
      });
      try {
        const pools = (await api(again.app, "GET", "/api/v1/admin/jackpots", admin)).body.pools as Json[];
        expect(pools.find((p) => p.pool === "spades")).toMatchObject({ seedMicro: 2_000_000_000, rateBps: 7 });
      } finally {
        await again.close();
      }
    });
  });
}

describe("Jackpot Cards trigger", () => {
  it("hits with probability stake x numerator / denominator: one draw below stake x numerator", () => {
    const games = new GameRegistry([cardsGame, jackpotCards]);
    let next = 0;
    const rng = { kind: "replay", int: () => next, nextU32: () => next } as never;
    const trigger = JackpotCardsTrigger.of(
      games,
      configFromEnv({ REELHOUSE_MODE: "test" }),
      { numerator: 1, denominator: 2_000_000 },
      rng,
    );
    if (!trigger) throw new Error("no trigger");
    // A 1.00 EUR bet (100 cents) hits on draws 0..99 of 2,000,000; a 2.00 EUR bet on 0..199: twice the chance.
    for (const [stake, draw, hit] of [
      [100, 99, true],
      [100, 100, false],
      [200, 199, true],
      [200, 200, false],
    ] as const) {
      next = draw;
      expect(trigger.drawn(stake)).toBe(hit);
    }
    expect(trigger.qualifies(cardsGame, true, 100)).toBe(true);
    expect(trigger.qualifies(cardsGame, false, 100)).toBe(false);
    expect(trigger.qualifies(jackpotGame, true, 100)).toBe(false);
  });

  it("operator level settings are validated", () => {
    expect(() => configFromEnv({ REELHOUSE_JACKPOT_CARDS_LEVELS: "{" })).toThrow(/JSON/);
    expect(() => configFromEnv({ REELHOUSE_JACKPOT_CARDS_LEVELS: '{"jokers":{}}' })).toThrow(/no level/);
    expect(() => configFromEnv({ REELHOUSE_JACKPOT_CARDS_LEVELS: '{"clubs":{"seed":1}}' })).toThrow(/unknown field/);
  });

  it("fail closed: production refuses other trigger odds", () => {
    expect(() => configFromEnv({ REELHOUSE_MODE: "production", REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1" })).toThrow(
      /refused in production/,
    );
  });
});
