/**
 * Rows the browser tests (and local builds) run against: clinics around five cities with
 * known distances, ZIP centroids, blog categories and posts (one noIndex, one draft, a
 * category long enough for two pages and one without posts), and prices: New York
 * has enough priced clinics for a Botox index, Los Angeles too few, the other cities none.
 */
import { isoDay, toLinkSlug, type PriceIndex } from "@botox/core";
import {
  blogCategories,
  blogPosts,
  clinicPrices,
  clinics,
  deriveClinicColumns,
  insertDeal,
  priceReports,
  priceRow,
  ratings,
  zipCodes,
  type Database,
  type DealValues,
  type PriceValues,
} from "@botox/db";
import { insertStaffFixtures } from "./staff-fixtures.ts";

export const ZIPS = [
  { zip: "10001", city: "New York", state: "NY", latitude: 40.7506, longitude: -73.9972 },
  { zip: "10002", city: "New York", state: "NY", latitude: 40.7157, longitude: -73.9863 },
  { zip: "90012", city: "Los Angeles", state: "CA", latitude: 34.0614, longitude: -118.2385 },
  { zip: "60601", city: "Chicago", state: "IL", latitude: 41.8858, longitude: -87.6181 },
  { zip: "33131", city: "Miami", state: "FL", latitude: 25.7664, longitude: -80.1893 },
  { zip: "02108", city: "Boston", state: "MA", latitude: 42.3576, longitude: -71.0684 },
  { zip: "59001", city: "Absarokee", state: "MT", latitude: 45.5204, longitude: -109.4429 },
  { zip: "62701", city: "Springfield", state: "IL", latitude: 39.8017, longitude: -89.6436 },
  { zip: "65806", city: "Springfield", state: "MO", latitude: 37.2059, longitude: -93.2991 },
  // A town of the ZIP data without clinics or a city page, 11 miles from Chicago's (a search places it by its ZIP).
  { zip: "60201", city: "Evanston", state: "IL", latitude: 42.0546, longitude: -87.6943 },
];

/** Two states' Springfields: one city slug, so a listing per state and a page to pick one. */
const SPRINGFIELDS = [
  { state: "IL", zip: "62701", lat: 39.8017, lon: -89.6436, names: ["Prairie Med Spa", "Lincoln Aesthetics"] },
  { state: "MO", zip: "65806", lat: 37.2059, lon: -93.2991, names: ["Ozark Med Spa"] },
];

const CITY_CENTRES: Record<string, { state: string; lat: number; lon: number; zip: string; n: number }> = {
  "New York": { state: "NY", lat: 40.7506, lon: -73.9972, zip: "10001", n: 14 },
  "Los Angeles": { state: "CA", lat: 34.0614, lon: -118.2385, zip: "90012", n: 3 },
  Chicago: { state: "IL", lat: 41.8858, lon: -87.6181, zip: "60601", n: 3 },
  Miami: { state: "FL", lat: 25.7664, lon: -80.1893, zip: "33131", n: 2 },
  Boston: { state: "MA", lat: 42.3576, lon: -71.0684, zip: "02108", n: 2 },
};

/** The day the fixtures' checked listings were last checked: recent, so the page names it. */
export const FIXTURE_CHECKED_ON = isoDay(new Date(Date.now() - 10 * 86_400_000));

export const NAMES = [
  "Glow",
  "Radiance",
  "Smooth Skin",
  "Ageless",
  "Luxe",
  "Pure",
  "Revive",
  "Bella",
  "Serenity",
  "Vita",
  "Nova",
  "Aura",
  "Fresh Face",
  "Halo",
];

export function fixtureClinics(): (typeof clinics.$inferInsert)[] {
  const rows: (typeof clinics.$inferInsert)[] = [];
  for (const [city, c] of Object.entries(CITY_CENTRES)) {
    for (let i = 0; i < c.n; i++) {
      const name = `${NAMES[i % NAMES.length]} Med Spa ${city}`;
      // Spread east of the centre: clinic i lies about i * 0.9 miles away.
      const lon = c.lon + (i * 0.9) / (69 * Math.cos((c.lat * Math.PI) / 180));
      rows.push({
        name,
        slug: toLinkSlug(name),
        city,
        citySlug: toLinkSlug(city),
        state: c.state,
        postalCode: c.zip,
        street: `${100 + i} Main St`,
        fullAddress: `${100 + i} Main St, ${city}, ${c.state} ${c.zip}`,
        phone: `212555${String(1000 + i).slice(-4)}`,
        site: i % 2 === 0 ? `https://clinic-${i}.example.com` : null,
        latitude: i === 13 ? null : c.lat,
        longitude: i === 13 ? null : lon,
        rating: 4.5,
        reviewCount: 10 + i * 7,
        photo: i % 3 === 0 ? null : `https://images.example.com/clinic-${i}.jpg`,
        workingHours: i % 2 === 0 ? { Monday: "9AM-5PM", Tuesday: "9AM-5PM", Saturday: "Closed" } : { text: "By appointment" },
        businessStatus: i === 4 ? "CLOSED_TEMPORARILY" : "OPERATIONAL",
        // One known category (decision 301): the others show none.
        category: i === 0 ? "Medical spa" : null,
        locationLink: null,
        lastVerifiedOn: i === 0 ? FIXTURE_CHECKED_ON : null,
      });
    }
  }
  // A clinic that closed for good keeps its page (banner, open clinics nearby) but
  // leaves listings and the sitemap; Miami's listing still shows its 2 open clinics.
  rows.push({
    name: "Former Med Spa Miami",
    slug: "former-med-spa-miami",
    city: "Miami",
    citySlug: "miami",
    state: "FL",
    postalCode: "33131",
    street: "900 Main St",
    fullAddress: "900 Main St, Miami, FL 33131",
    phone: "3055550900",
    site: null,
    latitude: 25.7664,
    longitude: -80.1893,
    rating: 4.1,
    reviewCount: 12,
    photo: null,
    workingHours: { text: "By appointment" },
    businessStatus: "PERMANENTLY_CLOSED",
    locationLink: null,
    lastVerifiedOn: FIXTURE_CHECKED_ON,
  });
  for (const c of SPRINGFIELDS) {
    c.names.forEach((base, i) => {
      const name = `${base} Springfield`;
      rows.push({
        name,
        slug: toLinkSlug(name),
        city: "Springfield",
        citySlug: "springfield",
        state: c.state,
        postalCode: c.zip,
        street: `${10 + i} Capitol Ave`,
        fullAddress: `${10 + i} Capitol Ave, Springfield, ${c.state} ${c.zip}`,
        phone: `217555${String(2000 + i)}`,
        site: null,
        latitude: c.lat,
        longitude: c.lon + i * 0.01,
        rating: 4.5,
        reviewCount: 5 + i,
        photo: null,
        workingHours: { text: "By appointment" },
        businessStatus: "OPERATIONAL",
        locationLink: null,
      });
    });
  }
  return rows;
}

const para = (n: number) => Array.from({ length: n }, (_, i) => `<p>Botox paragraph ${i + 1} about treatments, costs and aftercare.</p>`).join("");

export async function insertFixtures(db: Database): Promise<void> {
  await db.insert(zipCodes).values(ZIPS).onConflictDoNothing();
  const inserted = await db
    .insert(clinics)
    .values(fixtureClinics().map((c) => ({ ...c, ...deriveClinicColumns(c) })))
    .returning({ id: clinics.id, slug: clinics.slug, name: clinics.name });
  // Four visitors' ratings of one clinic: its page shows and marks up 4.3 from 4.
  const vita = inserted.find((c) => c.slug === "vita-med-spa-new-york");
  if (vita) {
    const emojis = ["love-eyes", "love-eyes", "smile", "neutral"] as const;
    await db.insert(ratings).values(
      emojis.map((emoji, i) => ({
        clinicId: vita.id,
        emoji,
        visitorId: `fixture-visitor-${i}`,
        addressHash: `fixture-address-${i}`,
        networkHash: `fixture-network-${i}`,
      })),
    );
  }
  await insertPriceFixtures(db, inserted);
  await insertDealFixtures(db, inserted);
  await insertStaffFixtures(db, inserted);
  const cats = await db
    .insert(blogCategories)
    .values([
      { name: "Treatments", slug: "treatments" },
      { name: "Costs", slug: "costs" },
    ])
    .returning();
  const [treatments, costs] = cats;
  const base = Date.UTC(2026, 0, 1);
  const posts: (typeof blogPosts.$inferInsert)[] = Array.from({ length: 8 }, (_, i) => ({
    title: `Botox Guide Part ${i + 1}`,
    slug: `botox-guide-part-${i + 1}`,
    content: `<h2>Section</h2>${para(3)}<script>alert(1)</script>`,
    excerpt: i % 2 ? null : `Excerpt of part ${i + 1}.`,
    author: "Dr. Jane Smith",
    published: true,
    publishedAt: new Date(base + i * 86_400_000),
    categoryId: i < 6 ? treatments!.id : costs!.id,
    noIndex: i === 7,
    // An image on a host the browser tests cannot reach: the designed placeholder shows instead.
    featuredImage: i === 6 ? "https://images.example.com/post-guide-7.jpg" : null,
  }));
  posts.push({
    title: "Unpublished Draft Post",
    slug: "unpublished-draft-post",
    content: para(2),
    published: false,
    categoryId: null,
  });
  await db.insert(blogPosts).values(posts);
  await insertAftercarePosts(db, base);
  // A category without posts: the blog's empty list.
  await db.insert(blogCategories).values({ name: "Events", slug: "events" });
}

/**
 * A third category holding seven published posts, older than the guides: the site's browser
 * tests page through a category with it (six posts per page).
 */
async function insertAftercarePosts(db: Database, before: number): Promise<void> {
  const [aftercare] = await db.insert(blogCategories).values({ name: "Aftercare", slug: "aftercare" }).returning();
  await db.insert(blogPosts).values(
    Array.from({ length: 7 }, (_, i) => ({
      title: `Aftercare Tip ${i + 1}`,
      slug: `aftercare-tip-${i + 1}`,
      content: `<h2>Aftercare</h2>${para(2)}`,
      excerpt: `Aftercare tip ${i + 1}.`,
      author: "Dr. Jane Smith",
      published: true,
      publishedAt: new Date(before - (i + 1) * 86_400_000),
      categoryId: aftercare!.id,
    })),
  );
}

/** "YYYY-MM-DD" `n` days before now: prices stay as fresh (or as stale) whenever the stack starts. */
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

const botoxUnit = (cents: number, days: number, extra: Partial<PriceValues> = {}): PriceValues => ({
  brand: "botox",
  model: "per_unit",
  unitPriceCents: cents,
  source: "phone",
  observedOn: daysAgo(days),
  ...extra,
});

/**
 * The priced fixtures, by clinic name. New York's current Botox prices are $11–$16 over seven
 * clinics (E2E_NY_BOTOX_INDEX); the extras each show one rule: an older area price with
 * units that does not replace Glow's newer $11, a Dysport price never mixed into Botox, a
 * new-patients-only offer, an area price without units (no implied unit price) that "may be
 * out of date", a 400-day-old price that counts nowhere, and a published visitor report.
 */
export const E2E_PRICES: Record<string, PriceValues[]> = {
  "Glow Med Spa New York": [
    botoxUnit(1100, 10, { verifiedOn: daysAgo(10) }),
    {
      brand: "botox",
      model: "per_area",
      area: "forehead",
      priceCents: 30000,
      units: 20,
      source: "website",
      observedOn: daysAgo(40),
      evidenceUrl: "https://clinic-0.example.com/prices",
    },
    { brand: "dysport", model: "per_unit", unitPriceCents: 500, source: "phone", observedOn: daysAgo(10) },
  ],
  "Radiance Med Spa New York": [botoxUnit(1200, 20)],
  "Smooth Skin Med Spa New York": [botoxUnit(1300, 30, { source: "clinic" })],
  "Ageless Med Spa New York": [botoxUnit(1300, 40, { source: "website" })],
  "Luxe Med Spa New York": [botoxUnit(1400, 50, { newPatientsOnly: true, conditions: "First treatment only" })],
  "Pure Med Spa New York": [botoxUnit(1500, 60, { source: "patient_report" })],
  "Revive Med Spa New York": [botoxUnit(1600, 70)],
  "Bella Med Spa New York": [{ brand: "botox", model: "per_area", area: "lip_flip", priceCents: 15000, source: "phone", observedOn: daysAgo(200) }],
  "Serenity Med Spa New York": [botoxUnit(900, 400)],
  "Glow Med Spa Los Angeles": [botoxUnit(1500, 15)],
  "Radiance Med Spa Los Angeles": [botoxUnit(1800, 25)],
};

/** The Botox index of New York (city new-york, or ZIP 10001 within 25 miles) over E2E_PRICES. */
export const E2E_NY_BOTOX_INDEX: Pick<PriceIndex, "median" | "p25" | "p75" | "clinics"> = { median: 1300, p25: 1250, p75: 1450, clinics: 7 };

/** Clinic with a pending visitor report (visible nowhere public). */
export const E2E_PENDING_REPORT_CLINIC = "Vita Med Spa New York";

async function insertPriceFixtures(db: Database, inserted: { id: number; name: string }[]): Promise<void> {
  const idOf = new Map(inserted.map((c) => [c.name, c.id]));
  const rows = Object.entries(E2E_PRICES).flatMap(([name, prices]) => {
    const id = idOf.get(name);
    if (id === undefined) throw new Error(`price fixture for an unknown clinic: ${name}`);
    return prices.map((p) => priceRow(id, p));
  });
  await db.insert(clinicPrices).values(rows);
  const vita = idOf.get(E2E_PENDING_REPORT_CLINIC);
  if (vita !== undefined) {
    const month = isoDay(new Date()).slice(0, 7);
    await db.insert(priceReports).values({
      clinicId: vita,
      brand: "botox",
      units: 20,
      totalCents: 24000,
      treatedMonth: `${month}-01`,
      reportMonth: `${month}-01`,
      visitorId: "e2e-fixture-visitor",
      addressHash: "e2e-fixture-address",
    });
  }
}

/**
 * Deals, dated from now. New York: a Botox unit price at or below the city's p25
 * ($12.50: "below typical"), a Dysport area deal with its units (no Dysport index: never
 * compared), and two deals no build may show (ended yesterday, starting next week).
 */
export const E2E_DEALS: Record<string, DealValues[]> = {
  "Glow Med Spa New York": [
    {
      title: "Winter Botox",
      brand: "botox",
      model: "per_unit",
      unitPriceCents: 1099,
      startsOn: daysAgo(5),
      endsOn: daysAgo(-20),
      conditions: "Minimum 20 units",
      newPatientsOnly: true,
    },
  ],
  "Radiance Med Spa New York": [
    {
      title: "Frown lines with Dysport",
      brand: "dysport",
      model: "per_area",
      area: "frown_lines",
      areaPriceCents: 22500,
      units: 50,
      startsOn: daysAgo(2),
      endsOn: daysAgo(-3),
      sourceUrl: "https://clinic-1.example.com/specials",
    },
  ],
  "Smooth Skin Med Spa New York": [
    { title: "Autumn Botox (ended)", brand: "botox", model: "per_unit", unitPriceCents: 900, startsOn: daysAgo(30), endsOn: daysAgo(1) },
    { title: "Spring Botox (not yet)", brand: "botox", model: "per_unit", unitPriceCents: 900, startsOn: daysAgo(-7), endsOn: daysAgo(-30) },
  ],
};

async function insertDealFixtures(db: Database, inserted: { id: number; name: string }[]): Promise<void> {
  const idOf = new Map(inserted.map((c) => [c.name, c.id]));
  for (const [name, deals] of Object.entries(E2E_DEALS)) {
    const id = idOf.get(name);
    if (id === undefined) throw new Error(`deal fixture for an unknown clinic: ${name}`);
    for (const d of deals) await insertDeal(db, id, d, null);
  }
}
