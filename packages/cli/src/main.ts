/**
 * The `reelhouse` command line: one subcommand per file under `commands/`.
 * Each command gets its arguments and returns an exit code.
 */
import { modelCommand } from "./commands/model.js";
import { parCommand } from "./commands/par.js";
import { replayCommand } from "./commands/replay.js";
import { rngCommand } from "./commands/rng.js";
import { serveCommand } from "./commands/serve.js";
import { simCommand } from "./commands/sim.js";

export interface Command {
  /** One line of help. */
  readonly summary: string;
  readonly usage: string;
  run(args: string[]): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  model: modelCommand,
  serve: serveCommand,
  replay: replayCommand,
  par: parCommand,
  rng: rngCommand,
  sim: simCommand,
};

function help(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, c]) => `  ${name.padEnd(8)} ${c.summary}\n           usage: reelhouse ${c.usage}`,
  );
  return `reelhouse — slot maths, simulation and game server\n\n${lines.join("\n")}\n`;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    process.stdout.write(help());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`reelhouse: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`reelhouse ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
