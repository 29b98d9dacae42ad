/**
 * The one clinic write path: a validated clinic input (packages/core
 * clinicInputSchema) → the row every writer stores. The admin routes and the import both go
 * through `toClinicRow`, so a rule such as coordinate rounding cannot differ between them
 * again (the import once stored 1e-320 as is, and PostgreSQL's distance arithmetic then
 * failed with "value out of range: underflow" for every search near latitude 0).
 */
import { MSG, normalizeWorkingHours, parseReviews, toClinicSlug, toLinkSlug, type ClinicInput } from "@botox/core";
import { deriveClinicColumns, type DerivedClinicColumns } from "./clinic-derived.ts";
import type { clinics } from "./schema.ts";

/** Decimals a stored coordinate keeps: 7 is about 1 cm, more is noise. */
const COORDINATE_DECIMALS = 7;
const COORDINATE_SCALE = 10 ** COORDINATE_DECIMALS;

/**
 * A coordinate as stored: rounded to COORDINATE_DECIMALS, so subnormal values (1e-320)
 * become 0 and never reach ll_to_earth or the haversine; `+ 0` turns -0 into 0.
 * @internal Exported for its tests.
 */
export function roundCoordinate(n: number | null | undefined): number | null {
  return n == null ? null : Math.round(n * COORDINATE_SCALE) / COORDINATE_SCALE + 0;
}

/** A field the input lacks for a row, with the spec's message (product.md §5), as a form shows it. */
interface ClinicRowIssue {
  path: "city" | "name";
  message: string;
}

type ClinicRowResult = { ok: true; row: ClinicRow } | { ok: false; issue: ClinicRowIssue };

/**
 * Columns no clinic input gives: the id and timestamps (the database's), the import's source
 * key (import-map.ts adds it), the owner's booking link and what its checks found (decision
 * 299) and whether the clinic is claimed (the owners' part, never a clinic form's) and the columns derived from the others
 * (clinic-derived.ts).
 */
type NotFromInput =
  | "id"
  | "createdAt"
  | "updatedAt"
  | "sourceKey"
  | "bookingUrl"
  | "bookingUrlCheckedAt"
  | "bookingUrlFailures"
  | "bookingUrlFailingSince"
  | "description"
  | "claimed"
  | keyof DerivedClinicColumns;

/**
 * Every other column of the table, each one named: a column added to `clinics` fails the type
 * check here until the input gives it (an absent optional field is `undefined`, which drizzle
 * skips).
 */
type ColumnsFromInput = { [K in Exclude<keyof typeof clinics.$inferInsert, NotFromInput>]-?: (typeof clinics.$inferInsert)[K] };

/** The stored columns a clinic input gives (without the derived ones). */
function columnsOf(input: ClinicInput, citySlug: string, slug: string) {
  const { rating, reviewCount } = parseReviews(input.reviews);
  return {
    name: input.name,
    slug,
    site: input.site,
    phone: input.phone,
    fullAddress: input.fullAddress,
    street: input.street,
    city: input.city,
    citySlug,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    latitude: roundCoordinate(input.latitude),
    longitude: roundCoordinate(input.longitude),
    rating,
    reviewCount,
    photo: input.photo,
    streetView: input.streetView,
    workingHours: normalizeWorkingHours(input.workingHours),
    businessStatus: input.businessStatus,
    // Absent (undefined) keeps the stored category, like the checked day below.
    category: input.category,
    locationLink: input.locationLink,
    // Absent (undefined) leaves the stored day unchanged: drizzle skips undefined columns.
    lastVerifiedOn: input.lastVerifiedOn,
  } satisfies ColumnsFromInput;
}

/** Every column a clinic write sets, derived ones included (not the id, timestamps or import key). */
export type ClinicRow = ReturnType<typeof columnsOf> & DerivedClinicColumns;

/**
 * Input → row: city slug from the city, slug from name + city when none is given, reviews
 * text parsed to rating and count, hours normalized, coordinates rounded, and the derived
 * columns (time zone, weekly open minutes) computed from what is stored. A slug here is the
 * wanted one; whether it is free in its city is the writer's concern (409 in the admin, -2,
 * -3… in the import).
 */
export function toClinicRow(input: ClinicInput): ClinicRowResult {
  const citySlug = toLinkSlug(input.city);
  if (!citySlug) return { ok: false, issue: { path: "city", message: MSG.validation.cityRequired } };
  const slug = input.slug ?? toClinicSlug(input.name, input.city);
  if (!slug) return { ok: false, issue: { path: "name", message: MSG.validation.nameRequired } };
  const stored = columnsOf(input, citySlug, slug);
  return { ok: true, row: { ...stored, ...deriveClinicColumns(stored) } };
}
