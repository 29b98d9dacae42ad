/**
 * What pages show of deals, computed at build time from the running deals the build
 * read and core's comparison with the same brand's local index. No countdowns and no urgency
 * wording: a deal says what it costs, under which conditions, and its last day.
 */
import { compareDeal, isDealRunning, type DealBrand } from "@botox/core/deals";
import { AREA_LABELS, BRAND_LABELS, formatCents, formatPriceDate, formatUnitPrice, type PriceIndex } from "@botox/core/prices";
import { clinicPath } from "@botox/core/search";
import type { RunningDeal } from "@botox/db/site";
import type { SiteCity, SiteIndex } from "./data.ts";
import { indexOver } from "./prices.ts";

export interface DealView {
  id: number;
  title: string;
  clinicName: string;
  /** The clinic page's path, or null on the clinic's own page. */
  clinicHref: string | null;
  /** "Botox $9.99/unit" or "Dysport, Frown lines: $225 for 50 units ($4.50/unit)". */
  price: string;
  conditions: string | null;
  newPatientsOnly: boolean;
  /** The deal's last day, "YYYY-MM-DD" (the page hides the deal in the visitor's browser after it). */
  endsOn: string;
  /** "ends 30 Nov 2026". */
  ends: string;
  /** "below typical for Austin, TX", only when core's comparison says so. */
  belowTypical: string | null;
  sourceUrl: string | null;
}

/** The deal's price with the per-unit equivalent that makes it comparable. */
export function dealPrice(d: Pick<RunningDeal, "brand" | "model" | "unitPriceCents" | "area" | "areaPriceCents" | "units" | "perUnitCents">): string {
  const brand = BRAND_LABELS[d.brand];
  if (d.model === "per_unit") return `${brand} ${formatUnitPrice(d.perUnitCents)}`;
  const area = d.area ? AREA_LABELS[d.area] : AREA_LABELS.other;
  return `${brand}, ${area}: ${formatCents(d.areaPriceCents ?? 0)} for ${d.units ?? 0} units (${formatUnitPrice(d.perUnitCents)})`;
}

/**
 * The deals of a place running on `today`, cheapest per unit first, each compared with its
 * brand's index over the place (`indexFor`, asked once per brand). `clinicHref` links each to
 * its clinic (omit it on the clinic's own page).
 */
export function dealViews(
  deals: readonly RunningDeal[],
  today: string,
  place: string,
  indexFor: (brand: DealBrand) => PriceIndex,
  clinicHref?: (d: RunningDeal) => string,
): DealView[] {
  const indexes = new Map<DealBrand, PriceIndex>();
  const index = (brand: DealBrand) => {
    let i = indexes.get(brand);
    if (!i) indexes.set(brand, (i = indexFor(brand)));
    return i;
  };
  return deals
    .filter((d) => isDealRunning(d, today))
    .sort((a, b) => a.perUnitCents - b.perUnitCents || a.endsOn.localeCompare(b.endsOn) || a.id - b.id)
    .map((d) => ({
      id: d.id,
      title: d.title,
      clinicName: d.clinicName,
      clinicHref: clinicHref ? clinicHref(d) : null,
      price: dealPrice(d),
      conditions: d.conditions,
      newPatientsOnly: d.newPatientsOnly,
      endsOn: d.endsOn,
      ends: `ends ${formatPriceDate(d.endsOn)}`,
      belowTypical: compareDeal(d, index(d.brand)).belowTypical ? `below typical for ${place}` : null,
      sourceUrl: d.sourceUrl,
    }));
}

/**
 * The running deals at the given clinics (a city's, or those around a ZIP), each linked to its
 * clinic page and compared with `indexFor(brand)`, its brand's index over the same place.
 */
export function placeDealViews(
  dealsByClinic: ReadonlyMap<number, readonly RunningDeal[]>,
  clinicIds: readonly number[],
  today: string,
  place: string,
  indexFor: (brand: DealBrand) => PriceIndex,
): DealView[] {
  const deals = clinicIds.flatMap((id) => dealsByClinic.get(id) ?? []);
  return deals.length === 0 ? [] : dealViews(deals, today, place, indexFor, (d) => clinicPath(d.clinicCitySlug, d.clinicSlug));
}

/** A city's running deals, each compared with its own brand's index over the city's clinics. */
export function cityDeals(data: Pick<SiteIndex, "clinicsByCity" | "dealsByClinic" | "today" | "currentPricesOf">, city: SiteCity): DealView[] {
  const ids = (data.clinicsByCity.get(city.pageSlug) ?? []).map((c) => c.id);
  return placeDealViews(data.dealsByClinic, ids, data.today, `${city.city}, ${city.state}`, (brand) => indexOver(ids, data.currentPricesOf(brand), brand));
}
