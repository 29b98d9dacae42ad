import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type Clinic, type ClinicListResponse } from "@botox/core";
import { createAdminTestContext, type AdminTestContext } from "../../test/admin-app.ts";

let t: AdminTestContext;
let cookie: string;
beforeAll(async () => {
  t = await createAdminTestContext();
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const base = { name: "Glow Med Spa", city: "San Diego", state: "CA" };
const create = (body: Record<string, unknown>) => t.request("POST", "/clinics", { cookie, body });

describe("admin clinic routes require a session", () => {
  const calls: [string, string][] = [
    ["GET", "/clinics"],
    ["GET", "/clinics/1"],
    ["POST", "/clinics"],
    ["PUT", "/clinics/1"],
    ["DELETE", "/clinics/1"],
  ];
  it.each(calls)("%s %s answers 401 without a cookie, with a tampered token and after logout", async (method, path) => {
    const session = await t.login();
    await t.request("POST", "/logout", { cookie: session });
    for (const c of [undefined, "session=abcdefghijklmnopqrstuvwxyz234567", session]) {
      const res = await t.request(method, path, { cookie: c, body: method === "POST" || method === "PUT" ? base : undefined });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.api.unauthorized });
    }
  });

  it("answers 401 for an expired session", async () => {
    const session = await t.login();
    await t.db.sql`update sessions set expires_at = now() - interval '1 minute'`;
    expect((await t.request("GET", "/clinics", { cookie: session })).status).toBe(401);
    cookie = await t.login();
  });
});

describe("clinic CRUD", () => {
  it("creates a clinic with a generated slug, parsed reviews and normalized hours, and records the change", async () => {
    const res = await create({
      ...base,
      reviews: "4.5 (126 reviews)",
      workingHours: '{"Monday":"9AM-5PM"}',
      businessStatus: "operational",
      site: "https://glow.example.com",
      latitude: "32.7",
      longitude: -117.1,
    });
    expect(res.status).toBe(201);
    const clinic = (await res.json()) as Clinic;
    expect(clinic).toMatchObject({
      slug: "glow-med-spa-san-diego",
      citySlug: "san-diego",
      rating: 4.5,
      reviewCount: 126,
      reviews: "4.5 (126 reviews)",
      workingHours: { Monday: "9AM-5PM" },
      businessStatus: "OPERATIONAL",
      country: "USA",
      latitude: 32.7,
    });
    expect(t.changes).toContainEqual({ entity: "clinic", entityId: clinic.id, action: "create" });
    const rows = await t.db.sql`select * from content_changes where entity = 'clinic' and entity_id = ${clinic.id} and action = 'create'`;
    expect(rows).toHaveLength(1);
  });

  it("keeps coordinates to 7 decimals, so subnormal input cannot break distance searches", async () => {
    const res = await create({ name: "Null Island Spa", city: "Atlantic", state: "XX", latitude: 1e-320, longitude: "-12.345678949" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ latitude: 0, longitude: -12.3456789 });
    const near = await t.request("POST", "/clinics/nearby", { body: { latitude: 0, longitude: -12.3 } });
    expect(near.status).toBe(200);
    expect(((await near.json()) as Clinic[]).map((c) => c.name)).toEqual(["Null Island Spa"]);
  });

  it("rejects a taken slug in the same city with 409 but allows it in another city", async () => {
    const dup = await create(base);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: MSG.api.clinicSlugTaken });
    const other = await create({ ...base, city: "Austin", state: "TX", slug: "glow-med-spa-san-diego" });
    expect(other.status).toBe(201);
  });

  it.each([
    [{ city: "X", state: "CA" }, MSG.validation.nameRequired],
    [{ name: "  ", city: "X", state: "CA" }, MSG.validation.nameRequired],
    [{ name: "A", state: "CA" }, MSG.validation.cityRequired],
    [{ name: "A", city: "X" }, MSG.validation.stateRequired],
    [{ ...base, site: "not a url" }, MSG.validation.invalidUrl],
    [{ ...base, photo: "javascript:alert(1)" }, MSG.validation.invalidUrl],
    [{ ...base, slug: "Bad Slug" }, MSG.validation.slugPattern],
    [{ ...base, businessStatus: "maybe" }, MSG.validation.invalidStatus],
  ])("answers 400 with the spec's message for %j", async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("reads, updates and deletes by id; unknown and non-numeric ids are 404", async () => {
    const created = (await (await create({ name: "Crud Clinic", city: "Boise", state: "ID" })).json()) as Clinic;
    const got = await t.request("GET", `/clinics/${created.id}`, { cookie });
    expect(got.status).toBe(200);
    expect(((await got.json()) as Clinic).name).toBe("Crud Clinic");

    const put = await t.request("PUT", `/clinics/${created.id}`, {
      cookie,
      body: { name: "Crud Clinic Two", city: "Boise", state: "ID", slug: "crud-two", reviews: 87 },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ name: "Crud Clinic Two", slug: "crud-two", reviewCount: 87, rating: null });
    expect(t.changes).toContainEqual({ entity: "clinic", entityId: created.id, action: "update" });

    const del = await t.request("DELETE", `/clinics/${created.id}`, { cookie });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ ok: true });
    expect(t.changes).toContainEqual({ entity: "clinic", entityId: created.id, action: "delete" });

    for (const [method, path] of [
      ["GET", `/clinics/${created.id}`],
      ["PUT", `/clinics/${created.id}`],
      ["DELETE", `/clinics/${created.id}`],
      ["GET", "/clinics/99999999999"],
      ["GET", "/clinics/abc"],
      ["DELETE", "/clinics/1.5"],
    ] as const) {
      const res = await t.request(method, path, { cookie, body: method === "PUT" ? base : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("lists with paging, query and either-case status filters, sorted by name", async () => {
    for (const [name, status] of [
      ["Zeta Listing Spa", "OPERATIONAL"],
      ["Alpha Listing Spa", "CLOSED_TEMPORARILY"],
      ["Mid Listing Spa", "operational"],
    ]) {
      expect((await create({ name, city: "Listville", state: "OR", businessStatus: status })).status).toBe(201);
    }
    const res = await t.request("GET", "/clinics?query=listing&limit=2&page=1", { cookie });
    const body = (await res.json()) as ClinicListResponse;
    expect(body.pagination).toEqual({ totalItems: 3, itemsPerPage: 2, currentPage: 1, totalPages: 2 });
    expect(body.clinics.map((c) => c.name)).toEqual(["Alpha Listing Spa", "Mid Listing Spa"]);

    const page2 = (await (await t.request("GET", "/clinics?query=LISTING&limit=2&page=2", { cookie })).json()) as ClinicListResponse;
    expect(page2.clinics.map((c) => c.name)).toEqual(["Zeta Listing Spa"]);

    for (const status of ["closed_temporarily", "CLOSED_TEMPORARILY"]) {
      const filtered = (await (await t.request("GET", `/clinics?query=listing&businessStatus=${status}`, { cookie })).json()) as ClinicListResponse;
      expect(filtered.clinics.map((c) => c.name)).toEqual(["Alpha Listing Spa"]);
    }
    const newest = (await (await t.request("GET", "/clinics?query=listing&sort=newest", { cookie })).json()) as ClinicListResponse;
    expect(newest.clinics[0]?.name).toBe("Mid Listing Spa");

    expect((await t.request("GET", "/clinics?page=0", { cookie })).status).toBe(400);
    expect((await t.request("GET", "/clinics?businessStatus=nope", { cookie })).status).toBe(400);
    expect((await t.request("GET", "/clinics?query=%25'%20or%201=1--", { cookie })).status).toBe(200);
  });
});

describe("a new clinic that repeats one we have", () => {
  it("answers 409 naming the clinic for the same phone however written, or the same name and street; allowDuplicate saves it", async () => {
    const first = (await (await create({ name: "Twin Spa", city: "Tulsa", state: "OK", phone: "(918) 555-0142", street: "12 Elm St" })).json()) as Clinic;
    const samePhone = await create({ name: "Other Name", city: "Tulsa", state: "OK", phone: "+1 918-555-0142" });
    expect(samePhone.status).toBe(409);
    expect(await samePhone.json()).toMatchObject({ error: MSG.api.likelyDuplicateClinic("Twin Spa (Tulsa)") });
    const sameAddress = await create({ name: "twin  spa", city: "Tulsa", state: "OK", street: " 12 elm st", slug: "twin-spa-2" });
    expect(sameAddress.status).toBe(409);
    const other = await create({ name: "Twin Spa", city: "Tulsa", state: "OK", street: "14 Elm St", slug: "twin-spa-3", phone: "9185550143" });
    expect(other.status).toBe(201);
    const anyway = await create({ name: "Other Name", city: "Tulsa", state: "OK", phone: "918.555.0142", allowDuplicate: true });
    expect(anyway.status).toBe(201);
    // Editing the first clinic is never refused as a duplicate of itself.
    const edit = await t.request("PUT", `/clinics/${first.id}`, { cookie, body: { name: "Twin Spa", city: "Tulsa", state: "OK", phone: "(918) 555-0142" } });
    expect(edit.status).toBe(200);
  });
});

describe("working hours the open-now parser cannot read", () => {
  const unreadable = "By appointment, call ahead";

  it("refuses them with a 400 at the field, on create and on replace", async () => {
    const res = await create({ ...base, name: "Hours Refused", workingHours: unreadable });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(MSG.validation.workingHoursUnreadable);
    const ok = await create({ ...base, name: "Hours Replace", workingHours: { Monday: "9 AM-5 PM" } });
    const { id } = (await ok.json()) as Clinic;
    const put = await t.request("PUT", `/clinics/${id}`, { cookie, body: { ...base, name: "Hours Replace", workingHours: { Monday: "whenever" } } });
    expect(put.status).toBe(400);
    expect(JSON.stringify(await put.json())).toContain(MSG.validation.workingHoursUnreadable);
  });

  it("stores them as free text when the writer says so (workingHoursAsText), with no open-now hours", async () => {
    const res = await create({ ...base, name: "Hours As Text", workingHours: unreadable, workingHoursAsText: true });
    expect(res.status).toBe(201);
    const clinic = (await res.json()) as Clinic;
    expect(clinic.workingHours).toEqual({ text: unreadable });
    expect(clinic.openHours).toBeNull();
  });

  it("keeps earlier clients' valid writes working without the flag: readable text, JSON text, objects and no hours", async () => {
    for (const [i, workingHours] of (["Mon-Fri 9am-5pm, Sat 10-2", '{"Monday":"9AM-5PM"}', { Tuesday: "10 AM-7 PM" }, null, "", {}] as const).entries()) {
      const res = await create({ ...base, name: `Hours Valid ${i}`, workingHours });
      expect(res.status, JSON.stringify(workingHours)).toBe(201);
    }
  });
});
