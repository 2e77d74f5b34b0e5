/**
 * A fingerprint of a game's maths: SHA-256 of its model data in canonical JSON (keys sorted,
 * no whitespace), so that a PAR sheet names exactly the strips, pays and tables it proves
 * and a lab can recompute it from `reelhouse model <game> --json`.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level and no whitespace; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error(`canonicalJson: ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** SHA-256 of the canonical JSON of `value`, lowercase hex. */
export function mathsHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");
}
