/**
 * The SQL of every listing request, as one readable file (listing-sql.snapshot.sql beside this
 * test): each public listing the API answers (zip-search, clinics-by-city, clinic by slug,
 * clinics/nearby and providers/near-user) is run here with the values its route passes, through
 * a connection whose driver records each statement sent, and the statements of each request are
 * written out in order with their bound values. A change to a query's text shows in review as a
 * change of that file; `vitest run src/queries/listing-sql.test.ts -u` writes it again.
 *
 * The text is the one PostgreSQL receives, wrapped at commas outside quotes for reading (so it
 * still runs as it is); the only value that differs between runs, the located clinics' write
 * generation, is written as <generation>. The same file is expected on PGlite and on PostgreSQL.
 */
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../connection/client.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import * as schema from "../schema/schema.ts";
import { clinicPrices, clinics, clinicStaff, zipCodes } from "../schema/schema.ts";
import { ClinicFragments } from "./clinic-fragments.ts";
import { LocatedPlaces } from "./located-places.ts";
import { findClinicTextBySlugOrId } from "./clinic-by-slug.ts";
import { searchClinicsInCity, type CitySearch } from "./city-search.ts";
import { listClinicsNear, listClinicsNearEncoded } from "./nearby.ts";
import { searchClinicsNearZip, type ZipSearch } from "./zip-search.ts";
import { searchClinicsNearZipByPrice } from "./zip-search-by-price.ts";

const TODAY = "2026-06-15";
const OPEN_AT = new Date("2026-06-15T15:00:00Z");
const ZIP = { zip: "10001", latitude: 40.75, longitude: -74 };

let t: TestDatabase;
/** The recorded connection: one, opened (its types read) before anything is recorded. */
let recorded: postgres.Sql;
let db: Database;
let sent: { text: string; params: unknown[] }[] | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(zipCodes).values({ ...ZIP, city: "Staffton", state: "NY" });
  const rows = await t.db
    .insert(clinics)
    .values(
      [0, 1, 2, 3, 4, 5].map((i) => ({
        name: `Listing Clinic ${i}`,
        slug: `listing-clinic-${i}`,
        city: "Staffton",
        citySlug: "staffton",
        state: "NY",
        postalCode: ZIP.zip,
        latitude: ZIP.latitude + i * 0.01,
        longitude: ZIP.longitude + i * 0.005,
        reviewCount: i * 3,
        businessStatus: "OPERATIONAL" as const,
      })),
    )
    .returning({ id: clinics.id });
  const [first, second] = rows;
  await t.db.insert(clinicPrices).values(
    [first, second].map((row, i) => ({
      clinicId: row!.id,
      brand: "botox" as const,
      model: "per_unit" as const,
      unitPriceCents: 1100 + i * 100,
      perUnitCents: 1100 + i * 100,
      source: "website" as const,
      observedOn: "2026-05-01",
    })),
  );
  await t.db.insert(clinicStaff).values({
    clinicId: first!.id,
    name: "Pat Doe",
    role: "injector",
    credential: "NP",
    licenseStatus: "active",
    verifiedOn: "2026-06-01",
    verifiedVia: "npi_registry",
  });
  recorded = postgres(t.url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, text, params) => sent?.push({ text, params: [...params] }),
  });
  await recorded`SELECT 1`;
  db = drizzle({ client: recorded, schema });
});

afterAll(async () => {
  await recorded?.end();
  await t?.close();
});

/** The located clinics' write generation now (bound by some statements; it moves with every write). */
async function generationNow(): Promise<string> {
  const [row] = await t.sql<{ n: string }[]>`SELECT n::text AS n FROM located_clinics_generation WHERE id`;
  return row!.n;
}

/** `line` broken after each comma outside quotes once it is longer than `width`, the rest indented. */
function wrapLine(line: string, width = 120): string[] {
  if (line.length <= width) return [line];
  const indent = `${/^\s*/.exec(line)?.[0] ?? ""}  `;
  const out: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "," && line[i + 1] === " " && i - start >= width - indent.length) {
      out.push(line.slice(start, i + 1));
      start = i + 2;
    }
  }
  out.push(line.slice(start));
  return out.map((part, i) => (i === 0 ? part : `${indent}${part.trimStart()}`)).map((part) => part.trimEnd());
}

const valueText = (value: unknown, generation: string) => (value === generation ? "<generation>" : JSON.stringify(value));

/** One request's statements as the file shows them. */
function section(title: string, statements: { text: string; params: unknown[] }[], generation: string): string {
  const parts = statements.map(({ text, params }, i) => {
    const lines = text
      .split("\n")
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== "")
      .flatMap((line) => wrapLine(line));
    const values = params.map((value, n) => `-- $${n + 1} = ${valueText(value, generation)}`);
    const head = statements.length > 1 ? [`-- statement ${i + 1} of ${statements.length}`] : [];
    return [...head, ...values, `${lines.join("\n")};`].join("\n");
  });
  return [`-- ${"=".repeat(96)}`, `-- ${title}`, `-- ${"=".repeat(96)}`, ...parts].join("\n");
}

/** The statements `run` sends, in order. */
async function statementsOf(run: () => Promise<unknown>): Promise<{ text: string; params: unknown[] }[]> {
  sent = [];
  try {
    await run();
    return sent;
  } finally {
    sent = undefined;
  }
}

/** zip-search's search as its route builds it (api/src/routes/clinics/zip-search.routes.ts), with `extra` over it. */
const zipSearch = (extra: Partial<ZipSearch> = {}): ZipSearch => ({
  statuses: undefined,
  credential: { credentials: [], today: TODAY },
  postalCode: ZIP.zip,
  page: 1,
  limit: 10,
  radiusMiles: 25,
  price: { brand: "botox", today: TODAY },
  verifiedOn: TODAY,
  texts: new ClinicFragments(),
  ...extra,
});

/** clinics-by-city's search as its route builds it (api/src/routes/clinics/clinics-by-city.routes.ts). */
const citySearch = (extra: Partial<CitySearch> = {}): CitySearch => ({
  city: "staffton",
  page: 1,
  limit: 10,
  radiusMiles: null,
  sortBy: "reviews",
  price: { brand: "botox", today: TODAY },
  credential: { credentials: [], today: TODAY },
  verifiedOn: TODAY,
  texts: new ClinicFragments(),
  ...extra,
});

/** Kept texts that most listings find (`prefersNarrow`), none of this database's clinics among them. */
function mostlyKept(): ClinicFragments {
  const texts = new ClinicFragments();
  while (!texts.prefersNarrow()) texts.note(1, 1);
  return texts;
}

/** Each request: its title (the API's request and the query function) and how it is run here. */
const requests: [string, () => Promise<unknown>][] = [
  ["GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, whole rows", () => searchClinicsNearZip(db, zipSearch())],
  [
    "GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, ids and versions first (most clinic texts kept, ClinicFragments)",
    () => searchClinicsNearZip(db, zipSearch({ texts: mostlyKept() })),
  ],
  [
    "GET /zip-search?postalCode=10001 (25 miles)  searchClinicsNearZip, the total offered by the process's LocatedPlaces",
    async () => {
      const places = new LocatedPlaces();
      await places.load(t.db);
      places.seen(t.db, await generationNow());
      return searchClinicsNearZip(db, zipSearch({ places }));
    },
  ],
  ["GET /zip-search?postalCode=10001&distance=any  searchClinicsNearZip, total counted", () => searchClinicsNearZip(db, zipSearch({ radiusMiles: null }))],
  [
    "GET /zip-search?postalCode=10001&distance=any  searchClinicsNearZip, total offered from an earlier search (keptTotals)",
    async () => searchClinicsNearZip(db, zipSearch({ radiusMiles: null, knownTotal: { generation: await generationNow(), total: 6 } })),
  ],
  [
    "GET /zip-search?postalCode=10001&openNow=true&credential=MD,NP&businessStatus=OPERATIONAL  searchClinicsNearZip",
    () => searchClinicsNearZip(db, zipSearch({ openAt: OPEN_AT, statuses: ["OPERATIONAL"], credential: { credentials: ["MD", "NP"], today: TODAY } })),
  ],
  [
    "GET /zip-search?postalCode=10001&sortBy=price  searchClinicsNearZipByPrice",
    () => searchClinicsNearZipByPrice(db, { ...zipSearch(), sortBy: "price", price: { brand: "botox", today: TODAY } }),
  ],
  [
    "GET /zip-search?postalCode=10001&maxUnitPrice=12  searchClinicsNearZipByPrice (read from the kept prices)",
    () => searchClinicsNearZipByPrice(db, { ...zipSearch(), sortBy: "distance", price: { brand: "botox", today: TODAY, maxUnitCents: 1200 } }),
  ],
  [
    "GET /zip-search?postalCode=10001&distance=any&maxUnitPrice=12&sortBy=price  searchClinicsNearZipByPrice (cheapest first anywhere)",
    () =>
      searchClinicsNearZipByPrice(db, { ...zipSearch({ radiusMiles: null }), sortBy: "price", price: { brand: "botox", today: TODAY, maxUnitCents: 1200 } }),
  ],
  ["GET /proxy/clinics-by-city/staffton  searchClinicsInCity", () => searchClinicsInCity(db, citySearch())],
  [
    "GET /proxy/clinics-by-city/staffton-ny?sortBy=name&query=clinic  searchClinicsInCity",
    () => searchClinicsInCity(db, citySearch({ city: "staffton-ny", sortBy: "name", query: "clinic" })),
  ],
  [
    "GET /proxy/clinics-by-city/staffton?distance=10  searchClinicsInCity (the city's centre looked up first; the API keeps it)",
    () => searchClinicsInCity(db, citySearch({ radiusMiles: 10 })),
  ],
  [
    "GET /proxy/clinics-by-city/staffton?sortBy=price&maxUnitPrice=12  searchClinicsInCity (read from the kept prices)",
    () => searchClinicsInCity(db, citySearch({ sortBy: "price", price: { brand: "botox", today: TODAY, maxUnitCents: 1200 } })),
  ],
  [
    "GET /proxy/clinics-by-city/staffton?page=5  searchClinicsInCity (a page past the last: the total counted apart)",
    () => searchClinicsInCity(db, citySearch({ page: 5 })),
  ],
  ["GET /proxy/clinic/listing-clinic-1  findClinicTextBySlugOrId", () => findClinicTextBySlugOrId(db, "listing-clinic-1", undefined, new ClinicFragments())],
  [
    "GET /proxy/clinic/listing-clinic-1?city=staffton  findClinicTextBySlugOrId",
    () => findClinicTextBySlugOrId(db, "listing-clinic-1", "staffton", new ClinicFragments()),
  ],
  [
    "GET /proxy/clinic/listing-clinic-1?city=staffton-ny  findClinicTextBySlugOrId",
    () => findClinicTextBySlugOrId(db, "listing-clinic-1", "staffton-ny", new ClinicFragments()),
  ],
  ["GET /proxy/clinic/2  findClinicTextBySlugOrId (no such slug: by id)", () => findClinicTextBySlugOrId(db, "2", undefined, new ClinicFragments())],
  [
    "POST /clinics/nearby {latitude, longitude, radius: 100}  listClinicsNearEncoded, whole rows with each card's current Botox price and verified staff",
    () => listClinicsNearEncoded(db, { origin: ZIP, radiusMiles: 100, limit: 50, cardsOn: TODAY }, new ClinicFragments()),
  ],
  [
    "POST /clinics/nearby {latitude, longitude, radius: 100, openNow: true}  listClinicsNearEncoded, the same with most clinic texts kept",
    () => listClinicsNearEncoded(db, { origin: ZIP, radiusMiles: 100, limit: 50, openAt: OPEN_AT, cardsOn: TODAY }, mostlyKept()),
  ],
  ["GET /providers/near-user  listClinicsNear (100 miles)", () => listClinicsNear(db, { origin: ZIP, radiusMiles: 100, limit: 10 })],
];

it("wrapLine breaks only at commas outside quotes, and keeps every character but the spaces it breaks at", () => {
  const line = `SELECT ${Array.from({ length: 12 }, (_, i) => `"col, ${i}" AS 'a, ${i}'`).join(", ")}`;
  const lines = wrapLine(line, 60);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.map((l) => l.trim()).join(" ")).toBe(line);
  for (const l of lines.slice(0, -1)) expect(l.endsWith(",")).toBe(true);
});

it("sends the SQL of listing-sql.snapshot.sql for each listing request", async () => {
  const sections: string[] = [];
  for (const [title, run] of requests) {
    const statements = await statementsOf(run);
    expect(statements.length, title).toBeGreaterThan(0);
    sections.push(section(title, statements, await generationNow()));
  }
  const header = [
    "-- The SQL each listing request sends, in order, with its bound values (written by listing-sql.test.ts:",
    "-- `pnpm exec vitest run src/queries/listing-sql.test.ts -u` in packages/db). Lines are wrapped at commas",
    "-- for reading. See docs/architecture.md §4a for what each statement keeps or reads from kept copies.",
  ].join("\n");
  await expect(`${header}\n\n${sections.join("\n\n")}\n`).toMatchFileSnapshot("./listing-sql.snapshot.sql");
});
