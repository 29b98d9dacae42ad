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
  type CurrentUnitPrice,
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
  clinicMilesFrom,
  clinicsWithinMiles,
  findZipOrigin,
  openAtCondition,
  type Page,
  type PriceSearch,
  type ZipOrigin,
  type ZipSearch,
} from "./clinic-search.ts";
import { toClinic } from "./serialize.ts";
import { listedStatusCondition } from "./listed.ts";
import type { DbExecutor } from "./content-changes.ts";

import type { BusinessStatus, Clinic } from "@botox/core";

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
 * A clinic's current per-unit price for `brand` as an SQL value (null when it has none): its
 * most recently checked published per-unit price, if checked on or after `oldestCountingDay(today)`.
 * One primary-key probe of clinic_current_prices (kept by a trigger on clinic_prices).
 */
export function currentUnitCentsSql(brand: PriceBrand, today: string, clinicId: SQL = clinicIdQualified): SQL<number | null> {
  return sql<number | null>`(SELECT CASE WHEN ccp.checked_on >= ${oldestCountingDay(today)}::date THEN ccp.per_unit_cents END
    FROM ${clinicCurrentPrices} ccp
    WHERE ccp.clinic_id = ${clinicId} AND ccp.brand = ${brand})`;
}

/**
 * "Its current price of `brand` is at most `maxUnitCents`" as a semi-join on
 * clinic_current_prices_unit_idx: the planner can start from the few priced clinics instead of
 * probing every clinic in range (at "any distance", every located clinic).
 */
export function pricedAtMostSql(brand: PriceBrand, today: string, maxUnitCents: number, clinicId: SQL = clinicIdQualified): SQL {
  return sql`${clinicId} IN (SELECT ccp.clinic_id FROM ${clinicCurrentPrices} ccp
    WHERE ccp.brand = ${brand} AND ccp.per_unit_cents <= ${maxUnitCents} AND ccp.checked_on >= ${oldestCountingDay(today)}::date)`;
}

/** Current per-unit prices of the given clinics (a page of results), in one query. */
export async function currentPricesOf(db: Database, clinicIds: readonly number[], brand: PriceBrand, today: string): Promise<Map<number, CurrentUnitPrice>> {
  const out = new Map<number, CurrentUnitPrice>();
  if (clinicIds.length === 0) return out;
  const rows = await db.execute<{ clinic_id: number; per_unit_cents: number; observed_on: string; checked_on: string; source: PriceSource }>(sql`
    SELECT DISTINCT ON (clinic_id) clinic_id, per_unit_cents, observed_on::text AS observed_on, checked_on::text AS checked_on, source
    FROM ${clinicPrices}
    WHERE clinic_id IN (${sql.join(
      clinicIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND brand = ${brand}
      AND status = 'published' AND per_unit_cents IS NOT NULL
    ORDER BY clinic_id, checked_on DESC, id DESC`);
  const oldest = oldestCountingDay(today);
  for (const r of rows) {
    if (r.checked_on >= oldest) {
      out.set(Number(r.clinic_id), { brand, perUnitCents: Number(r.per_unit_cents), observedOn: r.observed_on, checkedOn: r.checked_on, source: r.source });
    }
  }
  return out;
}

/** Search results with each clinic's `currentPrice` for `brand` (null when it has none). */
export async function withCurrentPrices<T extends { id: number }>(
  db: Database,
  items: T[],
  brand: PriceBrand,
  today: string,
): Promise<(T & { currentPrice: CurrentUnitPrice | null })[]> {
  const prices = await currentPricesOf(
    db,
    items.map((c) => c.id),
    brand,
    today,
  );
  return items.map((c) => ({ ...c, currentPrice: prices.get(c.id) ?? null }));
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
 * at most that (clinic_current_prices joined), ranked by price (unpriced last) or distance,
 * then distance and id; the total from the same pass, or counted apart for the cheapest-first
 * page at any distance. The price sort without a filter at any distance still ranks every
 * located clinic.
 */
export async function searchClinicsNearZipByPrice(
  db: Database,
  s: ZipSearch & { price: PriceSearch; sortBy: "distance" | "price"; statuses?: readonly BusinessStatus[] },
): Promise<Page<Clinic> & { origin: ZipOrigin | null }> {
  const origin = await findZipOrigin(db, s.postalCode);
  if (!origin) return { items: [], total: 0, origin: null };
  const distance = clinicMilesFrom(origin);
  const conditions: SQL[] = [
    s.radiusMiles == null ? sql`${clinics.latitude} IS NOT NULL AND ${clinics.longitude} IS NOT NULL` : clinicsWithinMiles(origin, s.radiusMiles),
  ];
  conditions.push(listedStatusCondition(s.statuses));
  if (s.openAt) conditions.push(openAtCondition(s.openAt));
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
  const columns = { id: clinics.id, distance: distance.as("distance"), unit: sql<number | null>`${clinicCurrentPrices.perUnitCents}`.as("unit") };
  const ranked = db.$with("ranked").as(
    maxUnitCents != null
      ? db
          .select(columns)
          .from(clinics)
          .innerJoin(clinicCurrentPrices, priceJoin)
          .where(and(...conditions))
      : db
          .select(columns)
          .from(clinics)
          .leftJoin(clinicCurrentPrices, priceJoin)
          .where(and(...conditions)),
  );
  const order = s.sortBy === "price" ? [sql`${ranked.unit} ASC NULLS LAST`, asc(ranked.distance), asc(ranked.id)] : [asc(ranked.distance), asc(ranked.id)];
  // Cheapest first among the priced clinics at any distance: the page is read in the order of
  // clinic_current_prices_unit_idx and stops once it is full (an incremental sort by distance
  // within a price), so the total is counted on its own instead of by a window over every row.
  const countApart = s.radiusMiles == null && maxUnitCents != null && s.sortBy === "price";
  const page = db.$with("page").as(
    db
      .with(ranked)
      .select({ id: ranked.id, distance: ranked.distance, unit: ranked.unit, total: (countApart ? sql<number>`0` : sql<number>`count(*) over ()`).as("total") })
      .from(ranked)
      .orderBy(...order)
      .limit(s.limit)
      .offset((s.page - 1) * s.limit),
  );
  const rows = await db
    .with(page)
    .select({ clinic: clinics, distance: page.distance, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(clinics, eq(clinics.id, page.id))
    .orderBy(...(s.sortBy === "price" ? [sql`${page.unit} ASC NULLS LAST`] : []), asc(page.distance), asc(page.id));
  let total = rows[0]?.total ?? 0;
  if (countApart || (rows.length === 0 && s.page > 1)) {
    const [row] = await db.with(ranked).select({ n: count() }).from(ranked);
    total = row?.n ?? 0;
  }
  return { items: rows.map((r) => toClinic(r.clinic, Number(r.distance))), total, origin };
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
