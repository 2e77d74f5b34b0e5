/**
 * The game server, independent of HTTP: the composition root that wires the pipeline's
 * parts (sessions, idempotency, admission, the round runner, wallet and ledger, autoplay,
 * grants, history, preferences, operator configuration) and exposes what the routes call.
 * Each part lives in its own file; this one only holds them together.
 */
import { CryptoRng } from "@reelhouse/engine";
import { GAMES, JACKPOT_CARDS_TRIGGER, type JackpotCardsLevels, jackpotCardsModule } from "@reelhouse/games";
import type { AutoplayState, CreateSessionResponse, GameSummary, StepResponse } from "@reelhouse/protocol";
import { Autoplays } from "./autoplay.js";
import type { JurisdictionProfile, ServerConfig } from "./config.js";
import { type Database, forUpdate, type Sql } from "./db/database.js";
import { AccountSignals } from "./events/account-signals.js";
import { GameConfigs } from "./game-config.js";
import { type AnyGame, GameRegistry } from "./games.js";
import { listGrants } from "./grants.js";
import { History, type HistoryQuery } from "./history.js";
import { Idempotency, type RequestCounters } from "./idempotency.js";
import { JackpotCardsTrigger } from "./jackpots/cards.js";
import { JACKPOT_CARDS_ID, Jackpots } from "./jackpots/pools.js";
import { ensureSystemAccounts, lockBalance } from "./ledger.js";
import { PlayerPreferences } from "./preferences.js";
import { PlatformAnswerers } from "./rounds/platform.js";
import { StepPlayer } from "./rounds/play.js";
import { RoundRunner } from "./rounds/runner.js";
import type { Caller, PlayerRow, Stored } from "./rows.js";
import { type NewPlayer, Sessions } from "./sessions.js";
import { lockWallet, type Wallet } from "./wallet.js";

/** How often a node rereads settings other nodes may have changed (jurisdictions, disabled games, game configurations). */
const SETTINGS_REFRESH_MS = 5000;

export interface GameServerOptions {
  /** Older maths versions kept so that rounds started on them finish on them (see GameRegistry). */
  keptVersions?: Iterable<AnyGame>;
  /** Answerers of the rounds' platform requests (none by default: such requests fail closed). */
  platform?: PlatformAnswerers;
}

export class GameServer {
  readonly counters: RequestCounters = { rounds: 0, steps: 0, retries: 0, betAmount: 0, winAmount: 0 };
  readonly games: GameRegistry;
  readonly configs: GameConfigs;
  readonly platform: PlatformAnswerers;
  readonly sessions: Sessions;
  readonly autoplays: Autoplays;
  readonly rounds: RoundRunner;
  readonly records: History;
  readonly preferences: PlayerPreferences;
  readonly jackpots: Jackpots;
  private readonly lock: string;
  private settingsAt = 0;
  private settingsLoading: Promise<void> | null = null;

  constructor(
    readonly db: Database,
    readonly config: ServerConfig,
    games: GameRegistry | ReadonlyMap<string, AnyGame> = GAMES as ReadonlyMap<string, AnyGame>,
    private readonly now: () => number = Date.now,
    options: GameServerOptions = {},
  ) {
    this.lock = forUpdate(db);
    // Every transaction that changes a player's account signals it to the push channel (events/account-signals.ts).
    AccountSignals.of(db);
    this.games =
      games instanceof GameRegistry
        ? games
        : new GameRegistry(
            withPlatformRounds(games, config.jackpotCardsGames, config.jackpotCardsLevels as JackpotCardsLevels),
            options.keptVersions ?? [],
          );
    this.configs = new GameConfigs(db);
    this.platform = options.platform ?? new PlatformAnswerers();
    this.jackpots = new Jackpots(db, this.games, now, { demo: config.demo });
    this.jackpots.registerAnswerers(this.platform);
    this.sessions = new Sessions(db, config, (j) => this.profileOf(j), now, this.lock);
    const idempotency = new Idempotency(db, this.lock, now, this.counters);
    this.autoplays = new Autoplays(db, idempotency, this.games, this.lock, now);
    this.records = new History(db, now);
    this.preferences = new PlayerPreferences(db, this.games, now);
    this.rounds = new RoundRunner({
      config,
      games: this.games,
      configs: this.configs,
      idempotency,
      autoplays: this.autoplays,
      player: new StepPlayer(new CryptoRng(4096), this.platform, config.crashAt),
      counters: this.counters,
      now,
      ...(this.jackpots.any ? { jackpots: this.jackpots } : {}),
      cards: JackpotCardsTrigger.of(this.games, config, JACKPOT_CARDS_TRIGGER, new CryptoRng(256)),
    });
  }

  /** Creates the system accounts and the first demo player, and loads stored settings. */
  async init(): Promise<void> {
    await this.db.tx(async (sql) => {
      await ensureSystemAccounts(sql, this.config.currency);
      if (!this.config.demo) return;
      const demo = await sql.one("SELECT id FROM players WHERE id = 'demo'");
      if (!demo) await this.createPlayer(sql, { id: "demo", name: "Demo player", demo: true, fund: this.config.demoBalance });
    });
    await this.jackpots.init();
    await this.loadSettings();
  }

  /** Reads the stored settings: jurisdiction profiles, disabled games and bets, the games' configurations. */
  async loadSettings(): Promise<void> {
    const rows = await this.db.read((sql) => sql.query<{ key: string; value: string }>("SELECT key, value FROM settings"));
    let disabled: string[] = [];
    for (const row of rows) {
      if (row.key.startsWith("jurisdiction:")) {
        const profile = JSON.parse(row.value) as JurisdictionProfile;
        this.config.jurisdictions.set(profile.id, profile);
      }
      if (row.key === "games:disabled") disabled = JSON.parse(row.value) as string[];
    }
    this.games.setDisabled(disabled);
    this.games.bets.load(rows);
    await this.configs.load();
    this.settingsAt = this.now();
  }

  /** Rereads the settings in the background once they are older than a few seconds (other nodes' admin changes). */
  private refreshSettings(): void {
    if (this.settingsLoading || this.now() - this.settingsAt < SETTINGS_REFRESH_MS) return;
    this.settingsLoading = this.loadSettings()
      .catch(() => {})
      .finally(() => {
        this.settingsLoading = null;
      });
  }

  profileOf(jurisdiction: string): JurisdictionProfile {
    // A Map: a name such as "constructor" or "__proto__" is just an unknown jurisdiction.
    const profile = this.config.jurisdictions.get(jurisdiction) ?? this.config.jurisdictions.get("default");
    if (!profile) throw new Error("no default jurisdiction profile");
    return profile;
  }

  /** The current version of a game on offer (404 when unknown or disabled). */
  game(gameId: string): AnyGame {
    return this.games.offered(gameId);
  }

  /** GET /games/:id: the game's description under the operator's configuration, without the bets the operator disabled. */
  describe(gameId: string) {
    const game = this.games.offered(gameId);
    const description = this.games.bets.describe(game, game.describe(this.configs.forNewRound(game).config));
    // The pools the game declares (and Jackpot Cards' levels when it includes them), so a client
    // shows the jackpot ticker without knowing the game.
    const cards = game.jackpotCards ? (this.games.platformRound(JACKPOT_CARDS_ID)?.jackpots ?? []) : [];
    const pools = [...(game.jackpots ?? []), ...cards];
    if (pools.length === 0) return description;
    return { ...description, jackpots: pools.map((j) => ({ id: j.id, name: j.name })) };
  }

  listGames(): GameSummary[] {
    return this.games.list();
  }

  createPlayer(sql: Sql, p: NewPlayer): Promise<PlayerRow> {
    return this.sessions.createPlayer(sql, p);
  }

  createSession(input: unknown): Promise<CreateSessionResponse> {
    return this.sessions.create(input);
  }

  /** The caller of a bearer token; with `deferTouch` the request's own transaction stores the session's last-seen time. */
  authenticate(authorization: string | undefined, deferTouch = false): Promise<Caller> {
    this.refreshSettings();
    return this.sessions.authenticate(authorization, deferTouch);
  }

  /**
   * After a request whose caller carried its session's last-seen time (`authenticate(…, true)`):
   * writes it on its own when the request's transaction did not (it was refused).
   */
  async settleTouch(caller: Caller): Promise<void> {
    if (caller.touch && !caller.touch.done) await this.sessions.touch(caller.touch);
  }

  balance(caller: Caller): Promise<number> {
    return this.db.read((sql) => lockBalance(sql, caller.player.id, ""));
  }

  /** The player's cash and non-cash balances (one read; `units` is `{}` when the player holds none). */
  wallet(caller: Caller): Promise<Wallet> {
    return this.db.read((sql) => lockWallet(sql, caller.player.id, ""));
  }

  startRound(caller: Caller, gameId: string, input: unknown): Promise<Stored<StepResponse>> {
    return this.rounds.start(caller, gameId, input);
  }

  act(caller: Caller, roundId: string, input: unknown): Promise<Stored<StepResponse>> {
    return this.rounds.act(caller, roundId, input);
  }

  openRounds(caller: Caller) {
    return this.records.openRounds(caller);
  }

  historyQuery(query: Record<string, unknown>) {
    return this.records.historyQuery(query);
  }

  history(caller: Caller, query: HistoryQuery) {
    return this.records.history(caller, query);
  }

  roundDetail(caller: Caller | null, roundId: string) {
    return this.records.roundDetail(caller, roundId);
  }

  storedRound(roundId: string) {
    return this.records.storedRound(roundId);
  }

  grants(caller: Caller) {
    return listGrants(this.db, caller.player.id);
  }

  createAutoplay(caller: Caller, input: unknown): Promise<Stored<AutoplayState>> {
    return this.autoplays.create(caller, input);
  }

  getAutoplay(caller: Caller, id: string): Promise<AutoplayState> {
    return this.autoplays.get(caller, id);
  }

  stopAutoplay(caller: Caller, id: string): Promise<AutoplayState> {
    return this.autoplays.stop(caller, id);
  }
}

export type { AutoplayRow, Caller, PlayerRow, RoundRow, StepRow, Stored } from "./rows.js";

/** The games, plus the platform's own round modules they need (Jackpot Cards when a game includes it). */
function withPlatformRounds(
  games: ReadonlyMap<string, AnyGame>,
  cardsAdded: readonly string[],
  cardsLevels: JackpotCardsLevels,
): AnyGame[] {
  for (const id of cardsAdded) if (!games.has(id)) throw new Error(`REELHOUSE_JACKPOT_CARDS_GAMES names an unknown game '${id}'`);
  const list = [...games.values()].map((g) => (cardsAdded.includes(g.id) ? { ...g, jackpotCards: true } : g));
  // Jackpot Cards with the operator's level seeds and rates (the weights and the trigger are certified).
  if (list.some((g) => g.jackpotCards) && !list.some((g) => g.platformRound))
    list.push(jackpotCardsModule(cardsLevels) as AnyGame);
  return list;
}
