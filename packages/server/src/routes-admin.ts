/**
 * The admin API under `/api/v1/admin` (header `x-admin-key`; `x-admin-user` names who acts,
 * for the audit). Calls that move money or create grants require an idempotency key
 * (`Idempotency-Key`, or `requestId` in the body) and apply once per key.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Admin } from "./admin.js";
import { operatorName } from "./game-config.js";
import type { Guard } from "./guard.js";
import { jackpotAdminRoutes } from "./jackpots/routes.js";
import { keyed, operatorCall, sendOnce } from "./operator-key.js";
import { adminAuth, anyObject, doc } from "./routes-doc.js";
import type { GameServer } from "./service.js";

export async function adminRoutes(scope: FastifyInstance, server: GameServer, guard: Guard): Promise<void> {
  const admin = new Admin(server);
  const adminDoc = (summary: string, extra: Record<string, unknown> = {}) => ({
    ...doc(summary, ["admin"], { security: adminAuth, ...extra }),
    config: { auth: "admin" as const },
  });
  // The key, compared in constant time; wrong keys are charged to the address (429 after too many).
  scope.addHook("onRequest", (request: FastifyRequest, reply, done) => {
    try {
      guard.checkAdmin(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  scope.post(
    "/players",
    adminDoc("Create a player {name, jurisdiction?, externalId?} (Idempotency-Key optional; one player per externalId)", {
      body: anyObject,
    }),
    async (request, reply) => {
      const { key, body } = operatorCall(request.headers, request.body, false);
      return sendOnce(reply, await admin.createPlayer(body, key));
    },
  );
  scope.get<{ Params: { id: string } }>("/players/:id", adminDoc("A player and balances"), async (request) =>
    admin.getPlayer(request.params.id),
  );
  scope.post<{ Params: { id: string } }>(
    "/players/:id/launch-tokens",
    adminDoc("Create a launch token {ttlSeconds?}"),
    async (request, reply) => reply.status(201).send(await admin.createLaunchToken(request.params.id, request.body)),
  );
  scope.post<{ Params: { id: string } }>(
    "/players/:id/adjustments",
    adminDoc("Credit (+) or debit (-) {amount, reason, unit?} (Idempotency-Key required)", { body: anyObject }),
    async (request, reply) => {
      const { key, body } = keyed(request);
      return sendOnce(reply, await admin.adjust(request.params.id, body, key));
    },
  );
  scope.post<{ Params: { id: string } }>(
    "/players/:id/bonus-grants",
    adminDoc("Grant bonus spins {gameId, bet, spins} (Idempotency-Key required)", { body: anyObject }),
    async (request, reply) => {
      const { key, body } = keyed(request);
      return sendOnce(reply, await admin.grantBonusSpins(request.params.id, body, key));
    },
  );
  scope.post<{ Params: { id: string } }>(
    "/rounds/:id/cancel",
    adminDoc("Cancel an unfinished round {reason?} (Idempotency-Key required)"),
    async (request, reply) => {
      const { key, body } = keyed(request);
      return sendOnce(reply, await admin.cancelRound(request.params.id, body, key));
    },
  );
  scope.get<{ Params: { id: string } }>("/rounds/:id", adminDoc("A round with every step"), async (request) =>
    server.roundDetail(null, request.params.id),
  );
  scope.get("/reconciliation", adminDoc("Σ bets, wins, adjustments and the zero-sum check (?from&to)"), async (request) =>
    admin.reconciliation(request.query as Record<string, unknown>),
  );
  scope.get("/config", adminDoc("Games and jurisdiction profiles"), async () => admin.settings.config());
  scope.put<{ Params: { id: string } }>(
    "/config/jurisdictions/:id",
    adminDoc("Change a jurisdiction profile", { body: anyObject }),
    async (request) => admin.settings.setJurisdiction(request.params.id, request.body),
  );
  scope.put<{ Params: { id: string } }>(
    "/config/games/:id",
    adminDoc("Enable or disable a game {enabled}", { body: anyObject }),
    async (request) => admin.settings.setGameEnabled(request.params.id, request.body),
  );
  scope.get<{ Params: { id: string } }>(
    "/games/:id/config",
    adminDoc("A game's configuration and its audit trail"),
    async (request) => admin.settings.gameConfig(request.params.id),
  );
  scope.put<{ Params: { id: string } }>(
    "/games/:id/config",
    adminDoc("Set a game's configuration {config} (validated by the game; applies to new rounds)", { body: anyObject }),
    async (request) =>
      admin.settings.setGameConfig(request.params.id, request.body, operatorName(request.headers["x-admin-user"])),
  );
  scope.get<{ Params: { id: string } }>(
    "/games/:id/bets",
    adminDoc("A game's bets, which are enabled, and the lobby's range"),
    async (request) => admin.settings.gameBets(request.params.id),
  );
  scope.put<{ Params: { id: string } }>(
    "/games/:id/bets",
    adminDoc("Disable bets of a game {disabled: [bet…]} or {enabled: [bet…]} (audited; applies to new rounds)", {
      body: anyObject,
    }),
    async (request) => admin.settings.setGameBets(request.params.id, request.body, operatorName(request.headers["x-admin-user"])),
  );
  await jackpotAdminRoutes(scope, server);
}
