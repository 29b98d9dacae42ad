/** Filters of the city listing (spec §2.7, §9) and the build-time first page that mirrors them. */
import type { Clinic, ClinicListResponse } from "@core/api.ts";
import { FILTERS, SEARCH } from "@core/constants.ts";
import { distanceMiles, roundMiles } from "@core/geo.ts";
import type { QueryParams } from "@core/http.ts";

export type DistanceChoice = "5" | "10" | "25" | "any";
export type StatusChoice = "OPERATIONAL" | "CLOSED_TEMPORARILY" | "PERMANENTLY_CLOSED" | "all";
export type SortChoice = "reviews-desc" | "reviews-asc" | "name-asc" | "name-desc";

export interface CityFilters {
  distance: DistanceChoice;
  status: StatusChoice;
  query: string;
  sort: SortChoice;
}

export const DEFAULT_CITY_FILTERS: CityFilters = {
  distance: String(FILTERS.cityDefaultDistance) as DistanceChoice,
  status: FILTERS.defaultBusinessStatus,
  query: "",
  sort: "reviews-desc",
};

export const SORT_LABELS: Record<SortChoice, string> = {
  "reviews-desc": "Most reviews",
  "reviews-asc": "Fewest reviews",
  "name-asc": "Name (A-Z)",
  "name-desc": "Name (Z-A)",
};

/** Query parameters of GET /proxy/clinics-by-city/{city}; "any" distance sends no limit (design.md §9). */
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
  };
}

/** The same list computed at build time from every clinic of the city, for the HTML. */
export function cityPageAtBuild(
  clinics: readonly Clinic[],
  centre: { latitude: number | null; longitude: number | null },
  filters: CityFilters,
  page = 1,
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
    .filter((c) => limit === Infinity || (c._distance != null && c._distance <= limit));
  const [sortBy, sortOrder] = filters.sort.split("-");
  const dir = sortOrder === "asc" ? 1 : -1;
  withDistance.sort((a, b) =>
    sortBy === "name" ? dir * a.name.localeCompare(b.name) : dir * (a.reviewCount - b.reviewCount) || a.name.localeCompare(b.name),
  );
  const start = (page - 1) * SEARCH.pageSize;
  return {
    clinics: withDistance.slice(start, start + SEARCH.pageSize),
    pagination: {
      totalItems: withDistance.length,
      itemsPerPage: SEARCH.pageSize,
      currentPage: page,
      totalPages: Math.ceil(withDistance.length / SEARCH.pageSize),
    },
  };
}

export type ZipDistance = number | "any";

/** Query parameters of GET /zip-search for the ZIP page (spec §2.8): "any" sends no limit. */
export function zipQueryParams(zip: string, distance: ZipDistance, page: number): QueryParams {
  return { postalCode: zip, page, limit: SEARCH.pageSize, distance: distance === "any" ? null : distance };
}

/** Distance choices of the ZIP page: 5, 10, 25, 50 once expanded, and any. */
export function zipDistanceOptions(current: ZipDistance): ZipDistance[] {
  return [...FILTERS.distanceOptions, ...(current === FILTERS.zipExpandedDistance ? [FILTERS.zipExpandedDistance] : []), "any"];
}
