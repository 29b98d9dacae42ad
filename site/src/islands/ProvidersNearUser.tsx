import { useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { NearbyProvidersResponse } from "@core/api.ts";
import { FETCH, SEARCH } from "@core/constants.ts";
import { MSG } from "@core/messages.ts";
import { adSlotAfter, clampNearbyPages, paginate } from "@core/pagination.ts";
import { apiClient } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import { AdPlaceholder, CardSkeleton, ClinicCard } from "./ClinicCard.tsx";
import { Pagination } from "./Pagination.tsx";
import { QueryRoot } from "./QueryRoot.tsx";

/**
 * 'Providers Near You' of /near-me: the source product always left it empty; here it lists
 * providers near the location the API detects for the visitor (design.md §9).
 */
export default function ProvidersNearUser({ config }: { config: PublicConfig }) {
  return (
    <QueryRoot>
      <Providers config={config} />
    </QueryRoot>
  );
}

function Providers({ config }: { config: PublicConfig }) {
  const id = useId();
  const top = useRef<HTMLElement>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ["providers-near-user"],
    staleTime: FETCH.providersNearUser.staleTime,
    retry: FETCH.providersNearUser.retry,
    retryDelay: FETCH.providersNearUser.retryDelay,
    queryFn: async () => {
      try {
        return await apiClient(config.apiUrl).get<NearbyProvidersResponse>("/providers/near-user", {
          limit: SEARCH.providersNearUserLimit,
        });
      } catch {
        throw new Error(MSG.fetch.nearbyProviders);
      }
    },
  });
  const providers = query.data?.providers ?? [];
  const where = query.data ? [query.data.userLocation.city, query.data.userLocation.region].filter(Boolean).join(", ") : "";
  const goTo = (p: number) => {
    setPage(p);
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <section ref={top} aria-labelledby={`${id}-h`} className="container-page py-12" style={{ scrollMarginTop: "5rem" }}>
      <h2 id={`${id}-h`} className="text-3xl font-bold text-slate-900">
        Providers Near You
      </h2>
      {query.data && (
        <p className="mt-1 text-slate-700">
          {providers.length} providers near {where || "you"}
          {query.data.userLocation.source === "fallback" && <> · {MSG.search.locationFallback}</>}
        </p>
      )}
      <div className="mt-4">
        {query.isPending ? (
          <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading providers">
            {Array.from({ length: 4 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="card p-6 text-center">
            {MSG.fetch.nearbyProviders}
          </p>
        ) : providers.length === 0 ? (
          <p className="card p-6 text-center">{MSG.search.nearbyEmpty}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2" data-clinic-list>
            {paginate(providers, page, SEARCH.pageSize).flatMap((c, i) => [
              <ClinicCard key={c.id} clinic={c} />,
              ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad${i}`} />] : []),
            ])}
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={clampNearbyPages(providers.length)} onChange={goTo} label="Providers pages" />
    </section>
  );
}
