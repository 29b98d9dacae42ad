/**
 * Prices and visitors' price reports (issue 13). The rules (per-unit price, outliers, the
 * current price, the index) live in packages/core; this file reads and writes rows and
 * answers searches in SQL with the same rules, each one query, never one per clinic.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import {
  PRICE_RULES,
  computePriceIndex,
  formatCents,
  priceCheckedOn,
  isUnitPriceOutlier,
  isoDay,
  perUnitCents,
  type ClinicPrice,
  type LatLon,
  type PriceArea,
  type PriceBrand,
  type PriceIndex,
  type PriceModel,
  type PriceReport,
  type PriceSource,
  type PriceStatus,
} from "@botox/core";
import type { Database } from "../client.ts";
import { clinicCurrentPrices, clinicPrices, clinics, priceReports } from "../schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import {
  clinicsWithinMiles,
  credentialCondition,
  openAtCondition,
  withinMilesOfZipOrigin,
  zipOriginColumns,
  zipOriginCte,
  zipOriginMiles,
  zipOriginOf,
  type Page,
  type PriceSearch,
  type ZipOrigin,
  type ZipSearch,
} from "./clinic-search.ts";
import {
  currentPriceJoin,
  listingColumns,
  listingPriceColumns,
  preparedRows,
  priceOrder,
  toListedClinic,
  type ListedClinic,
  type ListingPriceRow,
} from "./listings.ts";
import { listedStatusCondition } from "./listed.ts";
import type { DbExecutor } from "./content-changes.ts";

import type { BusinessStatus } from "@botox/core";

type PriceRow = typeof clinicPrices.$inferSelect;
type ReportRow = typeof priceReports.$inferSelect;

const iso = (d: Date | string): string => new Date(d).toISOString();

export function toClinicPrice(row: PriceRow): ClinicPrice {
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

/** The first day a price may be observed on and still count (PRICE_RULES.maxAgeDays before `today`). */
export function oldestCountingDay(today: string): string {
  return isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - PRICE_RULES.maxAgeDays * 86_400_000));
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
 * and, unless `keepStatus`, a per-unit price outside its brand's bounds held as pending.
 */
export function priceRow(clinicId: number, v: PriceValues, keepStatus = false): typeof clinicPrices.$inferInsert {
  const unitPriceCents = v.model === "per_unit" ? (v.unitPriceCents ?? null) : null;
  const priceCents = v.model === "per_unit" ? null : (v.priceCents ?? null);
  // A unit price is its own unit: units included belong to area, package and membership prices.
  const units = v.model === "per_unit" ? null : (v.units ?? null);
  const area = v.model === "per_area" ? (v.area ?? null) : null;
  const perUnit = perUnitCents({ model: v.model, unitPriceCents, priceCents, units });
  const status = v.status ?? "published";
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
    status: !keepStatus && status === "published" && isUnitPriceOutlier(v.brand, perUnit) ? "pending" : status,
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

/** drizzle writes a lone table's columns unqualified, and inside a subquery on clinic_prices an unqualified "id" would be the price's. */
const clinicIdQualified = sql`${sql.identifier("clinics")}.${sql.identifier("id")}`;

/**
 * "Its current price of `brand` is at most `maxUnitCents`" as a semi-join on
 * clinic_current_prices_unit_idx: the planner can start from the few priced clinics instead of
 * probing every clinic in range (at "any distance", every located clinic).
 */
export function pricedAtMostSql(brand: PriceBrand, today: string, maxUnitCents: number, clinicId: SQL = clinicIdQualified): SQL {
  return sql`${clinicId} IN (SELECT ccp.clinic_id FROM ${clinicCurrentPrices} ccp
    WHERE ccp.brand = ${brand} AND ccp.per_unit_cents <= ${maxUnitCents} AND ccp.checked_on >= ${oldestCountingDay(today)}::date)`;
}

async function indexOver(db: Database, where: SQL, brand: PriceBrand, today: string): Promise<PriceIndex> {
  const rows = await db.execute<{ per_unit_cents: number; observed_on: string; checked_on: string }>(sql`
    SELECT cur.per_unit_cents, cur.observed_on::text AS observed_on, cur.checked_on::text AS checked_on
    FROM ${clinics}
    CROSS JOIN LATERAL (
      SELECT cp.per_unit_cents, cp.observed_on, cp.checked_on FROM ${clinicPrices} cp
      WHERE cp.clinic_id = ${clinicIdQualified} AND cp.brand = ${brand} AND cp.status = 'published' AND cp.per_unit_cents IS NOT NULL
      ORDER BY cp.checked_on DESC, cp.id DESC LIMIT 1
    ) cur
    WHERE ${where} AND cur.checked_on >= ${oldestCountingDay(today)}::date`);
  return computePriceIndex(
    brand,
    rows.map((r) => ({ perUnitCents: Number(r.per_unit_cents), observedOn: r.observed_on, checkedOn: r.checked_on })),
  );
}

/** The price index of a city's clinics (the city route segment, as in clinics-by-city). */
export function priceIndexInCity(db: Database, city: string, brand: PriceBrand, today: string): Promise<PriceIndex> {
  return indexOver(db, cityCondition(parseCitySlug(city)), brand, today);
}

/** The price index of the clinics within `miles` of `origin` (a ZIP centroid). */
export function priceIndexNear(db: Database, origin: LatLon, miles: number, brand: PriceBrand, today: string): Promise<PriceIndex> {
  return indexOver(db, clinicsWithinMiles(origin, miles), brand, today);
}

/**
 * zip-search with a price filter or the price sort: every clinic within the radius (an
 * earth_box prefilter on clinics_earth_idx) or, with a price filter, among the clinics priced
 * at most that (clinic_current_prices joined), ranked by price (`priceOrder`: prices checked
 * within 180 days first, out-of-date ones after them, unpriced last) or distance, then distance
 * and id; the total from the same pass, or counted apart for the cheapest-first page at any
 * distance. The price sort without a filter at any distance still ranks every located clinic.
 * One statement: the ZIP's centroid, the page, its current prices and the total.
 */
export async function searchClinicsNearZipByPrice(
  db: Database,
  s: ZipSearch & { price: PriceSearch; sortBy: "distance" | "price"; statuses?: readonly BusinessStatus[] },
): Promise<Page<ListedClinic> & { origin: ZipOrigin | null }> {
  // The filters every clinic of the answer passes (more can be pushed, e.g. an EXISTS fragment).
  const filters: SQL[] = [
    s.radiusMiles == null ? sql`${clinics.latitude} IS NOT NULL AND ${clinics.longitude} IS NOT NULL` : withinMilesOfZipOrigin(s.radiusMiles),
  ];
  filters.push(listedStatusCondition(s.statuses));
  if (s.openAt) filters.push(openAtCondition(s.openAt));
  filters.push(...credentialCondition(s.credential));
  // Each clinic's current price as a join, not a probe per row: with a filter only the clinics
  // priced at most that take part (an inner join the planner can start from the priced
  // clinics); without one, unpriced clinics stay (a left join: their unit is null).
  const { maxUnitCents } = s.price;
  const priceJoin = and(
    eq(clinicCurrentPrices.clinicId, clinics.id),
    eq(clinicCurrentPrices.brand, s.price.brand),
    gte(clinicCurrentPrices.checkedOn, oldestCountingDay(s.price.today)),
    maxUnitCents != null ? lte(clinicCurrentPrices.perUnitCents, maxUnitCents) : undefined,
  );
  const order = (unit: SQL, checkedOn: SQL, distance: SQL, id: SQL) => [
    ...(s.sortBy === "price" ? priceOrder(unit, checkedOn, s.price.today, "asc") : []),
    sql`${distance} ASC`,
    sql`${id} ASC`,
  ];
  // Cheapest first among the priced clinics at any distance: the page is read in the order of
  // clinic_current_prices_unit_idx and stops once it is full (an incremental sort by distance
  // within a price), so the total is counted on its own instead of by a window over every row.
  const countApart = s.radiusMiles == null && maxUnitCents != null && s.sortBy === "price";
  const rows = await preparedRows<
    ListingPriceRow & { originLatitude: number; originLongitude: number; originCity: string; originState: string; total: number | string }
  >(
    db,
    sql`WITH ${zipOriginCte(s.postalCode)},
    ranked AS (
      SELECT ${clinics.id} AS id, ${zipOriginMiles()} AS distance, ${clinicCurrentPrices.perUnitCents} AS unit, ${clinicCurrentPrices.checkedOn} AS unit_checked_on
      FROM ${clinics} ${maxUnitCents != null ? sql`INNER JOIN` : sql`LEFT JOIN`} ${clinicCurrentPrices} ON ${priceJoin}
      WHERE ${and(...filters)}),
    page AS (
      SELECT id, distance, unit, unit_checked_on, ${countApart ? sql`NULL::bigint` : sql`count(*) over ()`} AS total FROM ranked
      ORDER BY ${sql.join(order(sql`unit`, sql`unit_checked_on`, sql`distance`, sql`id`), sql`, `)} LIMIT ${s.limit} OFFSET ${(s.page - 1) * s.limit})
    SELECT ${zipOriginColumns}, ${listingColumns}, page.distance, coalesce(page.total, (SELECT count(*) FROM ranked)) AS total, ${listingPriceColumns(true)}
    FROM origin LEFT JOIN (page JOIN ${clinics} ON ${clinics.id} = page.id ${currentPriceJoin(s.price)}) ON true
    ORDER BY ${sql.join(order(sql`page.unit`, sql`page.unit_checked_on`, sql`page.distance`, sql`page.id`), sql`, `)}`,
  );
  return {
    items: rows.filter((r) => r.id != null).map((r) => toListedClinic(r, s.price.brand)),
    total: Number(rows[0]?.total ?? 0),
    origin: zipOriginOf(rows),
  };
}

// ---- Price reports ----

export interface NewPriceReport {
  clinicId: number;
  brand: PriceBrand;
  area: PriceArea | null;
  units: number | null;
  totalCents: number;
  /** "YYYY-MM". */
  treatedMonth: string;
  /** "YYYY-MM" of the day reported (UTC). */
  reportMonth: string;
  visitorId: string;
  addressHash: string;
}

/** Stores a pending report, or returns null when this visitor already reported this clinic this month. */
export async function insertPriceReport(db: Database, r: NewPriceReport): Promise<{ id: number; status: PriceStatus } | null> {
  const [row] = await db
    .insert(priceReports)
    .values({ ...r, treatedMonth: `${r.treatedMonth}-01`, reportMonth: `${r.reportMonth}-01`, status: "pending" })
    .onConflictDoNothing()
    .returning({ id: priceReports.id, status: priceReports.status });
  return row ?? null;
}

const toReport = (r: ReportRow, clinicName: string): PriceReport => ({
  id: r.id,
  clinicId: r.clinicId,
  clinicName,
  brand: r.brand,
  area: r.area,
  units: r.units,
  totalCents: r.totalCents,
  treatedMonth: r.treatedMonth.slice(0, 7),
  status: r.status,
  reason: r.reason,
  priceId: r.priceId,
  createdAt: iso(r.createdAt),
  reviewedAt: r.reviewedAt == null ? null : iso(r.reviewedAt),
});

export interface PriceReportFilter {
  /** Undefined: every status. */
  status?: PriceStatus;
  page: number;
  limit: number;
}

/** The admin's queue: oldest first, so reports are reviewed in the order they came. */
export async function listPriceReports(db: Database, f: PriceReportFilter): Promise<{ reports: PriceReport[]; total: number }> {
  const where = f.status ? eq(priceReports.status, f.status) : undefined;
  const rows = await db
    .select({ report: priceReports, clinicName: clinics.name })
    .from(priceReports)
    .innerJoin(clinics, eq(clinics.id, priceReports.clinicId))
    .where(where)
    .orderBy(asc(priceReports.createdAt), asc(priceReports.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [total] = await db.select({ n: count() }).from(priceReports).where(where);
  return { reports: rows.map((r) => toReport(r.report, r.clinicName)), total: total?.n ?? 0 };
}

/**
 * The price a published report becomes: an area price when the area is known, else a
 * per-unit price when the units are, else the total for an unnamed area. Observed on the
 * first day of the month treated.
 */
export function reportPriceValues(r: Pick<ReportRow, "brand" | "area" | "units" | "totalCents" | "treatedMonth">): PriceValues {
  const common = { brand: r.brand, source: "patient_report" as const, observedOn: r.treatedMonth, status: "published" as const, units: r.units };
  if (r.area == null && r.units != null) {
    return {
      ...common,
      model: "per_unit",
      unitPriceCents: Math.max(1, Math.round(r.totalCents / r.units)),
      conditions: `Paid ${formatCents(r.totalCents)} for ${r.units} units`,
    };
  }
  return { ...common, model: "per_area", area: r.area ?? "other", priceCents: r.totalCents };
}

/**
 * Publishes or rejects a report. Publishing creates its patient_report price (once: a report
 * already published keeps its price). Returns undefined for an unknown report.
 */
export async function reviewPriceReport(
  db: DbExecutor,
  id: number,
  review: { status: "published" | "rejected"; reason?: string | null },
): Promise<{ report: PriceReport; priceChanged: boolean } | undefined> {
  const [found] = await db
    .select({ report: priceReports, clinicName: clinics.name })
    .from(priceReports)
    .innerJoin(clinics, eq(clinics.id, priceReports.clinicId))
    .where(eq(priceReports.id, id))
    .for("update", { of: priceReports });
  if (!found) return undefined;
  let priceId = found.report.priceId;
  let priceChanged = false;
  if (review.status === "published" && priceId == null) {
    // The same outlier hold as an admin-entered price (issue 22): a report outside its brand's
    // bounds becomes a pending price, published only by an explicit review of that price.
    const [price] = await db
      .insert(clinicPrices)
      .values(priceRow(found.report.clinicId, reportPriceValues(found.report)))
      .returning({ id: clinicPrices.id });
    priceId = price?.id ?? null;
    priceChanged = true;
  }
  if (review.status === "rejected" && priceId != null) {
    await db.delete(clinicPrices).where(eq(clinicPrices.id, priceId));
    priceId = null;
    priceChanged = true;
  }
  const [row] = await db
    .update(priceReports)
    .set({ status: review.status, reason: review.reason ?? null, priceId, reviewedAt: new Date() })
    .where(eq(priceReports.id, id))
    .returning();
  if (!row) return undefined;
  return { report: toReport(row, found.clinicName), priceChanged };
}

// ---- Admin dashboard ----

export async function countPendingPriceReports(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(priceReports).where(eq(priceReports.status, "pending"));
  return row?.n ?? 0;
}

/** Clinics whose newest published price was checked more than PRICE_RULES.outOfDateDays ago (the "may be out of date" ones). */
export async function countClinicsWithStalePrices(db: Database, today: string): Promise<number> {
  const cutoff = isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - PRICE_RULES.outOfDateDays * 86_400_000));
  const rows = await db.execute<{ n: number | string }>(sql`
    SELECT count(*) AS n FROM (
      SELECT clinic_id FROM ${clinicPrices} WHERE status = 'published' GROUP BY clinic_id HAVING max(checked_on) < ${cutoff}::date
    ) stale`);
  return Number(rows[0]?.n ?? 0);
}
