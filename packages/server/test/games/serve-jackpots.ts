/**
 * TEST-ONLY server process with the jackpot test game and the REAL jackpot answerers (for
 * kill -9 and several-process tests of jackpot pools): like `reelhouse serve` in test mode,
 * configured by the same environment variables, it prints "serving on <url>". It also offers
 * a game that includes Jackpot Cards (`cards-test`).
 */
import { jackpotCards, mermaidTreasure } from "@reelhouse/games";
import { buildApp } from "../../src/app.js";
import { configFromEnv } from "../../src/config.js";
import { openDatabase } from "../../src/db/open.js";
import { GameRegistry } from "../../src/games.js";
import { GameServer } from "../../src/service.js";
import { cardsGame } from "./cards-game.js";
import { jackpotGame } from "./jackpot-game.js";

const config = configFromEnv(process.env, { mode: "test" });
const db = await openDatabase(config.databaseUrl);
const server = new GameServer(db, config, new GameRegistry([mermaidTreasure, jackpotGame, cardsGame, jackpotCards]));
await server.init();
// Tests of the push channel may space its snapshots out, to see that changes come at once.
const poolEveryMs = Number(process.env.REELHOUSE_TEST_POOL_MS ?? 0);
const app = await buildApp(server, poolEveryMs > 0 ? { events: { poolEveryMs } } : {});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`reelhouse: serving on ${url} (jackpot test game)\n`);
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
