import { drizzle } from "drizzle-orm/postgres-js";
import type { Database, Sql } from "./client.ts";
import * as schema from "./schema.ts";

/** Bulk helpers take either the drizzle database or the raw `postgres` client. */
export type DbOrSql = Database | Sql;

export function sqlOf(target: DbOrSql): Sql {
  // drizzle() keeps its driver client on `$client`.
  return typeof target === "function" ? target : target.$client;
}

export function dbOf(target: DbOrSql): Database {
  return typeof target === "function" ? drizzle(target, { schema }) : target;
}

/** Splits rows into statements of at most `size` rows (multi-row inserts stay under the 65,535 parameter cap). */
export function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
