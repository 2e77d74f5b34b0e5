/**
 * Bets the operator disabled, per game: generic over `GameModule.bets()` (a fixed-stake
 * game's bets are its stake indices `{stake: i}`, a line game's its `{coinValue,
 * coinsPerLine, lines}`). The setting lists either the disabled bets or the enabled ones;
 * it is stored in `settings` (key `bets:<gameId>`), audited in `admin_audit` in the same
 * transaction, and reread by other nodes with the other settings (within 5 s).
 *
 * A round (paid, autoplay spin or granted), an autoplay or a grant at a disabled bet is
 * `400 BET_DISABLED` and writes nothing; the lobby's ranges (`GET /games`) and a game's
 * description (`GET /games/:id`: its bet schema, `minBet`, `maxBet`, `disabledBets`) leave
 * the disabled bets out. A played bet is matched on the fields the game's bet list has: a
 * bought mode at a disabled stake (`{stake: 3, mode: "wild1"}`) is at that stake.
 */
import { ApiProblem, badRequest } from "./errors.js";
import type { AnyGame } from "./games.js";
import { canonicalJson } from "./ids.js";
import { parsedWhole } from "./input.js";

/** The settings key prefix of a game's bet setting. */
export const BETS_SETTING = "bets:";

/** The operator's setting as sent and stored: the bets disabled, or the only bets enabled. */
export type BetSetting = { disabled: unknown[] } | { enabled: unknown[] };

/** The stored value: the setting, when and by whom. */
export interface StoredBetSetting {
  setting: BetSetting;
  at: number;
  by: string;
}

/** What a game version's bet list needs for matching, built once per module. */
interface BetIndex {
  /** The fields the game's bets have (a played bet is projected onto them). */
  keys: readonly string[];
  /** Position in `bets()` by the bet's canonical JSON. */
  position: ReadonlyMap<string, number>;
}

/** A game version under a setting: which of its bets are disabled. */
interface Resolved {
  /** Canonical keys of the disabled bets. */
  disabled: ReadonlySet<string>;
  /** The enabled bets, in the game's order (smallest total first). */
  enabled: readonly unknown[];
  /** Smallest and largest enabled total bet, minor units (null: none enabled). */
  range: { min: number; max: number } | null;
}

const indexes = new WeakMap<AnyGame, BetIndex>();

function indexOf(game: AnyGame): BetIndex {
  let index = indexes.get(game);
  if (!index) {
    const keys = new Set<string>();
    for (const bet of game.bets()) if (bet && typeof bet === "object") for (const k of Object.keys(bet)) keys.add(k);
    const sorted = [...keys].sort();
    const position = new Map<string, number>();
    game.bets().forEach((bet, i) => {
      position.set(projectedKey(sorted, bet), i);
    });
    index = { keys: sorted, position };
    indexes.set(game, index);
  }
  return index;
}

/** The canonical JSON of `bet` restricted to `keys` (a scalar bet: itself). */
function projectedKey(keys: readonly string[], bet: unknown): string {
  if (!bet || typeof bet !== "object" || Array.isArray(bet)) return canonicalJson(bet);
  const record = bet as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (record[k] !== undefined) out[k] = record[k];
  return canonicalJson(out);
}

/** The bet's key for matching against the game's bet list. */
export function betKey(game: AnyGame, bet: unknown): string {
  return projectedKey(indexOf(game).keys, bet);
}

function rangeOf(game: AnyGame, bets: readonly unknown[]): { min: number; max: number } | null {
  if (bets.length === 0) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const bet of bets) {
    const total = game.totalBet(bet);
    if (total < min) min = total;
    if (total > max) max = total;
  }
  return { min, max };
}

/**
 * Validates `PUT /admin/games/:id/bets`: `{disabled: [bet…]}` or `{enabled: [bet…]}`, each bet
 * one of the game's `bets()` exactly (parsed by the game: its own 400 codes; another value is
 * `400 BAD_BET_SETTING`), at least one bet left enabled. Returns the setting in the game's
 * order, duplicates removed.
 */
export function parseBetSetting(game: AnyGame, input: unknown): BetSetting {
  if (!input || typeof input !== "object" || Array.isArray(input))
    throw badRequest("BAD_BET_SETTING", 'send {"disabled": [bet, …]} or {"enabled": [bet, …]}');
  const body = input as Record<string, unknown>;
  const fields = Object.keys(body);
  const field = fields[0];
  if (fields.length !== 1 || (field !== "disabled" && field !== "enabled"))
    throw badRequest("BAD_BET_SETTING", 'send exactly one of {"disabled": [bet, …]} or {"enabled": [bet, …]}');
  const list = body[field];
  const bets = game.bets();
  if (!Array.isArray(list) || list.length > bets.length)
    throw badRequest("BAD_BET_SETTING", `${field} must be an array of at most ${bets.length} of the game's bets`);
  const { position } = indexOf(game);
  const chosen = new Set<number>();
  list.forEach((item, i) => {
    const bet = parsedWhole(`${field}[${i}]`, item, () => game.parseBet(item));
    // Exactly a bet of the list: a bought mode or another extra field is not a bet level.
    const at = position.get(canonicalJson(bet));
    if (at === undefined || canonicalJson(bets[at]) !== canonicalJson(bet))
      throw badRequest("BAD_BET_SETTING", `${field}[${i}] is not one of the game's selectable bets (GET /admin/games/:id/bets)`, {
        index: i,
      });
    chosen.add(at);
  });
  const enabledCount = field === "enabled" ? chosen.size : bets.length - chosen.size;
  if (enabledCount === 0)
    throw badRequest(
      "BAD_BET_SETTING",
      "at least one bet must stay enabled (to take the game off, PUT /admin/config/games/:id {enabled: false})",
    );
  const ordered = [...chosen].sort((a, b) => a - b).map((i) => bets[i]);
  return field === "disabled" ? { disabled: ordered } : { enabled: ordered };
}

/** The operator's bet settings of every game, and what they mean for each game version. */
export class BetRules {
  private stored = new Map<string, StoredBetSetting>();
  private snapshot = "";
  private resolved = new WeakMap<AnyGame, Resolved>();

  /** Replaces the stored settings (from the `settings` rows `bets:<gameId>`). */
  load(rows: readonly { key: string; value: string }[]): void {
    const mine = rows.filter((r) => r.key.startsWith(BETS_SETTING)).sort((a, b) => a.key.localeCompare(b.key));
    const snapshot = JSON.stringify(mine);
    if (snapshot === this.snapshot) return;
    this.snapshot = snapshot;
    this.stored = new Map(mine.map((r) => [r.key.slice(BETS_SETTING.length), JSON.parse(r.value) as StoredBetSetting]));
    this.resolved = new WeakMap();
  }

  /** The stored setting of a game, or null when the operator never set one. */
  settingOf(gameId: string): StoredBetSetting | null {
    return this.stored.get(gameId) ?? null;
  }

  private resolve(game: AnyGame): Resolved | null {
    const stored = this.stored.get(game.id);
    if (!stored) return null;
    let resolved = this.resolved.get(game);
    if (!resolved) {
      const { keys, position } = indexOf(game);
      const bets = game.bets();
      const setting = stored.setting;
      // Only bets this version offers count (a newer version's list may differ).
      const listed = new Set<string>();
      for (const bet of "disabled" in setting ? setting.disabled : setting.enabled) {
        const key = projectedKey(keys, bet);
        if (position.has(key)) listed.add(key);
      }
      const disabled = new Set<string>();
      const enabled: unknown[] = [];
      for (const bet of bets) {
        const key = projectedKey(keys, bet);
        const off = "disabled" in setting ? listed.has(key) : !listed.has(key);
        if (off) disabled.add(key);
        else enabled.push(bet);
      }
      resolved = { disabled, enabled, range: rangeOf(game, enabled) };
      this.resolved.set(game, resolved);
    }
    return resolved;
  }

  /** True when the operator disabled this bet of the game. */
  isDisabled(game: AnyGame, bet: unknown): boolean {
    const resolved = this.resolve(game);
    if (!resolved || resolved.disabled.size === 0) return false;
    return resolved.disabled.has(betKey(game, bet));
  }

  /** Refuses a disabled bet: 400 BET_DISABLED, with the enabled range. */
  check(game: AnyGame, bet: unknown): void {
    if (!this.isDisabled(game, bet)) return;
    const range = this.range(game);
    throw new ApiProblem(400, "BET_DISABLED", "the operator has disabled this bet; choose another one", {
      bet,
      minBet: range.min,
      maxBet: range.max,
    });
  }

  /** Every bet of the game the operator left enabled, smallest total first. */
  enabled(game: AnyGame): readonly unknown[] {
    return this.resolve(game)?.enabled ?? game.bets();
  }

  /** The disabled bets of the game, in its order (empty when none). */
  disabled(game: AnyGame): unknown[] {
    const resolved = this.resolve(game);
    if (!resolved || resolved.disabled.size === 0) return [];
    return game.bets().filter((bet) => resolved.disabled.has(betKey(game, bet)));
  }

  /** The smallest enabled bet (what INSUFFICIENT_FUNDS offers). */
  minBet(game: AnyGame): unknown {
    const resolved = this.resolve(game);
    return resolved && resolved.enabled.length > 0 ? resolved.enabled[0] : game.minBet();
  }

  /** The smallest and largest enabled total bet, minor units (the lobby's range). */
  range(game: AnyGame): { min: number; max: number } {
    const resolved = this.resolve(game);
    if (resolved?.range) return resolved.range;
    return { min: game.totalBet(game.minBet()), max: game.totalBet(game.maxBet()) };
  }

  /**
   * A game's description without its disabled bets: `disabledBets`, `minBet`, `maxBet`, and
   * each bet schema in it (`betSchema`, and a line game's `bet`) narrowed — a line schema
   * keeps the coin values, coins per line and line counts some enabled bet uses (a
   * combination of them may still be disabled: `disabledBets` lists it), a fixed schema
   * marks its disabled stakes `disabled: true` (their positions are the stake indices a bet
   * names, so none is removed). The default moves to the nearest enabled bet below it (or
   * the smallest). Unchanged when nothing is disabled.
   */
  describe<D extends object>(game: AnyGame, description: D): D {
    const resolved = this.resolve(game);
    if (!resolved || resolved.disabled.size === 0) return description;
    const out: Record<string, unknown> = { ...(description as Record<string, unknown>) };
    for (const field of ["betSchema", "bet"]) {
      const schema = out[field];
      if (schema && typeof schema === "object" && !Array.isArray(schema))
        out[field] = this.narrow(game, resolved, schema as Record<string, unknown>);
    }
    const range = resolved.range ?? this.range(game);
    out.minBet = range.min;
    out.maxBet = range.max;
    out.disabledBets = this.disabled(game);
    return out as D;
  }

  private narrow(game: AnyGame, resolved: Resolved, schema: Record<string, unknown>): Record<string, unknown> {
    const nearest = (bet: unknown): unknown => {
      if (!resolved.disabled.has(betKey(game, bet))) return bet;
      const total = game.totalBet(bet);
      let best: unknown = resolved.enabled[0];
      for (const b of resolved.enabled) if (game.totalBet(b) <= total) best = b;
      return best;
    };
    if (Array.isArray(schema.stakes) && typeof schema.default === "number") {
      const stakes = schema.stakes.map((stake: unknown, i: number) =>
        resolved.disabled.has(betKey(game, { stake: i })) && stake && typeof stake === "object"
          ? { ...stake, disabled: true }
          : stake,
      );
      const chosen = nearest({ stake: schema.default }) as { stake?: unknown } | undefined;
      return { ...schema, stakes, default: typeof chosen?.stake === "number" ? chosen.stake : schema.default };
    }
    const axes = ["coinValues", "coinsPerLine", "lines"] as const;
    const fields = { coinValues: "coinValue", coinsPerLine: "coinsPerLine", lines: "lines" } as const;
    if (axes.every((a) => Array.isArray(schema[a]))) {
      const out: Record<string, unknown> = { ...schema };
      for (const axis of axes) {
        const used = new Set(resolved.enabled.map((b) => (b as Record<string, unknown>)[fields[axis]]));
        out[axis] = (schema[axis] as unknown[]).filter((v) => used.has(v));
      }
      if (schema.default && typeof schema.default === "object") out.default = nearest(schema.default);
      return out;
    }
    return schema;
  }
}
