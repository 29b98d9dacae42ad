/** Display helpers shared by the site and the admin: truncation, hours rows, clinic JSON-LD. */
import type { Clinic } from "./api.ts";
import { normalizeWorkingHours } from "./format.ts";
import { parseReviews } from "./reviews.ts";

/**
 * At most `max` characters of text plus "..." when cut (admin list: location 30, address
 * 40, spec §2.13). Three dots, like the excerpt rule of spec §4, so one ellipsis style is used.
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
 * Stored hours (an object of day → hours, its JSON text, or plain text, spec §3) as display
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
      | "phone"
      | "fullAddress"
      | "street"
      | "city"
      | "state"
      | "postalCode"
      | "country"
      | "latitude"
      | "longitude"
      | "photo"
      | "site"
      | "reviews"
      | "reviewCount"
    >
  >;

/**
 * schema.org MedicalBusiness JSON-LD of a clinic page (spec §2.9): price range '$$-$$$' and a
 * fixed rating value of 5 with the review count, the rating only when there are reviews
 * (an AggregateRating with no reviews is invalid for search engines). Empty fields are left out.
 */
export function clinicStructuredData(clinic: ClinicForStructuredData, url: string): Record<string, unknown> {
  const reviewCount = clinic.reviewCount ?? parseReviews(clinic.reviews).reviewCount;
  const address = compact({
    "@type": "PostalAddress",
    streetAddress: clinic.street || clinic.fullAddress,
    addressLocality: clinic.city,
    addressRegion: clinic.state,
    postalCode: clinic.postalCode,
    addressCountry: clinic.country,
  });
  const hasGeo = clinic.latitude != null && clinic.longitude != null;
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
    priceRange: "$$-$$$",
    aggregateRating: reviewCount > 0 ? { "@type": "AggregateRating", ratingValue: 5, reviewCount } : undefined,
  });
}

function compact(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v != null && v !== ""));
}
