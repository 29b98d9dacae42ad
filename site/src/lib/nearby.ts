/** The nearby-clinics list of the home page (spec §2.5, §9): closest 50, ten per page. */
import type { Clinic } from "@core/api.ts";
import { SEARCH } from "@core/constants.ts";
import { distanceMiles, roundMiles } from "@core/geo.ts";

/** Distance from the visitor computed here (earth radius 3959 mi), nearest first, at most 50. */
export function closestClinics(clinics: readonly Clinic[], origin: { lat: number; lon: number }): Clinic[] {
  return clinics
    .filter((c) => c.latitude != null && c.longitude != null)
    .map((c) => ({
      ...c,
      _distance: roundMiles(distanceMiles({ latitude: origin.lat, longitude: origin.lon }, { latitude: c.latitude!, longitude: c.longitude! })),
    }))
    .sort((a, b) => a._distance - b._distance)
    .slice(0, SEARCH.maxNearbyResults);
}
