/**
 * The clinic table's columns as lists, derived from its one definition (`clinics` in
 * schema.ts). A list that is a part of the row is written as "every column but these named
 * ones", each exclusion with its reason where the list is made, so a column added to the table
 * joins every list that does not name it.
 */
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { clinics } from "./schema.ts";

/** A clinic column by its drizzle key (`fullAddress`; its SQL name is the column's `name`). */
type ClinicColumnKey = keyof typeof clinics.$inferSelect;

/** Every column of `clinics` but `omit`, as [key, column] pairs in the table's order. */
export function clinicColumnsExcept(omit: readonly ClinicColumnKey[]): [ClinicColumnKey, PgColumn][] {
  const skipped = new Set<string>(omit);
  return Object.entries(getTableColumns(clinics))
    .filter(([key]) => !skipped.has(key))
    .map(([key, column]) => [key as ClinicColumnKey, column]);
}
