/**
 * React side of src/lib/listing-state.ts: the listing's state, read from the address once the
 * island has hydrated (the pre-rendered HTML is the default state, so hydration always
 * matches), written back on every change. A page change adds a history entry (Back returns to
 * the previous page of results); a filter change replaces the current one. Back and Forward
 * between entries restore their state. A correction (a page past the last one) replaces too.
 */
import { useCallback, useEffect, useState } from "react";
import { defaultsOf, listingSearch, nextListingState, readListingState, type ListingSpec, type ListingState } from "../lib/listing-state.ts";

type Update<S extends ListingSpec> = (patch: Partial<ListingState<S>>, options?: { replace?: boolean }) => void;

export function useListingState<S extends ListingSpec>(spec: S): [ListingState<S>, Update<S>, boolean] {
  const [state, setState] = useState<ListingState<S>>(() => defaultsOf(spec));
  // False until the address has been read: the build-time first page stands in until then.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const read = () => setState(readListingState(spec, window.location.search));
    read();
    setReady(true);
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, [spec]);

  const update = useCallback(
    (patch: Partial<ListingState<S>>, options?: { replace?: boolean }) => {
      setState((current) => {
        const next = nextListingState(spec, current, patch);
        const search = listingSearch(spec, next, window.location.search);
        if (search !== window.location.search) {
          const url = `${window.location.pathname}${search}${window.location.hash}`;
          if ("page" in patch && Object.keys(patch).length === 1 && !options?.replace) window.history.pushState(null, "", url);
          else window.history.replaceState(null, "", url);
        }
        return next;
      });
    },
    [spec],
  );

  return [state, update, ready];
}
