/**
 * The treatment pages a search for a treatment word without a place leads to ("lip flip",
 * "masseter", "trap tox", "baby botox", "neurotoxin"): their addresses, the price area each
 * lists clinics by, and the facts each shows (ids of treatment-facts.ts, where the sentences
 * and their sources are). The search box loads this module in the browser; the facts stay
 * with the built pages.
 */
import { SEARCH_WORDS, type SearchWordRow } from "./search-words.ts";
import type { PriceArea } from "./price-format.ts";

export interface TreatmentPage {
  /** The page's address segment: /botox-treatments/{slug}. */
  slug: string;
  /** The search words row (its label) the page answers. */
  label: string;
  /** The price area a clinic's area price must name to be listed here; null: any posted per-unit price. */
  priceArea: PriceArea | null;
  /** TREATMENT_FACTS ids (treatment-facts.ts), in the order shown. */
  facts: readonly string[];
}

const COMMON = ["approved-products", "units-differ", "boxed-warning"] as const;

export const TREATMENT_PAGES: readonly TreatmentPage[] = [
  { slug: "neurotoxin-injections", label: "Neurotoxin injections", priceArea: null, facts: [...COMMON, "botox-areas", "xeomin-areas"] },
  { slug: "baby-botox", label: "Baby Botox", priceArea: null, facts: ["no-baby-dose", ...COMMON] },
  { slug: "lip-flip", label: "Lip flip", priceArea: "lip_flip", facts: ["off-label-lips", ...COMMON] },
  { slug: "masseter", label: "Masseter (jaw slimming)", priceArea: "masseter", facts: ["off-label-masseter", ...COMMON] },
  { slug: "trap-tox", label: "Trap tox", priceArea: null, facts: ["off-label-trapezius", ...COMMON] },
];

/** The address of a treatment page. */
export const treatmentPath = (slug: string): string => `/botox-treatments/${encodeURIComponent(slug)}`;

/** The treatment page of a search words row (the rows of no brand); null for a brand. */
export function treatmentPageOf(row: Pick<SearchWordRow, "brand" | "label">): TreatmentPage | null {
  if (row.brand) return null;
  return TREATMENT_PAGES.find((p) => p.label === row.label) ?? null;
}

/** The search words row of a page (its "also searched as" words). */
export function wordsOf(page: TreatmentPage): SearchWordRow | undefined {
  return SEARCH_WORDS.find((r) => r.brand == null && r.label === page.label);
}
