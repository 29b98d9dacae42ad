/**
 * Batched reads of the static site build (architecture.md §1): a handful of queries for the whole
 * site, never one per page. Pages are then rendered from these in-memory lists.
 */
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import {
  FRESHNESS,
  cityPageSlugs,
  isoDay,
  visitorRating,
  type BlogCategory,
  type BlogPost,
  type Clinic,
  type ClinicPrice,
  type ClinicPhoto,
  type ClinicStaffMember,
  type RatingEmoji,
  type VisitorRating,
} from "@botox/core";
import type { Database } from "../connection/client.ts";
import { openDatabase } from "../connection/open.ts";
import { blogCategories, blogPosts, clinics, ratings, zipCodes } from "../schema/schema.ts";
import { cityDisplayName } from "./cities.ts";
import { listSitePrices } from "./clinic-prices.ts";
import { ratingNetworkCounts } from "./ratings.ts";
import { listSiteDeals, type RunningDeal } from "./deals.ts";
import { listSiteStaff } from "./staff.ts";
import { listSitePhotos } from "./clinic-photos.ts";
import { toBlogPost, toCategory, toClinic } from "./serialize.ts";

export type { RunningDeal };

export interface SiteCity {
  citySlug: string;
  /** Its listing's {city} (`cityPageSlug`): the slug, plus the state code when the slug is shared. */
  pageSlug: string;
  city: string;
  state: string;
  count: number;
  /** Centre of the city's clinics (the origin of the city listing's distance filter). */
  latitude: number | null;
  longitude: number | null;
}

export interface SiteZip {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface SiteData {
  clinics: Clinic[];
  cities: SiteCity[];
  posts: BlogPost[];
  categories: BlogCategory[];
  /** ZIP codes that have at least one clinic (pre-rendered ZIP pages). */
  zips: SiteZip[];
  /** The site's own visitor rating by clinic id, for clinics with enough ratings. */
  visitorRatings: Record<number, VisitorRating>;
  /**
   * Every published price, by clinic then newest first. Pages group it by clinic
   * and compute city and ZIP indexes from it with packages/core (`priceIndexFor`).
   */
  prices: ClinicPrice[];
  /** The deals running on the build's day: ended and future deals are never built. */
  deals?: RunningDeal[];
  /**
   * Every clinic's staff, by clinic: the "Who injects here" cards and the cards'
   * credential lines. Optional so data built without it (tests) reads as "no staff".
   */
  staff?: ClinicStaffMember[];
  /** Every clinic's photos, by clinic then page order (decision 283). Optional like staff. */
  photos?: ClinicPhoto[];
}

/** Every clinic, ordered by city then slug. */
export async function listSiteClinics(db: Database): Promise<Clinic[]> {
  const rows = await db.select().from(clinics).orderBy(asc(clinics.citySlug), asc(clinics.slug));
  return rows.map((r) => toClinic(r));
}

/**
 * Every city (a slug within a state) with its clinic count and the centre of its clinics.
 * A slug found in several states gives one city per state, each with its own page slug.
 */
export async function listSiteCities(db: Database): Promise<SiteCity[]> {
  const state = sql<string>`upper(trim(${clinics.state}))`;
  const grouped = db
    .select({
      citySlug: sql<string>`${clinics.citySlug}`.as("city_slug"),
      state: sql<string>`${state}`.as("state"),
      // Listed clinics only: one that closed for good has left the city's listing.
      count: sql<number>`(count(*) filter (where ${clinics.businessStatus} <> 'PERMANENTLY_CLOSED'))::int`.as("count"),
      latitude: sql<number | null>`avg(${clinics.latitude})::float8`.as("latitude"),
      longitude: sql<number | null>`avg(${clinics.longitude})::float8`.as("longitude"),
    })
    .from(clinics)
    .groupBy(clinics.citySlug, state)
    .as("g");
  // The name is looked up per city after grouping (a subquery cannot read a grouped expression).
  const rows = await db
    .select({
      citySlug: grouped.citySlug,
      city: cityDisplayName(sql`"g"."city_slug"`, sql`"g"."state"`),
      state: grouped.state,
      count: grouped.count,
      latitude: grouped.latitude,
      longitude: grouped.longitude,
    })
    .from(grouped)
    .orderBy(asc(grouped.citySlug), asc(grouped.state));
  const pageSlugs = cityPageSlugs(rows);
  return rows.map((r, i) => ({ ...r, pageSlug: pageSlugs[i] ?? r.citySlug, count: Number(r.count) }));
}

/** Published posts, newest first, each with its category. */
export async function listSitePosts(db: Database): Promise<BlogPost[]> {
  const rows = await db
    .select({ post: getTableColumns(blogPosts), category: getTableColumns(blogCategories) })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.published, true)))
    .orderBy(desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id));
  return rows.map((r) => toBlogPost(r.post, r.category));
}

export async function listSiteCategories(db: Database): Promise<BlogCategory[]> {
  const rows = await db.select().from(blogCategories).orderBy(asc(blogCategories.name));
  return rows.map(toCategory);
}

export async function listSiteZips(db: Database): Promise<SiteZip[]> {
  return db
    .select({
      zip: zipCodes.zip,
      city: zipCodes.city,
      state: zipCodes.state,
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
    })
    .from(zipCodes)
    .where(sql`exists (select 1 from ${clinics} where ${clinics.postalCode} = ${zipCodes.zip})`)
    .orderBy(asc(zipCodes.zip));
}

/**
 * Emoji rating counts of every clinic in one grouped read → their visitor ratings: 3 or more
 * ratings from at least FRESHNESS.markupMinNetworks distinct networks, so no one
 * person can create the rating the page shows and marks up (aggregateRating).
 */
export async function listSiteVisitorRatings(db: Database): Promise<Record<number, VisitorRating>> {
  const rows = await db
    .select({ clinicId: ratings.clinicId, emoji: ratings.emoji, count: sql<number>`count(*)::int` })
    .from(ratings)
    .groupBy(ratings.clinicId, ratings.emoji);
  const networks = await ratingNetworkCounts(db);
  const byClinic = new Map<number, { emoji: RatingEmoji; count: number }[]>();
  for (const r of rows) byClinic.set(r.clinicId, [...(byClinic.get(r.clinicId) ?? []), { emoji: r.emoji, count: Number(r.count) }]);
  const out: Record<number, VisitorRating> = {};
  for (const [id, stats] of byClinic) {
    if ((networks.get(id) ?? 0) < FRESHNESS.markupMinNetworks) continue;
    const rating = visitorRating(stats);
    if (rating) out[id] = rating;
  }
  return out;
}

/** Everything the site build reads, in ten queries. */
export async function loadSiteData(db: Database, today = isoDay(new Date())): Promise<SiteData> {
  const [clinicList, cities, posts, categories, zips, visitorRatings, prices, deals, staff, photos] = await Promise.all([
    listSiteClinics(db),
    listSiteCities(db),
    listSitePosts(db),
    listSiteCategories(db),
    listSiteZips(db),
    listSiteVisitorRatings(db),
    listSitePrices(db),
    listSiteDeals(db, today),
    listSiteStaff(db),
    listSitePhotos(db),
  ]);
  return { clinics: clinicList, cities, posts, categories, zips, visitorRatings, prices, deals, staff, photos };
}

/**
 * Opens the database the usual way (the running embedded server or DATABASE_URL, no
 * migrations), reads everything and closes it again: the site build's single entry point.
 */
export async function readSiteData(): Promise<SiteData> {
  const handle = await openDatabase({ migrate: false, max: 4 });
  try {
    return await loadSiteData(handle.db);
  } finally {
    await handle.close();
  }
}
