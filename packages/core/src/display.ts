/** Display helpers shared by the site and the admin: truncation, hours rows, clinic JSON-LD. */
import type { Clinic } from "./contract/clinics.ts";
import { normalizeWorkingHours } from "./format.ts";
import { MIN_RATINGS_FOR_AVERAGE, type VisitorRating } from "./visitor-rating.ts";

/**
 * At most `max` characters of text plus "..." when cut (admin list: location 30, address
 * 40, product.md §2.13). Three dots, like the excerpt rule of product.md §4, so one ellipsis style is used.
 */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export interface WorkingHoursRow {
  /** Full day name; null for a plain-text schedule (one row, shown as is). */
  day: string | null;
  hours: string;
}

/**
 * Stored hours (an object of day → hours, its JSON text, or plain text, product.md §3) as display
 * rows, Monday to Sunday. Day keys may be any case or abbreviated ("mon", "Monday"); keys
 * that are no day keep their own label after the week. Nothing stored → [].
 */
export function workingHoursRows(hours: unknown): WorkingHoursRow[] {
  const normalized = normalizeWorkingHours(hours);
  if (!normalized) return [];
  if ("text" in normalized && Object.keys(normalized).length === 1) {
    const text = String(normalized.text).trim();
    return text ? [{ day: null, hours: text }] : [];
  }
  const week: (WorkingHoursRow | undefined)[] = WEEK_DAYS.map(() => undefined);
  const others: WorkingHoursRow[] = [];
  for (const [key, value] of Object.entries(normalized)) {
    const index = WEEK_DAYS.findIndex((d) => d.slice(0, 3).toLowerCase() === key.trim().slice(0, 3).toLowerCase());
    if (index >= 0 && week[index] === undefined) week[index] = { day: WEEK_DAYS[index] ?? key, hours: value };
    else others.push({ day: key, hours: value });
  }
  return [...week.filter((r): r is WorkingHoursRow => r !== undefined), ...others];
}

export type ClinicForStructuredData = Pick<Clinic, "name"> &
  Partial<
    Pick<
      Clinic,
      "phone" | "fullAddress" | "street" | "city" | "state" | "postalCode" | "country" | "latitude" | "longitude" | "photo" | "site" | "reviews" | "reviewCount"
    >
  >;

export interface ClinicStructuredDataOptions {
  /** The site's own visitor rating (visitorRating): only then is there an aggregateRating. */
  rating?: VisitorRating | null;
  /** More properties from other features (e.g. offers or priceRange from real prices). */
  extra?: Record<string, unknown>;
}

/**
 * schema.org MedicalBusiness JSON-LD of a clinic page. The spec's fixed rating of 5 with the
 * maps review count and its '$$-$$$' price range are a defect (docs/decisions/104-clinic-rating-markup-from-own-ratings.md):
 * the rating comes only from the site's own visitor ratings, at least 3 and shown on the page,
 * and no price range is claimed without real prices. Empty fields are left out.
 */
export function clinicStructuredData(clinic: ClinicForStructuredData, url: string, options: ClinicStructuredDataOptions = {}): Record<string, unknown> {
  const address = compact({
    "@type": "PostalAddress",
    streetAddress: clinic.street || clinic.fullAddress,
    addressLocality: clinic.city,
    addressRegion: clinic.state,
    postalCode: clinic.postalCode,
    addressCountry: clinic.country,
  });
  const hasGeo = clinic.latitude != null && clinic.longitude != null;
  const rating = options.rating;
  return compact({
    "@context": "https://schema.org",
    "@type": "MedicalBusiness",
    name: clinic.name,
    url,
    telephone: clinic.phone,
    image: clinic.photo,
    sameAs: clinic.site,
    address: Object.keys(address).length > 1 ? address : undefined,
    geo: hasGeo ? { "@type": "GeoCoordinates", latitude: clinic.latitude, longitude: clinic.longitude } : undefined,
    aggregateRating:
      rating && rating.count >= MIN_RATINGS_FOR_AVERAGE
        ? { "@type": "AggregateRating", ratingValue: rating.average, ratingCount: rating.count, bestRating: 5, worstRating: 1 }
        : undefined,
    ...options.extra,
  });
}

function compact(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v != null && v !== ""));
}
