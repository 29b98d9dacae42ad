/**
 * City aggregates over clinics (product.md §3 "City"): popular cities, the cities nearest a point,
 * and a city's centre. Pure functions of (db, params), shared by the API and the site build.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_MILES, roundMiles, type City, type LatLon } from "@botox/core";
import type { Database } from "../connection/client.ts";
import { clinics, zipCodes } from "../schema/schema.ts";
import { roundGeo } from "./geo.ts";

/** A city route segment (product.md §2.1): a city slug, possibly ending in a two-letter state code. */
export interface CityKey {
  /** The whole segment, e.g. "new-york-ny". */
  slug: string;
  /** With a trailing state code: the slug without it ("new-york") and the code ("NY"). */
  withoutState?: string;
  state?: string;
}

export function parseCitySlug(segment: string): CityKey {
  const slug = segment.trim().toLowerCase();
  const m = /^(.+)-([a-z]{2})$/.exec(slug);
  return m?.[1] && m[2] ? { slug, withoutState: m[1], state: m[2].toUpperCase() } : { slug };
}

/** Where `cityCondition` reads a city: a clinic's columns, or those a kept current price carries (migration 0018). */
export interface CityColumns {
  citySlug: AnyColumn;
  state: AnyColumn;
}

/**
 * Clinics of a city: the segment is slug + state code of a city that exists, else its slug is
 * the whole segment. The suffixed form wins: "redteamville-il" is
 * Redteamville, IL even when a Texan city is named "Redteamville IL"; that one's page is
 * "redteamville-il-tx" (`cityPageSlugs` in core applies the same rule to the site's pages).
 */
export function cityCondition(key: CityKey, at: CityColumns = clinics): SQL {
  const whole = sql`${at.citySlug} = ${key.slug}`;
  if (!key.withoutState || !key.state) return whole;
  const suffixed = sql`${at.citySlug} = ${key.withoutState} AND upper(trim(${at.state})) = ${key.state}`;
  const named = sql`SELECT 1 FROM ${clinics} named WHERE named.city_slug = ${key.withoutState} AND upper(trim(named.state)) = ${key.state}`;
  return sql`((${suffixed}) OR (${whole} AND NOT EXISTS (${named})))`;
}

/**
 * The one name a city (its slug within a state) is shown by: the cities data's spelling
 * (zip_codes, same state) whenever its name has the city's slug: first a clinic's spelling
 * found there ignoring case (indexed), else any name there whose slug (toLinkSlug's rule, in
 * SQL) is the city's slug. Only a city missing from the cities data takes its clinics' most
 * common spelling; ties go to the fewest characters other than letters and spaces (so "Round
 * -Rock" never beats "Round Rock"), then mixed case before all capitals or all lower case,
 * then byte order, the same on PostgreSQL and PGlite whatever their collations.
 */
export function cityDisplayName(citySlug: SQL, state: SQL /* upper(trim(state)) */): SQL<string> {
  const spellings = sql`SELECT x.city FROM ${clinics} x WHERE x.city_slug = ${citySlug} AND upper(trim(x.state)) = ${state}`;
  const spelling = sql`(
    SELECT s.city FROM (${spellings}) s
    GROUP BY s.city
    ORDER BY count(*) DESC, length(regexp_replace(s.city, '[[:alpha:][:space:]]', '', 'g')) ASC,
      (s.city = upper(s.city)) ASC, (s.city = lower(s.city)) ASC, s.city COLLATE "C" ASC
    LIMIT 1)`;
  const zipSlug = sql`trim(both '-' from regexp_replace(regexp_replace(lower(z.city), '[^a-z0-9[:space:]_-]', '', 'g'), '[[:space:]_-]+', '-', 'g'))`;
  return sql<string>`coalesce(
    (SELECT min(z.city COLLATE "C") FROM ${zipCodes} z WHERE lower(z.city) IN (SELECT lower(s.city) FROM (${spellings}) s) AND z.state = ${state}),
    (SELECT min(z.city COLLATE "C") FROM ${zipCodes} z WHERE z.state = ${state} AND ${zipSlug} = ${citySlug}),
    ${spelling})`;
}

interface CityRow extends Record<string, unknown> {
  city: string;
  state: string;
  city_slug: string;
  count: number | string;
  latitude: number;
  longitude: number;
  distance?: number | null;
}

const toCity = (r: CityRow): City => ({
  city: r.city,
  state: r.state,
  citySlug: r.city_slug,
  count: Number(r.count),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  ...(r.distance != null ? { distance: roundMiles(Number(r.distance)) } : {}),
});

/**
 * Per city (slug + state): a name to order by, clinic count and mean coordinates of its
 * located clinics. The name shown is `cityDisplayName`, looked up for the few rows answered.
 */
const cityAggregate = sql`
  SELECT min(${clinics.city}) AS sort_city, ${clinics.state} AS state, ${clinics.citySlug} AS city_slug,
         count(*) FILTER (WHERE ${clinics.businessStatus} <> 'PERMANENTLY_CLOSED') AS count, avg(${clinics.latitude}) AS latitude, avg(${clinics.longitude}) AS longitude
  FROM ${clinics}
  GROUP BY ${clinics.citySlug}, ${clinics.state}
  HAVING count(${clinics.latitude}) > 0 AND count(${clinics.longitude}) > 0`;

/** Cities with the most clinics first (ties by name). */
export async function findPopularCities(db: Database, limit: number): Promise<City[]> {
  const rows = await db.execute<CityRow>(sql`
    SELECT p.*, ${cityDisplayName(sql`p.city_slug`, sql`upper(trim(p.state))`)} AS city FROM (
      SELECT * FROM (${cityAggregate}) c
      ORDER BY c.count DESC, c.sort_city ASC, c.state ASC
      LIMIT ${limit}
    ) p
    ORDER BY p.count DESC, p.sort_city ASC, p.state ASC`);
  return rows.map(toCity);
}

/** Great-circle miles between two coordinate expressions (earth radius 3959, product.md §9). */
const milesBetween = (lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL) =>
  sql`(earth_distance(ll_to_earth(${lat1}, ${lon1}), ll_to_earth(${lat2}, ${lon2})) / earth() * ${EARTH_RADIUS_MILES}::float8)`;

/**
 * The `limit` cities nearest `origin`, one per city name (product.md §9: de-duplicated by name,
 * the nearest of a name wins), with the distance of their centre in miles.
 */
export async function findNearestCities(db: Database, origin: LatLon, limit: number): Promise<City[]> {
  const distance = milesBetween(sql`c.latitude`, sql`c.longitude`, sql`${roundGeo(origin.latitude)}::float8`, sql`${roundGeo(origin.longitude)}::float8`);
  const rows = await db.execute<CityRow>(sql`
    SELECT n.*, ${cityDisplayName(sql`n.city_slug`, sql`upper(trim(n.state))`)} AS city FROM (
      SELECT * FROM (
        SELECT DISTINCT ON (lower(c.sort_city)) c.*, ${distance} AS distance
        FROM (${cityAggregate}) c
        ORDER BY lower(c.sort_city), distance ASC, c.count DESC
      ) d
      ORDER BY d.distance ASC, d.count DESC
      LIMIT ${limit}
    ) n
    ORDER BY n.distance ASC, n.count DESC`);
  return rows.map(toCity);
}

/**
 * Centre of a city: the mean of its clinics' coordinates, else the mean of its ZIP centroids
 * (zip_codes is keyed by name, so names are compared in slug form), else null.
 */
export async function findCityCentre(db: Database, key: CityKey): Promise<LatLon | null> {
  const [fromClinics] = await db.execute<{ latitude: number | null; longitude: number | null }>(sql`
    SELECT avg(${clinics.latitude}) AS latitude, avg(${clinics.longitude}) AS longitude
    FROM ${clinics}
    WHERE ${cityCondition(key)} AND ${clinics.latitude} IS NOT NULL AND ${clinics.longitude} IS NOT NULL`);
  if (fromClinics?.latitude != null && fromClinics.longitude != null) {
    return { latitude: Number(fromClinics.latitude), longitude: Number(fromClinics.longitude) };
  }
  const zipSlug = sql`trim(both '-' from regexp_replace(regexp_replace(lower(${zipCodes.city}), '[^a-z0-9\\s_-]', '', 'g'), '[\\s_-]+', '-', 'g'))`;
  const match =
    key.withoutState && key.state
      ? sql`(${zipSlug} = ${key.slug} OR (${zipSlug} = ${key.withoutState} AND ${zipCodes.state} = ${key.state}))`
      : sql`${zipSlug} = ${key.slug}`;
  const [fromZips] = await db.execute<{ latitude: number | null; longitude: number | null }>(sql`
    SELECT avg(${zipCodes.latitude}) AS latitude, avg(${zipCodes.longitude}) AS longitude FROM ${zipCodes} WHERE ${match}`);
  if (fromZips?.latitude != null && fromZips.longitude != null) {
    return { latitude: Number(fromZips.latitude), longitude: Number(fromZips.longitude) };
  }
  return null;
}
