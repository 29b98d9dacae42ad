/**
 * Deals: a clinic's time-limited offer that states its brand, its unit price (or an
 * area price with the units it includes), its conditions and its end date, so it can be
 * compared with the local price index. Pure rules shared by the API, the site build and the
 * admin; dates are "YYYY-MM-DD" and callers pass `today`.
 */
import { PRICE_BRANDS, dateValue, type PriceArea, type PriceBrand } from "./price-format.ts";
import type { PriceIndex } from "./prices.ts";

/** A deal names a real product: "other" has units that compare with nothing. */
export const DEAL_BRANDS = PRICE_BRANDS.filter((b): b is Exclude<PriceBrand, "other"> => b !== "other");
export type DealBrand = (typeof DEAL_BRANDS)[number];
export const DEAL_MODELS = ["per_unit", "per_area"] as const;
export type DealModel = (typeof DEAL_MODELS)[number];

export const DEAL_RULES = {
  /** A deal runs at most this many days after its start. */
  maxDays: 180,
  titleMax: 120,
  conditionsMax: 500,
} as const;

export const DEAL_MSG = {
  notFound: "Deal not found.",
  brand: `Brand must be one of: ${DEAL_BRANDS.join(", ")}.`,
  model: 'Pricing model must be "per_unit" or "per_area".',
  titleRequired: "A deal needs a title.",
  endsOnRequired: "A deal needs its end date (endsOn, YYYY-MM-DD).",
  ended: "This deal's end date has passed: only a deal still running can be published.",
  tooLong: `A deal may run at most ${DEAL_RULES.maxDays} days after its start.`,
  endsBeforeStart: "A deal cannot end before it starts.",
  unitPriceRequired: "A per-unit deal needs unitPriceCents.",
  areaRequired: "A per-area deal needs its area.",
  areaPriceRequired: "A per-area deal needs areaPriceCents.",
  unitsRequired: "A per-area deal needs its units: without them it cannot be compared with unit prices.",
  sourceUrl: "Source URL must be an https address.",
  query: "Give either city or postalCode.",
} as const;

export interface Deal {
  id: number;
  clinicId: number;
  title: string;
  brand: DealBrand;
  model: DealModel;
  unitPriceCents: number | null;
  area: PriceArea | null;
  areaPriceCents: number | null;
  units: number | null;
  /** The unit price, or the area price ÷ its units (rounded to a cent). */
  perUnitCents: number;
  startsOn: string;
  endsOn: string;
  conditions: string | null;
  newPatientsOnly: boolean;
  sourceUrl: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** How a deal compares with its brand's local index. */
export interface DealComparison {
  belowTypical: boolean;
  typical: { p25: number; median: number } | null;
}

/** A deal as the public API and the site show it. */
export interface PublicDeal extends Omit<Deal, "createdBy" | "createdAt" | "updatedAt">, DealComparison {
  clinicName: string;
  clinicSlug: string;
  clinicCitySlug: string;
}

/** The per-unit price a deal states or implies; null when a per-area deal lacks its units. */
export function dealPerUnitCents(d: {
  model: DealModel;
  unitPriceCents?: number | null;
  areaPriceCents?: number | null;
  units?: number | null;
}): number | null {
  if (d.model === "per_unit") return d.unitPriceCents ?? null;
  if (d.areaPriceCents == null || d.units == null || d.units <= 0) return null;
  return Math.round(d.areaPriceCents / d.units);
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string): number => Math.round((dateValue(to) - dateValue(from)) / DAY_MS);

/** Runs on `today`: started, and its end date not passed (the end date is its last day). */
export const isDealRunning = (d: { startsOn: string; endsOn: string }, today: string): boolean => d.startsOn <= today && today <= d.endsOn;

/**
 * The date rules of a deal. `checkEnded` refuses an end date before `today` (a new deal, or a
 * change of its dates); the length rule always holds.
 */
export function dealDateIssues(d: { startsOn: string; endsOn: string }, today: string, checkEnded = true): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (checkEnded && d.endsOn < today) issues.push({ path: "endsOn", message: DEAL_MSG.ended });
  if (d.endsOn < d.startsOn) issues.push({ path: "endsOn", message: DEAL_MSG.endsBeforeStart });
  else if (daysBetween(d.startsOn, d.endsOn) > DEAL_RULES.maxDays) issues.push({ path: "endsOn", message: DEAL_MSG.tooLong });
  return issues;
}

/** The fields a deal's model needs; returns the issues found. */
export function dealShapeIssues(d: {
  model: DealModel;
  unitPriceCents?: number | null;
  area?: PriceArea | null;
  areaPriceCents?: number | null;
  units?: number | null;
}): { path: string; message: string }[] {
  if (d.model === "per_unit") return d.unitPriceCents == null ? [{ path: "unitPriceCents", message: DEAL_MSG.unitPriceRequired }] : [];
  const issues: { path: string; message: string }[] = [];
  if (d.area == null) issues.push({ path: "area", message: DEAL_MSG.areaRequired });
  if (d.areaPriceCents == null) issues.push({ path: "areaPriceCents", message: DEAL_MSG.areaPriceRequired });
  if (d.units == null) issues.push({ path: "units", message: DEAL_MSG.unitsRequired });
  return issues;
}

/**
 * A deal against its brand's local index: `belowTypical` only when the index is of the same
 * brand, is sufficient (PRICE_RULES.minIndexClinics clinics) and the deal's per-unit price is
 * at or below its 25th percentile; `typical` carries that index's p25 and median, else null.
 * Another brand's index, or too few clinics, compares nothing.
 */
export function compareDeal(deal: { brand: DealBrand; perUnitCents: number }, index: PriceIndex | null | undefined): DealComparison {
  if (!index || index.brand !== deal.brand || !index.sufficient || index.p25 == null || index.median == null) return { belowTypical: false, typical: null };
  return { belowTypical: deal.perUnitCents <= index.p25, typical: { p25: index.p25, median: index.median } };
}
