/**
 * The public listing answers, byte for byte: zip-search, clinics-by-city,
 * clinics/nearby and clinic-by-slug on one fixed database, compared with answers captured from
 * the code before the single-statement listing queries. A change to a query's shape (one
 * statement, a projection instead of whole rows, prices joined in) must not change one byte
 * of what visitors get; a deliberate change of an answer updates the file on purpose.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertPrice, type PriceValues } from "@botox/db";
import { createPublicTestContext, milesNorth, type ClinicFixture, type PublicTestContext } from "../../test/public-app.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
const CREATED = new Date("2026-01-02T03:04:05.678Z");
const O = { latitude: 40.7506, longitude: -73.9972 };
let t: PublicTestContext;

/** A small deterministic generator (the same fixture on every run and database). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createPublicTestContext();
  t.deps.now = () => NOW;
  await t.insertZip("10001", O.latitude, O.longitude, "New York", "NY");
  await t.insertZip("10701", 40.9312, -73.8988, "Yonkers", "NY");
  const random = lcg(26);
  const cities = [
    { city: "New York", state: "NY" },
    { city: "Brooklyn", state: "NY" },
    { city: "Yonkers", state: "NY" },
    { city: "Hoboken", state: "NJ" },
  ];
  const statuses = ["OPERATIONAL", "OPERATIONAL", "OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"] as const;
  const rows: ClinicFixture[] = [];
  for (let i = 0; i < 48; i++) {
    const place = cities[i % cities.length]!;
    const miles = 0.5 + random() * 40;
    const north = milesNorth(O.latitude, O.longitude, miles * (random() < 0.5 ? 1 : -1));
    const located = i % 11 !== 7;
    rows.push({
      ...place,
      name: `${["Glow", "Smooth", "Derm", "Aesthetic"][i % 4]} Clinic ${String(i).padStart(2, "0")}`,
      ...(located ? { latitude: Math.round(north.latitude * 1e6) / 1e6, longitude: Math.round((O.longitude + (random() - 0.5) * 0.6) * 1e6) / 1e6 } : {}),
      site: i % 3 === 0 ? `https://clinic-${i}.example` : null,
      phone: i % 2 === 0 ? `+1 212 555 ${String(1000 + i)}` : null,
      fullAddress: `${i + 1} Main St, ${place.city}, ${place.state}`,
      street: `${i + 1} Main St`,
      postalCode: i % 2 === 0 ? "10001" : "10701",
      rating: i % 5 === 0 ? null : Math.round((3 + random() * 2) * 10) / 10,
      reviewCount: i % 5 === 0 ? 0 : Math.floor(random() * 400),
      photo: i % 4 === 0 ? `https://img.example/${i}.jpg` : null,
      streetView: i % 6 === 0 ? `https://streetview.example/${i}` : null,
      workingHours:
        i % 3 === 0
          ? { Monday: "9AM-5PM", Tuesday: "9AM-5PM", Wednesday: "Closed", Thursday: "10AM-7PM", Friday: "9AM-5PM", Saturday: "10AM-2PM", Sunday: "Closed" }
          : i % 3 === 1
            ? { text: "By appointment" }
            : null,
      businessStatus: statuses[i % statuses.length]!,
      locationLink: i % 2 === 0 ? `https://maps.example/?cid=${i}` : null,
      createdAt: CREATED,
      updatedAt: new Date(CREATED.getTime() + i * 60_000),
    });
  }
  const inserted = await t.insertClinics(rows);
  // Prices of every age and kind: fresh, out of date (over 180 days), too old to count (over
  // 365), pending, an area price (no per-unit value), and a second brand.
  const prices: [number, PriceValues][] = [];
  for (const [i, c] of inserted.entries()) {
    if (i % 2 === 1) continue;
    const age = [5, 40, 200, 300, 400][i % 5]!;
    prices.push([c.id, { brand: "botox", model: "per_unit", unitPriceCents: 900 + ((i * 37) % 1100), source: "website", observedOn: daysBefore(age) }]);
    if (i % 6 === 0) prices.push([c.id, { brand: "dysport", model: "per_unit", unitPriceCents: 400 + i, source: "website", observedOn: daysBefore(10) }]);
    if (i % 8 === 0)
      prices.push([c.id, { brand: "botox", model: "per_area", area: "forehead", priceCents: 30_000, units: 20, source: "phone", observedOn: daysBefore(2) }]);
    if (i % 10 === 4)
      prices.push([c.id, { brand: "botox", model: "per_unit", unitPriceCents: 800, source: "website", observedOn: daysBefore(1), status: "pending" }]);
  }
  for (const [id, v] of prices) await insertPrice(t.db.db, id, v);
});
afterAll(() => t.close());

const READS = [
  "/zip-search?postalCode=10001",
  "/zip-search?postalCode=10001&limit=5",
  "/zip-search?postalCode=10001&limit=5&page=2",
  "/zip-search?postalCode=10001&limit=5&page=40",
  "/zip-search?postalCode=10001&distance=10",
  "/zip-search?postalCode=10001&distance=any&limit=50",
  "/zip-search?postalCode=10701&businessStatus=OPERATIONAL&distance=25",
  "/zip-search?postalCode=10001&businessStatus=closed_temporarily,PERMANENTLY_CLOSED&distance=50",
  "/zip-search?postalCode=10001&maxUnitPrice=15&distance=any",
  "/zip-search?postalCode=10001&maxUnitPrice=15&distance=25&limit=3&page=2",
  "/zip-search?postalCode=10001&brand=dysport&distance=50",
  "/zip-search?postalCode=99998",
  "/proxy/clinics-by-city/new-york",
  "/proxy/clinics-by-city/new-york?limit=3&page=2",
  "/proxy/clinics-by-city/new-york?limit=3&page=9",
  "/proxy/clinics-by-city/brooklyn?sortBy=name",
  "/proxy/clinics-by-city/brooklyn?sortBy=name&sortOrder=desc",
  "/proxy/clinics-by-city/yonkers?sortBy=reviews&sortOrder=asc",
  "/proxy/clinics-by-city/hoboken-nj?distance=30",
  "/proxy/clinics-by-city/new-york?distance=20&businessStatus=OPERATIONAL",
  "/proxy/clinics-by-city/new-york?query=clinic%2004",
  "/proxy/clinics-by-city/yonkers?maxUnitPrice=15",
  "/proxy/clinics-by-city/new-york?brand=dysport",
  "/proxy/clinics-by-city/nowhere",
];

it("answers every listing and clinic read exactly as before", async () => {
  const slugs = await t.db.db.query.clinics.findMany({ columns: { id: true, slug: true, citySlug: true }, orderBy: (c, { asc }) => [asc(c.id)] });
  const reads = [
    ...READS,
    ...slugs.filter((_, i) => i % 5 === 0).map((c) => `/proxy/clinic/${c.slug}?city=${c.citySlug}`),
    `/proxy/clinic/${slugs[3]!.slug}`,
    `/proxy/clinic/${slugs[4]!.id}`,
    "/proxy/clinic/no-such-clinic",
  ];
  const answerAll = async () => {
    const answers: string[] = [];
    for (const path of reads) {
      const res = await t.request("GET", path);
      answers.push(`GET ${path}\n${res.status} ${await res.text()}`);
    }
    for (const body of [
      { latitude: O.latitude, longitude: O.longitude },
      { latitude: 40.9, longitude: -73.9, radius: 10 },
    ]) {
      const res = await t.request("POST", "/clinics/nearby", { body });
      answers.push(`POST /clinics/nearby ${JSON.stringify(body)}\n${res.status} ${await res.text()}`);
    }
    return `${answers.join("\n\n")}\n`;
  };
  const first = await answerAll();
  await expect(first).toMatchFileSnapshot("./__golden__/listing-answers.txt");
  // Again, every listed clinic's text now kept (decision 221): the same bytes.
  expect(await answerAll()).toBe(first);
});
