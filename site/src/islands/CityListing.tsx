import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import type { ClinicListResponse } from "@botox/core/contract";
import { SEARCH_MSG } from "@botox/core/messages";
import { BRAND_LABELS, type PriceBrand } from "@botox/core/price-format";
import { totalPages as pagesFor } from "@botox/core/pagination";
import { apiClient, keepPreviousData, useQuery } from "../lib/query.ts";
import type { PublicConfig } from "../lib/config.ts";
import {
  DEFAULT_CITY_FILTERS,
  SORT_LABELS,
  cityQueryParams,
  type CityFilters,
  type DistanceChoice,
  type SortChoice,
  type StatusChoice,
} from "../lib/listing.ts";
import { CITY_LISTING } from "../lib/listing-state.ts";
import { useListingState } from "../hooks/use-listing-state.ts";
import { ListingResults } from "../components/ListingResults.tsx";
import { useVisitorRatings } from "../hooks/use-visitor-ratings.tsx";
import { OpenNowEmptyNote, OpenNowFilter, openNowMinute } from "../components/OpenNowFilter.tsx";
import { viewNow } from "../lib/clock.ts";
import { MaxPriceField } from "../components/PriceControls.tsx";
import { CredentialFilter } from "../components/CredentialFilter.tsx";
import { QuickChips } from "../components/QuickChips.tsx";
import { reactIsland } from "../lib/react-island.ts";

interface Props {
  citySlug: string;
  cityName: string;
  initial: ClinicListResponse;
  config: PublicConfig;
  /** The deal tag of each clinic with a current deal, by id (the build's deals). */
  dealTags?: Record<number, string>;
}

const sameFilters = (a: CityFilters, b: CityFilters) =>
  a.distance === b.distance &&
  a.status === b.status &&
  a.query === b.query &&
  a.sort === b.sort &&
  a.maxUnitPrice === b.maxUnitPrice &&
  a.openNow === b.openNow &&
  a.credential === b.credential &&
  (a.brand ?? "") === (b.brand ?? "");

/**
 * How many filters differ from the defaults (the sort is an order, not a filter).
 * @internal Exported for its tests.
 */
export function activeFilterCount(filters: CityFilters): number {
  const d = DEFAULT_CITY_FILTERS;
  return [
    filters.distance !== d.distance,
    filters.status !== d.status,
    filters.query !== d.query,
    filters.maxUnitPrice !== d.maxUnitPrice,
    filters.openNow !== d.openNow,
    (filters.credential ?? "") !== (d.credential ?? ""),
    (filters.brand ?? "") !== (d.brand ?? ""),
  ].filter(Boolean).length;
}

export default function CityListing({ citySlug, cityName, initial, config, dealTags }: Props) {
  const id = useId();
  const listTop = useRef<HTMLDivElement>(null);
  // Filters, sort and page live in the address (src/lib/listing-state.ts).
  const [state, setState] = useListingState(CITY_LISTING);
  const { page, ...filters } = state;
  const [draftQuery, setDraftQuery] = useState("");
  // On a phone the filters open from a "Filters" button, so the first clinic is in view.
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The box follows the query the address brings (a shared link, Back): adjusted while
  // rendering rather than in an effect.
  const [shownQuery, setShownQuery] = useState(state.query);
  if (shownQuery !== state.query) {
    setShownQuery(state.query);
    setDraftQuery(state.query);
  }
  const isInitial = page === 1 && sameFilters(filters, DEFAULT_CITY_FILTERS);

  const query = useQuery({
    queryKey: ["clinics-by-city", citySlug, filters, page, openNowMinute(filters.openNow, viewNow())],
    queryFn: () => apiClient(config.apiUrl).get(`/proxy/clinics-by-city/${encodeURIComponent(citySlug)}`, cityQueryParams(filters, page)),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
  });

  // Changing a filter resets to page 1 (product.md §4; nextListingState).
  const update = (patch: Partial<CityFilters>) => setState(patch);
  const goTo = (p: number) => {
    setState({ page: p });
    listTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const onSearch = (e: SubmitEvent) => {
    e.preventDefault();
    update({ query: draftQuery.trim() });
  };

  const data = query.data;
  const ratingsOf = useVisitorRatings(config, data?.clinics.map((c) => c.id) ?? []);
  const total = data?.pagination.totalItems ?? 0;
  const totalPages = data ? pagesFor(total, data.pagination.itemsPerPage || 10) : 0;
  const loading = query.isFetching && (query.isPlaceholderData || !data);
  // A page past the last (?page=999, or a list that shrank) goes to the last page, in place of this address.
  const pastLast = data != null && !query.isPlaceholderData && totalPages >= 1 && page > totalPages;
  useEffect(() => {
    if (pastLast) setState({ page: totalPages }, { replace: true });
  }, [pastLast, totalPages, setState]);
  const active = activeFilterCount(filters);
  // "Show N results" closes the phone panel on the list it has filtered.
  const showResults = () => {
    setFiltersOpen(false);
    listTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const brandLabel = filters.brand ? (BRAND_LABELS[filters.brand as PriceBrand] ?? filters.brand) : null;

  return (
    <div className="grid gap-4 lg:grid-cols-4 lg:gap-8">
      <aside className="lg:col-span-1" aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`} className="mb-3 hidden text-lg font-bold lg:block">
          Filters
        </h2>
        <button
          type="button"
          className="btn-outline min-h-11 w-full lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={`${id}-panel`}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-label={active > 0 ? `Filters, ${active} active` : undefined}
          data-filters-toggle
        >
          Filters
          {active > 0 && (
            <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-sm font-semibold text-white" aria-hidden="true" data-active-filters>
              {active}
            </span>
          )}
        </button>
        <form
          id={`${id}-panel`}
          onSubmit={onSearch}
          className={`${filtersOpen ? "mt-4 block" : "hidden"} space-y-4 lg:mt-0 lg:block`}
          role="search"
          aria-label={`Search clinics in ${cityName}`}
        >
          <div>
            <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
              Search clinics
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-q`}
                type="search"
                className="input"
                placeholder="Clinic name or street"
                value={draftQuery}
                onChange={(e) => setDraftQuery(e.target.value)}
              />
              <button type="submit" className="btn-primary">
                Go
              </button>
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-d`} className="mb-1 block text-sm font-medium">
              Distance
            </label>
            <select id={`${id}-d`} className="input" value={filters.distance} onChange={(e) => update({ distance: e.target.value as DistanceChoice })}>
              <option value="5">Within 5 miles</option>
              <option value="10">Within 10 miles</option>
              <option value="25">Within 25 miles</option>
              <option value="any">Any distance</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-s`} className="mb-1 block text-sm font-medium">
              Business status
            </label>
            <select id={`${id}-s`} className="input" value={filters.status} onChange={(e) => update({ status: e.target.value as StatusChoice })}>
              <option value="OPERATIONAL">Open</option>
              <option value="CLOSED_TEMPORARILY">Temporarily closed</option>
              <option value="PERMANENTLY_CLOSED">Permanently closed</option>
              <option value="all">All</option>
            </select>
          </div>
          <OpenNowFilter checked={filters.openNow} onChange={(openNow) => update({ openNow })} />
          <MaxPriceField value={filters.maxUnitPrice} onChange={(maxUnitPrice) => update({ maxUnitPrice })} />
          <CredentialFilter value={filters.credential} onChange={(credential) => update({ credential })} />
          <div>
            <label htmlFor={`${id}-o`} className="mb-1 block text-sm font-medium">
              Sort by
            </label>
            <select id={`${id}-o`} className="input" value={filters.sort} onChange={(e) => update({ sort: e.target.value as SortChoice })}>
              {(Object.keys(SORT_LABELS) as SortChoice[]).map((k) => (
                <option key={k} value={k}>
                  {SORT_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn-primary min-h-11 w-full lg:hidden" onClick={showResults} data-show-results>
            {data && !loading && !query.isError ? `Show ${total} ${total === 1 ? "result" : "results"}` : "Show results"}
          </button>
        </form>
      </aside>
      <div className="lg:col-span-3" ref={listTop} style={{ scrollMarginTop: "5rem" }}>
        <QuickChips
          openNow={filters.openNow}
          onOpenNow={(openNow) => update({ openNow })}
          lowestPrice={filters.sort === "price-asc"}
          onLowestPrice={(on) => update({ sort: on ? "price-asc" : DEFAULT_CITY_FILTERS.sort })}
        />
        {brandLabel && (
          <p className="mb-2 flex flex-wrap items-center gap-2 text-slate-800" data-brand-filter>
            {SEARCH_MSG.brandFilter(brandLabel)}
            <button type="button" className="link-tap text-brand-700 underline" onClick={() => update({ brand: "", sort: DEFAULT_CITY_FILTERS.sort })}>
              Show all clinics
            </button>
          </p>
        )}
        <p className="mb-4 text-slate-700" aria-live="polite">
          {data && !query.isError && !pastLast ? `${total} ${total === 1 ? "clinic" : "clinics"} found in ${cityName}` : "\u00a0"}
        </p>
        <ListingResults
          clinics={pastLast ? undefined : data?.clinics}
          error={query.isError}
          loading={loading || pastLast}
          empty={
            <div className="card p-6 text-center">
              <p className="font-semibold text-slate-900">{SEARCH_MSG.cityEmpty(cityName)}</p>
              <p className="mt-1 text-slate-700">{SEARCH_MSG.cityEmptyHint}</p>
              {filters.openNow && <OpenNowEmptyNote />}
            </div>
          }
          onRetry={() => void query.refetch()}
          ratingsOf={ratingsOf}
          headingLevel={3}
          page={page}
          totalPages={totalPages}
          onPage={goTo}
          pagesLabel="City results pages"
          dealOf={(clinicId) => dealTags?.[clinicId]}
        />
      </div>
    </div>
  );
}

reactIsland(CityListing);
