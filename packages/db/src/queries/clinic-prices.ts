/**
 * A clinic's prices: the rows as stored, written and read. The rules (per-unit price,
 * outliers, the checked day) live in packages/core; this file applies them to rows, each read
 * one query, never one per clinic.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  areaPriceOutlier,
  isUnitPriceOutlier,
  perUnitCents,
  priceCheckedOn,
  type ClinicPrice,
  type PriceArea,
  type PriceBrand,
  type PriceModel,
  type PriceSource,
  type PriceStatus,
} from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicPrices } from "../schema/schema.ts";
import type { DbExecutor } from "./content-changes.ts";
import { iso } from "./serialize.ts";

type PriceRow = typeof clinicPrices.$inferSelect;

function toClinicPrice(row: PriceRow): ClinicPrice {
  return {
    id: row.id,
    clinicId: row.clinicId,
    brand: row.brand,
    model: row.model,
    unitPriceCents: row.unitPriceCents,
    area: row.area,
    priceCents: row.priceCents,
    units: row.units,
    perUnitCents: row.perUnitCents,
    conditions: row.conditions,
    newPatientsOnly: row.newPatientsOnly,
    source: row.source,
    evidenceUrl: row.evidenceUrl,
    observedOn: row.observedOn,
    verifiedOn: row.verifiedOn,
    checkedOn: row.checkedOn ?? priceCheckedOn(row),
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

// ---- Writes ----

export interface PriceValues {
  brand: PriceBrand;
  model: PriceModel;
  unitPriceCents?: number | null;
  area?: PriceArea | null;
  priceCents?: number | null;
  units?: number | null;
  conditions?: string | null;
  newPatientsOnly?: boolean;
  source: PriceSource;
  evidenceUrl?: string | null;
  observedOn: string;
  verifiedOn?: string | null;
  status?: PriceStatus;
}

/**
 * A row as stored: per_unit_cents from the core rule, fields the model does not use cleared,
 * and, unless `keepStatus`, a per-unit price outside its brand's bounds held as pending, as is
 * an area price without its units whose total is implausible at the area's typical units.
 */
export function priceRow(clinicId: number, v: PriceValues, keepStatus = false): typeof clinicPrices.$inferInsert {
  const unitPriceCents = v.model === "per_unit" ? (v.unitPriceCents ?? null) : null;
  const priceCents = v.model === "per_unit" ? null : (v.priceCents ?? null);
  // A unit price is its own unit: units included belong to area, package and membership prices.
  const units = v.model === "per_unit" ? null : (v.units ?? null);
  const area = v.model === "per_area" ? (v.area ?? null) : null;
  const perUnit = perUnitCents({ model: v.model, unitPriceCents, priceCents, units });
  const status = v.status ?? "published";
  const outlier =
    isUnitPriceOutlier(v.brand, perUnit) ||
    (v.model === "per_area" && units == null && priceCents != null && areaPriceOutlier(v.brand, area, priceCents, null) != null);
  return {
    clinicId,
    brand: v.brand,
    model: v.model,
    unitPriceCents,
    area,
    priceCents,
    units,
    perUnitCents: perUnit,
    conditions: v.conditions ?? null,
    newPatientsOnly: v.newPatientsOnly ?? false,
    source: v.source,
    evidenceUrl: v.evidenceUrl ?? null,
    observedOn: v.observedOn,
    verifiedOn: v.verifiedOn ?? null,
    status: !keepStatus && status === "published" && outlier ? "pending" : status,
  };
}

export async function insertPrice(db: DbExecutor, clinicId: number, v: PriceValues): Promise<ClinicPrice> {
  const [row] = await db.insert(clinicPrices).values(priceRow(clinicId, v)).returning();
  if (!row) throw new Error("insert returned no row");
  return toClinicPrice(row);
}

export async function findPrice(db: DbExecutor, id: number): Promise<ClinicPrice | undefined> {
  const [row] = await db.select().from(clinicPrices).where(eq(clinicPrices.id, id)).limit(1);
  return row ? toClinicPrice(row) : undefined;
}

/**
 * Replaces a price's fields with `v` (the merged row). A status given explicitly is the
 * admin's review and is kept even for an outlier; otherwise the outlier rule applies again.
 */
export async function updatePrice(db: DbExecutor, id: number, v: PriceValues, statusGiven: boolean): Promise<ClinicPrice | undefined> {
  const { clinicId: _unused, ...values } = priceRow(0, v, statusGiven);
  const [row] = await db
    .update(clinicPrices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clinicPrices.id, id))
    .returning();
  return row ? toClinicPrice(row) : undefined;
}

export async function deletePrice(db: DbExecutor, id: number): Promise<boolean> {
  const rows = await db.delete(clinicPrices).where(eq(clinicPrices.id, id)).returning({ id: clinicPrices.id });
  return rows.length > 0;
}

// ---- Reads ----

/** A clinic's prices, most recently checked first (published only unless `statuses` says otherwise). */
export async function listClinicPrices(db: Database, clinicId: number, statuses: readonly PriceStatus[] = ["published"]): Promise<ClinicPrice[]> {
  const rows = await db
    .select()
    .from(clinicPrices)
    .where(and(eq(clinicPrices.clinicId, clinicId), inArray(clinicPrices.status, [...statuses])))
    .orderBy(desc(clinicPrices.checkedOn), desc(clinicPrices.id));
  return rows.map(toClinicPrice);
}

/** The site build's one read of prices: every published price, by clinic, newest first. */
export async function listSitePrices(db: Database): Promise<ClinicPrice[]> {
  const rows = await db
    .select()
    .from(clinicPrices)
    .where(eq(clinicPrices.status, "published"))
    .orderBy(asc(clinicPrices.clinicId), desc(clinicPrices.checkedOn), desc(clinicPrices.id));
  return rows.map(toClinicPrice);
}
