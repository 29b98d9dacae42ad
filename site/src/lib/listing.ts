/** Filters of the city listing (product.md §2.7, §9) and the build-time first page that mirrors them. */
import type { Clinic, ClinicListResponse } from "@botox/core/contract";
import { FILTERS, SEARCH } from "@botox/core/constants";
import { distanceMiles, roundMiles } from "@botox/core/geo";
import type { QueryParams } from "@botox/core/http";
import { totalPages } from "@botox/core/pagination";

export type DistanceChoice = "5" | "10" | "25" | "any";
export type StatusChoice = "OPERATIONAL" | "CLOSED_TEMPORARILY" | "PERMANENTLY_CLOSED" | "all";
export type SortChoice = "reviews-desc" | "reviews-asc" | "name-asc" | "name-desc" | "price-asc";

export interface CityFilters {
  distance: DistanceChoice;
  status: StatusChoice;
  query: string;
  sort: SortChoice;
  /** Highest Botox price per unit in dollars; null: any price (and unpriced clinics). */
  maxUnitPrice: number | null;
  /** Only clinics open at this moment in their own zone, asked of the API at view time. */
  openNow: boolean;
  /** Only clinics with a currently verified staff member of these credentials ("MD,DO"); "" for any. */
  credential?: string;
  /** Only clinics posting a current per-unit price of this brand ("dysport"); "" for any (a search for a brand). */
  brand?: string;
}

export const DEFAULT_CITY_FILTERS: CityFilters = {
  distance: String(FILTERS.cityDefaultDistance) as DistanceChoice,
  status: FILTERS.defaultBusinessStatus,
  query: "",
  sort: "reviews-desc",
  maxUnitPrice: null,
  openNow: false,
  credential: "",
  brand: "",
};

export const SORT_LABELS: Record<SortChoice, string> = {
  "reviews-desc": "Most reviews",
  "reviews-asc": "Fewest reviews",
  "name-asc": "Name (A-Z)",
  "name-desc": "Name (Z-A)",
  "price-asc": "Lowest Botox price",
};

/** Query parameters of GET /proxy/clinics-by-city/{city}; "any" distance sends no limit (architecture.md §9). */
/** The dollar ceiling that lets every posted price of a brand through (the price filter's highest). */
const BRAND_FILTER_CEILING = 1_000;

export function cityQueryParams(filters: CityFilters, page: number): QueryParams {
  const [sortBy, sortOrder] = filters.sort.split("-") as [string, string];
  return {
    page,
    limit: SEARCH.pageSize,
    query: filters.query.trim() || null,
    businessStatus: filters.status === "all" ? null : [filters.status],
    distance: filters.distance === "any" ? null : Number(filters.distance),
    sortBy,
    sortOrder,
    // A brand asked for without a ceiling: every clinic posting a price of it (the API's highest ceiling).
    maxUnitPrice: filters.maxUnitPrice ?? (filters.brand ? BRAND_FILTER_CEILING : null),
    brand: filters.brand || null,
    openNow: filters.openNow || null,
    credential: filters.credential || null,
  };
}

/**
 * The same list computed at build time from every clinic of the city, for the HTML. "Open now"
 * depends on the moment of viewing, so the build ignores it: the islands never show this page
 * while that filter is on.
 */
export function cityPageAtBuild(
  clinics: readonly Clinic[],
  centre: { latitude: number | null; longitude: number | null },
  filters: CityFilters,
  page = 1,
  pageSize: number = SEARCH.pageSize,
): ClinicListResponse {
  const q = filters.query.trim().toLowerCase();
  const limit = filters.distance === "any" ? Infinity : Number(filters.distance);
  const withDistance = clinics
    .map((c) => {
      if (centre.latitude == null || centre.longitude == null || c.latitude == null || c.longitude == null) return c;
      const d = distanceMiles({ latitude: centre.latitude, longitude: centre.longitude }, { latitude: c.latitude, longitude: c.longitude });
      return { ...c, _distance: roundMiles(d) };
    })
    .filter((c) => (filters.status === "all" ? true : c.businessStatus === filters.status))
    .filter((c) => !q || c.name.toLowerCase().includes(q) || (c.fullAddress ?? "").toLowerCase().includes(q))
    .filter((c) => limit === Infinity || (c._distance != null && c._distance <= limit))
    .filter((c) => filters.maxUnitPrice == null || (c.currentPrice != null && c.currentPrice.perUnitCents <= filters.maxUnitPrice * 100))
    .filter((c) => !filters.credential || filters.credential.split(",").some((k) => c.verifiedCredentials?.some((v) => v === k)));
  const [sortBy, sortOrder] = filters.sort.split("-");
  const dir = sortOrder === "asc" ? 1 : -1;
  const byReviews = (a: Clinic, b: Clinic) => b.reviewCount - a.reviewCount || a.name.localeCompare(b.name);
  // Price: cheapest first, unpriced clinics last (as the API sorts), ties by reviews.
  const price = (c: Clinic) => c.currentPrice?.perUnitCents ?? Infinity;
  withDistance.sort((a, b) =>
    sortBy === "name"
      ? dir * a.name.localeCompare(b.name)
      : sortBy === "price"
        ? price(a) - price(b) || byReviews(a, b)
        : dir * (a.reviewCount - b.reviewCount) || a.name.localeCompare(b.name),
  );
  const start = (page - 1) * pageSize;
  return {
    clinics: withDistance.slice(start, start + pageSize),
    pagination: {
      totalItems: withDistance.length,
      itemsPerPage: pageSize,
      currentPage: page,
      totalPages: totalPages(withDistance.length, pageSize),
    },
  };
}

export type ZipDistance = number | "any";

/** Query parameters of GET /zip-search for the ZIP page (product.md §2.8): "any" sends no limit. */
export function zipQueryParams(zip: string, distance: ZipDistance, page: number): QueryParams {
  return { postalCode: zip, page, limit: SEARCH.pageSize, distance: distance === "any" ? null : distance };
}

/**
 * The ZIP page's price filter and order (GET /zip-search `maxUnitPrice`, `sortBy=price`), of
 * `brand` when one is asked for (a search for a brand): as on the city listing, a brand without
 * a ceiling asks for every clinic posting a price of it, and the cards show that brand's price.
 */
export function zipPriceParams(maxUnitPrice: number | null, sort: "distance" | "price", brand = ""): QueryParams {
  return {
    maxUnitPrice: maxUnitPrice ?? (brand ? BRAND_FILTER_CEILING : null),
    brand: brand || null,
    sortBy: sort === "price" ? "price" : null,
  };
}

/** The ZIP page's "who injects" filter (GET /zip-search `credential`). */
export function zipCredentialParams(credential: string): QueryParams {
  return { credential: credential || null };
}

/** The ZIP page's "Open now" filter (GET /zip-search `openNow=true`). */
export function zipOpenNowParams(openNow: boolean): QueryParams {
  return { openNow: openNow || null };
}

/** Distance choices of the ZIP page: 5, 10, 25, 50 once expanded, and any. */
export function zipDistanceOptions(current: ZipDistance): ZipDistance[] {
  return [...FILTERS.distanceOptions, ...(current === FILTERS.zipExpandedDistance ? [FILTERS.zipExpandedDistance] : []), "any"];
}
