/**
 * The ledger accounts of jackpot pools, for real money and for demo play (docs/jackpots.md
 * §2 and "Demo play"). Demo rounds never touch a real pool: every declared pool has a demo
 * twin with the same seed, rate and rules, whose money comes from and goes back to the demo
 * bank only, and whose wins no real player sees.
 *
 *                       real                           demo
 *   pool shard k        jp:<pool>#kk@jpmicro           jpdemo:<pool>#kk@jpmicro
 *   pool base           jp:<pool>#base@jpmicro         jpdemo:<pool>#base@jpmicro
 *   contribution from   house:k@jpmicro (wager) or     demo:k@jpmicro (the demo bank's shard, both fundings)
 *                       jackpot-funding:k@jpmicro
 *   seed and top-ups    jackpot-seed@jpmicro           demo-jackpot-seed@jpmicro
 *   payouts to          house-jackpot@jpmicro          demo-jackpot@jpmicro
 *
 * Every demo account is of kind `demo` (the demo bank's), every real one of kind `jackpot`,
 * `house`, `jackpot-seed` or `jackpot-funding`.
 */
import { DEMO, demoAccount, HOUSE, HOUSE_SHARDS, houseAccount } from "../ledger.js";

/** The ledger unit of pool money: micro-units of the currency. */
export const JP_UNIT = "jpmicro";
/** Shards per pool (as many as the house's, so a player's house shard names their pool shard). */
export const POOL_SHARDS = HOUSE_SHARDS;
/** Operator account that funds seeds and top-ups (and takes back audited adjustments). */
export const SEED_ACCOUNT = `jackpot-seed@${JP_UNIT}`;
/** Operator accounts that pay operator-funded contributions, sharded like the house (`jackpot-funding:k@jpmicro`). */
export const fundingAccount = (shard: number) => `jackpot-funding:${shard}@${JP_UNIT}`;
/** The house's side of jackpot payouts: what pools paid through the house's cash wins. */
export const PAID_ACCOUNT = `house-jackpot@${JP_UNIT}`;
/** The demo bank's side of demo pools' seeds and top-ups. */
export const DEMO_SEED_ACCOUNT = `demo-jackpot-seed@${JP_UNIT}`;
/** The demo bank's side of demo pools' payouts. */
export const DEMO_PAID_ACCOUNT = `demo-jackpot@${JP_UNIT}`;

/** Whose pools: real money's, or demo play's own twins. */
export type PoolScope = "real" | "demo";
export const scopeOf = (demo: boolean | undefined): PoolScope => (demo === true ? "demo" : "real");

/** One pool: a game's pool id in one currency at one key. */
export interface PoolId {
  gameId: string;
  pool: string;
  currency: string;
  key: string;
}

export const poolName = (p: PoolId) => `${p.gameId}/${p.pool}/${p.currency}/${p.key}`;
const prefix = (scope: PoolScope) => (scope === "demo" ? "jpdemo" : "jp");
/** The ledger account of one shard of a pool. */
export const shardAccount = (p: PoolId, shard: number, scope: PoolScope = "real") =>
  `${prefix(scope)}:${poolName(p)}#${String(shard).padStart(2, "0")}@${JP_UNIT}`;
/** The base account of a pool: takes seeds, pays wins, takes adjustments (it may go below zero; the pool is base + shards). */
export const baseAccount = (p: PoolId, scope: PoolScope = "real") => `${prefix(scope)}:${poolName(p)}#base@${JP_UNIT}`;
/** Every account of a pool: the contribution shards and the base. */
export const poolAccounts = (p: PoolId, scope: PoolScope = "real") => [
  ...Array.from({ length: POOL_SHARDS }, (_, i) => shardAccount(p, i, scope)),
  baseAccount(p, scope),
];
/** The account kind of a scope's pool accounts. */
export const poolKind = (scope: PoolScope) => (scope === "demo" ? DEMO : "jackpot");
/** The seed account of a scope. */
export const seedAccount = (scope: PoolScope) => (scope === "demo" ? DEMO_SEED_ACCOUNT : SEED_ACCOUNT);
/** The payout account of a scope. */
export const paidAccount = (scope: PoolScope) => (scope === "demo" ? DEMO_PAID_ACCOUNT : PAID_ACCOUNT);

/** The shard index of a player (that of their house shard, and of their demo bank shard). */
export function shardOf(playerId: string): number {
  const house = houseAccount(playerId);
  return house === HOUSE ? 0 : Number(house.slice(HOUSE.length + 1));
}

/**
 * Who pays a player's contribution: for real money the house shard that took the stake
 * (wager-funded) or the operator's funding shard; in demo play always the demo bank shard
 * that took the demo stake (so every writer of it already holds that shard's cash lock).
 */
export function contributionSource(scope: PoolScope, funding: string, playerId: string): string {
  if (scope === "demo") return `${demoAccount(playerId)}@${JP_UNIT}`;
  return funding === "wager" ? `${houseAccount(playerId)}@${JP_UNIT}` : fundingAccount(shardOf(playerId));
}

/** The system accounts of a scope's pools, with their kinds. */
export function systemAccounts(scope: PoolScope): [string, string][] {
  const out: [string, string][] =
    scope === "demo"
      ? [
          [DEMO_SEED_ACCOUNT, DEMO],
          [DEMO_PAID_ACCOUNT, DEMO],
        ]
      : [
          [SEED_ACCOUNT, "jackpot-seed"],
          [PAID_ACCOUNT, HOUSE],
        ];
  for (let shard = 0; shard < HOUSE_SHARDS; shard++) {
    if (scope === "demo") out.push([`${shard === 0 ? DEMO : `${DEMO}:${shard}`}@${JP_UNIT}`, DEMO]);
    else {
      out.push([`${shard === 0 ? HOUSE : `${HOUSE}:${shard}`}@${JP_UNIT}`, HOUSE]);
      out.push([fundingAccount(shard), "jackpot-funding"]);
    }
  }
  return out;
}
