import { describe, expect, it } from "vitest";
import { BRAND, PRODUCT_ROUTE } from "./brand.ts";
import {
  BLOG,
  CATEGORY_FORM,
  CONTACT,
  FEATURED,
  FETCH,
  FILTERS,
  FOOTER_CITIES,
  LEGAL,
  POST_FORM,
  RATING,
  RATING_EMOJIS,
  SEARCH,
  UI,
} from "./constants.ts";

const MIN = 60_000;

describe("spec §9 constants", () => {
  it("data fetching", () => {
    expect(FETCH.location).toEqual({ staleTime: 30 * MIN, retry: 2 });
    expect(FETCH.cities.staleTime).toBe(15 * MIN);
    expect(FETCH.nearbyClinics.staleTime).toBe(15 * MIN);
    expect(FETCH.providersNearUser).toEqual({ staleTime: 5 * MIN, retry: 3, retryDelay: 1000 });
    expect(FETCH.clinicDetail.retry).toBe(1);
  });
  it("toasts and tooltips", () => {
    expect(UI).toMatchObject({
      toastLimit: 1,
      toastDurationMs: 5000,
      toastSwipeThresholdPx: 50,
      toastHotkey: "F8",
      tooltipDelayMs: 700,
      tooltipSkipDelayMs: 300,
      headerShadowScrollPx: 10,
    });
  });
  it("search", () => {
    expect(SEARCH).toMatchObject({
      nearbyRadiusMiles: 100,
      pageSize: 10,
      maxPages: 5,
      maxNearbyResults: 50,
      adEvery: 3,
      cityGridSize: 9,
      popularCitiesLimit: 50,
      topCitiesLimit: 5,
      providersNearUserLimit: 50,
      zipLength: 5,
      minCityChars: 2,
    });
    expect(SEARCH.pageSize * SEARCH.maxPages).toBe(SEARCH.maxNearbyResults);
    expect(FEATURED).toMatchObject({ limit: 3, distance: 25, businessStatus: "OPERATIONAL" });
  });
  it("filters", () => {
    expect(FILTERS.distanceOptions).toEqual([5, 10, 25]);
    expect(FILTERS).toMatchObject({
      anyDistanceShared: 150,
      cityDefaultDistance: 5,
      zipDefaultDistance: 25,
      zipExpandedDistance: 50,
      defaultBusinessStatus: "OPERATIONAL",
    });
    expect(FILTERS.sortBy).toEqual(["reviews", "name", "price"]);
    expect(FILTERS.sortOrder).toEqual(["desc", "asc"]);
  });
  it("blog", () => {
    expect(BLOG).toEqual({
      pageSize: 6,
      adminListLimit: 100,
      recentPosts: 3,
      wordsPerMinute: 225,
      excerptLength: 150,
      metaDescriptionLength: 160,
    });
  });
  it("contact and legal", () => {
    expect(CONTACT.replyWithinHours).toBe(24);
    expect(CONTACT.hours).toBe("Mon-Fri 9-5 EST");
    expect(CONTACT.simulatedSendDelayMs).toBe(1000);
    expect(CONTACT.subjects).toEqual(["General Inquiry", "Clinic Information", "List My Clinic", "Report an Issue", "Other"]);
    expect(LEGAL).toEqual({ minimumAge: 18, materialChangeNoticeDays: 30 });
  });
  it("post form", () => {
    expect(POST_FORM).toMatchObject({
      imageMaxBytes: 5 * 1024 * 1024,
      idealImageWidth: 1200,
      idealImageHeight: 630,
      titleTarget: { min: 40, max: 60 },
      metaDescriptionMax: 160,
      metaDescriptionRecommended: { min: 150, max: 160 },
      autoExcerptLength: 150,
      autoMetaDescriptionLength: 160,
      minContent: 50,
      minTitle: 5,
      minSlug: 3,
      minAuthor: 2,
      keywordDelayMs: 500,
      keywordMaxSuggestions: 15,
      keywordMinWordLength: 4,
      keywordTarget: { min: 3, max: 8 },
      contentTargetWords: 600,
      contentGoodWords: 300,
      scoreMax: 100,
      contentMinHeightPx: 300,
    });
    expect(POST_FORM.imageTypes).toEqual(["image/jpeg", "image/png", "image/gif", "image/webp"]);
    expect(CATEGORY_FORM).toEqual({ minName: 2, minSlug: 2 });
  });
  it("rating emojis and labels (spec §3)", () => {
    expect(RATING.emojis.map((e) => [e.value, e.label])).toEqual([
      ["love-eyes", "Love it"],
      ["smile", "Good"],
      ["neutral", "Neutral"],
      ["sad", "Disappointed"],
      ["angry", "Angry"],
    ]);
    expect(RATING_EMOJIS).toEqual(["love-eyes", "smile", "neutral", "sad", "angry"]);
  });
  it("footer cities (spec §2.2)", () => {
    expect(FOOTER_CITIES).toEqual(["New York", "Los Angeles", "Chicago", "Miami"]);
  });
});

describe("brand (design.md §2)", () => {
  it("sets the product word, routes and site id in one place", () => {
    expect(BRAND.product).toBe("Botox Near");
    expect(BRAND.heroTitle).toBe("Find the Best Botox Near You");
    expect(PRODUCT_ROUTE).toBe("/botox-near-me");
    expect(BRAND.siteId).toMatch(/^[a-z0-9-]+$/);
  });
});
