/**
 * What a search box's text names beyond the site's city pages: a place of the ZIP data
 * ("Naperville", "Naperville, IL"), placed by its ZIP centroids, and clinics by name.
 */
import { sql } from "drizzle-orm";
import { toLinkSlug, type SearchLookup } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinics, zipCodes } from "../schema/schema.ts";

const LIMIT = 5;

/** Slug form of a column, as `toLinkSlug` writes it (ASCII names; the ZIP data has no accents). */
const slugOf = (column: typeof zipCodes.city) =>
  sql`trim(both '-' from regexp_replace(regexp_replace(lower(${column}), '[^a-z0-9\\s_-]', '', 'g'), '[\\s_-]+', '-', 'g'))`;

export async function lookupSearchText(db: Database, text: string): Promise<SearchLookup> {
  const slug = toLinkSlug(text);
  if (!slug) return { places: [], clinics: [] };
  // "naperville-il": the name with a state code after it.
  const withState = /^(.+)-([a-z]{2})$/.exec(slug);
  const name = slugOf(zipCodes.city);
  const match = withState ? sql`(${name} = ${slug} OR (${name} = ${withState[1]} AND lower(${zipCodes.state}) = ${withState[2]}))` : sql`${name} = ${slug}`;
  const places = await db.execute<{ city: string; state: string; zip: string; latitude: number; longitude: number }>(sql`
    WITH named AS (SELECT ${zipCodes.zip} AS zip, ${zipCodes.city} AS city, ${zipCodes.state} AS state, ${zipCodes.latitude} AS latitude, ${zipCodes.longitude} AS longitude
                   FROM ${zipCodes} WHERE ${match}),
         centre AS (SELECT min(city) AS city, state, avg(latitude) AS latitude, avg(longitude) AS longitude, count(*) AS zips FROM named GROUP BY state)
    SELECT c.city, c.state, c.latitude, c.longitude,
           (SELECT n.zip FROM named n WHERE n.state = c.state
            ORDER BY (n.latitude - c.latitude) ^ 2 + (n.longitude - c.longitude) ^ 2, n.zip LIMIT 1) AS zip
    FROM centre c ORDER BY c.zips DESC, c.state LIMIT ${LIMIT}`);
  const pattern = `${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const exact = text.trim().toLowerCase();
  const found = await db.execute<{ name: string; city: string; state: string; citySlug: string; slug: string }>(sql`
    SELECT ${clinics.name} AS name, ${clinics.city} AS city, ${clinics.state} AS state, ${clinics.citySlug} AS "citySlug", ${clinics.slug} AS slug
    FROM ${clinics} WHERE lower(${clinics.name}) LIKE ${pattern}
    ORDER BY (lower(${clinics.name}) = ${exact}) DESC, ${clinics.reviewCount} DESC, ${clinics.id} LIMIT ${LIMIT}`);
  return {
    places: [...places].map((p) => ({ ...p, latitude: Number(p.latitude), longitude: Number(p.longitude) })),
    clinics: [...found],
  };
}

/** Every clinic's name and address parts, for the API's slip-forgiving name index. */
export async function clinicNamesForSearch(
  db: Database,
): Promise<{ id: number; name: string; city: string; state: string; citySlug: string; slug: string; reviewCount: number }[]> {
  return db
    .select({
      id: clinics.id,
      name: clinics.name,
      city: clinics.city,
      state: clinics.state,
      citySlug: clinics.citySlug,
      slug: clinics.slug,
      reviewCount: clinics.reviewCount,
    })
    .from(clinics);
}
