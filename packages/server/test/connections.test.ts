/**
 * Issue 8, findings 4 and 7, over real sockets (the HTTP parser, timeouts and connection
 * limits live below `app.inject`): slow and idle connections are closed, the number of
 * connections is capped, and every error — Fastify's and Node's own — is in the documented
 * format `{error:{code,message}}`.
 */
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { BACKENDS, demoSession, MERMAID, rowCounts, type TestServer, testServer } from "./helpers.js";

const sqlite = BACKENDS[0]!;
afterAll(() => sqlite.cleanup());

async function listening(env: Record<string, string>): Promise<{ t: TestServer; port: number }> {
  const t = await testServer(sqlite.freshUrl(), env);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, port: (t.app.server.address() as { port: number }).port };
}

interface Watched {
  socket: Socket;
  /** Resolves when the server closes the connection: what it sent, and after how long. */
  closed: Promise<{ ms: number; text: string }>;
}

/** Opens a raw connection, sends `data` (if any) and, with `trickle`, one more byte every `trickle` ms. */
function open(port: number, data?: string, trickle?: number): Promise<Watched> {
  return new Promise((ready, fail) => {
    const started = Date.now();
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = connect({ port, host: "127.0.0.1" });
    const closed = new Promise<{ ms: number; text: string }>((done) => {
      socket.on("close", () => {
        clearInterval(timer);
        done({ ms: Date.now() - started, text });
      });
    });
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("error", () => {});
    socket.once("connect", () => {
      if (data) socket.write(data);
      if (trickle) timer = setInterval(() => socket.writable && socket.write("a"), trickle);
      ready({ socket, closed });
    });
    socket.once("error", fail);
  });
}

/** Status and JSON body of a raw HTTP answer. */
function parse(text: string): { status: number; body: { error?: { code: string; message: string } } } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const body = text.slice(text.indexOf("\r\n\r\n") + 4);
  return { status, body: JSON.parse(body) };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<"still open">((r) => setTimeout(() => r("still open"), ms))]);

describe("connections (finding 4)", () => {
  it("closes a request whose body trickles in (1 byte every 200 ms) with 408 at the request timeout, and nothing is written", async () => {
    const { t, port } = await listening({ REELHOUSE_REQUEST_TIMEOUT_MS: "1000", REELHOUSE_HEADERS_TIMEOUT_MS: "1000" });
    try {
      const before = await rowCounts(t.db);
      const slow = await open(
        port,
        "POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
        200,
      );
      const idle = await open(port);
      const partial = await open(port, "GET /api/v1/games HTTP/1.1\r\nHost: x\r\n");
      for (const w of [slow, idle, partial]) {
        const result = await within(w.closed, 4000);
        expect(result).not.toBe("still open");
        const { ms, text } = result as { ms: number; text: string };
        expect(ms).toBeLessThan(3000);
        expect(parse(text)).toMatchObject({ status: 408, body: { error: { code: "REQUEST_TIMEOUT" } } });
      }
      expect(await rowCounts(t.db)).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it("closes idle keep-alive connections after the keep-alive timeout", async () => {
    const { t, port } = await listening({ REELHOUSE_KEEP_ALIVE_TIMEOUT_MS: "500" });
    try {
      const w = await open(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
      const result = await within(w.closed, 4000);
      expect(result).not.toBe("still open");
      expect((result as { text: string }).text).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await t.close();
    }
  });

  it("caps open connections (in all and per client address); the server keeps serving", async () => {
    const { t, port } = await listening({ REELHOUSE_MAX_CONNECTIONS: "40", REELHOUSE_MAX_CONNECTIONS_PER_ADDRESS: "25" });
    try {
      const sockets = await Promise.all(Array.from({ length: 35 }, () => open(port)));
      await new Promise((r) => setTimeout(r, 300));
      const alive = sockets.filter((s) => !s.socket.destroyed);
      expect(alive.length).toBe(25);
      for (const s of sockets) s.socket.destroy();
      await new Promise((r) => setTimeout(r, 200));
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/games`);
      expect(res.status).toBe(200);
      expect(t.app.server.maxConnections).toBe(40);
    } finally {
      await t.close();
    }
  });
});

describe("errors in the documented format (finding 7)", () => {
  it("answers Fastify's and Node's own errors as {error:{code,message}}", async () => {
    const { t, port } = await listening({});
    try {
      const { auth } = await demoSession(t.app);
      const raw = async (request: string) => {
        const w = await open(port, request);
        const result = await within(w.closed, 4000);
        w.socket.destroy();
        return parse(typeof result === "string" ? "" : result.text);
      };
      const expectFormat = (r: { status: number; body: { error?: { code: string; message: string } } }, status: number) => {
        expect(r.status).toBe(status);
        expect(Object.keys(r.body)).toEqual(["error"]);
        expect(r.body.error?.code).toMatch(/^[A-Z_]+$/);
        expect(typeof r.body.error?.message).toBe("string");
      };
      const get = (path: string) =>
        `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nConnection: close\r\n\r\n`;
      expectFormat(await raw(get(`/api/v1/history/${"a".repeat(200)}`)), 414);
      expectFormat(await raw(get("/api/v1/history/%ff")), 400);
      expectFormat(await raw(get("/api/v1/history/%E0%A4%A")), 400);
      expectFormat(await raw(get(`/api/v1/games/${MERMAID}/%ff/x`)), 400);
      expectFormat(await raw(get("/api/v1/no-such-route")), 404);
      expectFormat(await raw("HELLO WORLD\r\n\r\n"), 400);
      expectFormat(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`), 431);
      expectFormat(await raw("GET /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"), 400);
      expectFormat(
        await raw(
          "POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\nConnection: close\r\n\r\n",
        ),
        413,
      );
      expectFormat(
        await raw(
          "POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi",
        ),
        415,
      );
      expectFormat(
        await raw(
          'POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 29\r\nConnection: close\r\n\r\n{"__proto__": {"demo": true}}',
        ),
        400,
      );
    } finally {
      await t.close();
    }
  });
});
