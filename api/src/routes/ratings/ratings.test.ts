import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, RATING, RATING_EMOJIS, type RatingResponse, type RatingStat } from "@botox/core";
import { ratingNetworkCounts, ratings } from "@botox/db";
import { createPublicTestContext, type PublicTestContext } from "../../test/public-app.ts";
import { VISITOR_COOKIE } from "../../lib/visitor.ts";

let t: PublicTestContext;
const clinicIds: number[] = [];
/** A fresh clinic per test, so no test sees another's ratings. */
let next = 0;
const clinic = () => clinicIds[next++]!;
/** A fresh client address per request, so the per-address limit and hash stay out of the way. */
let ipSeq = 0;
const freshIp = () => `198.18.${++ipSeq >> 8}.${ipSeq & 255}`;

beforeAll(async () => {
  t = await createPublicTestContext();
  const rows = await t.insertClinics(Array.from({ length: 30 }, (_, i) => ({ name: `Rated Clinic ${i}`, city: "Austin", state: "TX" })));
  clinicIds.push(...rows.map((r) => r.id));
});
afterAll(() => t.close());

const visitorCookieOf = (res: Response) => {
  const m = new RegExp(`${VISITOR_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "");
  return m ? `${VISITOR_COOKIE}=${m[1]}` : undefined;
};
const rate = (id: number | string, body: unknown, options: { ip?: string; cookie?: string } = {}) =>
  t.request("POST", `/clinics/${id}/ratings`, { body, ip: options.ip ?? freshIp(), cookie: options.cookie });
const hasRated = async (id: number, options: { ip?: string; cookie?: string }) =>
  (await t.get<{ hasRated: boolean }>(`/clinics/${id}/has-rated`, { ip: options.ip ?? freshIp(), cookie: options.cookie })).body.hasRated;

describe("POST /clinics/{id}/ratings", () => {
  it("stores a rating, answers 201 with it and gives the visitor an HttpOnly cookie", async () => {
    const id = clinic();
    const res = await rate(id, { clinicId: id, emoji: "love-eyes", comment: "  Great staff!  " });
    expect(res.status).toBe(201);
    const body = (await res.json()) as RatingResponse;
    expect(body).toEqual({ rating: { id: expect.any(Number), clinicId: id, emoji: "love-eyes", comment: "Great staff!", createdAt: expect.any(String) } });
    expect(Number.isNaN(Date.parse(body.rating.createdAt))).toBe(false);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`${VISITOR_COOKIE}=[A-Za-z0-9_-]{22,}`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  it("accepts each of the spec's five emojis and rejects anything else with the spec's message", async () => {
    expect(RATING_EMOJIS).toEqual(["love-eyes", "smile", "neutral", "sad", "angry"]);
    const id = clinic();
    for (const emoji of RATING_EMOJIS) expect((await rate(id, { emoji })).status).toBe(201);
    for (const emoji of [undefined, "", "wink", "LOVE-EYES", "😍", 1, null]) {
      const res = await rate(id, { emoji });
      expect(res.status, String(emoji)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(MSG.rating.emojiRequired);
    }
  });

  it("trims the comment, stores an empty or missing one as null, and allows at most 1,000 characters", async () => {
    const id = clinic();
    const cases: [unknown, string | null][] = [
      ["   ", null],
      ["", null],
      [null, null],
      [undefined, null],
      ["\n\t ok \n", "ok"],
      [` ${"x".repeat(1000)} `, "x".repeat(1000)],
    ];
    for (const [comment, stored] of cases) {
      const res = await rate(id, { emoji: "smile", comment });
      expect(res.status).toBe(201);
      const { rating } = (await res.json()) as RatingResponse;
      expect(rating.comment).toBe(stored);
      const [row] = await t.db.sql<{ comment: string | null }[]>`select comment from ratings where id = ${rating.id}`;
      expect(row!.comment).toBe(stored);
    }
    const long = await rate(id, { emoji: "smile", comment: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: MSG.rating.commentTooLong, issues: [{ path: "comment", message: MSG.rating.commentTooLong }] });
  });

  it("answers 404 for an unknown clinic, 400 when the body's clinicId disagrees with the path", async () => {
    const unknown = await rate(2_000_000_000, { emoji: "smile" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: MSG.clinic.notFoundTitle });
    expect((await rate(99_999_999_999, { emoji: "smile" })).status).toBe(404);
    expect((await rate("abc", { emoji: "smile" })).status).toBe(404);
    const id = clinic();
    const mismatch = await rate(id, { clinicId: id + 1000, emoji: "smile" });
    expect(mismatch.status).toBe(400);
    expect(await t.db.sql`select 1 from ratings where clinic_id = ${id}`).toHaveLength(0);
  });

  it("refuses a second rating by the same cookie (another address) with 409, while a neighbour at the same address may rate", async () => {
    const id = clinic();
    const first = await rate(id, { emoji: "smile" }, { ip: "198.51.100.200" });
    expect(first.status).toBe(201);
    const cookie = visitorCookieOf(first)!;

    const sameCookie = await rate(id, { emoji: "angry" }, { cookie });
    expect(sameCookie.status).toBe(409);
    expect(await sameCookie.json()).toEqual({ error: MSG.rating.alreadyRated });

    // Another browser in the same household or office (same address, its own cookie).
    const neighbour = await rate(id, { emoji: "neutral" }, { ip: "198.51.100.200" });
    expect(neighbour.status).toBe(201);
    expect(await hasRated(id, { ip: "198.51.100.200", cookie: visitorCookieOf(neighbour) })).toBe(true);
    expect(await hasRated(id, { ip: "198.51.100.200" })).toBe(false);

    // The first visitor may rate other clinics.
    expect((await rate(clinic(), { emoji: "neutral" }, { cookie })).status).toBe(201);
    const rows = await t.db.sql<{ emoji: string }[]>`select emoji from ratings where clinic_id = ${id} order by id`;
    expect(rows.map((r) => r.emoji)).toEqual(["smile", "neutral"]);
  });

  it(`lets one network give a clinic at most ${RATING.perNetworkPerClinic} ratings in ${RATING.windowDays} days, whatever the cookies (429), other clinics unaffected`, async () => {
    const id = clinic();
    const ip = "198.51.100.210";
    const limit = RATING.perNetworkPerClinic;
    // Each attempt without a cookie is a fresh visitor: only the network is the same.
    for (let i = 0; i < limit; i++) expect((await rate(id, { emoji: "smile" }, { ip })).status).toBe(201);
    const over = await rate(id, { emoji: "smile" }, { ip });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: MSG.rating.addressLimit });
    expect(visitorCookieOf(over)).toBeDefined();
    expect((await rate(clinic(), { emoji: "smile" }, { ip })).status).toBe(201);
    // A day later is still within the window; 31 days later the network may rate again.
    await t.db.sql`update ratings set created_at = created_at - interval '25 hours' where clinic_id = ${id}`;
    expect((await rate(id, { emoji: "smile" }, { ip })).status).toBe(429);
    await t.db.sql`update ratings set created_at = created_at - interval '30 days' where clinic_id = ${id}`;
    expect((await rate(id, { emoji: "smile" }, { ip })).status).toBe(201);
  });

  it("counts an IPv6 visitor by its /64: rotating addresses inside it does not lift the cap", async () => {
    const id = clinic();
    for (let i = 1; i <= RATING.perNetworkPerClinic; i++) expect((await rate(id, { emoji: "angry" }, { ip: `2001:db8:aa:bb::${i}` })).status).toBe(201);
    expect((await rate(id, { emoji: "angry" }, { ip: "2001:db8:aa:bb:ffff:1:2:3" })).status).toBe(429);
    // The neighbouring /64 is another visitor (of the same /48 network).
    expect((await rate(id, { emoji: "angry" }, { ip: "2001:db8:aa:bc::1" })).status).toBe(201);
    const rows = await t.db.db.select().from(ratings);
    const mine = rows.filter((r) => r.clinicId === id);
    expect(new Set(mine.map((r) => r.addressHash)).size).toBe(2);
    expect(mine[0]?.addressHash).toBe(createHmac("sha256", t.deps.secret).update("2001:db8:aa:bb::/64").digest("hex"));
    expect(new Set(mine.map((r) => r.networkHash))).toEqual(new Set([createHmac("sha256", t.deps.secret).update("2001:db8:aa::/48").digest("hex")]));
    expect(JSON.stringify(mine)).not.toContain("2001:db8");
  });

  it("counts networks for the markup rule by IPv4 /24 and IPv6 /48: one host's few addresses are one network", async () => {
    const oneHost = clinic();
    const threeNetworks = clinic();
    for (const ip of ["198.51.102.1", "198.51.102.2", "198.51.102.3", "2001:db8:5:100::1", "2001:db8:5:101::1", "2001:db8:5:1ff::1"]) {
      expect((await rate(oneHost, { emoji: "love-eyes" }, { ip })).status).toBe(201);
    }
    for (const ip of ["198.51.103.1", "198.51.104.1", "2001:db8:6::1"]) expect((await rate(threeNetworks, { emoji: "love-eyes" }, { ip })).status).toBe(201);
    const counts = await ratingNetworkCounts(t.db.db, [oneHost, threeNetworks]);
    expect(counts.get(oneHost)).toBe(2); // 198.51.102.0/24 and 2001:db8:5::/48
    expect(counts.get(threeNetworks)).toBe(3);
  });

  it("keeps only a keyed hash of the address, never the address itself", async () => {
    const id = clinic();
    const ip = "192.0.2.77";
    expect((await rate(id, { emoji: "sad" }, { ip })).status).toBe(201);
    const rows = await t.db.db.select().from(ratings);
    const row = rows.find((r) => r.clinicId === id)!;
    expect(row.addressHash).toBe(createHmac("sha256", t.deps.secret).update(ip).digest("hex"));
    expect(row.networkHash).toBe(createHmac("sha256", t.deps.secret).update("192.0.2.0/24").digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(ip);
  });

  it("lets exactly one of 20 concurrent attempts by one visitor through (one cookie, 20 addresses)", async () => {
    const id = clinic();
    const first = await rate(clinic(), { emoji: "smile" });
    const cookie = visitorCookieOf(first)!;
    const results = await Promise.all(Array.from({ length: 20 }, () => rate(id, { emoji: "love-eyes" }, { cookie })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await t.db.sql`select 1 from ratings where clinic_id = ${id}`).toHaveLength(1);
  });

  it("counts concurrent attempts from one network exactly: the cap holds under 10 at once", async () => {
    // 10, the per-address limit per minute: more would be 429 from that limit instead.
    const id = clinic();
    const ip = "198.51.100.250";
    const results = await Promise.all(Array.from({ length: 10 }, () => rate(id, { emoji: "angry" }, { ip })));
    const limit = RATING.perNetworkPerClinic;
    expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(limit).fill(201), ...Array<number>(10 - limit).fill(429)]);
    expect(await t.db.sql`select 1 from ratings where clinic_id = ${id}`).toHaveLength(limit);
  });

  it("is rate limited per address: the 11th rating within a minute is 429", async () => {
    const ip = "198.51.100.251";
    for (let i = 0; i < 10; i++)
      expect(
        (await rate(clinicIds[i]!, { emoji: "smile" }, { ip, cookie: `${VISITOR_COOKIE}=limit-test-visitor-${String(i).padStart(4, "0")}` })).status,
      ).not.toBe(429);
    const limited = await rate(clinic(), { emoji: "smile" }, { ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: MSG.api.rateLimited });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers 415 for a non-JSON body and 400 for malformed JSON", async () => {
    const id = clinic();
    const form = await t.request("POST", `/clinics/${id}/ratings`, {
      body: "emoji=smile",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      ip: freshIp(),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: MSG.api.unsupportedMediaType });
    const broken = await t.request("POST", `/clinics/${id}/ratings`, { body: '{"emoji":', headers: { "Content-Type": "application/json" }, ip: freshIp() });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: MSG.api.invalidJson });
  });
});

describe("GET /clinics/{id}/has-rated", () => {
  it("is false before and true after, by cookie from any address; the address alone does not count", async () => {
    const id = clinic();
    const ip = "203.0.113.90";
    expect(await hasRated(id, { ip })).toBe(false);
    const res = await rate(id, { emoji: "smile" }, { ip });
    const cookie = visitorCookieOf(res)!;
    expect(await hasRated(id, { cookie })).toBe(true);
    expect(await hasRated(id, { ip })).toBe(false);
    expect(await hasRated(id, {})).toBe(false);
    expect(await hasRated(clinic(), { cookie, ip })).toBe(false);
  });

  it("is never cached, and an unknown or malformed id is simply not rated or 404", async () => {
    const res = await t.get<{ hasRated: boolean }>(`/clinics/${clinicIds[0]}/has-rated`);
    expect(res.res.headers.get("cache-control")).toBe("private, no-store");
    expect((await t.get<{ hasRated: boolean }>("/clinics/2000000000/has-rated")).body).toEqual({ hasRated: false });
    expect((await t.get("/clinics/99999999999/has-rated")).status).toBe(404);
    // A cookie that is not one of ours is ignored, not trusted.
    expect((await t.get<{ hasRated: boolean }>(`/clinics/${clinicIds[0]}/has-rated`, { cookie: `${VISITOR_COOKIE}=' or 1=1 --` })).body.hasRated).toBe(false);
  });
});

describe("GET /clinics/{id}/rating-stats", () => {
  it("counts each of the five emojis, in the spec's order, zeros included", async () => {
    const id = clinic();
    for (const emoji of ["smile", "smile", "angry", "love-eyes", "smile"]) expect((await rate(id, { emoji })).status).toBe(201);
    const { status, body } = await t.get<RatingStat[]>(`/clinics/${id}/rating-stats`);
    expect(status).toBe(200);
    expect(body).toEqual([
      { emoji: "love-eyes", count: 1 },
      { emoji: "smile", count: 3 },
      { emoji: "neutral", count: 0 },
      { emoji: "sad", count: 0 },
      { emoji: "angry", count: 1 },
    ]);
  });

  it("gives all zeros for a clinic nobody rated", async () => {
    const { body } = await t.get<RatingStat[]>("/clinics/2000000000/rating-stats");
    expect(body).toEqual(RATING_EMOJIS.map((emoji) => ({ emoji, count: 0 })));
  });
});

describe("GET /clinics/rating-summary", () => {
  it("gives the non-zero emoji counts of the listed clinics that have ratings", async () => {
    const [a, b] = [clinic(), clinic()];
    for (const emoji of ["smile", "love-eyes", "smile"]) expect((await rate(a, { emoji })).status).toBe(201);
    const { status, body } = await t.get<Record<string, RatingStat[]>>(`/clinics/rating-summary?ids=${a},${b},2000000000`);
    expect(status).toBe(200);
    expect(body).toEqual({
      [a]: [
        { emoji: "love-eyes", count: 1 },
        { emoji: "smile", count: 2 },
      ],
    });
  });

  it("answers 400 for malformed or too many ids", async () => {
    expect((await t.get("/clinics/rating-summary?ids=1,x")).status).toBe(400);
    expect((await t.get("/clinics/rating-summary")).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(",");
    expect((await t.get(`/clinics/rating-summary?ids=${many}`)).status).toBe(400);
  });
});
