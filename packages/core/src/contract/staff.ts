/**
 * The zod schemas of clinic staff, apart from the rules in ../staff.ts so the site's
 * islands can use those without zod. Every failure names the field in words a person can act on.
 */
import { z } from "zod";
import { isIsoDate } from "../price-format.ts";
import {
  LICENSE_STATUSES,
  STAFF_CHECKS,
  STAFF_CREDENTIALS,
  STAFF_MSG,
  STAFF_ROLES,
  STAFF_RULES,
  STAFF_SOURCES,
  isValidNpi,
  parseCredentialList,
} from "../staff.ts";
import { hasUnsafeText, hasUrlUserInfo, safeText } from "../text.ts";

/** "" and null clear an optional field; other values are trimmed text to check. */
const blankToNull = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null));

const nameSchema = safeText({ label: "Name", max: STAFF_RULES.nameMax, required: STAFF_MSG.name });

export const npiSchema = z
  .string({ error: STAFF_MSG.npi })
  .trim()
  .refine((s) => isValidNpi(s), { message: STAFF_MSG.npi });

const licenseStateSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : (v ?? null)),
  z
    .string({ error: STAFF_MSG.licenseState })
    .regex(/^[A-Z]{2}$/, STAFF_MSG.licenseState)
    .nullable(),
);

const licenseNumberSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: STAFF_MSG.licenseNumber })
    .max(STAFF_RULES.licenseNumberMax, STAFF_MSG.licenseNumber)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, STAFF_MSG.licenseNumber)
    .nullable(),
);

/** https only: the page a visitor can open to see the same record. */
export const staffSourceUrlSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: STAFF_MSG.sourceUrl })
    .max(STAFF_RULES.sourceUrlMax, STAFF_MSG.sourceUrl)
    .refine(
      (s) => {
        if (!/^https:\/\//i.test(s) || /\s/.test(s) || hasUnsafeText(s)) return false;
        try {
          const u = new URL(s);
          return u.protocol === "https:" && u.hostname.includes(".") && !hasUrlUserInfo(s);
        } catch {
          return false;
        }
      },
      { message: STAFF_MSG.sourceUrl },
    )
    .nullable(),
);

const verifiedOnSchema = z.preprocess(blankToNull, z.string({ error: STAFF_MSG.verifiedOn }).refine(isIsoDate, { message: STAFF_MSG.verifiedOn }).nullable());

const staffFields = {
  name: nameSchema,
  role: z.enum(STAFF_ROLES, { error: STAFF_MSG.role }),
  credential: z.enum(STAFF_CREDENTIALS, { error: STAFF_MSG.credential }),
  npi: z.preprocess(blankToNull, npiSchema.nullable()).optional(),
  licenseState: licenseStateSchema.optional(),
  licenseNumber: licenseNumberSchema.optional(),
  licenseStatus: z.enum(LICENSE_STATUSES, { error: STAFF_MSG.licenseStatus }).optional(),
  sourceUrl: staffSourceUrlSchema.optional(),
  verifiedOn: verifiedOnSchema.optional(),
};

/** Admin: a new staff member (POST /clinics/{id}/staff). A future verifiedOn is refused by the route (it knows today). */
export const staffInputSchema = z.strictObject(staffFields);
export type StaffInput = z.infer<typeof staffInputSchema>;

/** Admin: some fields of a staff member (PATCH /staff/{id}); the merged row is checked again. */
export const staffPatchSchema = z
  .strictObject({ ...staffFields, name: nameSchema.optional(), role: staffFields.role.optional(), credential: staffFields.credential.optional() })
  .refine((p) => Object.keys(p).length > 0, { message: STAFF_MSG.emptyPatch });
export type StaffPatch = z.infer<typeof staffPatchSchema>;

/** `credential` on zip-search and clinics-by-city: comma-separated, either case; unknown is a 400. */
export const credentialListParam = z.preprocess(
  (v) => {
    if (v == null) return [];
    const joined = Array.isArray(v) ? v.join(",") : v;
    if (typeof joined !== "string") return joined;
    return parseCredentialList(joined) ?? joined;
  },
  z.array(z.enum(STAFF_CREDENTIALS), { error: STAFF_MSG.credentialFilter }),
) as z.ZodType<(typeof STAFF_CREDENTIALS)[number][], unknown>;

/** GET /npi/{number}. */
/** Ten digits (the document's pattern) whose check digit is right; otherwise a 400 naming the NPI rule. */
export const npiParamSchema = z.object({
  number: z
    .string()
    .meta({ pattern: "^[0-9]{10}$" })
    .refine((s) => isValidNpi(s), { message: STAFF_MSG.npi }),
});

// ---- Answers ----

export const staffMemberSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  credential: z.enum(STAFF_CREDENTIALS),
  npi: z.string().nullable(),
  licenseState: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseStatus: z.enum(LICENSE_STATUSES),
  sourceUrl: z.string().nullable(),
  verifiedVia: z
    .enum(STAFF_CHECKS)
    .nullable()
    .describe(
      "npi_registry: the server looked the NPI up and the name, credential, licence number and state matched; null: entered by the clinic/team, not checked",
    ),
  verifiedOn: z.string().nullable().describe("YYYY-MM-DD the server checked the licence (set only with verifiedVia)"),
  verifiedBy: z.string().nullable().describe("Who checked it, in the admin's answers (POST, PATCH); null in the public list"),
  source: z.enum(STAFF_SOURCES).describe("demo: an invented person of the demo data"),
  verification: z.enum(["current", "stale", "none"]).describe("current: checked within 365 days and active; stale: checked longer ago (may be out of date)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
/** What the server's registry check at save time found (POST, PATCH). */
export const registryCheckSchema = z.object({
  checked: z.boolean().describe("true: the row is saved as checked against the NPI Registry"),
  reasons: z.array(z.string()).describe("Why it is saved as entered, not checked (no NPI, a mismatch, the registry unreachable)"),
});
export type RegistryCheck = z.infer<typeof registryCheckSchema>;

export const staffCreatedSchema = z.object({ staff: staffMemberSchema, registryCheck: registryCheckSchema.optional() });

export const npiLookupSchema = z.object({
  npi: z.string(),
  name: z.string(),
  credential: z.enum(STAFF_CREDENTIALS).nullable().describe("The registry's credential text read as one of ours; null when it gives none"),
  credentialText: z.string().nullable().describe("The registry's credential text as given"),
  taxonomies: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      primary: z.boolean(),
      state: z.string().nullable(),
      license: z.string().nullable(),
    }),
  ),
  status: z.enum(LICENSE_STATUSES),
  sourceUrl: z.string().describe("The registry page of this NPI, to give as the staff member's source URL"),
  /** An organisation's (NPI-2) authorized official as the registry gives them; absent for a person. */
  authorizedOfficial: z.object({ name: z.string(), title: z.string().nullable(), phone: z.string().nullable() }).optional(),
});

/** A staff member as the API answers it: the row and its verification on the day asked. */
export type ListedStaffMember = z.infer<typeof staffMemberSchema>;
/** GET /npi/{number}. */
export type NpiLookup = z.infer<typeof npiLookupSchema>;
