/**
 * The clinics a treatment page lists (built from the site data, as the city pages are): those
 * posting a current price for the treatment, the newest checked first, and the cities where
 * they are. A treatment with a price area of its own (lip flip, masseter) lists clinics posting
 * that area's price; the others list clinics posting a price per unit, of any brand. "Current"
 * is the price rules' own: published, and checked within the index's age limit.
 */
import type { Clinic } from "@botox/core/contract";
import { comparePriceRecency, countsInIndex, priceCheckedOn, type ClinicPrice } from "@botox/core/prices";
import { isPermanentlyClosed } from "@botox/core/freshness";
import type { TreatmentPage } from "@botox/core/treatments";
import { priceHeadline } from "./prices.ts";
import { priceDated } from "./price-text.ts";

interface TreatmentClinic {
  clinic: Clinic;
  /** "Botox, Lip flip: $150", "Dysport $4.50/unit". */
  headline: string;
  /** "checked by phone 2 Nov 2026". */
  dated: string;
  checkedOn: string;
}

interface TreatmentCity {
  city: string;
  state: string;
  pageSlug: string;
  /** Clinics of the city posting a price for the treatment. */
  count: number;
}

export interface TreatmentListing {
  /** Every clinic posting a current price for the treatment. */
  total: number;
  clinics: TreatmentClinic[];
  cities: TreatmentCity[];
}

/** Whether a price is one the page lists. */
function pricesTreatment(page: Pick<TreatmentPage, "priceArea">, p: ClinicPrice, today: string): boolean {
  if (p.status !== "published" || !countsInIndex(priceCheckedOn(p), today)) return false;
  return page.priceArea ? p.model === "per_area" && p.area === page.priceArea : p.model === "per_unit" && p.perUnitCents != null;
}

export function treatmentListing(
  page: Pick<TreatmentPage, "priceArea">,
  data: {
    clinics: readonly Clinic[];
    pricesByClinic: ReadonlyMap<number, ClinicPrice[]>;
    cityOf: (c: Clinic) => { city: string; state: string; pageSlug: string };
    today: string;
  },
  limits: { clinics: number; cities: number } = { clinics: 20, cities: 12 },
): TreatmentListing {
  const found: TreatmentClinic[] = [];
  for (const clinic of data.clinics) {
    if (isPermanentlyClosed(clinic.businessStatus)) continue;
    let best: ClinicPrice | null = null;
    for (const p of data.pricesByClinic.get(clinic.id) ?? []) {
      if (pricesTreatment(page, p, data.today) && (!best || comparePriceRecency(p, best) > 0)) best = p;
    }
    if (best) found.push({ clinic, headline: priceHeadline(best), dated: priceDated(best), checkedOn: priceCheckedOn(best) });
  }
  found.sort((a, b) => b.checkedOn.localeCompare(a.checkedOn) || a.clinic.name.localeCompare(b.clinic.name) || a.clinic.id - b.clinic.id);
  const cities = new Map<string, TreatmentCity>();
  for (const f of found) {
    const c = data.cityOf(f.clinic);
    const seen = cities.get(c.pageSlug);
    if (seen) seen.count++;
    else cities.set(c.pageSlug, { city: c.city, state: c.state, pageSlug: c.pageSlug, count: 1 });
  }
  return {
    total: found.length,
    clinics: found.slice(0, limits.clinics),
    cities: [...cities.values()].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city)).slice(0, limits.cities),
  };
}
