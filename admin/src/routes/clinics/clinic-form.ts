/** The clinic form's state, the clinic it starts from, its checks (core's clinicInputSchema) and the request body. */
import { clinicInputSchema, fieldErrors, normalizeBusinessStatus, type Clinic } from "@botox/core";

export interface ClinicFormState {
  name: string;
  slug: string;
  businessStatus: string;
  site: string;
  phone: string;
  fullAddress: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  latitude: string;
  longitude: string;
  reviews: string;
  photo: string;
  streetView: string;
  workingHours: string;
  locationLink: string;
  /** "YYYY-MM-DD" or "" (never checked). */
  lastVerifiedOn: string;
}
export type ClinicFieldName = keyof ClinicFormState;

export const emptyClinicForm: ClinicFormState = {
  name: "",
  slug: "",
  businessStatus: "OPERATIONAL",
  site: "",
  phone: "",
  fullAddress: "",
  street: "",
  city: "",
  state: "",
  postalCode: "",
  country: "USA",
  latitude: "",
  longitude: "",
  reviews: "",
  photo: "",
  streetView: "",
  workingHours: "",
  locationLink: "",
  lastVerifiedOn: "",
};

const text = (v: string | number | null | undefined) => (v == null ? "" : String(v));

function hoursToText(hours: Clinic["workingHours"]): string {
  if (!hours) return "";
  const entries = Object.entries(hours);
  if (entries.length === 1 && "text" in hours) return String(hours.text);
  return JSON.stringify(hours, null, 2);
}

export function clinicToForm(c: Clinic): ClinicFormState {
  return {
    name: text(c.name),
    slug: text(c.slug),
    businessStatus: normalizeBusinessStatus(c.businessStatus) ?? "OPERATIONAL",
    site: text(c.site ?? c.url),
    phone: text(c.phone),
    fullAddress: text(c.fullAddress),
    street: text(c.street),
    city: text(c.city),
    state: text(c.state),
    postalCode: text(c.postalCode),
    country: text(c.country) || "USA",
    latitude: text(c.latitude),
    longitude: text(c.longitude),
    reviews: text(c.reviews),
    photo: text(c.photo),
    streetView: text(c.streetView),
    workingHours: hoursToText(c.workingHours),
    locationLink: text(c.locationLink),
    lastVerifiedOn: text(c.lastVerifiedOn),
  };
}

/** Working hours as typed: a JSON object when it parses as one, else the text itself. */
function parseHours(value: string): string | Record<string, unknown> | null {
  const t = value.trim();
  if (!t) return null;
  if (t.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON after all: stored as text.
    }
  }
  return t;
}

export function clinicPayload(v: ClinicFormState) {
  return { ...v, reviews: v.reviews.trim() || null, workingHours: parseHours(v.workingHours) };
}

export function validateClinic(v: ClinicFormState): Record<string, string> {
  const parsed = clinicInputSchema.safeParse(clinicPayload(v));
  return parsed.success ? {} : fieldErrors(parsed.error);
}
