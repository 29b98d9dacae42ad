/**
 * Prices: dated, sourced, per-brand prices per clinic and the local price index.
 * Pure rules shared by the API, the site build, the admin, the seed and the import. Money is
 * whole cents; dates are "YYYY-MM-DD" (UTC). Nothing here reads the clock: callers pass
 * `today`, so a page built today and an API answer given today agree.
 */

export * from "./price-format.ts";
import {
  BRAND_LABELS,
  PRICE_AREAS,
  PRICE_BRANDS,
  PRICE_MODELS,
  PRICE_SOURCES,
  PRICE_STATUSES,
  MAY_BE_OUT_OF_DATE,
  OUT_OF_DATE_DAYS,
  dateValue,
  priceAgeDays,
  formatCents,
  formatPriceMonth,
  type PriceArea,
  type PriceBrand,
  type PriceModel,
  type PriceSource,
  type PriceStatus,
} from "./price-format.ts";

export const PRICE_RULES = {
  /** Older than this, a price shows "may be out of date". */
  outOfDateDays: OUT_OF_DATE_DAYS,
  /** Older than this, a price counts in no index, filter or sort. */
  maxAgeDays: 365,
  /** An index is shown only from this many clinics. */
  minIndexClinics: 5,
  /** Price reports: how far back a treatment month may be. */
  reportMaxMonthsBack: 24,
} as const;

/**
 * Plausible per-unit prices per brand, in cents; outside them a price is held for review
 * (pending) rather than published. Dysport's units are about a third of Botox's, hence lower.
 * `other` has no bounds: its units mean nothing in common.
 */
export const UNIT_PRICE_BOUNDS_CENTS: Record<PriceBrand, { min: number; max: number } | null> = {
  botox: { min: 500, max: 4000 },
  dysport: { min: 200, max: 1500 },
  xeomin: { min: 500, max: 4000 },
  jeuveau: { min: 400, max: 3500 },
  daxxify: { min: 600, max: 4500 },
  letybo: { min: 400, max: 3500 },
  other: null,
};

export const PRICE_MSG = {
  mayBeOutOfDate: MAY_BE_OUT_OF_DATE,
  newPatientsOnly: "New patients only",
  visitorReport: "Visitor report",
  noPrices: "No prices yet for this clinic.",
  notEnoughData: (brand: string, place: string) => `There is not enough ${brand} price data for ${place} yet.`,
  reportPending: "Thanks! Your report will appear once we have checked it.",
  reportAlreadySent: "You have already reported a price for this clinic this month.",
  priceNotFound: "Price not found.",
  reportNotFound: "Price report not found.",
  brand: `Brand must be one of: ${PRICE_BRANDS.join(", ")}.`,
  model: `Pricing model must be one of: ${PRICE_MODELS.join(", ")}.`,
  area: `Area must be one of: ${PRICE_AREAS.join(", ")}.`,
  source: `Source must be one of: ${PRICE_SOURCES.join(", ")}.`,
  status: `Status must be one of: ${PRICE_STATUSES.join(", ")}.`,
  reviewStatus: 'Status must be "published" or "rejected".',
  cents: "Prices are whole cents between 1 and 10,000,000.",
  units: "Units must be a whole number between 1 and 1,000.",
  reportUnits: "Units must be a whole number between 1 and 400.",
  date: "Dates must be real dates written YYYY-MM-DD.",
  unitPriceRequired: "Enter a price per unit.",
  areaRequired: "An area price needs its area.",
  priceRequired: "This pricing model needs priceCents.",
  total: "Total paid must be an amount in dollars between $1 and $10,000.",
  treatedMonth: "Month treated must be written YYYY-MM, not in the future and at most 24 months ago.",
  maxUnitPrice: "maxUnitPrice must be a positive amount in dollars, at most 1000.",
  priceQuery: "Give either city or postalCode.",
  priceDistance: "Distance must be a positive number of miles, at most 100.",
  conditions: "Conditions must be at most 500 characters.",
  reason: "Reason must be at most 500 characters.",
  emptyPatch: "Nothing to change.",
} as const;

export interface ClinicPrice {
  id: number;
  clinicId: number;
  brand: PriceBrand;
  model: PriceModel;
  unitPriceCents: number | null;
  area: PriceArea | null;
  priceCents: number | null;
  units: number | null;
  /** The per-unit price in cents: the unit price, or priceCents ÷ units when units are known. */
  perUnitCents: number | null;
  conditions: string | null;
  newPatientsOnly: boolean;
  source: PriceSource;
  evidenceUrl: string | null;
  observedOn: string;
  verifiedOn: string | null;
  /** `priceCheckedOn`: the later of observedOn and verifiedOn; every age rule reads it. */
  checkedOn: string;
  status: PriceStatus;
  createdAt: string;
  updatedAt: string;
}

/** A clinic's price as listed on search results: `currentUnitPrices`' rule. */
export interface CurrentUnitPrice {
  brand: PriceBrand;
  perUnitCents: number;
  observedOn: string;
  /** The later of observedOn and verifiedOn (see `priceCheckedOn`). */
  checkedOn: string;
  source: PriceSource;
}

export interface PriceIndex {
  brand: PriceBrand;
  median: number | null;
  p25: number | null;
  p75: number | null;
  clinics: number;
  sufficient: boolean;
  newestObservedOn: string | null;
}

export interface PriceReport {
  id: number;
  clinicId: number;
  clinicName: string;
  brand: PriceBrand;
  area: PriceArea | null;
  units: number | null;
  totalCents: number;
  /** "YYYY-MM". */
  treatedMonth: string;
  status: PriceStatus;
  reason: string | null;
  priceId: number | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** What the admin's review queue shows beside a report: where, and how it compares. */
export interface PriceReportContext {
  city: string;
  state: string;
  /** The clinic's current per-unit price of the report's brand, in cents; null when none. */
  currentUnitCents: number | null;
  /** The median per-unit price of the brand in the clinic's city; null below PRICE_RULES.minIndexClinics clinics. */
  localMedianCents: number | null;
  /** How many clinics of the city have a current price of the brand. */
  localClinics: number;
  /** The per-unit price the report implies (total / units); null without units. */
  reportedUnitCents: number | null;
  /** Why the report stands out, or null. */
  outlier: string | null;
}

export type ListedPriceReport = PriceReport & { context?: PriceReportContext };

// ---- Rules ----

/** Reported per-unit prices further than this fraction from the local median are flagged. */
export const REPORT_OUTLIER_FRACTION = 0.5;

/**
 * Why a reported per-unit price stands out: outside the brand's plausible range, or more than
 * half again above (or half below) the local median. Null when it does not, or says no unit price.
 */
export function reportOutlier(brand: PriceBrand, reportedUnitCents: number | null, localMedianCents: number | null): string | null {
  if (reportedUnitCents == null) return null;
  const bounds = UNIT_PRICE_BOUNDS_CENTS[brand];
  if (bounds && (reportedUnitCents < bounds.min || reportedUnitCents > bounds.max)) {
    return `Outside the plausible ${BRAND_LABELS[brand]} range (${formatCents(bounds.min)}–${formatCents(bounds.max)} per unit)`;
  }
  if (localMedianCents != null && localMedianCents > 0) {
    const off = (reportedUnitCents - localMedianCents) / localMedianCents;
    if (Math.abs(off) > REPORT_OUTLIER_FRACTION) {
      return `${Math.round(Math.abs(off) * 100)}% ${off > 0 ? "above" : "below"} the local median`;
    }
  }
  return null;
}

/**
 * The per-unit price a row states or implies. Area and package prices imply one only when
 * their units are known; a membership's fee says nothing about a unit.
 */
export function perUnitCents(p: { model: PriceModel; unitPriceCents: number | null; priceCents: number | null; units: number | null }): number | null {
  if (p.model === "per_unit") return p.unitPriceCents;
  if (p.model === "membership" || p.priceCents == null || p.units == null || p.units <= 0) return null;
  return Math.round(p.priceCents / p.units);
}

/**
 * The day a price was last known to hold: its observation, or a later verification ("verify
 * today" in the admin refreshes a price's age). Every age rule (out of date, 365 days, which
 * price is current, the index's newest date) reads this day. Migration 0004 computes the same
 * as the stored column checked_on (GREATEST(observed_on, verified_on)).
 */
export function priceCheckedOn(p: { observedOn: string; verifiedOn?: string | null }): string {
  return p.verifiedOn != null && p.verifiedOn > p.observedOn ? p.verifiedOn : p.observedOn;
}

/** Counts in indexes, filters and sorts. */
export const countsInIndex = (observedOn: string, today: string): boolean => priceAgeDays(observedOn, today) <= PRICE_RULES.maxAgeDays;

/** Why a price the admin meant to publish was held for review, as the admin reads it. */
export function heldPriceReason(p: { brand: PriceBrand; perUnitCents: number | null }): string {
  if (p.perUnitCents == null) return "Without its units, its per-unit price cannot be checked against the usual range";
  return reportOutlier(p.brand, p.perUnitCents, null) ?? "Its per-unit price is outside the usual range for the brand";
}

/** Outside the brand's plausible per-unit range: held for review. */
export function isUnitPriceOutlier(brand: PriceBrand, cents: number | null): boolean {
  const bounds = UNIT_PRICE_BOUNDS_CENTS[brand];
  if (!bounds || cents == null) return false;
  return cents < bounds.min || cents > bounds.max;
}

/**
 * Which of two prices of one clinic and brand stands as its current price (positive: `a`).
 * A visitor's report is dated by its month only (it is observed on the month's first day), so
 * months are compared first and, within one month, the clinic's own price wins: a report never
 * replaces a price the clinic posted in the same month or later. Then the later day, then the
 * higher id. Migration 0022's refresh_clinic_current_price orders the same way.
 */
export function comparePriceRecency(
  a: Pick<ClinicPrice, "id" | "observedOn" | "verifiedOn" | "source">,
  b: Pick<ClinicPrice, "id" | "observedOn" | "verifiedOn" | "source">,
): number {
  const da = priceCheckedOn(a);
  const db = priceCheckedOn(b);
  const byMonth = da.slice(0, 7).localeCompare(db.slice(0, 7));
  if (byMonth !== 0) return byMonth;
  const own = Number(a.source !== "patient_report") - Number(b.source !== "patient_report");
  if (own !== 0) return own;
  return da.localeCompare(db) || a.id - b.id;
}

/**
 * Each clinic's current per-unit price for `brand`: its newest (see `comparePriceRecency`)
 * published per-unit price of that brand, if that is at most 365 days old (an older one is
 * shown on the clinic's page, dated, but stands for no current price). Only a price stated per
 * unit counts: an area or package price implies a unit price for its own offer, not for the
 * clinic's headline, its other areas' estimates, the index or the price sort.
 */
export function currentUnitPrices(prices: Iterable<ClinicPrice>, brand: PriceBrand, today: string): Map<number, CurrentUnitPrice> {
  const best = new Map<number, ClinicPrice>();
  for (const p of prices) {
    if (p.brand !== brand || p.status !== "published" || p.model !== "per_unit" || p.perUnitCents == null) continue;
    const seen = best.get(p.clinicId);
    if (!seen || comparePriceRecency(p, seen) > 0) best.set(p.clinicId, p);
  }
  const out = new Map<number, CurrentUnitPrice>();
  for (const [clinicId, p] of best) {
    const checkedOn = priceCheckedOn(p);
    if (p.perUnitCents != null && countsInIndex(checkedOn, today)) {
      out.set(clinicId, { brand, perUnitCents: p.perUnitCents, observedOn: p.observedOn, checkedOn, source: p.source });
    }
  }
  return out;
}

/** The q-quantile of ascending values, by linear interpolation between closest ranks. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (pos - lo);
}

/**
 * The index over one current price per clinic (see `currentUnitPrices`). Below
 * PRICE_RULES.minIndexClinics it says how many there are and estimates nothing.
 * `newestObservedOn` is the newest day a contributing price was checked (observed or verified).
 */
export function computePriceIndex(brand: PriceBrand, current: Iterable<{ perUnitCents: number; observedOn: string; checkedOn?: string }>): PriceIndex {
  const values: number[] = [];
  let newest: string | null = null;
  for (const c of current) {
    values.push(c.perUnitCents);
    const day = c.checkedOn ?? c.observedOn;
    if (newest == null || day > newest) newest = day;
  }
  return priceIndexOfValues(brand, values, newest);
}

/**
 * `computePriceIndex` from the prices' per-unit values alone (any order; sorted here) and the
 * newest day among them: what an area's statement aggregates (packages/db price-index.ts).
 */
export function priceIndexOfValues(brand: PriceBrand, perUnitCents: number[], newest: string | null): PriceIndex {
  const values = perUnitCents.sort((a, b) => a - b);
  const sufficient = values.length >= PRICE_RULES.minIndexClinics;
  return {
    brand,
    median: sufficient ? Math.round(quantile(values, 0.5)) : null,
    p25: sufficient ? Math.round(quantile(values, 0.25)) : null,
    p75: sufficient ? Math.round(quantile(values, 0.75)) : null,
    clinics: values.length,
    sufficient,
    newestObservedOn: values.length > 0 ? newest : null,
  };
}

/** The index of `brand` over the clinics in `clinicIds` (every clinic when omitted). */
export function priceIndexFor(prices: Iterable<ClinicPrice>, brand: PriceBrand, today: string, clinicIds?: ReadonlySet<number>): PriceIndex {
  const current = currentUnitPrices(prices, brand, today);
  const chosen = [...current].filter(([id]) => !clinicIds || clinicIds.has(id)).map(([, c]) => c);
  return computePriceIndex(brand, chosen);
}

// ---- Formatting ----

/**
 * The city/ZIP summary line: "Botox in Austin, TX: median $13 a unit, middle half $11–$15,
 * from 42 clinics, updated Nov 2026", or the not-enough-data line.
 */
export function priceIndexSummary(index: PriceIndex, place: string): string {
  const brand = BRAND_LABELS[index.brand];
  if (!index.sufficient || index.median == null || index.p25 == null || index.p75 == null) return PRICE_MSG.notEnoughData(brand, place);
  const updated = index.newestObservedOn ? `, updated ${formatPriceMonth(index.newestObservedOn)}` : "";
  return `${brand} in ${place}: median ${formatCents(index.median)} a unit, middle half ${formatCents(index.p25)}–${formatCents(index.p75)}, from ${index.clinics} clinics${updated}`;
}

/** The fields a price row needs, whatever its model; returns the issues found. */
export function priceShapeIssues(p: {
  model: PriceModel;
  unitPriceCents?: number | null;
  area?: PriceArea | null;
  priceCents?: number | null;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.model === "per_unit" && p.unitPriceCents == null) issues.push({ path: "unitPriceCents", message: PRICE_MSG.unitPriceRequired });
  if (p.model !== "per_unit" && p.priceCents == null) issues.push({ path: "priceCents", message: PRICE_MSG.priceRequired });
  if (p.model === "per_area" && p.area == null) issues.push({ path: "area", message: PRICE_MSG.areaRequired });
  return issues;
}

/** "YYYY-MM" of `today`'s month minus `back` months. */
export function monthBefore(today: string, back: number): string {
  const t = new Date(dateValue(today));
  const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}
