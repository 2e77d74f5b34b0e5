/**
 * Reconciliation (GET /admin/reconciliation): Σ bets, wins, refunds, adjustments and grant
 * stakes over a period, and the ledger's checks — every unit's accounts sum to zero, the
 * entries sum to zero, no player balance is negative, every account equals its entries.
 */
import type { Database } from "./db/database.js";
import { badRequest } from "./errors.js";
import { jackpotMeters } from "./jackpots/report.js";

export async function reconciliation(db: Database, query: Record<string, unknown>) {
  const to = query.to === undefined ? Date.now() + 1 : Number(query.to);
  const from = query.from === undefined ? 0 : Number(query.from);
  if (!Number.isFinite(to) || !Number.isFinite(from)) throw badRequest("BAD_QUERY", "from and to are epoch milliseconds");
  return db.read(async (sql) => {
    const byKind = await sql.query<{ kind: string; unit: string; n: number; total: number }>(
      "SELECT kind, unit, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM transactions WHERE created_at >= $1 AND created_at < $2 GROUP BY kind, unit ORDER BY kind, unit",
      [from, to],
    );
    const accounts = await sql.query<{ kind: string; unit: string; n: number; total: number }>(
      "SELECT kind, unit, COUNT(*) AS n, COALESCE(SUM(balance), 0) AS total FROM accounts GROUP BY kind, unit ORDER BY kind, unit",
    );
    const entries = await sql.one<{ total: number; n: number }>(
      "SELECT COALESCE(SUM(amount), 0) AS total, COUNT(*) AS n FROM ledger_entries",
    );
    const negative = await sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'player' AND balance < 0");
    const mismatch = await sql.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM accounts a WHERE a.balance <> (SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)",
    );
    // Entries whose transaction moved another unit than their account holds: a cross-unit entry would break each unit's zero sum.
    const crossUnit = await sql.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id JOIN accounts a ON a.id = e.account_id WHERE a.unit <> t.unit",
    );
    const rounds = await sql.query<{ status: string; n: number; bets: number; granted: number; wins: number }>(
      "SELECT status, COUNT(*) AS n, COALESCE(SUM(CASE WHEN paid = 1 THEN total_bet ELSE 0 END), 0) AS bets, COALESCE(SUM(CASE WHEN paid = 0 THEN total_bet ELSE 0 END), 0) AS granted, COALESCE(SUM(settled), 0) AS wins FROM rounds WHERE started_at >= $1 AND started_at < $2 GROUP BY status ORDER BY status",
      [from, to],
    );
    const jackpots = await jackpotMeters(sql);
    const cash = byKind.filter((r) => r.unit === "cash");
    const kinds = Object.fromEntries(cash.map((r) => [r.kind, { count: Number(r.n), amount: Number(r.total) }]));
    const unitTotals: Record<string, { sum: number; transactions: Record<string, { count: number; amount: number }> }> = {};
    for (const a of accounts) {
      unitTotals[a.unit] ??= { sum: 0, transactions: {} };
      (unitTotals[a.unit] as { sum: number }).sum += Number(a.total);
    }
    for (const r of byKind) {
      if (r.unit === "cash") continue;
      unitTotals[r.unit] ??= { sum: 0, transactions: {} };
      (unitTotals[r.unit] as { transactions: Record<string, unknown> }).transactions[r.kind] = {
        count: Number(r.n),
        amount: Number(r.total),
      };
    }
    const accountSum = accounts.reduce((sum, r) => sum + Number(r.total), 0);
    const everyUnitZero = Object.values(unitTotals).every((u) => u.sum === 0);
    const cashAccounts = accounts.filter((r) => r.unit === "cash");
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      transactions: kinds,
      bets: -(kinds.bet?.amount ?? 0),
      wins: kinds.win?.amount ?? 0,
      refunds: kinds.refund?.amount ?? 0,
      adjustments: (kinds.credit?.amount ?? 0) + (kinds.debit?.amount ?? 0) + (kinds["demo-funding"]?.amount ?? 0),
      /** Stakes of granted rounds paid by promotions, net of voided ones. */
      grantStakes: (kinds["grant-stake"]?.amount ?? 0) - (kinds["grant-stake-refund"]?.amount ?? 0),
      rounds: Object.fromEntries(
        rounds.map((r) => [
          r.status,
          { count: Number(r.n), bets: Number(r.bets), granted: Number(r.granted), settled: Number(r.wins) },
        ]),
      ),
      accounts: Object.fromEntries(cashAccounts.map((r) => [r.kind, { count: Number(r.n), balance: Number(r.total) }])),
      /** Per unit: the sum of its accounts (0 when balanced) and its movements in the period (cash is above). */
      units: unitTotals,
      accountSum,
      entrySum: Number(entries?.total ?? 0),
      negativePlayerBalances: Number(negative?.n ?? 0),
      accountsNotMatchingEntries: Number(mismatch?.n ?? 0),
      crossUnitEntries: Number(crossUnit?.n ?? 0),
      /** Per pool: contributions + seed funding + adjustments = paid + current, never below seed (jackpots/report.ts). */
      jackpots,
      balanced:
        jackpots.ok &&
        accountSum === 0 &&
        everyUnitZero &&
        Number(entries?.total ?? 0) === 0 &&
        Number(negative?.n ?? 0) === 0 &&
        Number(mismatch?.n ?? 0) === 0 &&
        Number(crossUnit?.n ?? 0) === 0,
    };
  });
}
