/**
 * A clinic's category (decision 301) through the API: one of the list or null, a 400 naming the
 * list for anything else; set and cleared by the team's writes; held for the team when an owner
 * sends it (202), applied from the Suggested Edits queue; suggested by visitors; recorded in the
 * audit log; carried by the public answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type Clinic, type ClinicAuditList, type SuggestionList } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let admin: string;
let seq = 0;
let ipSeq = 0;
const freshIp = () => `198.18.9.${++ipSeq}`;

beforeAll(async () => {
  t = await createPublicTestContext();
  await t.db.db.insert(adminUsers).values({ username: "category-admin", passwordHash: await hashPassword("category-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "category-admin", password: "category-admin-password" } }));
});
afterAll(() => t.close());

/** A clinic of its own per test (a held edit blocks the next one), with one owner signed in. */
async function ownedClinic(category: Clinic["category"] = null): Promise<{ id: number; slug: string; owner: string }> {
  const n = ++seq;
  const [row] = await t.insertClinics([{ name: `Category Spa ${n}`, city: "Kindton", state: "TX", category }]);
  const email = `owner-${n}@category.test`;
  await makeOwner(t.db.sql, email, [row!.id]);
  return { id: row!.id, slug: row!.slug, owner: await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email) };
}
const storedCategory = async (id: number) => (await t.db.sql<{ category: string | null }[]>`select category from clinics where id = ${id}`)[0]?.category;
const patch = (id: number, cookie: string, body: unknown) => t.request("PATCH", `/clinics/${id}`, { cookie, body });
const errorText = async (res: Response) => JSON.stringify(await res.json());

describe("the category field", () => {
  it("refuses a value outside the list with a 400 naming the list, on create, replace, patch and a suggestion", async () => {
    const { id, owner } = await ownedClinic();
    const create = await t.request("POST", "/clinics", { cookie: admin, body: { name: "Bad Kind Spa", city: "Kindton", state: "TX", category: "Barber" } });
    expect(create.status).toBe(400);
    expect(await errorText(create)).toContain(MSG.validation.invalidCategory);
    const put = await t.request("PUT", `/clinics/${id}`, { cookie: admin, body: { name: "Bad Kind Spa", city: "Kindton", state: "TX", category: 3 } });
    expect(put.status).toBe(400);
    expect(await errorText(put)).toContain(MSG.validation.invalidCategory);
    for (const cookie of [admin, owner]) {
      const res = await patch(id, cookie, { category: "Tattoo parlour" });
      expect(res.status).toBe(400);
      expect(await errorText(res)).toContain(MSG.validation.invalidCategory);
    }
    const suggested = await t.request("POST", `/clinics/${id}/suggestions`, { body: { changes: { category: "Spa-ish" } }, ip: freshIp() });
    expect(suggested.status).toBe(400);
    expect(await errorText(suggested)).toContain(MSG.validation.invalidCategory);
    expect(await storedCategory(id)).toBeNull();
    expect(MSG.validation.invalidCategory).toBe(
      "Category must be one of: Medical spa, Dermatology practice, Plastic surgery practice, Aesthetic clinic, Other (or empty when unknown).",
    );
  });

  it("is set by the team's create and replace (any case), kept by a replace without it, cleared by an empty one", async () => {
    const created = await t.request("POST", "/clinics", { cookie: admin, body: { name: "Kind Spa", city: "Kindton", state: "TX", category: "medical  SPA" } });
    expect(created.status).toBe(201);
    const clinic = (await created.json()) as Clinic;
    expect(clinic.category).toBe("Medical spa");
    const body = { name: "Kind Spa", city: "Kindton", state: "TX" };
    expect(((await (await t.request("PUT", `/clinics/${clinic.id}`, { cookie: admin, body })).json()) as Clinic).category).toBe("Medical spa");
    const changed = await t.request("PUT", `/clinics/${clinic.id}`, { cookie: admin, body: { ...body, category: "Dermatology practice" } });
    expect(((await changed.json()) as Clinic).category).toBe("Dermatology practice");
    const cleared = await t.request("PUT", `/clinics/${clinic.id}`, { cookie: admin, body: { ...body, category: "" } });
    expect(((await cleared.json()) as Clinic).category).toBeNull();
    expect(await storedCategory(clinic.id)).toBeNull();
  });

  it("goes live at once when the team patches it, and the audit log records it", async () => {
    const { id } = await ownedClinic("Medical spa");
    const res = await patch(id, admin, { category: "Plastic surgery practice" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Clinic).category).toBe("Plastic surgery practice");
    expect(await storedCategory(id)).toBe("Plastic surgery practice");
    const log = (await (await t.request("GET", `/clinics/${id}/audit`, { cookie: admin })).json()) as ClinicAuditList;
    expect(log.entries[0]).toMatchObject({
      action: "clinic.update",
      fields: expect.arrayContaining(["category"]),
      before: { category: "Medical spa" },
      after: { category: "Plastic surgery practice" },
    });
  });
});

describe("an owner's category", () => {
  it("is held for the team (202), waits in the queue as the owner's, and the team applies it; the log records the owner's edit applied", async () => {
    const { id, owner } = await ownedClinic("Medical spa");
    const res = await patch(id, owner, { category: "Dermatology practice", description: "Saved at once" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ held: ["category"] });
    expect(await storedCategory(id)).toBe("Medical spa");

    const queue = (await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList;
    const [held] = queue.suggestions;
    expect(held).toMatchObject({
      fromOwner: true,
      status: "pending",
      changes: { category: "Dermatology practice" },
      current: { category: "Medical spa" },
    });
    const applied = await t.request("PATCH", `/suggestions/${held!.id}`, { cookie: admin, body: { status: "applied" } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(await storedCategory(id)).toBe("Dermatology practice");

    const log = (await (await t.request("GET", `/clinics/${id}/audit`, { cookie: admin })).json()) as ClinicAuditList;
    expect(log.entries[0]).toMatchObject({
      action: "owner-edit.applied",
      suggestionId: held!.id,
      fields: expect.arrayContaining(["category"]),
      before: { category: "Medical spa" },
      after: { category: "Dermatology practice" },
    });
  });

  it("held as null asks the team to clear it", async () => {
    const { id, owner } = await ownedClinic("Other");
    const res = await patch(id, owner, { category: null });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ held: ["category"] });
    const [held] = ((await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList).suggestions;
    expect(held?.changes).toEqual({ category: null });
    expect((await t.request("PATCH", `/suggestions/${held!.id}`, { cookie: admin, body: { status: "applied" } })).status).toBe(200);
    expect(await storedCategory(id)).toBeNull();
  });
});

describe("a visitor's suggested category", () => {
  it("waits in the queue, not from an owner, and the team applies it", async () => {
    const { id } = await ownedClinic();
    const sent = await t.request("POST", `/clinics/${id}/suggestions`, { body: { changes: { category: "aesthetic clinic" } }, ip: freshIp() });
    expect(sent.status).toBe(201);
    const [pending] = ((await (await t.request("GET", `/suggestions?clinicId=${id}`, { cookie: admin })).json()) as SuggestionList).suggestions;
    expect(pending).toMatchObject({ fromOwner: false, changes: { category: "Aesthetic clinic" }, current: { category: null } });
    expect((await t.request("PATCH", `/suggestions/${pending!.id}`, { cookie: admin, body: { status: "applied" } })).status).toBe(200);
    expect(await storedCategory(id)).toBe("Aesthetic clinic");
  });
});

describe("the public answers", () => {
  it("carry the category, and null when unknown", async () => {
    const known = await ownedClinic("Dermatology practice");
    const unknown = await ownedClinic();
    const read = async (slug: string) => (await t.get<Clinic>(`/proxy/clinic/${slug}?city=kindton`)).body.category;
    expect(await read(known.slug)).toBe("Dermatology practice");
    expect(await read(unknown.slug)).toBeNull();
    const city = await t.get<{ clinics: Clinic[] }>("/proxy/clinics-by-city/kindton?limit=100");
    expect(city.body.clinics.find((c) => c.id === known.id)?.category).toBe("Dermatology practice");
  });
});
