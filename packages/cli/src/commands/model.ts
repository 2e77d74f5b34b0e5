import { GAMES, getGame, platformModule } from "@reelhouse/games";
import type { Command } from "../main.js";

/** `reelhouse model <game> --json`: the maths as data, as a test lab receives it. */
export const modelCommand: Command = {
  summary: "print a game's maths as data (schema reelhouse.model/1)",
  usage: "model <game> [--json]",
  async run(args) {
    const id = args.find((a) => !a.startsWith("--"));
    const game = id ? (getGame(id) ?? platformModule(id)) : undefined;
    if (!game) throw new Error(`unknown game '${id ?? ""}'; games: ${[...GAMES.keys()].join(", ")}`);
    process.stdout.write(`${JSON.stringify(game.model(), null, args.includes("--json") ? 0 : 2)}\n`);
    return 0;
  },
};
