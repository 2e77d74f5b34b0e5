/**
 * Operator settings (the admin API): jurisdiction profiles, which games are on offer, and
 * each game's configuration. Stored, so they survive restarts; other nodes reread them
 * within seconds.
 */
import type { BetSettingView } from "@reelhouse/protocol";
import { audit } from "./audit.js";
import { BETS_SETTING, betKey, parseBetSetting, type StoredBetSetting } from "./bet-rules.js";
import { JURISDICTION_ID, type JurisdictionProfile, MAX_AMOUNT } from "./config.js";
import { ApiProblem, badRequest } from "./errors.js";
import type { GameConfigView } from "./game-config.js";
import { allowOnly, bodyOf } from "./input.js";
import type { GameServer } from "./service.js";

const body = bodyOf;

const DAY_MS = 86_400_000;
/** The ranges of a jurisdiction profile's numbers (a value outside is 400 BAD_CONFIG). */
export const PROFILE_RANGES = {
  minSpinIntervalMs: [0, 3_600_000],
  idleTimeoutMs: [1000, 7 * DAY_MS],
  reconnectLockoutMs: [0, DAY_MS],
} as const;

const UPSERT_SETTING = "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value";

export class AdminSettings {
  constructor(private readonly server: GameServer) {}

  /** GET /admin/config: mode, jurisdictions, every game with its versions and whether it is on offer. */
  config() {
    const { games } = this.server;
    return {
      mode: this.server.config.mode,
      defaultJurisdiction: this.server.config.defaultJurisdiction,
      jurisdictions: Object.fromEntries(this.server.config.jurisdictions),
      games: [...games.values()].map((g) => ({
        id: g.id,
        name: g.name,
        version: g.version,
        versions: games.versionsOf(g.id),
        enabled: games.isEnabled(g.id),
      })),
      platformRequests: this.server.platform.kinds(),
    };
  }

  /** PUT /admin/config/jurisdictions/:id: changes a jurisdiction profile. */
  async setJurisdiction(id: string, input: unknown): Promise<JurisdictionProfile> {
    const b = body(input);
    if (!JURISDICTION_ID.test(id)) throw badRequest("BAD_JURISDICTION", "a jurisdiction id is [A-Za-z][A-Za-z0-9_-]{0,31}");
    const { jurisdictions } = this.server.config;
    const current = jurisdictions.get(id) ?? { ...(jurisdictions.get("default") as JurisdictionProfile), id };
    const next: JurisdictionProfile = { ...current, id };
    const bools = ["autoplay", "turbo", "slamStop", "gamble", "buyBonus"] as const;
    for (const [k, v] of Object.entries(b)) {
      if ((bools as readonly string[]).includes(k)) {
        if (typeof v !== "boolean") throw badRequest("BAD_CONFIG", `${k} must be a boolean`);
        next[k as (typeof bools)[number]] = v;
      } else if (Object.hasOwn(PROFILE_RANGES, k)) {
        const [min, max] = PROFILE_RANGES[k as keyof typeof PROFILE_RANGES];
        if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
          throw badRequest("BAD_CONFIG", `${k} must be an integer in ${min}..${max}`);
        next[k as keyof typeof PROFILE_RANGES] = v;
      } else if (k === "maxStake") {
        if (v !== null && (typeof v !== "number" || !Number.isInteger(v) || v <= 0 || v > MAX_AMOUNT))
          throw badRequest("BAD_CONFIG", `maxStake must be an integer in 1..${MAX_AMOUNT} or null`);
        next.maxStake = v as number | null;
      } else throw badRequest("BAD_CONFIG", `unknown jurisdiction setting '${k.slice(0, 40)}'`);
    }
    await this.server.db.tx(async (sql) => {
      await sql.run(UPSERT_SETTING, [`jurisdiction:${id}`, JSON.stringify(next)]);
      await audit(sql, "setJurisdiction", next);
    });
    jurisdictions.set(id, next);
    return next;
  }

  /** PUT /admin/config/games/:id: enables or disables a game (disabled: hidden, no new rounds; open rounds still finish). */
  async setGameEnabled(gameId: string, input: unknown) {
    const b = body(input);
    allowOnly(b, ["enabled"]);
    const { games } = this.server;
    if (!games.has(gameId)) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${gameId}'`);
    if (typeof b.enabled !== "boolean") throw badRequest("BAD_CONFIG", "enabled must be a boolean");
    const disabled = new Set(games.disabledIds());
    if (b.enabled) disabled.delete(gameId);
    else disabled.add(gameId);
    await this.server.db.tx(async (sql) => {
      await sql.run(UPSERT_SETTING, ["games:disabled", JSON.stringify([...disabled])]);
      await audit(sql, "setGameEnabled", { gameId, enabled: b.enabled });
    });
    await this.server.loadSettings();
    return { gameId, enabled: b.enabled };
  }

  private known(gameId: string) {
    const game = this.server.games.get(gameId);
    if (!game) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${gameId}'`);
    return game;
  }

  /** GET /admin/games/:id/config: the configuration new rounds start with, and its audit trail. */
  gameConfig(gameId: string): Promise<GameConfigView> {
    return this.server.configs.view(this.known(gameId));
  }

  /** GET /admin/games/:id/bets: every bet of the game with whether it is enabled, the setting and the lobby's range. */
  gameBets(gameId: string): BetSettingView {
    const game = this.known(gameId);
    const rules = this.server.games.bets;
    const stored = rules.settingOf(game.id);
    const disabled = new Set(rules.disabled(game).map((bet) => betKey(game, bet)));
    const range = rules.range(game);
    return {
      gameId: game.id,
      version: game.version,
      setting: stored?.setting ?? null,
      updatedAt: stored ? new Date(stored.at).toISOString() : null,
      updatedBy: stored?.by ?? null,
      minBet: range.min,
      maxBet: range.max,
      bets: game.bets().map((bet) => ({ bet, totalBet: game.totalBet(bet), enabled: !disabled.has(betKey(game, bet)) })),
    };
  }

  /**
   * PUT /admin/games/:id/bets `{disabled: [bet…]}` or `{enabled: [bet…]}`: validated against the
   * game's bets (bet-rules.ts), stored and audited (who, old, new) in one transaction; applies
   * to new rounds, autoplays and grants at once on this node, within 5 s on the others.
   */
  async setGameBets(gameId: string, input: unknown, who: string): Promise<BetSettingView> {
    const game = this.known(gameId);
    const setting = parseBetSetting(game, body(input));
    const value: StoredBetSetting = { setting, at: Date.now(), by: who };
    const key = `${BETS_SETTING}${game.id}`;
    await this.server.db.tx(async (sql) => {
      // The stored one, not this node's copy (another node may have changed it in the last seconds).
      const row = await sql.one<{ value: string }>("SELECT value FROM settings WHERE key = $1", [key]);
      const old = row ? (JSON.parse(row.value) as StoredBetSetting).setting : null;
      await sql.run(UPSERT_SETTING, [key, JSON.stringify(value)]);
      await audit(sql, "setGameBets", { gameId: game.id, who, old, new: setting });
    });
    await this.server.loadSettings();
    return this.gameBets(game.id);
  }

  /** PUT /admin/games/:id/config `{config}`: validated by the game, audited with who/when/old/new; applies to new rounds. */
  async setGameConfig(gameId: string, input: unknown, who: string): Promise<GameConfigView> {
    const b = body(input);
    if (Object.keys(b).some((k) => k !== "config") || !("config" in b)) throw badRequest("BAD_CONFIG", 'send {"config": {...}}');
    return this.server.configs.set(this.known(gameId), b.config, who, Date.now());
  }
}
