/**
 * Deals: a clinic's time-limited offer that states its brand, its unit price (or an
 * area price with the units it includes), its conditions and its end date, so it can be
 * compared with the local price index. Pure rules shared by the API, the site build and the
 * admin; dates are "YYYY-MM-DD" and callers pass `today`.
 */
import { AREA_LABELS, BRAND_LABELS, PRICE_BRANDS, dateValue, formatCents, type PriceArea, type PriceBrand } from "./price-format.ts";
import { UNIT_PRICE_BOUNDS_CENTS, type PriceIndex } from "./prices.ts";
import { DOSE_AREA_LABELS, doseAreaOf, typicalUnits } from "./estimates.ts";

/** A deal names a real product: "other" has units that compare with nothing. */
export const DEAL_BRANDS = PRICE_BRANDS.filter((b): b is Exclude<PriceBrand, "other"> => b !== "other");
export type DealBrand = (typeof DEAL_BRANDS)[number];
export const DEAL_MODELS = ["per_unit", "per_area"] as const;
export type DealModel = (typeof DEAL_MODELS)[number];

export const DEAL_RULES = {
  /** A deal runs at most this many days after its start. */
  maxDays: 180,
  /**
   * A per-area deal may include at most this many times the label's dose for the area (decision
   * 241): room for a stronger dose, none for "400 units of frown lines".
   */
  maxLabelDoseFactor: 2,
  titleMax: 120,
  conditionsMax: 500,
} as const;

export const DEAL_MSG = {
  notFound: "Deal not found.",
  brand: `Brand must be one of: ${DEAL_BRANDS.join(", ")}.`,
  model: 'Pricing model must be "per_unit" or "per_area".',
  titleRequired: "A deal needs a title.",
  endsOnRequired: "Enter the last day of the deal.",
  ended: "This deal's end date has passed: only a deal still running can be published.",
  tooLong: `A deal may run at most ${DEAL_RULES.maxDays} days after its start.`,
  endsBeforeStart: "A deal cannot end before it starts.",
  unitPriceRequired: "Enter a price per unit.",
  areaRequired: "A per-area deal needs its area.",
  areaPriceRequired: "Enter the price for the area.",
  unitsRequired: "A per-area deal needs its units: without them it cannot be compared with unit prices.",
  sourceUrl: "Source URL must be an https address.",
  query: "Give either city or postalCode.",
  belowFloor: (brand: string, floor: string) => `A ${brand} deal under ${floor} a unit is not plausible: check the price and the units.`,
  tooManyUnits: (area: string, brand: string, max: number) =>
    `${area} with ${brand} is dosed at far fewer units on its label: a deal there may include at most ${max} units.`,
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
  /** A seeded demo offer: shown as demo data. */
  demo: boolean;
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
 * The lowest per-unit price a deal may state: the brand's plausible floor (UNIT_PRICE_BOUNDS_CENTS,
 * decision 241), below which a clinic would sell under what the product costs it.
 */
export const dealUnitFloorCents = (brand: DealBrand): number => UNIT_PRICE_BOUNDS_CENTS[brand]?.min ?? 1;

/** The most units a per-area deal may include for an area the dose table doses; null when it does not. */
export function dealUnitsCeiling(brand: DealBrand, area: PriceArea | null | undefined): number | null {
  const dose = doseAreaOf(area);
  const units = dose ? typicalUnits(brand, dose) : null;
  return units == null ? null : units * DEAL_RULES.maxLabelDoseFactor;
}

/**
 * Whether a deal is plausible at all: its per-unit price at or above the brand's floor, and a
 * per-area deal's units within the label's range for the area. Checked once its shape is whole.
 */
export function dealPlausibilityIssues(d: {
  brand: DealBrand;
  model: DealModel;
  unitPriceCents?: number | null;
  area?: PriceArea | null;
  areaPriceCents?: number | null;
  units?: number | null;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const brand = BRAND_LABELS[d.brand];
  const ceiling = d.model === "per_area" ? dealUnitsCeiling(d.brand, d.area) : null;
  if (ceiling != null && d.units != null && d.units > ceiling) {
    const dose = doseAreaOf(d.area);
    const label = dose ? DOSE_AREA_LABELS[dose] : d.area ? AREA_LABELS[d.area] : "";
    issues.push({ path: "units", message: DEAL_MSG.tooManyUnits(label, brand, ceiling) });
  }
  const perUnit = dealPerUnitCents(d);
  const floor = dealUnitFloorCents(d.brand);
  if (perUnit != null && perUnit < floor) {
    issues.push({ path: d.model === "per_unit" ? "unitPriceCents" : "areaPriceCents", message: DEAL_MSG.belowFloor(brand, formatCents(floor)) });
  }
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
