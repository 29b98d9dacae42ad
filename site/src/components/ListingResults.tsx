import type { ReactNode } from "react";
import type { Clinic } from "@botox/core/contract";
import { SEARCH_MSG } from "@botox/core/messages";
import { adSlotAfter } from "@botox/core/pagination";
import { AdPlaceholder, CardSkeleton, ClinicCard } from "./ClinicCard.tsx";
import { Pagination } from "./Pagination.tsx";

/**
 * The results of the city and ZIP listings: the error with Retry, skeleton cards while a
 * page or filter loads, the listing's own empty block, the clinic cards with their ad slots,
 * and the pagination (hidden on error). One block so both listings behave alike.
 */
export function ListingResults({
  clinics,
  error,
  loading,
  empty,
  onRetry,
  ratingsOf,
  headingLevel,
  page,
  totalPages,
  onPage,
  pagesLabel,
  dealOf,
}: {
  /** Undefined until the first answer. */
  clinics: readonly Clinic[] | undefined;
  error: boolean;
  loading: boolean;
  /** Shown when the answer holds no clinic. */
  empty: ReactNode;
  onRetry: () => void;
  ratingsOf: (id: number) => ReactNode;
  /** The cards' heading level: 2 where the listing itself has no heading above them. */
  headingLevel: 2 | 3;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  pagesLabel: string;
  /** The deal tag of a clinic with a current deal on the page. */
  dealOf?: (id: number) => string | undefined;
}) {
  return (
    <>
      {error ? (
        <div role="alert" className="card p-6 text-center">
          <p className="text-slate-800">{SEARCH_MSG.cityError}</p>
          <button type="button" className="btn-primary mt-4" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : loading ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading clinics">
          {Array.from({ length: 4 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : clinics && clinics.length === 0 ? (
        empty
      ) : (
        <div className="space-y-4" data-clinic-list>
          {clinics?.flatMap((c, i) => [
            <ClinicCard key={c.id} clinic={c} headingLevel={headingLevel} visitorRatings={ratingsOf(c.id)} deal={dealOf?.(c.id)} />,
            // Keyed by the card it follows: when another list replaces this one, its slots are new
            // boxes too. A slot kept by position "moves" as far as the list changed, and a browser
            // scores a frame by its largest move times all that moved in it: with a few pixels'
            // move of a large block in the same frame, one slot made a large layout shift.
            ...(adSlotAfter(i) ? [<AdPlaceholder key={`ad-after-${c.id}`} />] : []),
          ])}
        </div>
      )}
      {!error && <Pagination page={page} totalPages={totalPages} onChange={onPage} label={pagesLabel} />}
    </>
  );
}
