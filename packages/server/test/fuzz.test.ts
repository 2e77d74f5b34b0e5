/**
 * Issue 8, "keep it found": a seeded fuzz suite over every route of the API on SQLite and
 * PostgreSQL. Each case is a malformed, oversized, deep, NUL-laden or foreign variant of a
 * valid request; every one must be answered 4xx in the documented format
 * `{error:{code,message,details?}}` and write nothing: every table's row count, every
 * account's balance and every setting are compared after each case.
 *
 * Reproducible: FUZZ_SEED (default below) and FUZZ_CASES (per database, default 2500) pick
 * the cases; a failure names the seed, the case number and the request.
 */
import { Xoshiro128 } from "@reelhouse/engine";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import {
  ADMIN_KEY,
  api,
  BACKENDS,
  BET,
  demoSession,
  drawsFor,
  MERMAID,
  playerSession,
  rid,
  type TestServer,
  testServer,
} from "./helpers.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const CASES = Number(process.env.FUZZ_CASES ?? 2500);

const admin = { "x-admin-key": ADMIN_KEY };

/** JSON nested `n` deep. */
const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
};

/** Values no field accepts (each field lists the few it does accept, by index, in `except`). */
const HOSTILE: readonly unknown[] = [
  /* 0 */ deep(40),
  /* 1 */ "a\u0000b",
  /* 2 */ "lone \ud800 surrogate",
  /* 3 */ "x".repeat(5000),
  /* 4 */ 1e300,
  /* 5 */ -1e300,
  /* 6 */ 2 ** 60,
  /* 7 */ -1,
  /* 8 */ 0.5,
  /* 9 */ true,
  /* 10 */ false,
  /* 11 */ null,
  /* 12 */ [],
  /* 13 */ [[]],
  /* 14 */ { unknownField: 1 },
  /* 15 */ "",
  /* 16 */ "\u0000",
  /* 17 */ { type: "freeSpin", win: 999_999 },
  /* 18 */ ["a\u0000"],
  /* 19 */ "💥".repeat(3000),
];

interface Field {
  /** Indexes of HOSTILE this field accepts (a valid value: not sent as a mutation). */
  except?: number[];
}

interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path with `:name` parameters. */
  path: string;
  auth: "player" | "admin" | "none";
  /** Valid values of the path parameters (a valid request is never sent: only its variants). */
  params?: Record<string, () => string>;
  /** A valid body. */
  body?: () => Record<string, unknown>;
  /** Body fields a mutation may replace. */
  fields?: Record<string, Field>;
  /** Fields whose absence is an error. */
  required?: string[];
  /** Query parameters the route reads. */
  query?: string[];
  /** The body may be left out (an absent or `null` body is then valid, not a mutation). */
  optionalBody?: boolean;
  /** Path parameter values that are invalid for this route (default BAD_PARAMS). */
  badParams?: string[];
}

interface World {
  t: TestServer;
  player: { auth: Record<string, string>; playerId: string };
  other: { auth: Record<string, string>; playerId: string };
  openRound: string;
  otherRound: string;
  autoplayId: string;
  otherAutoplay: string;
  grantId: string;
}

function routes(w: World): Route[] {
  const round = () => w.openRound;
  return [
    {
      method: "POST",
      path: "/api/v1/sessions",
      auth: "none",
      body: () => ({ launchToken: "0123456789abcdefghij-unknown" }),
      fields: { launchToken: {}, demo: { except: [] } },
    },
    { method: "GET", path: "/api/v1/session", auth: "player" },
    { method: "GET", path: "/api/v1/games/:gameId", auth: "none", params: { gameId: () => MERMAID } },
    {
      method: "POST",
      path: "/api/v1/games/:gameId/rounds",
      auth: "player",
      params: { gameId: () => MERMAID },
      body: () => ({ bet: BET, requestId: rid("fz") }),
      fields: { bet: {}, requestId: {}, autoplayId: {}, grantId: {}, force: {} },
      required: ["requestId", "bet"],
    },
    {
      method: "POST",
      path: "/api/v1/rounds/:roundId/actions",
      auth: "player",
      params: { roundId: round },
      body: () => ({ action: { type: "pick", object: 11 }, step: 0, requestId: rid("fz") }),
      fields: { action: {}, step: {}, requestId: {}, force: {} },
      required: ["action", "step", "requestId"],
    },
    { method: "GET", path: "/api/v1/rounds/open", auth: "player" },
    { method: "GET", path: "/api/v1/history", auth: "player", query: ["from", "to", "limit"] },
    { method: "GET", path: "/api/v1/history/:roundId", auth: "player", params: { roundId: round } },
    { method: "GET", path: "/api/v1/grants", auth: "player" },
    { method: "GET", path: "/api/v1/bonus-grants", auth: "player" },
    {
      method: "POST",
      path: "/api/v1/autoplay",
      auth: "player",
      body: () => ({ gameId: MERMAID, bet: BET, spins: 10, lossLimit: 1000, requestId: rid("fz") }),
      fields: {
        gameId: {},
        bet: {},
        spins: {},
        lossLimit: {},
        singleWinLimit: { except: [11] },
        stopOnJackpot: { except: [9, 10] },
        requestId: {},
      },
      required: ["gameId", "bet", "spins", "lossLimit", "requestId"],
    },
    { method: "GET", path: "/api/v1/autoplay/:id", auth: "player", params: { id: () => w.autoplayId } },
    { method: "DELETE", path: "/api/v1/autoplay/:id", auth: "player", params: { id: () => w.otherAutoplay } },
    { method: "GET", path: "/api/v1/preferences/:gameId", auth: "player", params: { gameId: () => MERMAID } },
    {
      method: "PUT",
      path: "/api/v1/preferences/:gameId",
      auth: "player",
      params: { gameId: () => MERMAID },
      body: () => ({ preferences: { witch: "blue" } }),
      fields: { preferences: { except: [14, 17] } },
      required: ["preferences"],
    },
    {
      // The push channel's view: a stream id no process holds (so even the valid request is 404, never a change).
      method: "PUT",
      path: "/api/v1/events/view",
      auth: "player",
      body: () => ({
        streamId: "00000000.0000000000000000",
        gameId: "mona-lisa-jewels",
        bet: { coinValue: 1, coinsPerLine: 1, lines: 25 },
      }),
      fields: { streamId: {}, gameId: {}, bet: {} },
      required: ["streamId", "gameId"],
    },
    {
      method: "POST",
      path: "/api/v1/admin/players",
      auth: "admin",
      body: () => ({ name: "Fuzz", jurisdiction: "GB", externalId: "ext-1" }),
      fields: { name: {}, jurisdiction: {}, externalId: { except: [11] } },
      required: ["name"],
    },
    { method: "GET", path: "/api/v1/admin/players/:id", auth: "admin", params: { id: () => w.player.playerId } },
    {
      method: "POST",
      path: "/api/v1/admin/players/:id/launch-tokens",
      auth: "admin",
      params: { id: () => w.player.playerId },
      body: () => ({ ttlSeconds: 60 }),
      fields: { ttlSeconds: {} },
      optionalBody: true,
    },
    {
      method: "POST",
      path: "/api/v1/admin/players/:id/adjustments",
      auth: "admin",
      params: { id: () => w.player.playerId },
      body: () => ({ amount: 100, reason: "fuzz", unit: "cash", requestId: rid("fz") }),
      fields: { amount: { except: [7] }, reason: {}, unit: {}, requestId: {} },
      required: ["amount", "reason", "requestId"],
    },
    {
      method: "POST",
      path: "/api/v1/admin/players/:id/bonus-grants",
      auth: "admin",
      params: { id: () => w.player.playerId },
      body: () => ({ gameId: MERMAID, bet: BET, spins: 2, requestId: rid("fz") }),
      fields: { gameId: {}, bet: {}, spins: {}, requestId: {} },
      required: ["gameId", "bet", "spins", "requestId"],
    },
    {
      method: "POST",
      path: "/api/v1/admin/rounds/:id/cancel",
      auth: "admin",
      params: { id: () => w.otherRound },
      body: () => ({ reason: "fuzz", requestId: rid("fz") }),
      fields: { reason: {}, requestId: {} },
      required: ["requestId"],
    },
    { method: "GET", path: "/api/v1/admin/rounds/:id", auth: "admin", params: { id: round } },
    { method: "GET", path: "/api/v1/admin/reconciliation", auth: "admin", query: ["from", "to"] },
    { method: "GET", path: "/api/v1/admin/config", auth: "admin" },
    {
      method: "PUT",
      path: "/api/v1/admin/config/jurisdictions/:id",
      auth: "admin",
      params: { id: () => "GB" },
      // Any well-formed name is a jurisdiction the operator may create: only malformed ones are mutations.
      badParams: ["%00", "a%00b", "%ff", "x".repeat(150), "__proto__", "-x", "%20", "%E2%82%AC", "1e300", "a.b", "x".repeat(40)],
      body: () => ({ autoplay: false, minSpinIntervalMs: 2500, maxStake: 500 }),
      fields: { autoplay: { except: [9, 10] }, minSpinIntervalMs: {}, maxStake: { except: [11] }, idleTimeoutMs: {} },
    },
    {
      method: "PUT",
      path: "/api/v1/admin/config/games/:id",
      auth: "admin",
      params: { id: () => MERMAID },
      body: () => ({ enabled: true }),
      fields: { enabled: { except: [9, 10] } },
      required: ["enabled"],
    },
    { method: "GET", path: "/api/v1/admin/games/:id/config", auth: "admin", params: { id: () => MERMAID } },
    {
      method: "PUT",
      path: "/api/v1/admin/games/:id/config",
      auth: "admin",
      params: { id: () => MERMAID },
      body: () => ({ config: {} }),
      fields: { config: { except: [11, 12] } },
      required: ["config"],
    },
  ];
}

/** Path parameter values that are never a valid id (some also not valid URL text). */
const BAD_PARAMS = [
  "%00",
  "a%00b",
  "%ff",
  "%E0%A4%A",
  "x".repeat(150),
  "rd_doesnotexist0000",
  "..%2F..%2Fetc",
  "%20",
  "%E2%82%AC",
  "ap_%00",
  "__proto__",
  "constructor",
  "1e300",
];

const BAD_QUERY = [
  "-1",
  "1e300",
  "99999999999999999999",
  "%00",
  "abc",
  "2020-13-45",
  "x".repeat(100),
  "+275760-09-13",
  "0x10",
  "NaN",
  "Infinity",
];

const BAD_RAW: { type: string; body: string }[] = [
  { type: "application/json", body: "{" },
  { type: "application/json", body: "[1," },
  { type: "application/json", body: '{"a":}' },
  { type: "application/json", body: "\u0000" },
  { type: "application/json", body: "" },
  { type: "application/json", body: '{"__proto__":{"x":1}}' },
  { type: "application/json", body: '{"constructor":{"prototype":{"x":1}}}' },
  { type: "application/json", body: `{"a":"${"x".repeat(70_000)}"}` },
  { type: "application/json", body: "null" },
  { type: "application/json", body: "42" },
  { type: "application/json", body: '"text"' },
  { type: "application/json", body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  { type: "text/plain", body: "hello" },
  { type: "application/x-www-form-urlencoded", body: "a=1&b=2" },
  { type: "multipart/form-data; boundary=x", body: "--x\r\n\r\n--x--" },
  { type: "application/xml", body: "<a/>" },
];

const BAD_AUTH = [
  undefined,
  "Bearer ",
  "Bearer short",
  `Bearer ${"A".repeat(43)}`,
  `Bearer ${"A".repeat(500)}`,
  "Basic dXNlcjpwYXNz",
  "bearer lowercase-scheme-token-0123456789",
  `Bearer ${"a".repeat(20)}\u00e9`,
];

class Gen {
  private readonly rng: Xoshiro128;
  constructor(seed: number) {
    this.rng = new Xoshiro128(seed);
  }
  int(n: number): number {
    return this.rng.int(n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.rng.int(list.length)] as T;
  }
}

type Kind = "auth" | "shape" | "unknown" | "field" | "missing" | "raw" | "path" | "query" | "foreign" | "route";

/** Builds case number `n`: a route and one mutation that makes it invalid. */
function makeCase(g: Gen, w: World, all: Route[]): { kind: Kind; options: InjectOptions } {
  const route = g.pick(all);
  // Weighted: most cases vary what the route reads (fields, path, query); some its credentials, shape and framing.
  const kinds: Kind[] = ["path", "path"];
  if (route.auth !== "none") kinds.push("auth");
  if (route.body) kinds.push("shape", "unknown", "raw");
  if (route.fields) kinds.push("field", "field", "field", "field", "field");
  if (route.required) kinds.push("missing");
  if (route.query) kinds.push("query", "query", "query", "query");
  if (route.auth === "player" && (route.path.includes(":roundId") || route.path.includes("/autoplay/")))
    kinds.push("foreign", "foreign");
  if (g.int(10) === 0) kinds.splice(0, kinds.length, "route");
  let kind = g.pick(kinds);
  if (kind === "path" && !route.params) kind = route.body ? "shape" : route.auth !== "none" ? "auth" : "route";

  const headers: Record<string, string> =
    route.auth === "player" ? { ...w.player.auth } : route.auth === "admin" ? { ...admin } : {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(route.params ?? {})) params[name] = encodeURIComponent(value());
  let body: unknown = route.body?.();
  let raw: { type: string; body: string } | null = null;
  let query = "";
  let url = route.path;

  switch (kind) {
    case "auth": {
      if (route.auth === "player") {
        const value = g.pick(BAD_AUTH);
        if (value === undefined) delete headers.authorization;
        else headers.authorization = value;
      } else headers["x-admin-key"] = g.pick(["", "wrong", "wrong-key-0123456789", ADMIN_KEY.slice(0, -1), `${ADMIN_KEY} `]);
      // A valid body otherwise: the credentials alone are wrong.
      break;
    }
    case "shape":
      body = g.pick([[], [body], "text", 42, true, ...(route.optionalBody ? [] : [null]), [[[]]]]);
      break;
    case "unknown":
      body = { ...(body as object), [g.pick(["extra", "surprise", "__proto__x", "win", "balance", "admin"])]: g.pick(HOSTILE) };
      break;
    case "field": {
      const fields = Object.entries(route.fields ?? {});
      const [name, field] = g.pick(fields);
      const allowed = HOSTILE.map((_, i) => i).filter((i) => !(field.except ?? []).includes(i));
      body = { ...(body as object), [name]: HOSTILE[g.pick(allowed)] };
      break;
    }
    case "missing": {
      const copy = { ...(body as Record<string, unknown>) };
      delete copy[g.pick(route.required ?? [])];
      body = copy;
      break;
    }
    case "raw":
      raw = g.pick(route.optionalBody ? BAD_RAW.filter((r) => r.body !== "null") : BAD_RAW);
      break;
    case "path": {
      const names = Object.keys(params);
      params[g.pick(names)] = g.pick(route.badParams ?? BAD_PARAMS);
      break;
    }
    case "query": {
      const name = g.pick([...(route.query ?? []), "unknown", "limit"]);
      const value = g.pick(BAD_QUERY);
      query = g.int(3) === 0 ? `?${name}=${value}&${name}=1` : `?${name}=${value}`;
      break;
    }
    case "foreign": {
      // Another player's round or autoplay, with an otherwise valid request.
      if (route.path.includes(":roundId")) params.roundId = w.otherRound;
      else params.id = w.otherAutoplay;
      headers.authorization = w.player.auth.authorization as string;
      break;
    }
    case "route":
      url = g.pick(["/api/v1/nothing", "/api/v2/games", "/api/v1/games/x/y/z", "/api/v1/admin/nothing", "/api/v1//games"]);
      break;
  }
  for (const [name, value] of Object.entries(params)) url = url.replace(`:${name}`, value);
  const method = kind === "route" ? g.pick(["GET", "POST", "PUT", "DELETE"] as const) : route.method;
  const options: InjectOptions = { method, url: url + query, headers };
  if (raw) {
    options.headers = { ...headers, "content-type": raw.type };
    options.body = raw.body;
  } else if (body !== undefined && method !== "GET") {
    options.headers = { ...headers, "content-type": "application/json" };
    options.body = JSON.stringify(body);
  }
  return { kind, options };
}

/** Row counts, balances and settings in one read: "nothing written" compares these. */
async function state(t: TestServer): Promise<string> {
  const tables = [
    "players",
    "accounts",
    "transactions",
    "ledger_entries",
    "sessions",
    "launch_tokens",
    "rounds",
    "steps",
    "idempotency",
    "autoplays",
    "bonus_grants",
    "admin_audit",
    "preferences",
    "game_configs",
    "game_config_audit",
    "contexts",
    "settings",
  ];
  return t.db.read(async (sql) => {
    const counts = await sql.one<Record<string, number>>(
      `SELECT ${tables.map((name) => `(SELECT COUNT(*) FROM ${name}) AS ${name}`).join(", ")}`,
    );
    const balances = await sql.query<{ id: string; balance: number }>("SELECT id, balance FROM accounts ORDER BY id");
    const settings = await sql.query<{ key: string; value: string }>("SELECT key, value FROM settings ORDER BY key");
    const rounds = await sql.query<{ id: string; status: string; step_count: number }>(
      "SELECT id, status, step_count FROM rounds ORDER BY id",
    );
    const autoplays = await sql.query<{ id: string; status: string; spins_done: number }>(
      "SELECT id, status, spins_done FROM autoplays ORDER BY id",
    );
    return JSON.stringify({ counts, balances, settings, rounds, autoplays });
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`fuzz every route on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it(`answers ${CASES} malformed, oversized, deep, NUL-laden and foreign requests (seed ${SEED}) with 4xx in the documented format and writes nothing`, async () => {
      const t = await testServer(backend.freshUrl());
      try {
        // The world the cases aim at: two players, each with an open round and an autoplay, and a grant.
        const player = await playerSession(t.app, 100_000);
        const other = await demoSession(t.app);
        const openRound = (
          await api(t.app, "POST", `/api/v1/games/${MERMAID}/rounds`, player.auth, {
            bet: BET,
            requestId: rid(),
            force: { draws: drawsFor("pick") },
          })
        ).body.roundId as string;
        const otherRound = (
          await api(t.app, "POST", `/api/v1/games/${MERMAID}/rounds`, other.auth, {
            bet: BET,
            requestId: rid(),
            force: { draws: drawsFor("freeSpins") },
          })
        ).body.roundId as string;
        const autoplay = (body: object, auth: Record<string, string>) =>
          api(t.app, "POST", "/api/v1/autoplay", auth, {
            gameId: MERMAID,
            bet: BET,
            spins: 5,
            lossLimit: 500,
            requestId: rid(),
            ...body,
          });
        const autoplayId = (await autoplay({}, player.auth)).body.id as string;
        const otherAutoplay = (await autoplay({}, other.auth)).body.id as string;
        const grantId = (
          await api(t.app, "POST", `/api/v1/admin/players/${player.playerId}/bonus-grants`, admin, {
            requestId: rid("op"),
            gameId: MERMAID,
            bet: BET,
            spins: 1,
          })
        ).body.id as string;
        expect([openRound, otherRound, autoplayId, otherAutoplay, grantId].every((id) => typeof id === "string")).toBe(true);
        const w: World = { t, player, other, openRound, otherRound, autoplayId, otherAutoplay, grantId };
        const all = routes(w);
        const g = new Gen(SEED + (backend.name === "postgres" ? 1 : 0));
        const kinds: Record<string, number> = {};
        const statuses: Record<number, number> = {};
        let before = await state(t);
        const started = performance.now();
        for (let n = 0; n < CASES; n++) {
          const { kind, options } = makeCase(g, w, all);
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          const res = await t.app.inject(options);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const what = `case ${n} (seed ${SEED}, ${kind}): ${options.method} ${String(options.url).slice(0, 200)} ${String(options.body ?? "").slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          let parsed: unknown;
          try {
            parsed = JSON.parse(res.body);
          } catch {
            throw new Error(`not JSON: ${what}`);
          }
          const body = parsed as { error?: { code?: unknown; message?: unknown; details?: unknown } };
          expect(Object.keys(body), what).toEqual(["error"]);
          expect(String(body.error?.code), what).toMatch(/^[A-Z_]+$/);
          expect(typeof body.error?.message, what).toBe("string");
          expect(
            Object.keys(body.error ?? {}).every((k) => ["code", "message", "details"].includes(k)),
            what,
          ).toBe(true);
          const after = await state(t);
          if (after !== before) {
            expect(after, `written by ${what}`).toBe(before);
            before = after;
          }
        }
        const seconds = (performance.now() - started) / 1000;
        process.stderr.write(
          `[fuzz ${backend.name}] ${CASES} cases (seed ${SEED}) in ${seconds.toFixed(1)} s; kinds ${JSON.stringify(kinds)}; statuses ${JSON.stringify(statuses)}\n`,
        );
        // The reconciliation still balances.
        expect((await api(t.app, "GET", "/api/v1/admin/reconciliation", admin)).body.balanced).toBe(true);
      } finally {
        await t.close();
      }
    });
  });
}
