/**
 * Prices: a clinic's dated prices, the local price index, the admin's price
 * edits, and visitors' price reports with their review queue. Every write that changes what
 * visitors see goes through writeContent (a content_changes row: the site is rebuilt, the
 * read cache cleared); a pending report changes nothing public and records nothing.
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  MSG,
  PRICE_MSG,
  PRICE_STATUSES,
  listedPriceSchema,
  okResponseSchema,
  priceIndexOfValues,
  priceIndexSchema,
  priceReportCreatedSchema,
  priceReportListSchema,
  priceReportSchema,
  priceSchema,
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
  insertPrice,
  insertPriceReport,
  listClinicPrices,
  listPriceReports,
  withPriceReportContext,
  priceIndexInCity,
  priceIndexNearZip,
  reviewPriceReport,
  updatePrice,
  type PriceValues,
} from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { clinicIdParam, clinicOfRow, ownsClinic } from "../../owners/access.ts";
import { loadSessionUser } from "../../auth/session.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, clinicGone, parseOrThrow, readJson } from "../../lib/errors.ts";
import { definedFields } from "../../lib/patch.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { idParams } from "../../lib/ids.ts";
import {
  commonErrors,
  createRouter,
  documentedJsonRequest,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  jsonRequest,
  writeErrors,
} from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { cachedJson } from "../../lib/cached-json.ts";
import { addressHash, ensureVisitorId } from "../../lib/visitor.ts";

/** The day every price rule is applied on (UTC), as the site build does. */
const today = () => isoDay(new Date());

const withStaleness = (p: ClinicPrice, day: string) => ({ ...p, mayBeOutOfDate: isPriceOutOfDate(p.checkedOn, day) });

const listQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum(["published", "all"], { error: 'status must be "published" or "all" (all needs an admin session).' }).default("published"),
  ),
});

// ---- Public reads ----
// Hono paths with a pattern: only digits reach the id routes (the document shows `{id}`).

const listRoute = createRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/prices",
  summary: "A clinic's published prices, newest observed first, each with mayBeOutOfDate (older than 180 days). status=all (admin session) lists every status",
  tags: ["prices"],
  request: { params: idParams(MSG.clinic.notFoundTitle), query: listQuerySchema },
  responses: {
    200: json("Prices", z.object({ prices: z.array(listedPriceSchema) })),
    401: errorResponses[401],
    404: errorResponse(MSG.clinic.notFoundTitle),
    ...commonErrors,
  },
});

const priceIndexRoute = createRoute({
  method: "get",
  path: "/price-index",
  summary:
    "Local price index of one brand (default botox): median, p25, p75 of per-unit prices in cents over distinct clinics (each its newest published price, at most 365 days old). Give city (slug) or postalCode with distance (miles, default 25, max 100). sufficient (and the figures) only from 5 clinics",
  tags: ["prices"],
  request: { query: priceIndexQuerySchema },
  responses: { 200: json("The index", priceIndexSchema), ...commonErrors },
});

export const pricesRoutes = createRouter();

pricesRoutes.openapi(listRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const q = c.req.valid("query");
  const { db } = c.get("deps");
  if (q.status === "all") {
    // The admin's edit screen: every status, never cached (the cache key ignores who asks).
    const user = await loadSessionUser(c);
    if (!user) throw new HttpError(401, MSG.api.unauthorized);
    // An owner sees every status of their own clinics' prices only; any other answers as missing.
    if (user.role === "owner" && !(await ownsClinic(c.get("deps").sql, user.id, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
    const day = today();
    c.header("Cache-Control", "private, no-store");
    return c.json({ prices: (await listClinicPrices(db, clinicId, PRICE_STATUSES)).map((p) => withStaleness(p, day)) }, 200);
  }
  return cachedJson(
    c,
    async () => {
      if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.clinic.notFoundTitle);
      const day = today();
      return { prices: (await listClinicPrices(db, clinicId)).map((p) => withStaleness(p, day)) };
    },
    undefined,
    () => ({ kind: "clinic", segment: String(clinicId) }),
  );
});

pricesRoutes.openapi(priceIndexRoute, (c) => {
  const q = c.req.valid("query");
  return cachedJson(c, async () => {
    const { db } = c.get("deps");
    const day = today();
    let index: PriceIndex;
    if (q.city) index = await priceIndexInCity(db, q.city, q.brand, day);
    else {
      // The ZIP's centroid and its clinics' prices in one statement; an unknown ZIP has none.
      index = q.postalCode ? await priceIndexNearZip(db, q.postalCode, q.distance, q.brand, day) : priceIndexOfValues(q.brand, [], null);
    }
    return index;
  });
});

// ---- Admin price edits ----

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

/**
 * An owner's prices are the clinic's own (source `clinic`) and go through the same bounds
 * check as the team's: a status is the team's to set.
 */
function refuseOwnerPriceFields(input: { source?: string | undefined; status?: string | undefined }): void {
  if (input.status !== undefined) throw new HttpError(400, MSG.owner.priceStatus, [{ path: "status", message: MSG.owner.priceStatus }]);
  if (input.source !== undefined && input.source !== "clinic")
    throw new HttpError(400, MSG.owner.priceSource, [{ path: "source", message: MSG.owner.priceSource }]);
}

/**
 * An owner changes or removes the clinic's own prices only: a price from the clinic's site, a
 * call or a patient's report is not theirs to rewrite (decision 279).
 */
function refuseOwnerOnOthersPrice(stored: { source: string }): void {
  if (stored.source !== "clinic") throw new HttpError(400, MSG.owner.priceNotOwn, [{ path: "source", message: MSG.owner.priceNotOwn }]);
}

const createPriceRoute = adminRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/prices",
  summary: "Add a price to a clinic (admin, or the clinic's owner with source clinic); a per-unit price outside its brand's bounds is held as pending",
  tags: ["prices", "admin"],
  owner: clinicIdParam,
  middleware: [jsonBody],
  request: { params: clinicParams, body: jsonRequest(priceInputSchema) },
  responses: { 201: json("Created price", priceSchema), 404: clinicNotFound, ...writeErrors },
});

pricesRoutes.openapi(createPriceRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const input = c.req.valid("json");
  const deps = c.get("deps");
  if (c.get("user")?.role === "owner") refuseOwnerPriceFields(input);
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const price = await writeContent(
    deps,
    actorOf(c),
    (tx) => insertPrice(tx, clinicId, toValues(input)),
    (created) => ({ entity: "price", entityId: created.id, action: "create" }),
    () => [clinicId],
  ).catch(clinicGone(MSG.admin.clinicNotFound));
  return c.json(price, 201);
});

const priceParams = idParams(PRICE_MSG.priceNotFound);

const updatePriceRoute = adminRoute({
  method: "patch",
  path: "/prices/:id{[0-9]+}",
  summary:
    "Change some fields of a price (admin, or the clinic's owner on the clinic's own prices, but their status and source); e.g. { verifiedOn: today } or { status: 'published' } after review",
  tags: ["prices", "admin"],
  owner: clinicOfRow("clinic_prices"),
  middleware: [jsonBody],
  request: { params: priceParams, body: jsonRequest(pricePatchSchema) },
  responses: { 200: json("Updated price", priceSchema), 404: errorResponse(PRICE_MSG.priceNotFound), ...writeErrors },
});

pricesRoutes.openapi(updatePriceRoute, async (c) => {
  const id = c.req.valid("param").id;
  const patch = c.req.valid("json");
  const deps = c.get("deps");
  const owner = c.get("user")?.role === "owner";
  if (owner) refuseOwnerPriceFields(patch);
  const existing = await findPrice(deps.db, id);
  if (!existing) throw new HttpError(404, PRICE_MSG.priceNotFound);
  if (owner) refuseOwnerOnOthersPrice(existing);
  const merged = toValues({ ...existing, ...definedFields(patch) });
  const issues = priceShapeIssues(merged);
  if (issues.length) throw new HttpError(400, issues[0]?.message ?? PRICE_MSG.emptyPatch, issues);
  const price = await writeContent(
    deps,
    actorOf(c),
    (tx) => updatePrice(tx, id, merged, patch.status !== undefined),
    (updated) => (updated ? { entity: "price", entityId: id, action: "update" } : null),
    () => [existing.clinicId],
  );
  if (!price) throw new HttpError(404, PRICE_MSG.priceNotFound);
  return c.json(price, 200);
});

const deletePriceRoute = adminRoute({
  method: "delete",
  path: "/prices/:id{[0-9]+}",
  summary: "Delete a price (admin, or the clinic's owner: the clinic's own prices only)",
  tags: ["prices", "admin"],
  owner: clinicOfRow("clinic_prices"),
  request: { params: priceParams },
  responses: { 200: json("Deleted", okResponseSchema), 400: errorResponse(MSG.owner.priceNotOwn), 404: errorResponse(PRICE_MSG.priceNotFound) },
});

pricesRoutes.openapi(deletePriceRoute, async (c) => {
  const id = c.req.valid("param").id;
  if (c.get("user")?.role === "owner") {
    const stored = await findPrice(c.get("deps").db, id);
    if (!stored) throw new HttpError(404, PRICE_MSG.priceNotFound);
    refuseOwnerOnOthersPrice(stored);
  }
  const deleted = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => deletePrice(tx, id),
    (ok) => (ok ? { entity: "price", entityId: id, action: "delete" } : null),
    // The price's clinic, read before the price is gone (the clinic itself does not move).
    async (tx, ok) => {
      const price = ok === undefined ? await findPrice(tx, id) : undefined;
      return price ? [price.clinicId] : [];
    },
  );
  if (!deleted) throw new HttpError(404, PRICE_MSG.priceNotFound);
  return c.json({ ok: true as const }, 200);
});

// ---- Price reports ----

const reportRoute = createRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/price-reports",
  summary:
    "Report what you paid (pending until an admin publishes it). total in dollars, treatedMonth YYYY-MM. One report per visitor (cookie and address) per clinic per month; rate limited",
  tags: ["prices"],
  middleware: [rateLimit({ windowMs: 60_000, limit: 10, keyPrefix: "price-reports" })] as const,
  // Its bounds depend on the day (no treatment month in the future): the handler builds the
  // schema for today and validates; the document shows its fields.
  request: { params: idParams(MSG.clinic.notFoundTitle), body: documentedJsonRequest(priceReportInputSchema(today())) },
  responses: {
    201: json(PRICE_MSG.reportPending, priceReportCreatedSchema),
    404: errorResponse(MSG.clinic.notFoundTitle),
    409: errorResponse(PRICE_MSG.reportAlreadySent),
    ...writeErrors,
  },
});

pricesRoutes.openapi(reportRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
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
  page: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v),
    z.number({ error: "Page must be a whole number of at least 1." }).int().min(1, "Page must be a whole number of at least 1.").default(1),
  ),
  limit: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Limit must be a whole number between 1 and 100." })
      .int()
      .min(1, "Limit must be a whole number between 1 and 100.")
      .max(100, "Limit must be a whole number between 1 and 100.")
      .default(50),
  ),
});

const reportListRoute = adminRoute({
  method: "get",
  path: "/price-reports",
  summary:
    "Visitors' price reports (admin), oldest first; status pending (default), published, rejected or all. Each carries its context: the clinic's city, its current per-unit price, the city's median and an outlier reason",
  tags: ["prices", "admin"],
  request: { query: reportListQuerySchema },
  responses: { 200: json("Reports", priceReportListSchema), ...commonErrors },
});

pricesRoutes.openapi(reportListRoute, async (c) => {
  const q = c.req.valid("query");
  const { db } = c.get("deps");
  const { reports, total } = await listPriceReports(db, { status: q.status === "all" ? undefined : q.status, page: q.page, limit: q.limit });
  c.header("Cache-Control", "private, no-store");
  return c.json({ reports: await withPriceReportContext(db, reports, today()), total }, 200);
});

const reviewRoute = adminRoute({
  method: "patch",
  path: "/price-reports/:id{[0-9]+}",
  summary: "Publish (creates a patient_report price) or reject (with an optional reason) a price report (admin)",
  tags: ["prices", "admin"],
  middleware: [jsonBody],
  request: { params: idParams(PRICE_MSG.reportNotFound), body: jsonRequest(priceReportReviewSchema) },
  responses: { 200: json("The report", priceReportSchema), 404: errorResponse(PRICE_MSG.reportNotFound), ...writeErrors },
});

pricesRoutes.openapi(reviewRoute, async (c) => {
  const id = c.req.valid("param").id;
  const review = c.req.valid("json");
  const result = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => reviewPriceReport(tx, id, review),
    (r) => (r?.priceChanged && r.report ? { entity: "price", entityId: r.report.priceId, action: review.status === "published" ? "create" : "delete" } : null),
    (_tx, r) => (r ? [r.report.clinicId] : []),
  );
  if (!result) throw new HttpError(404, PRICE_MSG.reportNotFound);
  return c.json(result.report, 200);
});
