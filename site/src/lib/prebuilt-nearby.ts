/**
 * The nearby list as the fallback location sees it, built into the home page and /near-me:
 * what a visitor reads before the live answer, and still reads (with Retry) if the live call
 * fails. Built at the page's build, so the list's place and structure are in the HTML.
 */
import { FALLBACK_LOCATION } from "@botox/core/geo";
import { SEARCH } from "@botox/core/constants";
import { makeRadiusSearch, siteData } from "./data.ts";
import { closestClinics, type PrebuiltNearby } from "./nearby.ts";
import { withCurrentPrices } from "./prices.ts";

export async function prebuiltNearby(): Promise<PrebuiltNearby> {
  const { clinics, currentPrices } = await siteData();
  const around = makeRadiusSearch(clinics)({ latitude: FALLBACK_LOCATION.lat, longitude: FALLBACK_LOCATION.lon }, SEARCH.nearbyRadiusMiles);
  return {
    where: `${FALLBACK_LOCATION.city}, ${FALLBACK_LOCATION.region}`,
    clinics: withCurrentPrices(closestClinics(around.clinics, FALLBACK_LOCATION).slice(0, SEARCH.pageSize), currentPrices),
  };
}
