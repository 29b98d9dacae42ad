/**
 * What the pages show of prices, computed at build time from `SiteData.prices` with core's
 * rules (current price, index, out-of-date): only wording and layout are decided here.
 */
import {
  AREA_LABELS,
  BRAND_LABELS,
  PRICE_BRANDS,
  comparePriceRecency,
  computePriceIndex,
  currentUnitPrices,
  formatCents,
  formatPriceDate,
  formatUnitPrice,
  isPriceOutOfDate,
  priceCheckedOn,
  type ClinicPrice,
  type CurrentUnitPrice,
  type PriceIndex,
} from "@botox/core/prices";
import { priceDated } from "./price-text.ts";

/** One line of a clinic's Prices card. */
export interface PriceRow {
  id: number;
  /** "Botox $13/unit", "Botox, Forehead: $300 for 20 units ($15/unit)". */
  headline: string;
  /** "checked by phone 2 Nov 2026". */
  dated: string;
  /** "verified 5 Nov 2026" when re-checked after it was observed. */
  verified: string | null;
  conditions: string | null;
  newPatientsOnly: boolean;
  visitorReport: boolean;
  outOfDate: boolean;
  evidenceUrl: string | null;
}

/** "Botox $13/unit" or an area/package/membership price with the unit price it implies (when its units are known). */
export function priceHeadline(p: ClinicPrice): string {
  const brand = BRAND_LABELS[p.brand];
  if (p.model === "per_unit" && p.unitPriceCents != null) return `${brand} ${formatUnitPrice(p.unitPriceCents)}`;
  const what =
    p.model === "per_area"
      ? `${brand}, ${p.area ? AREA_LABELS[p.area] : AREA_LABELS.other}`
      : p.model === "package"
        ? `${brand} package`
        : `${brand} membership`;
  const amount = p.priceCents != null ? formatCents(p.priceCents) : "";
  const units = p.units != null && p.model !== "membership" ? ` for ${p.units} units` : "";
  const implied = p.perUnitCents != null && p.model !== "per_unit" ? ` (${formatUnitPrice(p.perUnitCents)})` : "";
  return `${what}: ${amount}${units}${implied}`;
}

const brandOrder = (p: ClinicPrice) => PRICE_BRANDS.indexOf(p.brand);

/**
 * A clinic's published prices as card rows: Botox first (then the other brands in their
 * fixed order), newest first within a brand (core's recency: a visitor's report never outranks
 * the clinic's own price of the same month). A row replaced by a newer one of the same
 * brand, model, area and offer is left out: the card shows what the clinic charges now.
 * @internal Exported for its tests.
 */
export function priceRows(prices: readonly ClinicPrice[], today: string): PriceRow[] {
  const sorted = prices.filter((p) => p.status === "published").sort((a, b) => brandOrder(a) - brandOrder(b) || comparePriceRecency(b, a));
  const seen = new Set<string>();
  const rows: PriceRow[] = [];
  for (const p of sorted) {
    const key = `${p.brand}|${p.model}|${p.area ?? ""}|${p.newPatientsOnly}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      id: p.id,
      headline: priceHeadline(p),
      dated: priceDated(p),
      verified: p.verifiedOn && p.verifiedOn > p.observedOn ? `verified ${formatPriceDate(p.verifiedOn)}` : null,
      conditions: p.conditions,
      newPatientsOnly: p.newPatientsOnly,
      visitorReport: p.source === "patient_report",
      // Its age runs from its last check: a verification vouches for it again (core's rule).
      outOfDate: isPriceOutOfDate(priceCheckedOn(p), today),
      evidenceUrl: p.evidenceUrl,
    });
  }
  return rows;
}

/** Published prices by clinic id. */
export function pricesByClinic(prices: readonly ClinicPrice[]): Map<number, ClinicPrice[]> {
  const out = new Map<number, ClinicPrice[]>();
  for (const p of prices) {
    const list = out.get(p.clinicId);
    if (list) list.push(p);
    else out.set(p.clinicId, [p]);
  }
  return out;
}

/** The index over the given clinics' current prices (each clinic once). */
export function indexOver(clinicIds: Iterable<number>, current: ReadonlyMap<number, CurrentUnitPrice>, brand: PriceIndex["brand"] = "botox"): PriceIndex {
  const chosen: CurrentUnitPrice[] = [];
  for (const id of clinicIds) {
    const c = current.get(id);
    if (c) chosen.push(c);
  }
  return computePriceIndex(brand, chosen);
}

/** The clinics with their current price attached (`currentPrice`, null when none), as the API's listings carry it. */
export function withCurrentPrices<T extends { id: number }>(
  clinics: readonly T[],
  current: ReadonlyMap<number, CurrentUnitPrice>,
): (T & { currentPrice: CurrentUnitPrice | null })[] {
  return clinics.map((c) => ({ ...c, currentPrice: current.get(c.id) ?? null }));
}

interface ChartBar {
  /** Lower bound of the bar's range, in cents (inclusive). */
  from: number;
  /** Upper bound, in cents (exclusive, except the last bar's). */
  to: number;
  count: number;
}

export interface PriceDistribution {
  bars: ChartBar[];
  min: number;
  max: number;
  total: number;
}

/**
 * Per-unit prices in whole-dollar bars: $1 wide, or wider (whole dollars) so there are at
 * most `maxBars`. Every value falls in exactly one bar.
 */
export function priceDistribution(values: readonly number[], maxBars = 12): PriceDistribution | null {
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const start = Math.floor(min / 100) * 100;
  const span = Math.floor(max / 100) * 100 + 100 - start;
  const width = Math.max(1, Math.ceil(span / 100 / maxBars)) * 100;
  const n = Math.ceil(span / width);
  const bars: ChartBar[] = Array.from({ length: n }, (_, i) => ({ from: start + i * width, to: start + (i + 1) * width, count: 0 }));
  for (const v of values) {
    const bar = bars[Math.min(n - 1, Math.floor((v - start) / width))];
    if (bar) bar.count++;
  }
  return { bars, min, max, total: values.length };
}

/**
 * A city's prices for its page: its clinics with their current price attached (the listing's
 * first page), the index over them, and the per-unit values behind it (the chart). `prices`
 * (one entry per clinic, null when unpriced) is what the page shows of prices, for its cache key.
 */
export function cityPriceView<T extends { id: number }>(clinics: readonly T[], current: ReadonlyMap<number, CurrentUnitPrice>) {
  const listed = withCurrentPrices(clinics, current);
  const index = indexOver(
    clinics.map((c) => c.id),
    current,
  );
  const values = listed.flatMap((c) => (c.currentPrice ? [c.currentPrice.perUnitCents] : []));
  return { clinics: listed, index, values, prices: listed.map((c) => c.currentPrice) };
}

/** What a clinic's page shows of prices: the card's rows, the city chart with its own price marked, and the JSON-LD. */
export interface ClinicPriceView {
  rows: PriceRow[];
  chart: { values: number[]; caption: string; marked: { cents: number; label: string } | null } | null;
  /** Published prices behind the JSON-LD offers. */
  published: ClinicPrice[];
}

export function clinicPriceView(
  clinic: { id: number },
  prices: readonly ClinicPrice[],
  current: ReadonlyMap<number, CurrentUnitPrice>,
  city: { index: PriceIndex; values: number[] },
  place: string,
  today: string,
): ClinicPriceView {
  const own = current.get(clinic.id);
  const brand = BRAND_LABELS[city.index.brand];
  return {
    rows: priceRows(prices, today),
    // The distribution is shown where the city's index is (enough clinics), never from fewer.
    chart: city.index.sufficient
      ? {
          values: city.values,
          caption: `${brand} prices per unit of ${city.values.length} clinics in ${place}`,
          marked: own ? { cents: own.perUnitCents, label: `This clinic: ${formatUnitPrice(own.perUnitCents)}` } : null,
        }
      : null,
    published: prices.filter((p) => p.status === "published"),
  };
}

/**
 * schema.org offers of a clinic page: one Offer per current published per-unit price (one
 * per brand, core's `currentUnitPrices` rule) with a UnitPriceSpecification, and a
 * `priceRange` from those real prices, brand by brand (units of different brands are not
 * comparable). Both are left out when the clinic has no such price.
 */
export function clinicOffersJsonLd(published: readonly ClinicPrice[], today: string): { offers?: Record<string, unknown>[]; priceRange?: string } {
  const offers: Record<string, unknown>[] = [];
  const ranges: string[] = [];
  for (const brand of PRICE_BRANDS) {
    const current = currentUnitPrices(published, brand, today);
    for (const c of current.values()) {
      ranges.push(`${BRAND_LABELS[brand]} ${formatUnitPrice(c.perUnitCents)}`);
      offers.push({
        "@type": "Offer",
        name: `${BRAND_LABELS[brand]} injection, price per unit`,
        priceCurrency: "USD",
        price: (c.perUnitCents / 100).toFixed(2),
        validFrom: c.observedOn,
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: (c.perUnitCents / 100).toFixed(2),
          priceCurrency: "USD",
          unitText: "unit",
          // C62: UN/CEFACT "one" (a unit), which a unit price's reference quantity must name.
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "C62", unitText: "unit" },
        },
      });
    }
  }
  return offers.length === 0 ? {} : { offers, priceRange: ranges.join(", ") };
}
