/** Business constants of product.md §9 (and the few of §2 and §4), in one place. */
import type { BusinessStatus } from "./status.ts";

const MINUTE = 60_000;

export const SEARCH = {
  nearbyRadiusMiles: 100,
  pageSize: 10,
  maxPages: 5,
  /** 10 × 5: the closest 50 are shown (product.md §2.5). */
  maxNearbyResults: 50,
  adEvery: 3,
  cityGridSize: 9,
  popularCitiesLimit: 50,
  topCitiesLimit: 5,
  providersNearUserLimit: 50,
  zipLength: 5,
  minCityChars: 2,
} as const;

export const FEATURED = {
  limit: 3,
  distance: 25,
  businessStatus: "OPERATIONAL" as BusinessStatus,
  /** The spec's featured block uses "a fixed ZIP" without naming it: Manhattan. */
  postalCode: "10001",
} as const;

export const FILTERS = {
  distanceOptions: [5, 10, 25] as const,
  /** "any" travels as 150 where filters are shared in a URL; the API treats it as no limit. */
  anyDistanceShared: 150,
  cityDefaultDistance: 5,
  zipDefaultDistance: 25,
  zipExpandedDistance: 50,
  defaultBusinessStatus: "OPERATIONAL" as BusinessStatus,
  sortBy: ["reviews", "name", "price"] as const,
  /** zip-search: nearest first (default) or cheapest per unit first. */
  zipSortBy: ["distance", "price"] as const,
  sortOrder: ["desc", "asc"] as const,
} as const;

export const BLOG = {
  pageSize: 6,
  adminListLimit: 100,
  recentPosts: 3,
  wordsPerMinute: 225,
  excerptLength: 150,
  metaDescriptionLength: 160,
} as const;

/** Data fetching defaults (product.md §9): no retries, no focus refetch, never stale, except these. */
export const FETCH = {
  location: { staleTime: 30 * MINUTE, retry: 2 },
  cities: { staleTime: 15 * MINUTE },
  nearbyClinics: { staleTime: 15 * MINUTE },
  providersNearUser: { staleTime: 5 * MINUTE, retry: 3, retryDelay: 1000 },
  clinicDetail: { retry: 1 },
} as const;

export const UI = {
  toastLimit: 1,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  toastHotkey: "F8",
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  headerShadowScrollPx: 10,
  adminLocationMaxChars: 30,
  adminAddressMaxChars: 40,
} as const;

export const CONTACT = {
  replyWithinHours: 24,
  hours: "Mon-Fri 9-5 EST",
  simulatedSendDelayMs: 1000,
  subjects: ["General Inquiry", "Clinic Information", "List My Clinic", "Report an Issue", "Other"] as const,
} as const;

export const LEGAL = { minimumAge: 18, materialChangeNoticeDays: 30 } as const;

export const POST_FORM = {
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"] as const,
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
  keywordSuggestMinTitle: 5,
  keywordSuggestMinContent: 50,
  keywordTarget: { min: 3, max: 8 },
  contentTargetWords: 600,
  contentGoodWords: 300,
  scoreMax: 100,
  contentMinHeightPx: 300,
} as const;

export const CATEGORY_FORM = { minName: 2, minSlug: 2 } as const;

export const RATING = {
  commentMaxLength: 1000,
  /**
   * Ratings one network (an IPv4 address or an IPv6 /64) may give one clinic within
   * `windowDays`, whatever its cookies: the cookie decides "already rated", so a
   * household sharing an address is not refused, but a script cannot stuff a clinic.
   */
  perNetworkPerClinic: 3,
  windowDays: 30,
  emojis: [
    { value: "love-eyes", label: "Love it" },
    { value: "smile", label: "Good" },
    { value: "neutral", label: "Neutral" },
    { value: "sad", label: "Disappointed" },
    { value: "angry", label: "Angry" },
  ] as const,
} as const;

export type RatingEmoji = (typeof RATING.emojis)[number]["value"];
export const RATING_EMOJIS = RATING.emojis.map((e) => e.value) as [RatingEmoji, ...RatingEmoji[]];

/** Popular Cities of the footer (product.md §2.2). */
export const FOOTER_CITIES = ["New York", "Los Angeles", "Chicago", "Miami"] as const;
