/**
 * Mona Lisa Jewels on the real server: "Stop if JACKPOT is won" ends a running autoplay on
 * the spin that wins the progressive (forced in test mode with stops found by the game's test
 * kit), and autoplay never starts free spins by itself (the round waits for the player).
 */
import { monaLisaJewels } from "@reelhouse/games";
import { afterAll, describe, expect, it } from "vitest";
import { BASE, type Cell, grid, mustStops } from "../../games/src/mona-lisa-jewels/test-kit.js";
import { api, BACKENDS, demoSession, rid, testServer } from "./helpers.js";

const MONA = "mona-lisa-jewels";
const ROUNDS = `/api/v1/games/${MONA}/rounds`;
const MAX_BET = { coinValue: 1, coinsPerLine: 10, lines: 25 };
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
const JACKPOT_STOPS = mustStops(
  BASE,
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, "JACKPOT"] as const), [2, 1, CALM]),
  "5 JACKPOT on the top row",
);
const QUIET = mustStops(BASE, grid(PLAIN), "a losing spin");
const JEWEL_TRIGGER = mustStops(BASE, [["JEWEL", CALM, "JEWEL"], ...grid(PLAIN).slice(1)], "a plain Jewel trigger");

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`Mona Lisa Jewels autoplay on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it('"Stop if JACKPOT is won": the progressive ends the autoplay; free spins are never started by it', async () => {
      const t = await testServer(backend.freshUrl(), {}, { games: [monaLisaJewels] });
      try {
        const { auth } = await demoSession(t.app);
        const create = async (extra: object) =>
          (
            await api(t.app, "POST", "/api/v1/autoplay", auth, {
              gameId: MONA,
              bet: MAX_BET,
              spins: 10,
              lossLimit: 100_000,
              requestId: rid(),
              ...extra,
            })
          ).body as { id: string };
        const spin = (id: string, draws: number[]) =>
          api(t.app, "POST", ROUNDS, auth, { bet: MAX_BET, autoplayId: id, requestId: rid(), force: { draws } });

        const ap = await create({ stopOnJackpot: true });
        const first = await spin(ap.id, QUIET);
        expect(first.status).toBe(201);
        expect(first.body.autoplay).toMatchObject({ status: "running", spinsDone: 1 });
        const won = await spin(ap.id, JACKPOT_STOPS);
        expect(won.status).toBe(201);
        expect(won.body.events.some((e: { type: string }) => e.type === "jackpotWon")).toBe(true);
        expect(won.body.autoplay).toMatchObject({ status: "stopped", stopReason: "jackpot" });
        expect((await spin(ap.id, QUIET)).status).toBe(409);

        // Without the stop the autoplay runs on after a jackpot.
        const on = await create({});
        expect((await spin(on.id, JACKPOT_STOPS)).body.autoplay).toMatchObject({ status: "running" });

        // A Jewel trigger under autoplay: the round waits for the player, the autoplay stops on the feature.
        const jewel = await spin(on.id, JEWEL_TRIGGER);
        expect(jewel.body.awaiting).toMatchObject({ type: "freeSpin", kind: "jewel", feature: true });
        expect(jewel.body.autoplay.status).not.toBe("running");
      } finally {
        await t.close();
      }
    });
  });
}
