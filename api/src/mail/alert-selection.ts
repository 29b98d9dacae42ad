/**
 * The price alerts due in a batch of subscribers, in one statement (docs/decisions/275): each
 * alert reads the current prices of its brand at or under its line from the GiST index on
 * clinic_current_prices' points (a latitude/longitude box around the alert's ZIP), keeps those
 * within its radius that it has not told of yet, and each subscriber keeps their cheapest
 * ALERT_HITS. A subscriber already mailed today is not due.
 */
import type { PriceBrand } from "@botox/core";
import type { Sql } from "@botox/db";

const METERS_PER_MILE = 1609.344;
/** Fewer miles than any degree of latitude spans, so the box errs on the wide side. */
const MILES_PER_DEGREE_AT_LEAST = 68;
/** Most prices in one alert mail (the cheapest first); the rest wait for the next day. */
export const ALERT_HITS = 20;

export interface AlertCandidate {
  subscriptionId: number;
  email: string;
  manageNonce: string;
  alertId: number;
  priceId: number;
  brand: PriceBrand;
  perUnitCents: number;
  maxUnitCents: number;
  zipCode: string;
  radiusMiles: number;
  clinicName: string;
  citySlug: string;
  slug: string;
}

/** The ids of the next `limit` subscribers after `after` with an alert and no alert mail today. */
export async function dueAlertSubscribers(sql: Sql, after: number, limit: number, today: string): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select s.id from newsletter_subscriptions s
    where s.status = 'confirmed' and s.id > ${after} and (s.last_alert_on is null or s.last_alert_on < ${today}::date)
      and exists (select 1 from price_alerts a where a.subscription_id = s.id)
      and not exists (select 1 from mail_suppressions x where x.email = lower(s.email))
    order by s.id limit ${limit}`;
  return rows.map((r) => r.id);
}

export function alertCandidates(sql: Sql, subscriptionIds: readonly number[], today: string): Promise<AlertCandidate[]> {
  return sql<AlertCandidate[]>`
    with alerts as (
      select a.id, a.subscription_id, a.brand, a.max_unit_cents, a.zip_code, a.radius_miles, z.latitude, z.longitude,
        a.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8 as lat_degrees,
        a.radius_miles / (${MILES_PER_DEGREE_AT_LEAST}::float8
          * greatest(cos(radians(least(abs(z.latitude) + a.radius_miles / ${MILES_PER_DEGREE_AT_LEAST}::float8, 89))), 0.01)) as lon_degrees
      from price_alerts a join zip_codes z on z.zip = a.zip_code
      where a.subscription_id = any(${subscriptionIds as number[]}::int[])),
    hits as (
      select a.subscription_id, a.id as alert_id, a.brand, a.max_unit_cents, a.zip_code, a.radius_miles, cp.price_id, cp.per_unit_cents, cp.clinic_id,
        row_number() over (partition by a.subscription_id order by cp.per_unit_cents, cp.price_id, a.id) as rank
      from alerts a
      join clinic_current_prices cp
        on point(cp.longitude, cp.latitude) <@ box(point(a.longitude - a.lon_degrees, a.latitude - a.lat_degrees), point(a.longitude + a.lon_degrees, a.latitude + a.lat_degrees))
        and cp.latitude is not null and cp.longitude is not null
        and cp.brand = a.brand and cp.per_unit_cents <= a.max_unit_cents and cp.checked_on >= ${today}::date - 365
        and cp.business_status = 'OPERATIONAL'
        and earth_distance(ll_to_earth(a.latitude, a.longitude), ll_to_earth(cp.latitude, cp.longitude)) <= a.radius_miles * ${METERS_PER_MILE}::float8
      where not exists (select 1 from price_alert_hits h where h.alert_id = a.id and h.price_id = cp.price_id))
    select h.subscription_id as "subscriptionId", s.email, s.manage_nonce as "manageNonce", h.alert_id as "alertId", h.price_id as "priceId",
      h.brand, h.per_unit_cents as "perUnitCents", h.max_unit_cents as "maxUnitCents", h.zip_code as "zipCode", h.radius_miles as "radiusMiles",
      c.name as "clinicName", c.city_slug as "citySlug", c.slug
    from hits h join newsletter_subscriptions s on s.id = h.subscription_id join clinics c on c.id = h.clinic_id
    where h.rank <= ${ALERT_HITS}
    order by h.subscription_id, h.rank`;
}
