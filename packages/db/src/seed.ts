import { deriveClinicColumns } from "./clinic-derived.ts";
import type { TransactionSql } from "postgres";
import { chunks, sqlOf, type DbOrSql } from "./handle.ts";
import { createRandom } from "./random.ts";
import { priceRow } from "./queries/clinic-prices.ts";
import { DEMO_SOURCE_PREFIX, demoCities, generateClinics, type DemoClinic } from "./seed-clinics.ts";
import { generateDemoPrices, type SeedClinic } from "./seed-prices.ts";
import { generateDemoStaff } from "./seed-staff.ts";
import { staffRow } from "./queries/staff.ts";
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
  categories: number;
  posts: number;
  /** True when clinics already existed and `force` was not set. */
  skippedClinics: boolean;
  skippedBlog: boolean;
  ms: number;
}

const CLINIC_COLUMNS = [
  "name",
  "slug",
  "site",
  "phone",
  "full_address",
  "street",
  "city",
  "city_slug",
  "state",
  "postal_code",
  "country",
  "latitude",
  "longitude",
  "rating",
  "review_count",
  "photo",
  "street_view",
  "working_hours",
  "business_status",
  "location_link",
  "source_key",
] as const satisfies readonly (keyof DemoClinic)[];

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
        const derived = batch.map((c) => {
          const d = deriveClinicColumns({ latitude: c.latitude, longitude: c.longitude, workingHours: c.working_hours ? JSON.parse(c.working_hours) : null });
          return { ...c, time_zone: d.timeZone, open_minutes: d.openMinutes };
        });
        inserted.push(
          ...(await tx<SeedClinic[]>`insert into clinics ${tx(derived, ...CLINIC_COLUMNS, "time_zone", "open_minutes")} returning id, city_slug, state`),
        );
        result.clinics += batch.length;
        options.onProgress?.(result.clinics, count);
      }
      result.prices = await insertDemoPrices(tx, generateDemoPrices(createRandom(seed + 13), inserted, options.today ?? new Date()), batchSize);
      result.staff = await insertDemoStaff(tx, generateDemoStaff(createRandom(seed + 21), inserted, options.today ?? new Date()), batchSize);
      result.cities = new Set(rows.map((r) => r.city_slug)).size;
      await tx`insert into content_changes (entity, action) values ('clinic', 'seed')`;
    });
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

const PRICE_COLUMNS = [
  "clinic_id",
  "brand",
  "model",
  "unit_price_cents",
  "area",
  "price_cents",
  "units",
  "per_unit_cents",
  "conditions",
  "new_patients_only",
  "source",
  "evidence_url",
  "observed_on",
  "verified_on",
  "status",
] as const;

/** Inserts the demo prices as rows (packages/core's rules through priceRow); returns how many. */
async function insertDemoPrices(tx: TransactionSql, prices: ReturnType<typeof generateDemoPrices>, batchSize: number): Promise<number> {
  const rows = prices.map(({ clinicId, values }) => {
    const r = priceRow(clinicId, values);
    return {
      clinic_id: r.clinicId,
      brand: r.brand,
      model: r.model,
      unit_price_cents: r.unitPriceCents ?? null,
      area: r.area ?? null,
      price_cents: r.priceCents ?? null,
      units: r.units ?? null,
      per_unit_cents: r.perUnitCents ?? null,
      conditions: r.conditions ?? null,
      new_patients_only: r.newPatientsOnly ?? false,
      source: r.source,
      evidence_url: r.evidenceUrl ?? null,
      observed_on: r.observedOn,
      verified_on: r.verifiedOn ?? null,
      status: r.status ?? "published",
    };
  });
  for (const batch of chunks(rows, batchSize)) await tx`insert into clinic_prices ${tx(batch, ...PRICE_COLUMNS)}`;
  return rows.length;
}

const STAFF_COLUMNS = [
  "clinic_id",
  "name",
  "role",
  "credential",
  "npi",
  "license_state",
  "license_number",
  "license_status",
  "source_url",
  "verified_on",
  "verified_by",
  "source",
] as const;

/** Inserts the demo staff as rows (through staffRow); returns how many. */
async function insertDemoStaff(tx: TransactionSql, staff: ReturnType<typeof generateDemoStaff>, batchSize: number): Promise<number> {
  const rows = staff.map(({ clinicId, values }) => {
    const r = staffRow(clinicId, values);
    return {
      clinic_id: r.clinicId,
      name: r.name,
      role: r.role,
      credential: r.credential,
      npi: r.npi ?? null,
      license_state: r.licenseState ?? null,
      license_number: r.licenseNumber ?? null,
      license_status: r.licenseStatus ?? "unknown",
      source_url: r.sourceUrl ?? null,
      verified_on: r.verifiedOn ?? null,
      verified_by: r.verifiedBy ?? null,
      source: r.source ?? "demo",
    };
  });
  for (const batch of chunks(rows, batchSize)) await tx`insert into clinic_staff ${tx(batch, ...STAFF_COLUMNS)}`;
  return rows.length;
}
