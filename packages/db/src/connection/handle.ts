import { getTableColumns, getTableName } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import type { Database, Sql } from "./client.ts";
import * as schema from "../schema/schema.ts";

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

/**
 * Inserts rows as the write path makes them (drizzle keys: toClinicRow's, priceRow's) in one
 * multi-row statement sent by the driver, returning the `returning` columns of each. drizzle's
 * own statement builder is slow per row, which a large seed feels (decision 007); the
 * columns here are still the table's (SQL names and driver encodings, e.g. jsonb as its text).
 * A column the rows do not give (undefined) is left to its default, so every row must give the
 * same columns.
 */
export async function insertRows<R extends Record<string, PgColumn>>(
  tx: Sql | postgres.TransactionSql,
  table: PgTable,
  rows: readonly object[],
  returning: R,
): Promise<{ [K in keyof R]: R[K]["_"]["data"] }[]> {
  const [first] = rows;
  if (!first) return [];
  const given = (row: object) => Object.entries(row).flatMap(([key, value]) => (value === undefined ? [] : [key]));
  const keys = given(first);
  const columns = getTableColumns(table);
  const written = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return [key, column] as const;
  });
  const values = rows.map((row) => {
    if (given(row).join() !== keys.join()) throw new Error(`rows for ${getTableName(table)} must all give the same columns`);
    const record = row as Record<string, unknown>;
    return Object.fromEntries(written.map(([key, column]) => [column.name, column.mapToDriverValue(record[key])]));
  });
  const back = Object.entries(returning);
  const returned = back.length > 0 ? `returning ${back.map(([key, column]) => `"${column.name}" as "${key}"`).join(", ")}` : "";
  const stored = await tx<Record<string, unknown>[]>`
    insert into ${tx(getTableName(table))} ${tx(values, ...written.map(([, column]) => column.name))} ${tx.unsafe(returned)}`;
  return stored.map(
    (row) => Object.fromEntries(back.map(([key, column]) => [key, column.mapFromDriverValue(row[key])])) as { [K in keyof R]: R[K]["_"]["data"] },
  );
}
