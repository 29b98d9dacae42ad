import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLINIC_PHOTOS, MSG, type ClinicAuditList, type ClinicPhoto, type ClinicPhotoList } from "@botox/core";
import { adminUsers, hashPassword, type ContentChange } from "@botox/db";
import { sessionCookieOf } from "../../test/admin-app.ts";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { makeOwner, signInOwner } from "../../test/owners.ts";

let t: PublicTestContext;
let dir: string;
let admin: string;
let png: Buffer;
const changes: ContentChange[] = [];
let seq = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "clinic-photos-test-"));
  t = await createPublicTestContext({ UPLOADS_DIR: dir });
  t.deps.onContentChange = (change) => changes.push(change as ContentChange);
  await t.db.db.insert(adminUsers).values({ username: "photo-admin", passwordHash: await hashPassword("photo-admin-password") });
  admin = sessionCookieOf(await t.request("POST", "/login", { body: { username: "photo-admin", password: "photo-admin-password" } }));
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 140 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A clinic of its own and a signed-in owner of it. */
async function ownedClinic() {
  const [row] = await t.insertClinics([{ name: `Photo Spa ${++seq}`, city: "Photoville", state: "TX" }]);
  const email = `photos-${seq}@photo-spa.test`;
  await makeOwner(t.db.sql, email, [row!.id]);
  return { id: row!.id, cookie: await signInOwner((m, p, o) => t.request(m, p, o), t.db.sql, email) };
}

function add(clinicId: number, cookie: string, alt: string | null = "The treatment room", bytes: Uint8Array = png) {
  const form = new FormData();
  form.append("image", new File([bytes], "room.png", { type: "image/png" }));
  if (alt !== null) form.append("alt", alt);
  return t.request("POST", `/clinics/${clinicId}/photos`, { cookie, body: form });
}

describe("a clinic's photos", () => {
  it("an owner adds one: re-encoded WebP, its size and alt text kept, listed in order; the clinic is published", async () => {
    const { id, cookie } = await ownedClinic();
    const before = changes.length;
    const res = await add(id, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const { photo } = (await res.json()) as { photo: ClinicPhoto };
    expect(photo).toMatchObject({ clinicId: id, alt: "The treatment room", width: 640, height: 480, position: 1 });
    expect(photo.url).toMatch(/\/uploads\/[a-f0-9]{32}\.webp$/);
    const name = photo.url.split("/").pop()!;
    expect(await readdir(dir)).toContain(name);
    const served = await t.request("GET", `/uploads/${name}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(changes.slice(before)).toEqual([{ entity: "clinic", entityId: id, action: "update" }]);
    const second = (await (await add(id, cookie, "The waiting room")).json()) as { photo: ClinicPhoto };
    const list = await t.get<ClinicPhotoList>(`/clinics/${id}/photos`, { cookie });
    expect(list.body.photos.map((p) => [p.alt, p.position])).toEqual([
      ["The treatment room", 1],
      ["The waiting room", 2],
    ]);
    const removed = await t.request("DELETE", `/clinic-photos/${second.photo.id}`, { cookie });
    expect(removed.status).toBe(200);
    expect((await t.get<ClinicPhotoList>(`/clinics/${id}/photos`, { cookie })).body.photos.map((p) => p.id)).toEqual([photo.id]);
    expect((await t.request("DELETE", `/clinic-photos/${second.photo.id}`, { cookie })).status).toBe(404);
    // The audit log names each photo added and removed by its description, as the owner's (decision 298).
    const log = (await (await t.request("GET", `/clinics/${id}/audit`, { cookie })).json()) as ClinicAuditList;
    expect(log.entries.filter((e) => e.entity === "photo" && e.action !== "photo.update").map((e) => [e.action, e.actor.role, e.subject.alt])).toEqual([
      ["photo.delete", "owner", "The waiting room"],
      ["photo.create", "owner", "The waiting room"],
      ["photo.create", "owner", "The treatment room"],
    ]);
  });

  it(`refuses the ${CLINIC_PHOTOS.max + 1}th photo with a clear message`, { timeout: 120_000 }, async () => {
    const { id, cookie } = await ownedClinic();
    for (let i = 0; i < CLINIC_PHOTOS.max; i++) expect((await add(id, cookie, `Photo ${i + 1}`)).status).toBe(201);
    const res = await add(id, cookie, "One too many");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: MSG.photos.tooMany(CLINIC_PHOTOS.max) });
    // The team is held to the same limit.
    expect((await add(id, admin, "The team's")).status).toBe(400);
    const [row] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from clinic_photos where clinic_id = ${id}`;
    expect(row?.n).toBe(CLINIC_PHOTOS.max);
  });

  it("two uploads at once never pass the limit together", { timeout: 120_000 }, async () => {
    const { id, cookie } = await ownedClinic();
    for (let i = 0; i < CLINIC_PHOTOS.max - 1; i++) expect((await add(id, cookie, `Photo ${i + 1}`)).status).toBe(201);
    const answers = await Promise.all([add(id, cookie, "Last A"), add(id, cookie, "Last B")]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const [row] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from clinic_photos where clinic_id = ${id}`;
    expect(row?.n).toBe(CLINIC_PHOTOS.max);
  });

  it("needs alt text, an image by its bytes, and plain alt text", async () => {
    const { id, cookie } = await ownedClinic();
    const noAlt = await add(id, cookie, null);
    expect(noAlt.status).toBe(400);
    expect(await noAlt.json()).toMatchObject({ error: MSG.photos.altRequired });
    expect((await add(id, cookie, "x".repeat(CLINIC_PHOTOS.altMax + 1))).status).toBe(400);
    const notImage = await add(id, cookie, "A room", new TextEncoder().encode("<svg onload=alert(1)>"));
    expect(notImage.status).toBe(415);
    expect((await t.get<ClinicPhotoList>(`/clinics/${id}/photos`, { cookie })).body.photos).toEqual([]);
  });

  it("an owner reaches only their own clinics' photos (404), the team every clinic's", async () => {
    const mine = await ownedClinic();
    const theirs = await ownedClinic();
    const { photo } = (await (await add(theirs.id, theirs.cookie)).json()) as { photo: ClinicPhoto };
    expect((await add(theirs.id, mine.cookie)).status).toBe(404);
    expect((await t.get(`/clinics/${theirs.id}/photos`, { cookie: mine.cookie })).status).toBe(404);
    expect((await t.request("DELETE", `/clinic-photos/${photo.id}`, { cookie: mine.cookie })).status).toBe(404);
    expect((await t.get<ClinicPhotoList>(`/clinics/${theirs.id}/photos`, { cookie: admin })).body.photos).toHaveLength(1);
    expect((await t.get(`/clinics/${theirs.id}/photos`)).status).toBe(401);
    expect((await t.request("DELETE", `/clinic-photos/${photo.id}`, { cookie: admin })).status).toBe(200);
  });

  describe("PUT /clinics/{id}/photos/order (decision 300)", () => {
    /** A clinic of its own with three photos, and their ids in page order. */
    async function threePhotos() {
      const clinic = await ownedClinic();
      const ids: number[] = [];
      for (const alt of ["Front desk", "Treatment room", "Team"])
        ids.push(((await (await add(clinic.id, clinic.cookie, alt)).json()) as { photo: ClinicPhoto }).photo.id);
      return { ...clinic, ids };
    }
    const order = (clinicId: number, cookie: string, body: unknown) => t.request("PUT", `/clinics/${clinicId}/photos/order`, { cookie, body });
    const listed = async (clinicId: number, cookie: string) =>
      (await t.get<ClinicPhotoList>(`/clinics/${clinicId}/photos`, { cookie })).body.photos.map((p) => [p.alt, p.position]);

    it("an owner puts the photos in a new order: listed and published in it, recorded once in the audit log", async () => {
      const { id, cookie, ids } = await threePhotos();
      const [a, b, c] = ids as [number, number, number];
      const before = changes.length;
      const res = await order(id, cookie, { ids: [c, a, b] });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as ClinicPhotoList).photos.map((p) => p.id)).toEqual([c, a, b]);
      expect(await listed(id, cookie)).toEqual([
        ["Team", 1],
        ["Front desk", 2],
        ["Treatment room", 3],
      ]);
      expect(changes.slice(before)).toEqual([{ entity: "clinic", entityId: id, action: "update" }]);
      const log = (await (await t.request("GET", `/clinics/${id}/audit`, { cookie })).json()) as ClinicAuditList;
      const reorders = log.entries.filter((e) => e.action === "photo.reorder");
      expect(reorders).toEqual([
        expect.objectContaining({
          entity: "clinic",
          entityId: id,
          fields: ["photoOrder"],
          before: { photoOrder: [a, b, c] },
          after: { photoOrder: [c, a, b] },
        }),
      ]);
      expect(reorders[0]?.actor.role).toBe("owner");
      // A move is no photo.update of its own.
      expect(log.entries.filter((e) => e.action === "photo.update")).toEqual([]);
      // The same order again changes nothing and records nothing.
      expect((await order(id, cookie, { ids: [c, a, b] })).status).toBe(200);
      expect(changes.length).toBe(before + 1);
      const again = (await (await t.request("GET", `/clinics/${id}/audit`, { cookie })).json()) as ClinicAuditList;
      expect(again.entries.filter((e) => e.action === "photo.reorder")).toHaveLength(1);
      // The team may too; a new photo goes after the others.
      expect((await order(id, admin, { ids: [a, b, c] })).status).toBe(200);
      await add(id, cookie, "Parking");
      expect((await listed(id, cookie)).map(([alt]) => alt)).toEqual(["Front desk", "Treatment room", "Team", "Parking"]);
    });

    it("refuses anything but each of the clinic's photos exactly once (400, a clear message), and changes nothing", async () => {
      const { id, cookie, ids } = await threePhotos();
      const [a, b, c] = ids as [number, number, number];
      const other = await threePhotos();
      const before = await listed(id, cookie);
      for (const body of [{ ids: [a, b] }, { ids: [a, b, c, other.ids[0]] }, { ids: [a, b, other.ids[0]] }, { ids: [a, a, b] }, { ids: [] }]) {
        const res = await order(id, cookie, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await res.json(), JSON.stringify(body)).toMatchObject({ error: MSG.photos.orderMismatch });
      }
      for (const body of [{}, { ids: "1,2,3" }, { ids: [a, "b", c] }, { ids: [a, b, c], extra: true }, { ids: [1.5] }]) {
        const res = await order(id, cookie, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(((await res.json()) as { error: string }).error, JSON.stringify(body)).toBe(MSG.photos.orderIds);
      }
      expect(await listed(id, cookie)).toEqual(before);
    });

    it("owner A cannot reorder owner B's photos (404), nor sign-less visitors (401)", async () => {
      const mine = await ownedClinic();
      const theirs = await threePhotos();
      const before = await listed(theirs.id, theirs.cookie);
      expect((await order(theirs.id, mine.cookie, { ids: [...theirs.ids].reverse() })).status).toBe(404);
      expect((await t.request("PUT", `/clinics/${theirs.id}/photos/order`, { body: { ids: [...theirs.ids].reverse() } })).status).toBe(401);
      expect(await listed(theirs.id, theirs.cookie)).toEqual(before);
    });
  });
});
