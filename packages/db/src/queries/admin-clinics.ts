import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { BusinessStatus, Clinic } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { fillFallbackTimeZones } from "../schema/clinic-derived.ts";
import type { ClinicRow } from "../schema/clinic-row.ts";
import { clinics } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";
import { insertedRow } from "./returning.ts";
import { toClinic } from "./serialize.ts";

export interface AdminClinicFilter {
  page: number;
  limit: number;
  /** Case-insensitive match on name, city, address or postal code. */
  query?: string;
  businessStatus?: BusinessStatus;
  /** `name` (A→Z, the admin list's default) or `newest` (created last first). */
  sort: "name" | "newest";
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listAdminClinics(db: Database, f: AdminClinicFilter): Promise<{ clinics: Clinic[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.query) {
    const pattern = `%${escapeLike(f.query)}%`;
    conditions.push(
      or(ilike(clinics.name, pattern), ilike(clinics.city, pattern), ilike(clinics.fullAddress, pattern), ilike(clinics.postalCode, pattern)) ?? sql`false`, // never undefined: `or` of conditions
    );
  }
  if (f.businessStatus) conditions.push(eq(clinics.businessStatus, f.businessStatus));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = f.sort === "newest" ? [desc(clinics.createdAt), desc(clinics.id)] : [asc(clinics.name), asc(clinics.id)];
  // Sequential on purpose: the embedded server mixes up concurrent extended-protocol queries.
  const rows = await db
    .select()
    .from(clinics)
    .where(where)
    .orderBy(...order)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [total] = await db.select({ n: count() }).from(clinics).where(where);
  return { clinics: rows.map((r) => toClinic(r)), total: total?.n ?? 0 };
}

/** A clinic a new one may repeat: its id, name and city. */
export interface LikelyDuplicate {
  id: number;
  name: string;
  city: string;
}

/**
 * Clinics a new one likely repeats: the same phone number (its last ten digits, however it is
 * written), or the same name and the same street address (case and spacing aside). At most 5.
 */
export async function findLikelyDuplicateClinics(
  db: DbExecutor,
  row: { name: string; phone: string | null; street: string | null; fullAddress: string | null },
): Promise<LikelyDuplicate[]> {
  const digits = (row.phone ?? "").replace(/\D/g, "").slice(-10);
  const normal = (v: string | null) => (v ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  const name = normal(row.name);
  const addresses = [normal(row.street), normal(row.fullAddress)].filter(Boolean);
  const sameText = (column: AnyPgColumn, value: string) => sql`lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g')) = ${value}`;
  const conditions: SQL[] = [];
  if (digits.length === 10) conditions.push(sql`right(regexp_replace(${clinics.phone}, '\\D', '', 'g'), 10) = ${digits}`);
  if (name && addresses.length) {
    const sameAddress = addresses.flatMap((a) => [sameText(clinics.street, a), sameText(clinics.fullAddress, a)]);
    conditions.push(and(sameText(clinics.name, name), or(...sameAddress)) ?? sql`false`);
  }
  if (conditions.length === 0) return [];
  return db
    .select({ id: clinics.id, name: clinics.name, city: clinics.city })
    .from(clinics)
    .where(or(...conditions))
    .orderBy(asc(clinics.id))
    .limit(5);
}

export async function findAdminClinicById(db: DbExecutor, id: number): Promise<Clinic | undefined> {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, id)).limit(1);
  return row ? toClinic(row) : undefined;
}

/** Stores a row made by toClinicRow (clinic-row.ts), the one clinic write path. */
export async function insertClinic(db: DbExecutor, values: ClinicRow): Promise<Clinic> {
  const rows = await db.insert(clinics).values(values).returning();
  const row = insertedRow(rows, "clinics");
  return row.timeZone == null ? withFallbackTimeZone(db, row.id, toClinic(row)) : toClinic(row);
}

/** A clinic written without a zone gets its ZIP's or state's (clinic-derived.ts), re-read when it did. */
async function withFallbackTimeZone(db: DbExecutor, id: number, clinic: Clinic): Promise<Clinic> {
  if ((await fillFallbackTimeZones(db, [id])) === 0) return clinic;
  return (await findAdminClinicById(db, id)) ?? clinic;
}

/** Replaces a clinic's columns with a row made by toClinicRow (derived columns included). */
export async function updateClinic(db: DbExecutor, id: number, values: ClinicRow): Promise<Clinic | undefined> {
  const [row] = await db
    .update(clinics)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clinics.id, id))
    .returning();
  if (!row) return undefined;
  return row.timeZone == null ? withFallbackTimeZone(db, id, toClinic(row)) : toClinic(row);
}

/**
 * Writes what a clinic says of itself (decision 282): its description and booking link, which
 * no import or suggested edit carries. False when the clinic is gone.
 */
export async function updateClinicOwnText(db: DbExecutor, id: number, values: { description?: string | null; bookingUrl?: string | null }): Promise<boolean> {
  // A link is asked before it is saved: a new one starts as just checked, with no failures (decision 299).
  const linkChecks =
    values.bookingUrl === undefined
      ? {}
      : { bookingUrlCheckedAt: values.bookingUrl === null ? null : sql`now()`, bookingUrlFailures: 0, bookingUrlFailingSince: null };
  const rows = await db
    .update(clinics)
    .set({ ...values, ...linkChecks, updatedAt: new Date() })
    .where(eq(clinics.id, id))
    .returning({ id: clinics.id });
  return rows.length > 0;
}

export async function deleteClinic(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(clinics).where(eq(clinics.id, id)).returning({ id: clinics.id });
  return rows.length > 0;
}
