/**
 * One clinic (GET /proxy/clinic/{slug}?city=, product.md §7.1): by slug, within the city when
 * one is given, else by id.
 *
 * Keeps: four fixed statements, the slug lookups of concurrent requests sent together
 * (`batchedStatement`, decision 211); the clinic's kept text is clinic-fragments.ts's. Proved
 * unchanged by listing-sql.test.ts (listing-sql.snapshot.sql) and
 * api/src/routes/clinics/clinics-by-city.test.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { parseId, type Clinic } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinics } from "../schema/schema.ts";
import { cityCondition, parseCitySlug } from "./cities.ts";
import { EncodedJson, type ClinicFragments } from "./clinic-fragments.ts";
import { batchedStatement, fixedStatement, listingColumns, listingVersionColumn } from "./listings.ts";
import { toClinic, type ListingRow } from "./serialize.ts";

const clinicBySlug = sql`SELECT ${listingColumns}, ${listingVersionColumn} FROM ${clinics} WHERE`;
const firstBySlug = (city: SQL | undefined, segment: string) =>
  sql`${clinicBySlug} ${clinics.slug} = ${segment}${city ? sql` AND ${city}` : sql``} ORDER BY ${clinics.id} LIMIT 1`;
/** The statements of clinic-by-slug, one fixed text each: a slug, a slug in a city (with or without a state code), an id. */
const clinicStatements = {
  // The slug lookups of concurrent requests go to PostgreSQL together (decision 211).
  bySlug: batchedStatement(["segment"], (v) => firstBySlug(undefined, v.segment)),
  inCity: batchedStatement(["segment", "slug"], (v) => firstBySlug(cityCondition({ slug: v.slug }), v.segment)),
  inStateCity: batchedStatement(["segment", "slug", "withoutState", "state"], (v) =>
    firstBySlug(cityCondition({ slug: v.slug, withoutState: v.withoutState, state: v.state }), v.segment),
  ),
  byId: fixedStatement(["id"], (v) => sql`${clinicBySlug} ${clinics.id} = ${v.id}`),
};

/**
 * One clinic for /proxy/clinic/{slug}?city= (product.md §7.1): by slug (within the city when one
 * is given), else, when the segment is a number, by id.
 */
export async function findClinicBySlugOrId(db: Database, segment: string, city?: string): Promise<Clinic | undefined> {
  const row = await findClinicRow(db, segment, city);
  return row && toClinic(row);
}

/**
 * `findClinicBySlugOrId`'s answer as JSON text, from the clinic's text kept at its row version
 * (clinic-fragments.ts, decision 221): byte for byte `JSON.stringify` of it.
 */
export async function findClinicTextBySlugOrId(
  db: Database,
  segment: string,
  city: string | undefined,
  texts: ClinicFragments,
): Promise<EncodedJson<Clinic> | undefined> {
  const row = await findClinicRow(db, segment, city);
  if (!row) return undefined;
  const version = row.version;
  return new EncodedJson(version == null ? JSON.stringify(toClinic(row)) : `${texts.head(row.id, version) ?? texts.keep({ ...row, version })}}`);
}

async function findClinicRow(db: Database, segment: string, city?: string): Promise<(ListingRow & { version?: string | null }) | undefined> {
  const key = city ? parseCitySlug(city) : undefined;
  const [bySlug] = !key
    ? await clinicStatements.bySlug<ListingRow>(db, { segment })
    : key.withoutState && key.state
      ? await clinicStatements.inStateCity<ListingRow>(db, { segment, slug: key.slug, withoutState: key.withoutState, state: key.state })
      : await clinicStatements.inCity<ListingRow>(db, { segment, slug: key.slug });
  if (bySlug) return bySlug;
  const id = parseId(segment);
  if (id == null) return undefined;
  const [byId] = await clinicStatements.byId<ListingRow>(db, { id });
  return byId;
}
