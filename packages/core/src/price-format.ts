/**
 * The price words and formats the site's listing cards need (labels, money, dates), apart
 * from the rules in prices.ts: a card loads this small module only, not the price index and
 * validation messages (page-weight budget). prices.ts re-exports everything here.
 */

export const PRICE_BRANDS = ["botox", "dysport", "xeomin", "jeuveau", "daxxify", "letybo", "other"] as const;
export type PriceBrand = (typeof PRICE_BRANDS)[number];
export const PRICE_MODELS = ["per_unit", "per_area", "package", "membership"] as const;
export type PriceModel = (typeof PRICE_MODELS)[number];
export const PRICE_AREAS = ["forehead", "frown_lines", "crows_feet", "masseter", "full_face", "lip_flip", "other"] as const;
export type PriceArea = (typeof PRICE_AREAS)[number];
export const PRICE_SOURCES = ["clinic", "phone", "website", "patient_report", "demo"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_STATUSES = ["published", "pending", "rejected"] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

export const BRAND_LABELS: Record<PriceBrand, string> = {
  botox: "Botox",
  dysport: "Dysport",
  xeomin: "Xeomin",
  jeuveau: "Jeuveau",
  daxxify: "Daxxify",
  letybo: "Letybo",
  other: "Other",
};
export const AREA_LABELS: Record<PriceArea, string> = {
  forehead: "Forehead",
  frown_lines: "Frown lines",
  crows_feet: "Crow's feet",
  masseter: "Masseter",
  full_face: "Full face",
  lip_flip: "Lip flip",
  other: "Other area",
};
export const MODEL_LABELS: Record<PriceModel, string> = {
  per_unit: "Per unit",
  per_area: "Per area",
  package: "Package",
  membership: "Membership",
};
/** Read after the price: "Botox $13/unit, checked by phone 2 Nov 2026". */
export const SOURCE_LABELS: Record<PriceSource, string> = {
  clinic: "from the clinic",
  phone: "checked by phone",
  website: "from the clinic's website",
  patient_report: "reported by a visitor",
  demo: "demo data",
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a "YYYY-MM-DD", or NaN when it is not a real date. */
export function dateValue(iso: string): number {
  const m = ISO_DATE.exec(iso);
  if (!m) return Number.NaN;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === iso ? t : Number.NaN;
}

export const isIsoDate = (s: string): boolean => !Number.isNaN(dateValue(s));

/**
 * "1,234": a whole number grouped in thousands as en-US writes it. Not `toLocaleString("en-US")`,
 * which builds a new Intl formatter on every call: a listing's cards call this dozens of times
 * while an island hydrates, and those formatters were among the largest items of the home
 * page's script time (decision 305).
 */
const groupThousands = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ",");

/** "$13" for whole dollars, else "$12.50". */
export function formatCents(cents: number): string {
  const dollars = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? "-" : "";
  const whole = groupThousands(dollars);
  return rest === 0 ? `${sign}$${whole}` : `${sign}$${whole}.${String(rest).padStart(2, "0")}`;
}

export const formatUnitPrice = (cents: number): string => `${formatCents(cents)}/unit`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2 Nov 2026". */
export function formatPriceDate(iso: string): string {
  const t = dateValue(iso);
  if (Number.isNaN(t)) return "";
  const d = new Date(t);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Nov 2026" (also for a "YYYY-MM"). */
export function formatPriceMonth(iso: string): string {
  const t = dateValue(iso.length === 7 ? `${iso}-01` : iso);
  if (Number.isNaN(t)) return "";
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A visitor's report names a month, not a day (it is stored as the month's first day): "reported
 * for November 2026 by a visitor", never "checked 1 Nov 2026" nor the clinic's own price.
 */
export function reportedFor(observedOn: string): string {
  const t = dateValue(observedOn.length === 7 ? `${observedOn}-01` : observedOn);
  if (Number.isNaN(t)) return "reported by a visitor";
  const d = new Date(t);
  return `reported for ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()} by a visitor`;
}

// The age rules the listing cards need, here rather than in prices.ts so the site's islands
// load no more of the price rules than these (page-weight budget).
const DAY_MS = 86_400_000;
/** Older than this many days, a price shows "may be out of date" (PRICE_RULES.outOfDateDays). */
export const OUT_OF_DATE_DAYS = 180;
export const MAY_BE_OUT_OF_DATE = "may be out of date";

/** "YYYY-MM-DD" of an instant, in UTC. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Whole days from `observedOn` to `today` (negative for a future date). */
export function priceAgeDays(observedOn: string, today: string): number {
  return Math.round((dateValue(today) - dateValue(observedOn)) / DAY_MS);
}

/** Shows "may be out of date" (pass `priceCheckedOn(p)`, or `p.checkedOn`). */
export const isPriceOutOfDate = (observedOn: string, today: string): boolean => priceAgeDays(observedOn, today) > OUT_OF_DATE_DAYS;
