/**
 * A claim's evidence (decision 285): a note, an organisation NPI (Luhn-checked), a document
 * uploaded with the claim's single-use token through the image upload path, kept apart from the
 * public uploads and served to the team only; beside the claim, the clinic's current owners and
 * the registry's authorized official.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type ClaimCreated, type ClaimList, type ClaimRegistry } from "@botox/core";
import { adminUsers, hashPassword } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";
import { TEST_NPIS, startTestRegistry, type TestRegistry } from "../../test/npi-registry.ts";

let t: PublicTestContext;
let registry: TestRegistry;
let dir: string;
let admin: string;
let seq = 0;
const freshIp = () => `198.21.${++seq}.1`;

async function clinic(): Promise<number> {
  const [row] = await t.insertClinics([{ name: `Evidence ${++seq}`, city: "Proofton", state: "TX", site: null, phone: "5125550199" }]);
  return row!.id;
}
const claim = async (clinicId: number, extra: Record<string, unknown> = {}) =>
  t.request("POST", `/clinics/${clinicId}/claims`, { body: { email: `c${++seq}@gmail.com`, name: "Dana Reyes", role: "Manager", ...extra }, ip: freshIp() });
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
async function upload(token: string, bytes: Uint8Array | null) {
  const form = new FormData();
  form.append("token", token);
  if (bytes) form.append("document", new File([bytes], "licence.png", { type: "image/png" }));
  return t.request("POST", "/upload/claim-evidence", { body: form, ip: freshIp() });
}

beforeAll(async () => {
  registry = await startTestRegistry();
  dir = await mkdtemp(path.join(tmpdir(), "evidence-test-"));
  t = await createPublicTestContext({ NPI_REGISTRY_URL: registry.url, UPLOADS_DIR: dir });
  await t.db.db.insert(adminUsers).values({ username: "evidence-admin", passwordHash: await hashPassword("evidence-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "evidence-admin", password: "evidence-admin-password" } }));
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a claim's note and organisation NPI", () => {
  it("are kept and shown in the queue beside the clinic's current data and owners", async () => {
    const clinicId = await clinic();
    await makeOwner(t.db.sql, "current@proofton.test", [clinicId]);
    const res = await claim(clinicId, { note: "I run the front desk; call the clinic.", npi: ` ${TEST_NPIS.organization} ` });
    expect(res.status).toBe(201);
    const created = (await res.json()) as ClaimCreated;
    expect(created.evidenceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.sql<{ evidence_token_hash: string }[]>`select evidence_token_hash from clinic_claims where id = ${created.claim.id}`;
    expect(stored!.evidence_token_hash).not.toContain(created.evidenceToken);
    const list = (await (await t.request("GET", "/claims?status=pending-review", { cookie: admin })).json()) as ClaimList;
    expect(list.claims.find((k) => k.id === created.claim.id)).toMatchObject({
      note: "I run the front desk; call the clinic.",
      npi: TEST_NPIS.organization,
      evidence: false,
      clinic: { phone: "5125550199", owners: 1, ownerList: [{ email: "current@proofton.test" }] },
    });
  });

  it("refuses an NPI that is not 10 digits with the right check digit", async () => {
    const clinicId = await clinic();
    for (const npi of ["123", "1234567890", "12345678931", "abcdefghij"]) {
      const res = await claim(clinicId, { npi });
      expect(res.status, npi).toBe(400);
      expect(((await res.json()) as { error: string }).error, npi).toBe(MSG.claim.npi);
    }
    // Blank is no NPI.
    expect((await claim(clinicId, { npi: "", note: "" })).status).toBe(201);
  });
});

describe("the registry's authorized official", () => {
  it("is looked up from the claim's organisation NPI, for the team only", async () => {
    const created = (await (await claim(await clinic(), { npi: TEST_NPIS.organization })).json()) as ClaimCreated;
    const res = await t.request("GET", `/claims/${created.claim.id}/authorized-official`, { cookie: admin });
    expect(res.status).toBe(200);
    expect((await res.json()) as ClaimRegistry).toEqual({
      npi: TEST_NPIS.organization,
      organizationName: "Glow Aesthetics Llc",
      authorizedOfficial: { name: "Dana Reyes", title: "Managing Member", phone: "5125550100" },
      sourceUrl: `https://npiregistry.cms.hhs.gov/provider-view/${TEST_NPIS.organization}`,
    });
    expect(registry.requests).toContain(TEST_NPIS.organization);
    expect((await t.request("GET", `/claims/${created.claim.id}/authorized-official`)).status).toBe(401);
  });

  it("answers 404 for a claim without an NPI, and when the registry has no record", async () => {
    const none = (await (await claim(await clinic())).json()) as ClaimCreated;
    const res = await t.request("GET", `/claims/${none.claim.id}/authorized-official`, { cookie: admin });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: MSG.claim.noNpi });
    const unknown = (await (await claim(await clinic(), { npi: TEST_NPIS.unknown })).json()) as ClaimCreated;
    expect((await t.request("GET", `/claims/${unknown.claim.id}/authorized-official`, { cookie: admin })).status).toBe(404);
  });
});

describe("a claim's document", () => {
  it("is re-encoded, kept out of the public uploads and served to the team only, never cached", async () => {
    const clinicId = await clinic();
    const owner = await makeOwner(t.db.sql, "owner@evidence.test", [clinicId]);
    expect(owner).toBeGreaterThan(0);
    const created = (await (await claim(clinicId, { note: "Licence attached" })).json()) as ClaimCreated;
    const res = await upload(created.evidenceToken!, await photo());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ claim: { id: created.claim.id } });
    // Nothing among the public uploads.
    expect(await readdir(dir)).toEqual([]);

    const doc = await t.request("GET", `/claims/${created.claim.id}/evidence`, { cookie: admin });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("image/webp");
    expect(doc.headers.get("cache-control")).toBe("private, no-store");
    expect(doc.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await doc.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 40, height: 30 });

    expect((await t.request("GET", `/claims/${created.claim.id}/evidence`)).status).toBe(401);
    const ownerCookie = await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, "owner@evidence.test");
    expect((await t.request("GET", `/claims/${created.claim.id}/evidence`, { cookie: ownerCookie })).status).toBe(403);
    const list = (await (await t.request("GET", "/claims?status=pending-review", { cookie: admin })).json()) as ClaimList;
    expect(list.claims.find((k) => k.id === created.claim.id)?.evidence).toBe(true);
  });

  it("takes one document per token, within the hour, and refuses what is not an image", async () => {
    const created = (await (await claim(await clinic())).json()) as ClaimCreated;
    const token = created.evidenceToken!;
    const notImage = await upload(token, new TextEncoder().encode("<html>hello</html>"));
    expect(notImage.status).toBe(415);
    expect((await upload(token, null)).status).toBe(400);
    expect((await upload(token, await photo())).status).toBe(201);
    const again = await upload(token, await photo());
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: MSG.claim.evidenceToken });
    expect((await upload("made-up", await photo())).status).toBe(404);

    const late = (await (await claim(await clinic())).json()) as ClaimCreated;
    await t.db.sql`update clinic_claims set created_at = now() - interval '61 minutes' where id = ${late.claim.id}`;
    expect((await upload(late.evidenceToken!, await photo())).status).toBe(404);
    expect((await t.request("GET", `/claims/${late.claim.id}/evidence`, { cookie: admin })).status).toBe(404);
  });
});
