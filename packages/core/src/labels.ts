/**
 * The six US cosmetic botulinum toxin labels (each brand's US prescribing information): the
 * one table of sources that the dose table (estimates.ts), the treatment facts (treatments.ts)
 * and the brands' search words (search-words.ts) name. A figure or statement taken from a
 * label names the label from here, and the section it stands in.
 */

/** The brands with a US cosmetic label, in the order the site lists them (the price brands' ids). */
export const LABELLED_BRANDS = ["botox", "dysport", "xeomin", "jeuveau", "daxxify", "letybo"] as const;
export type LabelledBrand = (typeof LABELLED_BRANDS)[number];

export interface UsLabel {
  /** The product as visitors read it: "Botox Cosmetic". */
  product: string;
  /** The name the label is printed under: "BOTOX Cosmetic". */
  printed: string;
  generic: string;
  maker: string;
  /** Said after the maker: when the label is recent. */
  note?: string;
}

export const US_LABELS: Record<LabelledBrand, UsLabel> = {
  botox: { product: "Botox Cosmetic", printed: "BOTOX Cosmetic", generic: "onabotulinumtoxinA", maker: "Allergan/AbbVie" },
  dysport: { product: "Dysport", printed: "DYSPORT", generic: "abobotulinumtoxinA", maker: "Ipsen/Galderma" },
  xeomin: { product: "Xeomin", printed: "XEOMIN", generic: "incobotulinumtoxinA", maker: "Merz" },
  jeuveau: { product: "Jeuveau", printed: "JEUVEAU", generic: "prabotulinumtoxinA-xvfs", maker: "Evolus" },
  daxxify: { product: "Daxxify", printed: "DAXXIFY", generic: "daxibotulinumtoxinA-lanm", maker: "Revance" },
  letybo: { product: "Letybo", printed: "LETYBO", generic: "letibotulinumtoxinA-wlbg", maker: "Hugel", note: "FDA approval 2024" },
};

/** A brand's label as a source line: "BOTOX Cosmetic (onabotulinumtoxinA) US Prescribing Information, Allergan/AbbVie". */
export function labelSource(brand: LabelledBrand): string {
  const l = US_LABELS[brand];
  return `${l.printed} (${l.generic}) US Prescribing Information, ${l.maker}${l.note ? ` (${l.note})` : ""}`;
}

/** Each brand's label source line, by brand id. */
export const LABEL_SOURCES = /* @__PURE__ */ Object.fromEntries(LABELLED_BRANDS.map((b) => [b, labelSource(b)])) as Record<LabelledBrand, string>;

const inWords = (items: readonly string[]): string => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

// Functions, not constants: the listing islands load this module (through the estimates) and
// need neither sentence.

/** The products, as a sentence lists them: "Botox Cosmetic, Dysport, … and Letybo". */
export function labelledProducts(): string {
  return inWords(LABELLED_BRANDS.map((b) => US_LABELS[b].product));
}

/** Every label at once, for a statement all of them make. */
export function allLabels(): string {
  return `US Prescribing Information of ${inWords(LABELLED_BRANDS.map((b) => `${US_LABELS[b].printed} (${US_LABELS[b].maker})`))}`;
}
