/**
 * The six US cosmetic botulinum toxin labels (each brand's US prescribing information): the
 * one table of sources that the dose table (estimates.ts) and the treatment facts
 * (treatments.ts) name. A figure or statement taken from a label names the label from here,
 * and the section it stands in.
 *
 * Plain strings: the listing islands load the sources (through the estimates) and nothing else
 * of this module, so what only the built pages need is in functions.
 */

/** The brands with a US cosmetic label, in the order the site lists them (the price brands' ids). */
export const LABELLED_BRANDS = ["botox", "dysport", "xeomin", "jeuveau", "daxxify", "letybo"] as const;
export type LabelledBrand = (typeof LABELLED_BRANDS)[number];

/** Each label as a source line: the name it is printed under, the generic name, the maker. */
export const LABEL_SOURCES: Record<LabelledBrand, string> = {
  botox: "BOTOX Cosmetic (onabotulinumtoxinA) US Prescribing Information, Allergan/AbbVie",
  dysport: "DYSPORT (abobotulinumtoxinA) US Prescribing Information, Ipsen/Galderma",
  xeomin: "XEOMIN (incobotulinumtoxinA) US Prescribing Information, Merz",
  jeuveau: "JEUVEAU (prabotulinumtoxinA-xvfs) US Prescribing Information, Evolus",
  daxxify: "DAXXIFY (daxibotulinumtoxinA-lanm) US Prescribing Information, Revance",
  letybo: "LETYBO (letibotulinumtoxinA-wlbg) US Prescribing Information, Hugel (FDA approval 2024)",
};

/** Each product as visitors read it. */
export const LABEL_PRODUCTS: Record<LabelledBrand, string> = {
  botox: "Botox Cosmetic",
  dysport: "Dysport",
  xeomin: "Xeomin",
  jeuveau: "Jeuveau",
  daxxify: "Daxxify",
  letybo: "Letybo",
};

const inWords = (items: readonly string[]): string => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The products, as a sentence lists them: "Botox Cosmetic, Dysport, … and Letybo". */
export function labelledProducts(): string {
  return inWords(LABELLED_BRANDS.map((b) => LABEL_PRODUCTS[b]));
}

/** A label's printed name and maker, read from its source line: "BOTOX Cosmetic (Allergan/AbbVie)". */
export function labelAndMaker(brand: LabelledBrand): string {
  const source = LABEL_SOURCES[brand];
  const printed = source.slice(0, source.indexOf(" ("));
  const maker = source.slice(source.indexOf("Information, ") + "Information, ".length).replace(/ \(.*\)$/, "");
  return `${printed} (${maker})`;
}

/** Every label at once, for a statement all of them make. */
export function allLabels(): string {
  return `US Prescribing Information of ${inWords(LABELLED_BRANDS.map(labelAndMaker))}`;
}
