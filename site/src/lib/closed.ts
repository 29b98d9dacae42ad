/** Open clinics to offer on a permanently closed clinic's page. */
import type { Clinic } from "@botox/core/contract";
import { makeRadiusSearch } from "./data.ts";

const NEARBY_OPEN = 3;
export const NEARBY_MILES = 25;

/**
 * For a closed clinic: the nearest open clinics within 25 miles when it has coordinates,
 * else (or when none is that close) open clinics of its own city listing. The search over
 * every open clinic is built on first use, so a build without closed clinics never pays it.
 */
export function makeNearbyOpen(clinics: readonly Clinic[], cityListing: (clinic: Clinic) => readonly Clinic[]) {
  let search: ReturnType<typeof makeRadiusSearch> | undefined;
  const isOpen = (c: Clinic) => c.businessStatus === "OPERATIONAL";
  return (clinic: Clinic): Clinic[] => {
    if (clinic.latitude != null && clinic.longitude != null) {
      search ??= makeRadiusSearch(clinics.filter(isOpen));
      const near = search({ latitude: clinic.latitude, longitude: clinic.longitude }, NEARBY_MILES, NEARBY_OPEN + 1).clinics.filter((c) => c.id !== clinic.id);
      if (near.length > 0) return near.slice(0, NEARBY_OPEN);
    }
    return cityListing(clinic)
      .filter((c) => isOpen(c) && c.id !== clinic.id)
      .slice(0, NEARBY_OPEN);
  };
}
