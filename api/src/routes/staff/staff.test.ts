import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  STAFF_MSG,
  type ApiError,
  type ClinicListResponse,
  type ListedStaffMember,
  type NpiLookup,
  type RegistryCheck,
  type Stats,
  type ZipSearchResponse,
} from "@botox/core";
import { adminUsers, clinicStaff, clinics, hashPassword, type ContentChange } from "@botox/db";
import { eq } from "drizzle-orm";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";
import { TEST_NPIS, startTestRegistry, unreachableUrl, type TestRegistry } from "../../test/npi-registry.ts";

// A fixed clock: "today" for every staff rule comes from deps.now.
const TODAY = "2026-06-15";
let clock = new Date(`${TODAY}T12:00:00Z`);
const daysAgo = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

let t: PublicTestContext;
let registry: TestRegistry;
let session: string;
const changes: ContentChange[] = [];
let citySeq = 0;
const freshCity = () => `Staffville ${String.fromCharCode(97 + (citySeq % 26))}${++citySeq}`;
const citySlug = (city: string) => city.toLowerCase().replace(/ /g, "-");

beforeAll(async () => {
  registry = await startTestRegistry();
  // The default timeout (seconds): a loaded machine must never turn a normal answer into a 504.
  // Only the slow-registry test shortens it, against a registry that never answers.
  t = await createPublicTestContext({ NPI_REGISTRY_URL: registry.url });
  t.deps.now = () => clock;
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  const username = `admin-${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await t.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword(password) });
  const res = await t.request("POST", "/login", { body: { username, password } });
  expect(res.status).toBe(200);
  session = sessionCookieOf(res);
});
afterAll(async () => {
  await t.close();
  await registry.close();
});

async function clinicsIn(city: string, n: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
  return t.insertClinics(Array.from({ length: n }, (_, i) => ({ name: `${city} Clinic ${i}`, city, state: "TX", ...extra(i) })));
}

/**
 * Inserts a staff row directly: an active licence the server checked against the registry 10
 * days ago unless said otherwise (no check date: not checked).
 */
async function addStaff(clinicId: number, v: Partial<typeof clinicStaff.$inferInsert> = {}) {
  const values = {
    clinicId,
    name: "Dana Reyes",
    role: "injector" as const,
    credential: "NP" as const,
    npi: TEST_NPIS.person,
    licenseStatus: "active" as const,
    licenseState: "TX",
    licenseNumber: "AP123456",
    sourceUrl: `https://npiregistry.cms.hhs.gov/provider-view/${TEST_NPIS.person}`,
    verifiedOn: daysAgo(10),
    ...v,
  };
  const [row] = await t.db.db
    .insert(clinicStaff)
    .values({ ...values, verifiedVia: values.verifiedOn == null ? null : "npi_registry" })
    .returning();
  return row!;
}

const post = (clinicId: number, body: unknown, cookie = session) => t.request("POST", `/clinics/${clinicId}/staff`, { body, cookie });
const patch = (id: number, body: unknown) => t.request("PATCH", `/staff/${id}`, { body, cookie: session });
const npi = (number: string) => t.get<NpiLookup & ApiError>(`/npi/${number}`, { cookie: session });

describe("GET /npi/{number} (the loopback registry)", () => {
  it("maps the registry's basic and taxonomies, asking version 2.1 for that number", async () => {
    const { status, body } = await npi(TEST_NPIS.person);
    expect(status).toBe(200);
    expect(registry.lastQuery?.get("version")).toBe("2.1");
    expect(registry.lastQuery?.get("number")).toBe(TEST_NPIS.person);
    expect(body).toEqual({
      npi: TEST_NPIS.person,
      name: "Dana M Reyes",
      credential: "NP",
      credentialText: "FNP-C",
      taxonomies: [
        { code: "363LF0000X", description: "Nurse Practitioner, Family", primary: true, state: "TX", license: "AP123456" },
        { code: "363L00000X", description: "Nurse Practitioner", primary: false, state: "OK", license: "R0987" },
      ],
      status: "active",
      sourceUrl: `https://npiregistry.cms.hhs.gov/provider-view/${TEST_NPIS.person}`,
    });
  });

  it("an organisation's record gives its name and no credential", async () => {
    const { status, body } = await npi(TEST_NPIS.organization);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "Glow Aesthetics Llc", credential: null, credentialText: null, status: "active" });
    expect(body.taxonomies[0]).toMatchObject({ license: null, state: "TX" });
    // The registry's authorized official (basic.authorized_official_*), read as people read names.
    expect(body.authorizedOfficial).toEqual({ name: "Dana Reyes", title: "Managing Member", phone: "5125550100" });
  });

  it("a physician's 'M.D.' reads as MD", async () => {
    const { body } = await npi(TEST_NPIS.physician);
    expect(body).toMatchObject({ name: "Alex O'Neil", credential: "MD" });
  });

  it("404 when the registry has no record (result_count 0)", async () => {
    const { status, body } = await npi(TEST_NPIS.unknown);
    expect(status).toBe(404);
    expect(body.error).toBe(STAFF_MSG.npiNotFound);
  });

  it("the registry's Errors array (HTTP 200) is a 502 naming its reason", async () => {
    const { status, body } = await npi(TEST_NPIS.errors);
    expect(status).toBe(502);
    expect(body.error).toBe(STAFF_MSG.registryError("Field number must be a valid NPI"));
  });

  it("a registry failure (HTTP 500) is a 502", async () => {
    const { status, body } = await npi(TEST_NPIS.serverError);
    expect(status).toBe(502);
    expect(body.error).toBe(STAFF_MSG.registryUnreachable);
  });

  it("a registry slower than the timeout is a 504", async () => {
    const env = t.deps.env;
    t.deps.env = { ...env, NPI_REGISTRY_TIMEOUT_MS: 200 };
    try {
      const { status, body } = await npi(TEST_NPIS.slow);
      expect(status).toBe(504);
      expect(body.error).toBe(STAFF_MSG.registryTimeout);
    } finally {
      t.deps.env = env;
    }
  });

  // Builds a second app and database inside the test: bounded for a loaded machine.
  it("an unreachable registry is a 502", { timeout: 180_000 }, async () => {
    const other = await createPublicTestContext({ NPI_REGISTRY_URL: await unreachableUrl() });
    try {
      const username = `admin-${randomBytes(4).toString("hex")}`;
      await other.db.db.insert(adminUsers).values({ username, passwordHash: await hashPassword("pw-unreachable-1") });
      const login = await other.request("POST", "/login", { body: { username, password: "pw-unreachable-1" } });
      const { status, body } = await other.get<ApiError>(`/npi/${TEST_NPIS.person}`, { cookie: sessionCookieOf(login) });
      expect(status).toBe(502);
      expect(body.error).toBe(STAFF_MSG.registryUnreachable);
    } finally {
      await other.close();
    }
  });

  it("400 for a malformed NPI (wrong length, letters, bad check digit), asking nothing", async () => {
    const before = registry.requests.length;
    for (const bad of ["123", "12345678901", "12345abcde", "1000000005"]) {
      const { status, body } = await npi(bad);
      expect(status, bad).toBe(400);
      expect(body.error).toBe(STAFF_MSG.npi);
    }
    expect(registry.requests.length).toBe(before);
  });

  it("needs a session", async () => {
    expect((await t.get(`/npi/${TEST_NPIS.person}`)).status).toBe(401);
  });

  it("answers (found or not) are cached for a day", async () => {
    const count = (n: string) => registry.requests.filter((r) => r === n).length;
    await npi(TEST_NPIS.physician);
    const asked = count(TEST_NPIS.physician);
    expect((await npi(TEST_NPIS.physician)).status).toBe(200);
    expect((await npi(TEST_NPIS.unknown)).status).toBe(404);
    const unknownAsked = count(TEST_NPIS.unknown);
    expect((await npi(TEST_NPIS.unknown)).status).toBe(404);
    expect(count(TEST_NPIS.physician)).toBe(asked);
    expect(count(TEST_NPIS.unknown)).toBe(unknownAsked);
    const saved = clock;
    clock = new Date(clock.getTime() + 86_400_000 + 1);
    try {
      expect((await npi(TEST_NPIS.physician)).status).toBe(200);
      expect(count(TEST_NPIS.physician)).toBe(asked + 1);
    } finally {
      clock = saved;
    }
  });
});

describe("staff writes", () => {
  const ok = {
    name: "Dana Reyes",
    role: "injector",
    credential: "NP",
    npi: TEST_NPIS.person,
    licenseState: "tx",
    licenseNumber: "AP123456",
    licenseStatus: "active",
    sourceUrl: "https://npiregistry.cms.hhs.gov/provider-view/1000000004",
    verifiedOn: TODAY,
  };

  it("POST creates (201, { staff }), records who checked, and marks the site dirty; GET lists it", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const before = changes.length;
    const res = await post(clinic!.id, ok);
    expect(res.status).toBe(201);
    const { staff, registryCheck } = (await res.json()) as { staff: ListedStaffMember; registryCheck: RegistryCheck };
    expect(staff).toMatchObject({
      clinicId: clinic!.id,
      name: "Dana Reyes",
      licenseState: "TX",
      verifiedVia: "npi_registry",
      verifiedOn: TODAY,
      source: "admin",
      verification: "current",
    });
    expect(registryCheck).toEqual({ checked: true, reasons: [] });
    expect(staff.verifiedBy).toMatch(/^admin-/);
    expect(changes.slice(before)).toEqual([{ entity: "staff", entityId: staff.id, action: "create" }]);
    const list = await t.get<{ staff: ListedStaffMember[] }>(`/clinics/${clinic!.id}/staff`);
    expect(list.status).toBe(200);
    expect(list.body.staff.map((s) => s.id)).toEqual([staff.id]);
    expect(list.body.staff[0]?.verifiedBy).toBeNull();
  });

  it.each([
    ["name", { name: "" }, STAFF_MSG.name],
    ["name", { name: "n".repeat(121) }, "Name is too long (at most 120 characters)."],
    ["name", { name: "Dana\u202EReyes" }, "Remove control characters and text-direction override characters."],
    ["name", { name: "Dana\u0000Reyes" }, "Remove control characters and text-direction override characters."],
    ["role", { role: "nurse" }, STAFF_MSG.role],
    ["credential", { credential: "MBBS" }, STAFF_MSG.credential],
    ["npi", { npi: "1000000005" }, STAFF_MSG.npi],
    ["npi", { npi: "12345" }, STAFF_MSG.npi],
    ["licenseState", { licenseState: "Texas" }, STAFF_MSG.licenseState],
    ["licenseNumber", { licenseNumber: "x".repeat(41) }, STAFF_MSG.licenseNumber],
    ["licenseNumber", { licenseNumber: "<b>" }, STAFF_MSG.licenseNumber],
    ["licenseStatus", { licenseStatus: "revoked" }, STAFF_MSG.licenseStatus],
    ["sourceUrl", { sourceUrl: "http://www.bon.texas.gov/verify" }, STAFF_MSG.sourceUrl],
    ["sourceUrl", { sourceUrl: "javascript:alert(1)" }, STAFF_MSG.sourceUrl],
    ["verifiedOn", { verifiedOn: "2026-13-01" }, STAFF_MSG.verifiedOn],
    ["verifiedOn", { verifiedOn: "2026-06-16" }, STAFF_MSG.verifiedOnFuture],
    ["sourceUrl", { sourceUrl: null }, STAFF_MSG.verifiedNeedsSource],
  ])("POST with a bad %s is a 400 with the field's message", async (path, change, message) => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const res = await post(clinic!.id, { ...ok, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiError;
    expect(body.error).toBe(message);
    expect(body.issues?.[0]).toMatchObject({ path, message });
  });

  it("POST refuses unknown fields, a missing session, a foreign origin and an unknown clinic", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    expect((await post(clinic!.id, { ...ok, source: "demo" })).status).toBe(400);
    expect((await post(clinic!.id, ok, "")).status).toBe(401);
    const foreign = await t.request("POST", `/clinics/${clinic!.id}/staff`, { body: ok, cookie: session, headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ApiError).error).toBe(MSG.api.forbiddenOrigin);
    const missing = await post(999_999, ok);
    expect(missing.status).toBe(404);
    expect((await t.db.db.select().from(clinicStaff).where(eq(clinicStaff.clinicId, clinic!.id))).length).toBe(0);
  });

  it("a future verifiedOn is refused by PATCH too, judged by the injected clock", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const row = await addStaff(clinic!.id);
    const res = await patch(row.id, { verifiedOn: "2026-06-16" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error).toBe(STAFF_MSG.verifiedOnFuture);
    // The same day is fine once the clock has moved on.
    const saved = clock;
    clock = new Date("2026-06-16T00:30:00Z");
    try {
      expect((await patch(row.id, { verifiedOn: "2026-06-16" })).status).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it("PATCH changes the fields named only, checks the row again today, and marks the site dirty", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const row = await addStaff(clinic!.id, { verifiedOn: daysAgo(400), verifiedBy: "someone" });
    const before = changes.length;
    const res = await patch(row.id, { name: "Dana M. Reyes" });
    expect(res.status).toBe(200);
    const { staff } = (await res.json()) as { staff: ListedStaffMember };
    expect(staff).toMatchObject({ credential: "NP", name: "Dana M. Reyes", licenseNumber: "AP123456", verifiedOn: TODAY, verification: "current" });
    expect(staff.verifiedBy).toMatch(/^admin-/);
    expect(changes.slice(before)).toEqual([{ entity: "staff", entityId: row.id, action: "update" }]);
    // A credential the registry does not list: no longer checked.
    const changed = await patch(row.id, { credential: "PA", verifiedOn: TODAY });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      staff: { credential: "PA", verifiedVia: null, verifiedOn: null, verifiedBy: null, verification: "none" },
      registryCheck: { checked: false, reasons: ["Credential: the NPI Registry has NP."] },
    });
    expect((await patch(row.id, {})).status).toBe(400);
    expect((await patch(row.id, { licenseState: "Texas" })).status).toBe(400);
    expect((await patch(999_999, { name: "X" })).status).toBe(404);
  });

  it("DELETE removes it and marks the site dirty; a second DELETE is a 404", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const row = await addStaff(clinic!.id);
    const before = changes.length;
    expect((await t.request("DELETE", `/staff/${row.id}`, { cookie: session })).status).toBe(200);
    expect(changes.slice(before)).toEqual([{ entity: "staff", entityId: row.id, action: "delete" }]);
    expect((await t.request("DELETE", `/staff/${row.id}`, { cookie: session })).status).toBe(404);
    expect((await t.request("DELETE", `/staff/${row.id}`)).status).toBe(401);
  });

  it("staff are deleted with their clinic", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    await addStaff(clinic!.id);
    await addStaff(clinic!.id, { role: "medical_director", credential: "MD" });
    await t.db.db.delete(clinics).where(eq(clinics.id, clinic!.id));
    expect((await t.db.db.select().from(clinicStaff).where(eq(clinicStaff.clinicId, clinic!.id))).length).toBe(0);
    expect((await t.get(`/clinics/${clinic!.id}/staff`)).status).toBe(404);
  });

  it("a credential the registry does not give is saved as entered, not checked, with a registry source URL and today's date", async () => {
    // The registry answers this NPI with a nurse practitioner; the clinic says physician.
    const cityName = freshCity();
    const [clinic] = await clinicsIn(cityName, 1);
    const lookup = await npi(TEST_NPIS.person);
    expect(lookup.body.credential).toBe("NP");
    const res = await post(clinic!.id, { ...ok, credential: "MD" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { staff: ListedStaffMember; registryCheck: RegistryCheck };
    expect(body.staff).toMatchObject({ credential: "MD", verifiedVia: null, verifiedOn: null, verifiedBy: null, verification: "none" });
    // The page the admin gave is kept as the clinic's own pointer, never shown as checked.
    expect(body.staff.sourceUrl).toBe(ok.sourceUrl);
    expect(body.registryCheck).toEqual({ checked: false, reasons: ["Credential: the NPI Registry has NP."] });
    const list = await t.get<{ staff: ListedStaffMember[] }>(`/clinics/${clinic!.id}/staff`);
    expect(list.body.staff.map((s) => [s.verifiedVia, s.verifiedOn, s.verification])).toEqual([[null, null, "none"]]);
    // Nor does it count anywhere a check counts.
    const city = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/${citySlug(cityName)}?credential=MD`);
    expect(city.status).toBe(200);
    expect(city.body.clinics).toEqual([]);
  });

  it.each([
    ["a name", { name: "Dana Smith" }, ["Name: the NPI Registry has Dana M Reyes."]],
    ["a licence number", { licenseNumber: "AP999999" }, ["Licence: the NPI Registry lists TX AP123456, OK R0987."]],
    ["a licence state", { licenseState: "CA" }, ["Licence: the NPI Registry lists TX AP123456, OK R0987."]],
    ["no NPI", { npi: null }, ["No NPI given: the server can only check a licence against the NPI Registry by its NPI."]],
    ["an NPI the registry does not know", { npi: TEST_NPIS.unknown }, [STAFF_MSG.npiNotFound]],
  ])("%s the registry does not list is saved as entered, not checked", async (_what, change, reasons) => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const res = await post(clinic!.id, { ...ok, ...change });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      staff: { verifiedVia: null, verifiedOn: null, verification: "none" },
      registryCheck: { checked: false, reasons },
    });
  });

  it("a registry that cannot be asked saves the row as entered, not checked, saying why", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const res = await post(clinic!.id, { ...ok, npi: TEST_NPIS.serverError });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { staff: ListedStaffMember; registryCheck: RegistryCheck };
    expect(body.staff).toMatchObject({ verifiedVia: null, verification: "none" });
    expect(body.registryCheck.checked).toBe(false);
    expect(body.registryCheck.reasons[0]).toMatch(/could not be asked/);
  });

  it("the database refuses a check date without the server's check, and any check of a demo person", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    const base = { clinicId: clinic!.id, name: "X Y", role: "injector" as const, credential: "NP" as const };
    await expect(t.db.db.insert(clinicStaff).values({ ...base, verifiedOn: TODAY })).rejects.toThrow();
    await expect(t.db.db.insert(clinicStaff).values({ ...base, verifiedOn: TODAY, verifiedVia: "npi_registry", source: "demo" })).rejects.toThrow();
  });

  it("the list marks stale and unchecked people, medical directors first", async () => {
    const [clinic] = await clinicsIn(freshCity(), 1);
    await addStaff(clinic!.id, { name: "Stale Injector", verifiedOn: daysAgo(366) });
    await addStaff(clinic!.id, { name: "Never Checked", verifiedOn: null, sourceUrl: null });
    await addStaff(clinic!.id, { name: "The Director", role: "medical_director", credential: "MD", verifiedOn: daysAgo(365) });
    const { body } = await t.get<{ staff: ListedStaffMember[] }>(`/clinics/${clinic!.id}/staff`);
    expect(body.staff.map((s) => [s.name, s.verification])).toEqual([
      ["The Director", "current"],
      ["Stale Injector", "stale"],
      ["Never Checked", "none"],
    ]);
  });
});

describe("credential filter and verifiedCredentials", () => {
  it("clinics-by-city keeps exactly the clinics with a current check of a credential asked for", async () => {
    const city = freshCity();
    const [md, np, staleMd, inactiveMd, none, both] = await clinicsIn(city, 6, (i) => ({ reviewCount: 100 - i }));
    await addStaff(md!.id, { role: "medical_director", credential: "MD" });
    await addStaff(np!.id, { credential: "NP" });
    await addStaff(staleMd!.id, { role: "medical_director", credential: "MD", verifiedOn: daysAgo(366) });
    await addStaff(inactiveMd!.id, { role: "medical_director", credential: "MD", licenseStatus: "inactive" });
    await addStaff(both!.id, { role: "medical_director", credential: "MD", verifiedOn: daysAgo(365) });
    await addStaff(both!.id, { credential: "NP" });
    await addStaff(both!.id, { credential: "RN", verifiedOn: null, sourceUrl: null });
    const ids = async (q: string) => {
      const { status, body } = await t.get<ClinicListResponse>(`/proxy/clinics-by-city/${citySlug(city)}?${q}`);
      expect(status).toBe(200);
      return body;
    };
    expect((await ids("credential=MD")).clinics.map((c) => c.id)).toEqual([md!.id, both!.id]);
    expect((await ids("credential=md,np")).clinics.map((c) => c.id)).toEqual([md!.id, np!.id, both!.id]);
    expect((await ids("credential=RN")).clinics).toEqual([]);
    const all = await ids("");
    expect(all.clinics.map((c) => c.id)).toEqual([md!.id, np!.id, staleMd!.id, inactiveMd!.id, none!.id, both!.id]);
    expect(all.clinics.map((c) => c.verifiedCredentials)).toEqual([["MD"], ["NP"], [], [], [], ["MD", "NP"]]);
    expect(all.clinics[5]!.verifiedStaff).toEqual([
      { role: "medical_director", credential: "MD" },
      { role: "injector", credential: "NP" },
    ]);
    expect((await ids("credential=MD&limit=1&page=2")).pagination.totalItems).toBe(2);
  });

  it("zip-search filters the same way, by distance and by price", async () => {
    const city = freshCity();
    await t.insertZip("77001", 29.75, -95.36);
    const [near, far] = await clinicsIn(city, 2, (i) => ({ postalCode: "77001", latitude: 29.75 + i * 0.01, longitude: -95.36 }));
    await addStaff(near!.id, { credential: "DO", role: "medical_director" });
    await addStaff(far!.id, { credential: "PA" });
    const search = (q: string) => t.get<ZipSearchResponse>(`/zip-search?postalCode=77001&distance=5&${q}`);
    const byDo = await search("credential=DO");
    expect(byDo.status).toBe(200);
    expect(byDo.body.clinics.map((c) => [c.id, c.verifiedCredentials])).toEqual([[near!.id, ["DO"]]]);
    expect(byDo.body.totalCount).toBe(1);
    expect((await search("credential=PA&sortBy=price")).body.clinics.map((c) => c.id)).toEqual([far!.id]);
    expect((await search("")).body.clinics.map((c) => c.verifiedCredentials)).toEqual([["DO"], ["PA"]]);
  });

  it("an unknown credential is a 400 on both", async () => {
    for (const path of ["/zip-search?postalCode=77001&credential=MD,dentist", `/proxy/clinics-by-city/anywhere?credential=XX`]) {
      const { status, body } = await t.get<ApiError>(path);
      expect(status, path).toBe(400);
      expect(body.error).toBe(STAFF_MSG.credentialFilter);
    }
  });
});

describe("dashboard counts", () => {
  it("counts clinics with no verified injector and checks going stale within 30 days", async () => {
    const base = await t.get<Stats>("/stats", { cookie: session });
    const [a, b] = await clinicsIn(freshCity(), 2);
    await addStaff(a!.id, { verifiedOn: daysAgo(340) }); // current injector, stale in 25 days
    await addStaff(b!.id, { role: "medical_director", credential: "MD", verifiedOn: daysAgo(10) }); // no injector
    const after = await t.get<Stats>("/stats", { cookie: session });
    expect(after.body.clinicsWithoutVerifiedInjector).toBe((base.body.clinicsWithoutVerifiedInjector ?? 0) + 1);
    expect(after.body.staffChecksGoingStale).toBe((base.body.staffChecksGoingStale ?? 0) + 1);
  });
});

describe("a clinic owner's staff (decision 267: the team's rules, on their own clinics)", () => {
  it("an owner adds (checked against the registry), changes and deletes their clinic's staff; another clinic's answers 404", async () => {
    const [own, other] = await clinicsIn(freshCity(), 2);
    await makeOwner(t.db.sql, "staff@owner.test", [own!.id]);
    const owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "staff@owner.test");
    const body = { name: "Dana Reyes", role: "injector", credential: "NP", npi: TEST_NPIS.person, licenseState: "TX", licenseNumber: "AP123456" };
    const res = await post(own!.id, body, owner);
    expect(res.status, await res.clone().text()).toBe(201);
    const { staff, registryCheck } = (await res.json()) as { staff: ListedStaffMember; registryCheck: RegistryCheck };
    expect(registryCheck).toEqual({ checked: true, reasons: [] });
    expect(staff).toMatchObject({ clinicId: own!.id, verifiedVia: "npi_registry", verifiedOn: TODAY });
    // The same rules as the team's: a check dated in the future is refused.
    expect((await post(own!.id, { ...body, verifiedOn: daysAgo(-3), sourceUrl: "https://example.com/" }, owner)).status).toBe(400);
    const changed = await t.request("PATCH", `/staff/${staff.id}`, { body: { role: "medical_director" }, cookie: owner });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const theirs = await addStaff(other!.id);
    expect((await post(other!.id, body, owner)).status).toBe(404);
    expect((await t.request("PATCH", `/staff/${theirs.id}`, { body: { name: "Someone Else" }, cookie: owner })).status).toBe(404);
    expect((await t.request("DELETE", `/staff/${theirs.id}`, { cookie: owner })).status).toBe(404);
    expect((await t.db.sql<{ name: string }[]>`select name from clinic_staff where id = ${theirs.id}`)[0]?.name).toBe("Dana Reyes");

    expect((await t.request("DELETE", `/staff/${staff.id}`, { cookie: owner })).status).toBe(200);
  });
});

describe("the NPI lookup for owners", () => {
  it("answers a signed-in clinic owner as it answers the team", async () => {
    const [own] = await clinicsIn(freshCity(), 1);
    await makeOwner(t.db.sql, "npi@owner.test", [own!.id]);
    const owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "npi@owner.test");
    const { status, body } = await t.get<NpiLookup>(`/npi/${TEST_NPIS.person}`, { cookie: owner });
    expect(status).toBe(200);
    expect(body.name).toBe("Dana M Reyes");
  });
});
