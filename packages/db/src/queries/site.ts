/**
 * Batched reads of the static site build (design.md §1): a handful of queries for the whole
 * site, never one per page. Pages are then rendered from these in-memory lists.
 */
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { cityPageSlug, type BlogCategory, type BlogPost, type Clinic } from "@botox/core";
import type { Database } from "../client.ts";
import { openDatabase } from "../open.ts";
import { blogCategories, blogPosts, clinics, zipCodes } from "../schema.ts";
import { toBlogPost, toCategory, toClinic } from "./serialize.ts";

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
  const rows = await db
    .select({
      citySlug: clinics.citySlug,
      city: sql<string>`min(${clinics.city})`,
      state,
      count: sql<number>`count(*)::int`,
      latitude: sql<number | null>`avg(${clinics.latitude})::float8`,
      longitude: sql<number | null>`avg(${clinics.longitude})::float8`,
    })
    .from(clinics)
    .groupBy(clinics.citySlug, state)
    .orderBy(asc(clinics.citySlug), asc(state));
  const states = new Map<string, number>();
  for (const r of rows) states.set(r.citySlug, (states.get(r.citySlug) ?? 0) + 1);
  return rows.map((r) => ({
    ...r,
    pageSlug: cityPageSlug(r.citySlug, r.state, states.get(r.citySlug)! > 1),
    count: Number(r.count),
  }));
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

/** Everything the site build reads, in five queries. */
export async function loadSiteData(db: Database): Promise<SiteData> {
  const [clinicList, cities, posts, categories, zips] = await Promise.all([
    listSiteClinics(db),
    listSiteCities(db),
    listSitePosts(db),
    listSiteCategories(db),
    listSiteZips(db),
  ]);
  return { clinics: clinicList, cities, posts, categories, zips };
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
