/**
 * A clinic's photos (decision 283): listed in page order, added at the end under the clinic's
 * row lock so two uploads at once can never pass the limit together, removed, and put in a new
 * order (decision 300).
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { ClinicPhoto } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicPhotos, clinics } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";

type PhotoRow = typeof clinicPhotos.$inferSelect;

const toPhoto = (r: PhotoRow): ClinicPhoto => ({
  id: r.id,
  clinicId: r.clinicId,
  url: r.url,
  alt: r.alt,
  width: r.width,
  height: r.height,
  position: r.position,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listClinicPhotos(db: DbExecutor, clinicId: number): Promise<ClinicPhoto[]> {
  const rows = await db.select().from(clinicPhotos).where(eq(clinicPhotos.clinicId, clinicId)).orderBy(asc(clinicPhotos.position), asc(clinicPhotos.id));
  return rows.map(toPhoto);
}

/** Every clinic's photos, by clinic then page order: the site build's one read. */
export async function listSitePhotos(db: Database): Promise<ClinicPhoto[]> {
  const rows = await db.select().from(clinicPhotos).orderBy(asc(clinicPhotos.clinicId), asc(clinicPhotos.position), asc(clinicPhotos.id));
  return rows.map(toPhoto);
}

export type NewClinicPhoto = Pick<PhotoRow, "clinicId" | "uploadName" | "url" | "alt" | "width" | "height">;

/**
 * Adds a photo after the clinic's last one: "no-clinic" when the clinic is gone, "full" when it
 * already has `max`. Locks the clinic's row first, so concurrent adds are counted one by one.
 */
export async function insertClinicPhoto(
  db: DbExecutor,
  photo: NewClinicPhoto,
  max: number,
): Promise<{ outcome: "added"; photo: ClinicPhoto } | { outcome: "no-clinic" } | { outcome: "full" }> {
  const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, photo.clinicId)).for("update");
  if (!clinic) return { outcome: "no-clinic" };
  const [stats] = await db
    .select({ n: count(), last: sql<number | null>`max(${clinicPhotos.position})` })
    .from(clinicPhotos)
    .where(eq(clinicPhotos.clinicId, photo.clinicId));
  if ((stats?.n ?? 0) >= max) return { outcome: "full" };
  const [row] = await db
    .insert(clinicPhotos)
    .values({ ...photo, position: Number(stats?.last ?? 0) + 1 })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { outcome: "added", photo: toPhoto(row) };
}

/** Removes a photo; the removed row (its clinic, its upload), or null when there was none. */
export async function deleteClinicPhoto(db: DbExecutor, id: number): Promise<ClinicPhoto | null> {
  const [row] = await db.delete(clinicPhotos).where(eq(clinicPhotos.id, id)).returning();
  return row ? toPhoto(row) : null;
}

/**
 * Puts the clinic's photos in the order of `ids` (first shown first), under the clinic's row
 * lock: "mismatch" unless `ids` are exactly the clinic's photos, each once. One statement sets
 * every position, so the audit log's statement trigger records the whole order before and
 * after as one photo.reorder row (migration 0032).
 */
export async function reorderClinicPhotos(
  db: DbExecutor,
  clinicId: number,
  ids: readonly number[],
): Promise<{ outcome: "done"; photos: ClinicPhoto[]; changed: boolean } | { outcome: "no-clinic" } | { outcome: "mismatch" }> {
  const [clinic] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId)).for("update");
  if (!clinic) return { outcome: "no-clinic" };
  const current = await listClinicPhotos(db, clinicId);
  const stored = new Set(current.map((p) => p.id));
  if (ids.length !== stored.size || new Set(ids).size !== ids.length || ids.some((id) => !stored.has(id))) return { outcome: "mismatch" };
  const changed = current.some((p, i) => p.id !== ids[i] || p.position !== i + 1);
  if (changed)
    await db.execute(sql`
      UPDATE clinic_photos p SET position = v.n
      FROM unnest(${`{${ids.join(",")}}`}::int[]) WITH ORDINALITY AS v(id, n)
      WHERE p.id = v.id AND p.clinic_id = ${clinicId}`);
  return { outcome: "done", photos: changed ? await listClinicPhotos(db, clinicId) : current, changed };
}
