import { inArray, max, sql } from "drizzle-orm";
import { PostgresJsSession } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type { Database, Sql } from "../connection/client.ts";
import { clinics, contentChanges } from "../schema/schema.ts";

/** A database or an open transaction: queries that take part in a write accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The driver's own client under a database or an open transaction, for statements written
 * for the driver that must join the transaction (the mail outbox's, written with the change
 * that causes the mail).
 */
export function driverOf(db: DbExecutor): Sql | postgres.TransactionSql {
  const session: unknown = db._.session;
  if (!(session instanceof PostgresJsSession)) throw new Error("driverOf: not a postgres.js database");
  return session.client as Sql | postgres.TransactionSql;
}

type ContentEntity = "clinic" | "post" | "category" | "price" | "deal" | "staff";
type ContentAction = "create" | "update" | "delete";

export interface ContentChange {
  entity: ContentEntity;
  entityId: number | null;
  action: ContentAction;
}

/** Appends one row to content_changes (the publisher's work queue); call inside the write's transaction. */
export async function insertContentChange(db: DbExecutor, change: ContentChange): Promise<void> {
  await db.insert(contentChanges).values(change);
}

/** The newest content_changes id (0 when there is none): it moves on every recorded content write. */
export async function latestContentChangeId(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ id: max(contentChanges.id) }).from(contentChanges);
  return row?.id ?? 0;
}

/** What the read cache needs to know of a clinic a write touched (which cached answers it can change). */
export interface ClinicFacts {
  id: number;
  slug: string;
  citySlug: string;
  latitude: number | null;
  longitude: number | null;
}

/** The facts of these clinics as they stand in `db` (an open transaction: before or after its write). */
export async function clinicFacts(db: DbExecutor, ids: readonly number[]): Promise<ClinicFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: clinics.id, slug: clinics.slug, citySlug: clinics.citySlug, latitude: clinics.latitude, longitude: clinics.longitude })
    .from(clinics)
    .where(inArray(clinics.id, [...ids]));
}

/**
 * The clinic each content change of (`after`, `upTo`] is about, for a targeted publish: a
 * clinic's own row, or a row of clinic content that names its clinic. Null when any change is
 * not about one clinic (a post, a category, an import without an id, a deleted price whose
 * clinic is gone with it): those go through the full build. Each kind of clinic content (a
 * price, a staff member, a deal) is one `when` naming its table's clinic_id.
 */
export async function clinicsOfChanges(db: DbExecutor, after: number, upTo: number): Promise<number[] | null> {
  const rows = await db.execute<{ clinicId: number | null }>(sql`
    select case c.entity
             when 'clinic' then c.entity_id
             when 'price' then (select p.clinic_id from clinic_prices p where p.id = c.entity_id)
             when 'staff' then (select s.clinic_id from clinic_staff s where s.id = c.entity_id)
             when 'deal' then (select d.clinic_id from clinic_deals d where d.id = c.entity_id)
           end as "clinicId"
    from ${contentChanges} c
    where c.id > ${after} and c.id <= ${upTo}`);
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.clinicId == null) return null;
    ids.add(Number(row.clinicId));
  }
  return [...ids].sort((a, b) => a - b);
}
