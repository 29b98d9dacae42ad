/**
 * A clinic's photos (decision 283): listed in page order, added at the end under the clinic's
 * row lock so two uploads at once can never pass the limit together, and removed.
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
