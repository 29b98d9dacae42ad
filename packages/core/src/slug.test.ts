import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, firstFreeSlug, toCategorySlug, toClinicSlug, toLinkSlug, toPostSlug } from "./slug.ts";

describe("toLinkSlug (product.md §1)", () => {
  it("lowercases, removes punctuation, collapses spaces/underscores/hyphens and trims hyphens", () => {
    expect(toLinkSlug("New York")).toBe("new-york");
    expect(toLinkSlug("  St. Louis, MO!  ")).toBe("st-louis-mo");
    expect(toLinkSlug("a__b -- c")).toBe("a-b-c");
    expect(toLinkSlug("--Coeur d'Alene--")).toBe("coeur-dalene");
    expect(toLinkSlug("Botox & Fillers")).toBe("botox-fillers");
  });
  it("folds accents so links stay ASCII", () => {
    expect(toLinkSlug("Cañon City")).toBe("canon-city");
    // Letters of other alphabets are dropped: a Cyrillic look-alike never makes its own slug.
    expect(toLinkSlug("Sug\u0430r Land")).toBe("sugr-land");
    expect(toLinkSlug("Москва")).toBe("");
    expect(toLinkSlug("Ｓｕｇａｒ")).toBe("sugar");
  });
});

describe("toCategorySlug (product.md §4 category auto-slug)", () => {
  it("removes other characters and replaces whitespace runs by one hyphen", () => {
    expect(toCategorySlug("Botox Treatments")).toBe("botox-treatments");
    expect(toCategorySlug("Tips & Tricks")).toBe("tips-tricks");
    expect(toCategorySlug("Before/After  Photos")).toBe("beforeafter-photos");
  });
  it("keeps existing hyphens as typed (no collapsing in this rule)", () => {
    expect(toCategorySlug("Anti - Aging")).toBe("anti---aging");
  });
  it("removes underscores (not a letter, digit, whitespace or hyphen) and keeps digits", () => {
    expect(toCategorySlug("Top_10 Tips")).toBe("top10-tips");
  });
  it("keeps accented letters as their base letter", () => {
    expect(toCategorySlug("Crème Brûlée")).toBe("creme-brulee");
  });
});

describe("toPostSlug (product.md §4 post auto-slug)", () => {
  it("also collapses repeated hyphens", () => {
    expect(toPostSlug("Anti - Aging: What Works?")).toBe("anti-aging-what-works");
    expect(toPostSlug("How Much Does Botox Cost in 2026")).toBe("how-much-does-botox-cost-in-2026");
  });
  it("replaces whitespace runs by one hyphen and strips other characters", () => {
    expect(toPostSlug("Botox   100%  Guide!")).toBe("botox-100-guide");
    expect(toPostSlug("Café Tips")).toBe("cafe-tips");
  });
});

describe("toClinicSlug (product.md §4: name plus city)", () => {
  it("joins name and city in link-slug form", () => {
    expect(toClinicSlug("Glow Med Spa & Laser", "Miami")).toBe("glow-med-spa-laser-miami");
    expect(toClinicSlug("Dr. O'Neil Aesthetics", "St. Louis")).toBe("dr-oneil-aesthetics-st-louis");
  });
  it("always yields a slug the slug pattern accepts for ordinary names", () => {
    for (const [name, city] of [
      ["Skin_Care -- Studio", "Coeur d'Alene"],
      ["Lumière Med Spa", "San José"],
      ["  A+B  ", "NYC"],
    ]) {
      expect(toClinicSlug(name!, city!)).toMatch(SLUG_PATTERN);
    }
  });
});

describe("SLUG_PATTERN (product.md §5)", () => {
  it("accepts lowercase groups joined by single hyphens only", () => {
    for (const ok of ["botox", "botox-treatments", "a1-b2-c3"]) expect(SLUG_PATTERN.test(ok)).toBe(true);
    for (const bad of ["-botox", "botox-", "botox--x", "Botox", "bo tox", "botox_x", ""]) expect(SLUG_PATTERN.test(bad)).toBe(false);
  });
});

describe("firstFreeSlug (import and seed: unique slugs without a conflict)", () => {
  it("keeps a free slug and numbers a taken one from 2", () => {
    const taken = new Set(["glow-spa", "glow-spa-2"]);
    expect(firstFreeSlug("calm-spa", (s) => taken.has(s))).toBe("calm-spa");
    expect(firstFreeSlug("glow-spa", (s) => taken.has(s))).toBe("glow-spa-3");
  });
});
