import { useId, useRef, useState, type ReactNode } from "react";
import { FETCH, SEARCH } from "@botox/core/constants";
import { FETCH_MSG, SEARCH_MSG } from "@botox/core/messages";
import { adSlotAfter, clampNearbyPages, paginate } from "@botox/core/pagination";
import { apiClient, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { closestClinics, type PrebuiltNearby } from "../lib/nearby.ts";
import { AdPlaceholder, CardSkeleton, ClinicCard } from "../components/ClinicCard.tsx";
import { useVisitorRatingSummaries } from "../hooks/use-visitor-ratings.tsx";
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

const VARIANTS = {
  home: { title: "Botox Providers Near You", ...FETCH.nearbyClinics, retry: false as const, retryDelay: undefined },
  "near-me": { title: "Providers Near You", ...FETCH.providersNearUser },
} as const;

/**
 * The row under the count: at most one message over at most one action. Its height is in the
 * HTML for the tallest of them (a two-line message over a one-line action on a phone, a
 * one-line message wider up), so nothing below moves whatever it comes to say.
 */
function StatusRow({ message, action, alert }: { message?: ReactNode; action?: ReactNode; alert?: boolean }) {
  return (
    <div className="mb-4 flex min-h-23 flex-col items-start gap-3 text-sm lg:min-h-18" data-status-row data-live-unavailable={alert ? "" : undefined}>
      {message && (
        <p role={alert ? "alert" : "status"} className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-location-fallback={alert ? undefined : ""}>
          {message}
        </p>
      )}
      {action}
    </div>
  );
}

/** The location's part of the row: the fallback notice, and the offer of the browser's own point. */
function LocationStatus({ config }: { config: PublicConfig }) {
  const location = useVisitorLocation(config);
  const [preciseError, setPreciseError] = useState(false);
  if (!location.data) return <StatusRow />;
  return (
    <StatusRow
      message={location.data.fallback ? SEARCH_MSG.locationFallback : undefined}
      action={
        // Already precise (granted before, used without a tap): nothing to offer. A failed
        // attempt takes the button's place, so the row keeps its shape.
        preciseError ? (
          <span className="inline-flex min-h-6 items-center text-slate-700">Precise location is unavailable.</span>
        ) : (
          !location.data.precise && (
            <button type="button" className="link-tap text-brand-700 underline" onClick={() => location.usePrecise().catch(() => setPreciseError(true))}>
              Use my precise location
            </button>
          )
        )
      }
    />
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
        throw new Error(FETCH_MSG.nearbyClinics);
      }
    },
  });

  const all = nearby.data ?? [];
  const pages = clampNearbyPages(all.length);
  const shown = paginate(all, page, SEARCH.pageSize);
  const ratings = useVisitorRatingSummaries(
    config,
    shown.map((c) => c.id),
  );
  // The first live list shows with its visitor ratings in place: arriving a moment after it,
  // a rating could add a line to a card and push the cards below it down the screen.
  // Remembered (React's state adjusted while rendering), so a later page waits for nothing.
  const [liveShown, setLiveShown] = useState(false);
  if (!liveShown && nearby.isSuccess && ratings.settled) setLiveShown(true);
  const holdForRatings = !liveShown && nearby.isSuccess && !ratings.settled;
  // A failed detection falls back to New York (useVisitorLocation): only the clinics call fails.
  const failed = nearby.isError;
  const loading = !failed && (location.isPending || nearby.isPending || holdForRatings);
  // The answer this island waits for has come (or failed for good): the page is as it stays.
  const settled = failed || (!location.isPending && nearby.isSuccess && !holdForRatings);
  const where = loc ? [loc.city, loc.region].filter(Boolean).join(", ") : "";
  // Until a live answer, the list built into the page stands (and stays when the call fails).
  const prebuilt = initial && initial.clinics.length > 0 && (loading || failed) ? initial : null;

  const goTo = (p: number) => {
    setPage(p);
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <section
      ref={top}
      aria-labelledby={`${id}-h`}
      data-needs-js=""
      data-location-island=""
      data-settled={settled ? "" : undefined}
      className="container-page py-12"
      style={{ scrollMarginTop: "5rem" }}
    >
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
      {failed ? (
        <StatusRow
          alert
          message={prebuilt ? `Live results are unavailable right now. This list is as of the page's build.` : FETCH_MSG.nearbyClinics}
          action={
            <button type="button" className="link-tap text-brand-700 underline" onClick={() => void nearby.refetch()} disabled={nearby.isFetching}>
              Retry
            </button>
          }
        />
      ) : (
        <LocationStatus config={config} />
      )}
      {loading && !prebuilt ? (
        // A whole page of placeholders, ad slots included, so the answer does not push what
        // follows down the screen (/near-me shifted while loading).
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-busy="true" aria-label="Loading providers">
          {Array.from({ length: SEARCH.pageSize }, (_, i) => [<CardSkeleton key={i} />, ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad${i}`} />] : [])])}
        </div>
      ) : failed && !prebuilt ? null : !prebuilt && all.length === 0 ? (
        <p className="card p-6 text-center text-slate-800">{SEARCH_MSG.nearbyEmpty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" data-clinic-list data-prebuilt-list={prebuilt ? "" : undefined}>
          {(prebuilt?.clinics ?? shown).flatMap((c, i) => [
            <ClinicCard key={c.id} clinic={c} visitorRatings={ratings.of(c.id)} />,
            // Keyed by the card it follows: when another list replaces this one, its slots are new
            // boxes too. A slot kept by position "moves" as far as the list changed, and a browser
            // scores a frame by its largest move times all that moved in it: with a few pixels'
            // move of a large block in the same frame, one slot made a large layout shift.
            ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad-after-${c.id}`} />] : []),
          ])}
        </div>
      )}
      {!prebuilt && <Pagination page={page} totalPages={pages} onChange={goTo} label="Nearby providers pages" />}
      {!prebuilt && all.length > 0 && (
        <p className="mt-4 text-center text-sm text-slate-700" data-closest-note>
          {SEARCH_MSG.closestNote(all.length)}
        </p>
      )}
    </section>
  );
}

reactIsland(NearbyClinics);
