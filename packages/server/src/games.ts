/**
 * The games the server runs, by id and by maths version. `current` are the versions new
 * rounds start on (the games package's `GAMES`); `kept` are older versions still registered
 * so that rounds started on them finish on the maths they started with. A round whose
 * version is in neither is refused with 409 VERSION_RETIRED (the operator can cancel it).
 */
import type { GameModule } from "@reelhouse/engine";
import type { GameSummary } from "@reelhouse/protocol";
import { BetRules } from "./bet-rules.js";
import { ApiProblem } from "./errors.js";

/** A game module as the server handles it (types are the game's own; the server treats them as data). */
export type AnyGame = GameModule<any, any, any, any, any, any>;

const key = (id: string, version: string) => `${id}@${version}`;

export class GameRegistry {
  private readonly current = new Map<string, AnyGame>();
  private readonly versions = new Map<string, AnyGame>();
  private disabled: ReadonlySet<string> = new Set();
  /** The bets the operator disabled, per game (bet-rules.ts). */
  readonly bets = new BetRules();
  /** Rounds the platform opens itself (Jackpot Cards), by id: not in the lobby, never started by a player. */
  private readonly platformRounds = new Map<string, AnyGame>();

  constructor(current: Iterable<AnyGame>, kept: Iterable<AnyGame> = []) {
    for (const game of current) {
      if (game.platformRound) {
        // A round the platform opens itself (Jackpot Cards): playable and replayable, never offered.
        this.platformRounds.set(game.id, game);
        this.versions.set(key(game.id, game.version), game);
        continue;
      }
      if (this.current.has(game.id)) throw new Error(`game '${game.id}' registered twice`);
      this.current.set(game.id, game);
      this.versions.set(key(game.id, game.version), game);
    }
    for (const game of kept) {
      if (!this.current.has(game.id)) throw new Error(`kept version ${key(game.id, game.version)} has no current version`);
      if (!this.versions.has(key(game.id, game.version))) this.versions.set(key(game.id, game.version), game);
    }
  }

  /** The current version of a game on offer: 404 GAME_NOT_FOUND when unknown or disabled. */
  offered(id: string): AnyGame {
    const game = this.current.get(id);
    if (!game || this.disabled.has(id)) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${id}'`);
    return game;
  }

  /** The current version of a known game, on offer or not: 404 GAME_NOT_FOUND when unknown. */
  known(id: string): AnyGame {
    const game = this.current.get(id);
    if (!game) throw new ApiProblem(404, "GAME_NOT_FOUND", `no game '${id}'`);
    return game;
  }

  /**
   * The version an open round plays on: its own, even when a newer one is current or the
   * game is disabled (an open round always finishes). 409 VERSION_RETIRED when gone.
   */
  forRound(id: string, version: string): AnyGame {
    const game = this.versions.get(key(id, version));
    if (game) return game;
    throw new ApiProblem(
      409,
      "VERSION_RETIRED",
      `this round was started on ${key(id, version)}, which this server no longer runs; the operator can cancel it (refunding the bet)`,
      { gameId: id, version, current: this.current.get(id)?.version ?? null },
    );
  }

  /** Any registered version, or undefined (replay, audit). */
  find(id: string, version: string): AnyGame | undefined {
    return this.versions.get(key(id, version));
  }

  /** The current version of a known game, enabled or not (admin). */
  get(id: string): AnyGame | undefined {
    return this.current.get(id);
  }

  has(id: string): boolean {
    return this.current.has(id);
  }

  /** A round module the platform opens itself (Jackpot Cards), or undefined. */
  platformRound(id: string): AnyGame | undefined {
    return this.platformRounds.get(id);
  }

  /** Every platform round module (their pools are the platform's). */
  platformModules(): IterableIterator<AnyGame> {
    return this.platformRounds.values();
  }

  /** Every current game, enabled or not. */
  values(): IterableIterator<AnyGame> {
    return this.current.values();
  }

  keys(): IterableIterator<string> {
    return this.current.keys();
  }

  /** Registered versions of a game, current first. */
  versionsOf(id: string): string[] {
    const current = this.current.get(id)?.version;
    const all = [...this.versions.values()].filter((g) => g.id === id).map((g) => g.version);
    return all.sort((a, b) => (a === current ? -1 : b === current ? 1 : a.localeCompare(b)));
  }

  isEnabled(id: string): boolean {
    return this.current.has(id) && !this.disabled.has(id);
  }

  setDisabled(ids: Iterable<string>): void {
    this.disabled = new Set(ids);
  }

  disabledIds(): string[] {
    return [...this.disabled];
  }

  /**
   * GET /games: the games on offer with their bet range (the smallest and largest total of
   * the bets the operator left enabled; every bet of the game when none is disabled) and RTP.
   */
  list(): GameSummary[] {
    return [...this.current.values()]
      .filter((g) => !this.disabled.has(g.id))
      .map((g) => {
        const range = this.bets.range(g);
        return { id: g.id, name: g.name, minBet: range.min, maxBet: range.max, rtp: g.describe().rtp };
      });
  }
}
