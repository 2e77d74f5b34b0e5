import { createHash, randomBytes, randomFillSync } from "node:crypto";

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
  return createHash("sha256").update(route).update("\n").update(canonicalJson(body)).digest("hex");
}

/** JSON with object keys sorted, so equal values print equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}
