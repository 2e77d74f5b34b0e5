/**
 * Reconciliation (GET /admin/reconciliation): Σ bets, wins, refunds, adjustments and grant
 * stakes over a period, and the ledger's checks — every unit's accounts sum to zero, the
 * entries sum to zero, no player balance is negative, every account equals its entries.
 * Real money and demo play are reported apart: a movement is demo play's when one of its
 * entries is on a demo bank account (kind `demo`: the demo bank, its unit and jackpot accounts,
 * demo pools), and no real figure includes one.
 */
import type { Database } from "./db/database.js";
import { checkQuery, MAX_TIME, timeParam } from "./input.js";
import { jackpotMeters } from "./jackpots/report.js";

/**
 * An exact sum read back from SQL as text (`CAST(SUM(…) AS TEXT)`): sums over many rows may
 * exceed 2^53, where a JavaScript number would round.
 */
const big = (text: unknown): bigint => BigInt(text === null || text === undefined ? 0 : String(text));

/** A sum for the JSON answer: a number while it is exact as one, else its decimal digits as a string. */
export const exact = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();

/** Cash movements by kind, and the total of one kind. */
function cashFigures(rows: readonly { kind: string; unit: string; n: number; total: string }[]) {
  const cash = rows.filter((r) => r.unit === "cash");
  return {
    kinds: Object.fromEntries(cash.map((r) => [r.kind, { count: Number(r.n), amount: exact(big(r.total)) }])),
    kindTotal: (kind: string) => big(cash.find((r) => r.kind === kind)?.total),
  };
}

export async function reconciliation(db: Database, query: Record<string, unknown>) {
  const q = checkQuery(query, ["from", "to"]);
  const to = timeParam(q.to, "to", Math.min(Date.now() + 1, MAX_TIME));
  const from = timeParam(q.from, "from", 0);
  return db.read(async (sql) => {
    const movements = await sql.query<{ kind: string; unit: string; demo: number; n: number; total: string }>(
      "SELECT t.kind, t.unit, CASE WHEN EXISTS (SELECT 1 FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.tx_id = t.id AND a.kind = 'demo') THEN 1 ELSE 0 END AS demo, COUNT(*) AS n, CAST(COALESCE(SUM(t.amount), 0) AS TEXT) AS total FROM transactions t WHERE t.created_at >= $1 AND t.created_at < $2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
      [from, to],
    );
    const byKind = movements.filter((m) => Number(m.demo) === 0);
    const demoByKind = movements.filter((m) => Number(m.demo) === 1);
    const accounts = await sql.query<{ kind: string; unit: string; n: number; total: string }>(
      "SELECT kind, unit, COUNT(*) AS n, CAST(COALESCE(SUM(balance), 0) AS TEXT) AS total FROM accounts GROUP BY kind, unit ORDER BY kind, unit",
    );
    const entries = await sql.one<{ total: string; n: number }>(
      "SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) AS total, COUNT(*) AS n FROM ledger_entries",
    );
    const negative = await sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'player' AND balance < 0");
    const mismatch = await sql.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM accounts a WHERE a.balance <> (SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)",
    );
    // Entries whose transaction moved another unit than their account holds: a cross-unit entry would break each unit's zero sum.
    const crossUnit = await sql.one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM ledger_entries e JOIN transactions t ON t.id = e.tx_id JOIN accounts a ON a.id = e.account_id WHERE a.unit <> t.unit",
    );
    const rounds = await sql.query<{ status: string; demo: number; n: number; bets: string; granted: string; wins: string }>(
      "SELECT status, demo, COUNT(*) AS n, CAST(COALESCE(SUM(CASE WHEN paid = 1 THEN total_bet ELSE 0 END), 0) AS TEXT) AS bets, CAST(COALESCE(SUM(CASE WHEN paid = 0 THEN total_bet ELSE 0 END), 0) AS TEXT) AS granted, CAST(COALESCE(SUM(settled), 0) AS TEXT) AS wins FROM rounds WHERE started_at >= $1 AND started_at < $2 GROUP BY status, demo ORDER BY status, demo",
      [from, to],
    );
    const jackpots = await jackpotMeters(sql);
    const cash = cashFigures(byKind);
    const kindTotal = cash.kindTotal;
    type Moved = Record<string, { count: number; amount: number | string }>;
    const unitSums = new Map<string, bigint>();
    const unitTotals: Record<string, { sum: number | string; transactions: Moved; demoTransactions: Moved }> = {};
    for (const a of accounts) unitSums.set(a.unit, (unitSums.get(a.unit) ?? 0n) + big(a.total));
    for (const [unit, sum] of unitSums) unitTotals[unit] = { sum: exact(sum), transactions: {}, demoTransactions: {} };
    for (const r of movements) {
      if (r.unit === "cash") continue;
      const totals = unitTotals[r.unit] ?? { sum: 0, transactions: {}, demoTransactions: {} };
      unitTotals[r.unit] = totals;
      (Number(r.demo) === 1 ? totals.demoTransactions : totals.transactions)[r.kind] = {
        count: Number(r.n),
        amount: exact(big(r.total)),
      };
    }
    const demo = cashFigures(demoByKind);
    const accountSum = accounts.reduce((sum, r) => sum + big(r.total), 0n);
    const everyUnitZero = [...unitSums.values()].every((sum) => sum === 0n);
    const entrySum = big(entries?.total);
    const cashAccounts = accounts.filter((r) => r.unit === "cash");
    const roundsOf = (demo: number) =>
      Object.fromEntries(
        rounds
          .filter((r) => Number(r.demo) === demo)
          .map((r) => [
            r.status,
            { count: Number(r.n), bets: exact(big(r.bets)), granted: exact(big(r.granted)), settled: exact(big(r.wins)) },
          ]),
      );
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      /** Real-money cash movements by kind (demo play's are under `demo`). */
      transactions: cash.kinds,
      bets: exact(-kindTotal("bet")),
      wins: exact(kindTotal("win")),
      refunds: exact(kindTotal("refund")),
      adjustments: exact(kindTotal("credit") + kindTotal("debit")),
      /** Stakes of granted rounds paid by promotions, net of voided ones. */
      grantStakes: exact(kindTotal("grant-stake") - kindTotal("grant-stake-refund")),
      /** Real-money rounds by status. */
      rounds: roundsOf(0),
      /** Demo rounds by status (demo money only: the demo bank's). */
      demoRounds: roundsOf(1),
      /** Demo play's cash movements (against the demo bank only), apart from every real figure. */
      demo: {
        transactions: demo.kinds,
        bets: exact(-demo.kindTotal("bet")),
        wins: exact(demo.kindTotal("win")),
        refunds: exact(demo.kindTotal("refund")),
        adjustments: exact(demo.kindTotal("credit") + demo.kindTotal("debit") + demo.kindTotal("demo-funding")),
      },
      accounts: Object.fromEntries(cashAccounts.map((r) => [r.kind, { count: Number(r.n), balance: exact(big(r.total)) }])),
      /** Per unit: the sum of its accounts (0 when balanced) and its movements in the period, real and demo apart (cash is above). */
      units: unitTotals,
      accountSum: exact(accountSum),
      entrySum: exact(entrySum),
      negativePlayerBalances: Number(negative?.n ?? 0),
      accountsNotMatchingEntries: Number(mismatch?.n ?? 0),
      crossUnitEntries: Number(crossUnit?.n ?? 0),
      /** Per pool: contributions + seed funding + adjustments = paid + current, never below seed (jackpots/report.ts). */
      jackpots,
      balanced:
        jackpots.ok &&
        accountSum === 0n &&
        everyUnitZero &&
        entrySum === 0n &&
        Number(negative?.n ?? 0) === 0 &&
        Number(mismatch?.n ?? 0) === 0 &&
        Number(crossUnit?.n ?? 0) === 0,
    };
  });
}
