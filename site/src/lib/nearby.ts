/** The nearby-clinics list of the home page (product.md §2.5, §9): closest 50, ten per page. */
import type { Clinic } from "@botox/core/contract";
import { SEARCH } from "@botox/core/constants";
import { distanceMiles, roundMiles } from "@botox/core/geo";
import { publicStatusLabel } from "@botox/core/status";

/** A nearby list built into the page (lib/prebuilt-nearby.ts): the closest clinics to the fallback location. */
export interface PrebuiltNearby {
  /** "New York, NY": the place the list was built for. */
  where: string;
  clinics: Clinic[];
}

const closedRank = (c: Clinic) => (publicStatusLabel(c.businessStatus) === "Open" ? 0 : 1);

/**
 * Distance from the visitor computed here (earth radius 3959 mi): the closest 50, open
 * clinics nearest first and closed ones after them (a Closed clinic never heads the
 * list a visitor reads as "where can I go").
 */
export function closestClinics(clinics: readonly Clinic[], origin: { lat: number; lon: number }): Clinic[] {
  return clinics
    .flatMap((c) => {
      const { latitude, longitude } = c;
      if (latitude == null || longitude == null) return [];
      return [{ ...c, _distance: roundMiles(distanceMiles({ latitude: origin.lat, longitude: origin.lon }, { latitude, longitude })) }];
    })
    .sort((a, b) => a._distance - b._distance)
    .slice(0, SEARCH.maxNearbyResults)
    .sort((a, b) => closedRank(a) - closedRank(b) || a._distance - b._distance);
}

/**
 * The top-rated open clinics of a list (the home page's featured block for the visitor's
 * area): the maps rating first, then the number of reviews behind it, then the name.
 */
export function topRated(clinics: readonly Clinic[], limit: number): Clinic[] {
  return clinics
    .filter((c) => publicStatusLabel(c.businessStatus) === "Open")
    .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviewCount - a.reviewCount || a.name.localeCompare(b.name))
    .slice(0, limit);
}
