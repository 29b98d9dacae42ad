/**
 * The search boxes (product.md §2.4, §2.6): the text is routed in the browser; empty or
 * one-character input does nothing. Without JavaScript the form still submits to the ZIP page.
 */
import { MSG } from "@botox/core/messages";
import { routeForNearMeSearch, routeForSearch } from "@botox/core/search";

export function searchRoute(variant: string | undefined, value: string): string | null {
  return variant === "near-me" ? routeForNearMeSearch(value) : routeForSearch(value);
}

/**
 * What is wrong with the typed text, if anything: digits alone that are not five ("0210") are
 * a mistyped ZIP, not a city name, so the visitor is told rather than sent to a
 * city page that cannot exist.
 */
export function searchProblem(value: string): string | null {
  const text = value.trim();
  return /^\d+$/.test(text) && text.length !== 5 && text.length > 1 ? MSG.search.invalidZip : null;
}

export function bindSearchForms(root: ParentNode, navigate: (url: string) => void): void {
  root.querySelectorAll<HTMLFormElement>("form[data-search]").forEach((form) => {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const q = new FormData(form).get("q");
      const value = typeof q === "string" ? q : "";
      const message = form.querySelector<HTMLElement>("[data-search-message]");
      const problem = searchProblem(value);
      if (message) {
        message.textContent = problem ?? "";
        message.hidden = !problem;
      }
      if (problem) return;
      const route = searchRoute(form.dataset.search, value);
      if (route) navigate(route);
    });
  });
}
