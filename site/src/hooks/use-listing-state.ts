/**
 * React side of src/lib/listing-state.ts: the listing's state, read from the address once the
 * island has hydrated (the pre-rendered HTML is the default state, so hydration always
 * matches), written back on every change. A page or filter change adds a history entry (Back
 * returns to the previous page of results, or undoes the filter); Back and Forward between
 * entries restore their state. A correction (a page past the last one) replaces the entry.
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
          if (options?.replace) window.history.replaceState(null, "", url);
          else window.history.pushState(null, "", url);
        }
        return next;
      });
    },
    [spec],
  );

  return [state, update, ready];
}
