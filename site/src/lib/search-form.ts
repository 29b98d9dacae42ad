/**
 * The search boxes (spec §2.4, §2.6): the text is routed in the browser; empty or
 * one-character input does nothing. Without JavaScript the form still submits to the ZIP page.
 */
import { routeForNearMeSearch, routeForSearch } from "@core/search.ts";

export function searchRoute(variant: string | undefined, value: string): string | null {
  return variant === "near-me" ? routeForNearMeSearch(value) : routeForSearch(value);
}

export function bindSearchForms(root: ParentNode, navigate: (url: string) => void): void {
  root.querySelectorAll<HTMLFormElement>("form[data-search]").forEach((form) => {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const value = new FormData(form).get("q")?.toString() ?? "";
      const route = searchRoute(form.dataset.search, value);
      if (route) navigate(route);
    });
  });
}
