/**
 * Issue 17 point 8: one external player, one account. External ids are unique in the
 * database (`players_external_id`), compared as NFC, refused with control, invisible, bidi
 * or line-breaking characters (400 BAD_EXTERNAL_ID); a second create with the same id
 * answers the existing player (200) or 409, never a second account — also when 20 creates
 * race (on PostgreSQL across three nodes). Migration 7 on an older database that already
 * holds duplicates keeps every account and gives the id to the oldest.
 */
import { afterAll, describe, expect, it } from "vitest";
import { PostgresDatabase } from "../src/db/postgres.js";
import { MIGRATIONS } from "../src/db/schema.js";
import { SqliteDatabase } from "../src/db/sqlite.js";
import { playerAccount } from "../src/ledger.js";
import { ADMIN_KEY, api, BACKENDS, rowCounts, type TestServer, testServer } from "./helpers.js";

const admin = { "x-admin-key": ADMIN_KEY };
const PLAYERS = "/api/v1/admin/players";

const create = (t: TestServer, body: Record<string, unknown>) => api(t.app, "POST", PLAYERS, admin, body);
const playerRows = (t: TestServer) =>
  t.db.read((sql) => sql.query<{ id: string; external_id: string | null }>("SELECT id, external_id FROM players WHERE demo = 0"));

/** Ids the issue found accepted, and their kin: each is 400 BAD_EXTERNAL_ID. */
const REFUSED: Record<string, string> = {
  "right-to-left override U+202E": "user\u202E1gnp",
  "zero-width space U+200B": "user\u200B42",
  "left-to-right isolate U+2066": "\u2066user42\u2069",
  "first strong isolate U+2068": "user\u206842",
  "BOM U+FEFF": "\uFEFFuser42",
  newline: "user\n42",
  "carriage return": "user42\r",
  tab: "user\t42",
  "line separator U+2028": "user\u202842",
  "paragraph separator U+2029": "user\u202942",
  "soft hyphen U+00AD": "us\u00ADer42",
  "word joiner U+2060": "user\u206042",
  "left-to-right mark U+200E": "user42\u200E",
  "no-break space U+00A0": "user\u00A042",
  "Hangul filler U+3164": "user\u316442",
  "variation selector U+FE0F": "user42\uFE0F",
  "private use U+E000": "user\uE000",
  "leading space": " user42",
  "trailing space": "user42 ",
  empty: "",
  "too long": "x".repeat(201),
};

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`one player per external id, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("a second create with the same id answers the same player (200) or 409; NFC and NFD are one id", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const first = await create(t, { name: "Ann", externalId: "casino-42" });
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({ name: "Ann", externalId: "casino-42", created: true, balance: 0 });
        const again = await create(t, { name: "Ann", externalId: "casino-42" });
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ ...first.body, created: false });
        const renamed = await create(t, { name: "Bob", externalId: "casino-42" });
        expect(renamed.status).toBe(409);
        expect(renamed.body.error).toMatchObject({ code: "EXTERNAL_ID_TAKEN", details: { playerId: first.body.id } });
        const elsewhere = await create(t, { name: "Ann", externalId: "casino-42", jurisdiction: "GB" });
        expect([elsewhere.status, elsewhere.body.error.code]).toEqual([409, "EXTERNAL_ID_TAKEN"]);

        const nfc = "caf\u00e9";
        const nfd = "cafe\u0301";
        expect(nfc).not.toBe(nfd);
        const composed = await create(t, { name: "Cleo", externalId: nfc });
        const decomposed = await create(t, { name: "Cleo", externalId: nfd });
        expect([composed.status, decomposed.status]).toEqual([201, 200]);
        expect(decomposed.body.id).toBe(composed.body.id);
        expect(decomposed.body.externalId).toBe(nfc);
        // Stored as NFC, whichever form came first.
        const first2 = await create(t, { name: "Dora", externalId: "ne\u0301e" });
        expect(first2.body.externalId).toBe("n\u00e9e");
        const rows = await playerRows(t);
        expect(rows.map((r) => r.external_id).sort()).toEqual(["caf\u00e9", "casino-42", "n\u00e9e"]);
        // Case and inner ASCII spaces are part of the id.
        expect((await create(t, { name: "Ann", externalId: "CASINO-42" })).status).toBe(201);
        expect((await create(t, { name: "Eve", externalId: "casino 42" })).status).toBe(201);
        // Players without an external id are unaffected.
        expect((await create(t, { name: "Ann" })).status).toBe(201);
        expect((await create(t, { name: "Ann" })).status).toBe(201);
      } finally {
        await t.close();
      }
    });

    it("refuses ids with control, invisible, bidi or line-breaking characters (400 BAD_EXTERNAL_ID) and writes nothing", async () => {
      const t = await testServer(backend.freshUrl());
      try {
        const before = await rowCounts(t.db);
        for (const [what, externalId] of Object.entries(REFUSED)) {
          const res = await create(t, { name: "Mallory", externalId });
          expect([res.status, res.body.error?.code], what).toEqual([400, "BAD_EXTERNAL_ID"]);
        }
        // NUL and lone surrogates are refused in any field of any body, before the field is read.
        for (const externalId of ["user\u000042", "user\uD800"]) {
          const res = await create(t, { name: "Mallory", externalId });
          expect([res.status, res.body.error?.code]).toEqual([400, "BAD_BODY"]);
        }
        for (const externalId of [42, true, [], {}]) {
          const res = await create(t, { name: "Mallory", externalId });
          expect([res.status, res.body.error?.code], JSON.stringify(externalId)).toEqual([400, "BAD_EXTERNAL_ID"]);
        }
        expect(await rowCounts(t.db)).toEqual(before);
        // Letters of any script, digits and punctuation are ids.
        for (const externalId of ["Ωμέγα-7", "用户_99", "o'brien@example.com", "x".repeat(200)]) {
          expect((await create(t, { name: "Ok", externalId })).status, externalId).toBe(201);
        }
      } finally {
        await t.close();
      }
    });

    it(`20 creates of one id at once make one player${backend.name === "postgres" ? " (across three nodes)" : ""}; the database refuses a duplicate row`, async () => {
      const url = backend.freshUrl();
      const all = await Promise.all(Array.from({ length: backend.name === "postgres" ? 3 : 1 }, () => testServer(url)));
      const [t] = all as [TestServer];
      try {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            create(all[i % all.length] as TestServer, { name: "Zoë", externalId: i % 2 === 0 ? "zo\u00eb-1" : "zoe\u0308-1" }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
        expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
        expect((await playerRows(t)).filter((r) => r.external_id === "zo\u00eb-1")).toHaveLength(1);
        // Below the API: the unique index itself.
        await expect(
          t.db.tx((sql) =>
            sql.run(
              "INSERT INTO players (id, name, currency, demo, jurisdiction, external_id, created_at) VALUES ('pl_dup', 'x', 'EUR', 0, 'default', $1, 0)",
              ["zo\u00eb-1"],
            ),
          ),
        ).rejects.toThrow(/unique|UNIQUE/);
      } finally {
        for (const n of all) await n.close();
      }
    });

    it("migration 7 on an older database with duplicate ids keeps every account; the oldest keeps the id", async () => {
      const url = backend.freshUrl();
      const old = backend.name === "postgres" ? new PostgresDatabase(url) : new SqliteDatabase(url);
      if (old instanceof PostgresDatabase) await old.ensureSchema();
      const create6 =
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)";
      for (const m of MIGRATIONS.filter((m) => m.version < 7)) {
        const record = `INSERT INTO schema_migrations VALUES (${m.version}, 'v${m.version}', 0)`;
        if (old instanceof SqliteDatabase) old.execScript(`${m.version === 1 ? `${create6};` : ""}${m.sql};${record};`);
        else await old.tx((sql) => sql.run(`${m.version === 1 ? `${create6};` : ""}${m.sql};${record};`));
      }
      await old.tx(async (sql) => {
        const insert =
          "INSERT INTO players (id, name, currency, demo, jurisdiction, external_id, created_at) VALUES ($1, $2, 'EUR', 0, 'default', $3, $4)";
        const players: [string, string, string | null, number][] = [
          ["pl_c", "Later", "ext-7", 3000],
          ["pl_a", "Oldest", "ext-7", 1000],
          ["pl_b", "Same time, larger id", "ext-7", 1000],
          ["pl_d", "Alone", "ext-8", 2000],
          ["pl_e", "None", null, 2000],
        ];
        for (const p of players) {
          await sql.run(insert, p);
          await sql.run("INSERT INTO accounts (id, kind, player_id, currency, balance) VALUES ($1, 'player', $2, 'EUR', 0)", [
            playerAccount(p[0]),
            p[0],
          ]);
        }
      });
      await old.close();
      const t = await testServer(url);
      try {
        const rows = await t.db.read((sql) =>
          sql.query<{ id: string; external_id: string | null }>(
            "SELECT id, external_id FROM players WHERE id LIKE 'pl_%' ORDER BY id",
          ),
        );
        expect(rows).toEqual([
          { id: "pl_a", external_id: "ext-7" },
          { id: "pl_b", external_id: "ext-7#duplicate:pl_b" },
          { id: "pl_c", external_id: "ext-7#duplicate:pl_c" },
          { id: "pl_d", external_id: "ext-8" },
          { id: "pl_e", external_id: null },
        ]);
        // The id now names the oldest account only.
        const again = await create(t, { name: "Oldest", externalId: "ext-7" });
        expect([again.status, again.body.id]).toEqual([200, "pl_a"]);
      } finally {
        await t.close();
      }
    });
  });
}
