/**
 * Validation of untrusted request bodies shared by every route: a JSON object, known
 * fields only, a well-formed requestId, forced draws only outside production, and the
 * games' own input errors turned into API errors.
 */
import { FeatureRefusedError, GameInputError } from "@reelhouse/engine";
import type { ServerMode } from "./config.js";
import { ApiProblem, badRequest } from "./errors.js";

/** True for a plain JSON object (not null, not an array). */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** The body as an object, or 400 BAD_BODY. */
export function bodyOf(input: unknown): Record<string, unknown> {
  if (!isRecord(input)) throw badRequest("BAD_BODY", "the request body must be a JSON object");
  return input;
}

/** Refuses fields the route does not know (400 UNKNOWN_FIELD): a typo must not be ignored silently. */
export function allowOnly(body: Record<string, unknown>, keys: readonly string[]): void {
  const extra = Object.keys(body).filter((k) => !keys.includes(k));
  if (extra.length > 0) throw badRequest("UNKNOWN_FIELD", `unknown field(s): ${extra.join(", ")}; allowed: ${keys.join(", ")}`);
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
  const draws = force.draws as unknown[];
  if (!draws.every((d): d is number => typeof d === "number" && Number.isSafeInteger(d) && d >= 0)) {
    throw badRequest("BAD_FORCE", "force.draws must be non-negative integers");
  }
  return draws;
}

/** An optional string id field (autoplayId, grantId): null when absent, 400 when not a short string. */
export function optionalId(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length < 1 || value.length > 100)
    throw badRequest("BAD_REQUEST", `${field} must be an id string`);
  return value;
}
