/**
 * The operator's configuration of each game (e.g. Gnomos Mix's RTP level, 40 Mystic Gem's
 * double-up attempts): validated by the game's own `parseConfig`, stored in
 * `game_configs`, every change audited in `game_config_audit` (who, when, old, new) in the
 * same transaction. A round stores the configuration it started with and keeps it to its
 * end, so a change applies to new rounds only.
 */
import type { Database, Sql } from "./db/database.js";
import { ApiProblem } from "./errors.js";
import type { AnyGame } from "./games.js";
import { newId } from "./ids.js";
import { gameInput, parsedWhole } from "./input.js";

export interface GameConfigView {
  gameId: string;
  version: string;
  /** The configuration new rounds start with (the game's default when never set). */
  config: unknown;
  /** True when the operator never set one. */
  default: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  /** The latest changes, newest first. */
  audit: { at: string; who: string; old: unknown; new: unknown }[];
}

export interface Entry {
  /** Parsed by the game's current version. */
  config: unknown;
  /** As stored on new rounds. */
  json: string;
}

/** Who changed a configuration: the admin API's `x-admin-user` header, or `operator`. */
export function operatorName(header: unknown): string {
  if (typeof header !== "string" || header.length === 0) return "operator";
  if (header.length > 100 || !/^[\w.@ -]+$/.test(header))
    throw new ApiProblem(400, "BAD_ADMIN_USER", "x-admin-user must be 1-100 characters [A-Za-z0-9_.@ -]");
  return header;
}

export class GameConfigs {
  /** Stored raw configurations by game id, mirrored from the database. */
  private raw = new Map<string, unknown>();
  private snapshot = "";
  /** Parsed per game module (each version parses the raw value itself), so a round start does no parsing. */
  private readonly parsed = new Map<AnyGame, Entry>();

  constructor(private readonly db: Database) {}

  /** Reloads the stored configurations (start, admin changes, and periodically for other nodes' changes). */
  async load(): Promise<void> {
    const rows = await this.db.read((sql) =>
      sql.query<{ game_id: string; config: string }>("SELECT game_id, config FROM game_configs"),
    );
    const snapshot = JSON.stringify(rows.sort((a, b) => a.game_id.localeCompare(b.game_id)));
    // Unchanged (the periodic reread): keep the parsed entries, so contexts built on them stay shared.
    if (snapshot === this.snapshot) return;
    this.snapshot = snapshot;
    this.raw = new Map(rows.map((r) => [r.game_id, JSON.parse(r.config) as unknown]));
    this.parsed.clear();
  }

  /**
   * The configuration a new round of `game` starts with: the stored one parsed by the game,
   * or the game's default. A stored value the game no longer accepts (a new version with
   * other options) is refused with 409 GAME_CONFIG_INVALID until the operator sets a new one.
   */
  forNewRound(game: AnyGame): Entry {
    let entry = this.parsed.get(game);
    if (!entry) {
      const raw = this.raw.get(game.id);
      let config: unknown;
      try {
        config = game.parseConfig(raw);
      } catch (error) {
        throw new ApiProblem(
          409,
          "GAME_CONFIG_INVALID",
          `the stored configuration of ${game.id} is not valid for version ${game.version}: ${(error as Error).message}`,
        );
      }
      entry = { config, json: JSON.stringify(config) };
      this.parsed.set(game, entry);
    }
    return entry;
  }

  /** Parsed configurations of stored rounds, by game version and JSON (a round's later steps parse nothing). */
  private readonly ofRounds = new Map<string, Entry>();

  /**
   * The configuration a round started with (its stored JSON), parsed by the round's game
   * version; rounds stored before configurations were get the current one.
   */
  forRound(game: AnyGame, json: string | null): Entry {
    if (json === null) return this.forNewRound(game);
    const key = `${game.id}@${game.version}\n${json}`;
    let entry = this.ofRounds.get(key);
    if (entry === undefined) {
      entry = { config: gameInput(() => game.parseConfig(JSON.parse(json))), json };
      if (this.ofRounds.size > 10_000) this.ofRounds.clear();
      this.ofRounds.set(key, entry);
    }
    return entry;
  }

  /** GET /admin/games/:id/config. */
  async view(game: AnyGame): Promise<GameConfigView> {
    return this.db.read(async (sql) => {
      const row = await sql.one<{ config: string; updated_at: number; updated_by: string }>(
        "SELECT config, updated_at, updated_by FROM game_configs WHERE game_id = $1",
        [game.id],
      );
      const audit = await sql.query<{ at: number; who: string; old_config: string | null; new_config: string }>(
        "SELECT at, who, old_config, new_config FROM game_config_audit WHERE game_id = $1 ORDER BY at DESC, id DESC LIMIT 50",
        [game.id],
      );
      return {
        gameId: game.id,
        version: game.version,
        config: row ? JSON.parse(row.config) : game.parseConfig(undefined),
        default: !row,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        updatedBy: row?.updated_by ?? null,
        audit: audit.map((a) => ({
          at: new Date(a.at).toISOString(),
          who: a.who,
          old: a.old_config === null ? null : JSON.parse(a.old_config),
          new: JSON.parse(a.new_config),
        })),
      };
    });
  }

  /**
   * PUT /admin/games/:id/config: validates with the game's `parseConfig` (400 with the game's
   * code when refused), stores the parsed value and audits who changed what, atomically.
   */
  async set(game: AnyGame, input: unknown, who: string, at: number): Promise<GameConfigView> {
    const config = parsedWhole("config", input, () => game.parseConfig(input));
    const json = JSON.stringify(config);
    await this.db.tx(async (sql: Sql) => {
      const old = await sql.one<{ config: string }>("SELECT config FROM game_configs WHERE game_id = $1", [game.id]);
      await sql.run(
        "INSERT INTO game_configs (game_id, config, updated_at, updated_by) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
        [game.id, json, at, who],
      );
      await sql.run(
        "INSERT INTO game_config_audit (id, game_id, at, who, old_config, new_config) VALUES ($1, $2, $3, $4, $5, $6)",
        [newId("gc"), game.id, at, who, old?.config ?? null, json],
      );
    });
    await this.load();
    return this.view(game);
  }
}
