/**
 * The "Report what you paid" form's checks without zod in the browser bundle: the
 * same messages and bounds as core's priceReportInputSchema, which the API applies again.
 */
import { PRICE_BRANDS, PRICE_AREAS, PRICE_MSG, PRICE_RULES, monthBefore, type PriceArea, type PriceBrand } from "@botox/core/prices";

export interface PriceReportValues {
  brand: PriceBrand;
  /** "" = a per-unit treatment, not one area. */
  area: PriceArea | "";
  units: string;
  total: string;
  /** "YYYY-MM". */
  treatedMonth: string;
}

export type PriceReportErrors = Partial<Record<keyof PriceReportValues, string>>;

export interface PriceReportBody {
  brand: PriceBrand;
  units?: number;
  total: number;
  treatedMonth: string;
  area?: PriceArea;
}

export const emptyPriceReport = (today: string): PriceReportValues => ({ brand: "botox", area: "", units: "", total: "", treatedMonth: today.slice(0, 7) });

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const UNITS_RE = /^\d+$/;
const DOLLARS_RE = /^\d{1,5}(\.\d{1,2})?$/;

/** The earliest and latest month a visitor may report (for the month input's min/max). */
export function reportMonthBounds(today: string): { min: string; max: string } {
  return { min: monthBefore(today, PRICE_RULES.reportMaxMonthsBack), max: today.slice(0, 7) };
}

const dollars = (s: string) => s.trim().replace(/^\$/, "").replace(/,/g, "");

export function validatePriceReport(v: PriceReportValues, today: string): PriceReportErrors {
  const errors: PriceReportErrors = {};
  if (!PRICE_BRANDS.includes(v.brand)) errors.brand = PRICE_MSG.brand;
  if (v.area !== "" && !PRICE_AREAS.includes(v.area)) errors.area = PRICE_MSG.area;
  const units = v.units.trim();
  if (units && (!UNITS_RE.test(units) || Number(units) < 1 || Number(units) > 400)) errors.units = PRICE_MSG.reportUnits;
  const total = dollars(v.total);
  if (!DOLLARS_RE.test(total) || Number(total) < 1 || Number(total) > 10_000) errors.total = PRICE_MSG.total;
  const { min, max } = reportMonthBounds(today);
  const month = v.treatedMonth.trim();
  if (!MONTH_RE.test(month) || month < min || month > max) errors.treatedMonth = PRICE_MSG.treatedMonth;
  return errors;
}

/** The body of POST /clinics/{id}/price-reports (call after validatePriceReport found nothing). */
export function priceReportBody(v: PriceReportValues): PriceReportBody {
  const units = v.units.trim();
  return {
    brand: v.brand,
    ...(units ? { units: Number(units) } : {}),
    total: Number(dollars(v.total)),
    treatedMonth: v.treatedMonth.trim(),
    ...(v.area ? { area: v.area } : {}),
  };
}
