/**
 * The treatment pages a search for a treatment word without a place leads to ("lip flip",
 * "masseter", "trap tox", "baby botox", "neurotoxin"): what the treatment is, in facts taken
 * from named public sources, and the clinics that post prices for it.
 *
 * Every statement shown to visitors is a row of TREATMENT_FACTS with its source beside it (a
 * label of labels.ts and its section); doses come from the estimates' dose table (its label
 * sources) and nothing else. A fact without a public source is not shown: no figure is
 * written here that a label does not state.
 */
import { SEARCH_WORDS, type SearchWordRow } from "./search-words.ts";
import type { PriceArea } from "./price-format.ts";
import { LABELLED_BRANDS, LABEL_SOURCES, allLabels, labelledProducts } from "./labels.ts";

/** The number of labelled products, as the sentence that opens with it says it. */
const COUNT_WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
const LABELS = allLabels();

export interface TreatmentFact {
  id: string;
  /** One sentence, as visitors read it. */
  text: string;
  /** The named public source of the sentence. */
  source: string;
}

/** The one table of what the treatment pages say, each fact with its source. */
export const TREATMENT_FACTS: readonly TreatmentFact[] = [
  {
    id: "approved-products",
    text: `${COUNT_WORDS[LABELLED_BRANDS.length]} botulinum toxin products are FDA-approved in the US for the temporary improvement of moderate to severe frown lines (glabellar lines) in adults: ${labelledProducts()}.`,
    source: `${LABELS}: Indications and Usage`,
  },
  {
    id: "botox-areas",
    text: "Botox Cosmetic's label also covers crow's feet (lateral canthal lines), forehead lines, and the vertical bands between jaw and neck (platysma bands).",
    source: `${LABEL_SOURCES.botox}: Indications and Usage`,
  },
  {
    id: "xeomin-areas",
    text: "Xeomin's label also covers forehead lines and crow's feet: with frown lines, the label calls them upper facial lines.",
    source: `${LABEL_SOURCES.xeomin}: Indications and Usage`,
  },
  {
    id: "units-differ",
    text: "A unit of one product is not a unit of another: each label says its units cannot be compared with or converted to those of other botulinum toxin products.",
    source: `${LABELS}: Warnings and Precautions (lack of interchangeability between botulinum toxin products)`,
  },
  {
    id: "boxed-warning",
    text: "Each label carries a boxed warning about distant spread of toxin effect: swallowing and breathing difficulties can occur hours to weeks after injection.",
    source: `${LABELS}: Boxed Warning`,
  },
  {
    id: "off-label-lips",
    text: "No US label lists the lips among its approved uses: a lip flip is an off-label use, chosen by the injector.",
    source: `${LABELS}: Indications and Usage`,
  },
  {
    id: "off-label-masseter",
    text: "No US label lists the masseter (the jaw muscle) among its approved cosmetic uses: jaw slimming is an off-label use, chosen by the injector.",
    source: `${LABELS}: Indications and Usage`,
  },
  {
    id: "off-label-trapezius",
    text: "No US cosmetic label lists the trapezius (the muscle between neck and shoulder) among its approved uses: trap tox is an off-label use, chosen by the injector.",
    source: `${LABELS}: Indications and Usage`,
  },
  {
    id: "no-baby-dose",
    text: "“Baby Botox” names no product and no labelled dose: the labels give their doses area by area (below), and the injector sets yours.",
    source: `${LABELS}: Dosage and Administration`,
  },
];

export interface TreatmentPage {
  /** The page's address segment: /botox-treatments/{slug}. */
  slug: string;
  /** The search words row (its label) the page answers. */
  label: string;
  /** The price area a clinic's area price must name to be listed here; null: any posted per-unit price. */
  priceArea: PriceArea | null;
  /** TREATMENT_FACTS ids, in the order shown. */
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

/** A page's facts, in order (an unknown id is a programming error, caught by the tests). */
export function factsOf(page: TreatmentPage): TreatmentFact[] {
  return page.facts.map((id) => {
    const fact = TREATMENT_FACTS.find((f) => f.id === id);
    if (!fact) throw new Error(`Unknown treatment fact: ${id}`);
    return fact;
  });
}

/** The search words row of a page (its "also searched as" words). */
export function wordsOf(page: TreatmentPage): SearchWordRow | undefined {
  return SEARCH_WORDS.find((r) => r.brand == null && r.label === page.label);
}
