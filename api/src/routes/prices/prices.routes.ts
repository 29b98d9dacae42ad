/**
 * Prices (issue 13): a clinic's dated prices, the local price index, the admin's price
 * edits, and visitors' price reports with their review queue. Every write that changes what
 * visitors see goes through writeContent (a content_changes row: the site is rebuilt, the
 * read cache cleared); a pending report changes nothing public and records nothing.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  MSG,
  PRICE_AREAS,
  PRICE_BRANDS,
  PRICE_MODELS,
  PRICE_MSG,
  PRICE_SOURCES,
  PRICE_STATUSES,
  isPriceOutOfDate,
  isoDay,
  priceIndexQuerySchema,
  priceInputSchema,
  pricePatchSchema,
  priceReportInputSchema,
  priceReportReviewSchema,
  priceShapeIssues,
  type ClinicPrice,
  type PriceIndex,
} from "@botox/core";
import {
  clinicExists,
  deletePrice,
  findPrice,
  findZipOrigin,
  insertPrice,
  insertPriceReport,
  listClinicPrices,
  listPriceReports,
  priceIndexInCity,
  priceIndexNear,
  reviewPriceReport,
  updatePrice,
  type PriceValues,
} from "@botox/db";
import type { AppEnv } from "../../context.ts";
import { loadSessionUser, requireSession } from "../../auth/session.ts";
import { writeContent } from "../../lib/content-changes.ts";
import { HttpError, parseOrThrow, readJson } from "../../lib/errors.ts";
import { documentRoute, legacyCommonErrors as commonErrors, legacyWriteErrors as writeErrors } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { cachedJson } from "../../lib/read-cache.ts";
import { errorSchema, priceIndexSchema, priceSchema } from "@botox/core";
import { addressHash, ensureVisitorId } from "../../lib/visitor.ts";

export const pricesRoutes = new Hono<AppEnv>();

/** The day every price rule is applied on (UTC), as the site build does. */
const today = () => isoDay(new Date());

/** Path ids: anything but a positive 32-bit integer is simply not found (never a 500). */
function idOf(raw: string, message: string): number {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || n < 1 || n > 2_147_483_647) throw new HttpError(404, message);
  return n;
}

const withStaleness = (p: ClinicPrice, day: string) => ({ ...p, mayBeOutOfDate: isPriceOutOfDate(p.checkedOn, day) });

const listQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum(["published", "all"], { error: 'status must be "published" or "all" (all needs an admin session).' }).default("published"),
  ),
});

// ---- Public reads ----

pricesRoutes.get("/clinics/:id{[0-9]+}/prices", async (c) => {
  const clinicId = idOf(c.req.param("id"), MSG.clinic.notFoundTitle);
  const q = parseOrThrow(listQuerySchema, c.req.query());
  const { db } = c.get("deps");
  if (q.status === "all") {
    // The admin's edit screen: every status, never cached (the cache key ignores who asks).
    if (!(await loadSessionUser(c))) throw new HttpError(401, MSG.api.unauthorized);
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const day = today();
    c.header("Cache-Control", "private, no-store");
    return c.json({ prices: (await listClinicPrices(db, clinicId, PRICE_STATUSES)).map((p) => withStaleness(p, day)) });
  }
  return cachedJson(c, async () => {
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const day = today();
    return { prices: (await listClinicPrices(db, clinicId)).map((p) => withStaleness(p, day)) };
  });
});

pricesRoutes.get("/price-index", (c) =>
  cachedJson(c, async () => {
    const q = parseOrThrow(priceIndexQuerySchema, c.req.query());
    const { db } = c.get("deps");
    const day = today();
    let index: PriceIndex;
    if (q.city) index = await priceIndexInCity(db, q.city, q.brand, day);
    else {
      const origin = q.postalCode ? await findZipOrigin(db, q.postalCode) : null;
      index = origin
        ? await priceIndexNear(db, origin, q.distance, q.brand, day)
        : { brand: q.brand, median: null, p25: null, p75: null, clinics: 0, sufficient: false, newestObservedOn: null };
    }
    return index;
  }),
);

// ---- Admin price edits ----

/** Postgres foreign key violation (23503): the clinic went away meanwhile. */
function isForeignKeyViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === "23503") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const clinicGone = (message: string) => (err: unknown): never => {
  if (isForeignKeyViolation(err)) throw new HttpError(404, message);
  throw err;
};

/** Drops keys whose value is undefined, so a patch never clears what it does not name. */
const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function toValues(p: {
  brand: PriceValues["brand"];
  model: PriceValues["model"];
  source: PriceValues["source"];
  observedOn: string;
  unitPriceCents?: number | null;
  area?: PriceValues["area"];
  priceCents?: number | null;
  units?: number | null;
  conditions?: string | null;
  newPatientsOnly?: boolean;
  evidenceUrl?: string | null;
  verifiedOn?: string | null;
  status?: PriceValues["status"];
}): PriceValues {
  return {
    brand: p.brand,
    model: p.model,
    source: p.source,
    observedOn: p.observedOn,
    unitPriceCents: p.unitPriceCents,
    area: p.area,
    priceCents: p.priceCents,
    units: p.units,
    conditions: p.conditions,
    newPatientsOnly: p.newPatientsOnly,
    evidenceUrl: p.evidenceUrl,
    verifiedOn: p.verifiedOn,
    status: p.status,
  };
}

pricesRoutes.post("/clinics/:id{[0-9]+}/prices", requireSession, async (c) => {
  const clinicId = idOf(c.req.param("id"), MSG.admin.clinicNotFound);
  const input = parseOrThrow(priceInputSchema, await readJson(c));
  const deps = c.get("deps");
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const price = await writeContent(
    deps,
    (tx) => insertPrice(tx, clinicId, toValues(input)),
    (created) => ({ entity: "price", entityId: created.id, action: "create" }),
  ).catch(clinicGone(MSG.admin.clinicNotFound));
  return c.json(price, 201);
});

pricesRoutes.patch("/prices/:id{[0-9]+}", requireSession, async (c) => {
  const id = idOf(c.req.param("id"), PRICE_MSG.priceNotFound);
  const patch = parseOrThrow(pricePatchSchema, await readJson(c));
  const deps = c.get("deps");
  const existing = await findPrice(deps.db, id);
  if (!existing) throw new HttpError(404, PRICE_MSG.priceNotFound);
  const merged = toValues({ ...existing, ...defined(patch) });
  const issues = priceShapeIssues(merged);
  if (issues.length) throw new HttpError(400, issues[0]?.message ?? PRICE_MSG.emptyPatch, issues);
  const price = await writeContent(
    deps,
    (tx) => updatePrice(tx, id, merged, patch.status !== undefined),
    (updated) => (updated ? { entity: "price", entityId: id, action: "update" } : null),
  );
  if (!price) throw new HttpError(404, PRICE_MSG.priceNotFound);
  return c.json(price);
});

pricesRoutes.delete("/prices/:id{[0-9]+}", requireSession, async (c) => {
  const id = idOf(c.req.param("id"), PRICE_MSG.priceNotFound);
  const deleted = await writeContent(
    c.get("deps"),
    (tx) => deletePrice(tx, id),
    (ok) => (ok ? { entity: "price", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, PRICE_MSG.priceNotFound);
  return c.json({ ok: true as const });
});

// ---- Price reports ----

pricesRoutes.post("/clinics/:id{[0-9]+}/price-reports", rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "price-reports" }), async (c) => {
  const clinicId = idOf(c.req.param("id"), MSG.clinic.notFoundTitle);
  const day = today();
  const input = parseOrThrow(priceReportInputSchema(day), await readJson(c));
  const { db } = c.get("deps");
  if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
  const report = await insertPriceReport(db, {
    clinicId,
    brand: input.brand,
    area: input.area ?? null,
    units: input.units ?? null,
    totalCents: Math.round(input.total * 100),
    treatedMonth: input.treatedMonth,
    reportMonth: day.slice(0, 7),
    visitorId: ensureVisitorId(c),
    addressHash: addressHash(c),
  }).catch(clinicGone(MSG.clinic.notFoundTitle));
  if (!report) throw new HttpError(409, PRICE_MSG.reportAlreadySent);
  return c.json({ report, message: PRICE_MSG.reportPending }, 201);
});

const reportListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum([...PRICE_STATUSES, "all"], { error: 'status must be "pending", "published", "rejected" or "all".' }).default("pending"),
  ),
  page: z.preprocess((v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v), z.number({ error: "Page must be a whole number of at least 1." }).int().min(1, "Page must be a whole number of at least 1.").default(1)),
  limit: z.preprocess((v) => (typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v), z.number({ error: "Limit must be a whole number between 1 and 100." }).int().min(1, "Limit must be a whole number between 1 and 100.").max(100, "Limit must be a whole number between 1 and 100.").default(50)),
});

pricesRoutes.get("/price-reports", requireSession, async (c) => {
  const q = parseOrThrow(reportListQuerySchema, c.req.query());
  const body = await listPriceReports(c.get("deps").db, { status: q.status === "all" ? undefined : q.status, page: q.page, limit: q.limit });
  c.header("Cache-Control", "private, no-store");
  return c.json(body);
});

pricesRoutes.patch("/price-reports/:id{[0-9]+}", requireSession, async (c) => {
  const id = idOf(c.req.param("id"), PRICE_MSG.reportNotFound);
  const review = parseOrThrow(priceReportReviewSchema, await readJson(c));
  const result = await writeContent(
    c.get("deps"),
    (tx) => reviewPriceReport(tx, id, review),
    (r) => (r?.priceChanged && r.report ? { entity: "price", entityId: r.report.priceId, action: review.status === "published" ? "create" : "delete" } : null),
  );
  if (!result) throw new HttpError(404, PRICE_MSG.reportNotFound);
  return c.json(result.report);
});

// ---- OpenAPI ----

const unauthorized = { 401: { description: "No valid session", schema: errorSchema } };
const priceInputDoc = z.object({
  brand: z.enum(PRICE_BRANDS),
  model: z.enum(PRICE_MODELS),
  unitPriceCents: z.number().int().nullable().optional().describe("per_unit: the price of one unit, in cents"),
  area: z.enum(PRICE_AREAS).nullable().optional().describe("per_area: the area treated"),
  priceCents: z.number().int().nullable().optional().describe("per_area, package, membership: the price, in cents"),
  units: z.number().int().nullable().optional().describe("Units included, when known (gives an implied unit price)"),
  conditions: z.string().nullable().optional(),
  newPatientsOnly: z.boolean().optional(),
  source: z.enum(PRICE_SOURCES),
  evidenceUrl: z.string().nullable().optional(),
  observedOn: z.string().describe("YYYY-MM-DD"),
  verifiedOn: z.string().nullable().optional().describe("YYYY-MM-DD"),
  status: z.enum(PRICE_STATUSES).optional().describe("Default published; an outlier per-unit price is stored pending"),
});
const reportSchema = z.object({
  id: z.number().int(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  brand: z.enum(PRICE_BRANDS),
  area: z.enum(PRICE_AREAS).nullable(),
  units: z.number().int().nullable(),
  totalCents: z.number().int(),
  treatedMonth: z.string().describe("YYYY-MM"),
  status: z.enum(PRICE_STATUSES),
  reason: z.string().nullable(),
  priceId: z.number().int().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

documentRoute({
  method: "get",
  path: "/clinics/{id}/prices",
  summary:
    "A clinic's published prices, newest observed first, each with mayBeOutOfDate (older than 180 days). status=all (admin session) lists every status",
  tags: ["prices"],
  query: listQuerySchema,
  responses: {
    200: { description: "Prices", schema: z.object({ prices: z.array(priceSchema.extend({ mayBeOutOfDate: z.boolean() })) }) },
    ...unauthorized,
    404: { description: MSG.clinic.notFoundTitle, schema: errorSchema },
    ...commonErrors,
  },
});
documentRoute({
  method: "get",
  path: "/price-index",
  summary:
    "Local price index of one brand (default botox): median, p25, p75 of per-unit prices in cents over distinct clinics (each its newest published price, at most 365 days old). Give city (slug) or postalCode with distance (miles, default 25, max 100). sufficient (and the figures) only from 5 clinics",
  tags: ["prices"],
  query: priceIndexQuerySchema,
  responses: { 200: { description: "The index", schema: priceIndexSchema }, ...commonErrors },
});
documentRoute({
  method: "post",
  path: "/clinics/{id}/prices",
  summary: "Add a price to a clinic (admin); a per-unit price outside its brand's bounds is held as pending",
  tags: ["prices", "admin"],
  auth: true,
  body: priceInputDoc,
  responses: { 201: { description: "Created price", schema: priceSchema }, ...unauthorized, 404: { description: MSG.admin.clinicNotFound, schema: errorSchema }, ...writeErrors },
});
documentRoute({
  method: "patch",
  path: "/prices/{id}",
  summary: "Change some fields of a price (admin); e.g. { verifiedOn: today } or { status: 'published' } after review",
  tags: ["prices", "admin"],
  auth: true,
  body: priceInputDoc.partial(),
  responses: { 200: { description: "Updated price", schema: priceSchema }, ...unauthorized, 404: { description: PRICE_MSG.priceNotFound, schema: errorSchema }, ...writeErrors },
});
documentRoute({
  method: "delete",
  path: "/prices/{id}",
  summary: "Delete a price (admin)",
  tags: ["prices", "admin"],
  auth: true,
  responses: { 200: { description: "Deleted", schema: z.object({ ok: z.literal(true) }) }, ...unauthorized, 404: { description: PRICE_MSG.priceNotFound, schema: errorSchema } },
});
documentRoute({
  method: "post",
  path: "/clinics/{id}/price-reports",
  summary:
    "Report what you paid (pending until an admin publishes it). total in dollars, treatedMonth YYYY-MM. One report per visitor (cookie and address) per clinic per month; rate limited",
  tags: ["prices"],
  body: z.object({
    brand: z.enum(PRICE_BRANDS),
    units: z.number().int().nullable().optional(),
    total: z.number().describe("Dollars paid"),
    treatedMonth: z.string().describe("YYYY-MM"),
    area: z.enum(PRICE_AREAS).nullable().optional(),
  }),
  responses: {
    201: { description: PRICE_MSG.reportPending, schema: z.object({ report: z.object({ id: z.number().int(), status: z.literal("pending") }), message: z.string() }) },
    404: { description: MSG.clinic.notFoundTitle, schema: errorSchema },
    409: { description: PRICE_MSG.reportAlreadySent, schema: errorSchema },
    ...writeErrors,
  },
});
documentRoute({
  method: "get",
  path: "/price-reports",
  summary: "Visitors' price reports (admin), oldest first; status pending (default), published, rejected or all",
  tags: ["prices", "admin"],
  auth: true,
  query: reportListQuerySchema,
  responses: { 200: { description: "Reports", schema: z.object({ reports: z.array(reportSchema), total: z.number().int() }) }, ...unauthorized, ...commonErrors },
});
documentRoute({
  method: "patch",
  path: "/price-reports/{id}",
  summary: "Publish (creates a patient_report price) or reject (with an optional reason) a price report (admin)",
  tags: ["prices", "admin"],
  auth: true,
  body: priceReportReviewSchema,
  responses: { 200: { description: "The report", schema: reportSchema }, ...unauthorized, 404: { description: PRICE_MSG.reportNotFound, schema: errorSchema }, ...writeErrors },
});
