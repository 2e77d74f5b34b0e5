/**
 * `reelhouse serve`'s command line, parsed before anything starts: production unless the
 * operator explicitly asks for dev (`--dev` or REELHOUSE_MODE=dev); NODE_ENV never selects
 * a mode; `--help` asks for help; an unknown flag is an error.
 */

export type ServeMode = "production" | "dev" | "test";

export interface ServeOptions {
  help: boolean;
  mode: ServeMode;
  port: number;
  host: string;
}

/** A command-line mistake: the CLI prints it with the usage and exits non-zero, starting nothing. */
export class UsageError extends Error {}

const VALUE_FLAGS = new Set(["--port", "--host"]);
const SWITCHES = new Set(["--dev", "--help", "-h"]);

/** Parses `serve`'s arguments and environment into the options the server starts with. */
export function parseServeOptions(args: readonly string[], env: NodeJS.ProcessEnv): ServeOptions {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (SWITCHES.has(arg)) switches.add(arg);
    else if (VALUE_FLAGS.has(arg)) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      values.set(arg, value);
      i++;
    } else throw new UsageError(`unknown argument '${arg}'`);
  }
  const help = switches.has("--help") || switches.has("-h");
  const envMode = env.REELHOUSE_MODE;
  if (envMode !== undefined && envMode !== "" && !["production", "dev", "test"].includes(envMode)) {
    throw new UsageError(`REELHOUSE_MODE must be production, dev or test; got '${envMode}'`);
  }
  if (switches.has("--dev") && envMode && envMode !== "dev") {
    throw new UsageError(`--dev contradicts REELHOUSE_MODE=${envMode}`);
  }
  const mode: ServeMode = switches.has("--dev") ? "dev" : ((envMode || "production") as ServeMode);
  const portText = values.get("--port") ?? env.PORT ?? "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`the port must be an integer in 0..65535; got '${portText}'`);
  const host = values.get("--host") ?? env.HOST ?? "127.0.0.1";
  return { help, mode, port, host };
}
