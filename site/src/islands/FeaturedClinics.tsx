import { useId } from "react";
import type { Clinic } from "@botox/core/contract";
import { FEATURED } from "@botox/core/constants";
import { FETCH_MSG } from "@botox/core/messages";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { topRated } from "../lib/nearby.ts";
import { CardSkeleton, ClinicCard } from "../components/ClinicCard.tsx";
import { useVisitorLocation } from "../hooks/use-visitor-location.ts";
import { reactIsland } from "../lib/react-island.ts";

/**
 * Featured top-rated providers (product.md §2.3, §7.1), hidden on error or when empty. For the
 * visitor's detected area when it is known, else around the spec's fixed ZIP;
 * the block says which area it shows.
 */
export default function FeaturedClinics({ config, title = "Top-Rated Botox Providers" }: { config: PublicConfig; title?: string }) {
  const id = useId();
  const location = useVisitorLocation(config);
  const detected = location.data && !location.data.fallback ? location.data : null;
  const where = detected ? [detected.city, detected.region].filter(Boolean).join(", ") : "";

  const near = useQuery({
    queryKey: ["featured-near", detected?.lat, detected?.lon],
    enabled: detected != null,
    queryFn: async (): Promise<Clinic[]> => {
      if (!detected) return [];
      const clinics = await apiClient(config.apiUrl).send("POST", "/clinics/nearby", {
        latitude: detected.lat,
        longitude: detected.lon,
        radius: FEATURED.distance,
      });
      return topRated(Array.isArray(clinics) ? clinics : [], FEATURED.limit);
    },
  });
  // The fixed ZIP when the area is unknown, or has no open clinic within 25 miles, or failed.
  const useFixedZip = location.isError || (location.data != null && (detected == null || near.isError || (near.data != null && near.data.length === 0)));
  const fixed = useQuery({
    queryKey: ["featured"],
    enabled: useFixedZip,
    queryFn: async () => {
      try {
        return await apiClient(config.apiUrl).get("/zip-search", {
          postalCode: FEATURED.postalCode,
          limit: FEATURED.limit,
          distance: FEATURED.distance,
          businessStatus: FEATURED.businessStatus,
        });
      } catch {
        throw new Error(FETCH_MSG.featured);
      }
    },
  });

  const clinics = useFixedZip ? (fixed.data?.clinics ?? []) : (near.data ?? []);
  // Settled: the list it will show, or nothing to show (a failure or no clinic: the block is hidden).
  const settled = useFixedZip ? !fixed.isPending : near.isSuccess && clinics.length > 0;
  if (settled && ((useFixedZip && fixed.isError) || clinics.length === 0)) return null;
  const origin = fixed.data?.origin;
  const area = useFixedZip
    ? `Open clinics within ${FEATURED.distance} miles of ZIP ${FEATURED.postalCode}${origin ? ` (${origin.city}, ${origin.state})` : ""}, shown because your area is not known.`
    : `Open clinics within ${FEATURED.distance} miles of ${where || "your location"}, best maps rating first.`;
  // Until then the block's shape is in the HTML (the heading, the area's lines, a card's
  // place per clinic), so its arrival moves nothing below it.
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="container-page py-12"
      data-needs-js=""
      data-location-island=""
      data-settled={settled ? "" : undefined}
      data-featured-area={settled ? (useFixedZip ? "fixed-zip" : "visitor") : undefined}
    >
      <h2 id={`${id}-h`} className="text-3xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 min-h-18 text-slate-700 sm:min-h-12 lg:min-h-6" data-featured-where={settled ? "" : undefined}>
        {settled ? area : ""}
      </p>
      {settled ? (
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {clinics.map((c) => (
            <ClinicCard key={c.id} clinic={c} />
          ))}
        </div>
      ) : (
        <div className="mt-6 grid gap-4 md:grid-cols-3" role="status" aria-busy="true" aria-label="Loading clinics">
          {Array.from({ length: FEATURED.limit }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      )}
    </section>
  );
}

reactIsland(FeaturedClinics);
