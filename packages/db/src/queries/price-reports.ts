/**
 * Visitors' price reports: stored pending, listed for the admin's review, and
 * published as a patient_report price (clinic-prices.ts's row rules) or rejected. Each report's
 * context in the review queue is price-report-context.ts's.
 */
import { asc, count, eq } from "drizzle-orm";
import { formatCents, type PriceArea, type PriceBrand, type PriceReport, type PriceStatus } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinicPrices, clinics, priceReports } from "../schema/schema.ts";
import { priceRow, type PriceValues } from "./clinic-prices.ts";
import type { DbExecutor } from "./content-changes.ts";
import { iso } from "./serialize.ts";

type ReportRow = typeof priceReports.$inferSelect;

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
 * @internal Exported for its tests.
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
    // The same outlier hold as an admin-entered price: a report outside its brand's
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
