/**
 * What each local digest of a batch of subscribers would tell, found in one statement
 * (docs/decisions/275). The news of a run is small (the deals, lower prices and new clinics
 * since the batch's oldest digest) and the subscribers are many, so the statement gathers the
 * news once and pairs it with the subscribers through a grid of one-degree cells: a subscriber
 * covers the cells its radius reaches, a piece of news sits in one cell, and only pairs that
 * share a cell have their distance measured. Then each subscriber keeps the newest
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
      select s.id, s.radius_miles, s.brands, coalesce(s.last_digest_at, s.confirmed_at, s.created_at) as since, z.latitude, z.longitude
      from newsletter_subscriptions s join zip_codes z on z.zip = s.zip_code
      where s.id = any(${subscriptionIds as number[]}::int[])),
    oldest as (select min(since) as since from subs),
    news as (
      select 'deal' as kind, d.id as item_id, d.created_at, d.brand::text as brand, d.clinic_id, d.per_unit_cents, null::int as previous_cents
      from clinic_deals d, oldest o
      where d.created_at > o.since and d.ends_on >= ${today}::date and d.starts_on <= ${today}::date + 30
      union all
      -- A lower price: the clinic's current unit price is below its previous published one.
      select 'price', cp.price_id, p.created_at, cp.brand::text, cp.clinic_id, cp.per_unit_cents, prev.per_unit_cents
      from clinic_current_prices cp join clinic_prices p on p.id = cp.price_id
      cross join oldest o
      join lateral (
        select q.per_unit_cents from clinic_prices q
        where q.clinic_id = cp.clinic_id and q.brand = cp.brand and q.status = 'published' and q.per_unit_cents is not null and q.id <> cp.price_id
        order by q.checked_on desc, q.id desc limit 1) prev on prev.per_unit_cents > cp.per_unit_cents
      where p.created_at > o.since
      union all
      select 'clinic', c.id, c.created_at, null, c.id, null, null
      from clinics c, oldest o
      where c.created_at > o.since),
    placed as (
      select n.*, c.latitude, c.longitude, floor(c.latitude)::int as cell_lat, floor(c.longitude)::int as cell_lon
      from news n join clinics c on c.id = n.clinic_id
      where c.latitude is not null and c.longitude is not null and c.business_status = 'OPERATIONAL'),
    sub_cells as (
      select s.*, cell_lat, cell_lon
      from subs s
      cross join lateral generate_series(
        floor(s.latitude - s.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8)::int,
        floor(s.latitude + s.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8)::int) as cell_lat
      cross join lateral (select s.radius_miles / (${MILES_PER_DEGREE_AT_LEAST}::float8
        * greatest(cos(radians(least(abs(s.latitude) + s.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8, 89))), 0.01)) as lon_degrees) w
      cross join lateral generate_series(floor(s.longitude - w.lon_degrees)::int, floor(s.longitude + w.lon_degrees)::int) as cell_lon),
    pairs as (
      select sc.id as subscription_id, p.kind, p.item_id, p.clinic_id, p.brand, p.per_unit_cents, p.previous_cents,
        row_number() over (partition by sc.id, p.kind order by p.created_at desc, p.item_id desc) as rank
      from sub_cells sc join placed p on p.cell_lat = sc.cell_lat and p.cell_lon = sc.cell_lon
      where p.created_at > sc.since
        and (p.brand is null or cardinality(sc.brands) = 0 or p.brand = any(sc.brands))
        and earth_distance(ll_to_earth(sc.latitude, sc.longitude), ll_to_earth(p.latitude, p.longitude)) <= sc.radius_miles * ${METERS_PER_MILE}::float8)
    select pr.subscription_id as "subscriptionId", pr.kind, pr.item_id as "itemId", pr.clinic_id as "clinicId",
      c.name as "clinicName", c.city_slug as "citySlug", c.slug, c.city, pr.brand,
      pr.per_unit_cents as "perUnitCents", pr.previous_cents as "previousCents",
      d.title, d.ends_on::text as "endsOn", d.conditions
    from pairs pr
    join clinics c on c.id = pr.clinic_id
    left join clinic_deals d on pr.kind = 'deal' and d.id = pr.item_id
    where pr.rank <= ${DIGEST_ITEMS}
    order by pr.subscription_id, pr.kind, pr.rank`;
}
