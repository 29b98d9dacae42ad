/**
 * Per-area estimates: "what would my treatment cost here?" from a clinic's current
 * per-unit price and the typical units of an area. The units come from one table with its
 * source beside it; an area or brand the table lacks gets no estimate, never a guess. Pure:
 * callers pass `today` and the prices, and the price rules are prices.ts's (current price,
 * index), not copies of them.
 */
import {
  BRAND_LABELS,
  comparePriceRecency,
  currentUnitPrices,
  formatPriceDate,
  formatUnitPrice,
  priceCheckedOn,
  reportOutlier,
  reportedFor,
  UNIT_PRICE_BOUNDS_CENTS,
  formatCents,
  countsInIndex,
  type ClinicPrice,
  type PriceArea,
  type PriceBrand,
  type PriceIndex,
} from "./prices.ts";
import { LABEL_SOURCES, LABELLED_BRANDS, type LabelledBrand } from "./labels.ts";

/** The areas the dose table knows. One is a combination a label doses as one treatment. */
export const DOSE_AREAS = ["frown_lines", "crows_feet", "forehead_and_frown_lines"] as const;
export type DoseArea = (typeof DOSE_AREAS)[number];

export const DOSE_AREA_LABELS: Record<DoseArea, string> = {
  frown_lines: "Frown lines",
  crows_feet: "Crow's feet",
  forehead_and_frown_lines: "Forehead lines with frown lines",
};

/**
 * The price area a clinic's own area price must name to stand for a dose area. Only an exact
 * match counts: a clinic's "forehead" price says nothing about forehead *with* frown lines.
 */
const PRICE_AREA_OF: Partial<Record<DoseArea, PriceArea>> = {
  frown_lines: "frown_lines",
  crows_feet: "crows_feet",
};

export interface DoseRow {
  brand: LabelledBrand;
  area: DoseArea;
  /** Total units of the labelled dose for the area. */
  units: number;
  /** The label the figure comes from. */
  source: string;
}

/**
 * Typical units per area: each row the total recommended dose its brand's label gives for the
 * area (Dosage and Administration), with the label beside it (labels.ts). These figures and no
 * others: an area a label does not dose is not estimated.
 */
export const DOSE_TABLE: readonly DoseRow[] = [
  { brand: "botox", area: "frown_lines", units: 20, source: LABEL_SOURCES.botox },
  { brand: "botox", area: "crows_feet", units: 24, source: LABEL_SOURCES.botox },
  { brand: "botox", area: "forehead_and_frown_lines", units: 40, source: LABEL_SOURCES.botox },
  { brand: "dysport", area: "frown_lines", units: 50, source: LABEL_SOURCES.dysport },
  { brand: "xeomin", area: "frown_lines", units: 20, source: LABEL_SOURCES.xeomin },
  { brand: "jeuveau", area: "frown_lines", units: 20, source: LABEL_SOURCES.jeuveau },
  { brand: "daxxify", area: "frown_lines", units: 40, source: LABEL_SOURCES.daxxify },
  { brand: "letybo", area: "frown_lines", units: 20, source: LABEL_SOURCES.letybo },
];

export const ESTIMATE_MSG = {
  dosesVary: "Actual doses vary from person to person and are set by your injector; these are estimates from the typical label dose, not quotes.",
} as const;

/** The typical units of `area` for `brand`, or null when the table lacks it. */
export function typicalUnits(brand: PriceBrand, area: DoseArea): number | null {
  return DOSE_TABLE.find((r) => r.brand === brand && r.area === area)?.units ?? null;
}

/** The dose area a price area stands for in the table (only exact matches: see PRICE_AREA_OF). */
export function doseAreaOf(area: PriceArea | null | undefined): DoseArea | null {
  if (area == null) return null;
  return DOSE_AREAS.find((d) => PRICE_AREA_OF[d] === area) ?? null;
}

/** The brand's largest labelled dose in the table (any area), or null when it has none. */
function largestLabelDose(brand: PriceBrand): number | null {
  const units = DOSE_TABLE.filter((r) => r.brand === brand).map((r) => r.units);
  return units.length > 0 ? Math.max(...units) : null;
}

/**
 * Why an area price (a visitor's report, or a price row without its units) stands out: the
 * same test as a unit price, on the per-unit price it implies at the area's typical units (the
 * dose table), against the brand's plausible range and the local median. An area the table
 * does not dose is tested only against the most the brand's largest labelled dose could cost.
 */
export function areaPriceOutlier(brand: PriceBrand, area: PriceArea | null, totalCents: number, localMedianCents: number | null): string | null {
  const dose = doseAreaOf(area);
  const units = dose ? typicalUnits(brand, dose) : null;
  if (units != null) {
    const why = reportOutlier(brand, Math.round(totalCents / units), localMedianCents);
    return why ? `At the typical ${units} units: ${why[0]?.toLowerCase()}${why.slice(1)}` : null;
  }
  const bounds = UNIT_PRICE_BOUNDS_CENTS[brand];
  const largest = largestLabelDose(brand);
  if (!bounds || largest == null) return null;
  const ceiling = bounds.max * largest;
  return totalCents > ceiling ? `Above the most a labelled ${BRAND_LABELS[brand]} dose of any area costs (${formatCents(ceiling)})` : null;
}

/** Units × per-unit price, in whole dollars (rounded half up). */
export const estimateDollars = (units: number, perUnitCents: number): number => Math.round((units * perUnitCents) / 100);

const dollars = (n: number): string => `$${n.toLocaleString("en-US")}`;

export interface AreaEstimate {
  brand: PriceBrand;
  area: DoseArea;
  units: number;
  /** Whole dollars. */
  dollars: number;
  /**
   * "estimate": units × the current per-unit price; "clinic_area_price": the clinic's own
   * published area price; "reported_area_price": a visitor's published report of that area.
   */
  kind: "estimate" | "clinic_area_price" | "reported_area_price";
  /** The per-unit price behind an estimate (cents); null for a clinic's own area price. */
  perUnitCents: number | null;
  /** The day the price was last checked. */
  checkedOn: string;
  /** "Frown lines, about 20 units of Botox: about $260 at $13/unit (checked 2 Nov 2026)". */
  text: string;
  /** The label the typical units come from. */
  source: string;
}

/**
 * A clinic's estimates: for each brand it has a current (≤ 365 days) per-unit price of, each of
 * the brand's rows in the dose table. Where the clinic publishes its own current price for
 * exactly that area and brand, that price is shown instead of the estimate.
 */
export function clinicEstimates(prices: readonly ClinicPrice[], today: string): AreaEstimate[] {
  const out: AreaEstimate[] = [];
  const published = prices.filter((p) => p.status === "published");
  for (const brand of LABELLED_BRANDS) {
    const current = [...currentUnitPrices(published, brand, today).values()][0];
    for (const row of DOSE_TABLE.filter((r) => r.brand === brand)) {
      const own = ownAreaPrice(published, brand, row.area, today);
      const label = `${DOSE_AREA_LABELS[row.area]}, about ${row.units} units of ${BRAND_LABELS[brand]}`;
      if (own) {
        const amount = Math.round(own.cents / 100);
        const reported = own.source === "patient_report";
        out.push({
          brand,
          area: row.area,
          units: row.units,
          dollars: amount,
          kind: reported ? "reported_area_price" : "clinic_area_price",
          perUnitCents: null,
          checkedOn: own.checkedOn,
          source: row.source,
          text: reported
            ? `${DOSE_AREA_LABELS[row.area]}, ${BRAND_LABELS[brand]}: ${dollars(amount)}, ${reportedFor(own.observedOn)}`
            : `${DOSE_AREA_LABELS[row.area]}, ${BRAND_LABELS[brand]}: ${dollars(amount)}, the clinic's own area price (checked ${formatPriceDate(own.checkedOn)})`,
        });
      } else if (current) {
        const amount = estimateDollars(row.units, current.perUnitCents);
        out.push({
          brand,
          area: row.area,
          units: row.units,
          dollars: amount,
          kind: "estimate",
          perUnitCents: current.perUnitCents,
          checkedOn: current.checkedOn,
          source: row.source,
          text: `${label}: about ${dollars(amount)} at ${formatUnitPrice(current.perUnitCents)} (${current.source === "patient_report" ? reportedFor(current.observedOn) : `checked ${formatPriceDate(current.checkedOn)}`})`,
        });
      }
    }
  }
  return out;
}

/**
 * The clinic's current published price for exactly this area and brand (core's recency rule:
 * a visitor's report never replaces the clinic's own price of the same month or later).
 */
function ownAreaPrice(
  prices: readonly ClinicPrice[],
  brand: PriceBrand,
  area: DoseArea,
  today: string,
): { cents: number; checkedOn: string; observedOn: string; source: ClinicPrice["source"] } | null {
  const priceArea = PRICE_AREA_OF[area];
  if (!priceArea) return null;
  let best: ClinicPrice | null = null;
  for (const p of prices) {
    if (p.brand !== brand || p.model !== "per_area" || p.area !== priceArea || p.priceCents == null) continue;
    if (!countsInIndex(priceCheckedOn(p), today)) continue;
    if (!best || comparePriceRecency(p, best) > 0) best = p;
  }
  return best && best.priceCents != null ? { cents: best.priceCents, checkedOn: priceCheckedOn(best), observedOn: best.observedOn, source: best.source } : null;
}

/**
 * The index's estimates for city and ZIP pages: each of the brand's rows at the local median
 * ("Frown lines at the local median: about $260"), only when the index is sufficient.
 */
export function indexEstimates(index: PriceIndex): { area: DoseArea; units: number; dollars: number; text: string; source: string }[] {
  if (!index.sufficient || index.median == null) return [];
  const median = index.median;
  return DOSE_TABLE.filter((r) => r.brand === index.brand).map((r) => {
    const amount = estimateDollars(r.units, median);
    return {
      area: r.area,
      units: r.units,
      dollars: amount,
      text: `${DOSE_AREA_LABELS[r.area]} (about ${r.units} units of ${BRAND_LABELS[r.brand]}) at the local median: about ${dollars(amount)}`,
      source: r.source,
    };
  });
}
