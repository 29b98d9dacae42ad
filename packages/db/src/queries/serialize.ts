/** Rows → the API shapes of packages/core (one place, used by the API and the site build). */
import {
  bookingLinkShown,
  formatReviews,
  openHoursOf,
  roundMiles,
  setBounded,
  type BlogCategory,
  type BlogPost,
  type Clinic,
  type WorkingHours,
} from "@botox/core";
import type { blogCategories, blogPosts, clinics } from "../schema/schema.ts";

type ClinicRow = typeof clinics.$inferSelect;
type PostRow = typeof blogPosts.$inferSelect;
type CategoryRow = typeof blogCategories.$inferSelect;

/** A timestamp as the API's ISO text (a null stays null). */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null): string | null;
export function iso(d: Date | string | null): string | null {
  return d == null ? null : new Date(d).toISOString();
}

/**
 * Columns no clinic answer is made of: the weekly open minutes and the import key (searches
 * read them), and when the booking link was last checked and began failing (the re-check and
 * the owner workspace read them; an answer needs only the failures, decision 299).
 */
export const SEARCH_ONLY_COLUMNS = [
  "openMinutes",
  "sourceKey",
  "bookingUrlCheckedAt",
  "bookingUrlFailingSince",
] as const satisfies readonly (keyof ClinicRow)[];

/** The columns a clinic answer is made of (a whole row, or a listing's projection of it). */
export type ListingRow = Omit<ClinicRow, (typeof SEARCH_ONLY_COLUMNS)[number] | "createdAt" | "updatedAt"> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** How many distinct hours values `openHoursFor` keeps before it starts again. */
const OPEN_HOURS_KEPT = 20_000;
const openHoursKept = new Map<string, ReturnType<typeof openHoursOf>>();

/**
 * `openHoursOf`, remembered by the hours' JSON text: reading hours is a dozen regular
 * expressions per day, done for every clinic of every answer (a visible share of an uncached
 * request's CPU, decision 198), while many clinics share their hours' text.
 * The result is a pure function of that text. Each caller gets its own copy of the intervals.
 */
function openHoursFor(value: unknown): ReturnType<typeof openHoursOf> {
  if (value == null) return openHoursOf(value);
  const key = JSON.stringify(value);
  let hours = openHoursKept.get(key);
  if (hours === undefined) {
    hours = openHoursOf(value);
    setBounded(openHoursKept, OPEN_HOURS_KEPT, key, hours);
  }
  return hours && hours.map((i) => ({ start: i.start, end: i.end }));
}

export function toClinic(row: ListingRow, distance?: number | null): Clinic {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    site: row.site,
    url: row.site,
    phone: row.phone,
    fullAddress: row.fullAddress,
    street: row.street,
    city: row.city,
    citySlug: row.citySlug,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    reviews: formatReviews(row.rating, row.reviewCount),
    rating: row.rating,
    reviewCount: row.reviewCount,
    photo: row.photo,
    streetView: row.streetView,
    workingHours: (row.workingHours as WorkingHours | null) ?? null,
    businessStatus: row.businessStatus,
    category: row.category,
    locationLink: row.locationLink,
    timeZone: row.timeZone,
    lastVerifiedOn: row.lastVerifiedOn,
    claimed: row.claimed,
    // A stored link that stopped answering is not offered (decision 299); its owners see it in their workspace.
    bookingUrl: bookingLinkShown(row.bookingUrlFailures) ? row.bookingUrl : null,
    description: row.description,
    openHours: openHoursFor(row.workingHours),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...(distance != null ? { _distance: roundMiles(distance) } : {}),
  };
}

export function toCategory(row: Pick<CategoryRow, "id" | "name" | "slug">): BlogCategory {
  return { id: row.id, name: row.name, slug: row.slug };
}

export function toBlogPost(row: PostRow, category?: CategoryRow | null): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    author: row.author,
    featuredImage: row.featuredImage,
    publishedAt: iso(row.publishedAt),
    updatedAt: iso(row.updatedAt),
    createdAt: iso(row.createdAt),
    published: row.published,
    categoryId: row.categoryId,
    ...(category !== undefined ? { category: category ? toCategory(category) : null } : {}),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    keywords: row.keywords,
    noIndex: row.noIndex,
    estimatedReadTime: row.estimatedReadTime,
  };
}
