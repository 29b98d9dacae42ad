import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, SUGGESTION_MSG, type Clinic } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let clinicId: number;
let owner: string;
let admin: string;
const HOURS = { Monday: "9AM-5PM", Tuesday: "9AM-5PM" };

beforeAll(async () => {
  t = await createPublicTestContext();
  const [row] = await t.insertClinics([{ name: "Patchable Spa", city: "Patchton", state: "TX", phone: "(512) 555-0100", site: "https://patchable.com" }]);
  clinicId = row!.id;
  await makeOwner(t.db.sql, "owner@patchable.com", [clinicId]);
  owner = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "owner@patchable.com");
  await t.db.db.insert(adminUsers).values({ username: "patch-admin", passwordHash: await hashPassword("patch-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "patch-admin", password: "patch-admin-password" } }));
});
afterAll(() => t.close());

const patch = (cookie: string, body: unknown) => t.request("PATCH", `/clinics/${clinicId}`, { cookie, body });
const stored = async () =>
  (await t.db.sql<{ phone: string | null; working_hours: unknown }[]>`select phone, working_hours from clinics where id = ${clinicId}`)[0];

describe("PATCH /clinics/{id}", () => {
  it("an owner's hours go live at once", async () => {
    const res = await patch(owner, { workingHours: HOURS });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Clinic).workingHours).toEqual(HOURS);
    expect((await stored())?.working_hours).toEqual(HOURS);
  });

  it("an owner's phone is held for the team as a suggested edit from the owner (202), the hours beside it still go live", async () => {
    const hours = { ...HOURS, Wednesday: "10AM-2PM" };
    const res = await patch(owner, { phone: "(512) 555-0199", workingHours: hours });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ held: ["phone"] });
    expect(await stored()).toEqual({ phone: "(512) 555-0100", working_hours: hours });
    const [pending] = await t.db.sql<{ changes: unknown; note: string }[]>`
      select changes, note from clinic_suggestions where clinic_id = ${clinicId} and status = 'pending'`;
    expect(pending).toEqual({ changes: { phone: "(512) 555-0199" }, note: MSG.owner.heldNote("owner@patchable.com") });

    const again = await patch(owner, { site: "https://elsewhere.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: SUGGESTION_MSG.alreadyPending });
  });

  it("refuses fields no one may patch here, and bad values, with clear messages", async () => {
    const unknown = await patch(owner, { name: "New name" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: SUGGESTION_MSG.unknownField });
    expect((await patch(owner, {})).status).toBe(400);
    expect((await patch(owner, { businessStatus: "MAYBE" })).status).toBe(400);
  });

  it("the team's changes all go live", async () => {
    const res = await patch(admin, { phone: "(512) 555-0177" });
    expect(res.status).toBe(200);
    expect((await stored())?.phone).toBe("(512) 555-0177");
  });
});
