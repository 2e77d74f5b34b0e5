/**
 * Jackpot meters and the pool invariant, from the ledger (the reconciliation report and the
 * admin API read this): per pool, contributions + seed funding + adjustments = paid + current
 * value, to the micro-unit; no pool below its seed; pool accounts only ever debited by a
 * payout or an audited adjustment; what the ledger paid equals what the win records paid.
 */
import { MICRO_PER_MINOR } from "@reelhouse/engine";
import type { Sql } from "../db/database.js";
import { JP_UNIT, KIND, type PoolRow } from "./pools.js";

export interface PoolMeter {
  gameId: string;
  pool: string;
  currency: string;
  key: string;
  name: string;
  funding: string;
  rateBps: number;
  seedMicro: number;
  contributionsMicro: number;
  seedFundingMicro: number;
  adjustmentsMicro: number;
  paidMicro: number;
  currentMicro: number;
  hits: number;
  /** Σ paid_minor x 10,000 of the win records. */
  winsPaidMicro: number;
  ok: boolean;
}

const poolOfAccount = (id: string) => id.slice(3, id.lastIndexOf("#"));

export async function jackpotMeters(sql: Sql): Promise<{ pools: PoolMeter[]; badDebits: number; ok: boolean }> {
  const pools = await sql.query<PoolRow>("SELECT * FROM jackpot_pools ORDER BY game_id, pool_id, currency, pool_key");
  if (pools.length === 0) return { pools: [], badDebits: 0, ok: true };
  const flows = await sql.query<{ account_id: string; kind: string; total: number; n: number }>(
    `SELECT e.account_id, t.kind, COALESCE(SUM(e.amount), 0) AS total, COUNT(*) AS n FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id WHERE t.unit = '${JP_UNIT}' AND e.account_id LIKE 'jp:%' GROUP BY e.account_id, t.kind`,
  );
  const balances = await sql.query<{ id: string; balance: number }>(
    `SELECT id, balance FROM accounts WHERE unit = '${JP_UNIT}' AND kind = 'jackpot'`,
  );
  const bad = await sql.one<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id WHERE t.unit = '${JP_UNIT}' AND e.account_id LIKE 'jp:%' AND e.amount < 0 AND t.kind NOT IN ('${KIND.payout}', '${KIND.adjustment}')`,
  );
  const wins = await sql.query<{ game_id: string; pool_id: string; currency: string; pool_key: string; paid: number }>(
    "SELECT game_id, pool_id, currency, pool_key, COALESCE(SUM(paid_minor), 0) AS paid FROM jackpot_wins GROUP BY game_id, pool_id, currency, pool_key",
  );
  const name = (p: { game_id: string; pool_id: string; currency: string; pool_key: string }) =>
    `${p.game_id}/${p.pool_id}/${p.currency}/${p.pool_key}`;
  const sums = new Map<string, Record<string, number>>();
  const add = (pool: string, field: string, amount: number) => {
    const s = sums.get(pool) ?? {};
    s[field] = (s[field] ?? 0) + amount;
    sums.set(pool, s);
  };
  for (const f of flows) add(poolOfAccount(f.account_id), f.kind, Number(f.total));
  for (const b of balances) add(poolOfAccount(b.id), "current", Number(b.balance));
  const paidByWins = new Map(wins.map((w) => [name(w), Number(w.paid) * MICRO_PER_MINOR]));
  const meters = pools.map((p): PoolMeter => {
    const s = sums.get(name(p)) ?? {};
    const m = {
      gameId: p.game_id,
      pool: p.pool_id,
      currency: p.currency,
      key: p.pool_key,
      name: p.name,
      funding: p.funding,
      rateBps: Number(p.rate_bps),
      seedMicro: Number(p.seed_micro),
      contributionsMicro: s[KIND.contribution] ?? 0,
      seedFundingMicro: s[KIND.seed] ?? 0,
      adjustmentsMicro: s[KIND.adjustment] ?? 0,
      paidMicro: -(s[KIND.payout] ?? 0),
      currentMicro: s.current ?? 0,
      hits: Number(p.hits),
      winsPaidMicro: paidByWins.get(name(p)) ?? 0,
    };
    const ok =
      m.contributionsMicro + m.seedFundingMicro + m.adjustmentsMicro === m.paidMicro + m.currentMicro &&
      m.currentMicro >= m.seedMicro &&
      m.paidMicro === m.winsPaidMicro;
    return { ...m, ok };
  });
  const badDebits = Number(bad?.n ?? 0);
  return { pools: meters, badDebits, ok: badDebits === 0 && meters.every((m) => m.ok) };
}
