import { describe, expect, it } from "vitest";
import { SEARCH_WORDS } from "./search-words.ts";
import { DOSE_TABLE } from "./estimates.ts";
import { PRICE_AREAS } from "./price-format.ts";
import { LABELLED_BRANDS, LABEL_SOURCES, labelAndMaker } from "./labels.ts";
import { TREATMENT_PAGES, treatmentPageOf, treatmentPath, wordsOf } from "./treatments.ts";
import { TREATMENT_FACTS, factsOf } from "./treatment-facts.ts";

describe("treatment pages", () => {
  it("every search words row without a brand has a page, and every page answers one such row", () => {
    for (const row of SEARCH_WORDS.filter((r) => r.brand == null)) expect(treatmentPageOf(row)?.label, row.label).toBe(row.label);
    for (const page of TREATMENT_PAGES) expect(wordsOf(page)?.brand).toBeNull();
  });

  it("brands have no treatment page: they lead to listings filtered by the brand", () => {
    for (const row of SEARCH_WORDS.filter((r) => r.brand != null)) expect(treatmentPageOf(row)).toBeNull();
  });

  it("every fact shown names its public source, ids are unique and every page's facts exist", () => {
    expect(new Set(TREATMENT_FACTS.map((f) => f.id)).size).toBe(TREATMENT_FACTS.length);
    for (const f of TREATMENT_FACTS) {
      expect(f.text.trim().length, f.id).toBeGreaterThan(20);
      expect(f.source, f.id).toMatch(/Prescribing Information/);
    }
    for (const page of TREATMENT_PAGES) expect(factsOf(page).length).toBe(page.facts.length);
    expect(() => factsOf({ slug: "x", label: "x", priceArea: null, facts: ["no-such-fact"] })).toThrow(/Unknown treatment fact/);
  });

  it("no fact states a figure the dose table does not hold (doses are shown from the table, with its sources)", () => {
    // "Six" products is the count of the labels, each of which doses frown lines; no other number may appear.
    expect(LABELLED_BRANDS).toHaveLength(6);
    expect(new Set(DOSE_TABLE.filter((r) => r.area === "frown_lines").map((r) => r.brand))).toEqual(new Set(LABELLED_BRANDS));
    for (const f of TREATMENT_FACTS) expect(f.text.replace(/\b(Six)\b/g, ""), f.id).not.toMatch(/\d/);
  });

  it("names the products and their labels from the one label table", () => {
    const approved = TREATMENT_FACTS.find((f) => f.id === "approved-products")!;
    expect(approved.text).toBe(
      "Six botulinum toxin products are FDA-approved in the US for the temporary improvement of moderate to severe frown lines (glabellar lines) in adults: Botox Cosmetic, Dysport, Xeomin, Jeuveau, Daxxify and Letybo.",
    );
    expect(approved.source).toBe(
      "US Prescribing Information of BOTOX Cosmetic (Allergan/AbbVie), DYSPORT (Ipsen/Galderma), XEOMIN (Merz), JEUVEAU (Evolus), DAXXIFY (Revance) and LETYBO (Hugel): Indications and Usage",
    );
    for (const b of LABELLED_BRANDS) expect(approved.source).toContain(labelAndMaker(b));
    expect(TREATMENT_FACTS.find((f) => f.id === "botox-areas")!.source).toBe(`${LABEL_SOURCES.botox}: Indications and Usage`);
    expect(TREATMENT_FACTS.find((f) => f.id === "xeomin-areas")!.source).toBe(`${LABEL_SOURCES.xeomin}: Indications and Usage`);
    // Each brand's search words hold the generic name its label is printed under.
    for (const row of SEARCH_WORDS.filter((r) => r.brand != null)) {
      const generic = /\(([^)]+)\)/.exec(LABEL_SOURCES[row.brand as keyof typeof LABEL_SOURCES])![1]!;
      expect(row.words, row.label).toContain(generic.replace(/-\w+$/, "").toLowerCase());
    }
  });

  it("pages have distinct slug addresses and price areas the price rows know", () => {
    expect(new Set(TREATMENT_PAGES.map((p) => p.slug)).size).toBe(TREATMENT_PAGES.length);
    for (const p of TREATMENT_PAGES) {
      expect(treatmentPath(p.slug)).toMatch(/^\/botox-treatments\/[a-z-]+$/);
      if (p.priceArea) expect(PRICE_AREAS).toContain(p.priceArea);
    }
    expect(TREATMENT_PAGES.find((p) => p.slug === "lip-flip")?.priceArea).toBe("lip_flip");
    expect(TREATMENT_PAGES.find((p) => p.slug === "masseter")?.priceArea).toBe("masseter");
  });
});
