/**
 * Issue 17 point 6: the static server serves the built client's files and nothing else.
 * The real client build (packages/web, built when its sources changed) is copied into a
 * temporary folder, then secrets are planted beside it (`.env`, `.git/config`, a source map
 * with its sources, a file dropped after the build, a symbolic link out of the folder, a
 * folder). A production server over a real socket must answer every spelling of them —
 * percent-encodings, `..`, double encoding, case, trailing dots and slashes, backslashes —
 * with 404 (or 400) and none of their bytes, while the client's own files still serve.
 * SQLite only: the store plays no part in static files.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVED_FILES } from "../src/static-files.js";
import { BACKENDS, type TestServer, testServer } from "./helpers.js";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "../../web");
const SECRET = "RH_SECRET_7f3a9c";
const SOURCE_SECRET = "RH_SOURCE_5b21e0";
const sqlite = BACKENDS.find((b) => b.name === "sqlite")!;

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** One request with the path exactly as written (no client normalises `..`, `\` or `%2e`), over a raw socket. */
function raw(port: number, path: string, method = "GET"): Promise<Answer> {
  return new Promise((done, fail) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", fail);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      done({ status, headers: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** The same through Node's HTTP client (it sends the path as given, too). */
function viaHttp(port: number, path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          headers: JSON.stringify(res.headers),
          body: Buffer.concat(chunks).toString("latin1"),
        }),
      );
    });
    req.on("error", fail);
    req.end();
  });
}

/** Every spelling of a planted file the attack runs tried, and more of the same class. */
const PLANTED = [
  "/.env",
  "/%2eenv",
  "/%2Eenv",
  "/.%65nv",
  "/%2e%65%6e%76",
  "//.env",
  "/./.env",
  "/assets/../.env",
  "/assets/%2e%2e/.env",
  "/assets/%2E%2E/.env",
  "/assets/..%2f.env",
  "/assets%2f..%2f.env",
  "/%252eenv",
  "/assets/%252e%252e/.env",
  "/.ENV",
  "/.Env",
  "/.env.",
  "/.env/",
  "/.env%20",
  "/.env%00",
  "/.env::$DATA",
  "/assets\\..\\.env",
  "/assets%5c..%5c.env",
  "/%5c.env",
  "/.git/config",
  "/.git%2fconfig",
  "/.git%2Fconfig",
  "/%2egit/config",
  "/.git/",
  "/.git",
  "/.git/HEAD",
  "/assets/.hidden.js",
  "/.well-known/secret.txt",
  // Files beside the build, not of it.
  "/dropped.js",
  "/dropped.js.",
  "/DROPPED.JS",
  "/assets/dropped.css",
  "/served-files.json",
  "/link.js",
  "/assets/link.js",
  "/private/notes.txt",
  "/private/",
  "/private",
  // Folders are never listed.
  "/assets",
  "/assets/",
  "/assets/.",
  "/%2e/",
  // Out of the folder.
  "/../secret.txt",
  "/%2e%2e/secret.txt",
  "/..%2fsecret.txt",
  "/%2e%2e%2fsecret.txt",
  "/%252e%252e/secret.txt",
  "/..\\secret.txt",
];

describe.skipIf(!sqlite.available)("static files: the built client and nothing else (issue 17 point 6, SQLite)", () => {
  let dir = "";
  let outside = "";
  let t: TestServer;
  let port = 0;
  let listed: string[] = [];
  const maps: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [join(WEB, "scripts", "ensure-built.mjs")], { stdio: "ignore" });
    const root = mkdtempSync(join(tmpdir(), "reelhouse-static-"));
    dir = join(root, "dist");
    outside = join(root, "secret.txt");
    cpSync(join(WEB, "dist"), dir, { recursive: true });
    listed = (JSON.parse(readFileSync(join(dir, SERVED_FILES), "utf8")) as { files: string[] }).files;
    // What an attacker or a careless deploy leaves in the folder after the build.
    writeFileSync(outside, `${SECRET} outside`);
    writeFileSync(join(dir, ".env"), `DATABASE_URL=postgres://u:${SECRET}@db/prod\n`);
    writeFileSync(join(dir, ".ENV"), SECRET);
    mkdirSync(join(dir, ".git"));
    writeFileSync(join(dir, ".git", "config"), `[remote "origin"]\n url = https://${SECRET}@git.example/x\n`);
    writeFileSync(join(dir, ".git", "HEAD"), SECRET);
    mkdirSync(join(dir, ".well-known"));
    writeFileSync(join(dir, ".well-known", "secret.txt"), SECRET);
    writeFileSync(join(dir, "assets", ".hidden.js"), SECRET);
    writeFileSync(join(dir, "dropped.js"), `/* ${SECRET} */`);
    writeFileSync(join(dir, "DROPPED.JS"), `/* ${SECRET} */`);
    writeFileSync(join(dir, "assets", "dropped.css"), `/* ${SECRET} */`);
    mkdirSync(join(dir, "private"));
    writeFileSync(join(dir, "private", "notes.txt"), SECRET);
    symlinkSync(outside, join(dir, "link.js"));
    symlinkSync(outside, join(dir, "assets", "link.js"));
    // Source maps with their sources, beside every script (an older build's, or copied in).
    for (const file of listed.filter((f) => f.endsWith(".js"))) {
      const map = `${file}.map`;
      writeFileSync(join(dir, map), JSON.stringify({ version: 3, sources: ["src/main.ts"], sourcesContent: [SOURCE_SECRET] }));
      maps.push(`/${map}`);
    }
    t = await testServer(sqlite.freshUrl(), { REELHOUSE_MODE: "production", REELHOUSE_STATIC_DIR: dir });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dirname(dir), { recursive: true, force: true });
    await sqlite.cleanup();
  });

  it("the production build has no source maps, and its allow-list names only its own files", () => {
    const assets = readdirSync(join(WEB, "dist", "assets"));
    expect(assets.filter((f) => f.endsWith(".map"))).toEqual([]);
    for (const f of assets.filter((a) => a.endsWith(".js") || a.endsWith(".css")))
      expect(readFileSync(join(WEB, "dist", "assets", f), "utf8")).not.toContain("sourceMappingURL");
    expect(listed).toContain("index.html");
    expect(listed).toContain("kit.html");
    expect(listed.some((f) => /^assets\/main-.+\.js$/.test(f))).toBe(true);
    expect(listed.some((f) => f.endsWith(".css"))).toBe(true);
    for (const f of listed) {
      expect(f.split("/").some((s) => s.startsWith("."))).toBe(false);
      expect(f.endsWith(".map")).toBe(false);
      expect(existsSync(join(WEB, "dist", f))).toBe(true);
    }
  });

  it("serves the client: /, index.html, kit.html and every listed asset, with their types", async () => {
    const home = await raw(port, "/");
    expect(home.status).toBe(200);
    expect(home.headers).toMatch(/content-type: text\/html/i);
    expect(home.body).toContain("<script");
    expect((await raw(port, "/index.html")).body).toBe(home.body);
    expect((await raw(port, "/kit.html")).status).toBe(200);
    expect((await raw(port, "/?from=lobby")).status).toBe(200);
    for (const file of listed) {
      const res = await raw(port, `/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.body).toBe(readFileSync(join(dir, file), "latin1"));
      if (file.endsWith(".js")) expect(res.headers).toMatch(/content-type: (text|application)\/javascript/i);
      if (file.endsWith(".css")) expect(res.headers).toMatch(/content-type: text\/css/i);
    }
    const head = await raw(port, `/${listed.find((f) => f.endsWith(".js"))}`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    // The page loads every script and style it names.
    for (const [, src] of home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
      expect((await raw(port, src!)).status).toBe(200);
  });

  it("answers every spelling of a planted file, a source map, a dropped file, a link or a folder with 404 or 400 and none of its bytes", async () => {
    const leaks: string[] = [];
    for (const path of [...PLANTED, ...maps]) {
      for (const answer of [await raw(port, path), await viaHttp(port, path)]) {
        const bad =
          ![400, 404].includes(answer.status) ||
          answer.body.includes(SECRET) ||
          answer.body.includes(SOURCE_SECRET) ||
          // No folder listing either.
          /index\.html.*kit\.html|<ul|<li/s.test(answer.body) ||
          (answer.status === 404 && JSON.parse(answer.body).error?.code !== "NOT_FOUND");
        if (bad) leaks.push(`${path} -> ${answer.status}`);
      }
    }
    expect(leaks).toEqual([]);
    // fetch() normalises `..` and `.` itself: what it sends is still refused.
    for (const path of ["/.env", "/assets/../.env", "/%2eenv", "/.git/config", maps[0] as string]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(SECRET);
    }
  });

  it("a case or spelling variant of a real file is not that file either (exact paths only)", async () => {
    const js = listed.find((f) => /^assets\/main-.+\.js$/.test(f)) as string;
    for (const path of [
      `/${js.toUpperCase()}`,
      `/${js}.`,
      `/${js}/`,
      `/${js}%20`,
      `/${js}::$DATA`,
      "/INDEX.HTML",
      "/index.html/",
    ])
      expect([400, 404], path).toContain((await raw(port, path)).status);
  });

  it("a client folder without an allow-list (an older build) is not served at all", async () => {
    const bare = mkdtempSync(join(tmpdir(), "reelhouse-static-bare-"));
    writeFileSync(join(bare, "index.html"), "<!doctype html><p>old</p>");
    writeFileSync(join(bare, ".env"), SECRET);
    const old = await testServer(sqlite.freshUrl(), { REELHOUSE_MODE: "production", REELHOUSE_STATIC_DIR: bare });
    try {
      for (const url of ["/", "/index.html", "/.env"]) {
        const res = await old.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(SECRET);
      }
      expect((await old.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await old.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
