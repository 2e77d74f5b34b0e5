/**
 * Shared jackpot pools (see docs/jackpots.md). A game declares its pools as data
 * (`GameModule.jackpots`); this service creates them, funds their seeds, takes the
 * contributions of paid rounds and answers the rounds' `jackpotClaim` and `jackpotValue`.
 *
 * Money: pools are kept in micro-units of the player's currency (1 EUR = 1,000,000) in
 * ledger accounts of their own unit, `jpmicro`, so every movement is a double-entry
 * transaction in the same database transaction as the step that caused it:
 *
 *   contribution (wager)     house:k@jpmicro          -> pool shard k  (part of the stake the house received)
 *   contribution (operator)  jackpot-funding:k@jpmicro -> pool shard k (nothing taken from the wager)
 *   seed funding             jackpot-seed@jpmicro     -> pool base     (at creation and after each win)
 *   payout                   pool base                -> house-jackpot@jpmicro (paid x 10,000; the cash win
 *                                                        is the round's own win, house -> player, in cents)
 *   adjustment               jackpot-seed@jpmicro    <-> pool base     (operator, audited, never below seed)
 *
 * No hot row: a pool is {@link POOL_SHARDS} contribution shards plus a base account, and its
 * value is their sum. A player's contributions always go to the shard of their house shard;
 * only claims (and adjustments) lock the base, which serialises them per pool: a claim locks
 * the base, sums base + shards as committed at that moment, and debits only the base (which
 * may go below zero while the sum stays at or above the seed). Claims never lock a shard and
 * contributions never lock a base, so the two cannot deadlock, and the first committed claim
 * takes the pool in full while the next sees what it holds then (seed + increments since).
 *
 * A claim its round does not show yet (`GameModule.hidesClaim`: Bewitched's progressive before
 * the third vial) is paid at once but recorded unnumbered; {@link Jackpots.announceHeld} numbers
 * and signals it in the transaction of the step that shows it (rounds/held-claims.ts).
 *
 * Demo play has its own pools (jackpots/accounts.ts): a demo round contributes to, opens
 * Jackpot Cards on and claims from the demo twin of each pool, funded by the demo bank; its
 * wins are not recorded in `jackpot_wins` (no winner notice, no admin win, no hit counted).
 */
import { claimPool, contributionMicro, type JackpotPoolSpec, MICRO_PER_MINOR, type PoolRef } from "@reelhouse/engine";
import { audit } from "../audit.js";
import type { Database, Sql } from "../db/database.js";
import { ApiProblem } from "../errors.js";
import { JackpotSignals } from "../events/signals.js";
import type { AnyGame, GameRegistry } from "../games.js";
import { newId } from "../ids.js";
import { type TransactionKind, transfer } from "../ledger.js";
import type { PlatformAnswerers, PlatformCall } from "../rounds/platform.js";
import {
  baseAccount,
  contributionSource,
  JP_UNIT,
  type PoolId,
  type PoolScope,
  paidAccount,
  poolAccounts,
  poolKind,
  poolName,
  SEED_ACCOUNT,
  scopeOf,
  seedAccount,
  shardAccount,
  shardOf,
  systemAccounts,
} from "./accounts.js";

export {
  baseAccount,
  fundingAccount,
  JP_UNIT,
  PAID_ACCOUNT,
  POOL_SHARDS,
  type PoolId,
  SEED_ACCOUNT,
  shardAccount,
  shardOf,
} from "./accounts.js";

/** The platform round module whose pools every game that includes Jackpot Cards feeds. */
export const JACKPOT_CARDS_ID = "jackpot-cards";

export const KIND = {
  contribution: "jackpot-contribution",
  seed: "jackpot-seed",
  payout: "jackpot-payout",
  adjustment: "jackpot-adjustment",
} as const satisfies Record<string, TransactionKind>;

export interface PoolRow {
  game_id: string;
  pool_id: string;
  currency: string;
  pool_key: string;
  name: string;
  funding: string;
  rate_bps: number;
  seed_micro: number;
  hits: number;
  created_at: number;
}

/** The result of a claim, as recorded in `jackpot_wins` (a demo claim is recorded nowhere: its id is empty, its seq 0). */
export interface JackpotWin {
  id: string;
  /** The win's place in the order wins were announced (the push channel's event id); 0 while held ({@link Jackpots.announceHeld}). */
  seq: number;
  paidMinor: number;
  poolBeforeMicro: number;
  seedFundingMicro: number;
  poolAfterMicro: number;
}

export class Jackpots {
  /** gameId -> pool id -> spec (current versions). */
  private readonly specs = new Map<string, Map<string, JackpotPoolSpec<unknown>>>();
  /** Tells the push channel about wins and meter changes, after commit (see events/signals.ts). */
  readonly signals: JackpotSignals;
  /** Games that include Jackpot Cards (their screens show its levels; their bets feed them). */
  private readonly cardsGames: ReadonlySet<string>;
  /** Demo play is on: {@link init} creates the demo twin of every pool. */
  private readonly demo: boolean;

  constructor(
    private readonly db: Database,
    games: GameRegistry,
    private readonly now: () => number = Date.now,
    options: { demo?: boolean } = {},
  ) {
    this.demo = options.demo ?? false;
    this.signals = new JackpotSignals(db);
    this.cardsGames = new Set([...games.values()].filter((g) => g.jackpotCards).map((g) => g.id));
    for (const game of [...games.values(), ...games.platformModules()]) {
      if (!game.jackpots?.length) continue;
      const byId = new Map<string, JackpotPoolSpec<unknown>>();
      for (const spec of game.jackpots) {
        if (byId.has(spec.id)) throw new Error(`game '${game.id}' declares pool '${spec.id}' twice`);
        if (!Number.isSafeInteger(spec.rateBps) || spec.rateBps < 0 || spec.rateBps > 10_000)
          throw new Error(`pool '${game.id}/${spec.id}': rate ${spec.rateBps} bps`);
        for (const [currency, keys] of Object.entries(spec.seeds))
          for (const [key, seed] of Object.entries(keys))
            if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`pool '${game.id}/${spec.id}/${currency}/${key}': seed`);
        byId.set(spec.id, spec as JackpotPoolSpec<unknown>);
      }
      this.specs.set(game.id, byId);
    }
  }

  /** True when some registered game declares a pool. */
  get any(): boolean {
    return this.specs.size > 0;
  }

  /** The pools of a game (current version), by pool id; empty when it declares none. */
  poolsOf(gameId: string): ReadonlyMap<string, JackpotPoolSpec<unknown>> {
    return this.specs.get(gameId) ?? new Map();
  }

  /**
   * What a screen shows of a game's pools at `bet` (already parsed by the game): each pool
   * and key with the share a win at that bet takes (`shownFor`, or every key in full).
   */
  shown(
    gameId: string,
    bet: unknown,
    currency: string,
  ): { pool: PoolId; name: string; seed: number; numerator: number; denominator: number }[] {
    const out: { pool: PoolId; name: string; seed: number; numerator: number; denominator: number }[] = [];
    // A game that includes Jackpot Cards shows its four levels too, each in full.
    const sources: [string, JackpotPoolSpec<unknown>][] = [...this.poolsOf(gameId).values()].map((spec) => [gameId, spec]);
    if (this.cardsGames.has(gameId))
      for (const spec of this.poolsOf(JACKPOT_CARDS_ID).values()) sources.push([JACKPOT_CARDS_ID, spec]);
    for (const [owner, spec] of sources) {
      const keys = spec.seeds[currency];
      if (!keys) continue;
      const shares = spec.shownFor
        ? spec.shownFor(bet, currency)
        : Object.keys(keys).map((key) => ({ key, numerator: 1, denominator: 1 }));
      for (const s of shares) {
        const seed = keys[s.key];
        if (seed === undefined || !(s.denominator >= 1) || !(s.numerator >= 0) || s.numerator > s.denominator) continue;
        out.push({
          pool: { gameId: owner, pool: spec.id, currency, key: s.key },
          name: spec.name,
          seed,
          numerator: s.numerator,
          denominator: s.denominator,
        });
      }
    }
    return out;
  }

  /** Every declared pool with its spec. */
  *declared(): Generator<{ pool: PoolId; spec: JackpotPoolSpec<unknown>; seed: number }> {
    for (const [gameId, byId] of this.specs)
      for (const spec of byId.values())
        for (const [currency, keys] of Object.entries(spec.seeds))
          for (const [key, seed] of Object.entries(keys)) yield { pool: { gameId, pool: spec.id, currency, key }, spec, seed };
  }

  /** Registers the `jackpotClaim` and `jackpotValue` answerers (unless the registry already answers them, e.g. a test's). */
  registerAnswerers(platform: PlatformAnswerers): void {
    if (!this.any) return;
    const kinds = new Set(platform.kinds());
    if (!kinds.has("jackpotClaim"))
      platform.register("jackpotClaim", async (request, call) => {
        const win = await this.claim(call.sql, this.poolOf(call, request.ref), request.numerator, request.denominator, {
          ...call,
          hold: call.holdClaims === true,
        });
        return { kind: "jackpotClaim", ref: request.ref, amount: win.paidMinor };
      });
    // A demo round reads and claims its pool's demo twin (call.demo), never the real pool.
    if (!kinds.has("jackpotValue"))
      platform.register("jackpotValue", async (request, call) => ({
        kind: "jackpotValue",
        ref: request.ref,
        micro: await this.value(call.sql, this.poolOf(call, request.ref), scopeOf(call.demo)),
      }));
  }

  private poolOf(call: PlatformCall, ref: PoolRef): { pool: PoolId; seed: number } {
    const spec = this.specs.get(call.gameId)?.get(ref.pool);
    const seed = spec?.seeds[call.context.currency]?.[ref.key];
    if (!spec || seed === undefined)
      throw new ApiProblem(
        500,
        "UNKNOWN_POOL",
        `game '${call.gameId}' asks for pool '${ref.pool}/${ref.key}' it does not declare`,
        {
          pool: ref.pool,
          key: ref.key,
          currency: call.context.currency,
        },
      );
    return { pool: { gameId: call.gameId, pool: ref.pool, currency: call.context.currency, key: ref.key }, seed };
  }

  /**
   * Creates the declared pools and their accounts if missing and funds each new pool to its
   * seed, once (several processes may start at once: the pool row's insert decides who funds).
   */
  async init(): Promise<void> {
    if (!this.any) return;
    await this.db.tx(async (sql) => {
      const system = systemAccounts("real");
      if (this.demo) system.push(...systemAccounts("demo"));
      const currency = [...this.declared()][0]?.pool.currency ?? "EUR";
      for (const [id, kind] of system)
        await sql.run(
          "INSERT INTO accounts (id, kind, player_id, currency, balance, unit) VALUES ($1, $2, NULL, $3, 0, $4) ON CONFLICT (id) DO NOTHING",
          [id, kind, currency, JP_UNIT],
        );
      for (const { pool, spec, seed } of this.declared()) {
        const at = this.now();
        const created = await sql.query(
          "INSERT INTO jackpot_pools (game_id, pool_id, currency, pool_key, name, funding, rate_bps, seed_micro, hits, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9) ON CONFLICT (game_id, pool_id, currency, pool_key) DO NOTHING RETURNING pool_id",
          [pool.gameId, pool.pool, pool.currency, pool.key, spec.name, spec.funding, spec.rateBps, seed, at],
        );
        if (created.length === 0) {
          // An existing pool keeps its seed (the invariant and the players' promise rest on it); its rate may change.
          const stored = await sql.one<{ seed_micro: number; rate_bps: number }>(
            "SELECT seed_micro, rate_bps FROM jackpot_pools WHERE game_id = $1 AND pool_id = $2 AND currency = $3 AND pool_key = $4",
            [pool.gameId, pool.pool, pool.currency, pool.key],
          );
          if (stored && Number(stored.seed_micro) !== seed)
            throw new Error(
              `jackpot pool ${poolName(pool)}: its seed is ${stored.seed_micro} micro-units and cannot change to ${seed} once the pool exists (an audited adjustment moves its value)`,
            );
          if (stored && Number(stored.rate_bps) !== spec.rateBps)
            await sql.run(
              "UPDATE jackpot_pools SET rate_bps = $1 WHERE game_id = $2 AND pool_id = $3 AND currency = $4 AND pool_key = $5",
              [spec.rateBps, pool.gameId, pool.pool, pool.currency, pool.key],
            );
          continue;
        }
        for (const account of poolAccounts(pool))
          await sql.run(
            "INSERT INTO accounts (id, kind, player_id, currency, balance, unit) VALUES ($1, 'jackpot', NULL, $2, 0, $3) ON CONFLICT (id) DO NOTHING",
            [account, pool.currency, JP_UNIT],
          );
        if (seed > 0)
          await transfer(sql, {
            kind: KIND.seed,
            from: SEED_ACCOUNT,
            to: baseAccount(pool),
            amount: seed,
            unit: JP_UNIT,
            note: `seed ${poolName(pool)}`,
            at,
          });
      }
      if (this.demo) for (const { pool, seed } of this.declared()) await this.createDemoPool(sql, pool, seed);
    });
  }

  /**
   * The demo twin of a pool, created and funded to its seed from the demo bank once (the
   * insert of its base account decides who funds when several processes start at once).
   */
  private async createDemoPool(sql: Sql, pool: PoolId, seed: number): Promise<void> {
    const created = await sql.query(
      "INSERT INTO accounts (id, kind, player_id, currency, balance, unit) VALUES ($1, $2, NULL, $3, 0, $4) ON CONFLICT (id) DO NOTHING RETURNING id",
      [baseAccount(pool, "demo"), poolKind("demo"), pool.currency, JP_UNIT],
    );
    if (created.length === 0) return;
    for (const account of poolAccounts(pool, "demo"))
      await sql.run(
        "INSERT INTO accounts (id, kind, player_id, currency, balance, unit) VALUES ($1, $2, NULL, $3, 0, $4) ON CONFLICT (id) DO NOTHING",
        [account, poolKind("demo"), pool.currency, JP_UNIT],
      );
    if (seed > 0)
      await transfer(sql, {
        kind: KIND.seed,
        from: seedAccount("demo"),
        to: baseAccount(pool, "demo"),
        amount: seed,
        unit: JP_UNIT,
        note: `seed demo ${poolName(pool)}`,
        at: this.now(),
      });
  }

  /**
   * A paid round's contributions, in the round's transaction, after its steps (so after any
   * claim of its own) and its stake. Lock order of a request: the player's wallet, the win
   * counter (`jackpot_win_seq`, claims only), a claimed pool's base, the seed and paid accounts, the house cash shard, then the pool shard and the
   * house jpmicro shard — the same order in every request, so none can deadlock. Granted rounds
   * contribute nothing. A demo round feeds the demo twins, from the demo bank shard that took
   * its stake (the same lock order, with the demo bank in the house's place).
   */
  async contribute(
    sql: Sql,
    r: {
      game: AnyGame;
      bet: unknown;
      totalBet: number;
      paid: boolean;
      playerId: string;
      roundId: string;
      currency: string;
      /** A demo player's round: the demo twins are fed, from the demo bank. */
      demo: boolean;
      at: number;
    },
  ): Promise<void> {
    if (!r.paid || r.totalBet <= 0) return;
    const shard = shardOf(r.playerId);
    const scope = scopeOf(r.demo);
    const moves: { from: string; to: string; amount: number }[] = [];
    // The game's own pools, and the Jackpot Cards pools when the game includes them (fed by every qualifying paid bet).
    const sources: [string, ReadonlyMap<string, JackpotPoolSpec<unknown>>][] = [];
    const own = this.specs.get(r.game.id);
    if (own) sources.push([r.game.id, own]);
    const cards = r.game.jackpotCards ? this.specs.get(JACKPOT_CARDS_ID) : undefined;
    if (cards) sources.push([JACKPOT_CARDS_ID, cards]);
    for (const [gameId, byId] of sources)
      for (const spec of byId.values()) {
        const key = spec.contributesTo(r.bet, r.currency);
        if (key === null || spec.seeds[r.currency]?.[key] === undefined) continue;
        const amount = contributionMicro(r.totalBet, spec.rateBps);
        if (amount === 0) continue;
        const pool = { gameId, pool: spec.id, currency: r.currency, key };
        moves.push({ from: contributionSource(scope, spec.funding, r.playerId), to: shardAccount(pool, shard, scope), amount });
      }
    if (moves.length === 0) return;
    // Every contribution of the request in three statements (transactions, entries, accounts), on both databases.
    await this.contributeHeld(sql, moves, r.roundId, r.at);
  }

  /**
   * The contributions as held writes (on PostgreSQL no round trip of their own: they travel
   * with the request's next statement; on SQLite three statements instead of three per pool): the transactions, their entries with the balances
   * after them (the balance before, read in the same statement, plus the request's earlier
   * movements on that account), then one update of every account moved. Exact because every
   * writer of these accounts (the player's pool shards, house and funding jpmicro shards)
   * already holds the player's house cash shard, locked by the stake before this runs: no
   * other transaction can change them between this statement's snapshot and its update.
   * The update comes last, so the balances read are the ones before it whether the held
   * writes are sent as one statement or one after another.
   */
  private async contributeHeld(sql: Sql, moves: { from: string; to: string; amount: number }[], roundId: string, at: number) {
    const tx: unknown[] = [];
    const entries: unknown[] = [];
    const delta = new Map<string, number>();
    const rows: string[] = [];
    const entryRows: string[] = [];
    for (const m of moves) {
      const id = newId("tx");
      const t = tx.length;
      tx.push(id, KIND.contribution, roundId, m.amount, at, JP_UNIT);
      rows.push(`($${t + 1}, $${t + 2}, NULL, $${t + 3}, $${t + 4}, NULL, $${t + 5}, NULL, $${t + 6})`);
      for (const [account, amount] of [
        [m.to, m.amount],
        [m.from, -m.amount],
      ] as const) {
        const after = (delta.get(account) ?? 0) + amount;
        delta.set(account, after);
        const e = entries.length;
        entries.push(id, account, amount, after);
        entryRows.push(
          `($${e + 1}, $${e + 2}, CAST($${e + 3} AS BIGINT), (SELECT balance FROM accounts WHERE id = $${e + 2}) + CAST($${e + 4} AS BIGINT))`,
        );
      }
    }
    await sql.write(
      `INSERT INTO transactions (id, kind, player_id, round_id, amount, balance_after, created_at, note, unit) VALUES ${rows.join(", ")}`,
      tx,
    );
    await sql.write(
      `INSERT INTO ledger_entries (tx_id, account_id, amount, balance_after) VALUES ${entryRows.join(", ")}`,
      entries,
    );
    const ids = [...delta.keys()];
    const cases = ids.map((_, i) => `WHEN $${2 * i + 1} THEN CAST($${2 * i + 2} AS BIGINT)`).join(" ");
    const params = ids.flatMap((id) => [id, delta.get(id) as number]);
    await sql.write(
      `UPDATE accounts SET balance = balance + CASE id ${cases} END WHERE id IN (${ids.map((_, i) => `$${2 * i + 1}`).join(", ")})`,
      params,
    );
  }

  /** A pool's current value, micro-units: base + shards, as committed now (its demo twin's for `demo`). */
  async value(sql: Sql, p: { pool: PoolId }, scope: PoolScope = "real"): Promise<number> {
    const ids = poolAccounts(p.pool, scope);
    const row = await sql.one<{ total: number }>(
      `SELECT COALESCE(SUM(balance), 0) AS total FROM accounts WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})`,
      ids,
    );
    return Number(row?.total ?? 0);
  }

  /**
   * Locks the pool's base account (claims on one pool queue here, and only here) and returns
   * its balance and the pool's value: base + the contribution shards as committed now.
   */
  private async lockPool(sql: Sql, pool: PoolId, scope: PoolScope = "real"): Promise<{ base: number; value: number }> {
    const lock = this.db.dialect === "postgres" ? " FOR UPDATE" : "";
    const base = await sql.one<{ balance: number }>(`SELECT balance FROM accounts WHERE id = $1${lock}`, [
      baseAccount(pool, scope),
    ]);
    if (!base) throw new Error(`${scope === "demo" ? "demo " : ""}pool ${poolName(pool)} does not exist`);
    return { base: Number(base.balance), value: await this.value(sql, { pool }, scope) };
  }

  /**
   * An operator adjustment of a pool, micro-units (+ from the seed account, - back to it),
   * with a reason, audited in the same transaction; refused (409) if it would take the pool
   * below its seed. Inside `within` when given (the admin call's idempotency transaction).
   */
  async adjust(
    input: { pool: PoolId; amount: number; reason: string; who: string },
    within?: Sql,
  ): Promise<{ beforeMicro: number; afterMicro: number }> {
    const seed = this.specs.get(input.pool.gameId)?.get(input.pool.pool)?.seeds[input.pool.currency]?.[input.pool.key];
    if (seed === undefined) throw new ApiProblem(404, "POOL_NOT_FOUND", `no pool ${poolName(input.pool)}`);
    const work = async (sql: Sql) => {
      const { value } = await this.lockPool(sql, input.pool);
      const after = value + input.amount;
      if (after < seed)
        throw new ApiProblem(409, "BELOW_SEED", `the pool would fall below its seed (${seed} micro-units)`, {
          currentMicro: value,
          seedMicro: seed,
        });
      const at = this.now();
      await transfer(sql, {
        kind: KIND.adjustment,
        from: input.amount > 0 ? SEED_ACCOUNT : baseAccount(input.pool),
        to: input.amount > 0 ? baseAccount(input.pool) : SEED_ACCOUNT,
        amount: Math.abs(input.amount),
        unit: JP_UNIT,
        note: `${input.who}: ${input.reason}`,
        at,
      });
      await audit(sql, "jackpot-adjust", {
        pool: input.pool,
        amount: input.amount,
        reason: input.reason,
        who: input.who,
        before: value,
        after,
      });
      await this.signals.send(sql, {
        t: "pool",
        g: input.pool.gameId,
        p: input.pool.pool,
        c: input.pool.currency,
        k: input.pool.key,
      });
      return { beforeMicro: value, afterMicro: after };
    };
    return within ? work(within) : this.db.tx(work);
  }

  /**
   * Wins `numerator/denominator` of the pool now: pays it rounded down to the cent (the
   * round adds it to its win), takes exactly that from the base, tops the pool back up to
   * its seed from the seed account, counts the hit and records the win. With `hold` (the
   * round may not show it yet: `GameModule.hidesClaim`) the win is recorded unnumbered and
   * unannounced; {@link announceHeld} announces it when the round shows it.
   */
  async claim(
    sql: Sql,
    p: { pool: PoolId; seed: number },
    numerator: number,
    denominator: number,
    call: { playerId: string; roundId: string; at: number; demo?: boolean; stepIndex?: number; hold?: boolean },
  ): Promise<JackpotWin> {
    // A demo round claims the pool's demo twin, paid by the demo bank, and leaves no record
    // beside its round: no win number, no hit, no `jackpot_wins` row, no notice to anyone.
    const scope = scopeOf(call.demo);
    const hold = call.hold === true;
    let seq = 0;
    if (scope === "real") {
      // The win counter first: its row is locked until commit, so numbers are given in commit
      // order (the push channel replays "every win after n" from them). Every claim takes it
      // before its pool's base, held ones too (without a number), so the locks cannot deadlock.
      if (hold) await sql.run("UPDATE jackpot_win_seq SET last = last WHERE id = 1");
      else seq = await this.nextSeq(sql);
    }
    const { value: before } = await this.lockPool(sql, p.pool, scope);
    const c = claimPool(before, p.seed, numerator, denominator);
    if (c.paidMinor > 0)
      await transfer(sql, {
        kind: KIND.payout,
        from: baseAccount(p.pool, scope),
        to: paidAccount(scope),
        amount: c.paidMinor * MICRO_PER_MINOR,
        roundId: call.roundId,
        unit: JP_UNIT,
        at: call.at,
      });
    if (c.seedFundingMicro > 0)
      await transfer(sql, {
        kind: KIND.seed,
        from: seedAccount(scope),
        to: baseAccount(p.pool, scope),
        amount: c.seedFundingMicro,
        roundId: call.roundId,
        unit: JP_UNIT,
        note: `top-up ${scope === "demo" ? "demo " : ""}${poolName(p.pool)}`,
        at: call.at,
      });
    if (scope === "demo")
      return {
        id: "",
        seq: 0,
        paidMinor: c.paidMinor,
        poolBeforeMicro: before,
        seedFundingMicro: c.seedFundingMicro,
        poolAfterMicro: c.poolAfterMicro,
      };
    const win: JackpotWin = {
      id: newId("jw"),
      seq,
      paidMinor: c.paidMinor,
      poolBeforeMicro: before,
      seedFundingMicro: c.seedFundingMicro,
      poolAfterMicro: c.poolAfterMicro,
    };
    await sql.run(
      "UPDATE jackpot_pools SET hits = hits + 1 WHERE game_id = $1 AND pool_id = $2 AND currency = $3 AND pool_key = $4",
      [p.pool.gameId, p.pool.pool, p.pool.currency, p.pool.key],
    );
    await sql.run(
      "INSERT INTO jackpot_wins (id, game_id, pool_id, currency, pool_key, round_id, player_id, numerator, denominator, paid_minor, pool_before_micro, seed_funding_micro, pool_after_micro, at, seq, announced_at, step_index) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
      [
        win.id,
        p.pool.gameId,
        p.pool.pool,
        p.pool.currency,
        p.pool.key,
        call.roundId,
        call.playerId,
        numerator,
        denominator,
        win.paidMinor,
        before,
        win.seedFundingMicro,
        win.poolAfterMicro,
        call.at,
        hold ? null : seq,
        hold ? null : call.at,
        call.stepIndex ?? null,
      ],
    );
    if (!hold) await this.signals.send(sql, { t: "win", seq });
    return win;
  }

  /**
   * Announces the round's held wins, in the order they were claimed, in the transaction of
   * the step that shows them (or ends the round): each takes the next win number (the
   * counter stays locked to the commit, so numbers still follow commit order) and is
   * signalled, so the push channel sends it once, at that commit. Returns how many.
   */
  async announceHeld(sql: Sql, roundId: string, at: number): Promise<number> {
    const held = await sql.query<{ id: string }>(
      "SELECT id FROM jackpot_wins WHERE round_id = $1 AND seq IS NULL ORDER BY step_index, id",
      [roundId],
    );
    for (const { id } of held) {
      const seq = await this.nextSeq(sql);
      await sql.run("UPDATE jackpot_wins SET seq = $1, announced_at = $2 WHERE id = $3", [seq, at, id]);
      await this.signals.send(sql, { t: "win", seq });
    }
    return held.length;
  }

  /**
   * What the round's held claims paid (minor units): jackpots it won but has not shown its
   * player yet (`GameModule.hidesClaim`). A cancelled round counts them as won so far.
   */
  async heldMinor(sql: Sql, roundId: string): Promise<number> {
    const row = await sql.one<{ total: number | null }>(
      "SELECT SUM(paid_minor) AS total FROM jackpot_wins WHERE round_id = $1 AND seq IS NULL",
      [roundId],
    );
    return Number(row?.total ?? 0);
  }

  /** The next win number; locks the counter row to the commit. */
  private async nextSeq(sql: Sql): Promise<number> {
    const next = await sql.one<{ last: number }>("UPDATE jackpot_win_seq SET last = last + 1 WHERE id = 1 RETURNING last");
    if (!next) throw new Error("jackpot_win_seq has no row");
    return Number(next.last);
  }
}
