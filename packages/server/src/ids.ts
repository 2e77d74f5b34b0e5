import { createHash, randomBytes } from "node:crypto";

/** A time-ordered unique id: base-36 milliseconds then 12 random hex digits. */
export function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36).padStart(9, "0")}${randomBytes(6).toString("hex")}`;
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
