/**
 * What the treatment pages say: each sentence a row of TREATMENT_FACTS with its source beside
 * it (a label of labels.ts and its section). Doses come from the estimates' dose table (its
 * label sources) and nothing else. A fact without a public source is not shown: no figure is
 * written here that a label does not state.
 */
import { LABELLED_BRANDS, LABEL_SOURCES, allLabels, labelledProducts } from "./labels.ts";
import type { TreatmentPage } from "./treatments.ts";

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

/** A page's facts, in order (an unknown id is a programming error, caught by the tests). */
export function factsOf(page: TreatmentPage): TreatmentFact[] {
  return page.facts.map((id) => {
    const fact = TREATMENT_FACTS.find((f) => f.id === id);
    if (!fact) throw new Error(`Unknown treatment fact: ${id}`);
    return fact;
  });
}
