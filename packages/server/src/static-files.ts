/**
 * The browser client's files, and only those: the build writes an allow-list of what it
 * produced (`served-files.json`, see packages/web/vite.config.ts) and the server serves
 * exactly the paths listed there (and `/` as index.html). Anything else in the folder —
 * a `.env`, a `.git/`, a source map, a file put there after the build, a symbolic link —
 * is 404 whatever its spelling (encodings, `..`, case, trailing dots or slashes), because
 * the decoded path must equal a listed one; folders are never listed.
 */
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** The build's allow-list, in the client's folder (written by the Vite build). */
export const SERVED_FILES = "served-files.json";

/** One path segment of a listed file: no leading dot (no dotfile, no `.` or `..`), no backslash, no encoding. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** The URL paths (`/index.html`, `/assets/…`) of the listed files that are regular files inside `root`; or why there are none. */
export function listedFiles(root: string): { paths: Set<string>; problem: string | null } {
  const paths = new Set<string>();
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(join(root, SERVED_FILES), "utf8"));
  } catch (error) {
    return { paths, problem: `${SERVED_FILES} cannot be read (${(error as Error).message}); rebuild the client` };
  }
  const files = (list as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return { paths, problem: `${SERVED_FILES} has no "files" list; rebuild the client` };
  const realRoot = realpathSync(root);
  for (const file of files) {
    if (typeof file !== "string" || file.endsWith(".map") || !file.split("/").every((s) => SEGMENT.test(s))) continue;
    try {
      // A regular file, reached without a symbolic link on the way (its real path is where it is listed).
      if (!lstatSync(join(root, file)).isFile() || realpathSync(join(root, file)) !== join(realRoot, ...file.split("/")))
        continue;
    } catch {
      continue;
    }
    paths.add(`/${file}`);
  }
  return { paths, problem: paths.size === 0 ? `${SERVED_FILES} lists no servable file` : null };
}

/**
 * The client's servable paths in `root`, or null (with a line on stderr) when the folder has
 * no usable allow-list (a build from before it, or a folder that is not a client build):
 * then nothing of it is served.
 */
export function clientFiles(root: string): Set<string> | null {
  const { paths, problem } = listedFiles(root);
  if (!problem) return paths;
  process.stderr.write(`reelhouse: the client in ${root} is not served: ${problem}\n`);
  return null;
}

/** Serves the listed `paths` of `root` at `/` (`/` itself is index.html when listed), nothing else. */
export async function serveClientFiles(app: FastifyInstance, root: string, paths: ReadonlySet<string>): Promise<void> {
  const allowed = new Set(paths);
  const index = allowed.has("/index.html");
  if (index) allowed.add("/");
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: true,
    index: index ? ["index.html"] : false,
    list: false,
    redirect: false,
    dotfiles: "deny",
    // The path as the router decoded it must be one of the listed paths, exactly.
    allowedPath: (path) => allowed.has(path),
  });
}
