/**
 * How a changed field and its value read to a person: the audit log's table (decision 278), the
 * Suggested Edits queue and the owners' mails show values through these, so one value reads the
 * same everywhere. Zod-free.
 */
import { BRAND_LABELS, formatCents, type PriceBrand } from "./price-format.ts";
import { BUSINESS_STATUS_LABELS, type BusinessStatus } from "./status.ts";

/** Labels of the fields people meet most; any other field is its name in words. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  phone: "Phone",
  site: "Website",
  fullAddress: "Address",
  category: "Category",
  street: "Street",
  postalCode: "ZIP code",
  workingHours: "Hours",
  businessStatus: "Status",
  locationLink: "Map link",
  streetView: "Street view",
  photo: "Photo",
  bookingUrl: "Booking link",
  photoOrder: "Photo order",
  lastVerifiedOn: "Checked on",
  reviewCount: "Number of reviews",
  unitPriceCents: "Price per unit",
  priceCents: "Price",
  areaPriceCents: "Area price",
  newPatientsOnly: "New patients only",
  evidenceUrl: "Evidence link",
  observedOn: "Observed on",
  verifiedOn: "Verified on",
  startsOn: "Starts on",
  endsOn: "Ends on",
  sourceUrl: "Source link",
  npi: "NPI",
  licenseState: "Licence state",
  licenseNumber: "Licence number",
  licenseStatus: "Licence status",
  verifiedVia: "Checked through",
  verifiedBy: "Checked by",
};

/** "unitPriceCents" → "Price per unit"; an unknown "someField" → "Some field". */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Hours as stored: day → hours text (or a list of ranges), or `{ text }` as given. */
function hoursText(v: Record<string, unknown>): string {
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === "text" && typeof v.text === "string") return v.text;
  return Object.entries(v)
    .map(
      ([day, hours]) =>
        `${day}: ${Array.isArray(hours) ? hours.join(", ") : hours == null ? "closed" : typeof hours === "string" ? hours : JSON.stringify(hours)}`,
    )
    .join("\n");
}

/** A field's value as text: none as "—", money in dollars, hours as one line per day, statuses and brands by their labels. */
export function auditValueText(field: string, value: unknown): string {
  if (value == null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "workingHours" && isRecord(value)) return hoursText(value);
  if (typeof value === "number" && /Cents$/.test(field)) return formatCents(value);
  if (field === "businessStatus" && typeof value === "string") return BUSINESS_STATUS_LABELS[value as BusinessStatus] ?? value;
  if (field === "brand" && typeof value === "string") return BRAND_LABELS[value as PriceBrand] ?? value;
  if (Array.isArray(value)) return value.map((v) => (isRecord(v) ? JSON.stringify(v) : String(v))).join(", ");
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}
