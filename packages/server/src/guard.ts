/**
 * Who may ask how often, and the operator's key: rate limits keyed on what cannot be forged
 * cheaply, and the admin key compared in constant time.
 *
 * - Anonymous requests (no credentials: sessions, games) take from their client address's
 *   bucket (an IPv6 address counts by its /64), and failed authentications from the
 *   address's failure bucket: a random Authorization header per request is not a fresh
 *   bucket, and once an address has spent its failures, guessing tokens or the admin key is
 *   refused before any lookup.
 * - Authenticated requests take from the verified player's bucket (all their sessions
 *   share it), never from the address: many players behind one NAT do not starve each other.
 * - New sessions (`POST /sessions`) also take from a per-address, per-minute bucket.
 *
 * - A history page (`GET /history`, up to 100 rounds and transactions) costs 10 of the
 *   player's tokens, and every node serves at most `historyPagesPerSecond` of them in all:
 *   the money path keeps the CPU however many players ask for their history.
 *
 * The client address is the socket's, or X-Forwarded-For's only behind a trusted proxy
 * (`REELHOUSE_TRUST_PROXY`). `REELHOUSE_RATE_LIMIT=0` turns every limit off (tests, benchmarks).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { isIPv6 } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "./config.js";
import { ApiProblem } from "./errors.js";
import { RateLimiter } from "./metrics.js";

/** The key of a client address: IPv4 as is, IPv6 by its /64 prefix (one host has a whole /64). */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  if (ip.startsWith("::ffff:") && ip.includes(".")) return ip.slice(7);
  const [head = "", tail = ""] = ip.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Tokens of the player's bucket a history page costs. */
export const HISTORY_PAGE_COST = 10;

const tooMany = (reply: FastifyReply | null, wait: number, what: string) => {
  reply?.header("retry-after", Math.ceil(wait / 1000));
  return new ApiProblem(429, "RATE_LIMITED", `too many ${what}; slow down`, { retryAfterMs: wait });
};

export class Guard {
  readonly enabled: boolean;
  private readonly players: RateLimiter;
  private readonly addresses: RateLimiter;
  private readonly failures: RateLimiter;
  private readonly sessions: RateLimiter;
  private readonly history: RateLimiter;
  private readonly adminKeyHash: Buffer | null;

  constructor(config: ServerConfig) {
    this.enabled = config.rateLimitPerSecond > 0;
    this.players = new RateLimiter(config.rateLimitPerSecond);
    this.addresses = new RateLimiter(config.addressRateLimitPerSecond);
    this.failures = new RateLimiter(config.addressRateLimitPerSecond);
    this.sessions = new RateLimiter(config.sessionsPerMinute / 60, config.sessionsPerMinute);
    // Bursts of a tenth of a second's budget: the pages come evenly spaced, not in a heap after a lull.
    this.history = new RateLimiter(config.historyPagesPerSecond, Math.max(1, config.historyPagesPerSecond / 10));
    this.adminKeyHash = config.adminKey === null ? null : sha256(config.adminKey);
  }

  /** An anonymous request (no credentials): its address's bucket; a new session also the session bucket. Null when allowed. */
  anonymous(request: FastifyRequest, reply: FastifyReply): ApiProblem | null {
    if (!this.enabled) return null;
    const key = addressKey(request.ip);
    const wait = this.addresses.take(key);
    if (wait > 0) return tooMany(reply, wait, "requests from this address");
    if (request.method === "POST" && request.routeOptions.url === "/api/v1/sessions") {
      const sessionWait = this.sessions.take(key);
      if (sessionWait > 0) return tooMany(reply, sessionWait, "new sessions from this address");
    }
    return null;
  }

  /** Before credentials are checked: an address that spent its bucket on failures is refused without a lookup. */
  beforeCredentials(request: FastifyRequest, reply: FastifyReply | null): void {
    if (!this.enabled) return;
    const wait = this.failures.peek(addressKey(request.ip));
    if (wait > 0) throw tooMany(reply, wait, "failed authentications from this address");
  }

  /** Credentials were refused: the attempt is charged to the address. */
  failedCredentials(request: FastifyRequest): void {
    if (this.enabled) this.failures.take(addressKey(request.ip));
  }

  /** A verified player's request: their own bucket. */
  player(playerId: string, reply: FastifyReply | null): void {
    if (!this.enabled) return;
    const wait = this.players.take(playerId);
    if (wait > 0) throw tooMany(reply, wait, "requests");
  }

  /** A history page: 10 of the player's tokens, and one of the node's history budget (which the other limits' switch does not turn off). */
  historyPage(playerId: string, reply: FastifyReply | null): void {
    const wait = this.history.take("node");
    if (wait > 0) throw tooMany(reply, wait, "history pages on this server");
    if (!this.enabled) return;
    const own = this.players.take(playerId, Date.now(), HISTORY_PAGE_COST);
    if (own > 0) throw tooMany(reply, own, "history pages");
  }

  /** True when `key` is the operator's key (constant-time comparison of hashes). */
  isAdminKey(key: unknown): boolean {
    if (this.adminKeyHash === null || typeof key !== "string" || key.length === 0 || key.length > 1000) return false;
    return timingSafeEqual(sha256(key), this.adminKeyHash);
  }

  /**
   * The admin key check of the admin API (and of /metrics and /docs where they need it):
   * 403 when no key is configured, 401 for a wrong one (charged to the address), 429 after
   * too many wrong ones.
   */
  checkAdmin(request: FastifyRequest, reply: FastifyReply | null, alsoBearer = false): void {
    if (this.adminKeyHash === null)
      throw new ApiProblem(403, "ADMIN_DISABLED", "the admin API is disabled (set REELHOUSE_ADMIN_KEY)");
    this.beforeCredentials(request, reply);
    const header = request.headers["x-admin-key"];
    const bearer = alsoBearer ? /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] : undefined;
    if (this.isAdminKey(header) || (bearer !== undefined && this.isAdminKey(bearer))) return;
    this.failedCredentials(request);
    throw new ApiProblem(401, "BAD_ADMIN_KEY", "send the operator key in the x-admin-key header");
  }
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
