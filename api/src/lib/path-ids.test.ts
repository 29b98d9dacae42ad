/**
 * A path parameter that names nothing answers as it did before the parameters were declared
 * with zod (decision 290): the route's own 404 and message, on public and team routes alike,
 * and the parameters that answered 400 still do.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEAL_MSG, MSG, PRICE_MSG, STAFF_MSG } from "@botox/core";
import { createAdminTestContext, type AdminTestContext } from "../test/admin-app.ts";

let t: AdminTestContext;
let cookie: string;

beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
});
afterAll(() => t?.close());

const answer = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: await res.json() };
};

describe("a path id that names nothing", () => {
  it.each<[string, string, string, unknown?]>([
    ["GET", "/clinics/0/prices", MSG.clinic.notFoundTitle],
    ["GET", "/clinics/2147483648/staff", MSG.clinic.notFoundTitle],
    ["GET", "/clinics/99999999999", MSG.admin.clinicNotFound],
    ["GET", "/clinics/0/deals", MSG.admin.clinicNotFound],
    ["PATCH", "/deals/0", DEAL_MSG.notFound, {}],
    ["DELETE", "/prices/2147483648", PRICE_MSG.priceNotFound],
    ["DELETE", "/staff/0", STAFF_MSG.notFound],
    ["GET", "/blog/posts/abc", MSG.blog.postNotFound],
    ["GET", "/blog/categories/1e3", MSG.blog.categoryNotFound],
    ["GET", `/blog/posts/slug/${"a".repeat(201)}`, MSG.blog.postNotFound],
    ["PATCH", "/claims/0", MSG.claim.notFound, { status: "rejected", reason: "Not the clinic's." }],
    ["DELETE", "/clinics/0/owners/1", MSG.api.notFound],
    ["DELETE", "/clinics/1/owners/0", MSG.coOwners.notAnOwner],
    ["GET", "/uploads/not-an-upload.png", MSG.api.notFound],
  ])("%s %s answers 404 with the route's message", async (method, path, message, body) => {
    expect(await answer(method, path, body)).toEqual({ status: 404, body: { error: message } });
  });

  it("is named before a body the route's schema refuses (the one order that changed)", async () => {
    expect(await answer("PATCH", "/claims/0", {})).toEqual({ status: 404, body: { error: MSG.claim.notFound } });
  });

  it("leaves the parameters that were a 400 a 400", async () => {
    const npi = await answer("GET", "/npi/1234567890");
    expect(npi.status).toBe(400);
    expect(npi.body).toMatchObject({ error: STAFF_MSG.npi });
  });
});
