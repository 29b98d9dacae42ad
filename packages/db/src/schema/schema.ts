import { sql } from "drizzle-orm";
import {
  customType,
  bigserial,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SLUG_CONSTRAINTS } from "./slug-conflict.ts";
import { AUDIT_ENTITIES, CLINIC_CATEGORIES, type StaffCheck } from "@botox/core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's int4multirange, as its text literal ("{[600,1140),[2040,2580)}"). */
/** Binary data (a claim's document): a Buffer in and out. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

const int4multirange = customType<{ data: string; driverData: string }>({
  dataType: () => "int4multirange",
});

/** One canonical business status (architecture.md §4); the API accepts either case. */
export const businessStatus = pgEnum("business_status", ["OPERATIONAL", "CLOSED_TEMPORARILY", "PERMANENTLY_CLOSED"]);

export const clinics = pgTable(
  "clinics",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    site: text("site"),
    phone: text("phone"),
    fullAddress: text("full_address"),
    street: text("street"),
    city: text("city").notNull(),
    /** Link-slug of `city` (product.md §1 slug rule); the key of the city routes. */
    citySlug: text("city_slug").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("USA"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Normalized from the spec's free-form `reviews` input. */
    rating: real("rating"),
    reviewCount: integer("review_count").notNull().default(0),
    photo: text("photo"),
    streetView: text("street_view"),
    /** Day → hours text, or `{ "text": "..." }` when the source gave plain text. */
    workingHours: jsonb("working_hours"),
    businessStatus: businessStatus("business_status").notNull().default("OPERATIONAL"),
    /** One of packages/core CLINIC_CATEGORIES (decision 301); null while unknown. */
    category: text("category", { enum: CLINIC_CATEGORIES }),
    locationLink: text("location_link"),
    /** IANA zone from the coordinates (clinic-derived.ts), re-derived whenever they change. */
    timeZone: text("time_zone"),
    /** Weekly open hours in local minutes of the week (Sunday 00:00 = 0); null when unknown. */
    openMinutes: int4multirange("open_minutes"),
    /** The day the listing's details were last checked; null when never. */
    lastVerifiedOn: date("last_verified_on", { mode: "string" }),
    /** Stable key of an imported row (location link, else name+address), so re-imports upsert. */
    sourceKey: text("source_key"),
    /** The clinic's online booking link, set by its owner or the team (decision 282); null when none. */
    bookingUrl: text("booking_url"),
    /** When the booking link was last asked (saved, or re-checked daily: decision 299); null when never. */
    bookingUrlCheckedAt: timestamp("booking_url_checked_at", { withTimezone: true }),
    /** Re-checks in a row the link did not answer; from BOOKING_LINK_RECHECK.hideAfterFailures it is not shown. */
    bookingUrlFailures: integer("booking_url_failures").notNull().default(0),
    /** When the first of those failed checks ran; null while the link answers. */
    bookingUrlFailingSince: timestamp("booking_url_failing_since", { withTimezone: true }),
    /** The clinic's own words about itself, plain text (decision 282); null when none. */
    description: text("description"),
    /** Whether the clinic has an owner (clinic_owners); kept by a trigger there (migration 0025). */
    claimed: boolean("claimed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex(SLUG_CONSTRAINTS.clinic).on(t.citySlug, t.slug),
    uniqueIndex("clinics_source_key_key").on(t.sourceKey),
    // packages/core CLINIC_TEXT.descriptionMax: the API refuses longer with a message first.
    check("clinics_description_length_check", sql`char_length(${t.description}) <= 1500`),
    // Decision 301: the list is packages/core's; a category added there needs a migration here.
    check("clinics_category_check", sql.raw(`"clinics"."category" IN (${CLINIC_CATEGORIES.map((c) => `'${c}'`).join(", ")})`)),
    // Migration 0003 gives this index INCLUDE columns (id, state, coordinates, status, reviews,
    // rating, name), which drizzle-kit cannot express: a city's page is ranked from it alone.
    index("clinics_city_slug_idx").on(t.citySlug),
    // /clinic/{slug} (no city) resolves a clinic by slug alone.
    index("clinics_slug_idx").on(t.slug),
    index("clinics_postal_code_idx").on(t.postalCode),
    index("clinics_status_idx").on(t.businessStatus),
    index("clinics_updated_at_idx").on(t.updatedAt),
    // The daily re-check of booking links takes the oldest checked first (decision 299).
    index("clinics_booking_url_checked_idx")
      .on(t.bookingUrlCheckedAt)
      .where(sql`${t.bookingUrl} IS NOT NULL`),
    // Pages near a point come in KNN order (ll_to_earth(lat, lon) <-> origin). Migration 0003
    // adds INCLUDE (id, latitude, longitude, business_status), so nearest-first ids are
    // index-only scans. Radius counts and filters read clinics_point_idx instead (migration
    // 0017: point(longitude, latitude) with the same INCLUDE, which drizzle-kit cannot express).
    index("clinics_earth_idx")
      .using("gist", sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} IS NOT NULL AND ${t.longitude} IS NOT NULL`),
  ],
);

/** US ZIP centroids with city and state (from the `zipcodes` package). */
export const zipCodes = pgTable(
  "zip_codes",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (t) => [index("zip_codes_city_state_idx").on(t.city, t.state), index("zip_codes_lower_city_state_idx").on(sql`lower(${t.city})`, t.state)],
);

export const ratingEmoji = pgEnum("rating_emoji", ["love-eyes", "smile", "neutral", "sad", "angry"]);

export const ratings = pgTable(
  "ratings",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    emoji: ratingEmoji("emoji").notNull(),
    comment: text("comment"),
    /** Random id from the visitor cookie. */
    visitorId: text("visitor_id").notNull(),
    /** HMAC of the client's per-visitor key (IPv4 address, IPv6 /64; core addressKey): the 30-day cap. Never the address itself. */
    addressHash: text("address_hash").notNull(),
    /** HMAC of the client's network (IPv4 /24, IPv6 /48; core addressKey): the markup's distinct networks. */
    networkHash: text("network_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ratings_clinic_visitor_key").on(t.clinicId, t.visitorId),
    index("ratings_clinic_address_created_idx").on(t.clinicId, t.addressHash, t.createdAt),
    index("ratings_clinic_network_created_idx").on(t.clinicId, t.networkHash, t.createdAt),
  ],
);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    zipCode: text("zip_code"),
    firstName: text("first_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("newsletter_email_key").on(sql`lower(${t.email})`)],
);

export const blogCategories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(SLUG_CONSTRAINTS.category),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(SLUG_CONSTRAINTS.post),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    author: text("author").notNull().default("Botox Near Me Team"),
    featuredImage: text("featured_image"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    published: boolean("published").notNull().default(false),
    // Deleting a category leaves its posts uncategorized (product.md §3).
    categoryId: integer("category_id").references(() => blogCategories.id, { onDelete: "set null" }),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: text("keywords"),
    noIndex: boolean("no_index").notNull().default(false),
    estimatedReadTime: integer("estimated_read_time"),
  },
  (t) => [index("blog_posts_published_idx").on(t.published, t.publishedAt), index("blog_posts_category_idx").on(t.categoryId)],
);

export const adminUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique("admin_users_username_key"),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/**
 * A clinic owner's account: an address; they sign in with an emailed one-time link, or a
 * password if they set one, and an optional second factor (migration 0028, decision 286).
 */
export const owners = pgTable(
  "owners",
  {
    id: serial("id").primaryKey(),
    /** Lower case, so one address is one account. */
    email: text("email").notNull().unique("owners_email_key"),
    /** argon2id, as the team's; null until the owner sets a password. */
    passwordHash: text("password_hash"),
    /** The TOTP key (RFC 6238), encrypted with a key derived from APP_SECRET; null when none. */
    totpSecret: text("totp_secret"),
    /** When the second factor was turned on; a key without it is one being set up. */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [check("owners_email_lower_check", sql`${t.email} = lower(${t.email})`)],
);

/**
 * Lucia-style sessions: `id` is the SHA-256 (hex) of the token; the token is never stored.
 * A session is the team's (`admin`, user_id) or a clinic owner's (`owner`, owner_id).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "owner"] })
      .notNull()
      .default("admin"),
    ownerId: integer("owner_id").references(() => owners.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Idle expiry, pushed forward on use; capped by the absolute lifetime from createdAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_owner_idx").on(t.ownerId),
    check(
      "sessions_role_check",
      sql`(${t.role} = 'admin' AND ${t.userId} IS NOT NULL AND ${t.ownerId} IS NULL) OR (${t.role} = 'owner' AND ${t.ownerId} IS NOT NULL AND ${t.userId} IS NULL)`,
    ),
  ],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: createdAt(),
  readAt: timestamp("read_at", { withTimezone: true }),
  handledAt: timestamp("handled_at", { withTimezone: true }),
});

/** Every content write appends a row; the publisher rebuilds when rows exist past its watermark. */
export const contentChanges = pgTable("content_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  entity: text("entity").notNull(),
  entityId: integer("entity_id"),
  action: text("action").notNull(),
  createdAt: createdAt(),
});

export const publishBuildStatus = pgEnum("publish_build_status", ["queued", "running", "succeeded", "failed"]);

export const publishBuilds = pgTable(
  "publish_builds",
  {
    id: serial("id").primaryKey(),
    status: publishBuildStatus("status").notNull().default("queued"),
    trigger: text("trigger").notNull(),
    /** Highest content_changes.id this build includes. */
    changeWatermark: bigint("change_watermark", { mode: "number" }).notNull().default(0),
    folder: text("folder"),
    live: boolean("live").notNull().default(false),
    /**
     * A full build past its claim, building beside targeted publishes without the publish lock
     * (decision 208): one at a time; it takes the lock back to catch up and switch.
     */
    background: boolean("background").notNull().default(false),
    pageCount: integer("page_count"),
    durationMs: integer("duration_ms"),
    log: text("log").notNull().default(""),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("publish_builds_created_idx").on(t.createdAt)],
);

// ---- Prices (migration 0004) ----
export const priceBrand = pgEnum("price_brand", ["botox", "dysport", "xeomin", "jeuveau", "daxxify", "letybo", "other"]);
export const priceModel = pgEnum("price_model", ["per_unit", "per_area", "package", "membership"]);
export const priceArea = pgEnum("price_area", ["forehead", "frown_lines", "crows_feet", "masseter", "full_face", "lip_flip", "other"]);
export const priceSource = pgEnum("price_source", ["clinic", "phone", "website", "patient_report", "demo"]);
export const priceStatus = pgEnum("price_status", ["published", "pending", "rejected"]);

export const clinicPrices = pgTable(
  "clinic_prices",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    brand: priceBrand("brand").notNull(),
    model: priceModel("model").notNull(),
    unitPriceCents: integer("unit_price_cents"),
    area: priceArea("area"),
    /** The area's, package's or membership's price. */
    priceCents: integer("price_cents"),
    /** Units included, when known. */
    units: integer("units"),
    /** Written with the row from packages/core `perUnitCents`: searches filter and sort on it. */
    perUnitCents: integer("per_unit_cents"),
    conditions: text("conditions"),
    newPatientsOnly: boolean("new_patients_only").notNull().default(false),
    source: priceSource("source").notNull(),
    evidenceUrl: text("evidence_url"),
    observedOn: date("observed_on", { mode: "string" }).notNull(),
    verifiedOn: date("verified_on", { mode: "string" }),
    /** The later of observed_on and verified_on (packages/core priceCheckedOn): every age rule reads it. */
    checkedOn: date("checked_on", { mode: "string" }).generatedAlwaysAs(sql`GREATEST("clinic_prices"."observed_on", "clinic_prices"."verified_on")`),
    status: priceStatus("status").notNull().default("published"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "clinic_prices_amounts_check",
      sql`(${t.unitPriceCents} IS NULL OR ${t.unitPriceCents} > 0) AND (${t.priceCents} IS NULL OR ${t.priceCents} > 0) AND (${t.units} IS NULL OR ${t.units} > 0) AND (${t.perUnitCents} IS NULL OR ${t.perUnitCents} > 0)`,
    ),
    check(
      "clinic_prices_model_check",
      sql`CASE ${t.model} WHEN 'per_unit' THEN ${t.unitPriceCents} IS NOT NULL WHEN 'per_area' THEN ${t.priceCents} IS NOT NULL AND ${t.area} IS NOT NULL ELSE ${t.priceCents} IS NOT NULL END`,
    ),
    index("clinic_prices_clinic_idx").on(t.clinicId, t.checkedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Migration 0004 adds INCLUDE (per_unit_cents, observed_on, source): a clinic's current price is one probe.
    index("clinic_prices_current_idx")
      .on(t.clinicId, t.brand, t.checkedOn.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published' AND ${t.perUnitCents} IS NOT NULL`),
    index("clinic_prices_status_idx").on(t.status, t.checkedOn),
  ],
);

/**
 * Each clinic's newest published per-unit price of each brand (migration 0007): kept by a
 * trigger on clinic_prices, so every write path (admin, import, seed, report review) keeps it
 * right. Whether it is still current (at most 365 days old) is decided at query time from
 * checked_on. Searches filter and sort by price through it instead of probing clinic_prices
 * once per clinic, which at "any distance" meant once per located clinic. Migration 0014 adds
 * clinic_current_prices_covering_idx ((clinic_id, brand) INCLUDE every other column; drizzle-kit
 * cannot express INCLUDE), so a search's probes per clinic are index-only.
 */
export const clinicCurrentPrices = pgTable(
  "clinic_current_prices",
  {
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    brand: priceBrand("brand").notNull(),
    priceId: integer("price_id").notNull(),
    perUnitCents: integer("per_unit_cents").notNull(),
    checkedOn: date("checked_on", { mode: "string" }).notNull(),
    // The clinic's place (migration 0018, decision 215), kept by the same function and by a
    // trigger on clinics: an area's prices are read from this table alone, through
    // clinic_current_prices_point_idx (point(longitude, latitude)) and _city_idx (city_slug,
    // brand), both with INCLUDE columns drizzle-kit cannot express.
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    businessStatus: businessStatus("business_status").notNull(),
    citySlug: text("city_slug").notNull(),
    state: text("state").notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.brand] }), index("clinic_current_prices_unit_idx").on(t.brand, t.perUnitCents, t.checkedOn)],
);

export const priceReports = pgTable(
  "price_reports",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    brand: priceBrand("brand").notNull(),
    area: priceArea("area"),
    units: integer("units"),
    totalCents: integer("total_cents").notNull(),
    /** First day of the month treated. */
    treatedMonth: date("treated_month", { mode: "string" }).notNull(),
    /** First day of the month reported (UTC): one report per visitor per clinic per month. */
    reportMonth: date("report_month", { mode: "string" }).notNull(),
    visitorId: text("visitor_id").notNull(),
    addressHash: text("address_hash").notNull(),
    status: priceStatus("status").notNull().default("pending"),
    reason: text("reason"),
    /** The patient_report price a published report became. */
    priceId: integer("price_id").references(() => clinicPrices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    check("price_reports_amounts_check", sql`${t.totalCents} > 0 AND (${t.units} IS NULL OR ${t.units} > 0)`),
    uniqueIndex("price_reports_clinic_visitor_month_key").on(t.clinicId, t.visitorId, t.reportMonth),
    uniqueIndex("price_reports_clinic_address_month_key").on(t.clinicId, t.addressHash, t.reportMonth),
    index("price_reports_status_idx").on(t.status, t.createdAt),
  ],
);

// ---- Deals (migration 0010) ----
export const dealModel = pgEnum("deal_model", ["per_unit", "per_area"]);

/**
 * A clinic's time-limited offer. Its brand, per-unit price (stated, or an area price over the
 * units it includes) and end date are required so it can be compared with the local index;
 * the API refuses a deal without them rather than storing one that cannot be compared.
 */
export const clinicDeals = pgTable(
  "clinic_deals",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    brand: priceBrand("brand").notNull(),
    model: dealModel("model").notNull(),
    unitPriceCents: integer("unit_price_cents"),
    area: priceArea("area"),
    areaPriceCents: integer("area_price_cents"),
    units: integer("units"),
    /** packages/core `dealPerUnitCents`, written with the row. */
    perUnitCents: integer("per_unit_cents").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** The deal's last day. */
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    conditions: text("conditions"),
    newPatientsOnly: boolean("new_patients_only").notNull().default(false),
    sourceUrl: text("source_url"),
    /** A seeded demo offer (migration 0022): shown as demo data, never as a clinic's real deal. */
    demo: boolean("demo").notNull().default(false),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "clinic_deals_shape_check",
      sql`CASE ${t.model} WHEN 'per_unit' THEN ${t.unitPriceCents} IS NOT NULL WHEN 'per_area' THEN ${t.area} IS NOT NULL AND ${t.areaPriceCents} IS NOT NULL AND ${t.units} IS NOT NULL END`,
    ),
    check(
      "clinic_deals_amounts_check",
      sql`${t.perUnitCents} > 0 AND (${t.unitPriceCents} IS NULL OR ${t.unitPriceCents} > 0) AND (${t.areaPriceCents} IS NULL OR ${t.areaPriceCents} > 0) AND (${t.units} IS NULL OR ${t.units} > 0)`,
    ),
    check("clinic_deals_dates_check", sql`${t.endsOn} >= ${t.startsOn} AND ${t.endsOn} <= ${t.startsOn} + 180`),
    check("clinic_deals_brand_check", sql`${t.brand} <> 'other'`),
    index("clinic_deals_clinic_idx").on(t.clinicId, t.endsOn),
    index("clinic_deals_running_idx").on(t.endsOn, t.startsOn),
  ],
);

// ---- Who injects here ----

export const staffRole = pgEnum("staff_role", ["medical_director", "injector"]);
export const staffCredential = pgEnum("staff_credential", ["MD", "DO", "NP", "PA", "RN", "other"]);
export const licenseStatus = pgEnum("license_status", ["active", "inactive", "unknown"]);
/** Who entered the row: demo rows are the demo seed's invented people. */
export const staffSource = pgEnum("staff_source", ["admin", "import", "demo"]);

/** A clinic's medical director or injector, with the licence we checked and when (migration 0008). */
export const clinicStaff = pgTable(
  "clinic_staff",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: staffRole("role").notNull(),
    credential: staffCredential("credential").notNull(),
    npi: text("npi"),
    licenseState: text("license_state"),
    licenseNumber: text("license_number"),
    licenseStatus: licenseStatus("license_status").notNull().default("unknown"),
    /** The state board's or registry's page that was checked (https only). */
    sourceUrl: text("source_url"),
    /**
     * How the server checked the row (migration 0023, decision 236): "npi_registry" when it looked
     * the NPI up itself and the saved name, credential, licence number and state matched; null for
     * a row entered by the clinic or the team and not checked. `verifiedOn` is set only with it.
     */
    verifiedVia: text("verified_via").$type<StaffCheck>(),
    verifiedOn: date("verified_on", { mode: "string" }),
    verifiedBy: text("verified_by"),
    source: staffSource("source").notNull().default("admin"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The clinic's place (migration 0019, decision 217), written only by the triggers
    // clinic_staff_take_place (a row added or moved takes its clinic's) and
    // clinics_keep_places (a clinic that moves, closes or changes city): an area's
    // verified staff are read through clinic_staff_verified_point_idx (point(longitude,
    // latitude)) and _city_idx (city_slug, credential, verified_on), both with INCLUDE columns
    // drizzle-kit cannot express. Never part of a staff member (`staffMemberColumns`).
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    businessStatus: businessStatus("business_status"),
    citySlug: text("city_slug"),
    state: text("state"),
  },
  (t) => [
    check("clinic_staff_npi_check", sql`${t.npi} IS NULL OR ${t.npi} ~ '^[0-9]{10}$'`),
    check("clinic_staff_license_state_check", sql`${t.licenseState} IS NULL OR ${t.licenseState} ~ '^[A-Z]{2}$'`),
    check("clinic_staff_source_url_check", sql`${t.sourceUrl} IS NULL OR ${t.sourceUrl} LIKE 'https://%'`),
    // Only the server's own registry check dates a row, and a demo person is never checked.
    check(
      "clinic_staff_verified_via_check",
      sql`(${t.verifiedVia} IS NULL OR ${t.verifiedVia} = 'npi_registry') AND ((${t.verifiedOn} IS NULL) = (${t.verifiedVia} IS NULL)) AND (${t.source} <> 'demo' OR ${t.verifiedVia} IS NULL)`,
    ),
    index("clinic_staff_clinic_idx").on(t.clinicId, t.role, t.id),
    index("clinic_staff_verified_idx")
      .on(t.clinicId, t.credential, t.verifiedOn)
      .where(sql`${t.licenseStatus} = 'active'`),
    index("clinic_staff_verified_on_idx").on(t.verifiedOn),
  ],
);

// ---- Visitors' suggested edits (migration 0009) ----
export const suggestionStatus = pgEnum("suggestion_status", ["pending", "applied", "rejected"]);

/** A visitor's suggested edit of a listing: nothing of it is public until an admin applies it. */
export const clinicSuggestions = pgTable(
  "clinic_suggestions",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    /** The suggested fields, validated by the admin clinic form's rules (packages/core suggestionChangesSchema). */
    changes: jsonb("changes").notNull(),
    note: text("note"),
    visitorId: text("visitor_id").notNull(),
    addressHash: text("address_hash").notNull(),
    status: suggestionStatus("status").notNull().default("pending"),
    reason: text("reason"),
    /** The clinic owner who sent it (migration 0027, decision 279); null for a visitor's or the team's. */
    ownerId: integer("owner_id").references(() => owners.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("clinic_suggestions_pending_visitor_key")
      .on(t.clinicId, t.visitorId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("clinic_suggestions_pending_address_key")
      .on(t.clinicId, t.addressHash)
      .where(sql`${t.status} = 'pending'`),
    index("clinic_suggestions_status_idx").on(t.status, t.createdAt),
  ],
);

// ---- Clinic owners (migration 0024) ----
/** Which owners manage which clinics: a clinic with a row here is claimed. */
export const clinicOwners = pgTable(
  "clinic_owners",
  {
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.ownerId] }), index("clinic_owners_owner_idx").on(t.ownerId)],
);

/** Emailed one-time sign-in links: only the SHA-256 of the token is kept; single use. */
export const ownerSignInLinks = pgTable(
  "owner_sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("owner_sign_in_links_owner_idx").on(t.ownerId, t.createdAt)],
);

/** One-time recovery codes of an owner's second factor: only their SHA-256 is kept. */
export const ownerRecoveryCodes = pgTable(
  "owner_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("owner_recovery_codes_owner_idx").on(t.ownerId)],
);

/**
 * A first factor passed, the second awaited: the SHA-256 of the token in the browser's
 * cookie, valid a few minutes, for a few tries.
 */
export const ownerSecondFactorTickets = pgTable(
  "owner_second_factor_tickets",
  {
    tokenHash: text("token_hash").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("owner_second_factor_tickets_owner_idx").on(t.ownerId)],
);

// ---- Claims of a listing (migration 0025) ----
/**
 * Someone's claim to run a clinic's listing: proved by a code mailed to an address on the
 * clinic's own domain (`email-domain`), or left to the team (`review`). Only the code's keyed
 * hash is kept.
 */
export const clinicClaims = pgTable(
  "clinic_claims",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** The claimant's role at the clinic, as they gave it. */
    role: text("role").notNull(),
    status: text("status", { enum: ["code-sent", "pending-review", "contested", "verified", "rejected"] }).notNull(),
    method: text("method", { enum: ["email-domain", "review"] }).notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** Keyed hash of the claimant's network (the limits per network and day count these). */
    network: text("network").notNull(),
    /** The team's reason, or why the claim ended by itself. */
    reason: text("reason"),
    ownerId: integer("owner_id").references(() => owners.id, { onDelete: "set null" }),
    decidedBy: integer("decided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** A `contested` claim's end of the window in which the clinic's owners may object (decision 284). */
    contestEndsAt: timestamp("contest_ends_at", { withTimezone: true }),
    /** An owner's objection: the claim then waits for the team. */
    objection: text("objection"),
    objectedBy: integer("objected_by").references(() => owners.id, { onDelete: "set null" }),
    objectedAt: timestamp("objected_at", { withTimezone: true }),
    /** The claimant's evidence (decision 285): a note, and a document (clinic_claim_evidence). */
    note: text("note"),
    /** SHA-256 of the single-use token that lets the claimant upload the document, for an hour. */
    evidenceTokenHash: text("evidence_token_hash"),
    /** The organisation NPI the claimant gave (10 digits, Luhn-checked). */
    npi: text("npi"),
  },
  (t) => [
    check("clinic_claims_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("clinic_claims_status_check", sql`${t.status} IN ('code-sent', 'pending-review', 'contested', 'verified', 'rejected')`),
    check("clinic_claims_method_check", sql`${t.method} IN ('email-domain', 'review')`),
    // One open claim per address and clinic.
    uniqueIndex("clinic_claims_open_key")
      .on(t.clinicId, t.email)
      .where(sql`${t.status} IN ('code-sent', 'pending-review', 'contested')`),
    index("clinic_claims_status_idx").on(t.status, t.createdAt),
    index("clinic_claims_email_idx").on(t.email, t.createdAt),
    index("clinic_claims_network_idx").on(t.network, t.createdAt),
    uniqueIndex("clinic_claims_evidence_token_key").on(t.evidenceTokenHash),
    // The scheduled step finds the contest windows that have ended.
    index("clinic_claims_contest_idx")
      .on(t.contestEndsAt)
      .where(sql`${t.status} = 'contested' AND ${t.objectedAt} IS NULL`),
  ],
);

/**
 * A claim's uploaded document (decision 285), re-encoded as WebP like every upload but kept in
 * the database, apart from the public uploads, and served only to the team.
 */
export const clinicClaimEvidence = pgTable("clinic_claim_evidence", {
  claimId: integer("claim_id")
    .primaryKey()
    .references(() => clinicClaims.id, { onDelete: "cascade" }),
  image: bytea("image").notNull(),
  createdAt: createdAt(),
});

/**
 * An owner's invitation of a co-owner (decision 285): a single-use link, only the SHA-256 of its
 * token kept, valid 7 days.
 */
export const clinicOwnerInvites = pgTable(
  "clinic_owner_invites",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique("clinic_owner_invites_token_key"),
    invitedBy: integer("invited_by").references(() => owners.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("clinic_owner_invites_email_lower_check", sql`${t.email} = lower(${t.email})`),
    index("clinic_owner_invites_clinic_idx").on(t.clinicId, t.createdAt),
    index("clinic_owner_invites_invited_by_idx").on(t.invitedBy, t.createdAt),
  ],
);

// ---- What the listing brings (migration 0026) ----
/**
 * What visitors did on a clinic's page, counted per clinic, ISO week (its Monday, UTC) and kind
 * (decision 277): counts only, nothing about who. One row per clinic, week and kind, raised
 * in place by the beacon's upsert; the kinds are @botox/core's LISTING_EVENT_TYPES.
 */
export const clinicEventCounts = pgTable(
  "clinic_event_counts",
  {
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    type: text("type", { enum: ["view", "call", "website", "directions", "booking", "deal-view"] }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.weekStart, t.type] }),
    check("clinic_event_counts_type_check", sql`${t.type} IN ('view', 'call', 'website', 'directions', 'booking', 'deal-view')`),
    check("clinic_event_counts_monday_check", sql`extract(isodow from ${t.weekStart}) = 1`),
    // The dashboard's totals of a week across every clinic.
    index("clinic_event_counts_week_idx").on(t.weekStart),
  ],
);

// ---- The clinic audit log (migration 0027, decision 278) ----
/**
 * Who changed what of a clinic: one row per changed row of a clinic, its prices, deals, staff
 * or claims, written by triggers on those tables in the writing transaction, only when the
 * writer has said who it is (`botox.audit_actor`, queries/clinic-audit.ts). `fields` are the
 * changed columns, `before` and `after` their values (column names, as stored); `subject`
 * names the row (a price's brand, a staff member's name) without being a change.
 */
export const clinicAudit = pgTable(
  "clinic_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** `admin` (admin_users.id) or `owner` (owners.id); the address is kept as it was then. */
    actorRole: text("actor_role", { enum: ["admin", "owner"] }).notNull(),
    actorId: integer("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: integer("entity_id").notNull(),
    /** The suggested edit an applied change came from. */
    suggestionId: integer("suggestion_id"),
    fields: text("fields").array().notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
    subject: jsonb("subject").notNull(),
  },
  (t) => [check("clinic_audit_actor_role_check", sql`${t.actorRole} IN ('admin', 'owner')`), index("clinic_audit_clinic_idx").on(t.clinicId, t.id)],
);

/**
 * A clinic's photos (migration 0030, decision 283): uploaded by its owners or the team through
 * the upload path (re-encoded WebP under a server-made name), at most 10 per clinic (the API
 * counts under the clinic's row lock), shown on the clinic page in `position` order.
 */
export const clinicPhotos = pgTable(
  "clinic_photos",
  {
    id: serial("id").primaryKey(),
    clinicId: integer("clinic_id")
      .notNull()
      .references(() => clinics.id, { onDelete: "cascade" }),
    /** The stored upload's name (api/src/lib/uploads.ts). */
    uploadName: text("upload_name").notNull(),
    /** Where visitors fetch it: the storage's public URL, or the API's /uploads/{name}. */
    url: text("url").notNull(),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("clinic_photos_clinic_idx").on(t.clinicId, t.position)],
);
