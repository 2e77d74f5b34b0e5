/**
 * TEST-ONLY server process with the test games and the test answerer (for kill -9 tests of
 * rounds that ask the platform): like `reelhouse serve` in test mode, configured by the
 * same environment variables, it prints "serving on <url>".
 */
import { mermaidTreasure } from "@reelhouse/games";
import { buildApp } from "../../src/app.js";
import { configFromEnv } from "../../src/config.js";
import { openDatabase } from "../../src/db/open.js";
import { GameRegistry } from "../../src/games.js";
import { GameServer } from "../../src/service.js";
import { testPlatform } from "./answerers.js";
import { asksPlatform } from "./asks-platform.js";
import { unitsGambleV2 } from "./units-gamble.js";

const config = configFromEnv(process.env, { mode: "test" });
const db = await openDatabase(config.databaseUrl);
const server = new GameServer(db, config, new GameRegistry([mermaidTreasure, asksPlatform, unitsGambleV2]), Date.now, {
  platform: testPlatform().platform,
});
await server.init();
const app = await buildApp(server);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`reelhouse: serving on ${url} (test games)\n`);
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
