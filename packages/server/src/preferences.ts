/**
 * Player preferences per game, kept by the server so they follow the player across devices
 * (Bewitched's chosen witch, 40 Mystic Gem's active buy mode). Cosmetic or convenience
 * only: nothing here changes an outcome. A small JSON object, validated for size, depth and
 * key names; PUT replaces it whole.
 */
import type { Preferences } from "@reelhouse/protocol";
import type { Database } from "./db/database.js";
import { badRequest } from "./errors.js";
import type { GameRegistry } from "./games.js";
import { bodyOf, isRecord } from "./input.js";
import type { Caller } from "./rows.js";

export const PREFERENCE_LIMITS = { maxBytes: 2048, maxDepth: 3, maxKeys: 32, key: /^[A-Za-z][\w-]{0,39}$/ } as const;

/** Validates a preferences object (400 BAD_PREFERENCES naming what is wrong). */
export function checkPreferences(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw badRequest("BAD_PREFERENCES", "preferences must be a JSON object");
  const visit = (node: unknown, depth: number, path: string): void => {
    if (node === null || typeof node === "boolean" || typeof node === "string") return;
    if (typeof node === "number") {
      if (!Number.isFinite(node)) throw badRequest("BAD_PREFERENCES", `${path} must be a finite number`);
      return;
    }
    if (depth >= PREFERENCE_LIMITS.maxDepth)
      throw badRequest("BAD_PREFERENCES", `${path} nests deeper than ${PREFERENCE_LIMITS.maxDepth} levels`);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i], depth + 1, `${path}[${i}]`);
      return;
    }
    if (!isRecord(node)) throw badRequest("BAD_PREFERENCES", `${path} is not JSON`);
    const keys = Object.keys(node);
    if (keys.length > PREFERENCE_LIMITS.maxKeys)
      throw badRequest("BAD_PREFERENCES", `${path} has more than ${PREFERENCE_LIMITS.maxKeys} keys`);
    for (const key of keys) {
      if (!PREFERENCE_LIMITS.key.test(key))
        throw badRequest("BAD_PREFERENCES", `key '${key.slice(0, 50)}' must match [A-Za-z][A-Za-z0-9_-]{0,39}`);
      visit(node[key], depth + 1, `${path}.${key}`);
    }
  };
  visit(value, 0, "preferences");
  if (Buffer.byteLength(JSON.stringify(value)) > PREFERENCE_LIMITS.maxBytes) {
    throw badRequest("BAD_PREFERENCES", `preferences must be at most ${PREFERENCE_LIMITS.maxBytes} bytes as JSON`);
  }
  return value;
}

export class PlayerPreferences {
  constructor(
    private readonly db: Database,
    private readonly games: GameRegistry,
    private readonly now: () => number,
  ) {}

  /** GET /preferences/:gameId: `{}` when never set. */
  async get(caller: Caller, gameId: string): Promise<Preferences> {
    this.games.offered(gameId);
    const row = await this.db.read((sql) =>
      sql.one<{ value: string; updated_at: number }>(
        "SELECT value, updated_at FROM preferences WHERE player_id = $1 AND game_id = $2",
        [caller.player.id, gameId],
      ),
    );
    return {
      gameId,
      preferences: row ? (JSON.parse(row.value) as Record<string, unknown>) : {},
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    };
  }

  /** PUT /preferences/:gameId with `{preferences: {...}}`: replaces them (idempotent by nature). */
  async put(caller: Caller, gameId: string, input: unknown): Promise<Preferences> {
    this.games.offered(gameId);
    if (!isRecord(input) || Object.keys(bodyOf(input)).some((k) => k !== "preferences"))
      throw badRequest("BAD_PREFERENCES", 'send {"preferences": {...}}');
    const value = checkPreferences(input.preferences);
    const at = this.now();
    await this.db.tx((sql) =>
      sql.run(
        "INSERT INTO preferences (player_id, game_id, value, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (player_id, game_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        [caller.player.id, gameId, JSON.stringify(value), at],
      ),
    );
    return { gameId, preferences: value, updatedAt: new Date(at).toISOString() };
  }
}
