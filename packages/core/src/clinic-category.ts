/**
 * A clinic's one category (decision 301): what kind of place it is, as directories such as
 * Google Business Profile give each business one primary category. The stored value is the
 * label itself, so the API, the database's check and the page read the same words. Zod-free,
 * so the site's islands can import it.
 */
export const CLINIC_CATEGORIES = ["Medical spa", "Dermatology practice", "Plastic surgery practice", "Aesthetic clinic", "Other"] as const;
export type ClinicCategory = (typeof CLINIC_CATEGORIES)[number];

/** A category written in any case or spacing ("medical  SPA") → its canonical label; undefined for anything else. */
export function normalizeClinicCategory(value: unknown): ClinicCategory | undefined {
  if (typeof value !== "string") return undefined;
  const wanted = value.trim().replace(/\s+/g, " ").toLowerCase();
  return CLINIC_CATEGORIES.find((c) => c.toLowerCase() === wanted);
}
