/**
 * Deals: the admin's deal edits and the public list of the deals running today in a
 * city or around a ZIP, each compared with its own brand's local price index. Writes go through
 * writeContent (a content_changes row: the site is rebuilt, the read cache cleared).
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  DEAL_MSG,
  MSG,
  compareDeal,
  dealDateIssues,
  dealInputSchema,
  dealPatchSchema,
  dealPlausibilityIssues,
  dealQuerySchema,
  dealSchema,
  dealShapeIssues,
  isoDay,
  okResponseSchema,
  publicDealSchema,
  type DealBrand,
  type PriceIndex,
  type PublicDeal,
} from "@botox/core";
import {
  clinicExists,
  deleteDeal,
  findDeal,
  findZipOrigin,
  insertDeal,
  listClinicDeals,
  priceIndexInCity,
  priceIndexNear,
  runningDealsInCity,
  runningDealsNear,
  updateDeal,
  type DealValues,
  type RunningDeal,
} from "@botox/db";
import { adminRoute } from "../../auth/admin-route.ts";
import { actorOf, writeContent } from "../../lib/content-changes.ts";
import { HttpError, clinicGone, parseOrThrow, readJson } from "../../lib/errors.ts";
import { definedFields } from "../../lib/patch.ts";
import { clinicNotFound, clinicParams } from "../../lib/clinic-id.ts";
import { idParams } from "../../lib/ids.ts";
import { commonErrors, createRouter, documentedJsonRequest, errorResponse, json, jsonBody, writeErrors } from "../../lib/openapi.ts";
import { cachedJson } from "../../lib/cached-json.ts";
import { clinicIdParam, clinicOfRow } from "../../owners/access.ts";

/** The day every deal rule is applied on (UTC), as the site build does. */
const today = () => isoDay(new Date());

const dealAnswer = z.object({ deal: dealSchema });
const dealParams = idParams(DEAL_MSG.notFound);

export const dealsRoutes = createRouter();

// ---- Public ----

const listRoute = createRoute({
  method: "get",
  path: "/deals",
  summary:
    "Deals running today (started, end date not passed) at a city's clinics (city slug) or within distance miles (default 25) of a ZIP (postalCode), optionally of one brand. perUnitCents is the unit price or the area price ÷ its units; belowTypical is true only when the same brand's local index is sufficient (5 clinics) and perUnitCents is at or below its 25th percentile; typical is that index's p25 and median, or null",
  tags: ["deals"],
  request: { query: dealQuerySchema },
  responses: { 200: json("Running deals, lowest per-unit price first", z.object({ deals: z.array(publicDealSchema) })), ...commonErrors },
});

dealsRoutes.openapi(listRoute, (c) => {
  const q = c.req.valid("query");
  return cachedJson(c, async () => {
    const { db } = c.get("deps");
    const day = today();
    let running: RunningDeal[];
    let indexOf: (brand: DealBrand) => Promise<PriceIndex>;
    if (q.city) {
      const city = q.city;
      running = await runningDealsInCity(db, city, day, q.brand);
      indexOf = (brand) => priceIndexInCity(db, city, brand, day);
    } else {
      const origin = q.postalCode ? await findZipOrigin(db, q.postalCode) : null;
      if (!origin) return { deals: [] };
      running = await runningDealsNear(db, origin, q.distance, day, q.brand);
      indexOf = (brand) => priceIndexNear(db, origin, q.distance, brand, day);
    }
    // One index per brand among the deals (at most five), over the same place as the deals.
    const indexes = new Map<DealBrand, PriceIndex>();
    for (const brand of new Set(running.map((d) => d.brand))) indexes.set(brand, await indexOf(brand));
    const deals: PublicDeal[] = running.map(({ clinicState: _state, ...d }) => ({ ...d, ...compareDeal(d, indexes.get(d.brand)) }));
    return { deals };
  });
});

// ---- Admin ----

const clinicDealsRoute = adminRoute({
  method: "get",
  path: "/clinics/:id{[0-9]+}/deals",
  summary: "Every deal of a clinic, ended ones included, latest end first (admin, or the clinic's owner)",
  tags: ["deals", "admin"],
  owner: clinicIdParam,
  request: { params: clinicParams },
  responses: { 200: json("Deals", z.object({ deals: z.array(dealSchema) })), 404: clinicNotFound },
});

dealsRoutes.openapi(clinicDealsRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const { db } = c.get("deps");
  if (!(await clinicExists(db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  c.header("Cache-Control", "private, no-store");
  return c.json({ deals: await listClinicDeals(db, clinicId) }, 200);
});

const createDealRoute = adminRoute({
  method: "post",
  path: "/clinics/:id{[0-9]+}/deals",
  summary:
    "Add a deal to a clinic (admin, or the clinic's owner). per_unit needs unitPriceCents; per_area needs area, areaPriceCents and units. endsOn is required, not in the past, at most 180 days after startsOn (default today); sourceUrl https only",
  tags: ["deals", "admin"],
  owner: clinicIdParam,
  middleware: [jsonBody],
  // Its date rules depend on the day: the handler builds the schema for today and validates.
  request: { params: clinicParams, body: documentedJsonRequest(dealInputSchema(today())) },
  responses: { 201: json("Created deal", dealAnswer), 404: clinicNotFound, ...writeErrors },
});

dealsRoutes.openapi(createDealRoute, async (c) => {
  const clinicId = c.req.valid("param").id;
  const day = today();
  const input = parseOrThrow(dealInputSchema(day), await readJson(c));
  const deps = c.get("deps");
  if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, MSG.admin.clinicNotFound);
  const values: DealValues = { ...input, startsOn: input.startsOn ?? day };
  const deal = await writeContent(
    deps,
    actorOf(c),
    // created_by names a team member; an owner's deal has none (the audit log says who).
    (tx) => insertDeal(tx, clinicId, values, c.get("user")?.role === "admin" ? (c.get("user")?.id ?? null) : null),
    (created) => ({ entity: "deal", entityId: created.id, action: "create" }),
  ).catch(clinicGone(MSG.admin.clinicNotFound));
  return c.json({ deal }, 201);
});

const updateDealRoute = adminRoute({
  method: "patch",
  path: "/deals/:id{[0-9]+}",
  summary: "Change some fields of a deal (admin, or the clinic's owner); the merged deal is checked like a new one (a changed end date may not be in the past)",
  tags: ["deals", "admin"],
  owner: clinicOfRow("clinic_deals"),
  middleware: [jsonBody],
  request: { params: dealParams, body: documentedJsonRequest(dealPatchSchema) },
  responses: { 200: json("Updated deal", dealAnswer), 404: errorResponse(DEAL_MSG.notFound), ...writeErrors },
});

dealsRoutes.openapi(updateDealRoute, async (c) => {
  const id = c.req.valid("param").id;
  const patch = parseOrThrow(dealPatchSchema, await readJson(c));
  const deps = c.get("deps");
  const existing = await findDeal(deps.db, id);
  if (!existing) throw new HttpError(404, DEAL_MSG.notFound);
  const merged: DealValues = { ...existing, ...definedFields(patch) };
  // Editing the wording of a deal that has since ended is allowed; moving its dates into the past is not.
  const datesChanged = merged.startsOn !== existing.startsOn || merged.endsOn !== existing.endsOn;
  const issues = [...dealShapeIssues(merged), ...dealPlausibilityIssues(merged), ...dealDateIssues(merged, today(), datesChanged)];
  if (issues.length) throw new HttpError(400, issues[0]?.message ?? MSG.api.invalidInput, issues);
  const deal = await writeContent(
    deps,
    actorOf(c),
    (tx) => updateDeal(tx, id, merged),
    (updated) => (updated ? { entity: "deal", entityId: id, action: "update" } : null),
  );
  if (!deal) throw new HttpError(404, DEAL_MSG.notFound);
  return c.json({ deal }, 200);
});

const deleteDealRoute = adminRoute({
  method: "delete",
  path: "/deals/:id{[0-9]+}",
  summary: "Delete a deal (admin, or the clinic's owner)",
  tags: ["deals", "admin"],
  owner: clinicOfRow("clinic_deals"),
  request: { params: dealParams },
  responses: { 200: json("Deleted", okResponseSchema), 404: errorResponse(DEAL_MSG.notFound) },
});

dealsRoutes.openapi(deleteDealRoute, async (c) => {
  const id = c.req.valid("param").id;
  const deleted = await writeContent(
    c.get("deps"),
    actorOf(c),
    (tx) => deleteDeal(tx, id),
    (ok) => (ok ? { entity: "deal", entityId: id, action: "delete" } : null),
  );
  if (!deleted) throw new HttpError(404, DEAL_MSG.notFound);
  return c.json({ ok: true as const }, 200);
});
