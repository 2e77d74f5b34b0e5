/**
 * Validation of untrusted input shared by every route: a JSON object of bounded depth and
 * size with well-formed strings, known fields only (at every level of what a game parses),
 * well-formed ids, path parameters and query values, times in range, forced draws only
 * outside production, and the games' own input errors turned into API errors. Nothing
 * malformed reaches a game, the canonical-JSON step or SQL.
 */
import { FeatureRefusedError, GameInputError } from "@reelhouse/engine";
import type { ServerMode } from "./config.js";
import { ApiProblem, badRequest } from "./errors.js";

/** True for a plain JSON object (not null, not an array). */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Bounds of every JSON body (the body itself is at most 64 KB). */
export const INPUT_LIMITS = {
  /** Nesting of objects and arrays (the body object is depth 1). */
  maxDepth: 16,
  /** Characters of one string (key or value). */
  maxString: 4096,
  /** Keys of one object, items of one array. */
  maxItems: 1024,
} as const;

/** NUL and the other C0 controls but tab, LF and CR, and lone surrogates (not well-formed Unicode). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const UNCLEAN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\p{Cs}/u;
/** A string of at most `max` characters, well-formed Unicode, with no NUL or other control character but tab, LF and CR. */
export function isCleanString(s: string, max: number = INPUT_LIMITS.maxString): boolean {
  return s.length <= max && !UNCLEAN.test(s);
}

/**
 * Checks a parsed JSON value without recursion (a body nested 10,000 deep is refused, not
 * a stack overflow): depth, string sizes and contents, object and array sizes, finite
 * numbers. Throws 400 BAD_BODY naming the first problem.
 */
export function checkJson(value: unknown, what = "body"): void {
  const stack: { node: unknown; depth: number; path: string }[] = [{ node: value, depth: 0, path: what }];
  while (stack.length > 0) {
    const { node, depth, path } = stack.pop() as { node: unknown; depth: number; path: string };
    if (node === null || typeof node === "boolean") continue;
    if (typeof node === "number") {
      if (!Number.isFinite(node)) throw badRequest("BAD_BODY", `${path} must be a finite number`);
      continue;
    }
    if (typeof node === "string") {
      if (!isCleanString(node))
        throw badRequest(
          "BAD_BODY",
          `${path} must be at most ${INPUT_LIMITS.maxString} characters of well-formed text without control characters`,
        );
      continue;
    }
    if (typeof node !== "object") throw badRequest("BAD_BODY", `${path} is not JSON`);
    if (depth >= INPUT_LIMITS.maxDepth) throw badRequest("BAD_BODY", `${what} nests deeper than ${INPUT_LIMITS.maxDepth} levels`);
    if (Array.isArray(node)) {
      if (node.length > INPUT_LIMITS.maxItems)
        throw badRequest("BAD_BODY", `${path} has more than ${INPUT_LIMITS.maxItems} items`);
      for (let i = 0; i < node.length; i++) stack.push({ node: node[i], depth: depth + 1, path: `${path}[${i}]` });
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length > INPUT_LIMITS.maxItems) throw badRequest("BAD_BODY", `${path} has more than ${INPUT_LIMITS.maxItems} keys`);
    for (const key of keys) {
      if (!isCleanString(key, 100)) throw badRequest("BAD_BODY", `${path} has a key that is not 1-100 characters of clean text`);
      stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1, path: `${path}.${key}` });
    }
  }
}

/** The body as a checked object ({@link checkJson}), or 400 BAD_BODY. */
export function bodyOf(input: unknown): Record<string, unknown> {
  if (!isRecord(input)) throw badRequest("BAD_BODY", "the request body must be a JSON object");
  checkJson(input);
  return input;
}

/** An optional body: absent (or an empty body) is `{}`. */
export function optionalBodyOf(input: unknown): Record<string, unknown> {
  return input === undefined || input === null ? {} : bodyOf(input);
}

/** Refuses fields the route does not know (400 UNKNOWN_FIELD): a typo must not be ignored silently. */
export function allowOnly(body: Record<string, unknown>, keys: readonly string[]): void {
  const extra = Object.keys(body).filter((k) => !keys.includes(k));
  if (extra.length > 0)
    throw badRequest("UNKNOWN_FIELD", `unknown field(s): ${extra.join(", ").slice(0, 200)}; allowed: ${keys.join(", ")}`);
}

/**
 * Fields of what was sent that the parsed value does not carry, as paths: a game's parser
 * that ignored a field (`{"type": "freeSpin", "win": 999999}` parsed as `{type: "freeSpin"}`).
 * Every level is compared; a parser may add fields (defaults), never drop one.
 */
export function ignoredFields(sent: unknown, parsed: unknown, path = ""): string[] {
  const out: string[] = [];
  const stack: [unknown, unknown, string][] = [[sent, parsed, path]];
  while (stack.length > 0 && out.length < 10) {
    const [s, p, at] = stack.pop() as [unknown, unknown, string];
    if (Array.isArray(s)) {
      if (!Array.isArray(p)) continue;
      for (let i = 0; i < s.length; i++) {
        if (i >= p.length) out.push(`${at}[${i}]`);
        else stack.push([s[i], p[i], `${at}[${i}]`]);
      }
    } else if (isRecord(s) && isRecord(p)) {
      for (const key of Object.keys(s)) {
        const name = at === "" ? key : `${at}.${key}`;
        if (!Object.hasOwn(p, key)) out.push(name);
        else stack.push([s[key], p[key], name]);
      }
    }
  }
  return out;
}

/** Parses game input with `parse` and refuses it (400 UNKNOWN_FIELD) when the game ignored a field of it. */
export function parsedWhole<T>(what: string, sent: unknown, parse: () => T): T {
  const parsed = gameInput(parse);
  const ignored = ignoredFields(sent, parsed);
  if (ignored.length > 0) throw badRequest("UNKNOWN_FIELD", `unknown field(s) in ${what}: ${ignored.join(", ").slice(0, 200)}`);
  return parsed;
}

/** Validates the requestId every mutating request carries. */
export function requestIdOf(body: Record<string, unknown>): string {
  const id = body.requestId;
  if (typeof id !== "string" || id.length < 1 || id.length > 128 || !/^[\w.:-]+$/.test(id)) {
    throw badRequest("BAD_REQUEST_ID", "requestId must be a string of 1-128 characters [A-Za-z0-9_.:-] (e.g. a UUID)");
  }
  return id;
}

/**
 * Runs game code on untrusted input: a {@link FeatureRefusedError} (a feature the
 * jurisdiction or the round's context forbids) is 403 FEATURE_NOT_ALLOWED naming the
 * feature; any other {@link GameInputError} is a 400 with the game's own code.
 */
export function gameInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof FeatureRefusedError) throw new ApiProblem(403, error.code, error.message, { feature: error.feature });
    if (error instanceof GameInputError) throw badRequest(error.code, error.message);
    throw error;
  }
}

/** Validates `force` (forced draws, dev and test mode only): null when absent. */
export function forceOf(body: Record<string, unknown>, mode: ServerMode): number[] | null {
  if (body.force === undefined) return null;
  if (mode === "production") throw new ApiProblem(403, "FORCE_REFUSED", "forced outcomes exist only in dev and test mode");
  const force = body.force;
  if (!isRecord(force) || !Array.isArray(force.draws) || force.draws.length > 1000) {
    throw badRequest("BAD_FORCE", "force must be {draws: number[]} (at most 1000 values)");
  }
  allowOnly(force, ["draws"]);
  const draws = force.draws as unknown[];
  if (!draws.every((d): d is number => typeof d === "number" && Number.isSafeInteger(d) && d >= 0)) {
    throw badRequest("BAD_FORCE", "force.draws must be non-negative integers");
  }
  return draws;
}

/** Ids the server makes: a two-letter prefix, `_`, then lower-case base-36 and hex digits (`rd_0mwtr4ecf000c7e36866b55b`). */
export const ID_PREFIXES = { round: "rd", autoplay: "ap", grant: "gr", player: "pl" } as const;
const ID_BODY = /^[0-9a-z]{1,64}$/;

/** True when `value` can be an id of that prefix (a malformed one is never looked up). */
export function isId(value: unknown, prefix: string): value is string {
  return (
    typeof value === "string" &&
    value.length <= 67 &&
    value.startsWith(`${prefix}_`) &&
    ID_BODY.test(value.slice(prefix.length + 1))
  );
}

/**
 * An optional id field (autoplayId, grantId): null when absent; anything present that is
 * not a well-formed id of that kind (null, "", [], a number) is 400 BAD_ID.
 */
export function optionalId(body: Record<string, unknown>, field: string, prefix: string): string | null {
  if (!Object.hasOwn(body, field)) return null;
  const value = body[field];
  if (!isId(value, prefix)) throw badRequest("BAD_ID", `${field} must be an id '${prefix}_…' (leave the field out for none)`);
  return value;
}

/** A path parameter: 1-100 characters [A-Za-z0-9_.:@-] (ids, game ids, jurisdiction ids), else 400 BAD_PATH. */
const PARAM = /^[\w.:@-]{1,100}$/;
export function checkParams(params: unknown): void {
  if (!isRecord(params)) return;
  for (const [name, value] of Object.entries(params)) {
    // "*": the not-found route's wildcard (the unmatched path itself, answered 404).
    if (name === "*") continue;
    if (typeof value !== "string" || !PARAM.test(value))
      throw badRequest("BAD_PATH", `the path parameter ${name} must be 1-100 characters [A-Za-z0-9_.:@-]`);
  }
}

/**
 * Query parameters: each once, at most 64 characters of clean text, and (with `allowed`)
 * only the route's own names; else 400 BAD_QUERY.
 */
export function checkQuery(query: unknown, allowed?: readonly string[]): Record<string, string> {
  if (!isRecord(query)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (allowed && !allowed.includes(name))
      throw badRequest("BAD_QUERY", `unknown query parameter '${name.slice(0, 40)}'; allowed: ${allowed.join(", ")}`);
    if (typeof value !== "string" || !isCleanString(value, 64) || !isCleanString(name, 64))
      throw badRequest("BAD_QUERY", "each query parameter once, at most 64 characters");
    out[name] = value;
  }
  return out;
}

/** The latest time a query may name: 9999-12-31T23:59:59.999Z (epoch ms). */
export const MAX_TIME = 253_402_300_799_999;

/** A time query parameter: epoch milliseconds (0..{@link MAX_TIME}) or an ISO date in that range; else 400 BAD_QUERY. */
export function timeParam(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = /^\d{1,15}$/.test(value)
    ? Number(value)
    : /^\d{4}-\d\d-\d\d([T ][\d:.]+(Z|[+-]\d\d:?\d\d)?)?$/.test(value)
      ? Date.parse(value)
      : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_TIME)
    throw badRequest("BAD_QUERY", `${name} must be epoch milliseconds or an ISO date between 1970 and 9999`);
  return n;
}
