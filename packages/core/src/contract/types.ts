/**
 * Request and response shapes of every call in product.md §7, shared by api, site and admin.
 * Paths are relative to API_PREFIX.
 */
// Type-only: the types below are inferred from the schemas, and nothing of zod is loaded by
// clients that import this file (the site's islands).
import type { z } from "zod";
import type {
  blogCategorySchema,
  blogListResponseSchema,
  blogPostSchema,
  citySchema,
  clinicListResponseSchema,
  clinicSchema,
  contactMarkSchema,
  contactMessageSchema,
  contactMessagesQuerySchema,
  contactResponseSchema,
  currentUnitPriceSchema,
  errorSchema,
  hasRatedResponseSchema,
  healthResponseSchema,
  loginResponseSchema,
  nearbyProvidersResponseSchema,
  newsletterResponseSchema,
  okResponseSchema,
  priceIndexSchema,
  priceReportSchema,
  priceReportListSchema,
  priceSchema,
  publishBuildSchema,
  publishStatusSchema,
  ratingResponseSchema,
  ratingStatSchema,
  readyResponseSchema,
  statsSchema,
  uploadResponseSchema,
  userLocationSchema,
  zipSearchResponseSchema,
} from "./responses.ts";
import type { BusinessStatus } from "../status.ts";
import type { WorkingHours } from "../format.ts";
import type { ClinicPrice, CurrentUnitPrice, ListedPriceReport, PriceIndex, PriceReport } from "../prices.ts";
import type { WeekInterval } from "../hours.ts";
import type { StaffCredential, VerifiedRole } from "../staff.ts";

export const API_PREFIX = "/api/v1";

/**
 * The API's base URL on a host and port ("http://localhost:8787/api/v1"): the one place the
 * URL is derived from a port (decision 187); a public URL set explicitly
 * (PUBLIC_API_URL, VITE_API_URL) is used as given.
 */
export function apiBaseUrl({ host, port }: { host: string; port: number | string }): string {
  return `http://${host}:${port}${API_PREFIX}`;
}

/** GET /publish/status and one of its builds. */
export type PublishStatus = z.infer<typeof publishStatusSchema>;
export type PublishBuild = z.infer<typeof publishBuildSchema>;
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export type ApiError = z.infer<typeof errorSchema>;

export interface Clinic {
  id: number;
  name: string;
  slug: string;
  site: string | null;
  /** Same as `site` (product.md §3: "also called url"). */
  url: string | null;
  phone: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string;
  citySlug: string;
  state: string;
  postalCode: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** "4.5 (126 reviews)" / "126 reviews", for the spec's clients. */
  reviews: string;
  rating: number | null;
  reviewCount: number;
  photo: string | null;
  streetView: string | null;
  workingHours: WorkingHours | null;
  businessStatus: BusinessStatus;
  locationLink: string | null;
  /** IANA zone from the coordinates (issue 14): "open now" is told in it; null without coordinates. */
  timeZone: string | null;
  /** The day the listing's details were last checked (issue 22), YYYY-MM-DD; null when never. */
  lastVerifiedOn: string | null;
  /**
   * The week's open intervals in the clinic's local minutes of the week (0 = Sunday 00:00),
   * parsed on the server from `workingHours`; null when the hours cannot be read (issue 14).
   */
  openHours: WeekInterval[] | null;
  createdAt: string;
  updatedAt: string;
  /** Miles from the search origin, on search results. */
  _distance?: number;
  /**
   * On zip-search and clinics-by-city results: the clinic's current per-unit price of the
   * brand asked for (Botox by default) with its observed date, or null (issue 13).
   */
  currentPrice?: CurrentUnitPrice | null;
  /** On zip-search and clinics-by-city results: the credentials of its currently verified staff (issue 21). */
  verifiedCredentials?: StaffCredential[];
  /** The same staff's roles and credentials, medical directors first: the card's credential line. */
  verifiedStaff?: VerifiedRole[];
}

/** GET /clinics, the admin list (product.md §7.2): page, limit=10, query, businessStatus in either case. */
export type AdminClinicsQuery = {
  page?: number;
  limit?: number;
  query?: string | null;
  businessStatus?: BusinessStatus | Lowercase<BusinessStatus> | null;
  sort?: "name" | "newest";
};

export type ClinicListResponse = z.infer<typeof clinicListResponseSchema>;

export type ZipSearchResponse = z.infer<typeof zipSearchResponseSchema>;

export type City = z.infer<typeof citySchema>;

export type UserLocation = z.infer<typeof userLocationSchema>;

export type NearbyProvidersResponse = z.infer<typeof nearbyProvidersResponseSchema>;

export interface NearbyClinicsRequest {
  latitude: number;
  longitude: number;
  radius?: number;
  /** Only clinics open now in their own zones (issue 14). */
  openNow?: boolean;
}

export type RatingStat = z.infer<typeof ratingStatSchema>;

export type HasRatedResponse = z.infer<typeof hasRatedResponseSchema>;

export type RatingResponse = z.infer<typeof ratingResponseSchema>;

export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export type ContactResponse = z.infer<typeof contactResponseSchema>;

export type BlogCategory = z.infer<typeof blogCategorySchema>;

export type BlogPost = z.infer<typeof blogPostSchema>;

/** GET /blog/posts (product.md §7): limit=6 on the site, 100 in the admin; drafts only with a session. */
export type BlogPostsQuery = {
  page?: number;
  limit?: number;
  publishedOnly?: boolean;
  categoryId?: number | null;
};

/** GET /blog/posts/recent (product.md §7): limit=3, leaving out the post being read. */
export type RecentPostsQuery = {
  limit?: number;
  exclude?: number | null;
};

export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export type Stats = z.infer<typeof statsSchema>;

/** Answer of logout and of every DELETE (the spec shows no body). */
export type OkResponse = z.infer<typeof okResponseSchema>;

export type LoginResponse = z.infer<typeof loginResponseSchema>;

export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactMessagesQuery = z.input<typeof contactMessagesQuerySchema>;
export type ContactMark = z.input<typeof contactMarkSchema>;

export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * Compile-time proof that the hand-documented shapes are exactly the schemas' answers
 * (types only: nothing of it reaches a bundle).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _AnswersMatchSchemas = [
  Assert<Same<Clinic, z.infer<typeof clinicSchema>>>,
  Assert<Same<ClinicPrice, z.infer<typeof priceSchema>>>,
  Assert<Same<PriceIndex, z.infer<typeof priceIndexSchema>>>,
  Assert<Same<CurrentUnitPrice, z.infer<typeof currentUnitPriceSchema>>>,
  Assert<Same<PriceReport, z.infer<typeof priceReportSchema>>>,
  Assert<Same<{ reports: ListedPriceReport[]; total: number }, z.infer<typeof priceReportListSchema>>>,
];
