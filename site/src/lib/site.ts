/** Build-time helpers shared by pages: absolute URLs and breadcrumb JSON-LD. */
import { env } from "../env.ts";
import { clinicPath } from "@botox/core/search";
import type { Clinic } from "@botox/core/contract";
// schema.org's own vocabulary as TypeScript types: a property or type that schema.org does not
// define fails the typecheck (the runtime rules are checked in e2e/structured-data.e2e.ts).
import type { BreadcrumbList, ItemList, WithContext } from "schema-dts";

export function absoluteUrl(path: string): string {
  return new URL(path, env.SITE_URL).toString();
}

export interface Crumb {
  name: string;
  href: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: absoluteUrl(c.href) })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** ItemList of a city page: the clinics its HTML lists, in order, each by its canonical URL. */
export function cityItemListJsonLd(name: string, clinics: readonly Pick<Clinic, "name" | "citySlug" | "slug">[]): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: clinics.length,
    itemListElement: clinics.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, url: absoluteUrl(clinicPath(c.citySlug, c.slug)) })),
  };
}

/**
 * `client:idle` options for the listing islands: hydrate at the first idle moment, but no later
 * than 1.5 s after load. A page kept busy (a slow phone, a loaded machine) would otherwise leave
 * its filters and paging inert for as long as the browser never went idle.
 */
export const IDLE_HYDRATION = { timeout: 1500 } as const;
