/**
 * What each local digest tells (docs/decisions/275). The news of a run is small (the deals,
 * lower prices and new clinics since the oldest due subscriber's last digest: a few thousand on
 * a busy day) and the subscribers are many, so the news is read once per run, with its places,
 * and laid on a grid of quarter-degree cells in this process; each subscriber then looks only at
 * the cells its radius reaches, measures those pieces with the site's own distance
 * (`distanceMiles`), and keeps the newest DIGEST_ITEMS of each kind that are newer than their
 * own last digest and in their brands. Pairing in SQL instead sent every subscriber × news pair
 * back as a row (about 17 per subscriber, 1.7 million for 100,000), which cost more than all the
 * rest of the run.
 */
import { distanceMiles, type PriceBrand } from "@botox/core";
import type { Sql } from "@botox/db";

/**
 * Most items of each kind in one digest (the newest first).
 * @internal Exported for its tests.
 */
export const DIGEST_ITEMS = 10;
/**
 * Fewer miles than any degree of latitude spans (68.7 at the equator), so a subscriber's cell
 * range errs on the wide side; the distance test decides.
 */
const MILES_PER_DEGREE_AT_LEAST = 68;
/** Cells of a quarter degree (about 17 miles of latitude): few pieces of news to measure for any radius. */
const CELLS_PER_DEGREE = 4;

export interface DigestSubscriber {
  id: number;
  /**
   * Their last digest's time in whole microseconds, as text (exact, unlike a JS Date), as read:
   * the write claims the subscriber only if it is unchanged.
   */
  seen: string | null;
  email: string;
  zipCode: string;
  radiusMiles: number;
  manageNonce: string;
  brands: string[];
  latitude: number;
  longitude: number;
  /** News must be newer than this: their last digest, else their confirmation (microseconds since 1970). */
  sinceMicros: number;
}

/** One piece of news of a run, with its clinic and place; the columns of the other kinds are null. */
export interface DigestNews {
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
  /** Microseconds since 1970: exact, so news a microsecond after a digest's cutoff is never lost. */
  createdMicros: number;
  latitude: number;
  longitude: number;
}

/**
 * The next `limit` subscribers after id `after` who are due a digest: confirmed, with a ZIP we
 * can place, weekly ones only after six and a half days, never a suppressed address.
 */
export function dueSubscribers(sql: Sql, after: number, limit: number): Promise<DigestSubscriber[]> {
  return sql<DigestSubscriber[]>`
    select s.id, (extract(epoch from s.last_digest_at) * 1000000)::bigint::text as seen, s.email, s.zip_code as "zipCode",
      s.radius_miles as "radiusMiles", s.manage_nonce as "manageNonce", s.brands, z.latitude, z.longitude,
      -- Microseconds as an exact JS number (below 2^53 until the year 2255).
      (extract(epoch from coalesce(s.last_digest_at, s.confirmed_at, s.created_at)) * 1000000)::bigint::float8 as "sinceMicros"
    from newsletter_subscriptions s join zip_codes z on z.zip = s.zip_code
    where s.status = 'confirmed' and s.id > ${after}
      and (s.frequency = 'new' or s.last_digest_at is null or s.last_digest_at < now() - interval '6 days 12 hours')
      and not exists (select 1 from mail_suppressions x where x.email = lower(s.email))
    order by s.id limit ${limit}`;
}

/**
 * The news any confirmed subscriber could still be told, created at or before `cutoff` (the time
 * every digest of this run records, so the next one starts where this one ends): deals running
 * today or starting within 30 days, clinics whose current unit price is below their previous
 * published one, and new clinics, each at an operating clinic with a place.
 */
export function digestNews(sql: Sql, today: string, cutoff: string): Promise<DigestNews[]> {
  return sql<DigestNews[]>`
    with oldest as (
      select min(coalesce(last_digest_at, confirmed_at, created_at)) as since
      from newsletter_subscriptions where status = 'confirmed' and zip_code is not null),
    news as (
      select 'deal' as kind, d.id as item_id, d.created_at, d.brand::text as brand, d.clinic_id, d.per_unit_cents, null::int as previous_cents,
        d.title, d.ends_on, d.conditions
      from clinic_deals d, oldest o
      where d.created_at > o.since and d.ends_on >= ${today}::date and d.starts_on <= ${today}::date + 30
      union all
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
      where c.created_at > o.since)
    select n.kind, n.item_id as "itemId", n.clinic_id as "clinicId", c.name as "clinicName", c.city_slug as "citySlug", c.slug, c.city,
      n.brand, n.per_unit_cents as "perUnitCents", n.previous_cents as "previousCents", n.title, n.ends_on::text as "endsOn", n.conditions,
      (extract(epoch from n.created_at) * 1000000)::bigint::float8 as "createdMicros", c.latitude, c.longitude
    from news n join clinics c on c.id = n.clinic_id
    where n.created_at <= ${cutoff}::timestamptz
      and c.latitude is not null and c.longitude is not null and c.business_status = 'OPERATIONAL'
    order by n.created_at desc, n.item_id desc`;
}

const cellKey = (latCell: number, lonCell: number) => latCell * 100_000 + lonCell;
const cellOf = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);

/**
 * The news of a run laid on its grid; the answer picks one subscriber's digest: the newest
 * DIGEST_ITEMS of each kind within their radius, in their brands, newer than their last digest
 * (empty: nothing to tell). `news` comes newest first, and each cell keeps that order.
 */
export function digestPicker(news: readonly DigestNews[]): (subscriber: DigestSubscriber) => DigestNews[] {
  const cells = new Map<number, DigestNews[]>();
  for (const n of news) {
    const key = cellKey(cellOf(n.latitude), cellOf(n.longitude));
    const cell = cells.get(key);
    if (cell) cell.push(n);
    else cells.set(key, [n]);
  }
  const newestFirst = (a: DigestNews, b: DigestNews) => b.createdMicros - a.createdMicros || b.itemId - a.itemId;
  return (s) => {
    const latDegrees = s.radiusMiles / MILES_PER_DEGREE_AT_LEAST;
    const lonDegrees =
      s.radiusMiles / (MILES_PER_DEGREE_AT_LEAST * Math.max(Math.cos((Math.min(Math.abs(s.latitude) + latDegrees, 89) * Math.PI) / 180), 0.01));
    const found: DigestNews[] = [];
    for (let y = cellOf(s.latitude - latDegrees); y <= cellOf(s.latitude + latDegrees); y++) {
      for (let x = cellOf(s.longitude - lonDegrees); x <= cellOf(s.longitude + lonDegrees); x++) {
        for (const n of cells.get(cellKey(y, x)) ?? []) {
          if (n.createdMicros <= s.sinceMicros) continue;
          if (n.brand !== null && s.brands.length > 0 && !s.brands.includes(n.brand)) continue;
          if (distanceMiles(s, n) <= s.radiusMiles) found.push(n);
        }
      }
    }
    found.sort(newestFirst);
    const kept = { deal: 0, price: 0, clinic: 0 };
    return found.filter((n) => ++kept[n.kind] <= DIGEST_ITEMS);
  };
}
