/**
 * Rows the browser tests (and local builds) run against: clinics around five cities with
 * known distances, ZIP centroids, blog categories and posts (one noIndex, one draft, a
 * category long enough for two pages and one without posts).
 */
import { toLinkSlug } from "@botox/core";
import { blogCategories, blogPosts, clinics, zipCodes, type Database } from "@botox/db";

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

export const NAMES = ["Glow", "Radiance", "Smooth Skin", "Ageless", "Luxe", "Pure", "Revive", "Bella", "Serenity", "Vita", "Nova", "Aura", "Fresh Face", "Halo"];

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
        locationLink: null,
      });
    }
  }
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

const para = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Botox paragraph ${i + 1} about treatments, costs and aftercare.</p>`).join("");

export async function insertFixtures(db: Database): Promise<void> {
  await db.insert(zipCodes).values(ZIPS).onConflictDoNothing();
  await db.insert(clinics).values(fixtureClinics());
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
