import { createRequire } from "node:module";
import { asc, getTableColumns, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blogPostInputSchema,
  clinicInputSchema,
  dealPlausibilityIssues,
  dealShapeIssues,
  distanceMiles,
  estimateReadTime,
  formatPhone,
  isValidUsPhone,
  SLUG_PATTERN,
  toClinicSlug,
  toLinkSlug,
} from "@botox/core";
import { verifyPassword } from "../accounts/password.ts";
import { createRandom } from "./random.ts";
import { clinics } from "../schema/schema.ts";
import { createTestDatabase, runDbCli, type TestDatabase } from "../testing.ts";
import { seedDemo, type SeedResult } from "./seed.ts";
import { demoCities, generateClinics, REQUIRED_CITIES } from "./seed-clinics.ts";
import { zipCodeData } from "./zip-codes.ts";

let t: TestDatabase;
let first: SeedResult;
let firstRows: DemoRow[];

/** Columns the database generates: left out of the rows compared between seeds. */
const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...seededColumns } = getTableColumns(clinics);
type DemoRow = Awaited<ReturnType<typeof demoClinics>>[number];

/** The demo clinics, every column of the table but the generated id and timestamps, in a stable order. */
const demoClinics = () =>
  t.db
    .select({ ...seededColumns, hoursType: sql<string | null>`jsonb_typeof(${clinics.workingHours})` })
    .from(clinics)
    .where(like(clinics.sourceKey, "demo:%"))
    .orderBy(asc(clinics.sourceKey));

/** Stored hours: a day → hours object, or `{ text }` for plain text (clinic-row.ts stores normalizeWorkingHours's). */
const hoursOf = (r: DemoRow) => r.workingHours as Record<string, string> | null;

const share = (rows: DemoRow[], test: (r: DemoRow) => boolean) => rows.filter(test).length / rows.length;

beforeAll(async () => {
  t = await createTestDatabase();
  first = await seedDemo(t.sql);
  firstRows = await demoClinics();
});
afterAll(async () => {
  await t?.close();
});

describe("seed: ZIP centroids from the zipcodes package", () => {
  it("loads every US ZIP centroid of the package", async () => {
    const expected = zipCodeData().length;
    expect(expected).toBeGreaterThan(40_000);
    expect(first.zipCodes).toBe(expected);
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from zip_codes`;
    expect(row?.n).toBe(expected);
  });

  it("stores the package's own values", async () => {
    const require = createRequire(import.meta.url);
    const { codes } = require("zipcodes/lib/codes.js") as {
      codes: Record<string, { city: string; state: string; latitude: number; longitude: number }>;
    };
    const rows = await t.sql<{ zip: string; city: string; state: string; latitude: number; longitude: number }[]>`
      select zip, city, state, latitude, longitude from zip_codes where zip in ('10001', '90210', '60606', '02108')`;
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const c = codes[r.zip]!;
      expect(r).toEqual({ zip: r.zip, city: c.city, state: c.state, latitude: c.latitude, longitude: c.longitude });
    }
    expect(rows.find((r) => r.zip === "90210")).toMatchObject({ city: "Beverly Hills", state: "CA" });
  });
});

describe("seed: demo clinics (default size)", () => {
  it("generates about 2,000 clinics across at least 100 real cities", async () => {
    expect(first.clinics).toBe(2000);
    expect(firstRows).toHaveLength(2000);
    expect(first.cities).toBeGreaterThanOrEqual(100);
    expect(new Set(firstRows.map((r) => r.citySlug)).size).toBe(first.cities);
    // Every city/state pair is a real one of the ZIP dataset, and every ZIP is one of that state.
    const [unknown] = await t.sql<{ cities: number; zips: number }[]>`
      select
        (select count(*)::int from (select distinct city, state from clinics where source_key like 'demo:%') c
          where not exists (select 1 from zip_codes z where z.city = c.city and z.state = c.state)) as cities,
        (select count(*)::int from clinics c where source_key like 'demo:%'
          and not exists (select 1 from zip_codes z where z.zip = c.postal_code and z.state = c.state)) as zips`;
    expect(unknown).toEqual({ cities: 0, zips: 0 });
    const cities = new Set(firstRows.map((r) => `${r.city}|${r.state}`));
    for (const [city, state] of REQUIRED_CITIES) expect(cities).toContain(`${city}|${state}`);
  });

  it("fills every spec field plausibly", async () => {
    const zips = new Map(zipCodeData().map((z) => [z.zip, z]));
    for (const r of firstRows) {
      expect(r.name.length).toBeGreaterThan(3);
      expect(r.slug).toMatch(SLUG_PATTERN);
      expect(r.slug.startsWith(toClinicSlug(r.name, r.city))).toBe(true);
      expect(r.citySlug).toBe(toLinkSlug(r.city));
      expect(r.state).toMatch(/^[A-Z]{2}$/);
      expect(r.postalCode).toMatch(/^\d{5}$/);
      expect(r.street).toMatch(/^\d+ \S/);
      expect(r.fullAddress).toBe(`${r.street}, ${r.city}, ${r.state} ${r.postalCode}`);
      expect(r.country).toBe("USA");
      if (r.site !== null) expect(r.site).toMatch(/^https:\/\/www\.[a-z0-9]+(\.com|\.net|md\.com)$/);
      if (r.phone !== null) expect(formatPhone(r.phone)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      // Every demo number passes the admin's phone rule (a valid US number).
      if (r.phone !== null) expect(isValidUsPhone(r.phone), r.phone).toBe(true);
      if (r.photo !== null) expect(r.photo).toMatch(/^https:\/\//);
      expect(r.locationLink).toMatch(/^https:\/\/www\.google\.com\/maps\/place\/\?q=place_id:ChIJ[\w-]{22}$/);
      // Coordinates come as a pair, and street view only with them.
      expect(r.latitude === null).toBe(r.longitude === null);
      expect(r.streetView === null).toBe(r.latitude === null);
      if (r.latitude !== null && r.longitude !== null) {
        const zip = zips.get(r.postalCode ?? "")!;
        expect(distanceMiles({ latitude: r.latitude, longitude: r.longitude }, zip)).toBeLessThan(15);
      }
      if (r.rating === null) expect(r.reviewCount).toBe(0);
      else {
        expect(r.rating).toBeGreaterThanOrEqual(3);
        expect(r.rating).toBeLessThanOrEqual(5);
      }
      expect(r.reviewCount).toBeGreaterThanOrEqual(0);
      expect(["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"]).toContain(r.businessStatus);
      // jsonb objects, never a JSON string stored as a jsonb string.
      if (hoursOf(r) !== null) expect(r.hoursType).toBe("object");
    }
    expect(new Set(firstRows.map((r) => r.locationLink)).size).toBe(firstRows.length);
    // Most clinics have the optional fields.
    expect(share(firstRows, (r) => r.site !== null)).toBeGreaterThan(0.85);
    expect(share(firstRows, (r) => r.phone !== null)).toBeGreaterThan(0.85);
    expect(share(firstRows, (r) => r.rating !== null)).toBeGreaterThan(0.85);
    expect(share(firstRows, (r) => r.reviewCount > 0)).toBeGreaterThan(0.85);
  });

  it("mixes business statuses, hours formats, categories and phone formats", () => {
    const statuses = new Map<string, number>();
    for (const r of firstRows) statuses.set(r.businessStatus, (statuses.get(r.businessStatus) ?? 0) + 1);
    expect(statuses.get("OPERATIONAL")! / firstRows.length).toBeGreaterThan(0.75);
    expect(statuses.get("CLOSED_TEMPORARILY")).toBeGreaterThan(20);
    expect(statuses.get("PERMANENTLY_CLOSED")).toBeGreaterThan(20);

    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    const dayMaps = firstRows.filter((r) => hoursOf(r) && !("text" in hoursOf(r)!));
    const texts = firstRows.filter((r) => hoursOf(r) && "text" in hoursOf(r)!);
    expect(dayMaps.length).toBeGreaterThan(1000);
    expect(texts.length).toBeGreaterThan(100);
    // jsonb keeps its own key order; the display orders the days.
    for (const r of dayMaps) expect(Object.keys(hoursOf(r)!).sort()).toEqual([...days].sort());
    for (const r of texts) expect(hoursOf(r)!.text!.length).toBeGreaterThan(5);
    expect(firstRows.some((r) => hoursOf(r) === null)).toBe(true);

    // Every demo clinic has a category (decision 301), most of them "Medical spa", and a
    // dermatology name is a dermatology practice.
    const categories = new Map<string | null, number>();
    for (const r of firstRows) categories.set(r.category, (categories.get(r.category) ?? 0) + 1);
    expect(categories.has(null)).toBe(false);
    expect(categories.get("Medical spa")! / firstRows.length).toBeGreaterThan(0.5);
    expect(categories.get("Dermatology practice")).toBeGreaterThan(20);
    for (const r of firstRows) if (/Dermatology/.test(r.name)) expect(r.category).toBe("Dermatology practice");

    const phoneShapes = new Set(firstRows.filter((r) => r.phone).map((r) => r.phone!.replace(/\d/g, "N")));
    expect(phoneShapes.size).toBeGreaterThanOrEqual(3);
  });

  it("fills every column of the table on some demo clinic, but the day an admin last checked it and the booking link", () => {
    // No admin has checked a demo clinic: a day there would claim a check that never happened.
    // A booking link is the clinic owner's to set: an invented one would send visitors nowhere
    // (and with none, nothing was ever checked).
    const neverFilled = new Set<string>(["lastVerifiedOn", "bookingUrl", "bookingUrlCheckedAt", "bookingUrlFailingSince", "description"]);
    for (const key of Object.keys(seededColumns) as (keyof typeof seededColumns)[]) {
      expect(
        firstRows.some((r) => r[key] !== null),
        key,
      ).toBe(!neverFilled.has(key));
    }
  });

  it("generates each clinic as the admin form's input, valid by its rules as it stands", () => {
    for (const c of generateClinics(createRandom(42), { count: 300, seed: 42, cities: demoCities(120) })) {
      expect(clinicInputSchema.parse(c.input)).toEqual(c.input);
    }
  });

  it("leaves some clinics without photo, phone, website, coordinates or reviews", () => {
    for (const field of ["photo", "phone", "site", "latitude", "rating"] as const) {
      const missing = firstRows.filter((r) => r[field] === null).length;
      expect(missing, field).toBeGreaterThan(10);
    }
  });

  it("gives the clinics without coordinates a time zone too (their ZIP's, else their state's)", () => {
    const noCoordinates = firstRows.filter((r) => r.latitude === null);
    expect(noCoordinates.length).toBeGreaterThan(10);
    expect(noCoordinates.filter((r) => r.timeZone === null).map((r) => `${r.sourceKey} ${r.state} ${r.postalCode}`)).toEqual([]);
    const dc = firstRows.find((r) => r.latitude === null && r.state === "DC");
    if (dc) expect(dc.timeZone).toBe("America/New_York");
  });
});

describe("seed: blog", () => {
  interface PostRow {
    title: string;
    slug: string;
    content: string;
    excerpt: string | null;
    author: string;
    featured_image: string | null;
    published: boolean;
    /** Text: drizzle turns off the driver's date parsing on the shared client. */
    published_at: string | null;
    category_id: number | null;
    meta_title: string | null;
    meta_description: string | null;
    keywords: string | null;
    no_index: boolean;
    estimated_read_time: number | null;
  }
  const posts = () => t.sql<PostRow[]>`select * from blog_posts order by slug`;

  it("creates at least 3 categories, each with posts", async () => {
    expect(first.categories).toBeGreaterThanOrEqual(3);
    const rows = await t.sql<{ slug: string; posts: number }[]>`
      select c.slug, count(p.id)::int as posts from blog_categories c left join blog_posts p on p.category_id = c.id group by c.slug`;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.posts, r.slug).toBeGreaterThan(0);
  });

  it("publishes at least 10 posts with real HTML: h2/h3 headings, lists and images", async () => {
    const published = (await posts()).filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(10);
    expect(new Set(published.map((p) => p.published_at)).size).toBe(published.length);
    for (const p of published) {
      expect(Number.isNaN(Date.parse(p.published_at ?? "")), p.slug).toBe(false);
      expect(p.content, p.slug).toMatch(/<h2>[^<]+<\/h2>/);
      expect(p.content, p.slug).toMatch(/<(ul|ol)><li>/);
      expect(p.content, p.slug).toMatch(/<img src="https:\/\/[^"]+" alt="[^"]+"/);
    }
    expect(published.filter((p) => /<h3>[^<]+<\/h3>/.test(p.content)).length).toBeGreaterThanOrEqual(5);
  });

  it("keeps some drafts unpublished and one post out of search engines", async () => {
    const all = await posts();
    const drafts = all.filter((p) => !p.published);
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const d of drafts) expect(d.published_at).toBeNull();
    expect(all.filter((p) => p.no_index).length).toBeGreaterThanOrEqual(1);
  });

  it("fills every post field and passes the blog post form's validation", async () => {
    for (const p of await posts()) {
      const parsed = blogPostInputSchema.safeParse({
        title: p.title,
        slug: p.slug,
        content: p.content,
        author: p.author,
        excerpt: p.excerpt,
        metaTitle: p.meta_title,
        metaDescription: p.meta_description,
        keywords: p.keywords,
        featuredImage: p.featured_image,
        categoryId: p.category_id,
        estimatedReadTime: p.estimated_read_time,
        published: p.published,
        noIndex: p.no_index,
      });
      expect(parsed.error?.issues ?? [], p.slug).toEqual([]);
      for (const v of [p.excerpt, p.meta_title, p.meta_description, p.keywords, p.featured_image, p.category_id]) {
        expect(v, p.slug).not.toBeNull();
      }
      expect(p.estimated_read_time).toBe(estimateReadTime(p.content));
    }
  });
});

describe("seed: demo prices", () => {
  interface PriceRowOut {
    clinic_id: number;
    city_slug: string;
    brand: string;
    model: string;
    per_unit_cents: number | null;
    source: string;
    status: string;
    observed_on: string;
    age: number;
  }
  const prices = () => t.sql<PriceRowOut[]>`
    select p.clinic_id, c.city_slug, p.brand::text as brand, p.model::text as model, p.per_unit_cents, p.source::text as source,
           p.status::text as status, p.observed_on::text as observed_on, (current_date - p.observed_on)::int as age
    from clinic_prices p join clinics c on c.id = p.clinic_id`;

  it("prices a realistic share of the demo clinics, not all, every one with source demo, published and dated", async () => {
    const rows = await prices();
    expect(first.prices).toBe(rows.length);
    const priced = new Set(rows.map((r) => r.clinic_id));
    expect(priced.size / first.clinics).toBeGreaterThan(0.12);
    expect(priced.size / first.clinics).toBeLessThan(0.4);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(["demo"]));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["published"]));
    expect(rows.every((r) => r.age >= 0 && r.age <= 600)).toBe(true);
    expect(rows.some((r) => r.age > 180)).toBe(true);
    expect(rows.some((r) => r.age > 365)).toBe(true);
    expect(new Set(rows.map((r) => r.brand))).toEqual(new Set(["botox", "dysport"]));
    expect(rows.some((r) => r.model === "per_area" && r.per_unit_cents == null)).toBe(true);
  });

  it("Botox unit prices sit around real levels ($9–$20, new-patient offers from $7), and some cities have enough for an index while others do not", async () => {
    const botox = (await prices()).filter((r) => r.brand === "botox" && r.model === "per_unit" && r.age <= 365);
    const cents = botox.map((r) => r.per_unit_cents ?? 0).sort((a, b) => a - b);
    expect(cents[0]).toBeGreaterThanOrEqual(700);
    expect(cents.at(-1)).toBeLessThanOrEqual(2000);
    const median = cents[cents.length >> 1] ?? 0;
    expect(median).toBeGreaterThanOrEqual(1100);
    expect(median).toBeLessThanOrEqual(1600);
    const perCity = new Map<string, Set<number>>();
    for (const r of botox) perCity.set(r.city_slug, (perCity.get(r.city_slug) ?? new Set()).add(r.clinic_id));
    const counts = [...perCity.values()].map((s) => s.size);
    expect(counts.filter((n) => n >= 5).length).toBeGreaterThan(10);
    expect(counts.filter((n) => n < 5).length).toBeGreaterThan(5);
  });
});

describe("seed: demo staff", () => {
  it("gives about a third of the demo clinics a medical director and one or two injectors, all invented demo people", async () => {
    const rows = await t.sql<
      {
        clinic_id: number;
        role: string;
        credential: string;
        npi: string | null;
        license_number: string;
        source_url: string | null;
        source: string;
        age: number | null;
      }[]
    >`select clinic_id, role::text, credential::text, npi, license_number, source_url, source::text, (current_date - verified_on)::int as age from clinic_staff`;
    expect(first.staff).toBe(rows.length);
    const byClinic = new Map<number, (typeof rows)[number][]>();
    for (const r of rows) byClinic.set(r.clinic_id, [...(byClinic.get(r.clinic_id) ?? []), r]);
    expect(byClinic.size / first.clinics).toBeGreaterThan(0.25);
    expect(byClinic.size / first.clinics).toBeLessThan(0.45);
    for (const staff of byClinic.values()) {
      expect(staff.filter((s) => s.role === "medical_director").map((s) => s.credential)).toEqual([expect.stringMatching(/^(MD|DO)$/)]);
      expect(staff.filter((s) => s.role === "injector").length).toBeGreaterThanOrEqual(1);
      expect(staff.filter((s) => s.role === "injector").length).toBeLessThanOrEqual(2);
    }
    // Never a real-looking licence checked against a real registry.
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(["demo"]));
    expect(rows.every((r) => r.npi == null && r.source_url == null && r.license_number.startsWith("DEMO-"))).toBe(true);
    // Invented people are never checked: no check date, so no filter, card or count treats them as verified.
    expect(rows.every((r) => r.age == null)).toBe(true);
  });
});

describe("seed: demo deals", () => {
  it("gives some clinics in about half the cities a running deal, each marked demo and passing the admin's deal rules", async () => {
    const rows = await t.sql<
      {
        clinic_id: number;
        city: string;
        brand: "botox" | "dysport";
        model: "per_unit" | "per_area";
        unit_price_cents: number | null;
        area: "frown_lines" | null;
        area_price_cents: number | null;
        units: number | null;
        demo: boolean;
        conditions: string;
        running: boolean;
      }[]
    >`select d.clinic_id, c.city_slug || c.state as city, d.brand::text, d.model::text, d.unit_price_cents, d.area::text, d.area_price_cents, d.units, d.demo, d.conditions,
        (d.starts_on <= current_date and current_date <= d.ends_on) as running
      from clinic_deals d join clinics c on c.id = d.clinic_id order by d.id`;
    expect(first.deals).toBe(rows.length);
    const cities = new Set(rows.map((r) => r.city)).size;
    expect(cities / first.cities).toBeGreaterThan(0.3);
    expect(cities / first.cities).toBeLessThan(0.7);
    for (const r of rows) {
      expect(r).toMatchObject({ demo: true, running: true, conditions: expect.stringMatching(/^Demo data/) });
      const d = { brand: r.brand, model: r.model, unitPriceCents: r.unit_price_cents, area: r.area, areaPriceCents: r.area_price_cents, units: r.units };
      expect([...dealShapeIssues(d), ...dealPlausibilityIssues(d)]).toEqual([]);
    }
  });
});

describe("seed: re-runs", () => {
  it("skips clinics and blog when the database already has them", async () => {
    const again = await seedDemo(t.sql);
    expect(again).toMatchObject({ zipCodes: 0, clinics: 0, posts: 0, skippedClinics: true, skippedBlog: true });
    expect(await demoClinics()).toEqual(firstRows);
  });

  it("--force with another size and seed replaces only the demo clinics", async () => {
    await t.sql`
      insert into clinics (name, slug, city, city_slug, state, source_key)
      values ('Imported Spa', 'imported-spa', 'New York', 'new-york', 'NY', 'https://maps.example/imported')`;
    const small = await seedDemo(t.sql, { force: true, clinics: 150, seed: 7 });
    expect(small).toMatchObject({ clinics: 150, posts: 0, skippedClinics: false });
    const rows = await demoClinics();
    expect(rows).toHaveLength(150);
    expect(rows.map((r) => r.sourceKey)).toEqual(expect.arrayContaining(["demo:7:0", "demo:7:149"]));
    // Another seed, other clinics.
    expect(rows.map((r) => r.name).slice(0, 20)).not.toEqual(firstRows.map((r) => r.name).slice(0, 20));
    const [kept] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinics where source_key = 'https://maps.example/imported'`;
    expect(kept?.n).toBe(1);
  });

  it("is deterministic: seeding the same size again gives identical rows", async () => {
    const again = await seedDemo(t.sql, { force: true });
    expect(again.clinics).toBe(2000);
    expect(await demoClinics()).toEqual(firstRows);
  });
});

describe("seed CLI", () => {
  const env = (extra: NodeJS.ProcessEnv = {}) => {
    const { ADMIN_PASSWORD: _unset, ...rest } = process.env;
    return { ...rest, DATABASE_URL: t.url, ADMIN_USERNAME: "cli-admin", ...extra };
  };

  it("scales with --clinics and prints a generated admin password exactly once", async () => {
    const run = await runDbCli("seed", ["--", "--clinics", "120", "--seed", "5", "--force"], env());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("clinics: 120 in 120 cities");
    const printed = /generated password \(shown only this once\):\s+(\S+)/.exec(run.stdout)?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [admin] = await t.sql<{ password_hash: string }[]>`select password_hash from admin_users where username = 'cli-admin'`;
    expect(await verifyPassword(admin!.password_hash, printed!)).toBe(true);
    const [demo] = await t.sql<{ n: number }[]>`select count(*)::int as n from clinics where source_key like 'demo:5:%'`;
    expect(demo?.n).toBe(120);

    const again = await runDbCli("seed", [], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("clinics: skipped");
    expect(again.stdout).toContain('Admin user "cli-admin" exists; left unchanged.');
    expect(again.stdout).not.toContain(printed);
  });

  it("sets the admin password from ADMIN_PASSWORD and rejects bad arguments", async () => {
    const run = await runDbCli("seed", [], env({ ADMIN_PASSWORD: "from-the-env-1" }));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Admin user "cli-admin": password updated from ADMIN_PASSWORD.');
    const [admin] = await t.sql<{ password_hash: string }[]>`select password_hash from admin_users where username = 'cli-admin'`;
    expect(await verifyPassword(admin!.password_hash, "from-the-env-1")).toBe(true);

    const bad = await runDbCli("seed", ["--clinics", "many"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--clinics and --seed must be whole numbers");
  });
});
