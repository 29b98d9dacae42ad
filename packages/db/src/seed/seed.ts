import { toClinicRow } from "../schema/clinic-row.ts";
import { fillFallbackTimeZones } from "../schema/clinic-derived.ts";
import { chunks, dbOf, insertRows, sqlOf, type DbOrSql } from "../connection/handle.ts";
import { createRandom } from "./random.ts";
import { priceRow } from "../queries/clinic-prices.ts";
import { staffRow } from "../queries/staff.ts";
import { dealRow } from "../queries/deals.ts";
import { clinicDeals, clinicPrices, clinicStaff, clinics } from "../schema/schema.ts";
import { DEMO_SOURCE_PREFIX, demoCities, generateClinics, type DemoClinic } from "./seed-clinics.ts";
import { generateDemoPrices, type SeedClinic } from "./seed-prices.ts";
import { generateDemoStaff } from "./seed-staff.ts";
import { generateDemoDeals } from "./seed-deals.ts";
import { DEMO_CATEGORIES, demoPosts } from "./seed-posts.ts";
import { loadZipCodes } from "./zip-codes.ts";

export interface SeedOptions {
  /** Demo clinics to generate (default 2,000; 100,000 for benchmarks). */
  clinics?: number;
  /** PRNG seed: the same seed always yields the same clinics. */
  seed?: number;
  /** Number of real cities the clinics are spread over (default 120; at least 100). */
  cities?: number;
  /**
   * Replace the demo clinics of earlier seeds (imported clinics are kept) and seed even when
   * other clinics exist. Blog posts are never overwritten: missing demo posts are added.
   */
  force?: boolean;
  /** Rows per insert statement. */
  batchSize?: number;
  onProgress?: (inserted: number, total: number) => void;
  /** The day demo prices are dated back from (default now). */
  today?: Date;
}

export interface SeedResult {
  zipCodes: number;
  clinics: number;
  cities: number;
  /** Demo prices (source `demo`) given to some of the new clinics. */
  prices: number;
  /** Demo staff (source `demo`, invented people) given to some of the new clinics. */
  staff: number;
  /** Demo deals (marked demo) running on the seed's day, at some of the new clinics. */
  deals: number;
  categories: number;
  posts: number;
  /** True when clinics already existed and `force` was not set. */
  skippedClinics: boolean;
  skippedBlog: boolean;
  ms: number;
}

/** A demo clinic's row, made by the one clinic write path as the admin's and the import's are. */
function demoClinicRow(c: DemoClinic): typeof clinics.$inferInsert {
  const mapped = toClinicRow(c.input);
  if (!mapped.ok) throw new Error(`demo clinic ${c.sourceKey}: ${mapped.issue.path}: ${mapped.issue.message}`);
  return { ...mapped.row, sourceKey: c.sourceKey };
}

/**
 * Loads the ZIP centroids, then demo clinics, blog categories and posts. Idempotent: clinics
 * are only generated into a database without clinics (or with `force`), and the blog only
 * into one without posts (or with `force`, which adds the missing demo posts by slug).
 */
export async function seedDemo(target: DbOrSql, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const sql = sqlOf(target);
  const count = options.clinics ?? 2000;
  const seed = options.seed ?? 42;
  const batchSize = options.batchSize ?? 1000;
  if (!Number.isInteger(count) || count < 0) throw new Error(`clinics must be a whole number ≥ 0, got ${count}`);

  const zipCodes = await loadZipCodes(sql);
  const result: SeedResult = {
    zipCodes,
    clinics: 0,
    cities: 0,
    prices: 0,
    staff: 0,
    deals: 0,
    categories: 0,
    posts: 0,
    skippedClinics: false,
    skippedBlog: false,
    ms: 0,
  };

  const [existing] = await sql<{ any: boolean }[]>`select exists(select 1 from clinics) as any`;
  if (existing?.any && !options.force) {
    result.skippedClinics = true;
  } else {
    const cities = demoCities(options.cities ?? 120);
    const insertedIds: number[] = [];
    await sql.begin(async (tx) => {
      // One seeder at a time: a second concurrent seed waits, then sees the rows.
      await tx`select pg_advisory_xact_lock(7216032)`;
      if (options.force) await tx`delete from clinics where source_key like ${DEMO_SOURCE_PREFIX + "%"}`;
      else {
        const [again] = await tx<{ any: boolean }[]>`select exists(select 1 from clinics) as any`;
        if (again?.any) {
          result.skippedClinics = true;
          return;
        }
      }
      const taken = new Set((await tx<{ k: string }[]>`select city_slug || '|' || slug as k from clinics`).map((r) => r.k));
      const rows = [...generateClinics(createRandom(seed), { count, seed, cities, taken })];
      const inserted: SeedClinic[] = [];
      for (const batch of chunks(rows, batchSize)) {
        inserted.push(...(await insertRows(tx, clinics, batch.map(demoClinicRow), { id: clinics.id, citySlug: clinics.citySlug, state: clinics.state })));
        result.clinics += batch.length;
        options.onProgress?.(result.clinics, count);
      }
      const today = options.today ?? new Date();
      // Through the write path's rows (priceRow, staffRow), as the admin's and the import's are.
      const prices = generateDemoPrices(createRandom(seed + 13), inserted, today).map((p) => priceRow(p.clinicId, p.values));
      for (const batch of chunks(prices, batchSize)) await insertRows(tx, clinicPrices, batch, {});
      result.prices = prices.length;
      const staff = generateDemoStaff(createRandom(seed + 21), inserted).map((m) => staffRow(m.clinicId, m.values));
      for (const batch of chunks(staff, batchSize)) await insertRows(tx, clinicStaff, batch, {});
      result.staff = staff.length;
      const deals = generateDemoDeals(createRandom(seed + 29), inserted, today).map((d) => ({ clinicId: d.clinicId, ...dealRow(d.values) }));
      for (const batch of chunks(deals, batchSize)) await insertRows(tx, clinicDeals, batch, {});
      result.deals = deals.length;
      result.cities = new Set(inserted.map((c) => c.citySlug)).size;
      insertedIds.push(...inserted.map((c) => c.id));
      await tx`insert into content_changes (entity, action) values ('clinic', 'seed')`;
    });
    // Those without coordinates get their ZIP's or one-zone state's zone, as a write or an
    // import gives them: the fill when the database opens ran before these rows existed.
    await fillFallbackTimeZones(dbOf(target), insertedIds);
    // Vacuum too: the searches read covering indexes, and index-only scans skip the table only
    // for pages the visibility map marks all-visible (autovacuum would get there later).
    if (result.clinics > 0) await sql`vacuum (analyze) clinics`;
    if (result.prices > 0) {
      await sql`vacuum (analyze) clinic_prices`;
      // Filled by clinic_prices' trigger: without statistics the planner takes it for a handful
      // of rows and starts radius searches from it instead of the GiST index.
      await sql`vacuum (analyze) clinic_current_prices`;
    }
    if (result.staff > 0) await sql`vacuum (analyze) clinic_staff`;
    // The counters the triggers keep (migrations 0011–0013) were rewritten once per row inserted:
    // admin_day_counts held far more dead versions than live rows, and /stats read through them
    // until a vacuum (decision 210), which a server with autovacuum off never runs.
    if (result.clinics > 0) {
      await sql`vacuum (analyze) admin_counts`;
      await sql`vacuum (analyze) admin_day_counts`;
      await sql`vacuum (analyze) clinic_injector_checks`;
      await sql`vacuum (analyze) located_clinics_generation`;
    }
  }

  const [posts] = await sql<{ any: boolean }[]>`select exists(select 1 from blog_posts) as any`;
  if (posts?.any && !options.force) {
    result.skippedBlog = true;
  } else {
    await sql.begin(async (tx) => {
      const cats = await tx`
        insert into blog_categories ${tx(DEMO_CATEGORIES, "name", "slug")}
        on conflict (slug) do nothing`;
      result.categories = cats.count;
      const ids = new Map((await tx<{ id: number; slug: string }[]>`select id, slug from blog_categories`).map((c) => [c.slug, c.id]));
      const rows = demoPosts().map((p) => ({
        title: p.title,
        slug: p.slug,
        content: p.content,
        excerpt: p.excerpt,
        author: p.author,
        featured_image: p.featuredImage,
        published: p.published,
        published_at: p.publishedAt?.toISOString() ?? null,
        category_id: ids.get(p.categorySlug) ?? null,
        meta_title: p.metaTitle,
        meta_description: p.metaDescription,
        keywords: p.keywords,
        no_index: p.noIndex,
        estimated_read_time: p.estimatedReadTime,
      }));
      const inserted = await tx`
        insert into blog_posts ${tx(rows, ...(Object.keys(rows[0]!) as (keyof (typeof rows)[number])[]))}
        on conflict (slug) do nothing`;
      result.posts = inserted.count;
      if (inserted.count > 0) await tx`insert into content_changes (entity, action) values ('blog_post', 'seed')`;
    });
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
