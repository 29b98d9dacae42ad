/**
 * What each local digest of a batch of subscribers would tell, found in one statement
 * (docs/decisions/275). The news of a run is small (the deals, lower prices and new clinics
 * since the batch's oldest digest) and the subscribers are many, so the statement gathers the
 * news once and pairs it with the subscribers through a grid of quarter-degree cells: a subscriber
 * covers the cells its radius reaches, a piece of news sits in one cell, and only pairs that
 * share a cell have their distance measured (both cell lists are materialized, so the join is a
 * hash join on the cell, not a loop over every subscriber and piece of news). Then each subscriber keeps the newest
 * DIGEST_ITEMS of each kind that are newer than their own last digest and in their brands.
 * Asking per subscriber instead (three radius queries each) is what made 100,000 subscribers
 * take many minutes.
 */
import type { PriceBrand } from "@botox/core";
import type { Sql } from "@botox/db";

const METERS_PER_MILE = 1609.344;
/** Most items of each kind in one digest (the newest first). */
export const DIGEST_ITEMS = 10;
/**
 * Fewer miles than any degree of latitude spans (68.7 at the equator), so a subscriber's cell
 * range errs on the wide side; the distance test decides.
 */
const MILES_PER_DEGREE_AT_LEAST = 68;
/** Cells of a quarter degree (about 17 miles of latitude): few pairs to measure for any radius. */
const CELLS_PER_DEGREE = 4;
/**
 * The most cells a radius reaches either way: 50 miles at 72° of latitude (Alaska's north coast
 * is at 71.4°) spans 2.4° of longitude, 10 quarter-degree cells. A constant range, so the planner
 * knows how many rows it makes (with a guess of 1,000 per generate_series it judged the statement
 * costly enough to compile, which took longer than running it).
 */
const MAX_CELL_OFFSET = 10;

export interface DigestSubscriber {
  id: number;
  email: string;
  zipCode: string;
  radiusMiles: number;
  manageNonce: string;
}

/** One piece of news for one subscriber; the columns of the other kinds are null. */
export interface DigestPair {
  subscriptionId: number;
  kind: "deal" | "price" | "clinic";
  itemId: number;
  clinicId: number;
  clinicName: string;
  citySlug: string;
  slug: string;
  city: string;
  brand: PriceBrand | null;
  perUnitCents: number | null;
  previousCents: number | null;
  title: string | null;
  endsOn: string | null;
  conditions: string | null;
}

/**
 * The next `limit` subscribers after id `after` who are due a digest: confirmed, with a ZIP we
 * can place, weekly ones only after six and a half days, never a suppressed address.
 */
export function dueSubscribers(sql: Sql, after: number, limit: number): Promise<DigestSubscriber[]> {
  return sql<DigestSubscriber[]>`
    select s.id, s.email, s.zip_code as "zipCode", s.radius_miles as "radiusMiles", s.manage_nonce as "manageNonce"
    from newsletter_subscriptions s join zip_codes z on z.zip = s.zip_code
    where s.status = 'confirmed' and s.id > ${after}
      and (s.frequency = 'new' or s.last_digest_at is null or s.last_digest_at < now() - interval '6 days 12 hours')
      and not exists (select 1 from mail_suppressions x where x.email = lower(s.email))
    order by s.id limit ${limit}`;
}

/** The news each of these subscribers gets (at most DIGEST_ITEMS of each kind, newest first). */
export function digestPairs(sql: Sql, subscriptionIds: readonly number[], today: string): Promise<DigestPair[]> {
  return sql<DigestPair[]>`
    with subs as (
      select s.id, s.radius_miles, s.brands, coalesce(s.last_digest_at, s.confirmed_at, s.created_at) as since, z.latitude, z.longitude,
        ll_to_earth(z.latitude, z.longitude) as point
      from newsletter_subscriptions s join zip_codes z on z.zip = s.zip_code
      where s.id = any(${subscriptionIds as number[]}::int[])),
    oldest as (select min(since) as since from subs),
    news as (
      select 'deal' as kind, d.id as item_id, d.created_at, d.brand::text as brand, d.clinic_id, d.per_unit_cents, null::int as previous_cents,
        d.title, d.ends_on, d.conditions
      from clinic_deals d, oldest o
      where d.created_at > o.since and d.ends_on >= ${today}::date and d.starts_on <= ${today}::date + 30
      union all
      -- A lower price: the clinic's current unit price is below its previous published one.
      select 'price', cp.price_id, p.created_at, cp.brand::text, cp.clinic_id, cp.per_unit_cents, prev.per_unit_cents, null, null, null
      from clinic_current_prices cp join clinic_prices p on p.id = cp.price_id
      cross join oldest o
      join lateral (
        select q.per_unit_cents from clinic_prices q
        where q.clinic_id = cp.clinic_id and q.brand = cp.brand and q.status = 'published' and q.per_unit_cents is not null and q.id <> cp.price_id
        order by q.checked_on desc, q.id desc limit 1) prev on prev.per_unit_cents > cp.per_unit_cents
      where p.created_at > o.since
      union all
      select 'clinic', c.id, c.created_at, null, c.id, null, null, null, null, null
      from clinics c, oldest o
      where c.created_at > o.since),
    placed as materialized (
      select n.*, c.name, c.city_slug, c.slug, c.city, ll_to_earth(c.latitude, c.longitude) as point,
        floor(c.latitude * ${CELLS_PER_DEGREE})::int as cell_lat, floor(c.longitude * ${CELLS_PER_DEGREE})::int as cell_lon
      from news n join clinics c on c.id = n.clinic_id
      where c.latitude is not null and c.longitude is not null and c.business_status = 'OPERATIONAL'),
    offsets as materialized (select generate_series(-${MAX_CELL_OFFSET}::int, ${MAX_CELL_OFFSET}::int) as o),
    sub_cells as materialized (
      select s.*, floor(s.latitude * ${CELLS_PER_DEGREE})::int + ys.o as cell_lat, floor(s.longitude * ${CELLS_PER_DEGREE})::int + xs.o as cell_lon
      from subs s
      cross join lateral (select s.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8 as lat_degrees,
        s.radius_miles / (${MILES_PER_DEGREE_AT_LEAST}::float8
          * greatest(cos(radians(least(abs(s.latitude) + s.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8, 89))), 0.01)) as lon_degrees) w
      cross join offsets ys
      cross join offsets xs
      where floor(s.latitude * ${CELLS_PER_DEGREE})::int + ys.o
          between floor((s.latitude - w.lat_degrees) * ${CELLS_PER_DEGREE}) and floor((s.latitude + w.lat_degrees) * ${CELLS_PER_DEGREE})
        and floor(s.longitude * ${CELLS_PER_DEGREE})::int + xs.o
          between floor((s.longitude - w.lon_degrees) * ${CELLS_PER_DEGREE}) and floor((s.longitude + w.lon_degrees) * ${CELLS_PER_DEGREE})),
    pairs as (
      select sc.id as subscription_id, p.*,
        row_number() over (partition by sc.id, p.kind order by p.created_at desc, p.item_id desc) as rank
      from sub_cells sc join placed p on p.cell_lat = sc.cell_lat and p.cell_lon = sc.cell_lon
      where p.created_at > sc.since
        and (p.brand is null or cardinality(sc.brands) = 0 or p.brand = any(sc.brands))
        and earth_distance(sc.point, p.point) <= sc.radius_miles * ${METERS_PER_MILE}::float8)
    select subscription_id as "subscriptionId", kind, item_id as "itemId", clinic_id as "clinicId",
      name as "clinicName", city_slug as "citySlug", slug, city, brand,
      per_unit_cents as "perUnitCents", previous_cents as "previousCents", title, ends_on::text as "endsOn", conditions
    from pairs
    where rank <= ${DIGEST_ITEMS}
    order by subscription_id, kind, rank`;
}
