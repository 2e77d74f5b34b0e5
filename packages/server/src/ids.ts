import { createHash, hash, randomBytes, randomFillSync } from "node:crypto";

/** Random bytes drawn from the CSPRNG in blocks, so an id costs no call into it. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function randomHex(bytes: number): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const hex = pool.toString("hex", poolAt, poolAt + bytes);
  poolAt += bytes;
  return hex;
}

let lastMs = 0;
let sequence = 0;

/**
 * A time-ordered unique id: base-36 milliseconds, a base-36 sequence within the millisecond
 * (so ids made by one process sort in creation order, e.g. a spin's bet before its win),
 * then 12 random hex digits (unique across server processes).
 */
export function newId(prefix: string): string {
  const now = Math.max(Date.now(), lastMs);
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  return `${prefix}_${now.toString(36).padStart(9, "0")}${sequence.toString(36).padStart(3, "0")}${randomHex(6)}`;
}

/** A 256-bit random bearer token (base64url). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A stable fingerprint of a request, to tell a retry from a different request reusing its id. */
export function fingerprint(route: string, body: unknown): string {
  return hash("sha256", `${route}\n${canonicalJson(body)}`);
}

const arrayIndex = /^(?:0|[1-9]\d*)$/;

/**
 * Keys sorted, in the order an object built from them enumerates them: array-index keys
 * ("0", "12") first in numeric order, then the others sorted (as JavaScript objects do).
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record).sort();
  const indices = keys.filter((k) => arrayIndex.test(k) && Number(k) < 4294967295);
  if (indices.length === 0) return keys;
  indices.sort((a, b) => Number(a) - Number(b));
  return [...indices, ...keys.filter((k) => !(arrayIndex.test(k) && Number(k) < 4294967295))];
}

/**
 * JSON with object keys sorted, so equal values print equally. Written out (not a
 * JSON.stringify replacer) because every mutating request pays for it; for JSON values it
 * prints exactly what `JSON.stringify` with sorted keys prints.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += `${i > 0 ? "," : ""}${item === undefined || typeof item === "function" ? "null" : canonicalJson(item)}`;
    }
    return `${out}]`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return canonicalJson(JSON.parse(JSON.stringify(value)));
  const record = value as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const key of sortedKeys(record)) {
    const item = record[key];
    if (item === undefined || typeof item === "function") continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${canonicalJson(item)}`;
    first = false;
  }
  return `${out}}`;
}
