import { useId, useRef, useState } from "react";
import type { Clinic } from "@botox/core/contract";
import { FETCH, SEARCH } from "@botox/core/constants";
import { MSG } from "@botox/core/messages";
import { adSlotAfter, clampNearbyPages, paginate } from "@botox/core/pagination";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { closestClinics } from "../lib/nearby.ts";
import { AdPlaceholder, CardSkeleton, ClinicCard } from "../components/ClinicCard.tsx";
import { useVisitorRatings } from "../hooks/use-visitor-ratings.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { useVisitorLocation } from "../hooks/use-visitor-location.ts";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  config: PublicConfig;
  /**
   * "home": 'Botox Providers Near You' (product.md §2.5). "near-me": 'Providers Near You' of /near-me,
   * which the source product always left empty; here it lists providers near the same detected
   * location as the rest of the page (architecture.md §9), with the near-user cache and retries (product.md §9).
   */
  variant?: "home" | "near-me";
  /**
   * The list built into the page (the closest clinics to the fallback location): shown until
   * the live answer arrives, and kept, with Retry, when the live call fails.
   */
  initial?: PrebuiltNearby;
}

export interface PrebuiltNearby {
  /** "New York, NY": the place the list was built for. */
  where: string;
  clinics: Clinic[];
}

const VARIANTS = {
  home: { title: "Botox Providers Near You", ...FETCH.nearbyClinics, retry: false as const, retryDelay: undefined },
  "near-me": { title: "Providers Near You", ...FETCH.providersNearUser },
} as const;

function LocationNotice({ config }: { config: PublicConfig }) {
  const location = useVisitorLocation(config);
  const [preciseError, setPreciseError] = useState(false);
  // The row's space is kept from the first paint: arriving later, it pushed the list down.
  if (!location.data) return <div className="mb-4 min-h-20 sm:min-h-10" aria-hidden="true" />;
  return (
    <div className="mb-4 flex min-h-20 flex-wrap items-center gap-3 text-sm sm:min-h-10">
      {location.data.fallback && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-location-fallback>
          {MSG.search.locationFallback}
        </p>
      )}
      {/* Already precise (granted before, used without a tap): nothing to offer. */}
      {!location.data.precise && (
        <button type="button" className="link-tap text-brand-700 underline" onClick={() => location.usePrecise().catch(() => setPreciseError(true))}>
          Use my precise location
        </button>
      )}
      {preciseError && <span className="text-slate-700">Precise location is unavailable.</span>}
    </div>
  );
}

export default function NearbyClinics({ config, variant = "home", initial }: Props) {
  const options = VARIANTS[variant];
  const id = useId();
  const top = useRef<HTMLElement>(null);
  const [page, setPage] = useState(1);
  const location = useVisitorLocation(config);
  const loc = location.data;

  const nearby = useQuery({
    queryKey: ["clinics-nearby", loc?.lat, loc?.lon],
    enabled: loc != null,
    staleTime: options.staleTime,
    retry: options.retry,
    retryDelay: options.retryDelay,
    queryFn: async () => {
      if (!loc) return []; // not run without a location (`enabled`)
      try {
        const clinics = await apiClient(config.apiUrl).send("POST", "/clinics/nearby", {
          latitude: loc.lat,
          longitude: loc.lon,
          radius: SEARCH.nearbyRadiusMiles,
        });
        return closestClinics(Array.isArray(clinics) ? clinics : [], loc);
      } catch {
        throw new Error(MSG.fetch.nearbyClinics);
      }
    },
  });

  const all = nearby.data ?? [];
  const pages = clampNearbyPages(all.length);
  const shown = paginate(all, page, SEARCH.pageSize);
  const ratingsOf = useVisitorRatings(
    config,
    shown.map((c) => c.id),
  );
  // A failed detection falls back to New York (useVisitorLocation): only the clinics call fails.
  const failed = nearby.isError;
  const loading = !failed && (location.isPending || nearby.isPending);
  const where = loc ? [loc.city, loc.region].filter(Boolean).join(", ") : "";
  // Until a live answer, the list built into the page stands (and stays when the call fails).
  const prebuilt = initial && initial.clinics.length > 0 && (loading || failed) ? initial : null;

  const goTo = (p: number) => {
    setPage(p);
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <section ref={top} aria-labelledby={`${id}-h`} data-needs-js="" className="container-page py-12" style={{ scrollMarginTop: "5rem" }}>
      <h2 id={`${id}-h`} className="text-3xl font-bold text-slate-900">
        {options.title}
      </h2>
      <p className="mt-1 mb-4 text-slate-700" aria-live="polite" data-nearby-summary>
        {loading
          ? "Finding providers near you…"
          : failed
            ? prebuilt
              ? `Providers near ${prebuilt.where}`
              : "\u00a0"
            : `${all.length} ${all.length === 1 ? "provider" : "providers"} near ${where || "you"}`}
      </p>
      <LocationNotice config={config} />
      {failed && (
        <div role="alert" className="card mb-4 flex flex-wrap items-center justify-between gap-3 p-4" data-live-unavailable>
          <p className="text-slate-800">
            {prebuilt ? `Live results are unavailable right now. Showing providers near ${prebuilt.where} as of this page's build.` : MSG.fetch.nearbyClinics}
          </p>
          <button type="button" className="btn-primary" onClick={() => void nearby.refetch()} disabled={nearby.isFetching}>
            Retry
          </button>
        </div>
      )}
      {loading && !prebuilt ? (
        // A whole page of placeholders, ad slots included, so the answer does not push what
        // follows down the screen (/near-me shifted while loading).
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-busy="true" aria-label="Loading providers">
          {Array.from({ length: SEARCH.pageSize }, (_, i) => [<CardSkeleton key={i} />, ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad${i}`} />] : [])])}
        </div>
      ) : failed && !prebuilt ? null : !prebuilt && all.length === 0 ? (
        <p className="card p-6 text-center text-slate-800">{MSG.search.nearbyEmpty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" data-clinic-list data-prebuilt-list={prebuilt ? "" : undefined}>
          {(prebuilt?.clinics ?? shown).flatMap((c, i) => [
            <ClinicCard key={c.id} clinic={c} visitorRatings={ratingsOf(c.id)} />,
            ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad${i}`} />] : []),
          ])}
        </div>
      )}
      {!prebuilt && <Pagination page={page} totalPages={pages} onChange={goTo} label="Nearby providers pages" />}
      {!prebuilt && all.length > 0 && (
        <p className="mt-4 text-center text-sm text-slate-700" data-closest-note>
          {MSG.search.closestNote(all.length)}
        </p>
      )}
    </section>
  );
}

reactIsland(NearbyClinics);
