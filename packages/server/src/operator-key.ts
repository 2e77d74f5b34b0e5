/**
 * The idempotency key of an operator call (admin API): the `Idempotency-Key` header (bare or
 * as a quoted string, as the IETF draft writes it) or `requestId` in the body, as a
 * player's requests carry it. Both may be sent when they are equal. The key is taken out of
 * the body: the rest is what the call is (its fingerprint), so the same call retried with
 * the key in the other place is the same call.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "./errors.js";
import type { OnceResult } from "./idempotency.js";
import { isRecord } from "./input.js";
import { send } from "./routes-doc.js";

const KEY = /^[\w.:-]{1,128}$/;

export interface OperatorCall {
  /** The key, or null when none was sent (only where the call does not require one). */
  key: string | null;
  /** The body without `requestId` (anything else as sent: the route validates it). */
  body: unknown;
}

function checked(value: unknown, where: string): string {
  if (typeof value !== "string" || !KEY.test(value))
    throw badRequest("BAD_IDEMPOTENCY_KEY", `${where} must be 1-128 characters [A-Za-z0-9_.:-] (e.g. a UUID)`);
  return value;
}

/**
 * Reads the key of an admin call. `required`: 400 IDEMPOTENCY_KEY_REQUIRED without one
 * (every call that moves money or creates a grant); 400 BAD_IDEMPOTENCY_KEY when malformed
 * or when header and body name different keys.
 */
export function operatorCall(headers: Record<string, unknown>, input: unknown, required: boolean): OperatorCall {
  const raw = headers["idempotency-key"];
  const header =
    raw === undefined ? null : checked(typeof raw === "string" ? raw.replace(/^"(.*)"$/, "$1") : raw, "Idempotency-Key");
  let body = input;
  let inBody: string | null = null;
  if (isRecord(input) && Object.hasOwn(input, "requestId")) {
    const { requestId, ...rest } = input;
    inBody = checked(requestId, "requestId");
    body = rest;
  }
  if (header !== null && inBody !== null && header !== inBody)
    throw badRequest("BAD_IDEMPOTENCY_KEY", "the Idempotency-Key header and requestId name different keys");
  const key = header ?? inBody;
  if (key === null && required)
    throw badRequest(
      "IDEMPOTENCY_KEY_REQUIRED",
      "this call moves money or creates a grant: send an Idempotency-Key header (or requestId in the body), unique per intended call",
    );
  return { key, body };
}

/** The key (required) and the body without it, of a call that moves money or creates a grant. */
export function keyed(request: FastifyRequest): { key: string; body: unknown } {
  const { key, body } = operatorCall(request.headers, request.body, true);
  return { key: key as string, body };
}

/** Sends an operator call's answer; a retry's (the stored first answer) says so in `Idempotent-Replayed: true`. */
export function sendOnce(reply: FastifyReply, once: OnceResult<unknown>) {
  if (once.replayed) reply.header("idempotent-replayed", "true");
  return send(reply, once.result);
}
