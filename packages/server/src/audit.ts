import type { Sql } from "./db/database.js";
import { newId } from "./ids.js";

/** Records an admin action in `admin_audit`, in the same transaction as its effect. */
export async function audit(sql: Sql, action: string, details: unknown): Promise<void> {
  await sql.run("INSERT INTO admin_audit (id, at, action, details) VALUES ($1, $2, $3, $4)", [
    newId("au"),
    Date.now(),
    action,
    JSON.stringify(details),
  ]);
}
