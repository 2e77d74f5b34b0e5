/**
 * The jackpot admin API (under `/api/v1/admin`, same key): pool definitions and seeds per
 * currency with their meters, operator adjustments (reason required, audited, never below
 * seed, once per idempotency key) and the list of jackpot wins with their round ids. And the
 * pools' `/metrics` lines.
 */
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.js";
import { operatorName } from "../game-config.js";
import { operatorOnce } from "../idempotency.js";
import { fingerprint } from "../ids.js";
import { allowOnly, bodyOf, isCleanString } from "../input.js";
import { keyed, sendOnce } from "../operator-key.js";
import { adminAuth, anyObject, doc } from "../routes-doc.js";
import type { GameServer } from "../service.js";
import { jackpotMeters } from "./report.js";

export async function jackpotAdminRoutes(scope: FastifyInstance, server: GameServer): Promise<void> {
  const adminDoc = (summary: string, extra: Record<string, unknown> = {}) =>
    doc(summary, ["admin"], { security: adminAuth, ...extra });
  scope.get(
    "/jackpots",
    adminDoc("Jackpot pools: definition, seed, meters (contributions, seed funding, hits, paid, current)"),
    async () => server.db.read((sql) => jackpotMeters(sql)),
  );
  scope.get("/jackpots/wins", adminDoc("Jackpot wins, newest first, with their round ids (?limit, ?before)"), async (request) => {
    const q = request.query as Record<string, unknown>;
    const limit = q.limit === undefined ? 100 : Number(q.limit);
    const before = q.before === undefined ? Number.MAX_SAFE_INTEGER : Number(q.before);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isFinite(before))
      throw badRequest("BAD_QUERY", "limit 1..1000, before epoch milliseconds");
    const rows = await server.db.read((sql) =>
      sql.query<Record<string, unknown>>("SELECT * FROM jackpot_wins WHERE at < $1 ORDER BY at DESC, id DESC LIMIT $2", [
        before,
        limit,
      ]),
    );
    return {
      wins: rows.map((w) => ({
        id: w.id,
        /** The win's number in commit order (the push channel's event id); null while its round has not shown it (held). */
        seq: w.seq === null ? null : Number(w.seq),
        roundId: w.round_id,
        playerId: w.player_id,
        gameId: w.game_id,
        pool: w.pool_id,
        currency: w.currency,
        key: w.pool_key,
        share: [Number(w.numerator), Number(w.denominator)],
        paid: Number(w.paid_minor),
        poolBeforeMicro: Number(w.pool_before_micro),
        seedFundingMicro: Number(w.seed_funding_micro),
        poolAfterMicro: Number(w.pool_after_micro),
        at: new Date(Number(w.at)).toISOString(),
        /** When the win was announced to players (null while held: its round has not shown it yet). */
        announcedAt: w.announced_at === null ? null : new Date(Number(w.announced_at)).toISOString(),
      })),
    };
  });
  scope.post(
    "/jackpots/adjustments",
    adminDoc(
      "Adjust a pool {gameId, pool, currency, key, amountMicro, reason} (audited; never below seed; Idempotency-Key required)",
      {
        body: anyObject,
      },
    ),
    async (request, reply) => {
      const call = keyed(request);
      const b = bodyOf(call.body);
      allowOnly(b, ["gameId", "pool", "currency", "key", "amountMicro", "reason"]);
      const { gameId, pool, currency, key, amountMicro, reason } = b;
      if (typeof gameId !== "string" || typeof pool !== "string" || typeof currency !== "string" || typeof key !== "string")
        throw badRequest("BAD_POOL", "gameId, pool, currency and key name the pool");
      if (typeof amountMicro !== "number" || !Number.isSafeInteger(amountMicro) || amountMicro === 0)
        throw badRequest("BAD_AMOUNT", "amountMicro must be a non-zero integer (micro-units: 1 EUR = 1,000,000)");
      if (typeof reason !== "string" || reason.trim().length < 3 || !isCleanString(reason, 500))
        throw badRequest("BAD_REASON", "reason is required: 3-500 characters");
      const print = fingerprint("admin:jackpot-adjust", { gameId, pool, currency, key, amountMicro, reason });
      const who = operatorName(request.headers["x-admin-user"]);
      const once = await operatorOnce(
        server.db,
        call.key,
        print,
        Date.now,
        async (sql) => ({
          status: 201,
          body: await server.jackpots.adjust({ pool: { gameId, pool, currency, key }, amount: amountMicro, reason, who }, sql),
        }),
        server.counters,
      );
      return sendOnce(reply, once);
    },
  );
}

/** Prometheus lines of the pools: value per pool and hit counters (read from the database at each scrape). */
export async function jackpotMetricsText(server: GameServer): Promise<string> {
  if (!server.jackpots.any) return "";
  const { pools } = await server.db.read((sql) => jackpotMeters(sql));
  const label = (p: { gameId: string; pool: string; currency: string; key: string }) =>
    `game="${p.gameId}",pool="${p.pool}",currency="${p.currency}",key="${p.key}"`;
  const out = [
    "# HELP reelhouse_jackpot_pool_micro Jackpot pool value, micro-units of the currency",
    "# TYPE reelhouse_jackpot_pool_micro gauge",
    ...pools.map((p) => `reelhouse_jackpot_pool_micro{${label(p)}} ${p.currentMicro}`),
    "# HELP reelhouse_jackpot_hits_total Jackpot wins per pool",
    "# TYPE reelhouse_jackpot_hits_total counter",
    ...pools.map((p) => `reelhouse_jackpot_hits_total{${label(p)}} ${p.hits}`),
    "# HELP reelhouse_jackpot_paid_micro_total Jackpot payouts per pool, micro-units",
    "# TYPE reelhouse_jackpot_paid_micro_total counter",
    ...pools.map((p) => `reelhouse_jackpot_paid_micro_total{${label(p)}} ${p.paidMicro}`),
  ];
  return `${out.join("\n")}\n`;
}
