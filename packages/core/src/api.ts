/**
 * Request and response shapes of every call in spec §7, shared by api, site and admin.
 * Paths are relative to API_PREFIX.
 */
import type { BusinessStatus } from "./status.ts";
import type { RatingEmoji } from "./constants.ts";
import type { WorkingHours } from "./format.ts";
import type { CurrentUnitPrice } from "./prices.ts";
import type { WeekInterval } from "./hours.ts";

export const API_PREFIX = "/api/v1";

export interface ApiError {
  error: string;
  issues?: { path: string; message: string }[];
}

export interface Clinic {
  id: number;
  name: string;
  slug: string;
  site: string | null;
  /** Same as `site` (spec §3: "also called url"). */
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
}

/** GET /clinics, the admin list (spec §7.2): page, limit=10, query, businessStatus in either case. */
export type AdminClinicsQuery = {
  page?: number;
  limit?: number;
  query?: string | null;
  businessStatus?: BusinessStatus | Lowercase<BusinessStatus> | null;
  sort?: "name" | "newest";
};

export interface ClinicListResponse {
  clinics: Clinic[];
  pagination: { totalItems: number; itemsPerPage: number; currentPage: number; totalPages: number };
}

export interface ZipSearchResponse {
  clinics: Clinic[];
  totalCount: number;
  itemsPerPage: number;
  currentPage: number;
  /** Centroid of the searched ZIP, null when the ZIP is unknown. */
  origin: { latitude: number; longitude: number; city: string; state: string } | null;
}

export interface City {
  city: string;
  state: string;
  citySlug: string;
  count: number;
  latitude: number;
  longitude: number;
  distance?: number;
}

export interface UserLocation {
  lat: number;
  lon: number;
  city: string;
  region: string;
  country: string;
  /** Where the location came from: CDN headers, a local GeoIP file, or the fallback. */
  source: "cdn" | "geoip" | "fallback";
}

export interface NearbyProvidersResponse {
  providers: Clinic[];
  userLocation: UserLocation;
  searchRadius: number;
}

export interface NearbyClinicsRequest {
  latitude: number;
  longitude: number;
  radius?: number;
  /** Only clinics open now in their own zones (issue 14). */
  openNow?: boolean;
}

export interface RatingStat {
  emoji: RatingEmoji;
  count: number;
}

export interface HasRatedResponse {
  hasRated: boolean;
}

export interface RatingResponse {
  rating: { id: number; clinicId: number; emoji: RatingEmoji; comment: string | null; createdAt: string };
}

export interface NewsletterResponse {
  subscribed: true;
}

export interface ContactResponse {
  received: true;
  id: number;
}

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
}

export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  author: string;
  featuredImage: string | null;
  publishedAt: string | null;
  updatedAt: string;
  createdAt: string;
  published: boolean;
  categoryId: number | null;
  category?: BlogCategory | null;
  metaTitle: string | null;
  metaDescription: string | null;
  keywords: string | null;
  noIndex: boolean;
  estimatedReadTime: number | null;
}

/** GET /blog/posts (spec §7): limit=6 on the site, 100 in the admin; drafts only with a session. */
export type BlogPostsQuery = {
  page?: number;
  limit?: number;
  publishedOnly?: boolean;
  categoryId?: number | null;
};

/** GET /blog/posts/recent (spec §7): limit=3, leaving out the post being read. */
export type RecentPostsQuery = {
  limit?: number;
  exclude?: number | null;
};

export interface BlogListResponse {
  posts: BlogPost[];
  pagination: { total: number; limit: number; page: number; totalPages: number };
}

export interface Stats {
  totalClinics: number;
  status: "ok";
  apiVersion: string;
  totalPosts?: number;
  totalSubscribers?: number;
  unreadMessages?: number;
  /** Price reports waiting for review (issue 13). */
  pendingPriceReports?: number;
  /** Clinics whose newest published price is older than 180 days. */
  staleClinicPrices?: number;
}

/** Answer of logout and of every DELETE (the spec shows no body). */
export interface OkResponse {
  ok: true;
}

export interface LoginResponse {
  user: { id: number; username: string };
  expiresAt: string;
}

export interface UploadResponse {
  url: string;
  /** 1200x630 variant for social cards. */
  ogUrl?: string;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
}

export interface HealthResponse {
  status: "ok" | "degraded";
  database: "up" | "down";
}
