/** OpenAPI route documentation shared by the route files (validation is the server code's). */
import type { FastifyReply } from "fastify";

export const anyObject = { type: "object", additionalProperties: true } as const;

const errorSchema = {
  type: "object",
  properties: {
    error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" }, details: anyObject } },
  },
} as const;

/** A route's summary, tags and shared error schema for /docs. */
export function doc(summary: string, tags: string[], extra: Record<string, unknown> = {}) {
  return { schema: { summary, tags, response: { "4xx": errorSchema }, ...extra } };
}

export const bearer = [{ bearer: [] as string[] }];
export const adminAuth = [{ adminKey: [] as string[] }];

/** Sends a stored answer; its JSON (the idempotency record's bytes) is sent as is, not serialised again. */
export function send(reply: FastifyReply, stored: { status: number; body: unknown; json?: string }) {
  return stored.json === undefined
    ? reply.status(stored.status).send(stored.body)
    : reply.status(stored.status).type("application/json; charset=utf-8").send(stored.json);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route checks credentials itself (a player's bearer token, or the admin key): the anonymous per-address limit does not apply. */
    auth?: "player" | "admin";
  }
}
