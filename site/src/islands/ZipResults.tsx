import { useEffect, useId, useRef, useState } from "react";
import type { ZipSearchResponse } from "@botox/core/contract";
import { FILTERS, SEARCH } from "@botox/core/constants";
import { SEARCH_MSG } from "@botox/core/messages";
import { BRAND_LABELS, type PriceBrand } from "@botox/core/price-format";
import { totalPages as pagesFor } from "@botox/core/pagination";
import { isZip } from "@botox/core/search";
import { apiClient, keepPreviousData, useQuery } from "../lib/query.ts";
import { zipCredentialParams, zipDistanceOptions, zipOpenNowParams, zipPriceParams, zipQueryParams, type ZipDistance } from "../lib/listing.ts";
import { ZIP_LISTING } from "../lib/listing-state.ts";
import { useListingState } from "../hooks/use-listing-state.ts";
import type { PublicConfig } from "../lib/config.ts";
import { ListingResults } from "../components/ListingResults.tsx";
import { QuickChips } from "../components/QuickChips.tsx";
import { useVisitorRatings } from "../hooks/use-visitor-ratings.tsx";
import { OpenNowEmptyNote, OpenNowFilter, openNowMinute } from "../components/OpenNowFilter.tsx";
import { viewNow } from "../lib/clock.ts";
import { MaxPriceField, ZipSortField, type ZipSort } from "../components/PriceControls.tsx";
import { CredentialFilter } from "../components/CredentialFilter.tsx";
import { reactIsland } from "../lib/react-island.ts";
import { AreaFacts } from "../components/AreaFacts.tsx";

interface Props {
  /** Null on the fallback page: the ZIP is read from the address. */
  zip: string | null;
  initial: ZipSearchResponse | null;
  config: PublicConfig;
  /** The deal tag of each clinic with a current deal, by id (the build's deals). */
  dealTags?: Record<number, string>;
}

/**
 * The ZIP of /zip/{zip} (or /botox-near-me/zipcode/{zip}, or ?q=), null when none is valid.
 * @internal Exported for its tests.
 */
export function zipFromLocation(loc: { pathname: string; search: string }): string | null {
  const fromPath = /\/(?:zip|zipcode)\/(\d{5})\/?$/.exec(loc.pathname)?.[1];
  if (fromPath) return fromPath;
  const q = new URLSearchParams(loc.search).get("q")?.trim() ?? "";
  return isZip(q) ? q : null;
}

export default function ZipResults({ zip: fixedZip, initial, config, dealTags }: Props) {
  const id = useId();
  const top = useRef<HTMLDivElement>(null);
  // The fallback page renders in the browser only (client:only), so the address is at hand.
  const [zip] = useState<string | null>(() => fixedZip ?? (typeof window === "undefined" ? null : zipFromLocation(window.location)));
  // Distance, price filter, sort, "Open now" and page live in the address (src/lib/listing-state.ts).
  const [{ distance, maxUnitPrice, sort, openNow, credential, brand, page }, setState] = useListingState(ZIP_LISTING);
  const setDistance = (d: ZipDistance) => setState({ distance: d });
  const setMaxUnitPrice = (v: number | null) => setState({ maxUnitPrice: v });
  const setSort = (v: ZipSort) => setState({ sort: v });
  const setOpenNow = (v: boolean) => setState({ openNow: v });
  const setCredential = (v: string) => setState({ credential: v });
  const setPage = (p: number) => setState({ page: p });

  useEffect(() => {
    if (!fixedZip && zip) document.title = document.title.replace(/ZIP Code/, zip);
  }, [fixedZip, zip]);

  const isInitial =
    initial != null &&
    page === 1 &&
    distance === FILTERS.zipDefaultDistance &&
    maxUnitPrice == null &&
    sort === "distance" &&
    !openNow &&
    !credential &&
    !brand;
  const query = useQuery({
    queryKey: ["zip-search", zip, distance, page, maxUnitPrice, sort, credential, brand, openNowMinute(openNow, viewNow())],
    enabled: zip != null,
    queryFn: () =>
      apiClient(config.apiUrl).get("/zip-search", {
        ...zipQueryParams(zip ?? "", distance, page), // not run without a ZIP (`enabled`)
        ...zipPriceParams(maxUnitPrice, sort, brand),
        ...zipOpenNowParams(openNow),
        ...zipCredentialParams(credential),
      }),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
  });

  const data = query.data;
  const ratingsOf = useVisitorRatings(config, data?.clinics.map((c) => c.id) ?? []);
  const totalPages = data ? pagesFor(data.totalCount, data.itemsPerPage || SEARCH.pageSize) : 0;
  const loading = zip != null && query.isFetching && (query.isPlaceholderData || !data);
  // A page past the last (?page=999, or a list that shrank) goes to the last page, in place of this address.
  const pastLast = data != null && !query.isPlaceholderData && totalPages >= 1 && page > totalPages;
  useEffect(() => {
    if (pastLast) setState({ page: totalPages }, { replace: true });
  }, [pastLast, totalPages, setState]);
  // The place the ZIP belongs to, from the answer's origin ("Chicago, IL").
  const origin = data?.origin ?? initial?.origin;
  const placeName = origin?.city ? `${origin.city}, ${origin.state}` : null;
  const options = zipDistanceOptions(distance);
  const brandLabel = brand ? (BRAND_LABELS[brand as PriceBrand] ?? brand) : null;

  const goTo = (p: number) => {
    setPage(p);
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  if (!fixedZip && zip == null) {
    return (
      <div className="card p-6 text-center">
        <p className="text-slate-800">Enter a 5-digit ZIP code to find clinics near you.</p>
        <a href="/" className="btn-primary mt-4">
          {SEARCH_MSG.zipSearchDifferent}
        </a>
      </div>
    );
  }

  return (
    <div ref={top} style={{ scrollMarginTop: "5rem" }}>
      {!fixedZip && zip && (
        <>
          <h1 className="mb-4 text-3xl font-bold text-slate-900" data-zip-heading>
            Botox Clinics Near {zip}
            {placeName ? ` · ${placeName}` : ""}
          </h1>
          <AreaFacts apiUrl={config.apiUrl} zip={zip} />
          <div className="mb-6" />
        </>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-d`} className="mb-1 block text-sm font-medium">
            Distance
          </label>
          <select
            id={`${id}-d`}
            className="input"
            value={String(distance)}
            onChange={(e) => {
              setDistance(e.target.value === "any" ? "any" : Number(e.target.value));
            }}
          >
            {options.map((o) => (
              <option key={o} value={String(o)}>
                {o === "any" ? "Any distance" : `Within ${o} miles`}
              </option>
            ))}
          </select>
        </div>
        <OpenNowFilter checked={openNow} onChange={setOpenNow} />
        <MaxPriceField value={maxUnitPrice} onChange={setMaxUnitPrice} />
        <CredentialFilter value={credential} onChange={setCredential} />
        <ZipSortField value={sort} onChange={setSort} />
        <p className="text-slate-700" aria-live="polite">
          {data && !query.isError && !pastLast ? `${data.totalCount} ${data.totalCount === 1 ? "clinic" : "clinics"} found` : "\u00a0"}
        </p>
      </div>
      {brandLabel && (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-slate-800" data-brand-filter>
          {SEARCH_MSG.brandFilter(brandLabel)}
          <button type="button" className="link-tap text-brand-700 underline" onClick={() => setState({ brand: "", sort: "distance" })}>
            Show all clinics
          </button>
        </p>
      )}
      <QuickChips openNow={openNow} onOpenNow={setOpenNow} lowestPrice={sort === "price"} onLowestPrice={(on) => setSort(on ? "price" : "distance")} />
      <ListingResults
        clinics={pastLast ? undefined : data?.clinics}
        error={query.isError}
        loading={loading || pastLast}
        empty={
          <div className="card p-6 text-center">
            <h2 className="text-xl font-bold text-slate-900">{SEARCH_MSG.zipEmpty(zip ?? "")}</h2>
            {openNow && <OpenNowEmptyNote />}
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              <a href="/" className="btn-outline">
                {SEARCH_MSG.zipSearchDifferent}
              </a>
              {distance !== FILTERS.zipExpandedDistance && distance !== "any" && (
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    setDistance(FILTERS.zipExpandedDistance);
                  }}
                >
                  {SEARCH_MSG.zipExpand}
                </button>
              )}
            </div>
          </div>
        }
        onRetry={() => void query.refetch()}
        ratingsOf={ratingsOf}
        headingLevel={2}
        page={page}
        totalPages={totalPages}
        onPage={goTo}
        pagesLabel="ZIP results pages"
        dealOf={(clinicId) => dealTags?.[clinicId]}
      />
    </div>
  );
}

reactIsland(ZipResults);
