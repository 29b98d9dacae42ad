/**
 * Property test over the public reads' parameters: whatever a client puts in the
 * query string, the path segments or the nearby-search body, the API answers 2xx or a
 * 4xx with a JSON `{ error }`, never a 5xx and never a stack.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogCategories, blogPosts, clinicPrices } from "@botox/db";
import { createPublicTestContext, socketEnv, TEST_ORIGIN, type PublicTestContext } from "../test/public-app.ts";

let t: PublicTestContext;
let clinicIds: number[] = [];
let categoryId = 0;

beforeAll(async () => {
  t = await createPublicTestContext({ GEO_HEADERS: "cloudflare" });
  await t.insertZip("10001", 40.7506, -73.9972, "New York", "NY");
  const rows = await t.insertClinics([
    { name: "Prop Alpha", city: "New York", state: "NY", latitude: 40.75, longitude: -73.99, reviewCount: 3 },
    { name: "Prop Beta", city: "New York", state: "NY", latitude: 40.7, longitude: -74.0, businessStatus: "CLOSED_TEMPORARILY" },
    { name: "Prop Gamma", city: "Springfield", state: "IL", latitude: 39.8, longitude: -89.65 },
    { name: "Prop Unlocated", city: "Springfield", state: "IL" },
  ]);
  clinicIds = rows.map((r) => r.id);
  await t.db.db.insert(clinicPrices).values({
    clinicId: clinicIds[0]!,
    brand: "botox",
    model: "per_unit",
    unitPriceCents: 1300,
    perUnitCents: 1300,
    source: "phone",
    observedOn: new Date().toISOString().slice(0, 10),
  });
  const [cat] = await t.db.db.insert(blogCategories).values({ name: "Prop Category", slug: "prop-category" }).returning();
  categoryId = cat!.id;
  await t.db.db.insert(blogPosts).values({
    title: "A published property post",
    slug: "a-published-property-post",
    content: "<p>Some content that is long enough to be a post body for the test.</p>",
    author: "Tester",
    published: true,
    publishedAt: new Date(),
    categoryId,
  });
});
afterAll(() => t.close());

// ---- arbitraries ----

/** Text a hostile or careless client might send: SQL, JSON, unicode, huge numbers, junk. */
const nasty = fc.constantFrom(
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "-0",
  "0x10",
  "1.5",
  "99999999999999999999",
  "2147483648",
  "any",
  "ANY",
  "150",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "' OR '1'='1",
  "1; DROP TABLE clinics;--",
  "1)) UNION SELECT password_hash FROM admin_users--",
  "$1",
  "\u0000",
  "\ud800",
  "😀",
  "ñandú",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "a".repeat(5000),
  "operational",
  "OPERATIONAL,closed_temporarily",
  "reviews",
  "name",
  "asc",
  "desc",
  "new-york",
  "new-york-ny",
  "10001",
  "price",
  "distance",
  "botox",
  "Dysport",
  "12.50",
  "0.001",
  "2026-11",
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), fc.integer().map(String), fc.double().map(String));

/** encodeURIComponent, with lone surrogates (which it refuses) sent as their raw UTF-8 bytes. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const encode = (s: string) => s.split(LONE_SURROGATE).map(encodeURIComponent).join("%ED%A0%80");

/** A query-string value: usually encoded, sometimes raw (malformed escapes included). */
const encodedValue = fc.oneof(
  { weight: 4, arbitrary: text.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "%ZZ", "%00", "a%2", "%C0%AF", "+", "a&b", "=", "%25%25") },
);

function queryOf(names: readonly string[]) {
  const known = fc.array(fc.tuple(fc.constantFrom(...names), encodedValue), { maxLength: 7 });
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "page[]", "limit[0]", ""), fc.string({ maxLength: 8 }).map(encode)), encodedValue),
    { maxLength: 2 },
  );
  return fc.tuple(known, extra).map(([a, b]) => [...a, ...b].map(([k, v]) => `${k}=${v}`).join("&"));
}
const segment = fc.oneof(encodedValue, fc.constantFrom("new-york", "springfield-il", "prop-alpha-new-york", "1", "0", "-1", "9".repeat(30)));

const ZIP_PARAMS = ["postalCode", "page", "limit", "distance", "businessStatus", "maxUnitPrice", "brand", "sortBy"] as const;
const CITY_PARAMS = ["page", "limit", "query", "businessStatus", "distance", "sortBy", "sortOrder", "maxUnitPrice", "brand"] as const;
const BLOG_PARAMS = ["page", "limit", "publishedOnly", "categoryId"] as const;

/** A GET request path (after /api/v1) on one of the public reads. */
const publicGet = fc.oneof(
  queryOf(ZIP_PARAMS).map((q) => `/zip-search?${q}`),
  fc.tuple(segment, queryOf(CITY_PARAMS)).map(([city, q]) => `/proxy/clinics-by-city/${city}?${q}`),
  fc.tuple(segment, queryOf(["city"])).map(([slug, q]) => `/proxy/clinic/${slug}?${q}`),
  queryOf(["limit"]).map((q) => `/cities/popular?${q}`),
  queryOf(["limit"]).map((q) => `/cities/nearby?${q}`),
  queryOf(["limit"]).map((q) => `/providers/near-user?${q}`),
  queryOf(BLOG_PARAMS).map((q) => `/blog/posts?${q}`),
  queryOf(["limit", "exclude"]).map((q) => `/blog/posts/recent?${q}`),
  segment.map((slug) => `/blog/posts/slug/${slug}`),
  segment.map((id) => `/blog/categories/${id}`),
  segment.map((id) => `/clinics/${id}/rating-stats`),
  segment.map((id) => `/clinics/${id}/has-rated`),
  fc.tuple(segment, queryOf(["status"])).map(([id, q]) => `/clinics/${id}/prices?${q}`),
  queryOf(["city", "postalCode", "distance", "brand"]).map((q) => `/price-index?${q}`),
);

/** CDN geo headers (trusted in this app): any text at all. */
const geoHeaders = fc.record({ "cf-iplatitude": text, "cf-iplongitude": text, "cf-ipcity": text, "cf-ipcountry": text }, { requiredKeys: [] });

/** Header values must be ByteStrings; keep what a client could really send. */
const headerSafe = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v) && v.length < 4000));

let ipCounter = 0;
const nextIp = () => `198.18.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

async function expectNo5xx(res: Response, what: string) {
  const body = await res.text();
  expect(res.status, `${what} → ${res.status} ${body.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const parsed = JSON.parse(body) as { error?: unknown };
    expect(typeof parsed.error, `${what} → ${body.slice(0, 300)}`).toBe("string");
    expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack frames
  }
}

describe("public reads never answer 5xx", () => {
  it("for any query string, path segment and CDN geo header", async () => {
    await fc.assert(
      fc.asyncProperty(publicGet, geoHeaders, async (path, headers) => {
        const res = await t.app.request(`/api/v1${path}`, { headers: headerSafe(headers) }, socketEnv("203.0.113.7"));
        await expectNo5xx(res, `GET ${path}`);
      }),
      { numRuns: 600 },
    );
  });

  it("for any nearby-search body", async () => {
    const coordinate = fc.oneof(fc.double(), fc.integer(), text, fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }));
    const body = fc.oneof(
      fc.record({ latitude: coordinate, longitude: coordinate, radius: coordinate }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
      fc.oneof(text, fc.json()),
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const res = await t.app.request(
          "/api/v1/clinics/nearby",
          { method: "POST", headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN }, body: raw },
          socketEnv(nextIp()),
        );
        await expectNo5xx(res, `POST /clinics/nearby ${raw.slice(0, 200)}`);
      }),
      { numRuns: 300 },
    );
  });

  it("for any price-report body", async () => {
    const value = fc.oneof(text, fc.double(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
    const body = fc.oneof(
      fc.record({ brand: value, units: value, total: value, treatedMonth: value, area: value }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
      fc.oneof(text, fc.json()),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(String(clinicIds[0]), "0", "99999999999"), async (raw, id) => {
        const res = await t.app.request(
          `/api/v1/clinics/${id}/price-reports`,
          { method: "POST", headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN }, body: raw },
          socketEnv(nextIp()),
        );
        await expectNo5xx(res, `POST /clinics/${id}/price-reports ${raw.slice(0, 200)}`);
      }),
      { numRuns: 200 },
    );
  });

  it("finds the seeded rows with well-formed parameters (the generators reach real answers)", async () => {
    const ok = await t.get<{ totalCount: number }>("/zip-search?postalCode=10001&distance=any");
    expect(ok.body.totalCount).toBe(3);
    const one = await t.get<{ id: number }>(`/proxy/clinic/${clinicIds[0]}`);
    expect(one.status).toBe(200);
    const priced = await t.get<{ clinics: { currentPrice?: { perUnitCents: number } | null }[] }>(
      "/zip-search?postalCode=10001&distance=any&sortBy=price&maxUnitPrice=13",
    );
    expect(priced.body.clinics.map((c) => c.currentPrice?.perUnitCents)).toEqual([1300]);
  });
});
