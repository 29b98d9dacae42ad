/**
 * The constants' values are the spec's (product.md §9) and are exercised by the tests of the code that
 * uses them; a copy of each value here would only repeat constants.ts. What is checked is
 * what must hold between them, which an edit of one value could break.
 */
import { describe, expect, it } from "vitest";
import { toLinkSlug } from "./slug.ts";
import { BRAND, PRODUCT_ROUTE } from "./brand.ts";
import { BLOG, CONTACT, FILTERS, FOOTER_CITIES, POST_FORM, RATING, RATING_EMOJIS, SEARCH } from "./constants.ts";

describe("constants that must agree with each other", () => {
  it("the nearby list's pages hold exactly its results", () => {
    expect(SEARCH.pageSize * SEARCH.maxPages).toBe(SEARCH.maxNearbyResults);
  });

  it("each listing's default distance is one the filter offers, and the ZIP fallback widens it", () => {
    expect(FILTERS.distanceOptions).toContain(FILTERS.cityDefaultDistance);
    expect(FILTERS.distanceOptions).toContain(FILTERS.zipDefaultDistance);
    expect(FILTERS.zipExpandedDistance).toBeGreaterThan(FILTERS.zipDefaultDistance);
    expect(FILTERS.anyDistanceShared).toBeGreaterThan(Math.max(...FILTERS.distanceOptions));
  });

  it("the post form's automatic fields are as long as the blog shows them", () => {
    expect(POST_FORM.autoExcerptLength).toBe(BLOG.excerptLength);
    expect(POST_FORM.autoMetaDescriptionLength).toBe(BLOG.metaDescriptionLength);
    expect(POST_FORM.metaDescriptionRecommended.max).toBeLessThanOrEqual(POST_FORM.metaDescriptionMax);
    expect(POST_FORM.titleTarget.min).toBeLessThan(POST_FORM.titleTarget.max);
    expect(POST_FORM.contentGoodWords).toBeLessThan(POST_FORM.contentTargetWords);
  });

  it("the rating emojis are listed once, in the order the widget shows them", () => {
    expect(RATING.emojis.map((e) => e.value)).toEqual([...RATING_EMOJIS]);
    expect(new Set(RATING.emojis.map((e) => e.label)).size).toBe(RATING_EMOJIS.length);
  });

  it("choice lists have no duplicates", () => {
    for (const list of [CONTACT.subjects, FOOTER_CITIES, FILTERS.sortBy, FILTERS.distanceOptions, POST_FORM.imageTypes]) {
      expect(new Set<unknown>(list).size).toBe(list.length);
    }
  });
});

describe("brand (architecture.md §2)", () => {
  it("builds the product route from the product word, and keeps the site id URL-safe", () => {
    expect(PRODUCT_ROUTE).toBe(`/${toLinkSlug(`${BRAND.product} me`)}`);
    expect(BRAND.siteId).toMatch(/^[a-z0-9-]+$/);
  });
});
