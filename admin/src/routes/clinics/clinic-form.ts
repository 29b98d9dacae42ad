/** The clinic form's state, the clinic it starts from, its checks (core's adminClinicInputSchema) and the request body. */
import { CLINIC_CATEGORIES, adminClinicInputSchema, fieldErrors, normalizeBusinessStatus, type Clinic } from "@botox/core";
import { closedWeek, dayError, hoursFromWeek, hoursModeOf, weekFromHours, type HoursMode, type WeekHours } from "./hours-editor.ts";

export interface ClinicFormState {
  name: string;
  slug: string;
  businessStatus: string;
  /** One of CLINIC_CATEGORIES, or "" while unknown (decision 301). */
  category: string;
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
  /** The free text of hours saved as text (mode "text"). */
  workingHours: string;
  locationLink: string;
  /** "YYYY-MM-DD" or "" (never checked). */
  lastVerifiedOn: string;
  /** HoursMode: "none", "week" (the per-day editor) or "text". */
  hoursMode: string;
  /** The per-day editor's week, as JSON (WeekHours). */
  hoursWeek: string;
}
export type ClinicFieldName = keyof ClinicFormState;

/** The category selects' choices (team and owner): "" (not known, sent as null) first, then the list. */
export const CATEGORY_CHOICES = ["", ...CLINIC_CATEGORIES] as const;
export const categoryChoiceLabel = (c: (typeof CATEGORY_CHOICES)[number]): string => c || "Not known";

export const emptyClinicForm: ClinicFormState = {
  name: "",
  slug: "",
  businessStatus: "OPERATIONAL",
  category: "",
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
  hoursMode: "none",
  hoursWeek: JSON.stringify(closedWeek()),
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
    category: text(c.category),
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
    hoursMode: hoursModeOf(c.workingHours),
    hoursWeek: JSON.stringify(weekFromHours(c.workingHours) ?? closedWeek()),
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

export const hoursModeOfForm = (v: ClinicFormState): HoursMode => (v.hoursMode === "week" || v.hoursMode === "text" ? v.hoursMode : "none");

/** The editor's week (a damaged draft reads as a closed week). */
export function weekOfForm(v: ClinicFormState): WeekHours {
  try {
    const week: unknown = JSON.parse(v.hoursWeek);
    if (Array.isArray(week) && week.length === 7) return week as WeekHours;
  } catch {
    // A draft from before the editor, or edited by hand.
  }
  return closedWeek();
}

/** The week's hours; the clinic's own text when it reads as the same week (a save that did not touch the hours rewrites nothing). */
function weekHours(v: ClinicFormState): string | Record<string, unknown> | null {
  const week = weekOfForm(v);
  const original = parseHours(v.workingHours);
  const same = original != null && JSON.stringify(weekFromHours(original)) === JSON.stringify(week);
  return same ? original : hoursFromWeek(week);
}

export function clinicPayload(v: ClinicFormState) {
  const { hoursMode: _mode, hoursWeek: _week, ...fields } = v;
  const mode = hoursModeOfForm(v);
  const hours = mode === "week" ? weekHours(v) : mode === "text" ? parseHours(v.workingHours) : null;
  // Free text goes out flagged: the API refuses unreadable hours otherwise.
  return { ...fields, reviews: v.reviews.trim() || null, workingHours: hours, ...(mode === "text" ? { workingHoursAsText: true } : {}) };
}

export function validateClinic(v: ClinicFormState): Record<string, string> {
  const parsed = adminClinicInputSchema.safeParse(clinicPayload(v));
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const dayProblem =
    hoursModeOfForm(v) === "week"
      ? weekOfForm(v)
          .map(dayError)
          .find((e) => e != null)
      : undefined;
  return dayProblem ? { ...errors, workingHours: dayProblem } : errors;
}
