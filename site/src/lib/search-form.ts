/**
 * The search boxes (product.md §2.4, §2.6): the text is routed in the browser; empty or
 * one-character input says what to type. Without JavaScript the form still submits to the ZIP page.
 */
import { resolveSearch, searchRoute, type SearchSources } from "./search-resolve.ts";

/**
 * Each search form resolves its text (src/lib/search-resolve.ts) and then navigates once, to
 * the page that answers; a message (empty text, a mistyped ZIP) is said in the form instead.
 * A second submit while the first resolves replaces it.
 */
export function bindSearchForms(root: ParentNode, navigate: (url: string) => void, sources: SearchSources): void {
  root.querySelectorAll<HTMLFormElement>("form[data-search]").forEach((form) => {
    let latest = 0;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const q = new FormData(form).get("q");
      const value = typeof q === "string" ? q : "";
      const message = form.querySelector<HTMLElement>("[data-search-message]");
      const asked = ++latest;
      form.setAttribute("aria-busy", "true");
      void resolveSearch(form.dataset.search, value, sources)
        .catch(() => ({ kind: "go" as const, path: searchRoute(form.dataset.search, value) ?? "" }))
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
