/**
 * Deals: a clinic's time-limited offers. The rules (per-unit price, dates, the
 * comparison with the index) live in packages/core; this file reads and writes rows. "Running"
 * is decided by the `today` the caller passes, so a site build and an API answer of the same
 * day list the same deals.
 */
import { and, asc, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { dealPerUnitCents, type Deal, type DealBrand, type DealModel, type LatLon, type PriceArea, type PublicDeal } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicDeals, clinics } from "../schema/schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import { clinicsWithinMiles } from "./listing-geometry.ts";
import type { DbExecutor } from "./content-changes.ts";

type DealRow = typeof clinicDeals.$inferSelect;

function toDeal(row: DealRow): Deal {
  return {
    id: row.id,
    clinicId: row.clinicId,
    title: row.title,
    // The table's check refuses "other".
    brand: row.brand as DealBrand,
    model: row.model,
    unitPriceCents: row.unitPriceCents,
    area: row.area,
    areaPriceCents: row.areaPriceCents,
    units: row.units,
    perUnitCents: row.perUnitCents,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    conditions: row.conditions,
    newPatientsOnly: row.newPatientsOnly,
    sourceUrl: row.sourceUrl,
    demo: row.demo,
    createdBy: row.createdBy,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export interface DealValues {
  title: string;
  brand: DealBrand;
  model: DealModel;
  unitPriceCents?: number | null;
  area?: PriceArea | null;
  areaPriceCents?: number | null;
  units?: number | null;
  startsOn: string;
  endsOn: string;
  conditions?: string | null;
  newPatientsOnly?: boolean;
  sourceUrl?: string | null;
  /** Seeded demo data (never set by the admin's API). */
  demo?: boolean;
}

/** A row as stored: per_unit_cents from the core rule, fields the model does not use cleared. */
export function dealRow(v: DealValues) {
  const perUnit = v.model === "per_unit";
  const unitPriceCents = perUnit ? (v.unitPriceCents ?? null) : null;
  const area = perUnit ? null : (v.area ?? null);
  const areaPriceCents = perUnit ? null : (v.areaPriceCents ?? null);
  const units = perUnit ? null : (v.units ?? null);
  const perUnitCents = dealPerUnitCents({ model: v.model, unitPriceCents, areaPriceCents, units });
  // The API checks the shape first; this only guards other writers.
  if (perUnitCents == null) throw new Error("a deal needs a per-unit price");
  return {
    title: v.title,
    brand: v.brand,
    model: v.model,
    unitPriceCents,
    area,
    areaPriceCents,
    units,
    perUnitCents,
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    conditions: v.conditions ?? null,
    newPatientsOnly: v.newPatientsOnly ?? false,
    sourceUrl: v.sourceUrl ?? null,
    demo: v.demo ?? false,
  };
}

export async function insertDeal(db: DbExecutor, clinicId: number, v: DealValues, createdBy: number | null): Promise<Deal> {
  const [row] = await db
    .insert(clinicDeals)
    .values({ clinicId, createdBy, ...dealRow(v) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toDeal(row);
}

export async function findDeal(db: DbExecutor, id: number): Promise<Deal | undefined> {
  const [row] = await db.select().from(clinicDeals).where(eq(clinicDeals.id, id)).limit(1);
  return row ? toDeal(row) : undefined;
}

/** Replaces a deal's fields with `v` (the merged deal). */
export async function updateDeal(db: DbExecutor, id: number, v: DealValues): Promise<Deal | undefined> {
  const [row] = await db
    .update(clinicDeals)
    .set({ ...dealRow(v), updatedAt: new Date() })
    .where(eq(clinicDeals.id, id))
    .returning();
  return row ? toDeal(row) : undefined;
}

export async function deleteDeal(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(clinicDeals).where(eq(clinicDeals.id, id)).returning({ id: clinicDeals.id });
  return rows.length > 0;
}

/** Every deal of a clinic (the admin's list, ended ones included), latest end first. */
export async function listClinicDeals(db: Database, clinicId: number): Promise<Deal[]> {
  const rows = await db.select().from(clinicDeals).where(eq(clinicDeals.clinicId, clinicId)).orderBy(desc(clinicDeals.endsOn), desc(clinicDeals.id));
  return rows.map(toDeal);
}

/** A running deal with its clinic, before the comparison with the index. */
export type RunningDeal = Omit<PublicDeal, "belowTypical" | "typical"> & { clinicState: string };

async function runningDealsWhere(db: Database, where: SQL | undefined, today: string, brand?: DealBrand): Promise<RunningDeal[]> {
  const rows = await db
    .select({ deal: clinicDeals, clinicName: clinics.name, clinicSlug: clinics.slug, clinicCitySlug: clinics.citySlug, clinicState: clinics.state })
    .from(clinicDeals)
    .innerJoin(clinics, eq(clinics.id, clinicDeals.clinicId))
    .where(and(lte(clinicDeals.startsOn, today), gte(clinicDeals.endsOn, today), brand ? eq(clinicDeals.brand, brand) : undefined, where))
    .orderBy(asc(clinicDeals.perUnitCents), asc(clinicDeals.endsOn), asc(clinicDeals.id));
  return rows.map((r) => {
    const { createdBy: _by, createdAt: _at, updatedAt: _up, ...deal } = toDeal(r.deal);
    return { ...deal, clinicName: r.clinicName, clinicSlug: r.clinicSlug, clinicCitySlug: r.clinicCitySlug, clinicState: r.clinicState };
  });
}

/** Deals running on `today` at a city's clinics (the city route segment, as clinics-by-city reads it). */
export function runningDealsInCity(db: Database, city: string, today: string, brand?: DealBrand): Promise<RunningDeal[]> {
  return runningDealsWhere(db, cityCondition(parseCitySlug(city)), today, brand);
}

/** Deals running on `today` at the clinics within `miles` of `origin`. */
export function runningDealsNear(db: Database, origin: LatLon, miles: number, today: string, brand?: DealBrand): Promise<RunningDeal[]> {
  return runningDealsWhere(db, clinicsWithinMiles(origin, miles), today, brand);
}

/** The site build's read: every deal running on `today` (ended and future ones are never built). */
export function listSiteDeals(db: Database, today: string): Promise<RunningDeal[]> {
  return runningDealsWhere(db, undefined, today);
}
