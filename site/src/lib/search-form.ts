/**
 * The search boxes (product.md §2.4, §2.6): the text is routed in the browser; empty or
 * one-character input says what to type. Without JavaScript the form still submits to the ZIP page.
 * The resolution's code (word tables, city matching, messages) loads on demand: when a box is
 * first focused, or at the latest on submit, so pages do not carry it until someone searches
 * (decision 264).
 */
import { routeForNearMeSearch, routeForSearch } from "@botox/core/search";
import type { SearchOutcome, SearchSources, resolveSearch } from "./search-resolve.ts";

let resolver: Promise<{ resolveSearch: typeof resolveSearch }> | undefined;
const loadResolver = () => (resolver ??= import("./search-resolve.ts"));

/**
 * Each search form resolves its text (src/lib/search-resolve.ts) and then navigates once, to
 * the page that answers; a message (empty text, a mistyped ZIP) is said in the form instead.
 * A second submit while the first resolves replaces it.
 */
export function bindSearchForms(root: ParentNode, navigate: (url: string) => void, sources: SearchSources): void {
  root.querySelectorAll<HTMLFormElement>("form[data-search]").forEach((form) => {
    let latest = 0;
    form.addEventListener("focusin", () => void loadResolver().catch(() => undefined), { once: true });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const q = new FormData(form).get("q");
      const value = typeof q === "string" ? q : "";
      const message = form.querySelector<HTMLElement>("[data-search-message]");
      const asked = ++latest;
      form.setAttribute("aria-busy", "true");
      void loadResolver()
        .then(({ resolveSearch }) => resolveSearch(form.dataset.search, value, sources))
        .catch((): SearchOutcome => ({ kind: "go", path: (form.dataset.search === "near-me" ? routeForNearMeSearch(value) : routeForSearch(value)) ?? "" }))
        .then((outcome) => {
          if (asked !== latest) return;
          form.removeAttribute("aria-busy");
          const said = outcome.kind === "say" ? outcome.message : "";
          if (message) {
            message.textContent = said;
            message.hidden = !said;
          }
          if (outcome.kind === "go" && outcome.path) navigate(outcome.path);
        });
    });
  });
}

/** The browser's sources for the boxes, whose code also loads on first use. */
export function lazySearchSources(apiUrl: string, geoServices: readonly string[]): SearchSources {
  let made: Promise<SearchSources> | undefined;
  const get = () => (made ??= import("./search-sources.ts").then((m) => m.browserSearchSources(apiUrl, geoServices)));
  return {
    cities: () => get().then((s) => s.cities()),
    lookup: (text) => get().then((s) => s.lookup(text)),
    here: () => get().then((s) => s.here()),
  };
}
