import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { openDatabase } from "./db/open.js";
import {
  ensureSystemAccounts,
  HOUSE,
  HOUSE_SHARDS,
  houseAccount,
  lockBalance,
  type Movement,
  moveAll,
  playerAccount,
} from "./ledger.js";

let db: Database;
let dir: string;
let players = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reelhouse-ledger-"));
  db = await openDatabase(join(dir, "db.sqlite"));
  await db.tx((sql) => ensureSystemAccounts(sql, "EUR"));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A player with `balance` on their account (funded by the house, through the ledger). */
async function player(balance: number): Promise<string> {
  const id = `p${++players}`;
  await db.tx(async (sql) => {
    await sql.run(
      "INSERT INTO players (id, name, currency, demo, jurisdiction, created_at) VALUES ($1, 'p', 'EUR', 1, 'default', 0)",
      [id],
    );
    await sql.run("INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, 'player', $2, 'EUR', 0)", [
      playerAccount(id),
      id,
    ]);
    if (balance > 0) await moveAll(sql, [{ kind: "credit", playerId: id, amount: balance, counterparty: HOUSE, at: 1 }]);
  });
  return id;
}

const movement = (playerId: string, amount: number, kind: Movement["kind"] = amount < 0 ? "bet" : "win"): Movement => ({
  kind,
  playerId,
  roundId: "rd_test",
  amount,
  counterparty: HOUSE,
  at: 2,
});

async function history(playerId: string) {
  return db.read(async (sql) => ({
    transactions: await sql.query<{ id: string; kind: string; amount: number; balance_after: number }>(
      "SELECT id, kind, amount, balance_after FROM transactions WHERE player_id = $1 ORDER BY id",
      [playerId],
    ),
    balance: await lockBalance(sql, playerId, ""),
  }));
}

async function ledgerChecks() {
  return db.read(async (sql) => ({
    accountSum: (await sql.one<{ s: number }>("SELECT COALESCE(SUM(balance), 0) AS s FROM accounts"))?.s,
    entrySum: (await sql.one<{ s: number }>("SELECT COALESCE(SUM(amount), 0) AS s FROM ledger_entries"))?.s,
    mismatched: (
      await sql.one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM accounts a WHERE a.balance <> (SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)",
      )
    )?.n,
  }));
}

describe("ledger: several movements in one call", () => {
  it("writes a bet and its win as two transactions with the balance after each, in order", async () => {
    const id = await player(1000);
    const moved = await db.tx((sql) => moveAll(sql, [movement(id, -150), movement(id, 400)]));
    expect(moved.map((m) => m.balanceAfter)).toEqual([850, 1250]);
    const { transactions, balance } = await history(id);
    expect(balance).toBe(1250);
    expect(transactions.map((t) => [t.kind, t.amount, t.balance_after])).toEqual([
      ["credit", 1000, 1000],
      ["bet", -150, 850],
      ["win", 400, 1250],
    ]);
    const entries = await db.read((sql) =>
      sql.query<{ account_id: string; amount: number; balance_after: number }>(
        "SELECT account_id, amount, balance_after FROM ledger_entries WHERE tx_id = $1 ORDER BY amount",
        [moved[0]?.txId],
      ),
    );
    expect(entries.map((e) => [e.account_id, e.amount])).toEqual([
      [playerAccount(id), -150],
      [HOUSE, 150],
    ]);
    expect(await ledgerChecks()).toEqual({ accountSum: 0, entrySum: 0, mismatched: 0 });
  });

  it("refuses the whole list when the balance would dip below zero before a later credit", async () => {
    const id = await player(100);
    await expect(db.tx((sql) => moveAll(sql, [movement(id, -150), movement(id, 400)]))).rejects.toMatchObject({
      status: 402,
      code: "INSUFFICIENT_FUNDS",
    });
    const { transactions, balance } = await history(id);
    expect(balance).toBe(100);
    expect(transactions).toHaveLength(1);
  });

  it("keeps every balance-after chain and the zero sum over random movement lists (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 5000 }),
        fc.array(
          fc.integer({ min: -3000, max: 3000 }).filter((a) => a !== 0),
          { minLength: 1, maxLength: 6 },
        ),
        async (start, amounts) => {
          const id = await player(start);
          let running = start;
          let lowest = start;
          for (const a of amounts) {
            running += a;
            lowest = Math.min(lowest, running);
          }
          const attempt = db.tx((sql) =>
            moveAll(
              sql,
              amounts.map((a) => movement(id, a)),
            ),
          );
          const { transactions, balance } = await (async () => {
            if (lowest < 0) {
              await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
            } else {
              await attempt;
            }
            return history(id);
          })();
          expect(balance).toBe(lowest < 0 ? start : running);
          // Each transaction's balance after = the previous one's + its amount.
          let previous = 0;
          for (const t of transactions) {
            expect(t.balance_after).toBe(previous + t.amount);
            previous = t.balance_after;
          }
          expect(previous).toBe(balance);
        },
      ),
      { numRuns: 40 },
    );
    expect(await ledgerChecks()).toEqual({ accountSum: 0, entrySum: 0, mismatched: 0 });
  });

  it("spreads players over every house shard, always the same shard per player, all of kind house", async () => {
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => houseAccount(`pl_${i}`)));
    expect(shards.size).toBe(HOUSE_SHARDS);
    expect(houseAccount("pl_42")).toBe(houseAccount("pl_42"));
    const rows = await db.read((sql) => sql.query<{ id: string }>("SELECT id FROM accounts WHERE kind = 'house' ORDER BY id"));
    expect(new Set(rows.map((r) => r.id))).toEqual(shards);
  });
});
